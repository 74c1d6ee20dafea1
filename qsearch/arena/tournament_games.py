"""The games of document 002's tournaments, one record each, looked up by name.

A record says how the game starts (a name for :func:`qsearch.games.load`, or a factory where
the tournaments start elsewhere than the game's own start), how its ten starting positions
are chosen (:mod:`qsearch.arena.positions` applies the rule) and how its players search
(:mod:`qsearch.arena.tournament`). Adding a game to the tournaments is adding one entry to
:data:`TOURNAMENT_GAMES` (and its tables to :mod:`qsearch.arena.tournament.tables`).
"""
from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WIN = 1000.0            # the searches' value of a won game (beyond any heuristic value)


@dataclass(frozen=True)
class TournamentGame:
    """One game of the tournaments: its start, its starting-position rule, its players."""

    name: str
    start: str | Callable[[], Any]      # a name for qsearch.games.load, or a factory
    to_move: tuple[int, ...]            # the seat to move in positions 1-10 (the document's)
    plies: tuple[int, ...]              # random plies a generated position may have
    balanced: Callable[[Any], bool]     # keeps a generated position that is not over
    heuristic: str                      # "module:name" of the searches' evaluator
    searches: tuple[str, ...]           # spec prefixes of its searching players ("ab", "em")
    colours: tuple[str, str]            # (seat 1's colour, seat 0's) in the document's words
    order: tuple[int, ...] | None = None    # alpha-beta's move order (None: the game's)
    rolls: bool = False                 # a dice roll (a chance node) starts every turn
    rate_iterations: int = 2000         # MCTS iterations the calibration times

    def initial(self):
        """A new initial position: ``qsearch.games.load(start)``, or ``start()``."""
        if isinstance(self.start, str):
            from qsearch.games.registry import load

            return load(self.start)
        return self.start()

    def evaluator(self):
        """The searches' heuristic (imported on first use: the heuristics are compiled)."""
        module, name = self.heuristic.split(":")
        return getattr(importlib.import_module(module), name)

    def first_player(self, number: int) -> int:
        """The seat to move in position ``number`` (1-10)."""
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10:
            raise ValueError(f"position numbers are 1-10, not {number!r}")
        return self.to_move[number - 1]


# --------------------------------------------------------------------------- the games
def _hypergammon():
    """§4.3's position 1: black's roll."""
    from qsearch.games import Hypergammon
    return Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0)


def _connect4_balanced(state) -> bool:
    """Alpha-beta depth 8 with document 002's heuristic: |value| <= 1 (a third of an open
    3-line more than the other side, no forced win in reach)."""
    from qsearch.heuristics.connect4 import line_weights
    from qsearch.search import alphabeta
    return abs(alphabeta(state, 8, line_weights, win_value=WIN).value) <= 1.0


def _reversi_balanced(state) -> bool:
    """Someone can move, and alpha-beta depth 6 with the disc difference: |value| <= 4."""
    from qsearch.heuristics.reversi import disc_difference
    from qsearch.search import alphabeta
    if not state.legal_actions() or state.legal_actions() == [64]:     # 64: pass
        return False
    return abs(alphabeta(state, 6, disc_difference, win_value=WIN).value) <= 4.0


def _hypergammon_balanced(state) -> bool:
    """The pip counts differ by at most 10 and neither side has borne off a checker."""
    off = [len([c for c in state.checkers(p) if c == 0]) for p in (0, 1)]
    return off == [0, 0] and abs(state.pip_count(0) - state.pip_count(1)) <= 10


TOURNAMENT_GAMES: dict[str, TournamentGame] = {g.name: g for g in (
    TournamentGame(
        "connect4", "connect4", to_move=(0, 1, 1, 1, 1, 1, 1, 0, 0, 1), plies=(3, 4, 5, 6, 7, 8),
        balanced=_connect4_balanced, heuristic="qsearch.heuristics.connect4:line_weights",
        searches=("ab",), colours=("white", "red"), order=(3, 2, 4, 1, 5, 0, 6)),
    TournamentGame(
        "reversi", "reversi", to_move=(0,) * 10, plies=(4, 6, 8, 10),
        balanced=_reversi_balanced, heuristic="qsearch.heuristics.reversi:disc_difference",
        searches=("ab",), colours=("white", "black")),
    TournamentGame(
        "hypergammon", _hypergammon, to_move=(0,) * 7 + (1,) * 3, plies=(6, 8, 10, 12),
        balanced=_hypergammon_balanced, heuristic="qsearch.heuristics.hypergammon:pip_race",
        searches=("em", "eml"), colours=("white", "black"), rolls=True, rate_iterations=200),
)}


def tournament_game(name: str) -> TournamentGame:
    """The record of the game ``name``; ValueError for a game the tournaments do not play."""
    try:
        return TOURNAMENT_GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; choose from "
                         f"{', '.join(TOURNAMENT_GAMES)}") from None
