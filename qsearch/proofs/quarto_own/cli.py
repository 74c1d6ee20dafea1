"""``python -m qsearch solve quarto-own``: a position's exact value, or build or check the
proof."""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from qsearch.games import OwnPieceQuarto
from qsearch.proofs.quarto_own.format import DEFAULT_OUT, DEFAULT_PROGRESS, DEFAULT_PROOF


def add_cli_options(parser) -> None:
    """The options of ``python -m qsearch solve quarto-own`` and ``solve quarto`` (the two
    Quarto proofs; added to the solve parser)."""
    g = parser.add_argument_group("quarto-own and quarto (a Quarto game's proof: from the "
                                  "empty board, or quarto's from --start)")
    g.add_argument("--proof", default=None,
                   help=f"proof file to write (default: {DEFAULT_OUT} or "
                        "quarto_standard_proof.json here) or to check (default: the proof "
                        "shipped with qsearch)")
    g.add_argument("--progress", default=None,
                   help=f"JSON lines of solved positions (a stopped run resumes from it; "
                        f"default: {DEFAULT_PROGRESS} or quarto_standard_progress.jsonl here)")
    g.add_argument("--proof-depth", type=int, default=None,
                   help="plies of the strategy trees (default: 4 for quarto-own, 5 for quarto)")
    g.add_argument("--workers", type=int, default=1,
                   help="processes for the solves (a ProcessPoolExecutor; 1: here)")
    g.add_argument("--scheduler", default=None,
                   help="a Dask scheduler's address (tcp://host:8786): solve on that cluster")
    g.add_argument("--timeout", default="10s", help="how long to wait for the scheduler")
    g.add_argument("--check", nargs="?", const=ALL, type=_leaf_count, default=None,
                   metavar="N",
                   help="check the proof file instead: every leaf re-solved, or N sampled ones "
                        "(N >= 0; 0: the structure only). The report names the game, the "
                        "start and what the proof claims")
    g.add_argument("--seed", type=int, default=None, metavar="S",
                   help="with --check N: the seed that chooses the N leaves (default: a "
                        "random seed, logged and in the report; the same seed re-solves the "
                        "same leaves)")
    g.add_argument("--start", default=None, metavar="MOVES",
                   help="quarto: the position the proof starts from, as moves from the empty "
                        "board (names such as '2357 (4,3) 2458' or action numbers, separated "
                        "by spaces; default: the empty board). --check refuses a proof that "
                        "starts anywhere else; without --check the proof is built from there")
    g.add_argument("--report", default=None, metavar="FILE",
                   help="with --check: also write the full report (every re-solved leaf: "
                        "its value, the engine's nodes beside the recorded ones, seconds) "
                        "to FILE as JSON")
    g.add_argument("--engine", default=None,
                   help="the engine re-solving the leaves in --check (quarto-own: quarto_ab "
                        "or plain; quarto: verifier, solver or alphabeta)")


ALL = "all"             # --check without N: every leaf


def _leaf_count(text: str):
    """``--check``'s N: ``all`` or a whole number (a negative one is refused later, by
    :func:`check_options`, as a one-line error)."""
    if text == ALL:
        return ALL
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"N must be a number of leaves, not {text!r}") \
            from None


def check_options(args) -> int | None:
    """The sample ``--check`` asks for (None: every leaf), refusing a negative N and a
    ``--seed`` with nothing to sample; ValueError, a one-line error naming the option."""
    n = None if args.check in (None, ALL) else args.check
    if n is not None and n < 0:
        raise ValueError(f"--check N must be a number of leaves >= 0, not {n} (--check alone "
                         "re-solves every leaf; --check 0 checks the structure only)")
    if getattr(args, "seed", None) is not None and (args.check is None or n is None):
        raise ValueError("--seed chooses the sampled leaves: it goes with --check N")
    return n


def writable_proof_path(path) -> Path:
    """Where a build writes its proof, refused at once (not after the solve) if it is a
    directory."""
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"--proof {path} is a directory: name the proof file to write")
    return path


def executor_of(args) -> tuple:
    """``(executor or None, close)`` for ``--workers`` / ``--scheduler``."""
    from concurrent.futures import ProcessPoolExecutor

    if args.workers < 1:
        raise ValueError(f"--workers must be >= 1, not {args.workers}")
    if args.scheduler is not None:
        if args.workers != 1:
            raise ValueError("pass --workers or --scheduler, not both")
        from qsearch.arena.cluster import dask_executor

        return dask_executor(args.scheduler, args.timeout)
    if args.workers == 1:
        return None, lambda: None
    ex = ProcessPoolExecutor(args.workers)
    return ex, ex.shutdown


def show_report(report: dict, path=None) -> None:
    """Print a check's report without its leaf list; write all of it to ``path`` if given."""
    print(json.dumps({k: v for k, v in report.items() if k != "re-solved"}, indent=1))
    if path:
        Path(path).write_text(json.dumps(report, indent=1) + "\n")
        print(f"full report written to {path}")


def cli_solve(args) -> int:
    """``python -m qsearch solve quarto-own [placements]``: a position's exact value and its
    moves' values, or (no position) build the proof from the empty board, or ``--check`` it."""
    from qsearch.proofs.quarto_own.builder import build_proof
    from qsearch.proofs.quarto_own.checker import check_proof
    from qsearch.proofs.quarto_own.format import claim_of, load_proof, proof_summary

    def log(*a):
        print(time.strftime("%H:%M:%S"), *a, flush=True)

    if getattr(args, "start", None) is not None:
        raise ValueError("--start is for standard Quarto's proof (solve quarto): document "
                         "000's proof always starts at the empty board")
    if args.check is not None:
        n = check_options(args)
        proof = load_proof(args.proof or DEFAULT_PROOF)
        ex, close = executor_of(args)
        try:
            report = check_proof(proof, sample=n, seed=args.seed, log=log, engine=args.engine,
                                 executor=ex, start=[])
        finally:
            close()
        show_report(report, args.report)
        return 0
    check_options(args)                              # --seed without --check
    if args.position.strip():
        from qsearch.search.quarto_solver import QuartoSolver, describe

        state = OwnPieceQuarto.from_placements(args.position)
        print(state)
        if state.is_terminal():
            print("the game is over:", state.returns())
            return 0
        solver = QuartoSolver()
        res = solver.solve(state)
        print(f"score {res.score:+d}: {describe(res.score, state.num_placed())} for the side "
              f"to move; {res.nodes:,} nodes in {res.elapsed:.2f} s")
        return 0
    out = writable_proof_path(args.proof or DEFAULT_OUT)
    ex, close = executor_of(args)
    try:
        proof = build_proof(4 if args.proof_depth is None else args.proof_depth, executor=ex,
                            progress_path=args.progress or DEFAULT_PROGRESS, out=out, log=log)
    finally:
        close()
    print(claim_of(proof))
    print(json.dumps(proof_summary(proof), indent=1))
    print(f"proof written to {out}")
    return 0
