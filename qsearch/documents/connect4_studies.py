"""Lesson 04's long experiments (document 001 and beyond), cut into saved-study units.

* **The performance test** (document 001's table): one unit per ply of each of its two games,
  both searches at depth 6 (:func:`performance_units`, :func:`performance_unit`).
* **Iterative deepening against plain alpha-beta**: one unit per depth, heuristic and opening
  (:func:`deepening_units`, :func:`deepening_unit`).
* **The tournament**: one unit per depth, pair and opening, its two games (both colours;
  :func:`tournament_units`, :func:`play_opening`, :func:`tournament`).
* **Move ordering**: one unit per position, the searches' node counts there: the six searches
  of the document's game at depth 6 (:func:`ordering_units`, :func:`ordering_unit`), and
  centre-first alpha-beta against iterative deepening deeper down and on tournament positions
  (:func:`deeper_units`, :func:`deeper_unit`). A unit's saved counts say what it costs, so a
  lesson re-runs in pure Python only the cheap ones (:func:`affordable`).

The compiled engines run them in under a minute; pure Python (the browser site) would need
hours (the tournament's depth-8 games above all). Lesson 04 runs them through
:func:`qsearch.core.saved_study.run_or_check`: the compiled build runs every unit and checks the
saved file (``notebooks/data/04_connect4_heuristics/``), pure Python reads it and runs a drawn
sample again. The pure engines give the same results for the same unit
(``tests/test_connect4_studies.py`` checks a sample both ways).
"""
from __future__ import annotations

import random
from collections.abc import Sequence

from qsearch.arena import RandomPlayer, SearchPlayer
from qsearch.arena.match import GameRecord, MatchResult, game_seed, match, play_game
from qsearch.arena.players import player_name
from qsearch.documents.connect4_practice import (
    DOCUMENT_GAMES,
    document_move,
    document_search_state,
    performance_row,
)
from qsearch.games import Connect4
from qsearch.heuristics.connect4 import evaluation_table, line_weights, potential_lines
from qsearch.search import TranspositionTable, alphabeta, iterative_deepening, minimax

CENTRE_FIRST = (3, 2, 4, 1, 5, 0, 6)
HEURISTICS = {"table": evaluation_table, "potential": potential_lines, "weights": line_weights}
DEPTHS = range(2, 9)
GAMES = 200                 # a match: 100 openings, each played with both colours
PAIRS = [("potential", "table"), ("weights", "table"), ("potential", "weights"),
         ("table", "random"), ("potential", "random"), ("weights", "random")]
WIN = {"win_value": 10_000.0, "win_decay": 1.0}


def openings(n: int = GAMES // 2, seed: int = 1) -> list:
    """The tournament's openings: ``n`` positions of four random plies (seeded)."""
    rng, out = random.Random(seed), []
    for _opening in range(n):
        s = Connect4()
        for _ply in range(4):
            s.apply_action(rng.choice(s.legal_actions()))
        out.append(s)
    return out


def player(name: str, depth: int):
    """Random, or alpha-beta to ``depth`` by iterative deepening with a fresh 2**16-slot table
    per move (tt=16: a small table starts fast), centre first, quicker wins preferred."""
    if name == "random":
        return RandomPlayer()
    return SearchPlayer("iterative_deepening", depth, HEURISTICS[name], name=f"{name}@{depth}",
                        search_forced=True, order=CENTRE_FIRST, tt=16, **WIN)


# ------------------------------------------------------------------ the performance test
def performance_units() -> list[dict]:
    """One unit per ply of each of the document's two games."""
    return [{"game": key, "ply": ply} for key, moves in DOCUMENT_GAMES.items()
            for ply in range(1, len(moves) + 1)]


def performance_unit(unit: dict) -> list:
    """``[column, value, normal, pruned, lost]``: the ply's row of ``performance_test``."""
    r = performance_row(DOCUMENT_GAMES[unit["game"]], unit["ply"])
    return [r.column, r.value, r.normal, r.pruned, r.lost]


# ------------------------------------------------------------------ iterative deepening
def deepening_units() -> list[list]:
    """One unit per depth, heuristic and opening: ``[depth, heuristic, opening]``."""
    return [[d, h, k] for d in DEPTHS for h in HEURISTICS for k in range(GAMES // 2)]


def deepening_unit(unit: Sequence) -> list:
    """``[plain value, plain nodes, deepening value, deepening nodes]``: plain alpha-beta (left
    to right, no table) and iterative deepening (centre first, a 2**16-slot table)."""
    depth, h, k = unit
    s, f = openings()[k], HEURISTICS[h]
    plain = alphabeta(s, depth, f, **WIN)
    deep = iterative_deepening(s, depth, f, order=CENTRE_FIRST, tt=TranspositionTable(16), **WIN)
    return [plain.value, plain.nodes, deep.value, deep.nodes]


# ------------------------------------------------------------------ the tournament
def tournament_units() -> list[list]:
    """One unit per depth, pair of PAIRS and opening: ``[depth, a, b, opening]``."""
    return [[d, a, b, k] for d in DEPTHS for a, b in PAIRS for k in range(GAMES // 2)]


def _moves(actions) -> str:
    return "".join(str(a + 1) for a in actions)


def play_opening(unit: Sequence) -> list[str]:
    """The unit's two games (A first, then A second: games ``2k`` and ``2k + 1`` of the match
    seeded with the depth), as 1-based column digits from the opening on."""
    depth, a, b, k = unit
    start, pair = openings()[k], (player(a, depth), player(b, depth))
    out = []
    for index in (2 * k, 2 * k + 1):
        seats = pair if index % 2 == 0 else pair[::-1]
        out.append(_moves(play_game(start, seats, game_seed(depth, index)).actions))
    return out


def _record(start, moves: str, seed: int, index: int) -> GameRecord:
    s = start.clone()
    for ch in moves:
        s.apply_action(int(ch) - 1)
    return GameRecord([int(ch) - 1 for ch in moves], [float(v) for v in s.returns()],
                      s.winner_player(), len(moves), seed, index=index, a_seat=index % 2)


def tournament(units: Sequence, results: Sequence) -> dict:
    """``{(depth, a, b): MatchResult}`` rebuilt from the units' games (the nodes each seat
    searched are not saved: 0)."""
    starts, games = openings(), {}
    for (depth, a, b, k), pair in zip(units, results, strict=True):
        for index, moves in zip((2 * k, 2 * k + 1), pair, strict=True):
            record = _record(starts[k], moves, game_seed(depth, index), index)
            games.setdefault((depth, a, b), []).append(record)
    return {(d, a, b): MatchResult(player_name(player(a, d)), player_name(player(b, d)),
                                   sorted(records, key=lambda g: g.index), d)
            for (d, a, b), records in games.items()}


def unit_games(matches: dict, unit: Sequence) -> list[str]:
    """The unit's two games read off ``matches`` (played by :func:`match`)."""
    depth, a, b, k = unit
    games = matches[depth, a, b].games
    return [_moves(games[2 * k].actions), _moves(games[2 * k + 1].actions)]


def play_tournament(save_dir=None, executor=None) -> dict:
    """Every match of the tournament, ``{(depth, a, b): MatchResult}``, through :func:`match`
    (``save_dir``: each match's games saved to a file it can resume from)."""
    import os

    starts, out = openings(), {}
    for depth in DEPTHS:
        for a, b in PAIRS:
            save = None if save_dir is None else os.path.join(save_dir, f"{a}-{b}-d{depth}.jsonl")
            out[depth, a, b] = match(starts, player(a, depth), player(b, depth), GAMES,
                                     seed=depth, executor=executor, progress=False, save=save)
    return out


def save_match(path, result: MatchResult) -> None:
    """Write ``result`` as :func:`match` saves a match (its header, then a game a line), so
    that ``match(..., save=path)`` resumes from it (lesson 04's pure path: the games of the
    saved study stand for the first run's file)."""
    import json
    from dataclasses import asdict
    from pathlib import Path

    header = {"a": result.a_name, "b": result.b_name, "seed": result.seed, "swap_colours": True}
    lines = [json.dumps({"match": header})] + [json.dumps(asdict(g)) for g in result.games]
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


# ------------------------------------------------------------------ move ordering
ORDERING_GAME = DOCUMENT_GAMES["pruned"]
INF = float("inf")


def _document_position(k: int):
    """The document's search state before ply ``k + 1`` of its game with pruning."""
    from qsearch.games import Connect4

    if not 0 <= k < len(ORDERING_GAME):
        raise ValueError(f"position k must be 0 to {len(ORDERING_GAME) - 1}, not {k}")
    return document_search_state(Connect4.from_moves(ORDERING_GAME[:k]), 1)


def ordering_units() -> list[list]:
    """One unit per position of the document's game with pruning: ``["document", k]``."""
    return [["document", k] for k in range(len(ORDERING_GAME))]


def ordering_unit(unit: Sequence) -> list[int]:
    """The calls (nodes less the root) of six searches at depth 6 with potential_lines:
    minimax, the document's alphaBetaV, alpha-beta left to right, centre first, centre first
    with a 2**16-slot table, and iterative deepening centre first with the table."""
    s, f, d = _document_position(unit[1]), potential_lines, 6
    return [minimax(s, d, f, win_value=INF).nodes - 1,
            document_move(s, d, f, alphabeta=True).calls,
            alphabeta(s, d, f, fail_hard=True, win_value=INF).nodes - 1,
            alphabeta(s, d, f, fail_hard=True, win_value=INF, order=CENTRE_FIRST).nodes - 1,
            alphabeta(s, d, f, fail_hard=True, win_value=INF, order=CENTRE_FIRST,
                      tt=TranspositionTable(16)).nodes - 1,
            iterative_deepening(s, d, f, order=CENTRE_FIRST, tt=TranspositionTable(16),
                                win_value=INF).nodes - 1]


def deeper_units(games: Sequence[GameRecord] = ()) -> list[list]:
    """``["document", depth, k]`` for the document's positions at depths 8 and 10, then
    ``["tournament", opening, moves, heuristic]`` for every position of ``games`` (records of
    the tournament's depth-8 match potential vs weights): the opening's index, the moves
    played since it (1-based column digits) and the heuristic of the side to move."""
    units = [["document", d, k] for d in (8, 10) for k in range(len(ORDERING_GAME))]
    starts = openings()
    for g in games:
        s, moves = starts[g.index // 2].clone(), ""
        for action in g.actions:
            units.append(["tournament", g.index // 2, moves,
                          "potential" if s.current_player() == g.a_seat else "weights"])
            s.apply_action(action)
            moves += str(action + 1)
    return units


def deeper_unit(unit: Sequence) -> list[int]:
    """``[alpha-beta nodes, iterative deepening nodes]``: centre first with a fresh 2**16-slot
    table, on the unit's position (the document's: fail-hard, wins infinite, potential_lines
    at the unit's depth; a tournament's: depth 8, the tournament's win values)."""
    if unit[0] == "document":
        _kind, depth, k = unit
        s, f, win = _document_position(k), potential_lines, {"fail_hard": True,
                                                             "win_value": INF}
    elif unit[0] == "tournament":
        _kind, opening, moves, h = unit
        s, f, depth, win = openings()[opening].clone(), HEURISTICS[h], 8, dict(WIN)
        for ch in moves:
            s.apply_action(int(ch) - 1)
    else:
        raise ValueError(f"a deeper unit is 'document' or 'tournament', not {unit[0]!r}")
    ab = alphabeta(s, depth, f, order=CENTRE_FIRST, tt=TranspositionTable(16), **win)
    win.pop("fail_hard", None)
    deep = iterative_deepening(s, depth, f, order=CENTRE_FIRST, tt=TranspositionTable(16), **win)
    return [ab.nodes, deep.nodes]


AFFORDABLE = 60_000        # nodes: a few seconds of pure Python


def affordable(limit: int = AFFORDABLE):
    """``affordable(unit, saved_result)`` for :func:`~qsearch.core.saved_study.run_or_check`:
    a unit whose saved node counts add up to at most ``limit``."""
    return lambda unit, result: sum(result) <= limit
