"""The search algorithms' names, written once for the compiled functions and their twins.

:data:`qsearch.search.ALGORITHMS` (the compiled functions) and
:data:`qsearch.reference.ALGORITHMS` (the readable twins) are both built by :func:`by_name`
from :data:`SEARCHES`, each side from its own functions of those names, so the two dicts
cannot drift apart: a name here without a function of that name on either side fails at
import. The other tuples name the subsets that some callers accept; they live here so that
no module spells an algorithm list of its own.
"""
from __future__ import annotations

from collections.abc import Callable

SEARCHES = ("minimax", "negamax", "alphabeta", "pvs")
"""The searches with one signature, ``f(state, depth, evaluate, *, order, ..., trace)``."""

DEEPENED = ("alphabeta", "pvs")
"""The searches iterative deepening runs (they take the table it shares between depths)."""

MAX_MIN_FORM = ("minimax", "alphabeta")
"""The searches in MAX/MIN form: the recursions quiescence search can use."""

IN_WIDGETS = ("minimax", "alphabeta", "pvs")
"""The searches the widgets offer (negamax visits the same tree as minimax)."""


def by_name(*functions: Callable, names: tuple[str, ...] = SEARCHES) -> dict[str, Callable]:
    """``{name: function}`` for every name in ``names``, in that order, each function taken
    from ``functions`` by its ``__name__``; a name with no function is a KeyError."""
    found = {f.__name__: f for f in functions}
    missing = [name for name in names if name not in found]
    if missing:
        raise KeyError(f"no search function named {', '.join(missing)}")
    return {name: found[name] for name in names}
