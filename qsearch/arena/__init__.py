"""Play games between players and count the results: any game, any two players.

A game is anything that follows :class:`qsearch.games.GameProtocol`: qsearch's engines, a
class's own game in plain Python, an OpenSpiel state; :func:`play_game` and :func:`match`
take a state, a factory (a class or function giving the start state) or a name for
:func:`qsearch.games.load` (``"nim"``, ``"openspiel:tic_tac_toe"``).

A *player* is any callable ``player(state, rng) -> action`` (``rng`` is a
:class:`random.Random` that belongs to that player for that game). Provided:
:class:`RandomPlayer` (uniform over the legal actions), :class:`SearchPlayer` (one of the
searches of :mod:`qsearch.search`, or its reference twin), :class:`MCTSPlayer`, and
:func:`engine_player` (a search suited to the game: alpha-beta, or MCTS with chance nodes).

* :func:`play_game` plays one game and returns a :class:`GameRecord`;
* :func:`match` plays many, swapping colours, serially or on an executor, with a progress
  bar, saving each game to a JSON-lines file it can resume from; it returns a
  :class:`MatchResult` (a list of records plus summary tables);
* :func:`chi_square`, :func:`chi_square_independence`, :func:`binomial_test` and
  :func:`wilson_interval` are the statistics the lessons use (plain Python, no scipy).

Every game's seed is derived from ``(seed, game index)``, so a match gives the same games
whether it runs serially, on two processes, or in two sittings.
"""
from qsearch.arena.match import GameRecord, MatchResult, game_seed, match, play_game
from qsearch.arena.players import MCTSPlayer, Player, RandomPlayer, SearchPlayer, engine_player
from qsearch.arena.stats import (
    ChiSquare,
    binomial_test,
    chi_square,
    chi_square_independence,
    wilson_interval,
)

__all__ = [
    "ChiSquare", "GameRecord", "MCTSPlayer", "MatchResult", "Player", "RandomPlayer",
    "SearchPlayer", "binomial_test", "chi_square", "chi_square_independence", "engine_player",
    "game_seed", "match", "play_game", "wilson_interval",
]
