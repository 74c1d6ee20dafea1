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

Positions are pure functions of the game name and the number, so every worker and every
run gets the same ten. :func:`positions` caches them.
"""
from __future__ import annotations

import functools
import random

GAMES = ("connect4", "reversi", "hypergammon")
PLIES = {"connect4": (3, 4, 5, 6, 7, 8), "reversi": (4, 6, 8, 10), "hypergammon": (6, 8, 10, 12)}
WIN = 1000.0            # the searches' value of a won game (beyond any heuristic value)


def first_player(game: str, number: int) -> int:
    """The seat to move in position ``number`` (1-10), as document 002 says."""
    if game == "connect4":
        return 0 if number in (1, 8, 9) else 1
    if game == "reversi":
        return 0
    if game == "hypergammon":
        return 1 if number in (8, 9, 10) else 0
    raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")


def initial(game: str):
    """The initial position of ``game`` (hypergammon: black's roll, as §4.3's position 1)."""
    from qsearch.games import Connect4, Hypergammon, Reversi

    if game == "connect4":
        return Connect4()
    if game == "reversi":
        return Reversi()
    if game == "hypergammon":
        return Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0)
    raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")


def _to_move(game: str, state) -> int:
    if game == "hypergammon":
        # a chance node between turns: whose roll it is
        return state.roll_player() if hasattr(state, "roll_player") else _hg_roller(state)
    return state.current_player()


def _hg_roller(state) -> int:
    """Whose roll a hypergammon chance node is (the player after the one who just moved)."""
    probe = state.clone()
    probe.apply_action(probe.chance_outcomes()[0][0])
    return probe.current_player()


def _random_walk(game: str, rng: random.Random, plies: int):
    state = initial(game)
    if game == "hypergammon":
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
    if game == "hypergammon":       # stop before a roll, like the document's pictures
        while not state.is_terminal() and not state.is_chance_node():
            actions = state.legal_actions()
            state.apply_action(actions[rng.randrange(len(actions))])
    return state


def balanced(game: str, state) -> bool:
    """The rule that keeps a generated position (see the module's docstring)."""
    if state.is_terminal():
        return False
    if game == "connect4":
        from qsearch.heuristics.connect4 import line_weights
        from qsearch.search import alphabeta
        return abs(alphabeta(state, 8, line_weights, win_value=WIN).value) <= 1.0
    if game == "reversi":
        from qsearch.heuristics.reversi import disc_difference
        from qsearch.search import alphabeta
        if not state.legal_actions() or state.legal_actions() == [64]:
            return False
        return abs(alphabeta(state, 6, disc_difference, win_value=WIN).value) <= 4.0
    if game == "hypergammon":
        off = [len([c for c in state.checkers(p) if c == 0]) for p in (0, 1)]
        return off == [0, 0] and abs(state.pip_count(0) - state.pip_count(1)) <= 10
    raise ValueError(f"unknown game {game!r}; choose from {', '.join(GAMES)}")


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
