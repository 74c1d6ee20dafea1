"""Pure-Python stand-in of the compiled ``qsearch/games/connect4.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.connect4`.
"""
from qsearch.reference.connect4 import PyConnect4 as Connect4

__all__ = ["Connect4"]
