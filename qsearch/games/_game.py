"""Pure-Python stand-in of the compiled ``qsearch/games/_game.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference._game`.
"""
from qsearch.reference._game import PyGame as Game

__all__ = ["Game"]
