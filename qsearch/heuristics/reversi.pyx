# cython: language_level=3, boundscheck=False, wraparound=False
"""Document 002's Reversi heuristic (§4.2), compiled; its twin is
:func:`qsearch.reference.reversi.disc_difference`.

"Contamos las fichas de ambos jugadores en el tablero y calculamos la diferencia": the score
of a position for ``player`` is ``player``'s discs minus the opponent's (a popcount each).
"""
from qsearch.core.bits cimport popcount64
from qsearch.games._game cimport Game
from qsearch.games.reversi cimport Reversi
from qsearch.heuristics._heuristic cimport Heuristic


cdef class DiscDifference(Heuristic):
    """``evaluate(state, player)`` = player's discs - opponent's discs (Reversi only)."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        if type(state) is not Reversi:
            raise TypeError(f"DiscDifference scores Reversi positions, not {type(state).__name__}")
        if player != 0 and player != 1:
            raise ValueError(f"player must be 0 or 1, not {player}")
        cdef Reversi r = <Reversi>state
        return <double>(popcount64(r.boards[player]) - popcount64(r.boards[1 - player]))

    @property
    def bounds(self):
        """64 squares."""
        return (-64.0, 64.0)


disc_difference = DiscDifference()
