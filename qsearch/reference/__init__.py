"""The search algorithms in plain, readable Python: the twins of :mod:`qsearch.search`.

They run on any object with OpenSpiel's Python API (qsearch games, OpenSpiel states, the
plain-Python games here) and give the same values, actions and node counts as the compiled
versions (tested). MAX/MIN form where the documents use it (minimax, alpha-beta), negamax
form where they do (negamax, PVS).
"""
from qsearch.reference._common import ReferenceTable, make_table
from qsearch.reference.alphabeta import alphabeta
from qsearch.reference.minimax import minimax
from qsearch.reference.negamax import negamax
from qsearch.reference.pvs import pvs
from qsearch.reference.quiescence import QuiescentEvaluation, normal_search, quiescence_search
from qsearch.search.deepening import deepen

ALGORITHMS = {"minimax": minimax, "negamax": negamax, "alphabeta": alphabeta, "pvs": pvs}


def iterative_deepening(state, max_depth=None, evaluate=None, *, algorithm="alphabeta",
                        time_limit=None, max_nodes=None, tt=True, order=None, **options):
    """Twin of :func:`qsearch.search.iterative_deepening` (same contract)."""
    from qsearch.reference._common import check_arguments

    def check_depth(depth):
        check_arguments("iterative_deepening", state, depth, None, None)
        return (1 << 30) if depth is None else depth

    def check_limits(max_nodes, time_limit):
        check_arguments("iterative_deepening", state, None, max_nodes, time_limit)

    table = make_table(tt)
    return deepen(ALGORITHMS, state, max_depth, evaluate, algorithm=algorithm,
                  time_limit=time_limit, max_nodes=max_nodes, tt=table, order=order,
                  check_depth=check_depth, check_limits=check_limits, **options)


__all__ = ["ALGORITHMS", "QuiescentEvaluation", "ReferenceTable", "alphabeta",
           "iterative_deepening", "minimax", "negamax", "normal_search", "pvs",
           "quiescence_search"]
