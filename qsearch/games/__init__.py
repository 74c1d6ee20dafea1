"""Game engines with one interface: make/unmake at the C level, OpenSpiel's API in Python."""
from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.games._game import Game
from qsearch.games.connect4 import Connect4
from qsearch.games.hypergammon import Hypergammon
from qsearch.games.parcheckers import ParCheckers
from qsearch.games.pig import Pig
from qsearch.games.quarto import OwnPieceQuarto, Quarto
from qsearch.games.reversi import Reversi
from qsearch.games.tictactoe import TicTacToe
from qsearch.games.toytree import ExplicitTree

__all__ = [
    "CHANCE", "TERMINAL", "Connect4", "ExplicitTree", "Game", "Hypergammon", "OwnPieceQuarto",
    "ParCheckers", "Pig", "Quarto", "Reversi", "TicTacToe",
]
