"""Pig (a dice game with chance nodes and repeated turns): lockstep with OpenSpiel's ``pig``,
make/unmake, notation and bad input."""

import pickle
import random

import pytest

from qsearch import IllegalMoveError
from qsearch.games.pig import Pig


def test_lockstep_with_openspiel_pig():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("pig(winscore=20,diceoutcomes=4,horizon=60)")
    rng = random.Random(3)
    repeated = 0
    for _ in range(500):
        ours, theirs = Pig(20, 4, 60), game.new_initial_state()
        keys = []
        while True:
            assert ours.legal_actions() == theirs.legal_actions(), str(ours)
            assert ours.current_player() == theirs.current_player(), str(ours)
            assert str(ours) == str(theirs)
            if theirs.is_chance_node():
                assert ours.chance_outcomes() == theirs.chance_outcomes()
            if theirs.is_terminal():
                assert ours.returns() == list(theirs.returns())
                break
            keys.append((ours.position_key(), str(ours)))
            before = ours.current_player()
            action = rng.choice(theirs.legal_actions())
            ours.apply_action(action)
            theirs.apply_action(action)
            repeated += before >= 0 and ours.current_player() == -1
        while keys:                              # unmake walks back through the same states
            ours.undo_action()
            assert (ours.position_key(), str(ours)) == keys.pop()
    assert repeated > 0


def test_rules_by_hand():
    s = Pig(10, 6, 100)
    assert s.legal_actions() == [0, 1] and s.current_player() == 0
    s.apply_action(0)                             # roll
    assert s.is_chance_node() and s.current_player() == -1
    assert s.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    s.apply_action(5)                             # a 6
    assert s.current_player() == 0 and s.score() == (0, 0, 6)   # same player again
    s.apply_action(0)
    s.apply_action(3)                             # a 4: 10 points in hand, must stop
    assert s.legal_actions() == [1]
    s.apply_action(1)
    assert s.is_terminal() and s.returns() == [1.0, -1.0]
    assert [s.action_to_string(a) for a in (0, 1)] == ["roll", "stop"]
    assert pickle.loads(pickle.dumps(s)).score() == s.score()


def test_face_one_loses_the_turn():
    s = Pig(10, 6, 100)
    for a in (0, 4, 0, 0):                        # roll a 5, roll a 1
        s.apply_action(a)
    assert s.score() == (0, 0, 0) and s.current_player() == 1


def test_bad_input():
    with pytest.raises(ValueError, match="faces"):
        Pig(10, 1)
    with pytest.raises(ValueError, match="horizon"):
        Pig(10, 6, 5000)
    with pytest.raises(TypeError):
        Pig("10")
    s = Pig(10, 6, 100)
    with pytest.raises(IllegalMoveError):
        s.apply_action(2)
    assert s.history() == []
    with pytest.raises(ValueError, match="Pig action"):
        s.string_to_action("jump")
