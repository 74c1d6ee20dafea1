"""The search algorithms: compiled for qsearch's engines, the readable twins of
:mod:`qsearch.reference` for any other game (``result.engine`` says which ran)."""
import warnings

from qsearch.core.mcts_results import MCTSResult
from qsearch.core.results import SearchResult, SolveResult
from qsearch.reference import expectiminimax as _twin_expectiminimax
from qsearch.reference import mcts as _twin_mcts
from qsearch.reference import quiescence as _quiescence
from qsearch.reference.limited_minimax import limited_minimax as _twin_limited_minimax
from qsearch.search import expectiminimax as _expectiminimax
from qsearch.search import limited_minimax as _limited_minimax
from qsearch.search import mcts as _mcts
from qsearch.search.algorithms import (
    ALGORITHMS,
    alphabeta,
    iterative_deepening,
    minimax,
    negamax,
    pvs,
)
from qsearch.search.connect4_solver import Solver
from qsearch.search.connect4_solver import analyze as analyze_connect4
from qsearch.search.connect4_solver import solve as solve_connect4
from qsearch.search.dispatch import on_any_game, python_only
from qsearch.search.tt import EXACT, LOWER, UPPER, TranspositionTable

# Any game: compiled for qsearch's engines, the readable twin for any other state.
expectiminimax = on_any_game("expectiminimax", _expectiminimax.expectiminimax,
                             _twin_expectiminimax)
mcts = on_any_game("mcts", _mcts.mcts, _twin_mcts)
limited_minimax = on_any_game("limited_minimax", _limited_minimax.limited_minimax,
                              _twin_limited_minimax)
# Quiescence (document 002, Alg. 4 and 5) exists as readable Python only.
quiescence_search = python_only("quiescence", _quiescence.quiescence_search)
normal_search = python_only("quiescence", _quiescence.normal_search)

__all__ = [
    "ALGORITHMS", "EXACT", "LOWER", "MCTSResult", "SearchResult", "SolveResult", "Solver",
    "TranspositionTable", "UPPER", "alphabeta", "analyze_connect4", "expectiminimax",
    "iterative_deepening", "limited_minimax", "mcts", "minimax", "negamax", "normal_search",
    "pvs", "quiescence_search", "solve_connect4",
]

# Old names that only ever meant Connect 4: kept for one release, with a warning.
_DEPRECATED = {"solve": "solve_connect4", "analyze": "analyze_connect4"}


def __getattr__(name: str):
    """``qsearch.search.solve`` and ``.analyze``: the Connect-4 solver under its old names,
    with a DeprecationWarning (use ``solve_connect4`` and ``analyze_connect4``)."""
    if name in _DEPRECATED:
        new = _DEPRECATED[name]
        warnings.warn(
            f"qsearch.search.{name} is deprecated and will be removed in the next release: it "
            f"only solves Connect 4, use qsearch.search.{new}",
            DeprecationWarning, stacklevel=2,
        )
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
