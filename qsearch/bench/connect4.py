"""Speed tables: compiled search against its twins and OpenSpiel, and the exact solver.

``python -m qsearch bench`` prints them (and ``--output FILE`` writes them as markdown).
Every number comes from this run; nothing is typed in but the reference times of Pascal
Pons' C++ solver, measured here once with his code (``../shared/data/connect4/README.md``).
"""
from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from qsearch.bench._table import best_of, format_seconds
from qsearch.games import Connect4
from qsearch.reference import alphabeta as twin_alphabeta
from qsearch.reference.connect4 import PyConnect4
from qsearch.search import alphabeta

# Empty board at depth 8, then three middle-game positions (the first three of the
# published set Test_L2_R2) at depth 10, all with a zero evaluation.
SEARCH_POSITIONS = [("", 8), ("274552224131661", 10), ("5455174361263362", 10),
                    ("2531276566711153", 10)]

SOLVE_SETS = ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2",
              "Test_L1_R3"]
SLOW_SETS = {"Test_L2_R2", "Test_L1_R2", "Test_L1_R3"}
# Pons' C++ solver without an opening book, mean seconds and nodes per position.
PONS = {"Test_L3_R1": (5.8e-6, 51), "Test_L2_R1": (47.5e-6, 449),
        "Test_L2_R2": (5.0e-3, 39_807), "Test_L1_R1": (0.32e-3, 3_296),
        "Test_L1_R2": (0.149, 1_190_000), "Test_L1_R3": (8.46, 58_200_000)}


def _openspiel_alphabeta(moves: str, depth: int):
    """OpenSpiel's Python alpha_beta_search on its compiled connect_four: (value, leaves)."""
    import pyspiel
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    for ch in moves:
        state.apply_action(int(ch) - 1)
    leaves = [0]

    def zero(_state) -> float:
        leaves[0] += 1
        return 0.0

    value, _ = alpha_beta_search(game, state=state, maximum_depth=depth, value_function=zero,
                                 maximizing_player_id=state.current_player())
    return value, leaves[0]


def search_table(repeats: int = 3) -> list[dict]:
    """Nodes per second of compiled alpha-beta vs the twin, OpenSpiel and the all-Python pair."""
    try:
        import pyspiel  # noqa: F401
        have_openspiel = True
    except ImportError:
        have_openspiel = False
    rows = []
    for moves, depth in SEARCH_POSITIONS:
        state = Connect4.from_moves(moves)
        t_fast, fast = best_of(repeats, lambda s=state, d=depth: alphabeta(s, d))
        t_twin, twin = best_of(1, lambda s=state, d=depth: twin_alphabeta(s, d))
        py_state = PyConnect4.from_moves(moves)
        t_py, py = best_of(1, lambda s=py_state, d=depth: twin_alphabeta(s, d))
        assert twin.nodes == py.nodes == fast.nodes and twin.value == fast.value
        row = {"position": moves or "(empty)", "depth": depth, "nodes": fast.nodes,
               "compiled Mn/s": fast.nodes / t_fast / 1e6,
               "twin kn/s": twin.nodes / t_twin / 1e3, "x twin": t_twin / t_fast,
               "all-Python kn/s": py.nodes / t_py / 1e3, "x all-Python": t_py / t_fast}
        if have_openspiel:
            t_os, (value, leaves) = best_of(
                1, lambda m=moves, d=depth: _openspiel_alphabeta(m, d))
            assert leaves == fast.leaves and value == fast.value, (leaves, fast.leaves)
            row["OpenSpiel kn/s"] = fast.nodes / t_os / 1e3
            row["x OpenSpiel"] = t_os / t_fast
        rows.append(row)
    return rows


def find_data_dir() -> Path | None:
    """The published sets: ``../shared/data/connect4`` beside the checkout, else tests/data."""
    root = Path(__file__).resolve().parent.parent
    shared = root.parent / "shared" / "data" / "connect4"
    for candidate in (shared, root / "tests" / "data" / "connect4"):
        if candidate.is_dir():
            return candidate
    return None


def solve_table(limit_slow: int = 100, limit_fast: int = 1000, sets=SOLVE_SETS,
                progress: Callable[[str], None] | None = None) -> list[dict]:
    """Mean time and nodes of ``solve`` per position on each published set, scores checked."""
    from qsearch.search.connect4_solver import Solver

    data = find_data_dir()
    if data is None:
        return []
    solver = Solver()
    rows = []
    for name in sets:
        path = data / name
        if not path.exists():
            continue
        limit = limit_slow if name in SLOW_SETS else limit_fast
        lines = [ln.split() for ln in path.read_text().splitlines() if ln.strip()][:limit]
        times, nodes = [], []
        for moves, score in lines:
            state = Connect4.from_moves(moves)
            solver.reset()
            start = time.perf_counter()
            res = solver.solve(state)
            times.append(time.perf_counter() - start)
            nodes.append(res.nodes)
            if res.score != int(score):
                raise AssertionError(f"{name}: solve({moves}) = {res.score}, published {score}")
        pons_time, pons_nodes = PONS[name]
        mean, mean_nodes = statistics.fmean(times), statistics.fmean(nodes)
        rows.append({"set": name, "positions": len(lines), "mean time": mean,
                     "max time": max(times), "mean nodes": mean_nodes,
                     "ns/node": 1e9 * sum(times) / max(sum(nodes), 1),
                     "Pons mean time": pons_time, "Pons nodes": pons_nodes,
                     "Pons ns/node": 1e9 * pons_time / pons_nodes, "x Pons": mean / pons_time})
        if progress:
            progress(f"{name}: {len(lines)} positions, mean {format_seconds(mean)}")
    return rows


def sections(options) -> list[tuple]:
    """The Connect-4 search and solver tables for ``python -m qsearch bench``."""
    quick = options.quick
    solve_limit = getattr(options, "solve_limit", None)
    limit_slow = solve_limit if solve_limit is not None else (5 if quick else 100)
    return [
        ("search", "Compiled alpha-beta on Connect-4 (zero evaluation): nodes per second; "
         "`x twin`, `x OpenSpiel`, `x all-Python` = how many times faster the compiled search "
         "is on the same tree",
         lambda: search_table(repeats=1 if quick else 3)),
        ("solve", "Exact solver on the published positions (first 100 of the slow sets; "
         "Pons' C++ solver measured here without its opening book)",
         lambda: solve_table(limit_slow=limit_slow, limit_fast=100 if quick else 1000,
                             progress=lambda m: print("  " + m, file=sys.stderr))),
    ]
