"""Readable twins of the compiled heuristics in :mod:`qsearch.heuristics`."""
from __future__ import annotations

from qsearch.heuristics.connect4 import EVALUATION_TABLE


def evaluation_table(state, player: int) -> float:
    """Document 001's first Connect-4 heuristic: 138 + worth of own cells - opponent's."""
    total = 0
    for row in range(6):
        for col in range(7):
            owner = state.cell(row, col)
            if owner == player:
                total += EVALUATION_TABLE[row][col]
            elif owner == 1 - player:
                total -= EVALUATION_TABLE[row][col]
    return 138 + total
