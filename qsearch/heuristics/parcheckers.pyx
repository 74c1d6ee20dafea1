# cython: language_level=3, boundscheck=False, wraparound=False
"""Document 004's test heuristic, ``ValoracionTest``, compiled (twin:
:mod:`qsearch.reference.parcheckers_heuristics`).

The course's simulator ships it as the heuristic to validate a search with (document 004,
§3.3): a won game is worth ``gana`` (``masinf / 10``, i.e. 1e9 with the course's
``masinf = 9999999999.0f``), a lost one ``pierde``; otherwise each of my four pieces earns
+1 on a safe track square, else +5 in the goal, and the opponent's pieces the same in
negative. It never looks at how far a piece is from the goal: the document says so, and
the lesson measures what that costs.
"""
from qsearch.games._game cimport Game
from qsearch.games.parcheckers cimport PC_GOAL, ParCheckers
from qsearch.heuristics._heuristic cimport Heuristic

MASINF = 1e10          # the course's masinf = 9999999999.0f, which a float rounds to 1e10
GANA = MASINF / 10     # the course's gana = masinf / 10.f
PIERDE = -GANA

cdef bint SAFE[77]
for _i in range(77):
    SAFE[_i] = False
for _i in (4, 13, 17, 21, 30, 34, 38, 47, 51, 55, 64, 68):
    SAFE[_i] = True
cdef int COLOURS_OF[2][2]
COLOURS_OF[0][:] = [0, 3]
COLOURS_OF[1][:] = [1, 2]


cdef inline int score(ParCheckers s, int player) noexcept nogil:
    cdef int total = 0, k, loc
    for k in range(4):
        loc = s.pos[2 * COLOURS_OF[player][k >> 1] + (k & 1)]
        if SAFE[loc]:
            total += 1
        elif loc == PC_GOAL:
            total += 5
    return total


cdef class ValoracionTest(Heuristic):
    """``ValoracionTest::getHeuristic`` of document 004 (course simulator 2024-25)."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        if not isinstance(state, ParCheckers):
            raise TypeError(f"ValoracionTest scores ParCheckers states, not "
                            f"{type(state).__name__}")
        if player != 0 and player != 1:
            raise ValueError(f"player must be 0 or 1, not {player}")
        cdef ParCheckers s = <ParCheckers>state
        if s.winner == player:
            return GANA
        if s.winner == 1 - player:
            return PIERDE
        return score(s, player) - score(s, 1 - player)

    @property
    def bounds(self):
        """On an unfinished game each side's four pieces earn at most 5 each: +-20. (On a
        finished one it returns +-gana, but the searches score finished games themselves.)"""
        return (-20.0, 20.0)

    def __reduce__(self):
        return (ValoracionTest, ())

    @property
    def __name__(self):
        return "valoracion_test"


valoracion_test = ValoracionTest()
