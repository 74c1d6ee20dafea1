"""Pure-Python stand-in of the compiled ``qsearch/games/hypergammon.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.hypergammon`.
"""
from qsearch.reference.hypergammon import CHANCE_BASE, NUM_PLAY_ACTIONS, PASS_ACTION
from qsearch.reference.hypergammon import PyHypergammon as Hypergammon

__all__ = ["CHANCE_BASE", "Hypergammon", "NUM_PLAY_ACTIONS", "PASS_ACTION"]
