"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics._heuristic` (``_heuristic.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`): the same
names, the same checks, the same errors. A heuristic scores a state from one player's point
of view, ``evaluate(state, player)``; subclass :class:`Heuristic`, or pass any plain function
``f(state, player) -> float`` (wrapped in :class:`FunctionHeuristic`). In this mode every
search runs its readable twin (:mod:`qsearch.reference`), which calls heuristics as
functions, so a Heuristic is also callable.
"""
from __future__ import annotations

import numbers


class Heuristic:
    """Base type: override ``evaluate(state, player) -> float`` (higher is better for player)."""

    __slots__ = ()          # as the compiled type: no per-instance attributes

    def evaluate(self, state, player) -> float:
        """Score ``state`` from ``player``'s point of view. It must not modify ``state``."""
        raise NotImplementedError(f"{type(self).__name__} does not implement evaluate()")

    def __call__(self, state, player):
        return self.evaluate(state, player)

    @property
    def bounds(self):
        """``(L, U)``, every value this heuristic can return on an unfinished game, or None
        (undeclared). The searches derive a win's default value from it (a win outranks
        every heuristic value) and Star1/Star2 cut with it. Subclasses declare theirs."""
        return None

    def __repr__(self):
        return f"{type(self).__name__}()"


class FunctionHeuristic(Heuristic):
    """Adapts a plain function ``f(state, player) -> float`` to the Heuristic type."""

    __slots__ = ("function",)

    def __init__(self, function):
        if not callable(function):
            raise TypeError(f"a heuristic must be callable, not {type(function).__name__}")
        self.function = function

    def evaluate(self, state, player) -> float:
        value = self.function(state, player)
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(
                f"heuristic {self.function!r} returned {value!r}; it must return a number"
            )
        value = float(value)
        if value != value:
            raise ValueError(f"heuristic {self.function!r} returned NaN; it must return a number")
        return value

    @property
    def bounds(self):
        """The function's own ``bounds`` attribute (``f.bounds = (L, U)``), else None."""
        return getattr(self.function, "bounds", None)

    def __repr__(self):
        return f"FunctionHeuristic({self.function!r})"


def as_heuristic(evaluate):
    """``None`` -> None (leaves score 0), a Heuristic as is, a callable wrapped; else TypeError."""
    if evaluate is None or isinstance(evaluate, Heuristic):
        return evaluate
    if callable(evaluate):
        return FunctionHeuristic(evaluate)
    raise TypeError(
        f"evaluate must be None, a qsearch Heuristic or a function (state, player) -> float, "
        f"not {type(evaluate).__name__}"
    )
