"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics.hypergammon` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). Document
002's hypergammon evaluation (Ex. 2.14) for player ``p``: the opponent's pips to go minus
``p``'s, plus ``passed_bonus`` (2) per checker of ``p`` past every opposing checker, plus
``point_bonus`` (1) per point ``p`` has made. The counting is the readable twin's,
:mod:`qsearch.reference.hypergammon_heuristics`.
"""
from __future__ import annotations

from qsearch.heuristics._heuristic import Heuristic
from qsearch.reference import hypergammon_heuristics as twin
from qsearch.reference.hypergammon import PyHypergammon


def _weight(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    return float(value)


class PipRace(Heuristic):
    """Document 002's evaluation: pip difference + 2 per passed checker + 1 per made point."""

    __slots__ = ("_passed_bonus", "_point_bonus")

    def __init__(self, passed_bonus=2.0, point_bonus=1.0):
        self._passed_bonus = _weight(passed_bonus, "passed_bonus")
        self._point_bonus = _weight(point_bonus, "point_bonus")

    @property
    def passed_bonus(self) -> float:
        """Per checker past every opposing checker (read-only)."""
        return self._passed_bonus

    @property
    def point_bonus(self) -> float:
        """Per made point (read-only)."""
        return self._point_bonus

    @property
    def bounds(self):
        """(L, U): every value lies in between (what Star1/Star2 need)."""
        return (-75.0, 75.0 + 3 * self._passed_bonus + self._point_bonus)

    def evaluate(self, state, player) -> float:
        if not isinstance(state, PyHypergammon):
            raise TypeError(f"PipRace evaluates Hypergammon states, not {type(state).__name__}")
        if player != 0 and player != 1:
            raise ValueError(f"player must be 0 or 1, not {player}")
        return float(twin.pips(state, 1 - player) - twin.pips(state, player)
                     + self._passed_bonus * twin.passed_checkers(state, player)
                     + self._point_bonus * twin.made_points(state, player))

    def __repr__(self):
        return f"PipRace(passed_bonus={self._passed_bonus}, point_bonus={self._point_bonus})"


pip_race = PipRace()
"""The document's evaluation with its weights (2 per passed checker, 1 per made point)."""
