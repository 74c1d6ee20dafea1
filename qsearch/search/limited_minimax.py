"""Pure-Python stand-in of the compiled :mod:`qsearch.search.limited_minimax` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). Document
004's ``Minimax_Limitado`` (§3.4), minimax with a budget of generated + evaluated nodes:
:func:`limited_minimax` checks its arguments as the compiled function does and runs the
readable twin, :func:`qsearch.reference.limited_minimax.limited_minimax`, line for line the
document's code, which counts the same nodes and returns the same value and move.
"""
from __future__ import annotations

from qsearch.core.checks import check_limited_minimax
from qsearch.core.results import LimitedResult
from qsearch.games.protocol import check_protocol
from qsearch.heuristics._heuristic import as_heuristic
from qsearch.reference import limited_minimax as twin
from qsearch.reference.limited_minimax import (  # noqa: F401 (the compiled module's names)
    CHANCE_MESSAGE,
    COURSE_LIMIT,
    MASINF,
    MENOSINF,
    NO_EVALUATION_MESSAGE,
)


def limited_minimax(state, depth=4, evaluate=None, *, max_nodes=COURSE_LIMIT,
                    root_move="document", children="iterator") -> LimitedResult:
    """``Minimax_Limitado(actual, jugador, 0, depth, ...)`` of document 004.

    ``evaluate(state, player)``: a Heuristic or a function, called with the searching
    player at every leaf, a finished game's included, so it must score a win above every
    other value; it is required (None is a ValueError).
    ``max_nodes``: the budget of generated + evaluated nodes (None: no
    limit, i.e. the document's plain ``Minimax``). ``root_move``: ``"document"`` (when the
    budget runs out at the root, the move of the child just generated, as the document's
    code does) or ``"best"`` (the best child's, as its text says). ``children``:
    ``"iterator"`` (§3.4) or ``"list"`` (§3.5, all of a node's children generated before
    the first is searched). Returns a
    :class:`LimitedResult`; the state is not modified. Here the readable twin runs.
    """
    check_protocol(state)               # a TypeError naming what a non-game lacks
    depth, max_nodes = check_limited_minimax(depth, max_nodes)
    if root_move not in ("document", "best"):
        raise ValueError(f"root_move must be 'document' or 'best', not {root_move!r}")
    if children not in ("iterator", "list"):
        raise ValueError(f"children must be 'iterator' or 'list', not {children!r}")
    if state.is_terminal():
        raise ValueError("the game is over in this state: nothing to search")
    if state.is_chance_node():
        raise ValueError("limited_minimax cannot search a chance node")
    if evaluate is None:
        raise ValueError(NO_EVALUATION_MESSAGE)
    as_heuristic(evaluate)              # the compiled function's TypeError for a non-callable
    return twin.limited_minimax(state, depth, evaluate, max_nodes=max_nodes,
                                root_move=root_move, children=children)
