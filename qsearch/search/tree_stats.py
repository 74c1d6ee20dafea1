"""Pure-Python stand-in of the compiled :mod:`qsearch.search.tree_stats` (``tree_stats.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`): perft,
full-tree statistics and distinct positions per ply are the readable twin's,
:mod:`qsearch.reference.tree_stats` (a new state per move instead of make/unmake; the same
answers, some hundred times slower).
"""
from __future__ import annotations

from qsearch.reference.tree_stats import (  # noqa: F401 (the compiled module's names)
    TreeStats,
    count_positions,
    perft,
    positions_per_ply,
    tree_stats,
)
