"""The tournaments' players, named by short specs.

``ab3`` (alpha-beta depth 3 with the game's heuristic), ``mcts170``, ``em2``
(expectiminimax, depth counting chance levels as the document does), ``eml4`` (limited
expectiminimax: the :data:`LIMIT` most probable rolls), ``random``. Which searches a game's
players use, with which heuristic and move order, is the game's record in
:mod:`qsearch.arena.tournament_games`. Specs are plain strings, so a game is a picklable
task on any executor.

A *variant* (:data:`VARIANT`) changes one setting of these players from ours, for the
Connect-4 ablation (:mod:`~qsearch.arena.tournament.ablation`): alpha-beta's move order, its
faster-win preference, MCTS's exploration constant.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from qsearch.arena.players import MCTSPlayer
from qsearch.arena.tournament_games import TOURNAMENT_GAMES, WIN, TournamentGame, tournament_game

LIMIT = 15                  # limited expectiminimax: the 15 likeliest rolls (the non-doubles)
ORDER_C4 = list(TOURNAMENT_GAMES["connect4"].order)
WIN_DECAY = 1.0             # alpha-beta: a win k plies away scores WIN - k (the faster, the better)
MCTS_C = math.sqrt(2.0)     # MCTS's exploration constant (rewards in [-1, 1])

# The settings a variant may change, and what each means.
VARIANT = {
    "order": "alpha-beta's move order: 'ours' (the game record's; centre first on Connect-4) "
             "or 'game' (the game's own order, columns left to right)",
    "win_decay": f"alpha-beta's faster-win preference: a win k plies away scores WIN - "
                 f"win_decay * k (ours {WIN_DECAY:g}; 0: every win alike, as the "
                 "document's infinity)",
    "c": "MCTS's exploration constant in UCT (ours sqrt 2, with rewards in [-1, 1])",
}


def check_variant(variant) -> dict:
    """``variant`` (None or a dict of :data:`VARIANT`'s settings) checked, as a plain dict;
    ValueError / TypeError naming the bad setting."""
    if variant is None:
        return {}
    if not isinstance(variant, dict):
        raise TypeError(f"a variant is a dict of settings ({', '.join(VARIANT)}), "
                        f"not {variant!r}")
    for key, value in variant.items():
        if key not in VARIANT:
            raise ValueError(f"unknown variant setting {key!r}; choose from "
                             f"{', '.join(VARIANT)}")
        if key == "order" and value not in ("ours", "game"):
            raise ValueError(f"variant order must be 'ours' or 'game', not {value!r}")
        if key in ("win_decay", "c"):
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise TypeError(f"variant {key} must be a number, not {value!r}")
            if not (math.isfinite(value) and value >= 0):
                raise ValueError(f"variant {key} must be a finite number >= 0, not {value!r}")
    return dict(variant)


# --------------------------------------------------------------------------- searches
def _alphabeta(game: TournamentGame, depth: int, name: str, variant: dict):
    from qsearch.arena.players import SearchPlayer

    order = game.order if variant.get("order", "ours") == "ours" else None
    options = {} if order is None else {"order": list(order)}
    return SearchPlayer("alphabeta", depth, game.evaluator(), name=name, win_value=WIN,
                        win_decay=float(variant.get("win_decay", WIN_DECAY)), **options)


def _expectiminimax(game: TournamentGame, depth: int, name: str, variant: dict):
    from qsearch.arena.players import SearchPlayer
    from qsearch.search import expectiminimax

    return SearchPlayer(expectiminimax, depth, game.evaluator(), name=name, win_value=WIN)


def _limited_expectiminimax(game: TournamentGame, depth: int, name: str, variant: dict):
    from qsearch.arena.players import SearchPlayer
    from qsearch.search import expectiminimax

    return SearchPlayer(expectiminimax, depth, game.evaluator(), name=name, limit=LIMIT,
                        win_value=WIN)


@dataclass(frozen=True)
class SearchFamily:
    """A family of searching players: ``<prefix><depth>`` specs, the document's name."""

    prefix: str
    label: str                                  # the document's name: "Poda 3"
    build: Callable[[TournamentGame, int, str, dict], object]


SEARCHES = {s.prefix: s for s in (
    SearchFamily("ab", "Poda", _alphabeta),
    SearchFamily("em", "Em", _expectiminimax),
    SearchFamily("eml", "Em lim", _limited_expectiminimax),
)}


def _search_of(spec: str, prefixes) -> SearchFamily | None:
    """The family whose prefix ``spec`` starts with (the longest: ``eml`` before ``em``)."""
    for prefix in sorted(prefixes, key=len, reverse=True):
        if spec.startswith(prefix):
            return SEARCHES[prefix]
    return None


def _depth(spec: str, prefix: str) -> int:
    text = spec[len(prefix):]
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"bad player spec {spec!r}: {prefix} needs a depth >= 1 ({prefix}3)")
    return int(text)


def evaluator(game: str):
    """The heuristic of ``game``'s searching players."""
    return tournament_game(game).evaluator()


def _spec_help() -> str:
    """The specs each game takes, for error messages: "ab<depth> (connect4, reversi), ..."."""
    games_of: dict = {}
    for prefix in SEARCHES:
        games = tuple(g.name for g in TOURNAMENT_GAMES.values() if prefix in g.searches)
        games_of.setdefault(games, []).append(f"{prefix}<depth>")
    return ", ".join(f"{' / '.join(specs)} ({', '.join(games)})"
                     for games, specs in games_of.items())


def make_player(game: str, spec: str, iterations: int | None = None,
                variant: dict | None = None):
    """The player a spec names on ``game`` (see the module's docstring).

    ``iterations`` overrides an MCTS spec's count (the "time" pairing); ``variant`` changes
    settings of :data:`VARIANT` from ours (alpha-beta's order and win decay, MCTS's c).
    """
    from qsearch.arena.players import RandomPlayer

    if not isinstance(spec, str):
        raise TypeError(f"a player spec is a string such as 'ab3', not {spec!r}")
    variant = check_variant(variant)
    if spec == "random":
        return RandomPlayer()
    if spec.startswith("mcts"):
        n = _depth(spec, "mcts")
        return MCTSPlayer(iterations or n, name=f"MCTS {iterations or n}",
                          c=float(variant.get("c", MCTS_C)))
    record = tournament_game(game)
    search = _search_of(spec, record.searches)
    if search is None:
        raise ValueError(f"unknown player {spec!r} for {game}: use {_spec_help()}, "
                         "mcts<iterations> or random")
    depth = _depth(spec, search.prefix)
    return search.build(record, depth, f"{search.label} {depth}", variant)


def label(spec: str, iterations: int | None = None) -> str:
    """The document's name for a spec ("Poda 3", "MCTS 170", "Em lim 2", "Random")."""
    if spec == "random":
        return "Random"
    if spec.startswith("mcts"):
        return f"MCTS {iterations or spec[4:]}"
    search = _search_of(spec, SEARCHES)
    if search is None:
        raise ValueError(f"unknown player spec {spec!r}")
    return f"{search.label} {spec[len(search.prefix):]}"
