"""Monte Carlo tree search with UCT, in plain Python: the twin of :func:`qsearch.search.mcts`.

Document 002, chapter 3 (Alg. 7). Every iteration has four phases:

1. **selection** (``atravesar``): from the root, while the node is fully expanded (all its
   children visited), go to the child with the largest UCT value
   ``Q(v_i)/N(v_i) + c * sqrt(log N(v) / N(v_i))`` (the first one on ties);
2. **expansion** (``sinVisitar``): at the first node that is not fully expanded, pick one of
   its unvisited children at random and add it to the tree;
3. **simulation** (``simulacion``): play random moves (``rolloutPolicy``) from that child to
   the end of the game; optionally stop after ``rollout_depth`` moves and score the position
   with a heuristic;
4. **backpropagation** (``retropropagacion``): add 1 to ``N`` and the reward to ``Q`` of every
   node on the path, the reward seen by the player who moved into that node.

The answer is the most visited child of the root (``mejorHijo``).

Two things the document's tic-tac-toe does not need and other games do:

* **chance nodes** (``current_player() == -1``): the next node is not chosen by UCT but drawn
  with the outcome's probability; an outcome drawn for the first time is the expanded node;
* **turns that do not alternate**: ``Q`` is kept per node from the point of view of the
  player who moved into it, so no sign is flipped by depth.

A terminal node met during selection has no children: its result is backed up at once.
The root must be a player's decision (MCTS chooses a player's move; a chance root is a
ValueError), a chance node's probabilities must sum to 1
(:func:`~qsearch.core.chance.check_probabilities`), and a heuristic that changes the state
it is given stops the search with a ValueError, as in the compiled search.

The random numbers come from :class:`~qsearch.core.rng.SplitMix64`, which the compiled
version reimplements bit for bit, so the same ``seed`` gives identical statistics in both
(tested). The twin runs on any object with OpenSpiel's Python API.
"""
from __future__ import annotations

import math
import operator
import time

from qsearch.core.chance import check_probabilities
from qsearch.core.checks import DEFAULT_MCTS_MAX_NODES, check_mcts_max_nodes, check_mcts_search
from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.core.mcts_results import (
    ChildStats,
    MCTSEvent,
    MCTSResult,
    MCTSTree,
    check_options,
)
from qsearch.core.rng import SplitMix64
from qsearch.core.win_value import resolve_win_value
from qsearch.reference._common import checked_number, fingerprint


class Node:
    """A node of the statistics tree.

    ``children`` is None until the node is first passed through (then one child per legal
    action or chance outcome, in the game's order); ``expanded`` counts the visited children,
    which are always the first ``expanded`` of the list (an expansion swaps the chosen
    unvisited child into place).
    """

    __slots__ = ("action", "mover", "N", "Q", "children", "expanded")

    def __init__(self, action: int, mover: int) -> None:
        self.action = action        # the move into this node (-1 at the root)
        self.mover = mover          # the player whose reward Q holds
        self.N = 0                  # visits
        self.Q = 0.0                # total reward, from ``mover``'s view
        self.children: list[Node] | None = None
        self.expanded = 0

    def open(self, state, player: int) -> None:
        """Create one unvisited child per legal action (or chance outcome)."""
        if player == CHANCE:
            actions = [a for a, _ in state.chance_outcomes()]
            mover = self.mover      # a chance node's children keep the chance node's view
        else:
            actions = state.legal_actions()
            mover = player
        self.children = [Node(a, mover) for a in actions]


def uct(child: Node, parent_visits: int, c: float) -> float:
    """Document 002's UCT: exploitation ``Q/N`` plus exploration ``c*sqrt(ln N_parent / N)``."""
    return child.Q / child.N + c * math.sqrt(math.log(parent_visits) / child.N)


def best_uct(node: Node, c: float) -> Node:
    """``mejorUCT``: the child with the largest UCT (the first one on ties)."""
    best, best_value = None, -math.inf
    for child in node.children:
        value = uct(child, node.N, c)
        if value > best_value:
            best, best_value = child, value
    return best


def sample_outcome(state, rng: SplitMix64) -> int:
    """The index of a chance outcome drawn with its probability."""
    outcomes = state.chance_outcomes()
    check_probabilities(outcomes)
    u = rng.uniform()
    total = 0.0
    for i, (_, p) in enumerate(outcomes):
        total += p
        if u < total:
            return i
    return len(outcomes) - 1


class NodePool:
    """The compiled search's node budget (``max_nodes``): the root and every child slot made."""

    def __init__(self, max_nodes=None) -> None:
        self.size = 1
        self.max_nodes = max_nodes

    def make_room(self, node: Node) -> bool:
        """Count ``node``'s new children; False (and ``node`` left unopened) if they do not fit."""
        if self.max_nodes is not None and self.size + len(node.children) > self.max_nodes:
            node.children = None
            return False
        self.size += len(node.children)
        return True


def select_and_expand(root: Node, state, rng: SplitMix64, c: float,
                      pool: NodePool | None = None):
    """Phases 1 and 2: walk down from the root, playing the moves on ``state``.

    Returns the path (root first) and whether its last node was added by this call (None:
    the node ``pool`` is full, and the search stops without this iteration).
    """
    node, path = root, [root]
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return path, False                   # a terminal node already in the tree
        if node.children is None:
            node.open(state, player)
            if pool is not None and not pool.make_room(node):
                return path, None
        if player == CHANCE:
            child = node.children[sample_outcome(state, rng)]
            state.apply_action(child.action)
            path.append(child)
            if child.N == 0:
                return path, True
            node = child
            continue
        if node.expanded < len(node.children):   # not fully expanded: sinVisitar
            k = node.expanded
            j = k + rng.below(len(node.children) - k)
            node.children[k], node.children[j] = node.children[j], node.children[k]
            node.expanded += 1
            child = node.children[k]
            state.apply_action(child.action)
            path.append(child)
            return path, True
        node = best_uct(node, c)                 # fully expanded: mejorUCT
        state.apply_action(node.action)
        path.append(node)


def simulate(state, rng: SplitMix64, evaluate=None, rollout_depth=None):
    """Phase 3: random moves to the end (or ``rollout_depth`` moves, then ``evaluate``).

    Returns the rewards of players 0 and 1 and the moves played.
    """
    moves = []
    while True:
        player = state.current_player()
        if player == TERMINAL:
            returns = state.returns()
            return (float(returns[0]), float(returns[1])), moves
        if rollout_depth is not None and len(moves) >= rollout_depth:
            return (float(evaluate(state, 0)), float(evaluate(state, 1))), moves
        if player == CHANCE:
            outcomes = state.chance_outcomes()
            action = outcomes[sample_outcome(state, rng)][0]
        else:
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
        state.apply_action(action)
        moves.append(action)


def read_only(evaluate, scale: float = 1.0):
    """``evaluate`` checked at every call, as the compiled search checks it: it must return a
    number and leave the state it is given as it was (a ValueError otherwise); its value is
    divided by ``scale`` (the win value)."""

    def checked(state, player: int) -> float:
        before = fingerprint(state)
        value = evaluate(state, player)
        if fingerprint(state) != before:
            raise ValueError(
                f"heuristic {evaluate!r} changed the state it was given; it must only read "
                "it (work on state.clone() to try moves)"
            )
        return checked_number(value, f"heuristic {evaluate!r}") / scale

    return checked


def backpropagate(path: list, result: tuple) -> None:
    """Phase 4: every node on the path gets one more visit and its mover's reward."""
    for node in path:
        node.N += 1
        node.Q += result[node.mover]


def mcts(state, iterations=1000, *, c: float = math.sqrt(2.0), seed: int = 0,
         time_limit=None, evaluate=None, rollout_depth=None, trace: bool = False,
         keep_tree: bool = False, max_nodes=DEFAULT_MCTS_MAX_NODES,
         win_value=None) -> MCTSResult:
    """Twin of :func:`qsearch.search.mcts` (same options, same result for the same seed).

    A heuristic's score is divided by ``win_value`` (default: derived from its bounds), so
    every score of a cut-off rollout lies strictly between a loss (-1) and a win (+1).
    ``max_nodes`` caps the tree as the compiled node pool: the root and every child made
    (default :data:`~qsearch.core.checks.DEFAULT_MCTS_MAX_NODES`; None: no cap);
    ``result.capped`` says whether the cap stopped the search."""
    check_options(state, iterations, time_limit, c, seed, evaluate, rollout_depth)
    check_mcts_search(state, iterations)
    max_nodes = check_mcts_max_nodes(max_nodes)
    if evaluate is None:
        rollout_depth = None
    else:
        evaluate = read_only(evaluate, resolve_win_value(evaluate, win_value, averages="mcts"))
    start = time.perf_counter()
    rng = SplitMix64(operator.index(seed))
    player = state.current_player()
    root = Node(-1, player)
    root.open(state, player)
    pool = NodePool(max_nodes)
    if not pool.make_room(root):
        raise ValueError(f"max_nodes={max_nodes} cannot hold the root's children")
    if not root.children:
        raise ValueError("no legal moves at the root: MCTS has no move to choose")
    events = [] if trace else None
    done = rollout_moves = 0
    capped = False
    while iterations is None or done < iterations:
        if time_limit is not None and time.perf_counter() - start >= time_limit:
            break
        work = state.clone()
        path, expanded = select_and_expand(root, work, rng, c, pool)
        if expanded is None:
            capped = True
            break
        result, moves = simulate(work, rng, evaluate, rollout_depth)
        backpropagate(path, result)
        rollout_moves += len(moves)
        done += 1
        if trace:
            events.append(MCTSEvent(
                done, tuple(n.action for n in path[1:]), expanded, tuple(moves), result,
                tuple(n.N for n in path), tuple(n.Q for n in path),
                tuple(n.mover for n in path)))
    # not cut by the clock or the node pool
    complete = not capped and done > 0 and (iterations is None or done == iterations)
    result = _package(root, done, rollout_moves, time.perf_counter() - start, c, seed, events,
                      keep_tree, complete)
    result.max_nodes, result.capped = max_nodes, capped
    return result


def most_visited(node: Node):
    """``mejorHijo``: the child with most visits (the lower action on ties); None if none."""
    best = None
    for child in node.children or []:
        if child.N > 0 and (best is None or child.N > best.N
                            or (child.N == best.N and child.action < best.action)):
            best = child
    return best


def _package(root, done, rollout_moves, elapsed, c, seed, events, keep_tree, complete):
    """The result: root children, most-visited line, counts and (on request) the tree."""
    visited = [ch for ch in root.children if ch.N > 0] if root.children else []
    children = sorted(ChildStats(ch.action, ch.N, ch.Q) for ch in visited)
    best = most_visited(root)
    pv, node = [], root
    while node is not None and node.children:
        node = most_visited(node)
        if node is not None:
            pv.append(node.action)
    nodes, generated, order = 0, 0, [(root, -1)]
    tree = MCTSTree([], [], [], [], []) if keep_tree else None
    while order:                                           # breadth first, parents first
        nxt = []
        for node, parent in order:
            nodes += 1
            index = len(tree.parent) if keep_tree else 0
            if keep_tree:
                tree.parent.append(parent)
                tree.action.append(node.action)
                tree.N.append(node.N)
                tree.Q.append(node.Q)
                tree.mover.append(node.mover)
            if node.children is not None:
                generated += len(node.children)
                nxt += [(ch, index) for ch in node.children if ch.N > 0]
        order = nxt
    value = best.Q / best.N if best is not None else 0.0
    return MCTSResult(
        value=value, action=best.action if best else None, pv=pv, nodes=nodes,
        generated=generated, leaves=done, cutoffs=0, elapsed=elapsed, algorithm="mcts",
        complete=complete, children=children, simulations=done, rollout_moves=rollout_moves,
        c=float(c), seed=seed, tree=tree, trace=events,
    )
