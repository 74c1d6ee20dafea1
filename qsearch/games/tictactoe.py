"""Pure-Python stand-in of the compiled ``qsearch/games/tictactoe.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.tictactoe`.
"""
from qsearch.reference.tictactoe import SYMMETRIES
from qsearch.reference.tictactoe import PyTicTacToe as TicTacToe

__all__ = ["SYMMETRIES", "TicTacToe"]
