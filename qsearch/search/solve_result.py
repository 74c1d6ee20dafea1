"""The result of an exact Connect-4 solve (shared by the compiled and the reference solver)."""
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What :func:`qsearch.search.connect4_solver.solve` found.

    Attributes:
        score: exact value for the side to move (Pons' scale: ``(44 - n) // 2`` for a win
            whose winning stone is the ``n``-th on the board, 0 for a draw, negative for a
            loss); with ``weak=True`` only its sign, -1, 0 or 1.
        nodes: calls of the recursive negamax (0 when the side to move wins at once).
        elapsed: wall-clock seconds spent in the search.
    """

    score: int
    nodes: int
    elapsed: float
