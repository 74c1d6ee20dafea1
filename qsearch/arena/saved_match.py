"""A match as a saved study (:mod:`qsearch.core.saved_study`): one unit a game or a chunk.

Game ``i`` of :func:`qsearch.arena.match` depends only on the match's seed and ``i`` (and, from
a list of openings, on opening ``i // 2``), so a match cuts into games. :func:`saved_match`
plays the match with :func:`~qsearch.arena.match` in the compiled build (exactly as a lesson
did before: the same games, workers and timing) and saves what the file keeps of each game;
pure Python reads the file, rebuilds every :class:`GameRecord` and plays again a drawn sample
of the units it can afford (``affordable``, e.g. :func:`within_nodes`): each must give exactly
what is saved.

What the file keeps of a game (``keep``, :func:`game_result`):

* ``"actions"`` (default): ``[actions, nodes of seat 0, nodes of seat 1]``; the records are
  rebuilt by replaying the actions (a cut or illegal game is refused);
* ``"outcome"``: ``[returns, plies, nodes of seat 0, nodes of seat 1]`` and, with
  ``extra=f``, ``f(final state)`` last (a number the lesson reads of each game): a
  fraction of the size for long games (2,000 ParCheckers games' actions: over a megabyte);
  the records are rebuilt without their actions.

A unit is game ``i`` itself (``chunk=1``: its result is the game's) or, with ``chunk=k``,
``{"first": i, "games": k}``: ``k`` consecutive games, its result their list.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

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

KEEP = ("actions", "outcome")


def _final_state(make_state, record: GameRecord, swap_colours: bool = True):
    """The position at the end of ``record`` (a game of a match), replayed from its start."""
    state = _start_state(make_state, record.index, swap_colours)
    for a in record.actions:
        state.apply_action(a)
    return state


def _plain_number(x: float) -> float | int:
    """``x`` as an int when it is one (a return of 1.0 is saved as 1)."""
    return int(x) if float(x).is_integer() else float(x)


def game_result(record: GameRecord, keep: str = "actions", extra: Callable | None = None,
                make_state=None) -> list:
    """What the file keeps of a game (see the module's docstring). ``extra`` (with
    ``keep="outcome"``) is applied to the game's final position, replayed from ``make_state``."""
    nodes = [int(record.nodes[0]), int(record.nodes[1])]
    if keep == "actions":
        return [list(record.actions), *nodes]
    out = [[_plain_number(r) for r in record.returns], int(record.plies), *nodes]
    if extra is not None:
        out.append(extra(_final_state(make_state, record)))
    return out


def game_unit(make_state, player_a: Callable, player_b: Callable, seed: int, index: int,
              keep: str = "actions", extra: Callable | None = None) -> list:
    """Game ``index`` of the match (colours swapped every game) played here, as the file keeps
    it (:func:`game_result`)."""
    record = _play_indexed(make_state, (player_a, player_b), seed, index, True)
    return game_result(record, keep, extra, make_state)


def rebuild(make_state, seed: int, index: int, result, swap_colours: bool = True) -> GameRecord:
    """Game ``index`` of the match as :func:`match` returns it, replayed from its saved
    ``result`` (``keep="actions"``); ValueError if an action is illegal there."""
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
    return _record(list(actions), returns, len(actions), seed, index, [nodes0, nodes1],
                   swap_colours)


def rebuild_outcome(seed: int, index: int, result, swap_colours: bool = True) -> GameRecord:
    """Game ``index`` of the match as :func:`match` returns it, but without its actions (not
    saved), from its saved ``result`` (``keep="outcome"``); ValueError for a malformed one."""
    if not isinstance(result, list) or len(result) not in (4, 5):
        raise ValueError(f"game {index}: a saved outcome is [returns, plies, nodes, nodes"
                         f"(, extra)], not {result!r}")
    returns, plies, nodes0, nodes1 = result[:4]
    if not isinstance(returns, list) or len(returns) != 2 or not all(
            isinstance(v, int) and v >= 0 for v in (plies, nodes0, nodes1)):
        raise ValueError(f"game {index}: a malformed saved outcome {result!r}")
    return _record([], [float(r) for r in returns], plies, seed, index, [nodes0, nodes1],
                   swap_colours)


def _record(actions, returns, plies, seed, index, nodes, swap_colours) -> GameRecord:
    winner = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
    return GameRecord(actions, returns, winner, plies, game_seed(seed, index), nodes,
                      index=index, a_seat=index % 2 if swap_colours else 0)


def _is_chunk(result) -> bool:
    """Whether a saved result is a chunk's (a list of games' results) rather than a game's:
    a game's holds a number (nodes, plies) in second place."""
    return isinstance(result, list) and all(isinstance(g, list) for g in result)


def _game_nodes(game: list) -> int:
    return game[1] + game[2] if isinstance(game[0], list) and len(game) == 3 else game[2] + game[3]


def result_nodes(result) -> int:
    """The nodes both seats searched in a saved unit's ``result`` (a game's or a chunk's,
    either ``keep``)."""
    return sum(map(_game_nodes, result)) if _is_chunk(result) else _game_nodes(result)


def within_nodes(budget: int) -> Callable:
    """An ``affordable`` rule: the units (a game or a chunk) whose two seats searched at most
    ``budget`` nodes in all (:func:`result_nodes`)."""
    if budget < 0:
        raise ValueError(f"budget must be >= 0, got {budget}")
    return lambda unit, result: result_nodes(result) <= budget


def game_results(run: saved_study.StudyRun) -> list:
    """The saved result of every game of a :func:`saved_match` run, in game order (a chunked
    study's chunks flattened)."""
    return [g for r in run.results for g in (r if _is_chunk(r) else [r])]


def extras(run: saved_study.StudyRun) -> list:
    """Each game's ``extra(final state)`` of a :func:`saved_match` run with
    ``keep="outcome"`` and ``extra``, in game order."""
    games = game_results(run)
    if any(len(g) != 5 for g in games):
        raise ValueError(f"{run.name}: its games were saved without an extra value")
    return [g[4] for g in games]


def _units(games: int, chunk: int) -> Sequence:
    if chunk == 1:
        return range(games)
    return [{"first": k, "games": min(chunk, games - k)} for k in range(0, games, chunk)]


def _check(games: int, chunk: int, keep: str, extra) -> None:
    for label, value in (("games", games), ("chunk", chunk)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{label} must be an int >= 1, got {value!r}")
    if keep not in KEEP:
        raise ValueError(f"keep must be one of {KEEP}, not {keep!r}")
    if extra is not None and (keep != "outcome" or not callable(extra)):
        raise TypeError("extra must be a function of the final state, with keep='outcome'")


def saved_match(path: str | Path, name: str, make_state, player_a: Callable,
                player_b: Callable, games: int, *, seed: int = 0, full: bool | None = None,
                sample: int = 2, affordable: Callable[[Any, Any], bool] | None = None,
                workers: int | None = None, chunk: int = 1, keep: str = "actions",
                extra: Callable | None = None) -> tuple[saved_study.StudyRun, MatchResult]:
    """``match(make_state, player_a, player_b, games, seed=seed, workers=workers)`` (colours
    swapped every game), saved at ``path`` as study ``name``; returns the run and the match.

    ``full`` (default ``qsearch.compiled``): the match is played and checked against (or saved
    to) the file. Else the file is read, the match rebuilt from it, and ``sample`` units among
    those ``affordable(unit, result)`` accepts are played again here. ``chunk``: games a unit;
    ``keep`` and ``extra``: what the file keeps of a game (the module's docstring; the extras
    come back from :func:`extras`)."""
    import qsearch

    _check(games, chunk, keep, extra)
    full = qsearch.compiled if full is None else full

    def of_unit(unit, one_game: Callable[[int], list]):
        if chunk == 1:
            return one_game(unit)
        return [one_game(i) for i in range(unit["first"], unit["first"] + unit["games"])]

    if full:
        played = match(make_state, player_a, player_b, games, seed=seed, workers=workers,
                       progress=False)
        by_index = {g.index: g for g in played.games}

        def compute(unit):
            return of_unit(unit, lambda i: game_result(by_index[i], keep, extra, make_state))
    else:
        def compute(unit):
            return of_unit(unit, lambda i: game_unit(make_state, player_a, player_b, seed, i,
                                                     keep, extra))
    units = _units(games, chunk)
    run = saved_study.run_or_check(path, name, units, compute, full=full, sample=sample,
                                   affordable=affordable)
    if full:
        return run, played
    if chunk > 1:
        cut = [u for u, r in zip(units, run.results, strict=True)
               if not _is_chunk(r) or len(r) != u["games"]]
        if cut:
            raise saved_study.StudyMismatch(f"{path}: chunk {cut[0]} of {name!r} does not hold "
                                            f"its {cut[0]['games']} games")
    if keep == "actions":
        records = [rebuild(make_state, seed, i, r) for i, r in enumerate(game_results(run))]
    else:
        records = [rebuild_outcome(seed, i, r) for i, r in enumerate(game_results(run))]
    return run, MatchResult(player_name(player_a), player_name(player_b), records, seed)
