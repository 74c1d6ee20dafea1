"""What a student who writes or loads a game reads, in the language in use (issue 45):
check_game's broken rules, load's and the searches' refusals, OpenSpiel's absence, and the
board of qsearch's example game, Nim. The English is unchanged; actions keep their names."""
from __future__ import annotations

import builtins

import pytest

import qsearch
from qsearch.games import GameContractError, check_game, load
from qsearch.games.nim import Nim
from qsearch.games.registry import openspiel_installed, require_searchable


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


class SameStateClone(Nim):
    def clone(self):
        return self


class SharedListClone(Nim):
    def clone(self):
        copy = super().clone()
        copy.heaps = self.heaps          # the list shared, not copied
        return copy


def _broken(game) -> str:
    with pytest.raises(GameContractError) as raised:
        check_game(game)
    return str(raised.value)


def test_a_clone_that_is_the_state_itself_in_both_languages():
    assert _broken(SameStateClone) == ("clone() returned the state itself, not a copy\n"
                                       "  after the moves none (the initial state)")
    qsearch.set_language("es")
    assert _broken(SameStateClone) == ("clone() devolvió el propio estado, no una copia\n"
                                       "  tras las jugadas ninguna (el estado inicial)")


def test_a_clone_that_shares_data_names_the_move_in_spanish():
    english = _broken(SharedListClone)
    assert english.startswith("applying an action to a clone changed the original")
    assert english.endswith("(then 2:3 on the clone)")
    qsearch.set_language("es")
    spanish = _broken(SharedListClone)
    assert spanish.startswith("aplicar una acción a un clon cambió el original")
    assert spanish.endswith("(luego 2:3 en el clon)")       # the move's name is the game's own


def test_the_refusals_of_searches_and_load_in_spanish():
    pig = load("pig")
    with pytest.raises(ValueError, match="has chance nodes, which alphabeta cannot search"):
        require_searchable(pig, "alphabeta")
    qsearch.set_language("es")
    with pytest.raises(ValueError, match="tiene nodos de azar, en los que alphabeta no puede "
                                         "buscar: usa expectiminimax o mcts"):
        require_searchable(pig, "alphabeta")
    with pytest.raises(ValueError, match="juego desconocido 'no_such_game'"):
        load("no_such_game")


def test_a_cell_without_openspiel_says_so_in_spanish(monkeypatch, capsys):
    real_import = builtins.__import__

    def without_pyspiel(name, *args, **kwargs):
        if name == "pyspiel":
            raise ImportError("no pyspiel here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_pyspiel)
    qsearch.set_language("es")
    assert openspiel_installed(say_why=True) is False
    out = capsys.readouterr().out
    assert out.startswith("Esta celda necesita OpenSpiel, que no está instalado (")
    assert out.rstrip().endswith("): se omite.") and out.count("\n") == 1


def test_nim_draws_its_board_in_the_language_in_use_and_keeps_its_actions():
    game = Nim((2, 0))
    assert str(game) == "heap 0: ||\nheap 1: -\nplayer 0 to move"
    qsearch.set_language("es")
    assert str(game) == "montón 0: ||\nmontón 1: -\nmueve el jugador 0"
    game.apply_action(2)
    assert str(game).endswith("ganó el jugador 0")
    assert game.action_to_string(2) == "0:2" and game.string_to_action("0:2") == 2
