"""Pure-Python stand-in of the compiled :mod:`qsearch.search.connect4_solver` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The exact
Connect-4 solver is the readable twin, :mod:`qsearch.reference.connect4_solver`, which
follows Pascal Pons' "Solving Connect 4" step by step and makes exactly the compiled solver's
decisions (same move order, same table, same bounds): the same scores and the same node
counts, a few hundred times slower.

Score convention (the published benchmark files): for the side to move, ``(44 - n) // 2``
if it wins with the ``n``-th stone on the board, 0 for a draw, negative for a loss.
"""
from __future__ import annotations

from qsearch.core.checks import check_bits  # noqa: F401 (as the compiled module)
from qsearch.core.results import SolveResult  # noqa: F401 (as the compiled module)
from qsearch.reference import connect4_solver as twin
from qsearch.reference.connect4_solver import analyze, solve  # noqa: F401 (fresh tables)


class Solver(twin.Solver):
    """Exact Connect-4 solver whose transposition table persists across calls.

    ``Solver(table_bits=24)``: a table of ``2**table_bits`` slots (a dict here: only the
    slots in use take memory).
    """

    def __init__(self, table_bits=24):
        super().__init__(table_bits)

    @property
    def progress(self):
        """``(nodes, low, high)`` of the solve running now (read from another thread):
        negamax calls so far and the bounds proven on the score."""
        return self.nodes, self.lo, self.hi

