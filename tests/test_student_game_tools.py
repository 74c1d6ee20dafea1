"""Every tool right on a student's game: PlayGame refuses what it cannot show fairly, a dice
game is found to have chance (so alpha-beta is refused at once and MCTS chosen), status
lines read returns that are not +-1, and one TranspositionTable works on every game."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from qsearch.arena.players import MCTSPlayer, engine_player, has_chance
from qsearch.arena.terminal import outcome_text, proven_result
from qsearch.search import TranspositionTable, alphabeta, iterative_deepening
from qsearch.viz import PlayGame
from qsearch.viz.play_opponent import value_text

DATA = Path(__file__).resolve().parent / "data" / "student_game.py"
_spec = importlib.util.spec_from_file_location("tests_data_student_game", DATA)
student = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(student)
TakeAway = student.TakeAway


class DiceRace:
    """A student's dice game that says nothing of its chance: each player in turn chooses to
    move 1 or 2, then a die (1-2) is added; the first to reach 6 wins. The first roll comes
    only after the first move, so the initial state is not a chance node."""

    def __init__(self):
        self.pos, self.player, self.rolling = [0, 0], 0, False

    def current_player(self):
        return -4 if self.is_terminal() else -1 if self.rolling else self.player

    def is_chance_node(self):
        return self.rolling and not self.is_terminal()

    def chance_outcomes(self):
        return [(1, 0.5), (2, 0.5)]

    def legal_actions(self):
        if self.is_terminal():
            return []
        return [1, 2]

    def apply_action(self, a):
        self.pos[self.player] += a
        if self.rolling:
            self.player = 1 - self.player
        self.rolling = not self.rolling

    def clone(self):
        c = DiceRace()
        c.pos, c.player, c.rolling = list(self.pos), self.player, self.rolling
        return c

    def is_terminal(self):
        return max(self.pos) >= 6

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.pos[0] >= 6 else [-1.0, 1.0]


# ------------------------------------------------------------------ fair boards
def test_playgame_refuses_hidden_information_and_simultaneous_moves():
    pytest.importorskip("pyspiel")
    from qsearch.games import load

    with pytest.raises(ValueError, match="kuhn_poker fairly: it has hidden information "
                                         r"\(information IMPERFECT_INFORMATION\)"):
        PlayGame(load("openspiel:kuhn_poker"), opponent="random")
    with pytest.raises(ValueError, match="goofspiel fairly: its players move simultaneously "
                                         r"\(dynamics SIMULTANEOUS\)"):
        PlayGame(load("openspiel:goofspiel(num_cards=4)"), opponent="random")
    PlayGame(load("openspiel:tic_tac_toe"), opponent="random")      # a fair one still plays


# ------------------------------------------------------------------ chance, found by looking
def test_chance_is_found_in_a_dice_game_that_does_not_say_so():
    assert not DiceRace().is_chance_node()
    assert has_chance(DiceRace())
    assert not has_chance(TakeAway())
    start = DiceRace()
    has_chance(start)
    assert start.pos == [0, 0] and not start.rolling       # probed on clones


def test_alphabeta_on_a_dice_game_is_refused_when_made_not_on_its_first_move():
    with pytest.raises(ValueError, match="DiceRace has chance nodes, which alphabeta cannot "
                                         "search: use expectiminimax or mcts"):
        PlayGame(DiceRace(), opponent="alphabeta")
    with pytest.raises(ValueError, match="use expectiminimax or mcts"):
        engine_player(DiceRace(), "alphabeta")
    assert isinstance(engine_player(DiceRace()), MCTSPlayer)   # the default: MCTS
    game = PlayGame(DiceRace(), opponent="mcts", iterations=30, seed=3)
    game.play(2)
    assert game.record[0][1] == 2 and len(game.record) >= 3    # your move, a roll, its move


# ------------------------------------------------------------------ general returns
def test_status_lines_read_returns_that_are_not_plus_or_minus_one():
    # the student's game: a win scores 5 minus the winner's moves, times the win scale
    assert value_text(2.97, 3, 0.01) == "2.97 (the opponent wins in 3 plies with best play)"
    assert value_text(-14.85, 3, 0.01) == "-14.85 (you win by 5 in 3 plies with best play)"
    assert value_text(0.25, 3, 0.01) == "0.25"
    game = PlayGame(TakeAway(), opponent="alphabeta", depth=None)
    game.play(1)                        # pile 6: the opponent takes 2 and wins by 3
    text = game.status_text
    assert "(the opponent wins by 3 in 3 plies with best play)" in text, text
    game.undo()
    game.play(3)                        # pile 4: you win by 3 whatever it does
    assert "(you win by 3 in 2 plies with best play)" in game.status_text


def test_the_terminal_says_by_how_much_and_when_a_win_is_proven():
    assert outcome_text([3.0, -3.0], 0) == "You win by 3!"
    assert outcome_text([3.0, -3.0], 1) == "You lose by 3."
    assert outcome_text([1.0, -1.0], 0) == "You win!"
    assert outcome_text([0.0, 0.0], 1) == "Draw."
    engine = engine_player(TakeAway(), "alphabeta", depth=None)
    assert proven_result(3.0, engine) == "it wins with best play"
    assert proven_result(0.0, engine) == ""
    assert proven_result(0.4, engine_player(DiceRace(), "mcts")) == ""


# ------------------------------------------------------------------ one table type
def test_one_transposition_table_works_on_a_students_game_and_keeps_its_entries():
    plain = alphabeta(TakeAway(), None)
    table = TranspositionTable(12)
    first = alphabeta(TakeAway(), None, tt=table)
    assert first.engine == "python"
    assert (first.value, first.action) == (plain.value, plain.action)
    again = alphabeta(TakeAway(), None, tt=table)        # the same table, the next search
    assert again.tt_hits > 0 and again.nodes < first.nodes
    assert (again.value, again.action) == (plain.value, plain.action)
    fresh = alphabeta(TakeAway(), None, tt=TranspositionTable(12))
    assert fresh.nodes == first.nodes                    # a new table starts empty
    deep = iterative_deepening(TakeAway(), 10, tt=table)
    assert deep.value == plain.value


def test_a_table_shared_across_a_games_moves_on_a_students_game():
    table = TranspositionTable(12)
    state, rng = TakeAway(), random.Random(1)
    while not state.is_terminal():
        if state.current_player() == 0:
            result = alphabeta(state, None, tt=table)
            assert result.value == alphabeta(state, None).value
            state.apply_action(result.action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns()[0] > 0                        # the searching side wins
