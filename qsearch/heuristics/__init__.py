"""Evaluation functions: the compiled Heuristic base type and per-game heuristics."""
from qsearch.heuristics._heuristic import FunctionHeuristic, Heuristic, as_heuristic

__all__ = ["FunctionHeuristic", "Heuristic", "as_heuristic"]
