"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics.quarto` (``quarto.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). Document
000 scores every unfinished position 0 and proposes, in its conclusion, a better payoff:
:class:`LineCredit` credits the *live* lines (not full, 2 or 3 pieces sharing an attribute
value that some unused piece has too) for the player to move, ``three`` per live line of
three and ``two`` per live line of two, and the negation for the other player. The counting
is the readable twin's, :mod:`qsearch.reference.quarto_heuristics`.
"""
from __future__ import annotations

from qsearch.heuristics._heuristic import Heuristic
from qsearch.reference import quarto_heuristics as twin
from qsearch.reference.quarto import PyQuartoBoard


def _quarto(state):
    if not isinstance(state, PyQuartoBoard):
        raise TypeError(f"LineCredit scores Quarto states, not {type(state).__name__}")
    return state


def _weight(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    return float(value)


class LineCredit(Heuristic):
    """Document 000's proposed payoff: ``LineCredit(two=0.1, three=0.5)``."""

    __slots__ = ("_two", "_three")

    def __init__(self, two=0.1, three=0.5):
        self._two = _weight(two, "two")
        self._three = _weight(three, "three")

    @property
    def two(self) -> float:
        """Credit of a live line of two pieces (read-only)."""
        return self._two

    @property
    def three(self) -> float:
        """Credit of a live line of three pieces (read-only)."""
        return self._three

    def evaluate(self, state, player) -> float:
        return twin.line_credit(_quarto(state), player, self._two, self._three)

    @property
    def bounds(self):
        """Ten lines, each credited ``two`` or ``three`` at most once."""
        top = 10 * max(abs(self._two), abs(self._three))
        return (-top, top)

    def counts(self, state) -> tuple:
        """``(live lines of two, live lines of three)`` of ``state``."""
        return twin.live_lines(_quarto(state))

    def __reduce__(self):
        return (LineCredit, (self._two, self._three))

    def __repr__(self):
        return f"LineCredit(two={self._two!r}, three={self._three!r})"

    @property
    def __name__(self):
        return "line_credit"


line_credit = LineCredit()
