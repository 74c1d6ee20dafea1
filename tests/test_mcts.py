"""Monte Carlo tree search: compiled vs twin (identical statistics for a seed), forced wins,
agreement with exact minimax, the tree's bookkeeping, chance nodes and repeated turns (Pig,
compiled and twin, and the twin on OpenSpiel's ``pig``), options and bad input."""

import inspect
import math
import random

import pytest
from helpers import random_position

from qsearch.core.checks import DEFAULT_MCTS_MAX_NODES
from qsearch.core.rng import SplitMix64
from qsearch.games import Connect4, OwnPieceQuarto, ParCheckers, Quarto, Reversi, TicTacToe
from qsearch.games.pig import Pig
from qsearch.games.toytrees import random_tree
from qsearch.heuristics.reversi import disc_difference
from qsearch.reference.mcts import mcts as py_mcts
from qsearch.reference.reversi import disc_difference as py_disc_difference
from qsearch.search import minimax
from qsearch.search.mcts import NODE_BYTES, mcts

WORKED = "x../o.x/xoo"      # notebook 02's tic-tac-toe position (document 002, Ex. 2.2)


def same(a, b):
    """Compiled and twin results agree on every statistic."""
    assert a.children == b.children
    assert (a.action, a.value, a.pv) == (b.action, b.value, b.pv)
    assert (a.nodes, a.generated, a.leaves, a.simulations, a.rollout_moves) == \
           (b.nodes, b.generated, b.leaves, b.simulations, b.rollout_moves)


@pytest.mark.compiled_speed
@pytest.mark.parametrize("game, plies, iterations", [
    (TicTacToe, 6, 40), (Connect4, 30, 25), (Reversi, 50, 8), (OwnPieceQuarto, 8, 20),
    (Quarto, 16, 20), (ParCheckers, 100, 10),
    pytest.param(lambda: random_tree((1, 4), 5, seed=1), 2, 30, id="ExplicitTree-2-30"),
    # the dice games, Pig and Hypergammon, have their own tests below
])
def test_compiled_and_twin_identical_on_100_positions(game, plies, iterations):
    rng = random.Random(1500 + plies)
    for k in range(100):
        state = random_position(game, rng, plies)
        a = mcts(state, iterations, seed=k, c=0.5 + k % 3)
        b = py_mcts(state, iterations, seed=k, c=0.5 + k % 3)
        same(a, b)


@pytest.mark.parametrize("game, plies", [(TicTacToe, 4), (Connect4, 12), (Reversi, 20)])
def test_identical_traces_and_trees(game, plies):
    rng = random.Random(7)
    for k in range(5):
        state = random_position(game, rng, plies)
        a = mcts(state, 60, seed=k, trace=True, keep_tree=True)
        b = py_mcts(state, 60, seed=k, trace=True, keep_tree=True)
        same(a, b)
        assert a.trace == b.trace and a.tree == b.tree


def test_rng_is_splitmix64():
    # Reference values of SplitMix64 from seed 0 (as in Vigna's splitmix64.c).
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("moves, column", [
    ("474657375", 6), ("2672674451551455", 2), ("274215", 2), ("315122", 3),   # win in 1
    ("7634624656", 4), ("67375514466143", 4),                                   # win in 2
])
def test_finds_forced_win_in_connect4(moves, column):
    state = Connect4.from_moves(moves)
    result = mcts(state, 10_000, seed=3)
    assert result.action == column
    assert result.visits()[column] >= 0.95 * 10_000


@pytest.mark.compiled_speed
def test_agrees_with_exact_minimax_on_tictactoe():
    rng = random.Random(11)
    checked = 0
    for _ in range(25):
        state = random_position(TicTacToe, rng, 5)
        exact = {a: -minimax(state.child(a)).value if not state.child(a).is_terminal()
                 else state.child(a).returns()[state.current_player()]
                 for a in state.legal_actions()}
        best = max(exact.values())
        result = mcts(state, 20_000, seed=1)
        assert exact[result.action] == best, (state, exact, result)
        checked += 1
    assert checked == 25


def test_worked_position_child_2_most_visited():
    # Document 002, §3.3 and Fig. 3.1: 100 iterations, child 2 (x at cell 2) most visited.
    result = mcts(TicTacToe.from_board(WORKED), 100, seed=0)
    assert [ch.action for ch in result.children] == [1, 2, 4]
    assert result.action == 2
    assert max(result.children, key=lambda ch: ch.N).action == 2
    assert sum(ch.N for ch in result.children) == 100


def test_terminal_nodes_met_during_selection_are_backed_up_again():
    # Three empty cells: the tree reaches finished games within 100 iterations, and later
    # iterations that select them expand nothing and play no rollout.
    result = mcts(TicTacToe.from_board(WORKED), 100, seed=0, trace=True)
    again = [e for e in result.trace if not e.expanded]
    assert again and all(e.rollout == () for e in again)
    assert result.nodes == 1 + sum(e.expanded for e in result.trace)


def check_tree(tree, iterations):
    """N of a node = its children's N, plus 1 for the visit that expanded it (not the root),
    plus the visits that ended there (terminal nodes have no children)."""
    assert tree.N[0] == iterations and tree.parent[0] == -1
    kids = {}
    for i, p in enumerate(tree.parent[1:], 1):
        assert p < i                                # parents come first
        kids.setdefault(p, []).append(i)
    for i in range(len(tree.N)):
        below = sum(tree.N[j] for j in kids.get(i, []))
        if i in kids:
            assert tree.N[i] == below + (0 if i == 0 else 1)
        assert abs(tree.Q[i]) <= tree.N[i]


def test_tree_bookkeeping():
    for state in (TicTacToe(), Connect4.from_moves("4453"), Reversi.from_moves("f5d6")):
        result = mcts(state, 500, seed=2, keep_tree=True)
        check_tree(result.tree, 500)
        assert result.nodes == len(result.tree.N)
        assert result.tree.children(0) and len(result.children) == len(result.tree.children(0))


def test_rewards_from_the_view_of_the_player_who_moved():
    # o to move and wins at once on cell 8 (column 2-5-8): every visit of that child is a win
    # for o (Q = +N). The root, which nobody moved into, keeps the view of its player (o).
    state = TicTacToe.from_board("x.o/x.o/.x.")
    result = mcts(state, 300, seed=4, keep_tree=True)
    win = result.visits()[8]
    assert result.action == 8
    assert dict((ch.action, ch.Q) for ch in result.children)[8] == win
    assert set(result.tree.mover[:1 + len(result.children)]) == {1}
    kids = set(result.tree.children(0))
    grandchildren = [i for i, p in enumerate(result.tree.parent) if p in kids]
    assert grandchildren and all(result.tree.mover[i] == 0 for i in grandchildren)


def pig_position(rng, max_plies=30):
    """A non-terminal Pig position (first to 20, a 4-faced die) after random actions."""
    return random_position(lambda: Pig(20, 4, 60), rng, max_plies)


def test_chance_nodes_and_repeated_turns_compiled_and_twin_identical():
    # Pig: after "roll" comes a chance node (the die), and a player keeps the turn while
    # rolling, so turns do not alternate. Chance roots are refused alike (MCTS chooses a
    # player's move).
    rng = random.Random(21)
    chance_roots = 0
    for k in range(100):
        state = pig_position(rng)
        if state.is_chance_node():
            chance_roots += 1
            for search in (mcts, py_mcts):
                with pytest.raises(ValueError, match="MCTS chooses a player's move"):
                    search(state, 40, seed=k)
            continue
        a = mcts(state, 40, seed=k)
        b = py_mcts(state, 40, seed=k)
        same(a, b)
    assert chance_roots > 10
    state = Pig(20, 4, 60)
    a = mcts(state, 400, seed=5, trace=True, keep_tree=True)
    b = py_mcts(state, 400, seed=5, trace=True, keep_tree=True)
    assert a.trace == b.trace and a.tree == b.tree
    check_tree(a.tree, 400)
    # below a roll the die's outcomes keep the roller's view; a player moves twice in a row
    assert any(len(e.movers) >= 4 and e.movers[1] == e.movers[2] == e.movers[3]
               for e in a.trace)
    assert all(e.result in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)) for e in a.trace)


def test_compiled_equals_twin_on_hypergammon():
    """Document 002's dice game: 21 rolls of unequal probability, doubles as repeated turns."""
    from qsearch.games import Hypergammon

    rng = random.Random(4)
    chance_roots = 0
    for k in range(30):
        state = random_position(Hypergammon, rng, 30)
        if state.is_chance_node():               # refused: MCTS chooses a player's move
            chance_roots += 1
            continue
        same(mcts(state, 30, seed=k), py_mcts(state, 30, seed=k))
    assert 0 < chance_roots < 30


def test_chance_outcomes_are_drawn_with_their_probability():
    # Below "roll" every face of the die is an equally likely child: the roll's visits split
    # about evenly between the four faces.
    result = mcts(Pig(20, 4, 60), 4000, seed=8, keep_tree=True)
    tree = result.tree
    roll = next(i for i in tree.children(0) if tree.action[i] == 0)
    faces = tree.children(roll)
    assert sorted(tree.action[i] for i in faces) == [0, 1, 2, 3] and tree.N[roll] > 3000
    assert all(0.9 * tree.N[roll] / 4 <= tree.N[i] <= 1.1 * tree.N[roll] / 4 for i in faces)


def test_twin_runs_on_openspiel_pig():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("pig(winscore=20,diceoutcomes=4,horizon=60)")
    ours = py_mcts(Pig(20, 4, 60), 200, seed=3)
    theirs = py_mcts(game.new_initial_state(), 200, seed=3)
    same(ours, theirs)                            # same rules, same numbers, same search


def test_heuristic_cutoff_rollouts():
    state = Reversi.from_moves("f5d6c3")
    a = mcts(state, 60, seed=9, evaluate=disc_difference, rollout_depth=4, trace=True)
    b = py_mcts(state, 60, seed=9, evaluate=py_disc_difference, rollout_depth=4, trace=True)
    same(a, b)
    assert a.trace == b.trace
    assert all(len(e.rollout) <= 4 for e in a.trace)
    # A cut-off rollout scores the disc difference over the default win value, 65 (one more
    # than any disc difference): strictly between a loss (-1) and a win (+1).
    cut = 0
    for e in a.trace:
        end = state.clone()
        for move in e.path + e.rollout:
            end.apply_action(move)
        if len(e.rollout) == 4 and not end.is_terminal():
            assert e.result == (disc_difference(end, 0) / 65, disc_difference(end, 1) / 65)
            cut += e.result[0] != 0
    assert cut > 10
    zero = mcts(state, 20, seed=9, evaluate=disc_difference, rollout_depth=0, trace=True)
    assert all(e.rollout == () for e in zero.trace)


def test_time_limit_and_max_nodes():
    state = Connect4()
    timed = mcts(state, None, time_limit=0.05, seed=1)
    assert timed.simulations > 0 and timed.complete
    capped = mcts(state, 10_000, max_nodes=200, seed=1)
    assert not capped.complete and capped.generated <= 200 and capped.simulations < 10_000


@pytest.mark.parametrize("search", [mcts, py_mcts])
def test_a_default_node_cap_bounds_the_tree_and_the_result_says_when_it_stopped(search):
    # Issue 43: a time-limited search grew until the clock stopped it. Now every search has a
    # cap (the documented DEFAULT_MCTS_MAX_NODES, overridable; None: no cap), and the result
    # says whether the cap stopped it.
    assert DEFAULT_MCTS_MAX_NODES == 10_000_000
    assert inspect.signature(search).parameters["max_nodes"].default == DEFAULT_MCTS_MAX_NODES
    free = search(Connect4(), 300, seed=1)
    assert free.max_nodes == DEFAULT_MCTS_MAX_NODES and not free.capped and free.complete
    assert "capped" not in repr(free)
    capped = search(Connect4(), 10_000, max_nodes=200, seed=1)
    assert capped.capped and capped.max_nodes == 200 and not capped.complete
    assert capped.generated <= 200 and capped.simulations < 10_000
    assert repr(capped).endswith(", capped at max_nodes=200)")
    unlimited = search(Connect4(), 300, seed=1, max_nodes=None)
    assert unlimited.max_nodes is None and not unlimited.capped
    assert unlimited.children == free.children
    timed = search(Connect4(), None, time_limit=0.01, seed=1)
    assert timed.max_nodes == DEFAULT_MCTS_MAX_NODES and not timed.capped


@pytest.mark.compiled
def test_node_is_small_enough_for_ten_million():
    assert NODE_BYTES * 10**7 <= 400 * 2**20
    result = mcts(Connect4(), 2000, seed=1)
    assert result.generated * NODE_BYTES <= result.pool_bytes <= 1.5 * result.generated * \
        NODE_BYTES + 1024 * NODE_BYTES
    capped = mcts(Connect4(), 5000, seed=1, max_nodes=3000)
    assert capped.pool_bytes <= 3000 * NODE_BYTES


@pytest.mark.parametrize("search", [mcts, py_mcts])
def test_bad_input_raises_and_state_unchanged(search):
    state = Connect4.from_moves("4453")
    before = (repr(state), state.position_key())
    for kwargs, error, text in [
        (dict(iterations=0), ValueError, "iterations"),
        (dict(iterations=-5), ValueError, "iterations"),
        (dict(iterations=2.5), TypeError, "iterations"),
        (dict(iterations=None), ValueError, "limit"),
        (dict(iterations=10, time_limit=-1.0), ValueError, "time_limit"),
        (dict(iterations=10, c=-0.1), ValueError, "c must"),
        (dict(iterations=10, c=math.nan), ValueError, "c must"),
        (dict(iterations=10, seed="x"), TypeError, "seed"),
        (dict(iterations=10, rollout_depth=3), ValueError, "evaluate"),
        (dict(iterations=10, evaluate=lambda s, p: 0.0), ValueError, "rollout_depth"),
        (dict(iterations=10, rollout_depth=-1, evaluate=lambda s, p: 0.0), ValueError,
         "rollout_depth"),
    ]:
        with pytest.raises(error, match=text):
            search(state, **kwargs)
    assert (repr(state), state.position_key()) == before
    search(state, 50, seed=1)
    assert (repr(state), state.position_key()) == before
    finished = Connect4.from_moves("1212121")
    with pytest.raises(ValueError, match="game is over"):
        search(finished, 10)


@pytest.mark.compiled
def test_compiled_needs_a_qsearch_game():
    with pytest.raises(TypeError, match="qsearch game"):
        mcts("not a game", 10)


def test_heuristic_error_propagates_and_state_unchanged():
    state = Reversi.from_moves("f5")

    def broken(s, p):
        raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        mcts(state, 10, evaluate=broken, rollout_depth=2, win_value=100)
    assert state.history() == [37]
