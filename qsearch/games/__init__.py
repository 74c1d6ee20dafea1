"""Games: qsearch's compiled engines (make/unmake at the C level, OpenSpiel's API in Python),
the protocol any other game follows, and games by name.

* the engines: :class:`TicTacToe`, :class:`Connect4`, :class:`OwnPieceQuarto`,
  :class:`Quarto`, :class:`Reversi`, :class:`Hypergammon`, :class:`ParCheckers`, :class:`Pig`,
  :class:`ExplicitTree` (toy trees);
* any game: :class:`GameProtocol` (what a class's own game or an OpenSpiel state offers),
  :func:`check_game` (its rules, checked on random games), :func:`load` (a game by name:
  qsearch's, else OpenSpiel's), :func:`game_info`, :func:`register`, and :class:`Nim`, a game
  written in plain Python.
"""
from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.games._game import Game
from qsearch.games.connect4 import Connect4
from qsearch.games.contract import GameContractError, check_game
from qsearch.games.hypergammon import Hypergammon
from qsearch.games.nim import ExtraTurnNim, Nim
from qsearch.games.parcheckers import ParCheckers
from qsearch.games.pig import Pig
from qsearch.games.protocol import GameProtocol
from qsearch.games.quarto import OwnPieceQuarto, Quarto
from qsearch.games.registry import GameInfo, game_info, load, names, register
from qsearch.games.reversi import Reversi
from qsearch.games.tictactoe import TicTacToe
from qsearch.games.toytree import ExplicitTree

__all__ = [
    "CHANCE", "TERMINAL", "Connect4", "ExplicitTree", "ExtraTurnNim", "Game",
    "GameContractError", "GameInfo", "GameProtocol", "Hypergammon", "Nim", "OwnPieceQuarto",
    "ParCheckers", "Pig", "Quarto", "Reversi", "TicTacToe", "check_game", "game_info", "load",
    "names", "register",
]
