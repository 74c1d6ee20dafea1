# cython: language_level=3, boundscheck=False, wraparound=False
"""Document 002's hypergammon evaluation (Ex. 2.14), compiled.

The readable twin is :mod:`qsearch.reference.hypergammon_heuristics`. For player ``p``::

    (pips the opponent still has to move) - (pips p still has to move)
    + 2 per checker of p that is past every opposing checker (it can no longer be hit;
      borne-off checkers count, checkers on the bar never do)
    + 1 per point p has made (two or more of its checkers on it)

"Pips to go, black minus white": a checker on its own point k still has k pips to move, 25
on the bar, 0 once borne off. Only p's own bonuses are added, as the document writes it
("sumar a la valoración anterior 2 puntos por cada ficha pasada y 1 punto si tenemos 2
fichas en la misma posición"): the evaluation is not zero-sum, and the search always asks
it from the root player's view. Declared bounds for Star1/Star2: the pip difference lies
in [-75, 75] (3 checkers on the bar are 75 pips) and the bonuses in [0, 7], so
``bounds = (-75, 82)``.
"""
from qsearch.games._game cimport Game
from qsearch.games.hypergammon cimport Hypergammon
from qsearch.heuristics._heuristic cimport Heuristic


cdef int pips(Hypergammon s, int p) noexcept:
    cdef int i, total = 25 * s.bar[p]
    for i in range(24):
        total += s.pts[p][i] * (24 - i if p == 0 else i + 1)
    return total


cdef class PipRace(Heuristic):
    """Document 002's evaluation: pip difference + 2 per passed checker + 1 per made point."""

    cdef readonly double passed_bonus       # per checker past every opposing checker
    cdef readonly double point_bonus        # per made point

    def __init__(self, passed_bonus=2.0, point_bonus=1.0):
        self.passed_bonus = passed_bonus
        self.point_bonus = point_bonus

    @property
    def bounds(self):
        """(L, U): every value lies in between (what Star1/Star2 need)."""
        return (-75.0, 75.0 + 3 * self.passed_bonus + self.point_bonus)

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        if not isinstance(state, Hypergammon):
            raise TypeError(f"PipRace evaluates Hypergammon states, not {type(state).__name__}")
        if player != 0 and player != 1:
            raise ValueError(f"player must be 0 or 1, not {player}")
        cdef Hypergammon s = <Hypergammon>state
        cdef int p = player, o = 1 - player, i, passed = 0, made = 0
        cdef int rear = -1      # o's rearmost checker, absolute (x: highest; o: lowest)
        # Opponent's rearmost checker in the direction that can still reach p's checkers.
        if p == 0:
            rear = 24 if s.bar[o] > 0 else -1
            if rear < 0:
                for i in range(24):
                    if s.pts[o][i] > 0:
                        rear = i            # o moves down: its highest checker is rearmost
        else:
            rear = -1 if s.bar[o] > 0 else 24
            if rear == 24:
                for i in range(23, -1, -1):
                    if s.pts[o][i] > 0:
                        rear = i            # x moves up: its lowest checker is rearmost
        for i in range(24):
            if s.pts[p][i] >= 2:
                made += 1
            if s.pts[p][i] > 0 and ((p == 0 and i > rear) or (p == 1 and i < rear)):
                passed += s.pts[p][i]
        passed += s.off[p]
        return (pips(s, o) - pips(s, p) + self.passed_bonus * passed
                + self.point_bonus * made)

    def __repr__(self):
        return f"PipRace(passed_bonus={self.passed_bonus}, point_bonus={self.point_bonus})"


pip_race = PipRace()
"""The document's evaluation with its weights (2 per passed checker, 1 per made point)."""
