"""Speed tables for document 004 (ParCheckers): searches and games.

Every number is measured in this run. Positions come from one game of agent 0 against
agent 0 (seed 2425), taken at fixed move numbers, so the same positions are searched every
run. Times are CPU times (:mod:`qsearch.bench._timing`; every side in this process). A
compiled search and its readable twin are timed in turn (twin, compiled, twin, ...), best of
``--repeats`` each (3 by default, 1 with ``--quick``; the node-limited search with the
document's full budget, 3,500,000 nodes, about 20 s of pure Python a run, once unless
``--repeats`` says), the compiled search in batches of about the twin's time.
"""
from __future__ import annotations

import random

from qsearch.bench._timing import LOAD_KEY, Load, compare, cpu_best_of, ratio, repeats_of
from qsearch.i18n import _, number

DOCUMENT_BUDGET = 3_500_000
DOCUMENT_RUN = {"generated": 1_855_208, "evaluated": 1_644_797, "seconds": 18.8535}


def game_positions(moves=(0, 25, 50, 75), seed: int = 2425) -> list:
    """``[(move number, state)]`` along a game of agent 0 against agent 0."""
    from qsearch.arena.parcheckers_agents import RandomAgent
    from qsearch.games import ParCheckers

    rng = random.Random(seed)
    state, out = ParCheckers(), []
    for k in range(max(moves) + 1):
        if k in moves:
            out.append((k, state.clone()))
        state.apply_action(RandomAgent()(state, rng))
    return out


def search_table(quick: bool = False, repeats: int = 3,
                 budget_repeats: int | None = None) -> list[dict]:
    """Compiled minimax (depth 4) and node-limited minimax (document's budget) vs twins, best
    of ``repeats`` (``budget_repeats`` for the node-limited search, default ``repeats``)."""
    from qsearch.heuristics.parcheckers import GANA, valoracion_test
    from qsearch.reference import minimax as twin_minimax
    from qsearch.reference.limited_minimax import limited_minimax as twin_limited
    from qsearch.reference.parcheckers_heuristics import valoracion_test as twin_valoracion
    from qsearch.search import minimax
    from qsearch.search.limited_minimax import limited_minimax

    positions = game_positions((25, 75) if quick else (0, 25, 50, 75))
    rows = []
    for k, state in positions:
        load = Load()
        theirs, ours = compare(
            lambda s=state: twin_minimax(s, 4, twin_valoracion, win_value=GANA),
            lambda s=state: minimax(s, 4, valoracion_test, win_value=GANA), repeats)
        t_t, twin, t_c, res = theirs.seconds, theirs.result, ours.seconds, ours.result
        assert (twin.value, twin.action, twin.nodes) == (res.value, res.action, res.nodes)
        rows.append({"search": _("minimax depth 4, ValoracionTest"), "after move": k,
                     "children": len(state.legal_actions()), "nodes": res.nodes,
                     "compiled time": t_c, "compiled runs": ours.runs,
                     "compiled Mn/s": res.nodes / t_c / 1e6, "twin time": t_t,
                     "twin kn/s": res.nodes / t_t / 1e3, "x twin": ratio(t_t, t_c),
                     "best of": repeats, **load.cells()})
    budget = 350_000 if quick else DOCUMENT_BUDGET
    for k, state in positions[:1] if quick else positions[1:3]:
        load = Load()
        n = repeats if budget_repeats is None else budget_repeats
        theirs, ours = compare(
            lambda s=state: twin_limited(s, 5, twin_valoracion, max_nodes=budget),
            lambda s=state: limited_minimax(s, 5, valoracion_test, max_nodes=budget), n)
        t_t, twin, t_c, res = theirs.seconds, theirs.result, ours.seconds, ours.result
        assert (twin.generated, twin.evaluated, twin.action) == \
            (res.generated, res.evaluated, res.action)
        rows.append({"search": _("Minimax_Limitado depth 5, budget {budget}").format(
                         budget=number(budget)), "after move": k,
                     "children": len(state.legal_actions()), "nodes": res.total,
                     "compiled time": t_c, "compiled runs": ours.runs,
                     "compiled Mn/s": res.total / t_c / 1e6, "twin time": t_t,
                     "twin kn/s": res.total / t_t / 1e3, "x twin": ratio(t_t, t_c),
                     "best of": n, **load.cells()})
    rows.append({"search": _("document 004's run (simulator, its machine; wall time, quoted)"),
                 "after move": 1,
                 "nodes": DOCUMENT_RUN["generated"] + DOCUMENT_RUN["evaluated"],
                 "compiled time": DOCUMENT_RUN["seconds"],
                 "compiled Mn/s": DOCUMENT_BUDGET / DOCUMENT_RUN["seconds"] / 1e6,
                 LOAD_KEY: None})        # quoted: no load of ours
    return rows


def games_table(quick: bool = False, repeats: int = 3) -> list[dict]:
    """Random playouts in C, agent games through the arena: best of ``repeats`` each."""
    from qsearch.arena import match
    from qsearch.arena.parcheckers_agents import agent
    from qsearch.games import ParCheckers

    rows = []
    n = 2_000 if quick else 20_000
    load = Load()
    t, (winners, lengths, _rest) = cpu_best_of(repeats,
                                           lambda: ParCheckers.random_playouts(n, seed=1))
    rows.append({"games": _("agent 0 vs agent 0, compiled playouts"), "n": n, "CPU time": t,
                 "games/s": n / t, "moves/s": float(lengths.sum()) / t, **load.cells()})
    for a, b, games in ((0, 0, 200 if quick else 1000), (2, 1, 200 if quick else 1000),
                        (3, 2, 10 if quick else 40)):
        load = Load()
        t, result = cpu_best_of(repeats, lambda a=a, b=b, n=games: match(
            ParCheckers, agent(a), agent(b), n, seed=5, progress=False))
        moves = sum(g.plies for g in result.games)
        rows.append({"games": _("agent {a} vs agent {b}, arena (Python loop)").format(a=a, b=b),
                     "n": games,
                     "CPU time": t, "games/s": games / t, "moves/s": moves / t,
                     **load.cells()})
    return rows


def sections(options) -> list[tuple]:
    """The ParCheckers tables for ``python -m qsearch bench``."""
    quick = options.quick
    repeats = repeats_of(options)
    budget = repeats_of(options, full=1, quick=3)
    return [
        ("parcheckers", _("ParCheckers (document 004): compiled searches against their "
                          "readable twins on positions of a random game (`x twin` = twin time "
                          "/ compiled time; CPU times, every side in this process; twin and "
                          "compiled timed in turn, best of `best of` each, the compiled search "
                          "in batches of about the twin's time, `compiled runs` a batch)"),
         lambda: search_table(quick, repeats, budget)),
        ("parcheckers-games", _("ParCheckers games per second (CPU times, best of "
                                "{repeats})").format(repeats=repeats),
         lambda: games_table(quick, repeats)),
    ]
