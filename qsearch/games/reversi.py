"""Pure-Python stand-in of the compiled ``qsearch/games/reversi.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.reversi`.
"""
from qsearch.reference.reversi import COLUMNS
from qsearch.reference.reversi import PyReversi as Reversi

__all__ = ["COLUMNS", "Reversi"]
