"""Pure-Python stand-in of the compiled ``qsearch/games/pig.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.pig`.
"""
from qsearch.reference.pig import ROLL, STOP
from qsearch.reference.pig import PyPig as Pig

__all__ = ["Pig", "ROLL", "STOP"]
