"""Speed table for document 002's expectiminimax on hypergammon, against OpenSpiel.

Both search the position after the opening roll, player moves only (OpenSpiel's depth
convention): ours is :func:`qsearch.search.expectiminimax` (compiled, ``count_chance=False``)
on :class:`~qsearch.games.Hypergammon` with the compiled ``pip_race``; OpenSpiel's is
``open_spiel.python.algorithms.minimax.expectiminimax`` (pure Python) on its own
``backgammon(hyper_backgammon=true)`` with the same evaluation written in Python on its
observation tensor. Same value (to rounding: OpenSpiel sums 36 ordered rolls, we 21
distinct ones), but not the same tree: node counts on both sides are calls of the search
function, the root, chance nodes and leaves included. Ours: one call per distinct roll (21 a
chance node) and per distinct position a play reaches; OpenSpiel's: one per ordered roll (36)
and per legal action (several actions reach the same position), counted by a wrapper around
its recursion in a separate untimed run (with a zero evaluation: the search has no pruning,
so the tree is the same). So the table gives the ratio of the whole searches and the ratio
per node. OpenSpiel is timed twice: with the evaluation this bench hands it (written in
Python, called at every leaf) and with a zero evaluation (the same tree: its search does not
prune), so the table says how much of its time is that evaluation and how fast its search is
alone. CPU times (:mod:`qsearch.bench._timing`; every side in this process), the three timed
in turn (OpenSpiel with the evaluation, without, ours, ...), ours in batches of about the
longest.
"""
from __future__ import annotations

from qsearch.bench._timing import (
    Load,
    cpu_best_of,
    cpu_clock,
    interleave,
    per_node_ratio,
    ratio,
    repeats_of,
)
from qsearch.bench._words import agreement
from qsearch.i18n import _, percent

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


def count_openspiel_calls(spiel, state, depth: int) -> dict[str, int]:
    """Calls of OpenSpiel's ``expectiminimax`` from ``state`` (the root, every chance node,
    every decision node and every leaf: one call per ``apply_action`` of its search, plus the
    root), counted by a wrapper around its recursion in a run of its own with a zero
    evaluation (its search has no pruning, so the tree does not depend on the values):
    ``{"calls", "chance", "leaves"}``."""
    counts = {"calls": 0, "chance": 0, "leaves": 0}
    original = spiel.expectiminimax

    def counting(node, d, value_function, player):
        counts["calls"] += 1
        if node.is_chance_node() and d > 0:
            counts["chance"] += 1
        elif node.is_terminal() or d == 0:
            counts["leaves"] += 1
        return original(node, d, value_function, player)

    spiel.expectiminimax = counting      # the recursion looks the name up: count it
    try:
        counting(state, depth, lambda _s: 0.0, 0)
    finally:
        spiel.expectiminimax = original
    return counts


def _zero(_state) -> float:
    return 0.0


def openspiel_table(depth: int, repeats: int = 3, clock=None) -> list[dict]:
    """Ours vs OpenSpiel's Python expectiminimax at ``depth`` player moves: OpenSpiel with the
    bench's Python evaluation and with a zero one (the same tree), ours with its compiled
    ``pip_race``; CPU times, best of ``repeats``, timed in turn (no counter in the timed
    runs), ours in batches of about the longest; node counts, the ratio of the whole
    searches and the ratio per node against each OpenSpiel run, and the share of
    OpenSpiel's time spent in the evaluation."""
    import pyspiel
    from open_spiel.python.algorithms import minimax as spiel

    from qsearch.games.hypergammon import CHANCE_BASE, Hypergammon
    from qsearch.heuristics.hypergammon import pip_race
    from qsearch.search import expectiminimax

    clock = clock or cpu_clock
    load = Load()
    theirs = pyspiel.load_game("backgammon(hyper_backgammon=true)").new_initial_state()
    theirs.apply_action(OPENING)
    ours = Hypergammon()
    ours.apply_action(CHANCE_BASE + OPENING)
    value_fn = openspiel_pip_race(0)

    with_eval, without, mine = interleave(
        [lambda: spiel.expectiminimax(theirs, depth, value_fn, 0),
         lambda: spiel.expectiminimax(theirs, depth, _zero, 0),
         lambda: expectiminimax(ours, depth, pip_race, count_chance=False)],
        repeats, clock, batched=[False, False, True])
    v_spiel, a_spiel = with_eval.result
    res = mine.result
    n_spiel = count_openspiel_calls(spiel, theirs, depth)["calls"]
    same_value = abs(res.value - v_spiel) < 1e-9
    same_play = ours.child(res.action).points(0) == ours.child(a_spiel).points(0) \
        if a_spiel in ours.legal_actions() else False
    roll = ours.dice_roll()
    where = _("opening roll {first}-{second}, depth {depth} (player moves)").format(
        first=roll[0], second=roll[1], depth=depth)
    cells = load.cells()
    spiel_nodes = _("calls of its expectiminimax (root, 36 ordered rolls a chance node, one "
                    "per legal action: several reach the same position), counted in an "
                    "untimed run")
    rows = []
    for timing, evaluation in (
            (with_eval, _("document 002's pip race in Python on its observation tensor (the "
                          "bench's), at every leaf")),
            (without, _("none (zero: the same tree, its search alone)"))):
        rows.append({
            "search": _("OpenSpiel Python expectiminimax, {where}").format(where=where),
            "evaluation": evaluation,
            "value": timing.result[0], "nodes": n_spiel, "nodes are": spiel_nodes,
            "CPU time": timing.seconds,
            "runs": _("best of {n}").format(n=timing.batches),
            "us/node": 1e6 * timing.seconds / n_spiel,
            "ours faster, whole search": ratio(timing.seconds, mine.seconds),
            "ours faster per node": per_node_ratio(timing.seconds, n_spiel, mine.seconds,
                                                   res.nodes),
            "evaluation's share": None, **cells})
    rows[0]["evaluation's share"] = percent(1 - without.seconds / with_eval.seconds, 0)
    rows.append({
        "search": _("qsearch expectiminimax (compiled), {where}").format(where=where),
        "evaluation": _("pip_race, compiled"), "value": res.value, "nodes": res.nodes,
        "nodes are": _("calls of its search (root, 21 distinct rolls a chance node, one per "
                       "distinct position a play reaches)"), "CPU time": mine.seconds,
        "runs": _("best of {n} batches of {runs}").format(n=mine.batches, runs=mine.runs),
        "us/node": 1e6 * mine.seconds / res.nodes,
        "same value": agreement(same_value),
        "same play": agreement(same_play), **cells})
    return rows


def star_table(depths=(2, 3, 4), repeats: int = 3) -> list[dict]:
    """Nodes and time of plain expectiminimax, Star1 and Star2 at each depth (ours)."""
    from qsearch.games.hypergammon import CHANCE_BASE, Hypergammon
    from qsearch.heuristics.hypergammon import pip_race
    from qsearch.search import expectiminimax

    state = Hypergammon()
    state.apply_action(CHANCE_BASE + OPENING)
    rows = []
    for depth in depths:
        load = Load()
        base_t, base = cpu_best_of(repeats, lambda d=depth: expectiminimax(
            state, d, pip_race, count_chance=False))
        for prune in ("star1", "star2"):
            t, res = cpu_best_of(repeats, lambda d=depth, p=prune: expectiminimax(
                state, d, pip_race, count_chance=False, prune=p))
            rows.append({
                "depth (player moves)": depth, "pruning": prune, "nodes": res.nodes,
                "nodes without": base.nodes, "node saving": percent(1 - res.nodes / base.nodes),
                "time": t, "time without": base_t,
                "same value and play": agreement((res.value, res.action) == (base.value,
                                                                             base.action)),
                **load.cells(),
            })
    return rows


def sections(options) -> list[tuple]:
    """The expectiminimax tables for ``python -m qsearch bench``."""
    quick = options.quick
    depth = 2 if quick else 3
    # OpenSpiel with its evaluation takes minutes at depth 3: once unless --repeats says
    spiel_repeats = repeats_of(options, full=1, quick=3)
    repeats = repeats_of(options)
    return [
        ("expectiminimax-openspiel",
         _("Expectiminimax on hypergammon (document 002, Ex. 2.14): compiled vs OpenSpiel's "
           "Python expectiminimax on its own game, depth {depth} (player moves); OpenSpiel "
           "timed with the Python evaluation the bench hands it and with a zero one (the same "
           "tree), so `evaluation's share` says where its time goes; every side in this "
           "process, CPU times (process time), best of {repeats}, timed in turn. The two "
           "searches differ in size: `ours faster, whole search` = that OpenSpiel run's time "
           "/ ours, `ours faster per node` = its time per node / ours (nodes: calls of each "
           "search function, root, chance nodes and leaves included on both sides)")
         .format(depth=depth, repeats=spiel_repeats),
         lambda: openspiel_table(depth, repeats=spiel_repeats)),
        ("expectiminimax-star",
         _("Star1 and Star2 pruning at chance nodes: node savings (hypergammon, opening 1-2; "
           "CPU times, best of {repeats})").format(repeats=repeats),
         lambda: star_table((2, 3) if quick else (2, 3, 4), repeats=repeats)),
    ]
