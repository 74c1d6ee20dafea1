# cython: language_level=3
from qsearch.games._game cimport Game

cdef enum:
    HG_BAR = 24             # the bar, as a move's "from" digit (OpenSpiel's encoding)
    HG_PASS = 25            # "no checker move" in a move's digit
    HG_OFF = 99             # destination of a checker borne off (internal)
    HG_PASS_ACTION = 1351   # the action of a player who cannot move at all
    HG_CHANCE_BASE = 1352   # chance actions are 1352 + OpenSpiel's outcome number

cdef struct HGUndo:
    signed char cur         # player to move (or CHANCE) before the action
    signed char prev        # previous player before the action
    signed char dice0       # the dice before the action (0 when not rolled)
    signed char dice1
    signed char dbl         # 1 while playing the second half of a double
    signed char hit0        # the action's first checker move hit a blot
    signed char hit1        # the action's second checker move hit a blot
    short turns             # completed turns before the action (-1 before the opening roll)

cdef class Hypergammon(Game):
    cdef int pts[2][24]             # checkers of each player on each point (absolute numbering)
    cdef int bar[2]                 # checkers on the bar
    cdef int off[2]                 # checkers borne off
    cdef int cur                    # 0, 1 or CHANCE
    cdef int prev                   # the player who moved last (CHANCE before the first move)
    cdef int dice[2]                # the roll, low die first; 0 when no dice are rolled
    cdef bint dbl                   # second half of a double (OpenSpiel's "extra turn")
    cdef int turns                  # completed turns; -1 before the opening roll
    cdef int max_turns              # the game is a draw after this many turns (OpenSpiel: 500)
    cdef HGUndo* undo               # the engine's own undo stack (hits are not in the action)
    cdef int sp                     # entries used in ``undo``
    cdef int cap                    # entries allocated in ``undo``

    cdef int _allocate(self, int cap) except -1
    cdef unsigned long long board_key(self) noexcept
    cdef int checker_moves(self, int da, int db, int* frm, int* die) noexcept
    cdef int dest(self, int p, int frm, int d) noexcept
    cdef bint apply_checker(self, int frm, int d) noexcept
    cdef void undo_checker(self, int frm, int d, bint hit) noexcept
    cdef int sequences(self, int* actions, unsigned long long* keys) noexcept
