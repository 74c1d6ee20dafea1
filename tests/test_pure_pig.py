"""PyPig, the plain-Python Pig, against the compiled Pig (and OpenSpiel's ``pig``).

Lockstep on 240 seeded random games with several rule parameters (every observation, chance
outcomes included, and every error path at every step, then undo back to the start), the
constructors' errors, copies and pickles, the contract suite, and the readable searches
(expectiminimax, MCTS) on the pure engine against the compiled ones on the compiled engine.
"""
import random

import pytest
from pure_engine_checks import (
    copies_agree,
    observe,
    outcome,
    own_dunders,
    play_in_lockstep,
    public_names,
)

import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import Pig, check_game
from qsearch.reference.pig import PyPig

# (win_score, faces, horizon): short games, a 2-faced die, a horizon that ends games while
# the die is in the air, and a big die.
RULES = [(20, 4, 60), (10, 6, 30), (15, 2, 40), (12, 3, 5), (30, 64, 50), (1, 2, 3)]


def random_pair(rng, rules=(20, 4, 60), max_plies=40):
    """The same random non-terminal position on both engines (chance nodes included)."""
    pure, compiled = PyPig(*rules), Pig(*rules)
    for _ in range(rng.randint(0, max_plies)):
        action = rng.choice(compiled.legal_actions())
        if compiled.child(action).is_terminal():
            break
        pure.apply_action(action)
        compiled.apply_action(action)
    return pure, compiled


def test_same_public_api_as_the_compiled_engine():
    assert public_names(PyPig) == public_names(Pig)
    assert own_dunders(PyPig) == own_dunders(Pig)


@pytest.mark.parametrize("rules", RULES, ids=str)
def test_40_random_games_in_lockstep(rules):
    rng = random.Random(sum(rules))
    for _ in range(40):
        play_in_lockstep(PyPig(*rules), Pig(*rules), rng)


def test_a_horizon_can_end_the_game_with_the_die_in_the_air():
    pure, compiled = PyPig(10, 6, 1), Pig(10, 6, 1)
    for state in (pure, compiled):
        state.apply_action(0)                     # roll: the one decision allowed
    assert observe(pure) == observe(compiled)
    assert pure.is_terminal() and "(rolling)" in str(pure) and pure.chance_outcomes() == []


def test_games_with_the_default_rules_in_lockstep():
    rng = random.Random(7)
    for _ in range(10):
        assert play_in_lockstep(PyPig(), Pig(), rng) > 10


def test_lockstep_with_openspiel_pig():
    """An independent oracle: OpenSpiel's own pig, on the same random games."""
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("pig(winscore=20,diceoutcomes=4,horizon=60)")
    rng = random.Random(5)
    for _ in range(100):
        ours, theirs = PyPig(20, 4, 60), game.new_initial_state()
        while True:
            assert ours.legal_actions() == theirs.legal_actions()
            assert ours.current_player() == theirs.current_player()
            assert str(ours) == str(theirs)
            assert ours.chance_outcomes() == (theirs.chance_outcomes()
                                              if theirs.is_chance_node() else [])
            if theirs.is_terminal():
                assert ours.returns() == list(theirs.returns())
                break
            action = rng.choice(theirs.legal_actions())
            assert ours.action_to_string(action) == theirs.action_to_string(action)
            ours.apply_action(action)
            theirs.apply_action(action)


@pytest.mark.parametrize("args, kwargs", [
    ((), {"win_score": True}), (("10",), {}), ((10.0,), {}), ((0,), {}), ((10_001,), {}),
    ((10, 1), {}), ((10, 65), {}), ((10, 6, 0), {}), ((10, 6, 1025), {}), ((10, 6, None), {}),
])
def test_bad_rules_raise_the_same_error(args, kwargs):
    got = outcome(lambda: PyPig(*args, **kwargs))
    assert got == outcome(lambda: Pig(*args, **kwargs))
    assert got[0] in (TypeError, ValueError)


def test_wrong_arguments_are_type_errors():
    # Python's and Cython's wording of a bad call differ; both name the problem
    for cls in (PyPig, Pig):
        with pytest.raises(TypeError, match="positional arguments"):
            cls(1, 2, 3, 4)
        with pytest.raises(TypeError, match="unexpected keyword argument 'dice'"):
            cls(dice=6)


def test_extreme_rules_agree():
    for rules in ((10_000, 64, 1024), (1, 2, 1)):
        assert observe(PyPig(*rules)) == observe(Pig(*rules))


def test_copies_pickles_equality_and_hashes():
    rng = random.Random(11)
    pairs = [random_pair(rng, RULES[k % len(RULES)]) for k in range(60)]
    for pure, compiled in pairs:
        copies_agree(pure, compiled)
    for i, (p1, c1) in enumerate(pairs):
        for p2, c2 in pairs[i:]:
            assert (p1 == p2) == (c1 == c2)
            if p1 == p2:
                assert hash(p1) == hash(p2)


def test_the_contract_suite():
    assert check_game(lambda: PyPig(20, 4, 60), games=40, seed=6) > 40
    assert check_game(PyPig, games=2, seed=6) > 2


def test_expectiminimax_twin_on_pure_equals_compiled():
    def lead(state, player):                      # player 0's banked lead and turn total
        first, second, turn = state.score()
        value = max(-1.0, min(1.0, (first - second) / 20 + turn / 40))
        return value if player == 0 else -value

    rng = random.Random(12)
    for k in range(30):
        pure, compiled = random_pair(rng)
        depth = 2 + k % 4
        options = {"trace": True, "win_value": 1.5}
        if compiled.is_chance_node():
            options["player"] = 0                 # a chance root: say whose value it is
        if k % 3 == 1:
            options.update(prune="star2", bounds=(-1, 1))
        a = ref.expectiminimax(pure, depth, lead, **options)
        b = fast.expectiminimax(compiled, depth, lead, **options)
        assert (a.value, a.action, a.pv, a.counts(), a.researches) == (
            b.value, b.action, b.pv, b.counts(), b.researches)
        assert a.trace == b.trace
        c = fast.expectiminimax(pure, depth, lead, **options)      # the dispatch: the twin
        assert c.engine == "python" and (c.value, c.nodes) == (b.value, b.nodes)


def test_mcts_twin_on_pure_equals_compiled_mcts():
    rng = random.Random(13)
    checked = 0
    while checked < 25:
        pure, compiled = random_pair(rng)
        if compiled.is_chance_node():
            for state in (pure, compiled):
                with pytest.raises(ValueError, match="MCTS chooses a player's move"):
                    fast.mcts(state, 10, seed=0)
            continue
        a = ref.mcts(pure, 80, seed=checked, trace=True, keep_tree=True)
        b = fast.mcts(compiled, 80, seed=checked, trace=True, keep_tree=True)
        assert a.children == b.children and (a.value, a.action, a.nodes) == (
            b.value, b.action, b.nodes)
        assert a.trace == b.trace and a.tree == b.tree
        checked += 1


@pytest.mark.compiled
def test_a_search_that_cannot_weigh_dice_stops_alike():
    pure, compiled = PyPig(20, 4, 60), Pig(20, 4, 60)
    got = outcome(lambda: ref.alphabeta(pure, 3))
    assert got == outcome(lambda: ref.alphabeta(compiled, 3)) and got[0] is ValueError
    assert outcome(lambda: fast.alphabeta(compiled, 3))[0] is ValueError
    assert outcome(lambda: fast.alphabeta(pure, 3)) == got          # the dispatch: the twin


def test_the_chance_stepper_and_play_widget_agree():
    from qsearch.viz.chance_stepper import ExpectiminimaxStepper
    from qsearch.viz.play_game import PlayGame

    rng = random.Random(14)
    pure, compiled = random_pair(rng, max_plies=12)
    while pure.is_chance_node():
        pure, compiled = random_pair(rng, max_plies=12)
    a, b = ExpectiminimaxStepper(pure, 3), ExpectiminimaxStepper(compiled, 3)
    assert a.captions() == b.captions()
    assert a.draw(a.n_steps - 1).source == b.draw(b.n_steps - 1).source
    seen = []
    for state in (PyPig(20, 4, 60), Pig(20, 4, 60)):
        game = PlayGame(state, opponent="mcts", iterations=50, seed=2)
        texts = [game.status_text]
        for _ in range(6):
            if game.state.is_terminal():
                break
            game.play(game.state.legal_actions()[0])
            texts += [game.status_text, game.roll_text(), str(game.state)]
        seen.append(texts)
    assert seen[0] == seen[1]
