"""The search algorithms in plain, readable Python: the twins of :mod:`qsearch.search`.

They run on any object with OpenSpiel's Python API (qsearch games, OpenSpiel states, the
plain-Python games here) and give the same values, actions and node counts as the compiled
versions (tested). MAX/MIN form where the documents use it (minimax, alpha-beta), negamax
form where they do (negamax, PVS). They need no compiled code: ``import qsearch.reference``
works, and its searches run, without the build (on OpenSpiel states or
:class:`qsearch.reference.connect4.PyConnect4`).
"""
from qsearch.core.algorithm_names import by_name
from qsearch.reference._common import ReferenceTable
from qsearch.reference.alphabeta import alphabeta
from qsearch.reference.deepening import iterative_deepening
from qsearch.reference.expectiminimax import expectiminimax
from qsearch.reference.mcts import mcts
from qsearch.reference.minimax import minimax
from qsearch.reference.negamax import negamax
from qsearch.reference.pvs import pvs
from qsearch.reference.quiescence import QuiescentEvaluation, normal_search, quiescence_search

# The same names as qsearch.search.ALGORITHMS (both from qsearch.core.algorithm_names).
ALGORITHMS = by_name(minimax, negamax, alphabeta, pvs)

__all__ = ["ALGORITHMS", "QuiescentEvaluation", "ReferenceTable", "alphabeta", "expectiminimax",
           "iterative_deepening", "mcts", "minimax", "negamax", "normal_search", "pvs",
           "quiescence_search"]
