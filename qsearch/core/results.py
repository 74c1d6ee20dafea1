"""What searches and solvers return: :class:`SearchResult` and :class:`SolveResult`.

Plain Python (no compiled code), so that :mod:`qsearch.reference` runs without the build.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from qsearch.core.trace import TraceEvent


@dataclass
class SearchResult:
    """The outcome of one search.

    Node counts are explicit because documents count differently:

    * ``nodes``: calls of the recursive search (nodes visited), the root included;
    * ``generated``: children made (``make``/``apply_action`` calls);
    * ``leaves``: calls of the evaluation function at the depth limit (terminal states are
      scored by the rules, not counted here);
    * ``cutoffs``: nodes that stopped early with actions left unsearched (prunes).

    ``value`` is from the point of view of the player to move at the root. ``complete`` is
    False when a node or time limit stopped the search: ``value``/``action`` are then the
    best found among the root actions searched to the end. ``engine`` says which code ran:
    ``"compiled"`` (a qsearch engine) or ``"python"`` (the readable twin, on any game).
    """

    value: float
    action: int | None
    pv: list[int]
    nodes: int
    generated: int
    leaves: int
    cutoffs: int
    elapsed: float
    algorithm: str = ""
    depth: int | None = None
    complete: bool = True
    researches: int = 0
    tt_hits: int = 0
    trace: list[TraceEvent] | None = None
    iterations: list[SearchResult] = field(default_factory=list)
    engine: str | None = field(default=None, compare=False)   # "compiled" or "python"

    def counts(self) -> dict:
        """The node counts as a dict (for tables and comparisons)."""
        return {
            "nodes": self.nodes, "generated": self.generated, "leaves": self.leaves,
            "cutoffs": self.cutoffs, "researches": self.researches, "tt_hits": self.tt_hits,
        }

    def __repr__(self) -> str:
        trace = f", trace=<{len(self.trace)} events>" if self.trace is not None else ""
        return (
            f"SearchResult(algorithm={self.algorithm!r}, value={self.value!r}, "
            f"action={self.action!r}, pv={self.pv!r}, depth={self.depth!r}, "
            f"nodes={self.nodes}, generated={self.generated}, leaves={self.leaves}, "
            f"cutoffs={self.cutoffs}, complete={self.complete}{trace})"
        )



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



@dataclass
class LimitedResult:
    """The outcome of one ``Minimax_Limitado`` decision, counted as the course's simulator.

    * ``generated``: children generated; a node whose ``n`` children are all visited costs
      ``n + 1`` (the iterator's last ``++`` that reaches ``end()`` generates too);
    * ``evaluated``: heuristic calls (depth limit, game over, and a MIN node cut by the limit);
    * ``limit_reached``: the budget ``generated + evaluated >= max_nodes`` was hit.

    ``value`` is from the point of view of the player who searched (the root's mover).
    """

    value: float
    action: int | None
    generated: int
    evaluated: int
    limit_reached: bool
    elapsed: float
    depth: int
    max_nodes: int | None

    @property
    def total(self) -> int:
        """``generated + evaluated``: what the course's node limit counts."""
        return self.generated + self.evaluated

    @property
    def nodes(self) -> int:
        """Same as :attr:`total` (the arena adds up ``nodes`` of searching players)."""
        return self.total

    def counts(self) -> dict:
        """The simulator's three numbers."""
        return {"generated": self.generated, "evaluated": self.evaluated, "total": self.total}
