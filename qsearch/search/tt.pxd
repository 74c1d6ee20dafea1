# cython: language_level=3

cdef enum:
    TT_EMPTY = 0
    TT_EXACT = 1
    TT_LOWER = 2        # the true value is >= the stored value (the node failed high)
    TT_UPPER = 3        # the true value is <= the stored value (the node failed low)


cdef struct TTEntry:
    unsigned long long key  # full position key (0 with flag TT_EMPTY: unused slot)
    double value            # from the point of view of the player to move there
    int depth               # remaining depth the value was searched to
    int move                # best move found, -1 if none
    float unit              # |return| of the won game behind the value (0: none; -1: unknown)
    unsigned char ply       # plies from the root of the search that stored it (< 256)
    signed char flag        # TT_EXACT / TT_LOWER / TT_UPPER
    signed char root        # the player to move at the root of the search that stored it
    unsigned char settled   # found without the depth limit: a deeper search finds the same

cdef class TranspositionTable:
    cdef TTEntry* entries   # 2**bits slots, always-replace
    cdef unsigned long long mask
    cdef readonly int bits
    cdef readonly long long stores
    cdef readonly long long probes
    cdef object twin_entries    # the readable twins' table for Python games (see twin())

    cdef TTEntry* lookup(self, unsigned long long key) noexcept
    cdef void store(self, unsigned long long key, double value, int depth, int move,
                    int flag, int ply, int root, float unit, bint settled) noexcept
