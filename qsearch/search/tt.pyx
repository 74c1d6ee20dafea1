# cython: language_level=3, boundscheck=False, wraparound=False
"""A transposition table with explicit EXACT / LOWER / UPPER entries.

Fixed size (a power of two), one entry per slot, always replace. The slot of a key is
``murmur_finalise(key) & (size - 1)`` (MurmurHash3's 64-bit finaliser, from
``qsearch/core/bits.pxd``, so that keys made of board bits spread evenly). The pure-Python
twin uses the same slots and rule, so both searches probe and store identically and their
node counts agree.

Each entry also records the ply (from its search's root) where it was stored and the size of
the win behind its value: the search uses them to convert win scores, which depend on the
distance to the win, between plies and searches from different roots; and whether its value
was found without the depth limit (``settled``: iterative deepening's stopping rule). See
:mod:`qsearch.search._engine`.
"""
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from qsearch.core.bits cimport murmur_finalise

from qsearch.core import checks as _checks

FLAG_NAMES = {TT_EXACT: "EXACT", TT_LOWER: "LOWER", TT_UPPER: "UPPER"}
EXACT, LOWER, UPPER = TT_EXACT, TT_LOWER, TT_UPPER


cdef class TranspositionTable:
    """``TranspositionTable(bits=20)``: 2**bits entries (about 32 bytes each)."""

    def __cinit__(self, bits=20):
        self.bits = _checks.check_bits(bits, "bits", *_checks.TABLE_BITS)   # as in the pure build
        self.mask = (1ULL << self.bits) - 1
        self.entries = <TTEntry*>calloc(1ULL << self.bits, sizeof(TTEntry))
        if self.entries == NULL:
            raise MemoryError(f"cannot allocate a table of 2**{bits} entries")

    def __dealloc__(self):
        free(self.entries)

    cdef TTEntry* lookup(self, unsigned long long key) noexcept:
        cdef TTEntry* e = &self.entries[murmur_finalise(key) & self.mask]
        self.probes += 1
        if e.flag != TT_EMPTY and e.key == key:
            return e
        return NULL

    cdef void store(self, unsigned long long key, double value, int depth, int move,
                    int flag, int ply, int root, float unit, bint settled) noexcept:
        cdef TTEntry* e = &self.entries[murmur_finalise(key) & self.mask]
        e.key = key
        e.value = value
        e.depth = depth
        e.move = move
        e.unit = unit
        e.flag = <signed char>flag
        e.ply = <unsigned char>ply
        e.root = <signed char>root
        e.settled = settled
        self.stores += 1

    def clear(self) -> None:
        """Empty every slot, the twins' table for Python games (:meth:`twin`) included."""
        memset(self.entries, 0, (self.mask + 1) * sizeof(TTEntry))
        self.stores = 0
        self.probes = 0
        if self.twin_entries is not None:
            self.twin_entries.slots.clear()

    def twin(self):
        """The :class:`~qsearch.reference._common.ReferenceTable` (same size) the readable
        twins fill when this table is passed to a search of a Python game, which compiled
        code cannot search: made on first use, kept with this table, emptied by
        :meth:`clear`."""
        if self.twin_entries is None:
            from qsearch.reference._common import ReferenceTable
            self.twin_entries = ReferenceTable(bits=self.bits)
        return self.twin_entries

    def settled(self, key) -> bool:
        """Whether ``key``'s entry was found without the depth limit (no leaf evaluated below
        it, no unsettled entry used there): a deeper search finds the same value."""
        cdef TTEntry* e = self.lookup(key)
        return e != NULL and e.settled != 0

    def get(self, key):
        """``(value, depth, move, flag name)`` stored for ``key``, or None.

        Win scores are stored relative to the node (see :mod:`qsearch.search._engine`).
        """
        cdef TTEntry* e = self.lookup(key)
        if e == NULL:
            return None
        return (e.value, e.depth, None if e.move < 0 else e.move, FLAG_NAMES[e.flag])

    def __len__(self):
        return self.mask + 1

    def filled(self) -> int:
        """Number of slots in use."""
        cdef unsigned long long i, n = 0
        for i in range(self.mask + 1):
            if self.entries[i].flag != TT_EMPTY:
                n += 1
        return n

    def __repr__(self):
        return f"TranspositionTable(bits={self.bits})"
