"""``python -m qsearch solve quarto``: build or check the proof of standard Quarto's value."""
from __future__ import annotations

import json
import time
from pathlib import Path


def cli_solve(args) -> int:
    """``python -m qsearch solve quarto`` (no moves): build the proof from the empty board on
    ``--workers`` processes or a ``--scheduler``, resuming from ``--progress``; or ``--check``
    it (all leaves re-solved, or N sampled)."""
    from qsearch.proofs.quarto_own.checker import check_proof
    from qsearch.proofs.quarto_own.cli import executor_of, show_report
    from qsearch.proofs.quarto_own.format import load_proof, proof_summary
    from qsearch.proofs.quarto_standard.builder import (
        DEFAULT_OUT,
        DEFAULT_PROGRESS,
        build_standard_proof,
    )
    from qsearch.proofs.quarto_standard.format import DEFAULT_PROOF

    def log(*a):
        print(time.strftime("%H:%M:%S"), *a, flush=True)

    ex, close = executor_of(args)
    try:
        if args.check is not None:
            proof = load_proof(args.proof or DEFAULT_PROOF)
            report = check_proof(proof, sample=None if args.check < 0 else args.check,
                                 log=log, engine=args.engine, executor=ex)
            show_report(report, args.report)
            return 0
        out = Path(args.proof or DEFAULT_OUT)
        t0 = time.perf_counter()
        proof = build_standard_proof(5 if args.proof_depth is None else args.proof_depth,
                                     executor=ex, out=out, log=log,
                                     progress_path=args.progress or DEFAULT_PROGRESS)
    finally:
        close()
    v = proof["value_for_player_0"]
    print(("player 0 (the first player) wins" if v > 0 else "player 1 (the second player) wins"
           if v < 0 else "a draw") + " with perfect play")
    print(json.dumps(proof_summary(proof), indent=1))
    print(f"proof written to {out} ({time.perf_counter() - t0:.0f} s)")
    return 0
