"""Speed rows for document 001's Connect-4 heuristics (the README's speed table).

* :func:`heuristic_table`: evaluations per second of each compiled heuristic (called from a C
  loop, as the search calls it) against its readable twin, on the same positions;
* :func:`search_table`: one depth-8 alpha-beta move with ``potential_lines`` from a
  mid-game position, compiled, and the readable search with the same (compiled) heuristic.

Both return lists of dicts for :func:`qsearch.bench.markdown`.
"""
from __future__ import annotations

import random
import time

from qsearch.bench._table import best_of
from qsearch.games import Connect4
from qsearch.heuristics.connect4 import HEURISTICS, evaluate_many, potential_lines
from qsearch.reference import alphabeta as twin_alphabeta
from qsearch.search import alphabeta

MID_GAME = "4453221676"            # ten plies in; o (player 1) to move
ORDER = (3, 2, 4, 1, 5, 0, 6)      # centre first
WIN = {"win_value": 10_000.0, "win_decay": 1.0}


def sample_positions(count: int = 200, seed: int = 1) -> list:
    """Non-terminal positions after 0-41 random plies (reproducible)."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = Connect4()
        for _ in range(rng.randint(0, 41)):
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                state.undo_action()
                break
        states.append(state)
    return states


def heuristic_table(positions: int = 200, repeats: int = 3, min_time: float = 0.05) -> list[dict]:
    """Evaluations per second, compiled vs twin, for each heuristic (same positions)."""
    from qsearch.reference import heuristics as twins

    states = sample_positions(positions)
    rows = []
    for name, compiled in HEURISTICS.items():
        twin = getattr(twins, name)
        loops = 1
        while True:                 # enough loops that one run takes min_time
            start = time.perf_counter()
            evaluate_many(compiled, states, 0, loops)
            if time.perf_counter() - start >= min_time:
                break
            loops *= 4
        t_fast, _ = best_of(repeats, lambda c=compiled, n=loops: evaluate_many(c, states, 0, n))
        t_twin, _ = best_of(1, lambda t=twin: [t(s, 0) for s in states])
        fast = len(states) * loops / t_fast
        slow = len(states) / t_twin
        rows.append({"heuristic": name, "compiled Meval/s": fast / 1e6,
                     "twin keval/s": slow / 1e3, "x twin": fast / slow})
    return rows


def search_table(moves: str = MID_GAME, depth: int = 8, repeats: int = 3) -> list[dict]:
    """A depth-8 alpha-beta move with potential_lines: compiled, and the readable search."""
    state = Connect4.from_moves(moves)
    rows = []
    for order in (None, ORDER):
        t_fast, fast = best_of(repeats, lambda o=order: alphabeta(
            state, depth, potential_lines, order=o, **WIN))
        t_twin, twin = best_of(1, lambda o=order: twin_alphabeta(
            state, depth, potential_lines, order=o, **WIN))
        assert (twin.value, twin.action, twin.nodes) == (fast.value, fast.action, fast.nodes)
        rows.append({"position": moves, "depth": depth,
                     "order": "centre first" if order else "left to right",
                     "column": fast.action + 1, "nodes": fast.nodes, "compiled time": t_fast,
                     "compiled Mn/s": fast.nodes / t_fast / 1e6, "twin time": t_twin,
                     "x twin": t_twin / t_fast})
    return rows


def main() -> None:  # pragma: no cover - a convenience for running the module
    from qsearch.bench._table import markdown

    print(markdown(heuristic_table()))
    print(markdown(search_table()))


if __name__ == "__main__":  # pragma: no cover
    main()


def sections(options) -> list[tuple]:
    """The heuristic tables for ``python -m qsearch bench``."""
    repeats = 1 if options.quick else 3
    return [
        ("heuristics", "Connect-4 heuristics: evaluations per second, compiled vs twin",
         lambda: heuristic_table(repeats=repeats)),
        ("heuristic-search", "A depth-8 alpha-beta move with potential_lines",
         lambda: search_table(repeats=repeats)),
    ]
