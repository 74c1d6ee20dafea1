"""What document 004's node-limited minimax returns (compiled and twin alike)."""
from __future__ import annotations

from dataclasses import dataclass


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
