"""One game's search speed (``python -m qsearch bench --game NAME``): any game ``play`` takes.

From the game's start (after seeded rolls when it starts with one), a node-limited
alpha-beta (expectiminimax for a game with chance nodes, found by looking when the game does
not say so) and MCTS, each run by :mod:`qsearch.search` (compiled on qsearch's engines, the twin
elsewhere) and, on a qsearch engine, by its readable twin too, so the table shows how much
slower the Python code is on the same search (the twins count the same nodes). CPU times,
best of ``repeats`` (the twin and the compiled search timed in turn, the compiled one in
batches of about the twin's time);
every number comes from the run that prints it. Without ``--game`` this module adds no
table.
"""
from __future__ import annotations

from qsearch.bench._timing import Load, compare, interleave, load_note, ratio
from qsearch.i18n import _, number
from qsearch.search.dispatch import runs_compiled

NODES = {True: 20_000, False: 200_000}          # quick / full: the alpha-beta budget
ITERATIONS = {True: 200, False: 2_000}          # quick / full: MCTS's iterations


def first_decision(state, seed: int = 0) -> tuple[object, list[str]]:
    """``(the first position where a player decides, the rolls that reached it)``: the state
    itself, or a copy after seeded draws of the chance outcomes when it is a chance node (a
    dice game's start; MCTS and a player's search start where a player moves)."""
    import random

    from qsearch.games.protocol import chance_outcomes, is_chance_node

    rng, rolls = random.Random(seed), []
    while is_chance_node(state) and not state.is_terminal():
        if not rolls:
            state = state.clone()
        outcomes = chance_outcomes(state)
        action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        to_string = getattr(state, "action_to_string", str)
        rolls.append(str(to_string(action)))
        state.apply_action(action)
    return state, rolls


def _searches(state, quick: bool) -> list[tuple[str, str, object]]:
    """``(row label, search name, run(search module))`` for the game's kind: a game with
    chance nodes (qsearch's or OpenSpiel's word for it, or found by looking at a class's own
    game) gets expectiminimax; both searches start at the first decision."""
    from qsearch.arena.players import has_chance

    nodes, iterations = NODES[quick], ITERATIONS[quick]
    state, rolls = first_decision(state)
    after = _(" (after {rolls})").format(rolls=", ".join(rolls)) if rolls else ""
    if has_chance(state):
        first = (_("expectiminimax, depth 6, {nodes} nodes at most{after}").format(
                     nodes=number(nodes), after=after), "expectiminimax",
                 lambda m: m.expectiminimax(state, 6, max_nodes=nodes))
    else:
        first = (_("alpha-beta, full depth, {nodes} nodes at most").format(
                     nodes=number(nodes)), "alphabeta",
                 lambda m: m.alphabeta(state, None, max_nodes=nodes))
    return [first, (_("MCTS, {iterations} iterations{after}").format(
                        iterations=number(iterations), after=after), "mcts",
                    lambda m: m.mcts(state, iterations, seed=0))]


def game_speed_rows(game: str, quick: bool = False, repeats: int = 1) -> list[dict]:
    """The rows of the table for ``game`` (a name for :func:`qsearch.games.load`)."""
    from qsearch import reference
    from qsearch import search as compiled
    from qsearch.games import load
    from qsearch.games.registry import require_searchable

    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:
        raise ValueError(f"repeats must be an int >= 1, not {repeats!r}")
    state = load(game)
    rows = []
    for label, name, run in _searches(state, quick):
        require_searchable(state, name)
        load = Load()
        if runs_compiled(state):        # the twin first, then ours in batches of its time
            twin, ours = compare(lambda run=run: run(reference), lambda run=run: run(compiled),
                                 repeats)
        else:
            twin, (ours,) = None, interleave([lambda run=run: run(compiled)], repeats)
        seconds, result = ours.seconds, ours.result
        engine = getattr(result, "engine", None) or "compiled"
        engine = _("compiled") if engine == "compiled" else engine     # else "python"
        cells = load.cells()
        rows.append({"search": label, "engine": engine, "nodes": result.nodes,
                     "CPU time": seconds, "runs": ours.runs,
                     "nodes/s": round(result.nodes / max(seconds, 1e-9)), **cells})
        if twin is not None:
            rows[-1]["slower"] = ""
            rows.append({"search": label, "engine": _("python (twin)"),
                         "nodes": twin.result.nodes,
                         "CPU time": twin.seconds, "runs": twin.runs,
                         "nodes/s": round(twin.result.nodes / max(twin.seconds, 1e-9)),
                         **cells,
                         "slower": number(ratio(twin.seconds, max(seconds, 1e-9)), 0,
                                          grouped=False) + "x"})
    return rows


def sections(options):
    """The table of ``options.game``, or none without ``--game``."""
    game = getattr(options, "game", None)
    if game is None:
        return []
    quick, repeats = bool(getattr(options, "quick", False)), getattr(options, "repeats", None)
    return [("game", _("Search speed on {game} (CPU times: process time, every side in "
                       "this process; {load})").format(game=game, load=load_note()),
             lambda: game_speed_rows(game, quick, repeats or 1))]
