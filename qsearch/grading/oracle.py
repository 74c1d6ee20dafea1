"""The naive oracle: plain minimax, no pruning, written from the contract alone.

A finished game scores ``returns()[root player] * win``; a position at the depth limit
``evaluate(state, root player)``; MAX nodes are the root player's. Nothing of qsearch's
searches is used, so a defect there cannot hide the same defect in a student's search.
"""
from __future__ import annotations

from qsearch.grading.cases import Case


def node_value(case: Case, state, depth: int, root_player: int) -> float:
    """The minimax value of ``state`` from ``root_player``'s view, ``depth`` plies deep."""
    if state.is_terminal():
        return float(state.returns()[root_player]) * case.win
    if depth == 0:
        return float(case.evaluate(state, root_player))
    values = [node_value(case, state.child(a), depth - 1, root_player)
              for a in state.legal_actions()]
    return max(values) if state.current_player() == root_player else min(values)


def root_values(case: Case) -> tuple[float, dict[int, float]]:
    """``(value of the root, {root action: its child's value})`` for the root player."""
    root = case.root
    player = root.current_player()
    children = {a: node_value(case, root.child(a), case.depth - 1, player)
                for a in root.legal_actions()}
    return max(children.values()), children
