"""Lesson 06's two long experiments on document 002 (chapters 3-4), cut into saved-study units.

* **Visit shares**: MCTS from the empty Connect-4 board and from the Reversi start, at growing
  iteration counts and a few seeds; a unit is one search (``game``, ``iterations``, ``seed``)
  and its result the root's visits, one count per legal move of the start
  (:func:`visit_units`, :func:`root_visits`, :func:`visit_shares`).
* **Right moves**: alpha-beta and MCTS on mid-game positions, judged by the positions' exact
  values (:func:`connect4_units`, :func:`reversi_units`, :func:`judge`, :func:`rows`). A
  Connect-4 position is one unit (the exact solver, alpha-beta to 7 plies, 20,000 MCTS
  iterations). A Reversi position is one unit for the two searches (4 plies, 5,000
  iterations) and one unit per legal move for its exact value (alpha-beta to the end, the
  slow part), so that no unit takes long in pure Python.

The compiled engines run both in seconds; pure Python (the browser site) needs minutes, mostly
Reversi's. Lesson 06 runs them through :func:`qsearch.core.saved_study.run_or_check`: the
compiled build runs every unit and checks the saved file, pure Python reads it and runs a drawn
sample again. The pure and compiled engines give the same results for the same unit (the MCTS
twins share their random generator; ``tests/test_mcts_studies.py`` checks a sample both ways).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from qsearch.games import Connect4, Reversi
from qsearch.heuristics.connect4 import line_weights
from qsearch.heuristics.reversi import disc_difference
from qsearch.search import alphabeta, analyze_connect4
from qsearch.search.mcts import mcts

GAMES = {"connect4": Connect4, "reversi": Reversi}
# The searches compared on each game's positions: alpha-beta's depth and heuristic, MCTS's
# iterations (document 002: §4.1 for Connect-4, §4.2 for Reversi).
SEARCHES = {"connect4": (7, line_weights, 20_000), "reversi": (4, disc_difference, 5_000)}


def _state(unit: dict):
    """The unit's position: its game's start, then its actions."""
    if not isinstance(unit, dict) or unit.get("game") not in GAMES:
        raise ValueError(f"a unit names its game, one of {sorted(GAMES)}: {unit!r}")
    state = GAMES[unit["game"]]()
    for a in unit.get("actions", ()):
        state.apply_action(a)
    return state


# ------------------------------------------------------------------ visit shares
def visit_units(iterations: dict[str, Sequence[int]], seeds: int = 3) -> list[dict]:
    """One unit per game, iteration count and seed (``0 .. seeds-1``), from the start."""
    if seeds < 1:
        raise ValueError(f"seeds must be >= 1, got {seeds}")
    return [{"game": game, "iterations": n, "seed": s}
            for game, counts in iterations.items() for n in counts for s in range(seeds)]


def root_visits(unit: dict) -> list[int]:
    """The root's visits after ``mcts(start, iterations, seed=seed)``, one per legal move of
    the start, in ``legal_actions()`` order."""
    start = _state(unit)
    visits = mcts(start, unit["iterations"], seed=unit["seed"]).visits()
    return [visits.get(a, 0) for a in start.legal_actions()]


def visit_shares(units: Sequence[dict], results: Sequence[list], game: str) -> dict:
    """``{move: [share of the root's visits at each iteration count]}`` for ``game``: the
    visits summed over the seeds, over seeds x iterations (as lesson 06 plots them)."""
    moves = GAMES[game]().legal_actions()
    totals: dict[int, list] = {}
    for unit, visits in zip(units, results, strict=True):
        if unit["game"] == game:
            totals.setdefault(unit["iterations"], []).append(visits)
    shares = {a: [] for a in moves}
    for n, runs in totals.items():
        for i, a in enumerate(moves):
            shares[a].append(sum(r[i] for r in runs) / (len(runs) * n))
    return shares


# ------------------------------------------------------------------ right moves
def connect4_units(n: int = 12, seed: int = 4) -> list[dict]:
    """``n`` random Connect-4 positions after 18-22 moves (none over), one unit each; the
    unit's ``seed`` is MCTS's, its row number."""
    rng, units = random.Random(seed), []
    while len(units) < n:
        s = Connect4()
        for _ply in range(rng.randint(18, 22)):
            s.apply_action(rng.choice(s.legal_actions()))
            if s.is_terminal():
                break
        if not s.is_terminal():
            units.append({"game": "connect4", "actions": s.history(), "seed": len(units)})
    return units


def reversi_units(n: int = 10, seed: int = 5) -> list[dict]:
    """``n`` random Reversi positions with 14 empty cells (not over, not a forced pass): for
    each, a unit for the two searches (its ``seed``: MCTS's, the row number) and one unit per
    legal move (``move``) for that move's exact value."""
    rng, units, found = random.Random(seed), [], 0
    while found < n:
        s = Reversi()
        while sum(s.discs()) < 50 and not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal() or s.legal_actions() == [64]:
            continue
        units.append({"game": "reversi", "actions": s.history(), "seed": found})
        units += [{"game": "reversi", "actions": s.history(), "move": a}
                  for a in s.legal_actions()]
        found += 1
    return units


def _outcome(v: float) -> int:
    return (v > 0) - (v < 0)


def _exact_value(state, a) -> float:
    """The value of move ``a`` for the player to move, searched to the end."""
    me, child = state.current_player(), state.child(a)
    if child.is_terminal():
        return child.returns()[me]
    v = alphabeta(child, None).value
    return v if child.current_player() == me else -v


def judge(unit: dict):
    """A unit's result. Connect-4: ``[alpha-beta's move, MCTS's move, alpha-beta right, MCTS
    right]`` (right: the move keeps the position's best outcome, by the exact solver).
    Reversi: ``[alpha-beta's move, MCTS's move]``, or for a ``move`` unit its exact value."""
    state = _state(unit)
    if "move" in unit:
        return _exact_value(state, unit["move"])
    depth, heuristic, iterations = SEARCHES[unit["game"]]
    ab = alphabeta(state, depth, heuristic).action
    mc = mcts(state, iterations, seed=unit["seed"]).action
    if unit["game"] == "reversi":
        return [ab, mc]
    scores = analyze_connect4(state)
    best = max(_outcome(v) for v in scores if v is not None)
    return [ab, mc, _outcome(scores[ab]) == best, _outcome(scores[mc]) == best]


def rows(units: Sequence[dict], results: Sequence) -> list[dict]:
    """One row per position, in the units' order: ``game``, ``position`` (the state), ``ab``
    and ``mcts`` (the moves), ``ab right`` and ``mcts right`` (from the results of ``units``)."""
    out, values = [], {}
    for unit, result in zip(units, results, strict=True):
        if "move" in unit:
            values[tuple(unit["actions"])][unit["move"]] = result
            continue
        row = {"game": unit["game"], "position": _state(unit), "ab": result[0],
               "mcts": result[1]}
        if unit["game"] == "connect4":
            row["ab right"], row["mcts right"] = result[2], result[3]
        else:
            values[tuple(unit["actions"])] = row["values"] = {}
        out.append(row)
    for row in out:
        if "values" in row:
            best = max(row["values"].values())
            row["ab right"] = row["values"][row["ab"]] == best
            row["mcts right"] = row["values"][row["mcts"]] == best
            del row["values"]
    return out
