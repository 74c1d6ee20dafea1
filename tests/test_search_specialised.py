"""The search core's Connect-4 and Reversi copies against its generic one, and Reversi's cached
move mask.

`_engine.pyx` compiles its negamax three times (Connect-4, Reversi, any game) and answers a
leaf without a call when nothing is traced. These tests run every switch of the core both ways
on positions that reach finished games, passes and node limits, and demand the same value,
move, principal variation, every counter and the same trace; and the untraced leaf path
against the traced one. Plain minimax and the readable twins stay the independent oracles
(tests/test_search_core.py, tests/test_search.py), and they now run on the specialised copies.
"""
import random

import pytest
from helpers import lopsided, random_position, same_result

import qsearch.reference as ref
from qsearch.games import Connect4, Reversi
from qsearch.heuristics.connect4 import evaluation_table
from qsearch.heuristics.reversi import disc_difference
from qsearch.reference.reversi import PyReversi
from qsearch.search import TranspositionTable, alphabeta, minimax, negamax, pvs
from qsearch.search._engine import use_specialised

pytestmark = pytest.mark.compiled


def _positions(cls, seed, count, min_plies, max_plies):
    rng = random.Random(seed)
    return [random_position(cls, rng, max_plies, min_plies) for _ in range(count)]


def _reversi_with_a_pass():
    """A position whose mover must pass (found by seeded random games)."""
    rng = random.Random(7)
    for _ in range(2000):
        state = Reversi()
        while not state.is_terminal():
            if state.legal_actions() == [64] and sum(state.discs()) < 64:
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no pass found")


CASES = (
    [("connect4", s, 5, evaluation_table) for s in _positions(Connect4, 1, 4, 0, 12)]
    + [("connect4 endgame", s, 7, evaluation_table) for s in _positions(Connect4, 2, 3, 28, 36)]
    + [("reversi", s, 4, disc_difference) for s in _positions(Reversi, 3, 3, 0, 30)]
    + [("reversi endgame", s, 6, disc_difference) for s in _positions(Reversi, 4, 3, 50, 56)]
)

CONFIGS = {
    "minimax": lambda s, d, h: minimax(s, d, h),
    "negamax lopsided": lambda s, d, h: negamax(s, d, lopsided),
    "alphabeta": lambda s, d, h: alphabeta(s, d, h),
    "fail-hard": lambda s, d, h: alphabeta(s, d, h, fail_hard=True),
    "strict": lambda s, d, h: alphabeta(s, d, h, strict=True),
    "pvs": lambda s, d, h: pvs(s, d, h),
    "table, win decay": lambda s, d, h: alphabeta(s, d, h, tt=16, win_value=1e4, win_decay=1),
    "pvs table": lambda s, d, h: pvs(s, d, h, tt=16),
    "priorities": lambda s, d, h: alphabeta(s, d, h, order=list(range(64, -1, -1))
                                            if isinstance(s, Reversi) else [3, 2, 4, 1, 5, 0, 6]),
    "order function": lambda s, d, h: alphabeta(s, d, h, order=lambda st, a: a[::-1]),
    "python heuristic": lambda s, d, h: alphabeta(s, d, lopsided),
    "node limit": lambda s, d, h: alphabeta(s, d, h, max_nodes=777),
}


def _both_ways(run):
    before = use_specialised(True)
    try:
        fast = run()
        use_specialised(False)
        generic = run()
    finally:
        use_specialised(before)
    return fast, generic


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("case", range(len(CASES)), ids=lambda i: f"{CASES[i][0]}-{i}")
def test_specialised_copy_equals_the_generic_one(case, config):
    _, state, depth, h = CASES[case]
    fast, generic = _both_ways(lambda: CONFIGS[config](state, depth, h))
    assert same_result(fast, generic)
    assert fast.nodes > 1


@pytest.mark.parametrize("config", ["alphabeta", "pvs", "table, win decay", "node limit"])
@pytest.mark.parametrize("case", range(0, len(CASES), 3), ids=lambda i: f"{CASES[i][0]}-{i}")
def test_untraced_leaves_count_as_traced_ones(case, config):
    """The untraced search answers leaves without a call; the traced one records each."""
    _, state, depth, h = CASES[case]
    run = CONFIGS[config]
    plain = run(state, depth, h)

    def traced():
        fn = {"alphabeta": alphabeta, "pvs": pvs}
        if config == "table, win decay":
            return alphabeta(state, depth, h, tt=16, win_value=1e4, win_decay=1, trace=True)
        if config == "node limit":
            return alphabeta(state, depth, h, max_nodes=777, trace=True)
        return fn[config](state, depth, h, trace=True)

    fast, generic = _both_ways(traced)
    assert same_result(plain, fast) and same_result(fast, generic)
    assert fast.trace == generic.trace
    assert sum(e.kind in ("leaf", "terminal") for e in fast.trace) >= plain.leaves


@pytest.mark.parametrize("case", range(len(CASES)), ids=lambda i: f"{CASES[i][0]}-{i}")
def test_specialised_alphabeta_returns_the_twins_minimax(case):
    """An independent oracle: the readable twin's plain minimax, on the same game."""
    _, state, depth, h = CASES[case]
    depth = min(depth, 4)
    assert alphabeta(state, depth, h).value == ref.minimax(state, depth, h).value


def test_a_pass_is_searched_the_same_both_ways():
    state = _reversi_with_a_pass()
    assert state.legal_actions() == [64]
    for depth in (1, 3, 5):
        fast, generic = _both_ways(lambda d=depth: alphabeta(state, d, disc_difference))
        assert same_result(fast, generic)
        assert fast.action == 64


def test_a_table_kept_across_a_game_is_the_same_both_ways():
    """One table per copy, kept across a whole Connect-4 and a whole Reversi game."""
    for cls, h, depth in ((Connect4, evaluation_table, 6), (Reversi, disc_difference, 4)):
        tables = [TranspositionTable(14), TranspositionTable(14)]
        state = cls()
        while not state.is_terminal():
            use_specialised(True)
            try:
                a = alphabeta(state, depth, h, tt=tables[0], win_value=1e4, win_decay=1)
                use_specialised(False)
                b = alphabeta(state, depth, h, tt=tables[1], win_value=1e4, win_decay=1)
            finally:
                use_specialised(True)
            assert same_result(a, b)
            state.apply_action(a.action)


def test_reversis_cached_moves_follow_every_change():
    """The mover's move mask is cached per position: after any make, unmake, clone or
    from_board it must be the twin's (which caches nothing), checked at every step."""
    rng = random.Random(11)
    for _ in range(30):
        state, twin = Reversi(), PyReversi()
        while not state.is_terminal():
            assert state.legal_actions() == twin.legal_actions()
            assert state.current_player() == twin.current_player()
            copy = state.clone()
            assert copy.legal_actions() == state.legal_actions()
            rebuilt = Reversi.from_board(state.board_string(), state.current_player())
            assert rebuilt.legal_actions() == state.legal_actions()
            if rng.random() < 0.3 and state.history():
                state.undo_action()
                twin.undo_action()
                continue
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            twin.apply_action(action)
        assert state.returns() == twin.returns()
        assert Reversi.from_board(state.board_string(), 0).is_terminal()
