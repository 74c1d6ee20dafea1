"""Argument checks shared by the compiled search functions and their readable twins.

Plain Python, so that :mod:`qsearch.reference` runs without the compiled build. Every check
raises before anything is searched or changed, with a message that names the problem.
"""
from __future__ import annotations

import operator

UNLIMITED_DEPTH = 1 << 30


def check_depth(depth) -> int:
    """``depth`` as an int (None: no limit, returned as a very large depth)."""
    if depth is None:
        return UNLIMITED_DEPTH
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int >= 0 or None, not {type(depth).__name__}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0 (or None for no limit), not {depth}")
    return depth


def check_limits(max_nodes, time_limit) -> tuple[int, float]:
    """``(max_nodes or 0, time_limit or 0.0)``: 0 means no limit."""
    if max_nodes is not None:
        if isinstance(max_nodes, bool) or not isinstance(max_nodes, int):
            raise TypeError(f"max_nodes must be an int or None, not {type(max_nodes).__name__}")
        if max_nodes < 1:
            raise ValueError(f"max_nodes must be >= 1, not {max_nodes}")
    if time_limit is not None:
        if not isinstance(time_limit, (int, float)) or isinstance(time_limit, bool):
            raise TypeError(f"time_limit must be seconds (a number), not {time_limit!r}")
        if not time_limit > 0:
            raise ValueError(f"time_limit must be > 0 seconds, not {time_limit}")
    return (max_nodes or 0), float(time_limit or 0.0)


def check_order(order, state) -> None:
    """``order``: None, a function, or distinct actions of ``state``'s game, by priority."""
    if order is None or callable(order):
        return
    if isinstance(order, (str, bytes)):
        raise TypeError("order must list actions (ints), not a string")
    try:
        items = list(order)
    except TypeError:
        raise TypeError(
            "order must be None, a sequence of actions (highest priority first) or a "
            f"function (state, actions) -> actions, not {type(order).__name__}"
        ) from None
    size = state.num_distinct_actions() if hasattr(state, "num_distinct_actions") else None
    for a in items:
        if isinstance(a, bool) or not hasattr(a, "__index__"):
            raise ValueError(f"order must list actions (ints); got {a!r}")
        a = operator.index(a)
        if a < 0 or (size is not None and a >= size):
            top = "" if size is None else f" below {size}"
            raise ValueError(f"order lists {a}, not an action of this game (0{top})")
    if len({operator.index(a) for a in items}) != len(items):
        raise ValueError(f"order lists an action twice: {items!r}")


def check_searchable(name: str, state) -> None:
    """A search needs a decision node: not a finished game, not a chance node."""
    if state.is_terminal():
        raise ValueError(f"the game is over in this state: {name} has nothing to search")
    if state.is_chance_node():
        raise ValueError(f"{name} cannot search a chance node; use expectiminimax")


MAX_MCTS_ITERATIONS = (1 << 31) - 1     # a node's visit count is a C int in the compiled MCTS


def check_mcts_search(state, iterations) -> None:
    """What MCTS needs besides valid options: at most :data:`MAX_MCTS_ITERATIONS`
    iterations, and a player to move at the root (MCTS chooses a player's move)."""
    if iterations is not None and iterations > MAX_MCTS_ITERATIONS:
        raise ValueError(
            f"iterations must be at most {MAX_MCTS_ITERATIONS} (a node's visit count is a "
            f"32-bit int in the compiled search), not {iterations}; to search until a "
            "time, give iterations=None and time_limit"
        )
    if state.is_chance_node():
        raise ValueError(
            "MCTS chooses a player's move, and no player moves at a chance node: apply a "
            "chance outcome first (expectiminimax(state, depth, player=p) gives the node's "
            "expected value)"
        )
