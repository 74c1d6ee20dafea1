"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics.reversi` (``reversi.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). Document
002's Reversi heuristic (§4.2): ``player``'s discs minus the opponent's; the counting is the
readable twin's, :func:`qsearch.reference.reversi.disc_difference`.
"""
from __future__ import annotations

from qsearch.heuristics._heuristic import Heuristic
from qsearch.reference import reversi as twin
from qsearch.reference.reversi import PyReversi


class DiscDifference(Heuristic):
    """``evaluate(state, player)`` = player's discs - opponent's discs (Reversi only)."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        if not isinstance(state, PyReversi):
            raise TypeError(f"DiscDifference scores Reversi positions, not {type(state).__name__}")
        if player != 0 and player != 1:
            raise ValueError(f"player must be 0 or 1, not {player}")
        return twin.disc_difference(state, player)

    @property
    def bounds(self):
        """64 squares."""
        return (-64.0, 64.0)


disc_difference = DiscDifference()
