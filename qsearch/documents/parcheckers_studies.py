"""Lesson 08's agent matches and searches as saved studies (:mod:`qsearch.core.saved_study`).

Lesson 08 (document 004's ParCheckers) plays 2,000-game matches between the document's agents
and a 200-game match of agent 3 (minimax to depth 4, about 600,000 nodes a game) against agent
2. The compiled build plays them in seconds; pure Python (a class laptop without a compiler, the
browser site) takes about 20 ms a game of the simple agents and more than a minute a game of
agent 3. So a match is a :func:`qsearch.arena.saved_match.saved_match` in chunks of
consecutive games (:func:`agent_match`): the compiled build saves each game's outcome (its
returns, plies, the nodes each seat searched) and how far the loser still was from the goal
(:func:`loser_to_go`), not its actions; pure Python reads the file and plays again a sample of
the chunks it can afford. The lesson's limited-minimax searches are units a search
(:func:`saved_searches`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from qsearch.core import saved_study

PLAYER_COLOURS = {0: "YG", 1: "BR"}      # player 0 yellow + green, player 1 blue + red


def loser_to_go(state) -> int | None:
    """The squares the loser of the finished game ``state`` still had to go: its four pieces'
    distanceToGoal summed (270 at the start, 0 for a player with every piece home); None for
    a game without a winner."""
    if not state.is_terminal():
        raise ValueError("loser_to_go needs a finished ParCheckers game")
    if state.winner_player() not in (0, 1):
        return None
    loser = 1 - state.winner_player()
    return sum(state.distance_to_goal(c, i) for c in PLAYER_COLOURS[loser] for i in (0, 1))


def agent_match(path: str | Path, a: int, b: int, games: int, seed: int, chunk: int, *,
                full: bool | None = None, sample: int = 2,
                affordable: Callable[[Any, Any], bool] | None = None):
    """``match(ParCheckers, agent(a), agent(b), games, seed=seed)`` as a saved match at
    ``path`` (study ``08_agent{a}_vs_agent{b}_seed{seed}``) in chunks of ``chunk`` games,
    each game's outcome and :func:`loser_to_go` kept: ``(run, MatchResult, loser to go per
    game)``. ``affordable(unit, saved result)``: the units pure Python may play again (default:
    all; :func:`qsearch.arena.saved_match.within_nodes`)."""
    from qsearch.arena.parcheckers_agents import agent
    from qsearch.arena.saved_match import extras, saved_match
    from qsearch.games import ParCheckers

    run, result = saved_match(path, f"08_agent{a}_vs_agent{b}_seed{seed}", ParCheckers,
                              agent(a), agent(b), games, seed=seed, full=full, sample=sample,
                              affordable=affordable, chunk=chunk, keep="outcome",
                              extra=loser_to_go)
    return run, result, extras(run)


# ------------------------------------------------------------------ searches of positions
#: nodes (generated + evaluated) a pure-Python re-run may search: about five seconds of CPU
PURE_NODES = 100_000


def moves_of(state) -> list[int]:
    """The actions from the start that lead to ``state`` (the history a pickle keeps); a
    ValueError for a position that was not reached by moves from the start."""
    from qsearch.games import ParCheckers

    history = list(state.__reduce__()[1][1])
    if ParCheckers.from_moves(history).transcript(flags=True) != state.transcript(flags=True):
        raise ValueError("this position was not reached by moves from the start: a search "
                         "unit names a position by its moves")
    return history


def search_unit(state, depth: int, max_nodes: int | None, *, root_move: str = "document",
                children: str = "iterator") -> dict:
    """The unit of ``limited_minimax(state, depth, valoracion_test, max_nodes=max_nodes,
    root_move=root_move, children=children)``, the position named by its moves."""
    return {"moves": moves_of(state), "depth": depth, "max_nodes": max_nodes,
            "root_move": root_move, "children": children}


def limited_search(unit: dict) -> dict:
    """The unit's search (document 004's ``Minimax_Limitado`` with ``ValoracionTest``):
    ``{"value", "action", "generated", "evaluated", "limit_reached"}``."""
    from qsearch.games import ParCheckers
    from qsearch.heuristics.parcheckers import valoracion_test
    from qsearch.search.limited_minimax import limited_minimax

    if not isinstance(unit, dict) or {"moves", "depth", "max_nodes", "root_move",
                                      "children"} - set(unit):
        raise ValueError(f"a search unit has moves, depth, max_nodes, root_move and children: "
                         f"{unit!r}")
    r = limited_minimax(ParCheckers.from_moves(unit["moves"]), unit["depth"], valoracion_test,
                        max_nodes=unit["max_nodes"], root_move=unit["root_move"],
                        children=unit["children"])
    return {"value": r.value, "action": r.action, "generated": r.generated,
            "evaluated": r.evaluated, "limit_reached": r.limit_reached}


def saved_searches(path: str | Path, name: str, units: Sequence[dict], *,
                   full: bool | None = None, sample: int = 2, pure_nodes: int = PURE_NODES):
    """The units' searches as a saved study at ``path``: ``(run, [LimitedResult])`` (their
    ``elapsed`` not saved: NaN). Pure Python re-runs a sample among the searches of at most
    ``pure_nodes`` nodes, if any (:func:`describe` says so)."""
    from qsearch.core.results import LimitedResult

    run = saved_study.run_or_check(
        path, name, units, limited_search, full=full, sample=sample,
        affordable=lambda unit, r: r["generated"] + r["evaluated"] <= pure_nodes)
    return run, [LimitedResult(r["value"], r["action"], r["generated"], r["evaluated"],
                               r["limit_reached"], float("nan"), u["depth"], u["max_nodes"])
                 for u, r in zip(units, run.results, strict=True)]


def describe(run: saved_study.StudyRun, pure_nodes: int = PURE_NODES) -> str:
    """``run.describe()``, and on the sample path which searches pure Python may re-run."""
    from qsearch.i18n import _, number

    if run.full:
        return run.describe()
    return run.describe() + " " + _("(pure Python runs again only searches of at most {n} "
                                    "nodes: the others take minutes here)").format(
        n=number(pure_nodes))
