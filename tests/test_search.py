"""The compiled search against its pure-Python twin, OpenSpiel, and known values."""
import random

import pytest
from helpers import lopsided, random_position, same_result

import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import Connect4, TicTacToe
from qsearch.heuristics import Heuristic
from qsearch.heuristics.connect4 import evaluation_table
from qsearch.reference.heuristics import evaluation_table as evaluation_table_twin

POSITIONS_PER_GAME = 200


# (algorithm, options) pairs: every algorithm and every switch that changes the search.
VARIANTS = [
    ("minimax", {}),
    ("negamax", {}),
    ("alphabeta", {}),
    ("alphabeta", {"fail_hard": True}),
    ("alphabeta", {"order": [3, 2, 4, 1, 5, 0, 6]}),
    ("alphabeta", {"tt": True}),
    ("alphabeta", {"strict": True, "fail_hard": True}),
    ("pvs", {}),
    ("pvs", {"tt": 8, "order": [4, 3, 2]}),    # a tiny table: collisions and replacements
]


# On 200 Connect-4 positions each variant takes 2-12 s, except the two with a move order.
SLOW_ON_CONNECT4 = [(name, options) for name, options in VARIANTS if "order" not in options]
# the two slowest (over a minute each); alpha-beta's variants and every one on tic-tac-toe stay
RELEASE_ON_CONNECT4 = [("minimax", {}), ("negamax", {})]


def positions(cls, seed, count=POSITIONS_PER_GAME):
    """``count`` (position, depth) pairs; a smaller count gives the first ones."""
    rng = random.Random(seed)
    max_plies = 6 if cls is TicTacToe else 20
    return [(random_position(cls, rng, max_plies), 1 + i % 6) for i in range(count)]


@pytest.mark.slow
@pytest.mark.compiled_speed
@pytest.mark.parametrize("name,options", VARIANTS, ids=lambda v: str(v))
def test_compiled_matches_reference_on_tictactoe(name, options):
    for state, depth in positions(TicTacToe, 1):
        options = {k: v for k, v in options.items() if k != "order"} | (
            {"order": [4, 0, 2, 6, 8]} if "order" in options else {})
        a = fast.ALGORITHMS[name](state, depth, lopsided, **options)
        b = ref.ALGORITHMS[name](state, depth, lopsided, **options)
        assert same_result(a, b), (repr(state), depth, a, b)


def check_connect4_twins(name, options, count):
    # The compiled heuristic against its twin; the cheaper Python one for the full trees.
    fast_h, ref_h = (lopsided, lopsided) if name in ("minimax", "negamax") else (
        evaluation_table, evaluation_table_twin)
    for state, depth in positions(Connect4, 2, count):
        a = fast.ALGORITHMS[name](state, depth, fast_h, **options)
        b = ref.ALGORITHMS[name](state, depth, ref_h, **options)
        assert same_result(a, b), (repr(state), depth, a, b)


@pytest.mark.compiled
@pytest.mark.parametrize("name,options", [
    pytest.param(name, options, marks=(pytest.mark.release if (name, options) in RELEASE_ON_CONNECT4
                                       else pytest.mark.slow if (name, options) in SLOW_ON_CONNECT4
                                       else ()))
    for name, options in VARIANTS], ids=lambda v: str(v))
def test_compiled_matches_reference_on_connect4(name, options):
    check_connect4_twins(name, options, POSITIONS_PER_GAME)


@pytest.mark.parametrize("name,options", SLOW_ON_CONNECT4, ids=lambda v: str(v))
def test_compiled_matches_reference_on_the_first_6_connect4_positions(name, options):
    check_connect4_twins(name, options, 6)    # depths 1 to 6


@pytest.mark.parametrize("name", ["minimax", "alphabeta", "pvs"])
def test_traces_are_identical(name):
    rng = random.Random(3)
    for _ in range(30):
        state = random_position(Connect4, rng, 12)
        a = fast.ALGORITHMS[name](state, 3, lopsided, trace=True)
        b = ref.ALGORITHMS[name](state, 3, lopsided, trace=True)
        assert a.trace == b.trace
        assert sum(e.kind == "enter" for e in a.trace) == a.nodes
        assert sum(e.kind == "cutoff" for e in a.trace) == a.cutoffs


@pytest.mark.compiled_speed
def test_pruning_never_changes_the_value():
    rng = random.Random(4)
    for _ in range(60):
        state = random_position(Connect4, rng, 16)
        full = fast.minimax(state, 4, evaluation_table)
        for res in (
            fast.alphabeta(state, 4, evaluation_table),
            fast.alphabeta(state, 4, evaluation_table, fail_hard=True),
            fast.alphabeta(state, 4, evaluation_table, tt=True),
            fast.negamax(state, 4, evaluation_table),
        ):
            assert res.value == full.value
            assert res.nodes <= full.nodes
        # PVS may visit more nodes than minimax (its re-searches), never a different value.
        assert fast.pvs(state, 4, evaluation_table).value == full.value


def test_tictactoe_empty_board_is_a_draw_with_the_full_tree():
    res = fast.minimax(TicTacToe())
    assert res.value == 0
    assert res.nodes == 549_946
    assert res.generated == 549_945
    assert fast.alphabeta(TicTacToe()).value == 0
    assert fast.pvs(TicTacToe(), tt=True).value == 0


def test_alphabeta_depth6_empty_connect4_visits_the_minimal_tree():
    res = fast.alphabeta(Connect4(), 6)
    assert res.leaves == 7**3 + 7**3 - 1 == 685
    assert res.value == 0
    assert ref.alphabeta(Connect4(), 6).leaves == 685


def test_openspiel_alpha_beta_evaluates_the_same_685_leaves():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    calls = []

    def zero(state):
        calls.append(1)
        return 0.0

    game = pyspiel.load_game("connect_four")
    value, action = alpha_beta_search(game, maximum_depth=6, value_function=zero,
                                      maximizing_player_id=0)
    res = fast.alphabeta(Connect4(), 6)
    assert len(calls) == res.leaves == 685
    assert (value, action) == (res.value, res.action)


def test_reference_runs_on_openspiel_states():
    pyspiel = pytest.importorskip("pyspiel")
    state = pyspiel.load_game("tic_tac_toe").new_initial_state()
    for a in (4, 0, 8):
        state.apply_action(a)
    ours = TicTacToe.from_actions([4, 0, 8])
    for name in ("minimax", "alphabeta", "pvs"):
        a = ref.ALGORITHMS[name](state)
        b = fast.ALGORITHMS[name](ours)
        assert (a.value, a.action, a.nodes) == (b.value, b.action, b.nodes)


def test_takes_an_immediate_win():
    # . . . . . . .
    # x . . . . . .
    # x o . . . . .
    # x o . . . . .   x to move: column 1 wins at once
    state = Connect4.from_moves("121212")
    for name, search in fast.ALGORITHMS.items():
        res = search(state, 4)
        assert res.action == 0, name
        assert res.value == 1.0


def test_win_decay_prefers_the_quickest_win():
    state = Connect4.from_moves("121212")
    res = fast.alphabeta(state, 5, win_value=10, win_decay=1)
    assert (res.value, res.action) == (9.0, 0)
    assert ref.alphabeta(state, 5, win_value=10, win_decay=1).value == 9.0


@pytest.mark.compiled_speed
def test_fail_hard_and_fail_soft_agree_at_the_root():
    rng = random.Random(5)
    for _ in range(40):
        state = random_position(Connect4, rng, 18)
        soft = fast.alphabeta(state, 5, evaluation_table)
        hard = fast.alphabeta(state, 5, evaluation_table, fail_hard=True)
        assert (soft.value, soft.action) == (hard.value, hard.action)


def test_compiled_heuristic_python_subclass_and_function_agree():
    class PyTable(Heuristic):
        bounds = (-138.0, 414.0)        # as evaluation_table's: the same default win value

        def evaluate(self, state, player):
            return evaluation_table_twin(state, player)

    state = Connect4.from_moves("4453")
    results = [
        fast.alphabeta(state, 5, h)
        for h in (evaluation_table, PyTable(), evaluation_table_twin)
    ]
    assert len({(r.value, r.action, r.nodes, r.leaves) for r in results}) == 1


def test_max_nodes_stops_both_twins_at_the_same_place():
    state = Connect4.from_moves("4453")
    for name in ("minimax", "alphabeta", "pvs"):
        a = fast.ALGORITHMS[name](state, 8, evaluation_table, max_nodes=5000)
        b = ref.ALGORITHMS[name](state, 8, evaluation_table_twin, max_nodes=5000)
        assert a.nodes == 5000 and not a.complete
        assert same_result(a, b)


def test_time_limit_returns_an_incomplete_result():
    res = fast.alphabeta(Connect4(), 30, time_limit=0.01)
    assert not res.complete
    assert res.nodes > 0


@pytest.mark.compiled_speed
def test_iterative_deepening_matches_the_direct_search_and_its_twin():
    state = Connect4.from_moves("44536")
    deep = fast.iterative_deepening(state, 7, evaluation_table)
    direct = fast.alphabeta(state, 7, evaluation_table)
    assert deep.value == direct.value
    assert [r.depth for r in deep.iterations] == list(range(1, 8))
    assert deep.nodes == sum(r.nodes for r in deep.iterations)
    twin = ref.iterative_deepening(state, 7, evaluation_table_twin)
    assert (twin.value, twin.action, twin.nodes, twin.leaves) == (
        deep.value, deep.action, deep.nodes, deep.leaves)


def test_iterative_deepening_stops_when_the_tree_is_exhausted():
    res = fast.iterative_deepening(TicTacToe.from_board("xo./.x./o.."), 9)
    assert res.value == 1.0
    assert res.iterations[-1].leaves == 0
    assert len(res.iterations) < 9


def test_iterative_deepening_with_node_budget_keeps_last_complete_iteration():
    res = fast.iterative_deepening(Connect4(), None, evaluation_table, max_nodes=20_000)
    assert not res.iterations[-1].complete
    assert res.depth == res.iterations[-2].depth
    assert res.nodes <= 20_000


def test_transposition_table_entries_have_explicit_flags():
    table = fast.TranspositionTable(bits=16)
    state = Connect4.from_moves("4453")
    fast.alphabeta(state, 5, evaluation_table, tt=table)
    entry = table.get(state.position_key())
    assert entry is not None
    value, depth, move, flag = entry
    assert (depth, flag) == (5, "EXACT")
    assert move == fast.alphabeta(state, 5, evaluation_table).action
    assert table.filled() > 100


def test_search_leaves_the_state_unchanged():
    state = Connect4.from_moves("4453")
    before = (str(state), state.position_key(), state.history())
    fast.alphabeta(state, 6, evaluation_table, tt=True, trace=True)
    fast.pvs(state, 5, lopsided)
    ref.alphabeta(state, 3, lopsided)
    assert (str(state), state.position_key(), state.history()) == before


@pytest.mark.parametrize("module", [fast, ref], ids=["compiled", "reference"])
def test_bad_arguments_raise_clear_errors(module):
    state = Connect4.from_moves("4453")
    before = str(state)
    with pytest.raises(ValueError, match="depth must be >= 0"):
        module.alphabeta(state, -1)
    with pytest.raises(TypeError, match="depth"):
        module.alphabeta(state, "3")
    with pytest.raises(ValueError, match="max_nodes"):
        module.alphabeta(state, 3, max_nodes=0)
    with pytest.raises(ValueError, match="game is over"):
        module.alphabeta(Connect4.from_moves("1212121"), 3)
    with pytest.raises(ValueError, match="permutation"):
        module.alphabeta(state, 2, order=lambda s, actions: actions[:-1])
    with pytest.raises(TypeError):
        module.alphabeta(state, 2, lambda s, p: "good")
    assert str(state) == before


def test_search_rejects_what_is_not_a_game_and_bad_options():
    with pytest.raises(TypeError, match=r"str is not a game state: it lacks current_player\(\)"):
        fast.alphabeta("4453", 3)
    for module in (fast, ref):                  # the twins say it too (pure mode runs them)
        with pytest.raises(TypeError, match="evaluate must be None, a qsearch Heuristic or"):
            module.alphabeta(Connect4(), 3, evaluate=42)
    for module in (fast, ref):
        with pytest.raises(TypeError, match="tt must be None, True, a size in bits or a"):
            module.alphabeta(Connect4(), 3, tt="yes")
    with pytest.raises(ValueError, match="twice"):
        fast.alphabeta(Connect4(), 3, order=[3, 3])
    with pytest.raises(ValueError, match="nothing would stop"):
        fast.iterative_deepening(Connect4())


def test_compiled_and_twin_algorithm_tables_share_one_list_of_names():
    from qsearch.core.algorithm_names import SEARCHES, by_name
    assert tuple(fast.ALGORITHMS) == tuple(ref.ALGORITHMS) == SEARCHES
    for name in SEARCHES:
        assert fast.ALGORITHMS[name] is getattr(fast, name)
        assert ref.ALGORITHMS[name] is getattr(ref, name)
    with pytest.raises(KeyError, match="pvs"):
        by_name(ref.minimax, ref.negamax, ref.alphabeta)
