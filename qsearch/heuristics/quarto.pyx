# cython: language_level=3, boundscheck=False, wraparound=False
"""Quarto heuristics, compiled (the readable twin is :mod:`qsearch.reference.quarto_heuristics`).

Document 000 scores every unfinished position 0 and proposes, in its conclusion, a better
payoff: credit the lines whose pieces already share a property, so that a position with two
lines of two alike pieces scores better than one with no line started. :class:`LineCredit`
is that payoff. A line is *live* when it is not full, holds 2 or 3 pieces that share at
least one attribute value, and some unused piece has that value too (so the line can still
be completed into a win). The score, for the player to move, is::

    three * (live lines of three) + two * (live lines of two)

and its negation for the other player. Why the player to move: in the document's variant
anybody may complete any line, so a live line of three is a win on the very next
placement for whoever moves, and lines of two are one step from that. With the default
weights (0.5 and 0.1) the ten lines are worth at most 5, less than the smallest win the
document's depth-4 search can score (10 - 4 = 6): a real win always outweighs credit.
"""
from qsearch.core.bits cimport popcount32
from qsearch.games._game cimport Game
from qsearch.games.quarto cimport QuartoBoard
from qsearch.games.quarto_lines cimport QuartoLines, fill_quarto_lines, plane_bits
from qsearch.heuristics._heuristic cimport Heuristic

cdef QuartoLines Q                      # the board's lines (quarto_lines.pxd)
fill_quarto_lines(&Q)


cdef void live_lines(unsigned int occupied, unsigned int used, unsigned long long planes,
                     int* twos, int* threes) noexcept nogil:
    """Count the live lines of two and of three pieces."""
    cdef int i, k, n
    cdef unsigned int line, here, x, free_pieces = ~used & 0xFFFF
    twos[0] = 0
    threes[0] = 0
    for i in range(10):
        line = Q.lines[i]
        here = occupied & line
        n = popcount32(here)
        if n < 2 or n > 3:
            continue
        for k in range(4):
            x = plane_bits(planes, k, here)
            if (x == 0 and free_pieces & Q.value_pieces[k][0]) or \
                    (x == here and free_pieces & Q.value_pieces[k][1]):
                if n == 2:
                    twos[0] += 1
                else:
                    threes[0] += 1
                break


cdef class LineCredit(Heuristic):
    """Document 000's proposed payoff: ``LineCredit(two=0.1, three=0.5)``."""

    def __init__(self, double two=0.1, double three=0.5):
        self.two = two
        self.three = three

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        if not isinstance(state, QuartoBoard):
            raise TypeError(f"LineCredit scores Quarto states, not {type(state).__name__}")
        cdef QuartoBoard s = <QuartoBoard>state
        cdef int twos, threes
        live_lines(s.occupied, s.used, s.planes, &twos, &threes)
        cdef double v = self.three * threes + self.two * twos
        return v if s.to_move() == player else -v

    @property
    def bounds(self):
        """Ten lines, each credited ``two`` or ``three`` at most once."""
        top = 10 * max(abs(self.two), abs(self.three))
        return (-top, top)

    def counts(self, state) -> tuple:
        """``(live lines of two, live lines of three)`` of ``state``."""
        if not isinstance(state, QuartoBoard):
            raise TypeError(f"LineCredit scores Quarto states, not {type(state).__name__}")
        cdef QuartoBoard s = <QuartoBoard>state
        cdef int twos, threes
        live_lines(s.occupied, s.used, s.planes, &twos, &threes)
        return twos, threes

    def __reduce__(self):
        return (LineCredit, (self.two, self.three))

    def __repr__(self):
        return f"LineCredit(two={self.two!r}, three={self.three!r})"

    @property
    def __name__(self):
        return "line_credit"


line_credit = LineCredit()
