"""Compiled search algorithms (see :mod:`qsearch.reference` for their readable twins)."""
from qsearch.core.mcts_results import MCTSResult
from qsearch.core.results import SearchResult, SolveResult
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
from qsearch.search.expectiminimax import expectiminimax
from qsearch.search.limited_minimax import limited_minimax
from qsearch.search.mcts import mcts
from qsearch.search.tt import EXACT, LOWER, UPPER, TranspositionTable

# The lessons' short names for the Connect-4 solver (the only exact solver so far).
solve = solve_connect4
analyze = analyze_connect4

__all__ = [
    "ALGORITHMS", "EXACT", "LOWER", "MCTSResult", "SearchResult", "SolveResult", "Solver",
    "TranspositionTable", "UPPER", "alphabeta", "analyze", "analyze_connect4", "expectiminimax",
    "iterative_deepening", "limited_minimax", "mcts", "minimax", "negamax", "pvs", "solve",
    "solve_connect4",
]
