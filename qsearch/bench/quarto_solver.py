"""Speed tables of the exact Quarto solver: cost by pieces placed, both variants, and its twin.

Every number is measured in this run, on random positions drawn with fixed seeds (positions
the solver settles without a search, a win in one, are skipped and redrawn).
"""
from __future__ import annotations

import random
import statistics

from qsearch.bench._timing import Load, cpu_best_of, cpu_clock, cpu_time, ratio
from qsearch.games import OwnPieceQuarto, Quarto


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
               weak: bool = True, seed: int = 2021) -> list[dict]:
    """Solve ``samples`` random positions per number of pieces from scratch."""
    from qsearch.search.quarto_solver import QuartoSolver

    rng = random.Random(seed)
    rows = []
    for placed in pieces:
        nodes, times, values = [], [], []
        for _ in range(samples):
            s = random_position(cls, placed, rng)
            solver = QuartoSolver(22)            # its table allocated before the clock
            start = cpu_clock()
            res = solver.solve(s, weak=weak)
            times.append(cpu_clock() - start)
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


def twin_table(samples: int = 3, seed: int = 5) -> list[dict]:
    """Compiled solver against its pure-Python twin on the same positions (same nodes)."""
    from qsearch.reference.quarto_solver import ReferenceSolver
    from qsearch.search.quarto_solver import QuartoSolver

    rng = random.Random(seed)
    rows = []
    for placed in (9, 8):
        for _ in range(samples):
            s = random_position(OwnPieceQuarto, placed, rng)
            load = Load()
            tp, slow = cpu_best_of(1, lambda s=s: ReferenceSolver(16).solve(s))
            ours = cpu_time(lambda s=s: QuartoSolver(16).solve(s), 3, tp)
            tc, fast = ours.seconds, ours.result
            rows.append({"pieces placed": placed, "score": fast.score, "nodes": fast.nodes,
                         "same nodes in twin": "yes" if (fast.score, fast.nodes) == slow else "NO",
                         "compiled time": tc, "compiled runs": ours.runs, "twin time": tp,
                         "x": round(ratio(tp, max(tc, 1e-9))), "load": load.cell()})
    return rows


def sections(options) -> list[tuple]:
    """The Quarto solver's tables for ``python -m qsearch bench``."""
    quick = options.quick
    n = 3 if quick else 8
    return [
        ("quarto-solver", "Exact Quarto solver, document 000's variant: random positions solved "
         "from scratch (sign of the value), by pieces placed (CPU times)",
         lambda: cost_table(OwnPieceQuarto, range(12, 4 if quick else 3, -1), n)),
        ("quarto-solver-standard", "Exact Quarto solver, standard Quarto: random positions "
         "(a piece in hand), by pieces placed (CPU times)",
         lambda: cost_table(Quarto, range(12, 7 if quick else 5, -1), n)),
        ("quarto-solver-twin", "Quarto solver: compiled against its pure-Python twin "
         "(exact scores; CPU times, the twin once, then the compiled solver best of 3 batches "
         "of about the twin's time)", lambda: twin_table(2 if quick else 3)),
    ]
