"""One rule per argument in both builds (issue 43): every public search of
:mod:`qsearch.search` gets the same good and bad arguments in the compiled build (on
qsearch's engines, and on plain-Python games, which run the readable twins) and in the
pure-Python build (``QSEARCH_PURE=1``, run once in a fresh interpreter that prints its table
of outcomes), and each argument must be accepted by all three or refused by all three with the
same exception type: a ValueError or TypeError that names the argument, never an
OverflowError from a big integer. numpy integers are accepted wherever ints are.

Run as a script, this file prints the table of outcomes of the build it runs in (JSON).
"""
from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pytest

import qsearch
import qsearch.search as S
from qsearch.games import Connect4, Pig, TicTacToe
from qsearch.reference.pig import PyPig
from qsearch.reference.tictactoe import PyTicTacToe

ROOT = Path(__file__).resolve().parents[1]
BIG = 2**70                 # beyond 64 bits: a C long overflows
HUGE = 2**2000              # beyond a float


def zero(state, player) -> float:
    """Every leaf scores 0 (its declared range says so)."""
    return 0.0


zero.bounds = (0.0, 0.0)


def quiet(state) -> bool:
    """No position is volatile."""
    return False


class Case(NamedTuple):
    search: str             # the name in qsearch.search
    argument: str           # the argument varied, named by the message of a refusal
    value: object
    game: str | None        # key of GAMES (None: no state)
    args: tuple
    kwargs: dict
    tag: str = ""           # tells apart cases of one value with different other arguments

    @property
    def id(self) -> str:
        return f"{self.search}[{self.argument}={show(self.value)}{self.tag}]"

    def run(self, games: dict):
        """Call the search; the state first when it takes one."""
        function = getattr(S, self.search)
        state = () if self.game is None else (games[self.game](),)
        return function(*state, *self.args, **self.kwargs)


def show(value) -> str:
    """A short, stable text for a value (big ints as powers of 2)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"2**{value.bit_length() - 1}"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(show, value)) + ")"
    return getattr(value, "__name__", None) or repr(value)


DEPTHS = [None, 3, np.int64(3), np.uint8(3), 2**31, 2**63, BIG, -1, 2.5, True, "3",
          np.float64(3)]
NODES = [0, -1, 1, np.int64(10), 2**63, BIG, 2.5, True, "1"]
TIMES = [0, -1, 10, np.float64(10), np.int64(10), True, "1", math.nan, math.inf, HUGE]
WIN_VALUES = [0, -1, 100, np.int64(100), math.nan, math.inf, True, "x", BIG, HUGE]
WIN_DECAYS = [-1, 0.5, np.float64(0.5), np.int64(0), math.nan, math.inf, "x", True, HUGE]
ORDERS = [[0, 1, 2], "abc", [1, 1], [-1], 5, np.array([4, 5]), [np.int64(4)], [BIG], [2.0]]
TABLES = [None, True, False, 0, 1, 16, np.int64(16), 31, 64, -1, BIG, 2.5, "x"]


def cases() -> list[Case]:
    """Every argument of every public search, good values and bad."""
    out: list[Case] = []

    def add(search, game, argument, values, *args, at=None, tag="", **kwargs):
        """One case per value: a keyword argument, or the positional one at index ``at``."""
        for v in values:
            if at is None:
                out.append(Case(search, argument, v, game, args, {**kwargs, argument: v}, tag))
            else:
                out.append(Case(search, argument, v, game, (*args[:at], v, *args[at:]), kwargs,
                                tag))

    for name in ("minimax", "negamax", "alphabeta", "pvs"):
        add(name, "ttt", "depth", DEPTHS, at=0)
        add(name, "ttt", "max_nodes", NODES, 2)
        add(name, "ttt", "time_limit", TIMES, 2)
        add(name, "ttt", "win_value", WIN_VALUES, 2, zero)
        add(name, "ttt", "win_decay", WIN_DECAYS, 2, zero)
        add(name, "ttt", "order", ORDERS, 2)
        add(name, "ttt", "evaluate", [zero, 5], 2, at=1)
    for name in ("alphabeta", "pvs", "iterative_deepening"):
        add(name, "ttt", "tt", TABLES, 3)
    add("pvs", "ttt", "null_window", [1, 0, -1, np.float64(1), "x", math.nan, True, HUGE], 2)
    add("iterative_deepening", "ttt", "max_depth", DEPTHS, at=0)
    add("iterative_deepening", "ttt", "algorithm", ["pvs", "alphabeta", "minimax", 5], 3)
    add("iterative_deepening", "ttt", "max_nodes", NODES, 3)
    add("iterative_deepening", "ttt", "time_limit", TIMES, 3)
    add("iterative_deepening", "ttt", "order", ORDERS, 3)
    # expectiminimax: a depth is required (None, and 2**30 or more, would not stop)
    add("expectiminimax", "pig", "depth", [None, 0, 2, np.int64(2), np.uint8(2), 2**31, 2**63,
                                           BIG, -1, 2.5, True, "2"], at=0,
        max_nodes=2000)             # a node limit: the search stops even without a depth
    for prune in ("star1", "star2"):
        # no evaluation: every leaf scores 0, so bounds (0, 0) are exact (issue 43)
        add("expectiminimax", "pig", "bounds", [(0, 0), (-1, 1), (1, 0), (0, "x"),
                                                (math.nan, 1), np.array([-1.0, 1.0]),
                                                (0, HUGE), None], 2, prune=prune,
            tag=f", {prune}")
    add("expectiminimax", "pig", "prune", [None, "star1", "bad", 5], 2, zero)
    add("expectiminimax", "pig", "limit", [None, 0, 1, np.int64(2), -1, 2.5, BIG, True, "1"], 2)
    add("expectiminimax", "pig", "player", [None, 0, 1, np.int64(0), -1, "0"], 2)
    add("expectiminimax", "pig", "max_nodes", NODES, 2)
    add("expectiminimax", "pig", "time_limit", TIMES, 2)
    add("expectiminimax", "pig", "win_value", WIN_VALUES, 2, zero)
    add("expectiminimax", "pig", "win_decay", WIN_DECAYS, 2, zero)
    add("expectiminimax", "pig", "evaluate", [zero, 5], 2, at=1)
    # MCTS
    add("mcts", "ttt", "iterations", [10, np.int64(10), np.uint8(10), 2**31, BIG, 0, -1, 2.5,
                                      True, "10", None], at=0)
    add("mcts", "ttt", "c", [0, 2, np.float64(1), -1, math.nan, math.inf, "x", True, HUGE], 10)
    add("mcts", "ttt", "seed", [0, -1, 2**64, BIG, np.uint64(2**63), np.int64(-5), 2.5, "x",
                                True], 10)
    add("mcts", "ttt", "time_limit", TIMES, 10)
    add("mcts", "ttt", "rollout_depth", [0, 2, np.int64(2), BIG, -1, 2.5, True], 10,
        evaluate=zero)
    add("mcts", "ttt", "max_nodes", [None, 10, np.int64(100), 2**63, BIG, 0, 1, 2, 2.5, True],
        10)
    add("mcts", "ttt", "win_value", WIN_VALUES, 10, evaluate=zero, rollout_depth=1)
    add("mcts", "ttt", "evaluate", [zero, 5], 10, rollout_depth=1)
    # limited_minimax (document 004's Minimax_Limitado)
    add("limited_minimax", "ttt", "depth", [1, 2, np.int64(2), 200, 201, BIG, 0, -1, 2.5,
                                            True, None], zero, at=0)
    add("limited_minimax", "ttt", "max_nodes", [None, 1, np.int64(100), 2**63, BIG, 0, -1,
                                                2.5, True], 2, zero)
    add("limited_minimax", "ttt", "root_move", ["document", "best", "bad", None], 2, zero)
    add("limited_minimax", "ttt", "children", ["iterator", "list", "bad", None], 2, zero)
    add("limited_minimax", "ttt", "evaluate", [zero, 5], 2, at=1)
    # quiescence (document 002, Alg. 4 and 5)
    for name, extra in (("quiescence_search", ()), ("normal_search", (1,))):
        add(name, "ttt", "depth", [1, np.int64(1), BIG, -1, 2.5, None], *extra, at=0,
            volatile=quiet)
        add(name, "ttt", "max_nodes", NODES, 1, *extra, volatile=quiet)
        add(name, "ttt", "time_limit", TIMES, 1, *extra, volatile=quiet)
        add(name, "ttt", "volatile", [quiet, 5], 1, *extra)
        add(name, "ttt", "algorithm", ["minimax", "alphabeta", "bad", 5], 1, *extra,
            volatile=quiet)
    add("normal_search", "ttt", "depth2", [0, np.int64(1), BIG, -1, 2.5, None], 1, at=1,
        volatile=quiet)
    # the Connect-4 solver
    add("Solver", None, "table_bits", [10, 16, np.int64(16), 0, 31, BIG, -1, 2.5, "x", True])
    add("solve_connect4", "c4", "weak", [False, True, np.bool_(True)])
    add("analyze_connect4", None, "state", ["not a game", None], at=0)
    out.append(Case("analyze_connect4", "state", "c4", "c4", (), {}))
    # a new table (its size checks live in search/tt.pyx and tt.py)
    add("TranspositionTable", None, "bits", [1, 16, np.int64(16), 0, 31, 64, -1, BIG, 2.5, "x",
                                             True])
    return out


ENGINES = {"ttt": lambda: TicTacToe.from_board("x../o.x/xoo"),
           "pig": lambda: Pig(win_score=10),
           "c4": lambda: Connect4.from_moves("4444443333332222")}
# plain-Python games: in the compiled build they run the readable twins (qsearch.reference)
PYTHON_GAMES = {**ENGINES, "ttt": lambda: PyTicTacToe.from_board("x../o.x/xoo"),
                "pig": lambda: PyPig(win_score=10)}


def outcomes(games: dict) -> dict[str, list[str]]:
    """``{case id: ["ok"]}``, or ``[exception type, message]`` for a refusal."""
    table = {}
    for case in cases():
        try:
            case.run(games)
            table[case.id] = ["ok"]
        except Exception as error:                  # noqa: BLE001 (every kind is recorded)
            table[case.id] = [type(error).__name__, str(error)]
    return table


# Where a refusal's message names the argument in other words.
NAMED_AS = {"max_depth": "depth", "state": "Connect"}


@pytest.fixture(scope="module")
def builds() -> dict[str, dict]:
    """The outcomes of every case: the compiled engines, the twins on plain-Python games,
    and the pure-Python build (a fresh ``QSEARCH_PURE=1`` interpreter); in pure mode the
    first two are already the pure build."""
    found = {"engines": outcomes(ENGINES), "python games": outcomes(PYTHON_GAMES)}
    if qsearch.compiled:
        env = {**os.environ, "QSEARCH_PURE": "1", "PYTHONPATH": str(ROOT)}
        run = subprocess.run([sys.executable, __file__], env=env, capture_output=True,
                             text=True, timeout=600, cwd=ROOT)
        assert run.returncode == 0, run.stderr[-2000:]
        found["pure build"] = json.loads(run.stdout)
    return found


CASES = cases()
SEARCHES = sorted({c.search for c in CASES})


def test_every_public_search_is_called():
    public = {n for n in S.__all__ if callable(getattr(S, n)) and n[0].islower()}
    assert public <= set(SEARCHES), public - set(SEARCHES)
    assert {"Solver", "TranspositionTable"} <= set(SEARCHES)
    assert len({c.id for c in CASES}) == len(CASES)


def broken_rules(case: Case, seen: dict) -> str:
    """What is wrong with the outcomes ``seen`` of ``case`` in each build ("" if nothing)."""
    kinds = {outcome[0] for outcome in seen.values()}
    if len(kinds) > 1:
        return f"{case.id}: the builds differ: {seen}"
    if kinds <= {"ok"}:
        return ""
    if not kinds <= {"ValueError", "TypeError"}:
        return f"{case.id}: refused with {kinds.pop()}, not a ValueError or TypeError: {seen}"
    name = NAMED_AS.get(case.argument, case.argument)
    for build, (_, message) in seen.items():
        if name not in message and not (case.argument == "bounds" and "prune" in message):
            return f"{case.id}: the message of the {build} does not name {name}: {message!r}"
    return ""


@pytest.mark.parametrize("search", SEARCHES)
def test_one_rule_per_argument_in_both_builds(builds, search):
    broken = [broken_rules(c, {b: table[c.id] for b, table in builds.items()})
              for c in CASES if c.search == search]
    assert [b for b in broken if b] == []


if __name__ == "__main__":
    print(json.dumps(outcomes(ENGINES)))
