"""The checks qsearch's pure package must pass inside Pyodide (run there by ``smoke.mjs``).

Each check asserts a fact that does not come from qsearch (a textbook tree's pruning, a
game-theoretic value, a game's own theory) and records the numbers the search reports. The
last line printed is ``SMOKE_RESULTS <json>``: ``tests/test_pyodide.py`` compares those
numbers with the same checks run by the compiled engines in CPython, an independent oracle
for the pure code running in WebAssembly.

Runs anywhere: ``python tests/pyodide/smoke_checks.py`` (compiled or pure CPython) prints the
same line.
"""
from __future__ import annotations

import json
import sys
import time

RESULTS_TAG = "SMOKE_RESULTS"
# What a lesson imports to search and draw trees: none of it may need numpy, scipy or
# matplotlib at import time (Pyodide has them only from its CDN).
CORE_MODULES = ("qsearch", "qsearch.games", "qsearch.search", "qsearch.heuristics",
                "qsearch.reference", "qsearch.viz.tree", "qsearch.viz.layout")
HEAVY = ("numpy", "scipy", "matplotlib")


def core_imports() -> dict:
    """The core imports without numpy, scipy or matplotlib."""
    import importlib
    import importlib.util

    for name in CORE_MODULES:
        if name == "qsearch.viz.layout" and importlib.util.find_spec("graphviz") is None:
            continue            # the pure layout subclasses graphviz.Digraph
        importlib.import_module(name)
    loaded = sorted(name for name in HEAVY if name in sys.modules)
    assert not loaded, f"importing qsearch's core loaded {loaded}"
    return {"heavy_loaded": loaded}


def toy_tree_alphabeta() -> dict:
    """Russell & Norvig's Figure 5.2: value 3, and the leaves 4 and 6 are never looked at."""
    from qsearch.games import ExplicitTree
    from qsearch.search import alphabeta, minimax

    tree = ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    result = alphabeta(tree, None, trace=True)
    assert result.value == 3 == minimax(tree, None).value, result
    seen = [e.value for e in result.trace if e.kind == "terminal"]
    assert seen == [3, 12, 8, 2, 14, 5, 2], seen       # 4 and 6 pruned, nothing else
    cutoffs = [e for e in result.trace if e.kind == "cutoff"]
    assert len(cutoffs) == 1 and cutoffs[0].pruned == (1, 2), cutoffs
    return {"value": result.value, "nodes": result.nodes, "cutoffs": result.cutoffs,
            "trace": [[e.kind, e.node, e.value] for e in result.trace]}


def toy_tree_picture() -> dict:
    """The tree of the search above as SVG (the pure-Python layout: no ``dot`` here)."""
    try:
        import graphviz  # noqa: F401  (only the drawing needs the package)
    except ImportError:
        return {"skipped": "graphviz's Python package is not installed"}
    from qsearch.games import ExplicitTree
    from qsearch.search import alphabeta
    from qsearch.viz.tree import draw_search, svg_text

    tree = ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    svg = svg_text(draw_search(alphabeta(tree, None, trace=True)))
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>"), svg[:80]
    assert "β ≤ α" in svg, "the pruned branches are not labelled"
    return {"svg_bytes": len(svg) > 1000}


def tictactoe_solved() -> dict:
    """Tic-tac-toe is a draw with perfect play, with or without a transposition table."""
    from qsearch.games import TicTacToe
    from qsearch.search import alphabeta

    plain = alphabeta(TicTacToe(), None)
    table = alphabeta(TicTacToe(), None, tt=True)
    assert plain.value == 0 == table.value, (plain, table)
    assert table.nodes < plain.nodes, (table.nodes, plain.nodes)
    return {"nodes": plain.nodes, "nodes_tt": table.nodes, "action": plain.action}


def connect4_alphabeta() -> dict:
    """Connect-4: a win in one is found, and a middle-game search reports its numbers."""
    from qsearch.games import Connect4
    from qsearch.heuristics.connect4 import evaluation_table
    from qsearch.search import alphabeta

    # x stacks three in column 1 (o answers in 2, 2, 3): x to move wins in column 1
    win = alphabeta(Connect4.from_moves("121213"), 4, evaluation_table)
    assert win.action == 0 and win.value > max(evaluation_table.bounds), win  # a win score
    mid = alphabeta(Connect4.from_moves("4453"), 5, evaluation_table)
    return {"win": [win.value, win.action, win.nodes],
            "depth5": [mid.value, mid.action, mid.nodes, mid.leaves, mid.cutoffs]}


def mcts_win_in_one() -> dict:
    """MCTS on tic-tac-toe: x on squares 0 and 1, o on 3 and 4; x wins on square 2."""
    from qsearch.games import TicTacToe
    from qsearch.search import mcts

    board = TicTacToe()
    for square in (0, 3, 1, 4):
        board.apply_action(square)
    result = mcts(board, 2000, seed=1)
    assert result.action == 2, result
    return {"action": result.action, "children": [list(c) for c in result.children]}


class TakeAway:
    """Notebook 10's game: a pile of counters, take 1, 2 or 3, taking the last one wins."""

    def __init__(self, counters=21):
        self.counters, self.player, self.winner = counters, 0, None

    def current_player(self):
        return -4 if self.winner is not None else self.player

    def legal_actions(self):
        if self.winner is not None:
            return []
        return [k for k in (1, 2, 3) if k <= self.counters]

    def apply_action(self, k):
        if k not in self.legal_actions():
            raise ValueError(f"cannot take {k} from {self.counters}")
        self.counters -= k
        if self.counters == 0:
            self.winner = self.player
        self.player = 1 - self.player

    def clone(self):
        copy = TakeAway(self.counters)
        copy.player, copy.winner = self.player, self.winner
        return copy

    def is_terminal(self):
        return self.winner is not None

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]


def student_games() -> dict:
    """Notebook 10's TakeAway and Nim, checked and solved against their theories."""
    from qsearch.games import Nim, check_game
    from qsearch.search import alphabeta, mcts

    states = check_game(TakeAway, games=20)
    assert states > 20, states
    solved = {}
    for n in range(1, 17):      # a multiple of 4 is lost; otherwise take n % 4
        res = alphabeta(TakeAway(n), None)
        assert res.engine == "python", res.engine
        assert res.value == (-1 if n % 4 == 0 else 1), (n, res)
        assert n % 4 == 0 or res.action == n % 4, (n, res)
        solved[n] = res.nodes
    tree = mcts(TakeAway(9), 1000, seed=0)
    assert tree.action == 1, tree           # 9 is won by leaving 8
    nim = {}
    for heaps in ((1, 2, 3), (1, 3, 5), (2, 2), (1, 4, 4)):     # lost iff the nim-sum is 0
        xor = 0
        for h in heaps:
            xor ^= h
        res = alphabeta(Nim(heaps), None)
        assert (res.value > 0) == (xor != 0), (heaps, res)
        nim[str(heaps)] = [res.value, res.nodes]
    return {"takeaway_nodes": solved, "mcts_children": [list(c) for c in tree.children],
            "nim": nim}


def league_in_process() -> dict:
    """Lesson 11's league where no process can start: in Pyodide a league asked to isolate
    its agents plays them in its own process instead (``no_processes`` says why), and a
    mistake costs the game as in a process of their own: a flood, an illegal move, an
    exception. (Elsewhere the same league is played in-process on purpose.)"""
    import tempfile
    import warnings
    from pathlib import Path

    from qsearch.league import run_league
    from qsearch.league.sandbox import no_processes

    browser = sys.platform == "emscripten"
    assert bool(no_processes()) == browser, no_processes()
    folder = Path(tempfile.mkdtemp())
    for name, body in (("chatterbox", "while True:\n        print('hmm')"),
                       ("cheater", "return 4"), ("typo", "return state.legal_actions()[O]"),
                       ("steady", "return state.legal_actions()[-1]")):
        (folder / f"{name}.py").write_text(f"def choose(state):\n    {body}\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = run_league("tictactoe", folder, None, games_per_pair=2, focus="steady",
                            isolated=browser, progress=False, samples=0)
    assert any("own process" in str(w.message) for w in caught) == browser, caught
    assert {r["jail"] for r in result.records} == {"in-process"}, result.records
    return {"forfeits": sorted([f["agent"], f["reason"]] for f in result.forfeits()),
            "actions": [r["actions"] for r in result.records]}


CHECKS = (core_imports, toy_tree_alphabeta, toy_tree_picture, tictactoe_solved, connect4_alphabeta,
          mcts_win_in_one, student_games, league_in_process)


def main() -> int:
    """Run every check (an assertion error stops it), then print the results line."""
    import qsearch

    print(f"qsearch {qsearch.__version__}, compiled={qsearch.compiled}, "
          f"Python {sys.version.split()[0]} on {sys.platform}")
    results = {}
    for check in CHECKS:
        start = time.perf_counter()
        results[check.__name__] = check()
        print(f"ok  {check.__name__} ({time.perf_counter() - start:.2f} s)")
    print(RESULTS_TAG, json.dumps({"compiled": qsearch.compiled, "results": results}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
