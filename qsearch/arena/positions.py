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

Each game's entry also records the attempt each position was kept at (``kept``), so the
positions are generated without the balance searches, which take minutes in pure Python;
:func:`searched_position` applies the rule itself, and a test compares the two.

Each game's numbers and rule are data in its entry (:class:`~qsearch.core.game_entries.
Tournament`, in :mod:`qsearch.core.game_entries`): the seats to move, the plies, the dice and
the balance rule, which :func:`balanced` applies. Positions are pure functions of the game
name and the number, so every worker and every run gets the same ten. :func:`positions`
caches them.
"""
from __future__ import annotations

import functools
import importlib
import random

from qsearch.core.game_entries import Tournament, tournament_games

WIN = 1000.0            # the searches' value of a won game (beyond any heuristic value)
GAMES = tuple(tournament_games())
PLIES = {name: e.tournament.plies for name, e in tournament_games().items()}


def tournament(game: str) -> Tournament:
    """The tournament data of ``game``'s entry; ValueError for a game the tournaments do not
    play."""
    entries = tournament_games()
    if not isinstance(game, str) or game not in entries:
        raise ValueError(f"unknown game {game!r}; choose from {', '.join(entries)}")
    return entries[game].tournament


def first_player(game: str, number: int) -> int:
    """The seat to move in position ``number`` (1-10), as document 002 says."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10:
        raise ValueError(f"position numbers are 1-10, not {number!r}")
    return tournament(game).to_move[number - 1]


def initial(game: str):
    """The initial position of ``game`` (hypergammon: black's roll, as §4.3's position 1):
    ``load(game)``, or the class method that the entry's ``start`` names."""
    from qsearch.games.registry import _factory, entry, load

    start = tournament(game).start
    if not start:
        return load(game)
    method, args, kwargs = start
    return getattr(_factory(entry(game)), method)(*args, **kwargs)


def evaluator(game: str):
    """The heuristic of ``game``'s searching players (imported now: it is compiled)."""
    module, name = tournament(game).heuristic.split(":")
    return getattr(importlib.import_module(module), name)


def _to_move(game: str, state) -> int:
    if tournament(game).rolls:
        return _roller(state)       # a chance node between turns: whose roll it is
    return state.current_player()


def _roller(state) -> int:
    """Whose roll a chance node between turns is (the player after the one who just moved)."""
    probe = state.clone()
    probe.apply_action(probe.chance_outcomes()[0][0])
    return probe.current_player()


def _random_walk(game: str, rng: random.Random, plies: int):
    rolls = tournament(game).rolls
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
    """The rule that keeps a generated position (see the module's docstring): the entry's
    ``balance``, ``("search", depth, within)`` (alpha-beta at ``depth`` with the game's
    heuristic: |value| <= ``within``; a position whose only move is the entry's
    ``pass_action`` is not kept) or ``("race", within)`` (the pip counts differ by at most
    ``within`` and neither side has borne off a checker)."""
    if state.is_terminal():
        return False
    record = tournament(game)
    kind, *numbers = record.balance
    if kind == "search":
        from qsearch.search import alphabeta

        depth, within = numbers
        if record.pass_action is not None and state.legal_actions() == [record.pass_action]:
            return False
        return abs(alphabeta(state, depth, evaluator(game), win_value=WIN).value) <= within
    if kind == "race":
        (within,) = numbers
        off = [len([c for c in state.checkers(p) if c == 0]) for p in (0, 1)]
        return off == [0, 0] and abs(state.pip_count(0) - state.pip_count(1)) <= within
    raise ValueError(f"{game}: unknown balance rule {record.balance!r}")


def _attempt(game: str, number: int, attempt: int):
    """The position attempt ``attempt`` of position ``number`` generates (not yet judged)."""
    rng = random.Random(f"{game}:{number}:{attempt}")
    plies = rng.choice(PLIES[game])
    return _random_walk(game, rng, plies)


def searched_position(game: str, number: int):
    """``(state, attempt)``: position ``number`` found by the rule itself, trying attempts
    0, 1, ... until one is balanced (what the entry's ``kept`` records)."""
    if number == 1:
        return initial(game), 0
    want = first_player(game, number)
    for attempt in range(1000):
        state = _attempt(game, number, attempt)
        if state.is_terminal() or _to_move(game, state) != want:
            continue
        if balanced(game, state):
            return state, attempt
    raise RuntimeError(f"no balanced {game} position {number} in 1000 attempts")


@functools.cache
def _position(game: str, number: int):
    kept = tournament(game).kept
    if not kept:
        return searched_position(game, number)
    if number == 1:
        return initial(game), 0
    return _attempt(game, number, kept[number - 1]), kept[number - 1]


def position(game: str, number: int):
    """Position ``number`` (1-10) of ``game``: a fresh clone, the same every time."""
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 10:
        raise ValueError(f"position numbers are 1-10, not {number!r}")
    tournament(game)                # an unknown game: the ValueError naming the games
    return _position(game, number)[0].clone()


def positions(game: str) -> list:
    """The ten positions of ``game`` (clones), position 1 first."""
    return [position(game, k) for k in range(1, 11)]


def attempts(game: str) -> list[int]:
    """The attempt number each position was kept at (0 for position 1): the rule's record."""
    return [_position(game, k)[1] for k in range(1, 11)]
