"""The search core against independent oracles, and the regression tests of its known bugs.

Twin agreement (tests/test_search.py) cannot catch a bug that the compiled search and its
twin share. Here every pruning variant is checked against plain minimax on random positions
of every game (hypothesis draws them), a transposition table is kept across whole games the
way players use it, and hostile input is thrown at both implementations.
"""
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import lopsided, random_position, random_tree_spec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import (
    Connect4,
    ExplicitTree,
    OwnPieceQuarto,
    ParCheckers,
    Quarto,
    Reversi,
    TicTacToe,
)
from qsearch.heuristics.connect4 import evaluation_table
from qsearch.reference import ReferenceTable
from qsearch.search import TranspositionTable
from qsearch.search._engine import monotonic

IMPLEMENTATIONS = {
    "compiled": (fast, lambda bits: TranspositionTable(bits)),
    "twin": (ref, lambda bits: ReferenceTable(bits)),
}
SCORINGS = [  # (win_value, win_decay): no decay; a decay with a win band; one without a band
    (1.0, 0.0), (1000.0, 1.0), (100.0, 1.0),
]
# The same three regimes with wins above every value of Connect-4's evaluation_table (its
# bounds are (-138, 414)): the searches refuse a win value inside them.
ABOVE_THE_TABLE = {(1.0, 0.0): (1000.0, 0.0), (1000.0, 1.0): (1000.0, 1.0),
                   (100.0, 1.0): (500.0, 2.0)}


# ---------------------------------------------------------------- random positions
def quarto_position(cls, rng):
    """A Quarto position with 9-12 pieces placed (small enough for plain minimax)."""
    while True:
        state = random_position(cls, rng, 40)
        placed = sum(1 for a in state.history() if a < 16) if cls is Quarto else \
            len(state.history())
        if placed >= 9 and not state.is_terminal():
            return state


def position_for(game: str, seed: int):
    """(state, depth) for ``game`` drawn from ``seed``."""
    rng = random.Random(seed)
    if game == "tictactoe":
        return random_position(TicTacToe, rng, 6), rng.randint(1, 6)
    if game == "connect4":
        return random_position(Connect4, rng, 24), rng.randint(1, 5)
    if game == "own-piece-quarto":
        return quarto_position(OwnPieceQuarto, rng), rng.randint(1, 2)
    if game == "quarto":
        return quarto_position(Quarto, rng), rng.randint(1, 3)
    if game == "reversi":
        return random_position(Reversi, rng, 50), rng.randint(1, 3)
    if game == "parcheckers":
        return random_position(ParCheckers, rng, 150), rng.randint(1, 2)
    tree = random_tree_spec(rng, rng.randint(2, 5), branching=4)
    while not isinstance(tree, list):
        tree = random_tree_spec(rng, 3, branching=4)
    # Depth 8 is below every leaf (to the end), and keeps a win of (100, 1) above a draw.
    return ExplicitTree(tree), 8


# Hypergammon and Pig are left out: their chance nodes need expectiminimax, which
# tests/test_expectiminimax.py checks against Alg. 6 written out and against OpenSpiel.
GAMES = ["tictactoe", "connect4", "own-piece-quarto", "quarto", "reversi", "parcheckers", "tree"]
PRUNING = [  # every alpha-beta variant, each must return plain minimax's value
    ("alphabeta", {}),
    ("alphabeta", {"fail_hard": True}),
    ("alphabeta", {"strict": True}),
    ("alphabeta", {"strict": True, "fail_hard": True}),
    ("alphabeta", {"tt": 10}),
    ("alphabeta", {"tt": 4, "fail_hard": True}),       # a tiny table: constant replacement
    ("pvs", {}),
    ("pvs", {"tt": 10}),
    ("iterative_deepening", {}),
    ("iterative_deepening", {"algorithm": "pvs"}),
]


def shuffled_order(state, seed):
    """A random priority list over all of the game's actions."""
    actions = list(range(state.num_distinct_actions()))
    random.Random(seed).shuffle(actions)
    return actions


def reversed_order(state, actions):
    return list(reversed(actions))


@pytest.mark.compiled_speed
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10**9),
       scoring=st.sampled_from(SCORINGS), ordering=st.sampled_from(["none", "list", "function"]),
       impl=st.sampled_from(sorted(IMPLEMENTATIONS)))
def test_every_pruning_variant_returns_the_minimax_value(game, seed, scoring, ordering, impl):
    state, depth = position_for(game, seed)
    module, _ = IMPLEMENTATIONS[impl]
    options = {"win_value": scoring[0], "win_decay": scoring[1]}
    evaluate = None if game == "tree" else lopsided
    if ordering == "list":
        options["order"] = shuffled_order(state, seed)
    elif ordering == "function":
        options["order"] = reversed_order
    expected = fast.minimax(state, depth, evaluate, **options)
    for name, extra in PRUNING:
        if name == "iterative_deepening":
            res = module.iterative_deepening(state, depth if depth is not None else 60, evaluate,
                                             **extra, **options)
        else:
            res = module.ALGORITHMS[name](state, depth, evaluate, **extra, **options)
        assert res.value == expected.value, (name, extra, repr(state), depth, res, expected)
        # the move it returns is worth the value: minimax trying it first keeps it
        check = fast.minimax(state, depth, evaluate, **{**options, "order": [res.action]})
        assert check.action == res.action and check.value == res.value, (name, extra)


# ------------------------------------------------- a table kept across a whole game
def play_with_one_table(cls, impl, seed, depth, scoring, algorithm="alphabeta", plies=60):
    """Search every move of a random game with one table; compare with fresh searches.

    Connect-4 uses document 001's compiled table heuristic (not zero-sum: 138 + own - theirs),
    so that plain minimax at every move stays quick.
    """
    module, make_table = IMPLEMENTATIONS[impl]
    evaluate = evaluation_table if cls is Connect4 else lopsided
    if cls is Connect4:
        scoring = ABOVE_THE_TABLE[scoring]
    table = make_table(16)
    options = {"win_value": scoring[0], "win_decay": scoring[1]}
    rng = random.Random(seed)
    state = cls()
    for _ in range(plies):
        if state.is_terminal():
            break
        kept = module.ALGORITHMS[algorithm](state, depth, evaluate, tt=table, **options)
        fresh = fast.minimax(state, depth, evaluate, **options)
        assert kept.action is not None and kept.action in state.legal_actions()
        assert kept.value == fresh.value, (state.history(), kept, fresh)
        check = fast.minimax(state, depth, evaluate, **{**options, "order": [kept.action]})
        assert check.action == kept.action
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.compiled_speed
@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
@pytest.mark.parametrize("scoring", SCORINGS, ids=str)
@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs"])
def test_a_table_kept_across_a_connect4_game(impl, scoring, algorithm):
    for seed in range(1 if impl == "twin" else 6):
        play_with_one_table(Connect4, impl, seed, 5, scoring, algorithm)


@pytest.mark.parametrize("scoring", SCORINGS, ids=str)
def test_a_table_kept_across_tictactoe_games(scoring):
    for seed in range(10):
        play_with_one_table(TicTacToe, "compiled", seed, 4, scoring)


def test_compiled_and_twin_keep_a_table_identically():
    """Both tables live through a game: every search agrees in value, move and counts."""
    fast_table, twin_table = TranspositionTable(12), ReferenceTable(12)
    rng = random.Random(5)
    state = Connect4()
    options = {"win_value": 1000.0, "win_decay": 1.0}
    while not state.is_terminal():
        a = fast.alphabeta(state, 5, lopsided, tt=fast_table, **options)
        b = ref.alphabeta(state, 5, lopsided, tt=twin_table, **options)
        assert (a.value, a.action, a.pv, a.counts()) == (b.value, b.action, b.pv, b.counts())
        state.apply_action(rng.choice(state.legal_actions()))


# ----------------------------------------------------------- regression tests
@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_a_table_holding_the_root_still_returns_a_move(impl):
    module, make_table = IMPLEMENTATIONS[impl]
    table = make_table(16)
    state = Connect4.from_moves("4453")
    first = module.alphabeta(state, 4, tt=table)
    again = module.alphabeta(state, 4, tt=table)
    assert again.action is not None and again.nodes > 1
    assert (again.value, again.action) == (first.value, first.action)


@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
@pytest.mark.parametrize("win_value", [100.0, 1000.0])
def test_win_distances_survive_a_table_shared_between_roots(impl, win_value):
    module, make_table = IMPLEMENTATIONS[impl]
    table = make_table(20)
    options = {"win_value": win_value, "win_decay": 1.0}
    module.alphabeta(Connect4.from_moves("724772136625432711523"), 7, tt=table, **options)
    later = Connect4.from_moves("72477213662543271152343")
    shared = module.alphabeta(later, 5, tt=table, **options)
    assert shared.value == fast.minimax(later, 5, **options).value == -(win_value - 4)


@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_win_scores_are_stored_relative_to_the_node(impl):
    module, make_table = IMPLEMENTATIONS[impl]
    table = make_table(16)
    root = Connect4.from_moves("12121")        # o to move; x has three in column 1
    module.alphabeta(root, 3, tt=table, win_value=1000.0, win_decay=1.0)
    elsewhere = root.child(6)                   # o plays 7: x wins at once from there
    stored = table.get(elsewhere.position_key())
    assert stored is not None
    assert stored[0] == 999.0                   # a win one ply below this node, not two


@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
@pytest.mark.parametrize("order,error", [
    ([10**9 - 1], ValueError), ([7], ValueError), ([-1], ValueError), ([1.5], ValueError),
    (["3"], ValueError), ([3, 3], ValueError), ([True], ValueError), ("3421", TypeError),
    (42, TypeError),
])
def test_bad_orders_are_refused(impl, order, error):
    module, _ = IMPLEMENTATIONS[impl]
    state = Connect4.from_moves("44")
    with pytest.raises(error, match="order"):
        module.alphabeta(state, 2, order=order)
    assert state.history() == [3, 3]


def moving_heuristic(state, player):
    state.apply_action(state.legal_actions()[0])
    return 0.0


def moving_order(state, actions):
    state.apply_action(actions[0])
    return actions


def undoing_heuristic(state, player):
    """Tries a move and takes it back: allowed, the state is as it was."""
    state.apply_action(state.legal_actions()[0])
    state.undo_action()
    return 1.0


@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_callbacks_cannot_corrupt_the_search(impl):
    module, _ = IMPLEMENTATIONS[impl]
    state = Connect4.from_moves("4453")
    with pytest.raises(ValueError, match="heuristic .* changed the state"):
        module.alphabeta(state, 3, moving_heuristic)
    with pytest.raises(ValueError, match="order function .* changed the state"):
        module.alphabeta(state, 3, order=moving_order)
    assert state.history() == Connect4.from_moves("4453").history()
    tried = module.alphabeta(state, 3, undoing_heuristic)
    assert len(tried.pv) == 3 and tried.value == 1.0


@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
@pytest.mark.parametrize("returned,error,match", [
    (math.nan, ValueError, "NaN"), ("3", TypeError, "number"), (None, TypeError, "number"),
    (True, TypeError, "number"),
])
def test_heuristics_must_return_numbers(impl, returned, error, match):
    module, _ = IMPLEMENTATIONS[impl]
    with pytest.raises(error, match=match):
        module.alphabeta(Connect4(), 2, lambda s, p: returned)


@pytest.mark.parametrize("impl", sorted(IMPLEMENTATIONS))
def test_a_heuristic_inside_the_win_band_is_refused_with_a_table(impl):
    module, _ = IMPLEMENTATIONS[impl]
    with pytest.raises(ValueError, match="win band"):
        module.alphabeta(Connect4(), 2, lambda s, p: 900.0, tt=8, win_value=1000.0,
                         win_decay=1.0)
    # without a table, or without a decay, such values are fine
    assert module.alphabeta(Connect4(), 2, lambda s, p: 900.0, win_value=1000.0,
                            win_decay=1.0).value == 900.0


def test_a_bare_explicit_tree_is_a_leaf_not_a_crash():
    bare = ExplicitTree.__new__(ExplicitTree)
    assert bare.legal_actions() == [] and bare.is_terminal()
    with pytest.raises(ValueError, match="game is over"):
        fast.alphabeta(bare, 2)


def test_a_python_heuristic_is_stopped_at_the_time_limit():
    """With Python code in the search the clock is read at every node: once the deadline has
    passed, at most the heuristic call already running finishes (before: up to 1024 more)."""
    calls = []

    def slow(state, player):
        begun = monotonic()
        calls.append(begun)
        while monotonic() - begun < 0.002:     # 2 ms of work per evaluation
            pass
        return 0.0

    start = monotonic()
    res = fast.alphabeta(Connect4(), 8, slow, time_limit=0.05)
    assert not res.complete
    late = [t for t in calls if t > start + 0.05]
    assert len(late) <= 2, f"{len(late)} evaluations began after the deadline"


def test_reference_runs_without_the_compiled_build():
    """The twins are what students read: they import and search with no extension module."""
    root = Path(__file__).resolve().parent.parent
    compiled = sorted(".".join(p.relative_to(root).with_suffix("").parts)
                      for p in (root / "qsearch").rglob("*.pyx"))
    script = f"""
import importlib.abc, sys
BLOCKED = {compiled!r}
class NoBuild(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name in BLOCKED:
            raise ImportError("compiled module blocked: " + name)
sys.meta_path.insert(0, NoBuild())
import qsearch.reference as ref
from qsearch.reference.connect4 import PyConnect4
state = PyConnect4.from_moves("4453")
a = ref.alphabeta(state, 4, tt=True)
b = ref.iterative_deepening(state, 4)
c = ref.minimax(state, 3)
assert a.value == b.value and a.action is not None, (a, b)
print("ok", a.value, c.nodes, type(a).__module__)
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=root)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok") and "qsearch.core.results" in out.stdout
