"""The result type of :func:`qsearch.search.tree_stats.tree_stats` (kept in plain Python so the
compiled module and its pure-Python twin return the very same type)."""
from dataclasses import dataclass


@dataclass(frozen=True)
class TreeStats:
    """Counts over a full game tree (every path kept: transpositions are *not* merged).

    Fields:
        nodes: all nodes, the root included.
        internal: nodes with children (document 002's ``n_h``).
        terminals: nodes without children, i.e. finished games (each path is one game).
        wins: finished games won by player 0 and by player 1, as a tuple.
        draws: finished games that nobody won.
        nodes_per_depth: nodes at depth 0, 1, 2, ... (a tuple; depth 0 is the root).
    """

    nodes: int
    internal: int
    terminals: int
    wins: tuple
    draws: int
    nodes_per_depth: tuple

    @property
    def games(self) -> int:
        """Finished games: one per terminal node."""
        return self.terminals

    @property
    def branching_factor(self) -> float:
        """Average branching factor ``b = (n - 1) / n_h`` (document 002, Def. 1.3).

        Every node but the root is the child of one internal node, hence ``n - 1``.
        Raises ZeroDivisionError for a tree that is only a (terminal) root.
        """
        if self.internal == 0:
            raise ZeroDivisionError("a tree with no internal node has no branching factor")
        return (self.nodes - 1) / self.internal

    @property
    def max_depth(self) -> int:
        """Length of the longest game below the root (0 if the root is terminal)."""
        return len(self.nodes_per_depth) - 1
