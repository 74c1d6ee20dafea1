"""A transposition table kept between searches, as a game's moves keep it (issue 21, 1-2).

The oracle is the same search without a table (or with a fresh one), which shares no stored
value with the searches before it: whatever the table holds, the value must not change.
"""
import random

import pytest
from helpers import random_position
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qsearch.reference as ref
from qsearch.games import Connect4
from qsearch.heuristics.connect4 import evaluation_table, line_weights, potential_lines
from qsearch.search import TranspositionTable, alphabeta, iterative_deepening, pvs

ENGINES = {
    "compiled": (alphabeta, pvs, iterative_deepening, TranspositionTable),
    "twin": (ref.alphabeta, ref.pvs, ref.iterative_deepening, ref.ReferenceTable),
}
NOT_ZERO_SUM = {"evaluation_table": evaluation_table, "potential_lines": potential_lines}
SCORING = {"win band": dict(win_value=10000, win_decay=1), "flat": dict(win_value=10000)}


def test_the_audits_repro_root_player_changes():
    state = Connect4()
    for a in (4, 4, 1, 2, 4, 3, 5):
        state.apply_action(a)
    for name, (ab, _, _, Table) in ENGINES.items():
        table = Table()
        first = ab(state, 7, evaluation_table, tt=table, win_value=10000, win_decay=1)
        child = state.child(first.action)
        shared = ab(child, 6, evaluation_table, tt=table, win_value=10000, win_decay=1)
        assert shared.value == ab(child, 6, evaluation_table, win_value=10000,
                                  win_decay=1).value == 129, name


@pytest.mark.compiled_speed
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), heuristic=st.sampled_from(sorted(NOT_ZERO_SUM)),
       scoring=st.sampled_from(sorted(SCORING)), engine=st.sampled_from(sorted(ENGINES)),
       algorithm=st.sampled_from(["alphabeta", "pvs"]))
def test_a_table_shared_by_searches_from_either_player_changes_no_value(
        seed, heuristic, scoring, engine, algorithm):
    # The moves of a game, one table kept throughout, the root player alternating. Each search
    # is one ply shallower than the one before, so every stored entry was searched exactly as
    # deep as the later search needs (a deeper entry may rightly give a deeper, other value).
    rng = random.Random(seed)
    ab, pv, _, Table = ENGINES[engine]
    search = ab if algorithm == "alphabeta" else pv
    evaluate, options = NOT_ZERO_SUM[heuristic], SCORING[scoring]
    state = random_position(Connect4, rng, 16)
    table = Table(16)
    depth = rng.randint(4, 6)
    for _ in range(4):
        if state.is_terminal():
            break
        shared = search(state, depth, evaluate, tt=table, **options)
        alone = search(state, depth, evaluate, **options)
        assert shared.value == alone.value, (state.history(), depth)
        state = state.child(rng.choice(state.legal_actions()))
        depth -= 1


@pytest.mark.compiled_speed
def test_the_audits_repro_deepening_with_a_filled_table():
    state = Connect4()
    for a in (4, 2, 6, 4, 2, 3):
        state.apply_action(a)
    for name, (_, _, deepen, Table) in ENGINES.items():
        table = Table()
        first = deepen(state, 8, line_weights, tt=table, win_value=1000, win_decay=1)
        later = state.child(first.action).child(2)
        shared = deepen(later, 9, line_weights, tt=table, win_value=1000, win_decay=1)
        fresh = deepen(later, 9, line_weights, win_value=1000, win_decay=1)
        assert (shared.depth, shared.value) == (fresh.depth, fresh.value) == (9, 0.5), name


@pytest.mark.compiled_speed
@pytest.mark.parametrize("engine", sorted(ENGINES))
def test_deepening_with_a_filled_table_reaches_the_depth_asked(engine):
    _, _, deepen, Table = ENGINES[engine]
    rng = random.Random(11)
    for _ in range(6):
        state = random_position(Connect4, rng, 20, min_plies=6)
        table = Table(16)
        deepen(state, 6, line_weights, tt=table, win_value=1000, win_decay=1)
        fresh = deepen(state, 7, line_weights, win_value=1000, win_decay=1)
        shared = deepen(state, 7, line_weights, tt=table, win_value=1000, win_decay=1)
        assert (shared.depth, shared.value) == (fresh.depth, fresh.value)
