"""The ten starting positions of document 002's tournaments (§4, Figs. 4.1-4.3), regenerated.

Position 1 of each game is the initial position, as in the document. Positions 2-10 appear
in the document only as pictures, so they are generated here by a fixed, documented rule:

* Play ``plies`` uniformly random moves from the start with ``random.Random(f"{game}:{k}:{t}")``
  (k = position number, t = attempt 0, 1, ...), where ``plies`` is drawn from
  :data:`PLIES` with the parity that leaves the side to move the document names:
  Connect-4: red (seat 0, moves first) in 1, 8 and 9, white in the rest; Reversi: black
  (seat 0) in all ten; hypergammon: black (seat 0, ``x``) in 1-7, white (seat 1, ``o``) in
  8-10, before that side's roll (a chance node).
* Keep the position only if it is not over and a strong search judges it balanced
  (:func:`balanced`): Connect-4: alpha-beta depth 8 with document 002's heuristic, |value|
  <= 1 (a third of an open 3-line more than the other side, no forced win in reach);
  Reversi: alpha-beta depth 6 with the disc difference, |value| <= 4 discs; hypergammon:
  the pip counts differ by at most 10 and neither side has borne off a checker. Otherwise
  try the next attempt number.

Each game's numbers and rule are its record in :mod:`qsearch.arena.tournament_games`.
Positions are pure functions of the game name and the number, so every worker and every
run gets the same ten. :func:`positions` caches them.
"""
from __future__ import annotations

import functools
import random

from qsearch.arena.tournament_games import TOURNAMENT_GAMES, tournament_game
from qsearch.arena.tournament_games import WIN as WIN  # the searches' value of a won game

GAMES = tuple(TOURNAMENT_GAMES)
PLIES = {name: g.plies for name, g in TOURNAMENT_GAMES.items()}


def first_player(game: str, number: int) -> int:
    """The seat to move in position ``number`` (1-10), as document 002 says."""
    return tournament_game(game).first_player(number)


def initial(game: str):
    """The initial position of ``game`` (hypergammon: black's roll, as §4.3's position 1)."""
    return tournament_game(game).initial()


def _to_move(game: str, state) -> int:
    if tournament_game(game).rolls:
        return _roller(state)       # a chance node between turns: whose roll it is
    return state.current_player()


def _roller(state) -> int:
    """Whose roll a chance node between turns is (the player after the one who just moved)."""
    probe = state.clone()
    probe.apply_action(probe.chance_outcomes()[0][0])
    return probe.current_player()


def _random_walk(game: str, rng: random.Random, plies: int):
    rolls = tournament_game(game).rolls
    state = initial(game)
    if rolls:
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    played = 0
    while played < plies and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
        played += 1
    if rolls:                       # stop before a roll, like the document's pictures
        while not state.is_terminal() and not state.is_chance_node():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return state


def balanced(game: str, state) -> bool:
    """The rule that keeps a generated position (see the module's docstring)."""
    if state.is_terminal():
        return False
    return tournament_game(game).balanced(state)


@functools.cache
def _position(game: str, number: int):
    if number == 1:
        return initial(game), 0
    want = first_player(game, number)
    for attempt in range(1000):
        rng = random.Random(f"{game}:{number}:{attempt}")
        plies = rng.choice(PLIES[game])
        state = _random_walk(game, rng, plies)
        if state.is_terminal() or _to_move(game, state) != want:
            continue
        if balanced(game, state):
            return state, attempt
    raise RuntimeError(f"no balanced {game} position {number} in 1000 attempts")


def position(game: str, number: int):
    """Position ``number`` (1-10) of ``game``: a fresh clone, the same every time."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10:
        raise ValueError(f"position numbers are 1-10, not {number!r}")
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")
    return _position(game, number)[0].clone()


def positions(game: str) -> list:
    """The ten positions of ``game`` (clones), position 1 first."""
    return [position(game, k) for k in range(1, 11)]


def attempts(game: str) -> list[int]:
    """The attempt number each position was kept at (0 for position 1): the rule's record."""
    return [_position(game, k)[1] for k in range(1, 11)]
