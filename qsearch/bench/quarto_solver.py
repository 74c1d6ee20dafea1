"""Speed tables of the exact Quarto solver: cost by pieces placed, both variants, and its twin.

Every number is measured in this run, on random positions drawn with fixed seeds (positions
the solver settles without a search, a win in one, are skipped and redrawn).
"""
from __future__ import annotations

import random
import statistics

from qsearch.bench._timing import Load, compare, cpu_clock, ratio, repeats_of
from qsearch.bench._words import agreement
from qsearch.games import OwnPieceQuarto, Quarto
from qsearch.i18n import _


def random_position(cls, placed: int, rng: random.Random):
    """A random non-terminal position with ``placed`` pieces that needs a search."""
    from qsearch.search.quarto_solver import QuartoSolver

    while True:
        s = cls()
        while s.num_placed() < placed and not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        if isinstance(s, Quarto) and not s.is_terminal() and s.piece_in_hand() is None:
            s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal() and QuartoSolver(12).solve(s, weak=True, max_nodes=5000).nodes > 0:
            return s


def cost_table(cls=OwnPieceQuarto, pieces=range(12, 4, -1), samples: int = 5,
               weak: bool = True, seed: int = 2021, repeats: int = 1) -> list[dict]:
    """Solve ``samples`` random positions per number of pieces from scratch, each position's
    time the best of ``repeats`` solves (a new solver each)."""
    from qsearch.search.quarto_solver import QuartoSolver

    rng = random.Random(seed)
    rows = []
    for placed in pieces:
        nodes, times, values = [], [], []
        for _i in range(samples):
            s = random_position(cls, placed, rng)
            best = float("inf")
            for _i in range(repeats):
                solver = QuartoSolver(22)        # its table allocated before the clock
                start = cpu_clock()
                res = solver.solve(s, weak=weak)
                best = min(best, cpu_clock() - start)
            times.append(best)
            nodes.append(res.nodes)
            values.append(res.score if weak else (res.score > 0) - (res.score < 0))
        rows.append({
            "pieces placed": placed,
            "positions": samples,
            "win / draw / loss (mover)": f"{values.count(1)} / {values.count(0)} / "
                                         f"{values.count(-1)}",
            "median nodes": int(statistics.median(nodes)),
            "max nodes": max(nodes),
            "median time": statistics.median(times),
            "Mnodes/s": round(sum(nodes) / max(sum(times), 1e-9) / 1e6, 2),
        })
    return rows


def twin_table(samples: int = 3, seed: int = 5, repeats: int = 3) -> list[dict]:
    """Compiled solver against its pure-Python twin on the same positions (same nodes),
    timed in turn, best of ``repeats`` each."""
    from qsearch.reference.quarto_solver import ReferenceSolver
    from qsearch.search.quarto_solver import QuartoSolver

    rng = random.Random(seed)
    rows = []
    for placed in (9, 8):
        for _i in range(samples):
            s = random_position(OwnPieceQuarto, placed, rng)
            load = Load()
            theirs, ours = compare(lambda s=s: ReferenceSolver(16).solve(s),
                                   lambda s=s: QuartoSolver(16).solve(s), repeats)
            tp, slow, tc, fast = theirs.seconds, theirs.result, ours.seconds, ours.result
            rows.append({"pieces placed": placed, "score": fast.score, "nodes": fast.nodes,
                         "same nodes in twin": agreement((fast.score, fast.nodes) == slow),
                         "compiled time": tc, "compiled runs": ours.runs, "twin time": tp,
                         "x": round(ratio(tp, max(tc, 1e-9))), **load.cells()})
    return rows


def sections(options) -> list[tuple]:
    """The Quarto solver's tables for ``python -m qsearch bench``."""
    quick = options.quick
    n = 3 if quick else 8
    repeats = repeats_of(options)
    once = repeats_of(options, full=1)           # many positions: each solved once by default
    return [
        ("quarto-solver", _("Exact Quarto solver, document 000's variant: random positions "
                            "solved from scratch (sign of the value), by pieces placed (CPU "
                            "times, each position best of {repeats})").format(repeats=once),
         lambda: cost_table(OwnPieceQuarto, range(12, 4 if quick else 3, -1), n, repeats=once)),
        ("quarto-solver-standard", _("Exact Quarto solver, standard Quarto: random positions "
                                     "(a piece in hand), by pieces placed (CPU times, each "
                                     "position best of {repeats})").format(repeats=once),
         lambda: cost_table(Quarto, range(12, 7 if quick else 5, -1), n, repeats=once)),
        ("quarto-solver-twin", _("Quarto solver: compiled against its pure-Python twin "
                                 "(exact scores; CPU times, every side in this process, timed "
                                 "in turn, best of {repeats} each, the compiled solver in "
                                 "batches of about the twin's time)").format(repeats=repeats),
         lambda: twin_table(2 if quick else 3, repeats=repeats)),
    ]
