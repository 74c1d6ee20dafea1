"""Sums over the results tables: head-to-head scores of groups of players, the diagonal."""
from __future__ import annotations

from pathlib import Path

from qsearch.arena.tournament.records import read_records
from qsearch.arena.tournament.report import grid
from qsearch.arena.tournament.tables import DOC_RESULTS, TABLES


def grids(directory: str | Path, game: str, pairing: str, source: str = "ours") -> dict:
    """White's score per cell of every table of ``game`` in ``pairing`` (``"time"`` includes
    the tables without MCTS, which both pairings share), ours or the document's."""
    out = {}
    for table in TABLES.values():
        if table.game != game:
            continue
        has_mcts = any(s.startswith("mcts") for s in table.rows + table.cols)
        if table.pairing != pairing and not (pairing == "time" and not has_mcts):
            continue
        if source == "doc":
            out[table.id] = DOC_RESULTS[table.doc_id]
        else:
            out[table.id] = grid(table, read_records(Path(directory) / f"{table.id}.jsonl"))
    return out


def head_to_head(table_grids: dict, a, b) -> tuple[float, int]:
    """(points, games) of the players ``a`` accepts against those ``b`` accepts, both
    colours, over ``table_grids`` (from :func:`grids`); ``a``/``b`` are predicates on specs."""
    points, games = 0.0, 0
    for tid, g in table_grids.items():
        table = TABLES[tid]
        for i, r in enumerate(table.rows):
            for j, c in enumerate(table.cols):
                if g[i][j] is None:
                    continue
                if a(r) and b(c):               # a plays white: white's score
                    points, games = points + g[i][j], games + 10
                elif a(c) and b(r):             # a plays first: the rest
                    points, games = points + 10 - g[i][j], games + 10
    return points, games


def diagonal(table_grid: list, n: int | None = None) -> tuple[float, float]:
    """(white, first) summed over the diagonal (a player against itself), first ``n`` cells."""
    n = len(table_grid) if n is None else n
    white = sum(table_grid[i][i] for i in range(n))
    return white, 10 * n - white
