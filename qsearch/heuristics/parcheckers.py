"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics.parcheckers` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). Document
004's test heuristic, ``ValoracionTest``: a won game is worth ``gana`` (1e9), a lost one
``pierde``; otherwise +1 per piece of mine on a safe square, else +5 per piece in the goal,
and the opponent's pieces the same in negative. The scoring is the readable twin's,
:mod:`qsearch.reference.parcheckers_heuristics`, line by line as the course's C++.
"""
from __future__ import annotations

from qsearch.heuristics._heuristic import Heuristic
from qsearch.reference import parcheckers_heuristics as twin
from qsearch.reference.parcheckers import PyParCheckers

# The course's constants, defined once in the twin (the compiled module exports them too).
from qsearch.reference.parcheckers_heuristics import GANA, MASINF, PIERDE  # noqa: F401


class ValoracionTest(Heuristic):
    """``ValoracionTest::getHeuristic`` of document 004 (course simulator 2024-25)."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        if not isinstance(state, PyParCheckers):
            raise TypeError(f"ValoracionTest scores ParCheckers states, not "
                            f"{type(state).__name__}")
        if player != 0 and player != 1:
            raise ValueError(f"player must be 0 or 1, not {player}")
        return twin.valoracion_test(state, player)

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
