"""The tournaments' seeds: the base seed and the seed of each game.

A game's seed is fixed by its table's game and pairing, its cell and its starting position,
so the runner (:mod:`~qsearch.arena.tournament.runner`) and the calibration
(:mod:`~qsearch.arena.tournament.calibration`, which times the pairs on the tournament's
own games) play the same games.
"""
from __future__ import annotations

from qsearch.arena.match import game_seed
from qsearch.arena.tournament.tables import Table

SEED = 2023                 # the tournaments' base seed (the document's year)


def key_seed(table: Table, row: str, col: str, pos: int) -> int:
    """The seed of one game: fixed by the table's game and pairing, the cell and the position
    (not by the table id, so a cell shared by two tables is the same games)."""
    return game_seed(SEED, f"{table.game}/{table.pairing}/{row}/{col}/{pos}")
