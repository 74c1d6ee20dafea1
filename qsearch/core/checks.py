"""Argument checks shared by the compiled search functions and their readable twins.

Plain Python, so that :mod:`qsearch.reference` runs without the compiled build. Every check
raises before anything is searched or changed, with a message that names the problem.
"""
from __future__ import annotations

import numbers
import operator

UNLIMITED_DEPTH = 1 << 30
"""A depth this deep or deeper means "to the end of the game" (searches stop at ply 256)."""
UNLIMITED_NODES = (1 << 63) - 1
"""A node limit this large or larger means "no limit" (the compiled counters are 64-bit)."""


def check_integer(value, name: str, what: str) -> int:
    """``value`` as a Python int: any integral type (numpy's included), not a bool or float.

    ``what`` completes the TypeError's "must be ..." (for instance ``"an int >= 0 or None"``).
    """
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be {what}, not {type(value).__name__}")
    return operator.index(value)


def as_float(value, name: str) -> float:
    """``float(value)`` of a number already checked to be real; one too large for a float (an
    int of 2**1024 or more) is a ValueError naming ``name``, not an OverflowError."""
    try:
        return float(value)
    except OverflowError:
        size = f"about 2**{value.bit_length()}" if hasattr(value, "bit_length") else "huge"
        raise ValueError(f"{name} is too large for a float ({size})") from None


def check_bits(bits, name: str, low: int, high: int) -> int:
    """A table's size in bits as a Python int from ``low`` to ``high`` (any integral type)."""
    bits = check_integer(bits, name, f"an int from {low} to {high}")
    if not low <= bits <= high:
        raise ValueError(f"{name} must be in {low}..{high} (a table of 2**{name} entries), "
                         f"not {bits}")
    return bits


TABLE_BITS = (1, 30)
"""The sizes in bits a search's new transposition table may have (``tt=bits``)."""


def check_tt(tt):
    """A search's ``tt``: None or False (no table), True (a new table), a table (returned as
    is; the search names any other object), or a new table's size in bits, from 1 to 30 (any
    integral type, numpy's too), returned as an int."""
    if tt is None or isinstance(tt, bool) or not hasattr(type(tt), "__index__"):
        return tt
    try:
        bits = operator.index(tt)
    except TypeError:                   # numpy's bool
        raise TypeError("tt must be None, True, a size in bits or a TranspositionTable, not "
                        f"{type(tt).__name__}") from None
    if not TABLE_BITS[0] <= bits <= TABLE_BITS[1]:
        raise ValueError(f"tt={bits}: a new table's size in bits must be from {TABLE_BITS[0]} "
                         f"to {TABLE_BITS[1]}")
    return bits


def check_evaluate(evaluate) -> None:
    """``evaluate``: None or callable (a qsearch Heuristic or a function); else TypeError."""
    if evaluate is not None and not callable(evaluate):
        raise TypeError(
            f"evaluate must be None, a qsearch Heuristic or a function (state, player) -> "
            f"float, not {type(evaluate).__name__}")


def check_null_window(null_window) -> float:
    """PVS's ``null_window``: a number > 0, as a float."""
    if isinstance(null_window, bool) or not isinstance(null_window, numbers.Real):
        raise TypeError(f"null_window must be a number > 0, not {type(null_window).__name__}")
    value = as_float(null_window, "null_window")
    if not value > 0:
        raise ValueError(f"null_window must be > 0, not {null_window}")
    return value


def check_depth(depth) -> int:
    """``depth`` as a Python int (None: no limit, returned as a very large depth).

    Any integral value is accepted (numpy's too); a depth beyond :data:`UNLIMITED_DEPTH`
    (deeper than any search goes, 2**63 or 2**70 for instance) means no limit, as None does.
    """
    if depth is None:
        return UNLIMITED_DEPTH
    depth = check_integer(depth, "depth", "an int >= 0 or None")
    if depth < 0:
        raise ValueError(f"depth must be >= 0 (or None for no limit), not {depth}")
    return min(depth, UNLIMITED_DEPTH)


def check_max_nodes(max_nodes) -> int:
    """``max_nodes`` as a Python int, 0 for no limit (None, or beyond the 64-bit range)."""
    if max_nodes is None:
        return 0
    max_nodes = check_integer(max_nodes, "max_nodes", "an int or None")
    if max_nodes < 1:
        raise ValueError(f"max_nodes must be >= 1, not {max_nodes}")
    return 0 if max_nodes >= UNLIMITED_NODES else max_nodes


def check_limits(max_nodes, time_limit) -> tuple[int, float]:
    """``(max_nodes or 0, time_limit or 0.0)``: 0 means no limit.

    Any integral ``max_nodes`` is accepted (numpy's too); one of 2**63 or more means no limit.
    """
    nodes = check_max_nodes(max_nodes)
    seconds = 0.0
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real):
            raise TypeError(f"time_limit must be seconds (a number), not {time_limit!r}")
        seconds = as_float(time_limit, "time_limit")
        if not seconds > 0:
            raise ValueError(f"time_limit must be > 0 seconds, not {time_limit}")
    return nodes, seconds


MAX_LIMITED_DEPTH = 200


def check_limited_minimax(depth, max_nodes) -> tuple[int, int | None]:
    """``(depth, max_nodes)`` of :func:`limited_minimax`: a depth from 1 to 200 and a budget
    of at least 1 node (None, or 2**63 and more: no limit); any integral type."""
    depth = check_integer(depth, "depth", "an int >= 1")
    if depth < 1:
        raise ValueError(f"depth must be >= 1, not {depth}")
    if depth > MAX_LIMITED_DEPTH:
        raise ValueError(f"depth {depth} is too deep (at most {MAX_LIMITED_DEPTH})")
    return depth, (check_max_nodes(max_nodes) or None)


DEFAULT_MCTS_MAX_NODES = 10_000_000
"""MCTS's default node cap (the root and every child slot made): 320 MB of the compiled
search's 32-byte nodes, about 5 million simulations of Connect 4. A search that reaches it stops
with ``result.capped``; ``max_nodes=`` sets another cap, ``max_nodes=None`` none."""


def check_mcts_max_nodes(max_nodes) -> int | None:
    """MCTS's node cap: None (no cap) or an int >= 2 (the root and one child); a cap of
    2**63 or more is no cap; any integral type. The default is :data:`DEFAULT_MCTS_MAX_NODES`."""
    if max_nodes is None:
        return None
    max_nodes = check_integer(max_nodes, "max_nodes", "an int or None")
    if max_nodes < 2:
        raise ValueError(f"max_nodes must be >= 2, not {max_nodes}")
    return None if max_nodes >= UNLIMITED_NODES else max_nodes


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
