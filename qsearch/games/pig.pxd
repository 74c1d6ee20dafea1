# cython: language_level=3
from qsearch.games._game cimport Game

cdef enum:
    PIG_MAX_PLIES = 2048    # decisions and dice rolls: at most 2 x the horizon (<= 1000)

cdef class Pig(Game):
    cdef int scores[2]                   # banked points of each player
    cdef int turn_total                  # points of the current turn, not yet banked
    cdef int turn_player                 # whose turn it is (0 or 1)
    cdef bint rolling                    # True at a chance node (the die is in the air)
    cdef int decisions                   # roll/stop choices made (OpenSpiel's total_moves)
    cdef int ply                         # actions made (decisions and dice outcomes)
    cdef int win_score, faces, horizon   # the rules' parameters
    cdef int saved[PIG_MAX_PLIES]        # turn_total before each action (for unmake)
