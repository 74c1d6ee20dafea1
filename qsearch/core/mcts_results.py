"""What Monte Carlo tree search returns (shared by the compiled search and its twin).

Rewards are a game's returns (+1 win, 0 draw, -1 loss; or a heuristic's score when a
rollout is cut off). A node's total ``Q`` is kept from the point of view of the player who
*moved into* it (the player to move at its parent; below a chance node, the same player as
the chance node's), so ``Q/N`` is that player's mean reward and UCT always maximises.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, field
from typing import NamedTuple

from qsearch.core.checks import as_float, check_evaluate, check_integer, check_limits
from qsearch.core.results import SearchResult


class ChildStats(NamedTuple):
    """One child of the root: the ``action``, visits ``N``, total reward ``Q`` (mover's view)."""

    action: int
    N: int
    Q: float

    @property
    def mean(self) -> float:
        """``Q / N`` (0 for an unvisited child)."""
        return self.Q / self.N if self.N else 0.0


class MCTSEvent(NamedTuple):
    """One iteration: selection, expansion, simulation and backpropagation.

    * ``path``: the actions from the root to the node where the simulation started;
    * ``expanded``: True if that node was added to the tree by this iteration (False when the
      selection ended at a terminal node already in the tree);
    * ``rollout``: the moves of the simulation (empty if it started at a terminal node);
    * ``result``: the rewards of players 0 and 1 that were backed up;
    * ``N``, ``Q``: the statistics of the nodes on the path (root first) after the update;
    * ``movers``: the player whose view each ``Q`` holds.
    """

    iteration: int
    path: tuple
    expanded: bool
    rollout: tuple
    result: tuple
    N: tuple
    Q: tuple
    movers: tuple


class MCTSTree(NamedTuple):
    """The statistics tree (visited nodes only), node 0 the root, parents before children.

    ``parent[i]`` (-1 for the root), ``action[i]`` (the move into node i, -1 at the root),
    ``N[i]``, ``Q[i]`` and ``mover[i]`` (the player whose view ``Q[i]`` holds).
    """

    parent: list
    action: list
    N: list
    Q: list
    mover: list

    def children(self, i: int) -> list[int]:
        """The visited children of node ``i``."""
        return [j for j, p in enumerate(self.parent) if p == i]


@dataclass(repr=False)
class MCTSResult(SearchResult):
    """A :class:`SearchResult` plus the root's children and, on request, the tree.

    * ``action``: the most visited child (document 002's ``mejorHijo``; ties go to the
      lower action); ``value``: its mean reward ``Q/N`` from the root player's view;
    * ``children``: the visited children of the root (action, N, Q), by action;
    * ``pv``: the most visited child, its most visited child, and so on down the tree;
    * ``trace`` (with ``trace=True``): one :class:`MCTSEvent` per iteration;
    * ``nodes``: the nodes in the tree (the root and every expanded node); ``generated``:
      the child slots created; ``leaves`` = ``simulations``: one per iteration;
    * ``pool_bytes``: the memory of the compiled search's node pool (0 for the twin);
    * ``max_nodes``: the node cap the search ran with (None: none); ``capped``: True when the
      cap stopped it (then ``complete`` is False, and the repr ends "capped at max_nodes=N").
    """

    children: list[ChildStats] = field(default_factory=list)
    simulations: int = 0
    rollout_moves: int = 0
    c: float = math.sqrt(2.0)
    seed: int = 0
    tree: MCTSTree | None = None
    pool_bytes: int = 0
    max_nodes: int | None = None
    capped: bool = False

    def visits(self) -> dict:
        """``{action: N}`` for the root's children."""
        return {ch.action: ch.N for ch in self.children}

    def __repr__(self) -> str:
        return (
            f"MCTSResult(action={self.action!r}, value={self.value:.4f}, "
            f"simulations={self.simulations}, nodes={self.nodes}, c={self.c:.4g}, "
            f"seed={self.seed}, children={[tuple(ch) for ch in self.children]!r}"
            + (f", capped at max_nodes={self.max_nodes})" if self.capped else ")")
        )


def check_options(state, iterations, time_limit, c, seed, evaluate, rollout_depth):
    """Validate the options of :func:`mcts` (compiled and twin alike); returns the
    iteration budget (``None``: only the clock stops the search)."""
    check_evaluate(evaluate)
    if iterations is not None:
        iterations = check_integer(iterations, "iterations", "an int or None")
        if iterations < 1:
            raise ValueError(f"iterations must be >= 1, not {iterations}")
    check_limits(None, time_limit)
    if iterations is None and time_limit is None:
        raise ValueError("give iterations, time_limit or both: MCTS needs a limit")
    if isinstance(c, bool) or not isinstance(c, numbers.Real):
        raise TypeError(f"c must be a number, not {type(c).__name__}")
    if not as_float(c, "c") >= 0 or math.isinf(c):
        raise ValueError(f"c must be a finite number >= 0, not {c}")
    check_integer(seed, "seed", "an int")
    if rollout_depth is not None:
        rollout_depth = check_integer(rollout_depth, "rollout_depth", "an int or None")
        if rollout_depth < 0:
            raise ValueError(f"rollout_depth must be >= 0, not {rollout_depth}")
        if evaluate is None:
            raise ValueError("rollout_depth needs evaluate: the heuristic that scores the "
                             "position where a rollout is cut off")
    elif evaluate is not None:
        raise ValueError("evaluate is only used with rollout_depth (rollouts cut off after "
                         "that many moves); without it rollouts play to the end")
    if state.is_terminal():
        raise ValueError("the game is over in this state: MCTS has no move to choose")
