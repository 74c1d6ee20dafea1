"""Compiled search algorithms (see :mod:`qsearch.reference` for their readable twins)."""
from qsearch.search.algorithms import (
    ALGORITHMS,
    alphabeta,
    iterative_deepening,
    minimax,
    negamax,
    pvs,
)
from qsearch.search.connect4_solver import Solver, analyze, solve
from qsearch.search.expectiminimax import expectiminimax
from qsearch.search.result import SearchResult
from qsearch.search.solve_result import SolveResult
from qsearch.search.tt import EXACT, LOWER, UPPER, TranspositionTable

__all__ = [
    "ALGORITHMS", "EXACT", "LOWER", "SearchResult", "SolveResult", "Solver",
    "TranspositionTable", "UPPER", "alphabeta", "analyze", "expectiminimax",
    "iterative_deepening", "minimax", "negamax", "pvs", "solve",
]
