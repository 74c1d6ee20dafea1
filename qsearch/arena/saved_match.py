"""A match as a saved study (:mod:`qsearch.core.saved_study`): one unit a game.

Game ``i`` of :func:`qsearch.arena.match` depends only on the match's seed and ``i`` (and, from
a list of openings, on opening ``i // 2``), so a match cuts into games. :func:`saved_match`
plays the match with :func:`~qsearch.arena.match` in the compiled build (exactly as a lesson
did before: the same games, workers and timing) and saves each game's actions and the nodes
each seat searched; pure Python reads the file, rebuilds every :class:`GameRecord` by replaying
its actions, and plays again a drawn sample of the games it can afford (``affordable``, e.g.
:func:`within_nodes`): each must give exactly its saved actions and nodes.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from qsearch.arena.match import (
    GameRecord,
    MatchResult,
    _play_indexed,
    _start_state,
    game_seed,
    match,
)
from qsearch.arena.players import player_name
from qsearch.core import saved_study


def game_result(record: GameRecord) -> list:
    """What the file keeps of a game: ``[actions, nodes of seat 0, nodes of seat 1]``."""
    return [list(record.actions), int(record.nodes[0]), int(record.nodes[1])]


def game_unit(make_state, player_a: Callable, player_b: Callable, seed: int, index: int) -> list:
    """Game ``index`` of the match (colours swapped every game) played here, as the file keeps
    it (:func:`game_result`)."""
    return game_result(_play_indexed(make_state, (player_a, player_b), seed, index, True))


def rebuild(make_state, seed: int, index: int, result, swap_colours: bool = True) -> GameRecord:
    """Game ``index`` of the match as :func:`match` returns it, replayed from its saved
    ``result`` (:func:`game_result`); ValueError if an action is illegal there."""
    actions, nodes0, nodes1 = result
    state = _start_state(make_state, index, swap_colours)
    for a in actions:
        if a not in state.legal_actions():
            raise ValueError(f"game {index}: saved action {a!r} is illegal after "
                             f"{actions[:actions.index(a)]}")
        state.apply_action(a)
    if not state.is_terminal():
        raise ValueError(f"game {index}: the saved actions do not end the game")
    returns = [float(r) for r in state.returns()]
    winner = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
    return GameRecord(list(actions), returns, winner, len(actions), game_seed(seed, index),
                      [nodes0, nodes1], index=index,
                      a_seat=index % 2 if swap_colours else 0)


def within_nodes(budget: int) -> Callable:
    """An ``affordable`` rule: the games whose two seats searched at most ``budget`` nodes."""
    if budget < 0:
        raise ValueError(f"budget must be >= 0, got {budget}")
    return lambda index, result: result[1] + result[2] <= budget


def saved_match(path: str | Path, name: str, make_state, player_a: Callable,
                player_b: Callable, games: int, *, seed: int = 0, full: bool | None = None,
                sample: int = 2, affordable: Callable | None = None,
                workers: int | None = None) -> tuple[saved_study.StudyRun, MatchResult]:
    """``match(make_state, player_a, player_b, games, seed=seed, workers=workers)`` (colours
    swapped every game), saved at ``path`` as study ``name``; returns the run and the match.

    ``full`` (default ``qsearch.compiled``): the match is played and checked against (or saved
    to) the file. Else the file is read, the match rebuilt from it, and ``sample`` games among
    those ``affordable(index, result)`` accepts are played again here."""
    import qsearch

    if games < 1:
        raise ValueError(f"games must be >= 1, got {games}")
    full = qsearch.compiled if full is None else full
    if full:
        played = match(make_state, player_a, player_b, games, seed=seed, workers=workers,
                       progress=False)
        done = {g.index: game_result(g) for g in played.games}
        compute = done.__getitem__
    else:
        def compute(index):
            return game_unit(make_state, player_a, player_b, seed, index)
    run = saved_study.run_or_check(path, name, range(games), compute, full=full,
                                   sample=sample, affordable=affordable)
    if full:
        return run, played
    records = [rebuild(make_state, seed, i, r) for i, r in enumerate(run.results)]
    return run, MatchResult(player_name(player_a), player_name(player_b), records, seed)
