"""Speed table for document 002's expectiminimax on hypergammon, against OpenSpiel.

Both search the position after the opening roll, player moves only (OpenSpiel's depth
convention): ours is :func:`qsearch.search.expectiminimax` (compiled, ``count_chance=False``)
on :class:`~qsearch.games.Hypergammon` with the compiled ``pip_race``; OpenSpiel's is
``open_spiel.python.algorithms.minimax.expectiminimax`` (pure Python) on its own
``backgammon(hyper_backgammon=true)`` with the same evaluation written in Python on its
observation tensor. Same value (to rounding: OpenSpiel sums 36 ordered rolls, we 21
distinct ones). Node counts: ours are calls of our search (one per distinct position a
play reaches, 21 outcomes per roll); OpenSpiel's are calls of its function (one per legal
action, 36 outcomes), counted by a wrapper around its recursion: in a separate untimed run
when OpenSpiel is timed best of 3 (quick, depth 2), in the timed run itself at depth 3
(several minutes a run; the wrapper only adds to OpenSpiel's time).
"""
from __future__ import annotations

from qsearch.core.tables import best_of

OPENING = 0           # OpenSpiel's opening outcome 0: x starts with 1-2 (the smallest tree)


def openspiel_pip_race(player: int):
    """Document 002's evaluation on an OpenSpiel backgammon state (Tesauro's encoding)."""
    def value(state):
        t = state.observation_tensor(0)
        cnt = [[0] * 24, [0] * 24]
        for p in range(2):
            for i in range(24):
                k = 4 * (24 * p + i)
                cnt[p][i] = int(t[k] + 2 * t[k + 1] + 3 * t[k + 2] + t[k + 3])
        bar, off = (int(t[192]), int(t[195])), (int(t[193]), int(t[196]))
        pips = (25 * bar[0] + sum(cnt[0][i] * (24 - i) for i in range(24)),
                25 * bar[1] + sum(cnt[1][i] * (i + 1) for i in range(24)))
        p, o = player, 1 - player
        if p == 0:
            rear = 24 if bar[1] else max([i for i in range(24) if cnt[1][i]], default=-1)
            passed = sum(cnt[0][i] for i in range(24) if i > rear) + off[0]
        else:
            rear = -1 if bar[0] else min([i for i in range(24) if cnt[0][i]], default=24)
            passed = sum(cnt[1][i] for i in range(24) if i < rear) + off[1]
        made = sum(1 for i in range(24) if cnt[p][i] >= 2)
        return float(pips[o] - pips[p] + 2 * passed + made)
    return value


def openspiel_table(depth: int, repeats: int = 3, openspiel_repeats: int = 3) -> list[dict]:
    """Ours vs OpenSpiel's Python expectiminimax at ``depth`` player moves."""
    import pyspiel
    from open_spiel.python.algorithms import minimax as spiel

    from qsearch.games.hypergammon import CHANCE_BASE, Hypergammon
    from qsearch.heuristics.hypergammon import pip_race
    from qsearch.search import expectiminimax

    theirs = pyspiel.load_game("backgammon(hyper_backgammon=true)").new_initial_state()
    theirs.apply_action(OPENING)
    ours = Hypergammon()
    ours.apply_action(CHANCE_BASE + OPENING)
    value_fn = openspiel_pip_race(0)

    calls = [0]
    original = spiel.expectiminimax

    def counting(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    def counted_run():
        calls[0] = 0
        spiel.expectiminimax = counting      # the recursion looks the name up: count it
        try:
            return counting(theirs, depth, value_fn, 0)
        finally:
            spiel.expectiminimax = original

    if openspiel_repeats > 1:                # timed runs, then one untimed run to count
        t_spiel, (v_spiel, a_spiel) = best_of(openspiel_repeats, lambda: spiel.expectiminimax(
            theirs, depth, value_fn, 0))
        counted_run()
        timing = f"best of {openspiel_repeats}"
    else:                                    # one run, timed with the call counter in it
        t_spiel, (v_spiel, a_spiel) = best_of(1, counted_run)
        timing = "1 run, with the call counter"
    t_ours, res = best_of(repeats, lambda: expectiminimax(ours, depth, pip_race,
                                                          count_chance=False))
    same_value = abs(res.value - v_spiel) < 1e-9
    same_play = ours.child(res.action).points(0) == ours.child(a_spiel).points(0) \
        if a_spiel in ours.legal_actions() else False
    roll = ours.dice_roll()
    where = f"opening roll {roll[0]}-{roll[1]}, depth {depth} (player moves)"
    return [
        {"search": f"OpenSpiel Python expectiminimax, {where}", "value": v_spiel,
         "nodes": calls[0], "time": t_spiel, "runs": timing, "speed-up": 1.0},
        {"search": f"qsearch expectiminimax (compiled), {where}", "value": res.value,
         "nodes": res.nodes, "time": t_ours, "runs": f"best of {repeats}",
         "speed-up": t_spiel / t_ours,
         "same value": "yes" if same_value else "NO",
         "same play": "yes" if same_play else "NO"},
    ]


def star_table(depths=(2, 3, 4), repeats: int = 3) -> list[dict]:
    """Nodes and time of plain expectiminimax, Star1 and Star2 at each depth (ours)."""
    from qsearch.games.hypergammon import CHANCE_BASE, Hypergammon
    from qsearch.heuristics.hypergammon import pip_race
    from qsearch.search import expectiminimax

    state = Hypergammon()
    state.apply_action(CHANCE_BASE + OPENING)
    rows = []
    for depth in depths:
        base_t, base = best_of(repeats, lambda d=depth: expectiminimax(
            state, d, pip_race, count_chance=False))
        for prune in ("star1", "star2"):
            t, res = best_of(repeats, lambda d=depth, p=prune: expectiminimax(
                state, d, pip_race, count_chance=False, prune=p))
            rows.append({
                "depth (player moves)": depth, "pruning": prune, "nodes": res.nodes,
                "nodes without": base.nodes, "node saving": f"{1 - res.nodes / base.nodes:.1%}",
                "time": t, "time without": base_t,
                "same value and play": "yes" if (res.value, res.action) == (base.value,
                                                                            base.action)
                else "NO",
            })
    return rows


def sections(options) -> list[tuple]:
    """The expectiminimax tables for ``python -m qsearch bench``."""
    quick = options.quick
    return [
        ("expectiminimax-openspiel",
         "Expectiminimax on hypergammon (document 002, Ex. 2.14): compiled vs OpenSpiel's "
         "Python expectiminimax on its own game" + (" (quick: depth 2)" if quick else
                                                    " (depth 3; OpenSpiel timed once)"),
         lambda: openspiel_table(2 if quick else 3, openspiel_repeats=3 if quick else 1)),
        ("expectiminimax-star",
         "Star1 and Star2 pruning at chance nodes: node savings (hypergammon, opening 1-2)",
         lambda: star_table((2, 3) if quick else (2, 3, 4))),
    ]
