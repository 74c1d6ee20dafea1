# cython: language_level=3
from qsearch.games._game cimport Game

cdef enum:
    PC_HOME = 0          # location of a piece at home
    PC_TRACK = 68        # track squares are 1..68
    PC_GOAL = 76         # corridor square c (1..7) is 68 + c; the goal is 76
    PC_LOCS = 77
    PC_SKIP = 8          # action slot of SKIP_TURN (slots 0..7 are colour * 2 + id)
    PC_ACTIONS = 72      # 8 value codes x 9 slots
    PC_BONUS10 = 6       # value codes: 0..5 = 1, 2, 4, 5, 6, yinyang; 6 = 10; 7 = 20
    PC_BONUS20 = 7
    PC_BOUNCE_LIMIT = 30  # the 31st bounce of one colour loses the game
    PC_FULL_HAND = 0x3F  # a full (or refilled) hand: value codes 0..5


cdef struct PCUndo:
    int move                   # the action made
    signed char origin         # where the moved piece was (unused for SKIP)
    signed char captured       # slot of the piece sent home, or -1
    unsigned char hand         # the mover's hand before the move
    signed char bonus          # the pending bonus code before the move (0: none)
    signed char colour         # turn colour before the move
    signed char remember6      # the 6-repeat flag before the move
    signed char flags          # last-move flags before (bit 0 eat, 1 goal, 2 bounce)
    signed char winner         # winner before the move (-1)


cdef class ParCheckers(Game):
    cdef signed char pos[8]           # location of each piece, slot = colour * 2 + id
    cdef unsigned char cnt[4][77]     # pieces of each colour on each location
    cdef unsigned char hand[2]        # each player's hand: bit v set when value code v is in it
    cdef signed char bonus            # pending bonus code (PC_BONUS10 / PC_BONUS20) or 0
    cdef signed char colour           # turn colour: 0 yellow, 1 blue, 2 red, 3 green
    cdef signed char remember6        # a 6 was played: the same colour moves again
    cdef signed char flags            # last move: bit 0 captured, 1 reached goal, 2 bounced
    cdef signed char winner           # 0 or 1 once the game is over, else -1
    cdef unsigned char bounces[4]     # bounces counted per colour
    cdef int turn                     # the simulator's turn counter (starts at 1)
    cdef PCUndo* stack                # undo records, one per move made
    cdef int sp                       # records in use
    cdef int cap                      # records allocated
    cdef int dropped                  # moves not made for lack of memory (unmake skips them)

    cdef int reserve(self, int n) except -1
    cdef void copy_into(self, ParCheckers c) noexcept

# The rules on these fields are parcheckers_moves.pxd's inline functions.
