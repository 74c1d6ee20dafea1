"""qsearch: adversarial search for teaching.

Fast Cython game engines (:mod:`qsearch.games`), compiled search algorithms
(:mod:`qsearch.search`) and their readable pure-Python twins (:mod:`qsearch.reference`).
"""
from qsearch.core.errors import IllegalMoveError

__version__ = "0.1.0"
__all__ = ["IllegalMoveError", "__version__"]
