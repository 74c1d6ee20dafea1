"""The positions a student's search is checked on, smallest first.

Each :class:`Case` is a root position, a depth and a zero-sum evaluation of the positions
at the depth limit, with the win value finished games score (``returns()`` times it):

* generated toy trees (seeded, leaves at several depths, searched one ply less deep than
  the tree, so the depth limit meets inner nodes the evaluation scores and finished games
  above it), from 2 x 2 up;
* trees whose leaves take few values, so ties are everywhere (a tie in the window, α = β,
  shows a search that takes a tied move its cut left as a bound);
* a tree whose second node cuts after its first child of three (the smallest where a cut
  tested one child late differs from no cut at all);
* tic-tac-toe and Connect-4 positions.

The evaluations are zero-sum (``evaluate(s, 1) == -evaluate(s, 0)``), so a negamax that
scores leaves for the player to move and a minimax that scores them for the root player
find the same values. The cases are ordered by the number of nodes of the full tree to the
depth, so the first case that shows a bug is the smallest one the checker has.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from qsearch.games.connect4 import Connect4
from qsearch.games.tictactoe import TicTacToe
from qsearch.games.toytree import ExplicitTree

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))


@dataclass(frozen=True)
class Case:
    """A position to check a search on: ``root`` searched to ``depth`` plies."""

    family: str                     # "toy", "ties", "tie_root", "early_cut", "tictactoe"...
                                    # (report.CASE_NAMES names them)
    number: int                     # its number in the family (0: the only one)
    kind: str                       # "tree" or "game"
    root: object                    # a qsearch game state (never handed out: proxies are)
    depth: int
    evaluate: Callable              # (state, player) -> score of a non-finished position
    win: float                      # finished games score returns() * win
    size: int                       # nodes of the full tree to ``depth`` (the ordering key)

    def text(self) -> str:
        """The position as text: a toy tree's named nodes to the depth (a value with ``*``
        is the evaluation's score of a node the tree goes on below), or a board."""
        if self.kind == "tree":
            return tree_text(self.root, self.depth)
        return str(self.root)


def tree_text(node, depth: int) -> str:
    """A toy tree searched to ``depth`` as text: ``N1:[N2:[N4:5, N5:-6*], N3:3]``."""
    name = node.node_name()
    if node.is_terminal():
        return f"{name}:{node.returns()[0]:g}"
    if depth == 0:
        return f"{name}:{toy_evaluation(node, 0):g}*"
    return f"{name}:[" + ", ".join(tree_text(node.child(a), depth - 1)
                                   for a in node.legal_actions()) + "]"


def toy_evaluation(state, player: int) -> float:
    """A toy tree's inner node scored from its number (the same every run): -9..9."""
    i = state.node_index()
    value = (7 * i * i + 3 * i + 5) % 19 - 9
    return float(value if player == 0 else -value)


def tictactoe_evaluation(state, player: int) -> float:
    """Lines still open to ``player`` minus those open to the opponent (-8..8)."""
    def open_lines(p):
        return sum(all(state.cell(i) in (-1, p) for i in line) for line in LINES)
    return float(open_lines(player) - open_lines(1 - player))


def connect4_evaluation(state, player: int) -> float:
    """Document 001's evaluation table, ``player``'s score minus the opponent's."""
    from qsearch.heuristics.connect4 import evaluation_table
    return float(evaluation_table(state, player) - evaluation_table(state, 1 - player))


def random_ragged(seed: int, depth: int, branching: tuple[int, int], values) -> list:
    """Nested lists: a tree of ``depth`` levels whose leaves may also stop early (a leaf
    below the root's children with probability 1/4), reproducible from ``seed``."""
    rng = random.Random(seed)
    pool = list(values)

    def node(level):
        if level == depth or (level >= 2 and rng.random() < 0.25):
            return rng.choice(pool)
        return [node(level + 1) for _ in range(rng.randint(*branching))]

    return node(0)


def tree_size(state, depth: int) -> int:
    """Nodes of the full tree of ``state`` to ``depth`` plies (root included)."""
    if depth == 0 or state.is_terminal():
        return 1
    return 1 + sum(tree_size(state.child(a), depth - 1) for a in state.legal_actions())


def _tree_case(family: str, number: int, spec, depth: int) -> Case:
    tree = ExplicitTree(spec)
    return Case(family, number, "tree", tree, depth,
                toy_evaluation, 1.0, tree_size(tree, depth))


def _game_case(family: str, state, depth: int, evaluate, win: float) -> Case:
    return Case(family, 0, "game", state, depth, evaluate, win,
                tree_size(state, depth))


# (seed, tree depth, branching, values): the generated trees, searched at depth - 1
TREES = [(1, 3, (2, 2), range(-9, 10)), (2, 3, (2, 3), range(-9, 10)),
         (3, 4, (2, 2), range(-9, 10)), (4, 4, (2, 3), range(-9, 10)),
         (5, 4, (3, 3), range(-9, 10)), (6, 5, (2, 3), range(-9, 10))]
TIED = [(11, 3, (2, 3), (0, 1)), (12, 3, (3, 3), (0, 1, 2)), (13, 4, (2, 3), (0, 1))]


def default_cases() -> list[Case]:
    """Every case, smallest first (see the module docs)."""
    cases = [_tree_case("toy", k + 1, random_ragged(s, d, b, v), d - 1)
             for k, (s, d, b, v) in enumerate(TREES)]
    cases += [_tree_case("ties", k + 1, random_ragged(s, d, b, v), d)
              for k, (s, d, b, v) in enumerate(TIED)]
    cases.append(_tree_case("tie_root", 0, [[3, 5], [3, 1], [2, 4]], 2))
    cases.append(_tree_case("early_cut", 0, [[3, 5], [2, 9, 7]], 2))
    cases.append(_game_case("tictactoe", TicTacToe.from_actions([4, 0, 8, 2]), 2,
                            tictactoe_evaluation, 100.0))
    cases.append(_game_case("tictactoe_end", TicTacToe.from_actions([4, 0, 8, 2, 1]), 4,
                            tictactoe_evaluation, 100.0))
    cases.append(_game_case("connect4", Connect4.from_moves("4453"), 2,
                            connect4_evaluation, 1000.0))
    cases.append(_game_case("connect4_threat", Connect4.from_moves("44556"), 3,
                            connect4_evaluation, 1000.0))
    return sorted(cases, key=lambda c: c.size)
