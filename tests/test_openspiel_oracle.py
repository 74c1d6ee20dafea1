"""OpenSpiel as a rules oracle, and the compiled Connect-4 as the oracle of its Python twin.

Random games are played in lockstep on two engines; at every ply both must agree on the
legal actions, whether the game is over and who moves, and at the end on the returns.
"""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from qsearch.games import Connect4, TicTacToe  # noqa: E402
from qsearch.reference.connect4 import PyConnect4  # noqa: E402

PLAYOUTS = 500


def cells(state) -> str:
    """The board's cells as rows of ``x``/``o``/``.``, top row first, one row per line.

    Our boards print like that (Connect-4 adds spaces and a row of column numbers) and so do
    OpenSpiel's ``tic_tac_toe`` and ``connect_four`` states, which lets us compare them.
    """
    rows = [row.replace(" ", "") for row in str(state).strip().split("\n")]
    return "\n".join(row for row in rows if not row.isdigit())


def play_in_lockstep(ours, theirs, rng: random.Random, compare_keys: bool = False) -> int:
    """Play one random game on both states at once, checking agreement at every ply.

    Returns the number of plies played.
    """
    plies = 0
    while True:
        where = f"after {plies} plies ({ours!r})\n{ours}"
        legal = sorted(ours.legal_actions())
        assert legal == sorted(theirs.legal_actions()), where
        assert ours.is_terminal() == theirs.is_terminal(), where
        assert ours.current_player() == theirs.current_player(), where
        assert list(ours.returns()) == list(theirs.returns()), where
        assert cells(ours) == cells(theirs), where
        if compare_keys:
            assert ours.position_key() == theirs.position_key(), where
        if ours.is_terminal():
            return plies
        action = rng.choice(legal)
        ours.apply_action(action)
        theirs.apply_action(action)
        plies += 1


@pytest.mark.parametrize(
    ("ours", "name"),
    [(TicTacToe, "tic_tac_toe"), (Connect4, "connect_four")],
    ids=["tic_tac_toe", "connect_four"],
)
def test_random_games_agree_with_openspiel(ours, name):
    game = pyspiel.load_game(name)
    rng = random.Random(2024)
    outcomes = set()
    plies = 0
    for _ in range(PLAYOUTS):
        state = ours()
        plies += play_in_lockstep(state, game.new_initial_state(), rng)
        outcomes.add(state.winner_player())
    assert outcomes == {0, 1, None}  # the playouts reached wins for both sides and draws
    assert plies > PLAYOUTS * 5


def test_openspiel_starts_where_we_start():
    assert pyspiel.load_game("connect_four").new_initial_state().current_player() == 0
    assert pyspiel.load_game("tic_tac_toe").new_initial_state().current_player() == 0
    assert Connect4().current_player() == TicTacToe().current_player() == 0


def test_python_connect4_agrees_with_compiled_connect4():
    rng = random.Random(7)
    lengths = []
    for _ in range(PLAYOUTS):
        ours, theirs = PyConnect4(), Connect4()
        lengths.append(play_in_lockstep(ours, theirs, rng, compare_keys=True))
        assert str(ours) == str(theirs)
        assert repr(ours) == repr(theirs)   # the public name: pure mode's Connect4
        assert ours.winner_player() == theirs.winner_player()
        # Unwind the whole game on both and compare on the way back.
        while ours.history():
            assert ours.undo_action() == theirs.undo_action()
            assert str(ours) == str(theirs)
            assert ours.position_key() == theirs.position_key()
            assert ours.legal_actions() == theirs.legal_actions()
    assert max(lengths) > 30  # some games ran long, near a full board
