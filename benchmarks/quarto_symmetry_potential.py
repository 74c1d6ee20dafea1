"""Where symmetry could pay inside the Quarto solver's table (issue 23, item 1), measured.

The standard proof uses the 12,288 symmetries of Quarto above the solver only: one reply per
class at the opponent's nodes. Inside a leaf's solve the solver's table keys positions as they
are, so two symmetric positions are searched twice. This counts, below each distinct leaf of
the shipped proof, the positions one and two moves down (a move: the placement of the piece in
hand, then a gift; only the gifts that do not let the opponent win at once, as the solver
searches), the distinct ones, and their classes under the symmetries. Distinct / classes is
the most a table keyed by classes could save at that depth (alpha-beta visits fewer of them),
against the price of a canonical key at every such node.

``--solve K`` then solves every distinct leaf again with ``QuartoSolver(24,
symmetry_until=K)`` (positions with at most K pieces keyed by class inside the table) on
``--workers`` processes, beside the nodes the proof records for the solver without it (the
same table size; node counts are exact, so the ratio does not depend on the machine's load).

    python benchmarks/quarto_symmetry_potential.py [--solve 6 --workers 2]
        [--output benchmarks/quarto_symmetry.md]
"""
from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from qsearch.core.tables import markdown
from qsearch.games import Quarto
from qsearch.games import quarto_symmetry as sym
from qsearch.proofs.quarto_own import load_proof, proof_leaves
from qsearch.proofs.quarto_standard import DEFAULT_PROOF


def safe_moves_below(state) -> list:
    """The positions after each safe move of the mover (placement of the piece in hand, then a
    gift the opponent cannot win with at once)."""
    out = []
    for square in state.legal_actions():
        placed = state.child(square)
        if placed.is_terminal():
            continue
        for gift in placed.legal_actions():
            given = placed.child(gift)
            if not any(given.child(a).is_terminal() for a in given.legal_actions()):
                out.append(given)
    return out


def potential(state, depth: int = 2) -> list:
    """``[(positions, distinct, classes)]`` one to ``depth`` moves below ``state``."""
    rows, level = [], [state]
    for _ in range(depth):
        level = [child for s in level for child in safe_moves_below(s)]
        distinct = {tuple(s.board_pieces()) + (s.piece_in_hand(),) for s in level}
        classes = {sym.canonical(sym.board_of(s), s.piece_in_hand()) for s in level}
        rows.append((len(level), len(distinct), len(classes)))
    return rows


def solve_by_class(actions, until: int) -> tuple:
    """``(score, nodes, seconds)`` of a leaf solved with symmetry inside the table."""
    from qsearch.search.quarto_solver import QuartoSolver

    res = QuartoSolver(24, symmetry_until=until).solve(Quarto.from_actions(actions), weak=True)
    return res.score, res.nodes, res.elapsed


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", default=None, help="also write the table to this file")
    parser.add_argument("--solve", type=int, default=None, metavar="K",
                        help="also solve each leaf with symmetry_until=K (minutes)")
    parser.add_argument("--workers", type=int, default=1, help="processes for --solve")
    args = parser.parse_args(argv)
    proof = load_proof(DEFAULT_PROOF)
    leaves, seen = [], set()
    for node, actions, *_ in proof_leaves(proof):
        if node["key"] not in seen:
            seen.add(node["key"])
            leaves.append((node, actions))
    t0 = time.perf_counter()
    pool = ProcessPoolExecutor(args.workers) if args.solve is not None else None
    futures = [pool.submit(solve_by_class, a, args.solve) for _n, a in leaves] if pool else []
    rows = []
    for node, actions in leaves:
        one, two = potential(Quarto.from_actions(actions))
        rows.append({"leaf (moves)": " ".join(map(str, actions)),
                     "solver nodes": node["nodes"],
                     "1 move down: distinct / classes": f"{one[1]:,} / {one[2]:,}",
                     "saving": round(one[1] / one[2], 1),
                     "2 moves down: distinct / classes": f"{two[1]:,} / {two[2]:,}",
                     "saving ": round(two[1] / two[2], 1)})
    savings = [r["saving "] for r in rows]
    count_seconds = time.perf_counter() - t0
    footer = (f"{len(rows)} distinct leaves; two moves down, distinct / classes: median "
              f"{statistics.median(savings):.1f}x, range {min(savings):.1f}-{max(savings):.1f}x "
              f"({count_seconds:.0f} s to count)\n")
    if pool is not None:
        solved = [f.result() for f in futures]     # solved while the classes were counted
        pool.shutdown()
        for row, (node, _a), (score, nodes, seconds) in zip(rows, leaves, solved, strict=True):
            if score != node["value"]:
                raise SystemExit(f"value changed on leaf {row['leaf (moves)']}: {score}")
            row[f"nodes, symmetry_until={args.solve}"] = nodes
            row["fewer nodes"] = round(node["nodes"] / nodes, 2)
            row["seconds"] = round(seconds, 1)
        ratios = [r["fewer nodes"] for r in rows]
        total = sum(n for _s, n, _t in solved)
        before = sum(n["nodes"] for n, _a in leaves)
        footer += (f"\nsymmetry_until={args.solve}: every value unchanged; {total:,} nodes "
                   f"against the proof's {before:,} ({before / total:.2f}x fewer), per leaf "
                   f"{min(ratios):.2f}-{max(ratios):.2f}x fewer (median "
                   f"{statistics.median(ratios):.2f}x); "
                   f"{sum(t for _s, _n, t in solved):.0f} s of solving in all, "
                   f"{time.perf_counter() - t0:.0f} s wall on {args.workers} processes "
                   f"beside the counting\n")
    text = markdown(rows) + "\n\n" + footer
    print(text)
    if args.output:
        with open(args.output, "w") as f:
            f.write("# Symmetry below the standard proof's leaves "
                    "(`python benchmarks/quarto_symmetry_potential.py`)\n\n" + text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
