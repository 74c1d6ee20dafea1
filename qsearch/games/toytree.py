"""Pure-Python stand-in of the compiled ``qsearch/games/toytree.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.toytree`.
"""
from qsearch.reference.toytree import MAX_TREE_DEPTH, TreeShape
from qsearch.reference.toytree import PyExplicitTree as ExplicitTree

__all__ = ["MAX_TREE_DEPTH", "ExplicitTree", "TreeShape"]
