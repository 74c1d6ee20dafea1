"""One contract over every game: qsearch's engines, Python games and OpenSpiel's.

``qsearch.games.check_game`` is the core of this suite, so a student's game is checked by
exactly what checks the library's own. Engine-specific behaviour stays in each engine's file.
"""
from functools import partial

import pytest

from qsearch.core.game_entries import ENTRIES
from qsearch.games import Connect4, ParCheckers, Pig
from qsearch.games.contract import GameContractError, check_game
from qsearch.games.nim import ExtraTurnNim, Nim
from qsearch.games.protocol import GameProtocol, chance_outcomes, check_protocol, is_chance_node
from qsearch.games.registry import game_info, load, names, require_searchable
from qsearch.games.toytrees import random_tree

pyspiel = pytest.importorskip("pyspiel")

# Every game's entry (qsearch.core.game_entries): the compiled engines, the games in Python.
ENGINES = {e.name: partial(load, e.name) for e in ENTRIES if e.compiled}
ENGINES["toytree"] = lambda: random_tree((1, 3), 4, seed=5)
PYTHON_GAMES = {e.name: partial(load, e.name) for e in ENTRIES if not e.compiled}
# tic-tac-toe (plain), pig (chance nodes), checkers (a capture sequence is several moves of
# one player: turns do not alternate), breakthrough with parameters.
OPENSPIEL = ["openspiel:tic_tac_toe", "openspiel:pig", "checkers",
             "breakthrough(rows=5,columns=5)"]


@pytest.mark.parametrize("name", sorted(ENGINES))
def test_every_qsearch_engine_keeps_the_contract(name):
    assert check_game(ENGINES[name], games=8, seed=1) > 8


@pytest.mark.parametrize("name", sorted(PYTHON_GAMES))
def test_the_python_example_games_keep_the_contract(name):
    assert check_game(PYTHON_GAMES[name], games=30, seed=2) > 30


@pytest.mark.parametrize("name", OPENSPIEL)
def test_openspiel_games_keep_the_contract(name):
    assert check_game(load(name), games=4, seed=3) > 4


def test_turns_really_do_not_alternate_in_the_games_that_say_so():
    def has_repeat(state, seed):
        import random
        rng = random.Random(seed)
        while not state.is_terminal():
            if is_chance_node(state):
                state.apply_action(rng.choice([a for a, _ in chance_outcomes(state)]))
                continue
            mover = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            if state.current_player() == mover:
                return True
        return False
    assert any(has_repeat(ExtraTurnNim((2, 1, 3)), s) for s in range(20))
    assert any(has_repeat(load("checkers"), s) for s in range(20))
    assert any(has_repeat(ParCheckers(), s) for s in range(5))


def test_load_knows_every_engine_and_openspiel():
    for name in names():
        state = load(name)
        assert isinstance(state, GameProtocol)
        assert game_info(state).name == name
    assert type(load("connect_four")) is Connect4                  # an alias
    assert load("pig(win_score=20)").clone() is not None
    assert "OpenSpiel" not in type(load("openspiel:connect_four")).__module__
    assert game_info(load("openspiel:connect_four")).source == "openspiel"
    info = game_info(load("kuhn_poker"))
    assert not info.perfect_information


@pytest.mark.parametrize("bad,error,words", [
    ("no_such_game", ValueError, "unknown game"),
    ("connect4(rows=5)", ValueError, "does not take rows"),
    ("pig(win_score)", ValueError, "malformed parameter"),
    ("pig((", ValueError, "malformed game string"),
    (42, TypeError, "a game name is a string"),
])
def test_load_rejects_bad_names_clearly(bad, error, words):
    with pytest.raises(error, match=words):
        load(bad)


def test_searches_that_cannot_play_a_game_say_which_can():
    with pytest.raises(ValueError, match="use expectiminimax or mcts"):
        require_searchable(Pig(), "alphabeta")
    assert require_searchable(Pig(), "expectiminimax").chance
    with pytest.raises(ValueError, match="perfect information"):
        require_searchable(load("kuhn_poker"), "mcts")
    with pytest.raises(ValueError, match="two-player games; .* has 3 players"):
        require_searchable(load("openspiel:pig(players=3)"), "minimax")


def test_a_state_missing_a_method_is_named():
    class Half:
        def current_player(self):
            return 0

        def legal_actions(self):
            return [0]
    with pytest.raises(TypeError, match=r"lacks apply_action\(\), clone\(\), is_terminal"
                                        r"\(\), returns\(\).*GameProtocol"):
        check_protocol(Half())
    with pytest.raises(TypeError, match="not the class Nim"):
        check_protocol(Nim)


# ---- check_game must reject broken games, each with the rule it broke ----------------------

class SharedClone(Nim):
    def clone(self):
        copy = super().clone()
        copy.heaps = self.heaps          # the classic mistake: the list is shared
        return copy


class BadUndo(Nim):
    def undo_action(self):
        action, player = self.moves.pop()
        self.player, self.winner = player, None     # forgets to put the stones back
        return action


class NotZeroSum(Nim):
    def returns(self):
        return [1.0, 0.0] if self.winner == 0 else [0.0, 1.0] if self.winner == 1 else [0, 0]


class ActionsAfterTheEnd(Nim):
    def legal_actions(self):
        return super().legal_actions() or [0]


class WrongPlayerAtTheEnd(Nim):
    def current_player(self):
        return self.player


class BadNames(Nim):
    def string_to_action(self, text):
        return super().string_to_action(text) + 1


class DuplicateActions(Nim):
    def legal_actions(self):
        legal = super().legal_actions()
        return legal + legal[:1]


class LopsidedDice(Nim):
    """A chance node before every move whose probabilities sum to 0.9."""

    def is_chance_node(self):
        return not self.is_terminal() and len(self.moves) % 2 == 0 and not getattr(
            self, "rolled", False)

    def chance_outcomes(self):
        return [(1000, 0.5), (1001, 0.4)]

    def apply_action(self, action):
        if self.is_chance_node():
            self.rolled = True
            return
        self.rolled = False
        super().apply_action(action)

    def clone(self):
        copy = super().clone()
        copy.rolled = getattr(self, "rolled", False)
        return copy


class Endless(Nim):
    """Stones taken come back: nobody ever wins."""

    def apply_action(self, action):
        self.moves.append((action, self.player))
        self.player = 1 - self.player

    def undo_action(self):
        action, self.player = self.moves.pop()
        return action


@pytest.mark.parametrize("broken,words", [
    (SharedClone, "changed the original: clones share data"),
    (BadUndo, r"undo_action\(\) did not restore the state"),
    (NotZeroSum, "do not sum to 0"),
    (ActionsAfterTheEnd, r"the game is over but legal_actions\(\)"),
    (WrongPlayerAtTheEnd, r"is_terminal\(\) is True but current_player\(\) is"),
    (BadNames, r"string_to_action\(action_to_string"),
    (DuplicateActions, "lists an action twice"),
    (LopsidedDice, "sum to 0.9"),
    (Endless, "did not end within 50 moves"),
])
def test_check_game_rejects_each_broken_rule_and_shows_the_moves(broken, words):
    with pytest.raises(GameContractError, match=words) as caught:
        check_game(broken, games=20, seed=0, max_moves=50)
    assert "after the moves" in str(caught.value)


def test_check_game_accepts_a_game_that_is_not_zero_sum_when_told():
    assert check_game(NotZeroSum, zero_sum=False) > 0


def test_check_game_does_not_touch_the_state_it_is_given():
    state = Connect4.from_moves("4453")
    before = state.history()
    check_game(state, games=3)
    assert state.history() == before


class OpenSpielUndo(Nim):
    """OpenSpiel's shape: ``undo_action(player, action)`` takes back ``action`` by ``player``."""

    def undo_action(self, player, action):
        last, mover = self.moves[-1]
        assert (last, mover) == (action, player), "undo_action(player, action) got the wrong move"
        return super().undo_action()


class BadOpenSpielUndo(OpenSpielUndo):
    def undo_action(self, player, action):
        self.moves.pop()                 # forgets everything else


class UndoWithOneArgument(Nim):
    def undo_action(self, action):
        return super().undo_action()


def test_check_game_accepts_openspiels_undo_action_player_action():
    # A student's class copying OpenSpiel's undo_action(player, action) is checked with the
    # player who moved and the action, as OpenSpiel calls it (issue 43: a raw TypeError).
    assert check_game(OpenSpielUndo, games=5) > 0
    with pytest.raises(GameContractError, match=r"undo_action\(player, action\) did not "
                                                r"restore the state"):
        check_game(BadOpenSpielUndo, games=5)


def test_check_game_names_the_undo_action_signatures_it_accepts():
    with pytest.raises(GameContractError, match=r"undo_action\(action\) has a signature .*"
                                                r"undo_action\(\) .*undo_action\(player, "
                                                r"action\)"):
        check_game(UndoWithOneArgument, games=2)
