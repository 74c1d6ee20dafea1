"""The games of document 002's tournaments, one record each, looked up by name.

A record is a view of the tournament data in the game's entry (:mod:`qsearch.core.game_entries`):
how the game starts, how its ten starting positions are chosen (:mod:`qsearch.arena.positions`
applies the rule) and how its players search (:mod:`qsearch.arena.tournament`). Adding a game to
the tournaments is giving its entry a ``tournament`` (and its tables to
:mod:`qsearch.arena.tournament.tables`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from qsearch.arena import positions
from qsearch.arena.positions import WIN as WIN  # the searches' value of a won game
from qsearch.core.game_entries import tournament_games


@dataclass(frozen=True)
class TournamentGame:
    """One game of the tournaments: its start, its starting-position rule, its players."""

    name: str
    start: str | Callable[[], Any]      # a name for qsearch.games.load, or a factory
    to_move: tuple[int, ...]            # the seat to move in positions 1-10 (the document's)
    plies: tuple[int, ...]              # random plies a generated position may have
    heuristic: str                      # "module:name" of the searches' evaluator
    searches: tuple[str, ...]           # spec prefixes of its searching players ("ab", "em")
    colours: tuple[str, str]            # (seat 1's colour, seat 0's) in the document's words
    order: tuple[int, ...] | None = None    # alpha-beta's move order (None: the game's)
    rolls: bool = False                 # a dice roll (a chance node) starts every turn
    rate_iterations: int = 2000         # MCTS iterations the calibration times

    def initial(self):
        """A new initial position (:func:`qsearch.arena.positions.initial`)."""
        return positions.initial(self.name)

    def balanced(self, state) -> bool:
        """The rule that keeps a generated position (:func:`~qsearch.arena.positions.balanced`)."""
        return positions.balanced(self.name, state)

    def evaluator(self):
        """The searches' heuristic (imported on first use: the heuristics are compiled)."""
        return positions.evaluator(self.name)

    def first_player(self, number: int) -> int:
        """The seat to move in position ``number`` (1-10)."""
        return positions.first_player(self.name, number)


def _record(name: str, data) -> TournamentGame:
    start = name if not data.start else (lambda: positions.initial(name))
    return TournamentGame(name, start, data.to_move, data.plies, data.heuristic, data.searches,
                          data.colours, data.order, data.rolls, data.rate_iterations)


TOURNAMENT_GAMES: dict[str, TournamentGame] = {
    name: _record(name, e.tournament) for name, e in tournament_games().items()}


def tournament_game(name: str) -> TournamentGame:
    """The record of the game ``name``; ValueError for a game the tournaments do not play."""
    try:
        return TOURNAMENT_GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; choose from "
                         f"{', '.join(TOURNAMENT_GAMES)}") from None
