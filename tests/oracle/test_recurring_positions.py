"""Where issue 43's audit found wrong answers: positions that recur at different plies, wins
worth more than 1, tables kept between searches, cleared, or cut short by the clock.

The games (tests/oracle/games.py) are a class's own Python games, which every search runs
as its readable twin in both builds; the compiled core is checked on toy trees (returns
-9..9) and tic-tac-toe.

* Iterative deepening may stop before ``max_depth`` only when deeper iterations cannot
  change its answer: then it must give the oracle's value to the end of the game. Searched
  deeper than the longest game, it must give that value too.
* Searches to the end (every value exact) with and without a table, with wins of +-2 and of
  several sizes (a 3-1 game returns +-2), ``win_value`` and ``win_decay``: the oracle's value.
* A table kept along a game's moves, to the end: every answer the oracle's.
* ``clear()`` empties everything, so a table reused with another heuristic answers for it.
* A search stopped before any root move gives no move and ``-inf``, by time or by nodes; so
  does iterative deepening stopped by the clock before depth 1.
"""
import random
from types import SimpleNamespace

import pytest

from qsearch import reference as ref
from qsearch import search as qs
from qsearch.games import Connect4, Hypergammon, Pig, TicTacToe
from qsearch.reference import deepening as ref_deepening
from qsearch.search import TranspositionTable
from qsearch.search import deepening as qs_deepening

from . import cases, naive
from .check import Case, run_all, run_table_line, shared_table
from .games import (
    EVALUATIONS,
    Bonus2,
    BonusTake,
    MarginTake,
    PassTake,
    mover_mod4,
    parity,
    stones_left,
)

GAMES = [BonusTake(n) for n in (3, 5, 6, 8)] + [PassTake(n) for n in (2, 3, 5)] + \
    [MarginTake(n) for n in (4, 7)] + [Bonus2(n) for n in (4, 6)]
# (win_value, win_decay): the defaults, a decay, and the audit's 1000 - ply
WINS = [(None, 0.0), (None, 0.5), (1000.0, 1.0), (60.0, 0.1)]
DEEPENING = [("alphabeta", {}), ("alphabeta", {"fail_hard": True, "strict": True}),
             ("pvs", {})]


def ev_id(ev):
    return "none" if ev is None else ev.__name__


def oracle(state, depth, evaluate=None, win_value=None, win_decay=0.0):
    """``(value, best moves)`` of the naive oracle."""
    value, children = naive.Minimax(evaluate, win_value=win_value, win_decay=win_decay,
                                    key=cases.memo_key).root(state, depth)
    return value, {a for a, v in children.items() if v == value}


def longest_game(state, memo=None) -> int:
    """The most plies a game from ``state`` can last."""
    memo = {} if memo is None else memo
    key = cases.memo_key(state)
    if key not in memo:
        memo[key] = 0 if state.is_terminal() else 1 + max(
            longest_game(naive.child_of(state, a), memo) for a in state.legal_actions())
    return memo[key]


# --- 1. iterative deepening's stopping rule --------------------------------------------------
def test_bonus_take_the_audits_example():
    """Issue 43: from 5 stones the player to move loses (-3.0: the win value is 3), which
    alpha-beta finds at depth 4; the deepening stopped at depth 3 with -2.0, complete."""
    state = BonusTake(5)
    assert qs.alphabeta(state, 4, mover_mod4).value == -3.0
    assert oracle(state, None, mover_mod4)[0] == -3.0
    for algorithm in ("alphabeta", "pvs"):
        for limits in ({}, {"max_nodes": 10**6}, {"time_limit": 1e6}):
            for deepen in (qs.iterative_deepening, ref.iterative_deepening):
                res = deepen(state, 20, mover_mod4, algorithm=algorithm, **limits)
                assert (res.value, res.complete) == (-3.0, True), (algorithm, limits, deepen)
                assert res.depth >= 4


# hash evaluations (cases.make_evaluation) too: a depth-limited value that changes with depth
DEEPENING_EVALUATIONS = EVALUATIONS + tuple(cases.make_evaluation(kind, seed)
                                            for kind in ("tie", "int") for seed in (1, 2))


@pytest.mark.parametrize("state", GAMES, ids=str)
@pytest.mark.parametrize("evaluate", DEEPENING_EVALUATIONS, ids=ev_id)
def test_deepening_stops_only_when_deeper_changes_nothing(state, evaluate):
    longest = longest_game(state)
    full = oracle(state, None, evaluate)
    for algorithm, options in DEEPENING:
        for max_depth in (3, longest + 3):
            res = qs.iterative_deepening(state, max_depth, evaluate, algorithm=algorithm,
                                         tt=12, **options)
            label = (algorithm, options, max_depth, [(r.depth, r.value) for r in res.iterations])
            assert res.complete, label
            if res.depth < max_depth or max_depth >= longest:
                assert res.value == full[0], label
                assert res.action in full[1], label
            if res.depth < max_depth:     # stopped early: settled, as deep as max_depth
                assert res.value == oracle(state, max_depth, evaluate)[0], label


@pytest.mark.parametrize("state", [BonusTake(6), PassTake(4)], ids=str)
def test_deepening_with_a_table_filled_before(state):
    """Entries from earlier searches (shallower ones, of the same positions) do not stop the
    run early either."""
    for evaluate in (stones_left, parity):
        full = oracle(state, None, evaluate)
        table = shared_table(state)
        for depth in (1, 2, 3):
            ref.alphabeta(state, depth, evaluate, tt=table)
        res = qs.iterative_deepening(state, longest_game(state) + 2, evaluate, tt=table)
        assert (res.value, res.complete) == (full[0], True)


def test_deepening_on_a_compiled_game_with_a_table_filled_before():
    """The compiled core's settled entries: a table holding depth-limited entries does not
    stop the run early; one holding the settled answers stops it at depth 2 (depth 1 scores
    the root's children as leaves: a leaf is scored before the table is probed)."""
    state = TicTacToe()
    for a in (4, 0):
        state.apply_action(a)
    evaluate = cases.make_evaluation("int", 7)
    full = oracle(state, None, evaluate)
    table = TranspositionTable(14)
    qs.alphabeta(state, 2, evaluate, tt=table)
    assert not table.settled(state.position_key())
    res = qs.iterative_deepening(state, 9, evaluate, tt=table)
    assert (res.value, res.complete) == (full[0], True) and res.action in full[1]
    assert res.depth == 7                               # the game lasts at most 7 more plies
    qs.alphabeta(state, None, evaluate, tt=table)
    assert table.settled(state.position_key())
    res = qs.iterative_deepening(state, 9, evaluate, tt=table)
    assert (res.value, res.depth, res.complete) == (full[0], 2, True)


# --- 2. to the end, wins of any size, with and without tables ------------------------------
@pytest.mark.parametrize("state", GAMES, ids=str)
@pytest.mark.parametrize("wins", WINS, ids=str)
def test_to_the_end_with_wins_of_any_size(state, wins):
    win_value, win_decay = wins
    for evaluate in (None, stones_left):
        run_all(Case(state, None, evaluate, win_value=win_value, win_decay=win_decay,
                     label=str(state)), deepening=False, invariants=False)


def test_bonus2_the_audits_example():
    """Issue 43: wins of +-2 through a table were moved as if they were +-1 (1994)."""
    kw = {"win_value": 1000, "win_decay": 1}
    assert oracle(Bonus2(4), None, None, **kw)[0] == 1996.0
    for search in (qs.alphabeta, ref.alphabeta, qs.pvs, ref.pvs):
        for tt in (None, True, 12):
            assert search(Bonus2(4), None, None, tt=tt, **kw).value == 1996.0, (search, tt)


def _line(state, plies, seed):
    """``state`` and the positions after each of ``plies`` seeded random moves."""
    rng = random.Random(seed)
    out = [state]
    for _ in range(plies):
        if out[-1].is_terminal():
            break
        out.append(naive.child_of(out[-1], rng.choice(out[-1].legal_actions())))
    return out


@pytest.mark.parametrize("state", [BonusTake(8), Bonus2(7), MarginTake(8), PassTake(5)],
                         ids=str)
@pytest.mark.parametrize("wins", WINS[1:], ids=str)
def test_a_table_kept_along_a_game(state, wins):
    """One table for every move of a game, both root players, each search one ply shallower
    and still as deep as the game can last (every value exact, and entries of one move's
    search serve the next)."""
    win_value, win_decay = wins
    horizon = longest_game(state)
    for seed in (1, 2):
        line = [(s, horizon - i) for i, s in enumerate(_line(state, 5, seed))]
        for evaluate in (None, stones_left):
            run_table_line(line, evaluate, win_value=win_value, win_decay=win_decay,
                           label=f"{state} seed {seed}", algos=("alphabeta",),
                           flags=[{}, {"fail_hard": True}, {"fail_hard": True, "strict": True}])
            run_table_line(line, evaluate, win_value=win_value, win_decay=win_decay,
                           label=f"{state} seed {seed}", algos=("pvs",))


@pytest.mark.parametrize("seed", range(6))
def test_a_table_kept_along_a_toy_tree(seed):
    """The compiled core with returns -9..9: one table down a line of a toy tree, to the
    end and to a shallower horizon (no position recurs: every value the oracle's)."""
    tree = cases.toy_tree(seed)
    for horizon in (longest_game(tree), longest_game(tree) - 2):
        line = [(s, horizon - i) for i, s in enumerate(_line(tree, horizon - 1, seed))]
        for win_value, win_decay in [(200.0, 0.5), (1000.0, 1.0)]:
            run_table_line(line, None, win_value=win_value, win_decay=win_decay,
                           label=f"toy_tree({seed}), horizon {horizon}", algos=("alphabeta",),
                           flags=[{}, {"fail_hard": True}, {"strict": True}])
            run_table_line(line, None, win_value=win_value, win_decay=win_decay,
                           label=f"toy_tree({seed}), horizon {horizon}", algos=("pvs",))


@pytest.mark.compiled
@pytest.mark.parametrize("seed", range(8))
def test_the_twin_moves_wins_as_the_compiled_core(seed):
    """Along a toy tree with one table each, the compiled core and its twin give the same
    values and counts (table hits included): they store and restore the same win units."""
    line = _line(cases.toy_tree(seed), 3, seed)
    for options in ({}, {"fail_hard": True}, {"fail_hard": True, "strict": True}):
        for wins in ({"win_value": 200.0, "win_decay": 0.5}, {"win_value": 3.3,
                                                               "win_decay": 0.01}):
            fast, slow = TranspositionTable(10), ref.ReferenceTable(10)
            for i, state in enumerate(line):
                if state.is_terminal():
                    break
                a = qs.alphabeta(state, 5 - i, None, tt=fast, **options, **wins)
                b = ref.alphabeta(state, 5 - i, None, tt=slow, **options, **wins)
                assert (a.value, a.action, a.counts()) == (b.value, b.action, b.counts()), (
                    options, wins, i)


# --- 3. clear() -----------------------------------------------------------------------------
def _swap(evaluate):
    def swapped(state, player):
        return -evaluate(state, player)
    swapped.bounds = evaluate.bounds
    return swapped


@pytest.mark.parametrize("state", [BonusTake(7), TicTacToe()], ids=str)
def test_clear_empties_everything(state):
    """A table reused with another heuristic after clear() answers for the new heuristic as
    a new table does (the compiled table kept a Python game's entries in its twin table)."""
    first = stones_left if isinstance(state, BonusTake) else cases.make_evaluation("int", 3)
    second = _swap(first)
    table = TranspositionTable(12)
    for search in (qs.alphabeta, qs.pvs):
        search(state, 4, first, tt=table)
        table.clear()
        assert table.filled() == 0 and table.twin().get(state.position_key()) is None
        res = search(state, 4, second, tt=table)
        new = search(state, 4, second, tt=12)
        assert (res.value, res.action, res.counts()) == (new.value, new.action, new.counts())
        if isinstance(state, TicTacToe):      # no position recurs at another ply
            assert res.value == oracle(state, 4, second)[0]
        table.clear()


# --- 4. stopped before any root move --------------------------------------------------------
def _tictactoe():
    state = TicTacToe()
    state.apply_action(4)
    return state


STOPPED = [("alphabeta", {}), ("pvs", {}), ("minimax", {}), ("negamax", {}),
           ("alphabeta", {"tt": 12})]


@pytest.mark.parametrize("name,options", STOPPED, ids=str)
@pytest.mark.parametrize("state", [_tictactoe(), BonusTake(9)], ids=str)
def test_stopped_before_any_root_move_by_nodes_or_time(state, name, options):
    """The same answer whether nodes or time ran out: no move, -inf, incomplete."""
    evaluate = cases.make_evaluation("int", 1) if isinstance(state, TicTacToe) else parity
    for search in (getattr(qs, name), getattr(ref, name)):
        for limit in ({"max_nodes": 1}, {"max_nodes": 2}, {"time_limit": 1e-300}):
            res = search(state, 6, evaluate, **limit, **options)
            assert (res.value, res.action, res.pv, res.complete) == (
                -float("inf"), None, [], False), (search, limit)


@pytest.mark.parametrize("player", [None, 0])
def test_expectiminimax_stopped_before_any_root_move(player):
    """The same rule in expectiminimax, at a decision root (Pig) and a chance root
    (hypergammon's first roll)."""
    state = Pig() if player is None else Hypergammon()
    for search in (qs.expectiminimax, ref.expectiminimax):
        for limit in ({"max_nodes": 1}, {"max_nodes": 2}, {"time_limit": 1e-300}):
            res = search(state, 3, None, win_value=1, player=player, **limit)
            assert (res.value, res.action, res.pv, res.complete) == (
                -float("inf"), None, [], False), (search, limit)


class _Clock:
    """A clock that advances one second at every reading: a deepening with a time limit of
    a microsecond runs out before depth 1 (no test waits or depends on the machine)."""

    def __init__(self):
        self.now = 0.0

    def perf_counter(self):
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("state", [_tictactoe(), BonusTake(9), Connect4()], ids=str)
def test_a_tiny_time_limit_gives_an_incomplete_result(state, monkeypatch):
    """Issue 43: ``time_limit=1e-6`` raised IndexError when the time was up before depth 1."""
    for module in (ref_deepening, qs_deepening):
        monkeypatch.setattr(module, "time", SimpleNamespace(perf_counter=_Clock().perf_counter))
    for deepen in (qs.iterative_deepening, ref.iterative_deepening):
        for algorithm in ("alphabeta", "pvs"):
            res = deepen(state, 5, None, algorithm=algorithm, time_limit=1e-6)
            assert (res.value, res.action, res.complete, res.iterations) == (
                -float("inf"), None, False, []), (deepen, algorithm)


def test_a_tiny_time_limit_on_the_real_clock():
    """Without a fake clock: whatever the machine's speed, an answer, never an exception."""
    for state in (_tictactoe(), BonusTake(9)):
        res = qs.iterative_deepening(state, 5, None, time_limit=1e-6)
        assert res.action is None or res.action in state.legal_actions()
