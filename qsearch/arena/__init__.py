"""Play games between players and count the results: any qsearch game, any two players.

A *player* is any callable ``player(state, rng) -> action`` (``rng`` is a
:class:`random.Random` that belongs to that player for that game). Two are provided:
:class:`RandomPlayer` (uniform over the legal actions) and :class:`SearchPlayer` (one of the
compiled searches of :mod:`qsearch.search`, or its reference twin).

* :func:`play_game` plays one game and returns a :class:`GameRecord`;
* :func:`match` plays many, swapping colours, serially or on an executor, with a progress
  bar, saving each game to a JSON-lines file it can resume from; it returns a
  :class:`MatchResult` (a list of records plus summary tables);
* :func:`chi_square` and :func:`wilson_interval` are the statistics the lessons use.

Every game's seed is derived from ``(seed, game index)``, so a match gives the same games
whether it runs serially, on two processes, or in two sittings.
"""
from qsearch.arena.match import GameRecord, MatchResult, game_seed, match, play_game
from qsearch.arena.players import Player, RandomPlayer, SearchPlayer
from qsearch.arena.stats import ChiSquare, chi_square, wilson_interval

__all__ = [
    "ChiSquare", "GameRecord", "MatchResult", "Player", "RandomPlayer", "SearchPlayer",
    "chi_square", "game_seed", "match", "play_game", "wilson_interval",
]
