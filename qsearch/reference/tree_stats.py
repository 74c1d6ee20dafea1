"""Counting game trees in plain Python: the readable twin of :mod:`qsearch.search.tree_stats`.

Same functions, same answers, on the Python API only (``legal_actions``, ``child``,
``is_terminal``, ``returns``, ``position_key``), so they also run on OpenSpiel states
(``pyspiel.load_game("connect_four").new_initial_state()``), where ``str(state)`` stands in
for the missing ``position_key()``. A new state per move (``child``) instead of
make/unmake keeps the code short and the caller's state untouched; it is also why this
version is some hundred times slower than the compiled one.
"""
from qsearch.core.tree_stats_types import TreeStats

__all__ = ["TreeStats", "count_positions", "perft", "positions_per_ply", "tree_stats"]


def _check_state(state) -> None:
    """TypeError unless ``state`` looks like a game state."""
    if not all(hasattr(state, m) for m in ("legal_actions", "child", "is_terminal")):
        raise TypeError(f"state must be a game state, not {type(state).__name__}")


def _check_depth(depth, name: str) -> int:
    """``depth`` as a non-negative int, or TypeError / ValueError."""
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"{name} must be an int, not {type(depth).__name__} ({depth!r})")
    if depth < 0:
        raise ValueError(f"{name} must be >= 0, not {depth}")
    return depth


def _key(state):
    """What identifies a position: ``position_key()``, or the board text for OpenSpiel."""
    return state.position_key() if hasattr(state, "position_key") else str(state)


def perft(state, depth: int) -> int:
    """Number of move sequences of exactly ``depth`` plies (games ending earlier: 0)."""
    _check_state(state)
    _check_depth(depth, "depth")

    def count(s, d):
        if d == 0:
            return 1
        if s.is_terminal():
            return 0
        if d == 1:                  # bulk counting, as the compiled perft: a move is a leaf
            return len(s.legal_actions())
        return sum(count(s.child(a), d - 1) for a in s.legal_actions())

    return count(state, depth)


def tree_stats(state) -> TreeStats:
    """Nodes, internal nodes, games by result and nodes per depth of the full game tree."""
    _check_state(state)
    nodes_per_depth = []
    results = {"win0": 0, "win1": 0, "draw": 0}
    internal = 0

    def walk(s, depth):
        nonlocal internal
        if depth == len(nodes_per_depth):
            nodes_per_depth.append(0)
        nodes_per_depth[depth] += 1
        if s.is_terminal():
            r = s.returns()
            results["win0" if r[0] > 0 else "win1" if r[1] > 0 else "draw"] += 1
            return
        internal += 1
        for a in s.legal_actions():
            walk(s.child(a), depth + 1)

    walk(state, 0)
    nodes = sum(nodes_per_depth)
    return TreeStats(
        nodes=nodes,
        internal=internal,
        terminals=nodes - internal,
        wins=(results["win0"], results["win1"]),
        draws=results["draw"],
        nodes_per_depth=tuple(nodes_per_depth),
    )


def positions_per_ply(state, max_ply: int) -> list:
    """Distinct positions at each ply 0..max_ply, one breadth-first level at a time."""
    _check_state(state)
    _check_depth(max_ply, "max_ply")
    level = {_key(state): state}          # key -> one state with that key
    counts = [1]
    for _ in range(max_ply):
        nxt = {}
        for s in level.values():
            if not s.is_terminal():        # a terminal position has no children
                for a in s.legal_actions():
                    c = s.child(a)
                    nxt.setdefault(_key(c), c)
        level = nxt
        counts.append(len(level))
    return counts


def count_positions(state, canonical=None) -> int:
    """Distinct positions reachable from ``state``; with ``canonical``, distinct classes."""
    _check_state(state)
    if canonical is not None and not callable(canonical):
        raise TypeError(f"canonical must be callable or None, not {type(canonical).__name__}")
    seen = {}                              # key -> state
    frontier = [state]
    while frontier:
        s = frontier.pop()
        k = _key(s)
        if k in seen:
            continue
        seen[k] = s
        if not s.is_terminal():
            frontier.extend(s.child(a) for a in s.legal_actions())
    if canonical is None:
        return len(seen)
    return len({canonical(s) for s in seen.values()})
