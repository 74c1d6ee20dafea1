# cython: language_level=3
# The Game base type: the C-level interface that compiled search uses.
# Each game derives from it (one .pyx/.pxd per game) and overrides the cdef methods.

cdef enum:
    MAX_ACTIONS = 512   # upper bound on the legal actions of any state of any game
    CHANCE = -1         # to_move() at a chance node (OpenSpiel's kChancePlayerId)
    TERMINAL = -4       # current_player() at a terminal state (OpenSpiel's kTerminalPlayerId)


cdef class Game:
    cdef list _history          # actions applied through the Python API, for undo_action()

    # --- the C-level interface (fast, unchecked: callers must pass legal moves) ---
    cdef int legal_moves(self, int* out) noexcept
    cdef void make(self, int move) noexcept
    cdef void unmake(self, int move) noexcept
    cdef bint terminal(self) noexcept
    cdef double utility(self, int player) noexcept
    cdef int to_move(self) noexcept         # 0, 1, CHANCE, or TERMINAL exactly when terminal()
    cdef int chance_outcomes_c(self, int* out, double* prob) noexcept
    cdef unsigned long long key(self) noexcept
    cpdef Game clone(self)
