"""Speed rows for document 001's Connect-4 heuristics (the README's speed table).

* :func:`heuristic_table`: evaluations per second of each compiled heuristic (called from a C
  loop, as the search calls it) against its readable twin, on the same positions;
* :func:`search_table`: one depth-8 alpha-beta move with ``potential_lines`` from a
  mid-game position, compiled, and the readable search with the same (compiled) heuristic.

Both return lists of dicts for :func:`qsearch.bench.markdown`.
"""
from __future__ import annotations

import random
from collections.abc import Callable

from qsearch.bench._timing import (
    Load,
    batch_count,
    compare,
    cpu_clock,
    interleave,
    ratio,
    repeats_of,
)
from qsearch.games import Connect4
from qsearch.heuristics.connect4 import HEURISTICS, evaluate_many, potential_lines
from qsearch.i18n import _
from qsearch.reference import alphabeta as twin_alphabeta
from qsearch.search import alphabeta

MID_GAME = "4453221676"            # ten plies in; o (player 1) to move
ORDER = (3, 2, 4, 1, 5, 0, 6)      # centre first
WIN = {"win_value": 10_000.0, "win_decay": 1.0}


def sample_positions(count: int = 200, seed: int = 1) -> list:
    """Non-terminal positions after 0-41 random plies (reproducible)."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        state = Connect4()
        for _i in range(rng.randint(0, 41)):
            state.apply_action(rng.choice(state.legal_actions()))
            if state.is_terminal():
                state.undo_action()
                break
        states.append(state)
    return states


# The next three cells from a cell, in the four directions document 001's comprobarFichas
# checks (up, right, up-right, down-right), as (row step, column step).
_STEPS = ((1, 0), (0, 1), (1, 1), (-1, 1))
# Points of a direction by how many of its three cells hold the cell's owner, the others
# empty (three empty cells: 1 point, only for an occupied cell).
_POINTS = {2: 3, 1: 2, 0: 1}


def potential_lines_lean(state, player: int) -> float:
    """``potential_lines`` in lean plain Python: the same sums as the readable twin, with no
    grid of document codes and no per-cell record (a fairer Python baseline for its speed).

    Each cell scores, for each direction whose three next cells are on the board and are
    either its owner's or empty (not all three its owner's), 3, 2 or 1 points for two, one
    or no stones of its owner; an empty cell is scored as ``player``'s and halved, a cell of
    the opponent's counts negative.
    """
    cells = [[state.cell(r, c) for c in range(7)] for r in range(6)]
    total = 0
    for r in range(6):
        row = cells[r]
        for c in range(7):
            owner = row[c]
            empty = owner == -1
            who = player if empty else owner
            points = 0
            for dr, dc in _STEPS:
                r3, c3 = r + 3 * dr, c + 3 * dc
                if not (0 <= r3 < 6 and c3 < 7):
                    continue
                mine = 0
                for k in (1, 2, 3):
                    v = cells[r + k * dr][c + k * dc]
                    if v == who:
                        mine += 1
                    elif v != -1:
                        break
                else:
                    if mine < 3 and not (mine == 0 and empty):
                        points += _POINTS[mine]
            if empty:
                points //= 2
            total += points if who == player else -points
    return float(total)


def _loops_for(run_n: Callable[[int], object], target: float, unit: float = 0.005,
               clock=cpu_clock) -> int:
    """A loop count for which ``run_n(loops)`` takes about ``target`` seconds of CPU time
    (at least one power of 4 that takes ``unit``)."""
    loops = 1
    while True:
        start = clock()
        run_n(loops)
        took = clock() - start
        if took >= unit:
            return loops * batch_count(took, target)
        loops *= 4


def heuristic_table(positions: int = 200, repeats: int = 3, min_time: float = 0.05) -> list[dict]:
    """Evaluations per second of each compiled heuristic (a C loop calling it, as the search
    does) and of its readable twin, on the same positions, each best of ``repeats`` by CPU
    time, the two timed in turn (twin, compiled loop, twin, ...), the compiled loop over the
    positions repeated for about the twin's time (at least ``min_time``); for
    ``potential_lines`` also a lean plain-Python version (values checked equal), timed in
    turn with the compiled loop too."""
    from qsearch.reference import heuristics as twins

    states = sample_positions(positions)
    rows = []
    for name, compiled in HEURISTICS.items():
        load = Load()
        twin = getattr(twins, name)
        start = cpu_clock()                                 # one twin run sizes the loop
        [twin(s, 0) for s in states]
        t_twin = cpu_clock() - start
        loops = _loops_for(lambda n, c=compiled: evaluate_many(c, states, 0, n),
                           max(t_twin, min_time))

        def fast_loop(c=compiled, n=loops):
            return evaluate_many(c, states, 0, n)

        slow_t, fast_t = interleave([lambda t=twin: [t(s, 0) for s in states], fast_loop],
                                    repeats, batched=[False, False])
        t_twin, t_fast = slow_t.seconds, fast_t.seconds
        fast = len(states) * loops / t_fast
        slow = len(states) / t_twin
        row = {"heuristic": name, "compiled Meval/s": fast / 1e6,
               "twin keval/s": slow / 1e3, "x twin": fast / slow}
        if name == "potential_lines":
            for p in (0, 1):
                lean = [potential_lines_lean(s, p) for s in states]
                if lean != [compiled(s, p) for s in states] or lean != [twin(s, p) for s in states]:
                    raise AssertionError("potential_lines_lean differs from potential_lines")
            lean_t, _ = interleave([lambda: [potential_lines_lean(s, 0) for s in states],
                                    fast_loop], repeats, batched=[False, False])
            t_lean = lean_t.seconds
            row["lean Python keval/s"] = len(states) / t_lean / 1e3
            row["x lean Python"] = fast / (len(states) / t_lean)
        row.update(load.cells())
        rows.append(row)
    return rows


def search_table(moves: str = MID_GAME, depth: int = 8, repeats: int = 3) -> list[dict]:
    """A depth-8 alpha-beta move with potential_lines: the compiled search, and the readable
    search (the twin) calling the same compiled heuristic; each best of ``repeats`` by CPU
    time, timed in turn, the compiled one in batches of about the twin's time."""
    state = Connect4.from_moves(moves)
    rows = []
    for order in (None, ORDER):
        load = Load()
        theirs, ours = compare(
            lambda o=order: twin_alphabeta(state, depth, potential_lines, order=o, **WIN),
            lambda o=order: alphabeta(state, depth, potential_lines, order=o, **WIN), repeats)
        t_twin, twin, t_fast, fast = theirs.seconds, theirs.result, ours.seconds, ours.result
        assert (twin.value, twin.action, twin.nodes) == (fast.value, fast.action, fast.nodes)
        rows.append({"position": moves, "depth": depth,
                     "order": _("centre first") if order else _("left to right"),
                     "column": fast.action + 1, "nodes": fast.nodes, "compiled time": t_fast,
                     "compiled runs": ours.runs, "compiled Mn/s": fast.nodes / t_fast / 1e6,
                     "twin time": t_twin, "x twin": ratio(t_twin, t_fast),
                     **load.cells()})
    return rows


def main() -> None:  # pragma: no cover - a convenience for running the module
    from qsearch.core.tables import markdown

    print(markdown(heuristic_table()))
    print(markdown(search_table()))


if __name__ == "__main__":  # pragma: no cover
    main()


def sections(options) -> list[tuple]:
    """The heuristic tables for ``python -m qsearch bench``."""
    repeats = repeats_of(options)
    return [
        ("heuristics", _("Connect-4 heuristics (document 001): evaluations per second on 200 "
                         "sampled positions, compiled (called from a C loop) vs its readable "
                         "twin, and for potential_lines vs a lean plain-Python version too "
                         "(same values checked); CPU times (process time, in this process), "
                         "every side best of {repeats}, timed in turn, the compiled loop about "
                         "as long as the twin's").format(repeats=repeats),
         lambda: heuristic_table(repeats=repeats)),
        ("heuristic-search", _("A depth-8 alpha-beta move with potential_lines: compiled "
                               "search and compiled heuristic vs the readable Python search "
                               "(twin) calling the same compiled heuristic; same tree checked; "
                               "CPU times (process time), both best of {repeats}, timed in "
                               "turn, the compiled search in batches of about the twin's time")
         .format(repeats=repeats),
         lambda: search_table(repeats=repeats)),
    ]
