"""``python -m qsearch solve quarto``: build or check the proof of standard Quarto's value."""
from __future__ import annotations

import json
import time


def start_actions(text: str | None) -> list:
    """``--start``'s moves (names such as ``2357 (4,3)`` or action numbers, separated by
    spaces) as standard Quarto's actions from the empty board; ``[]`` for none. A ValueError
    names the move that is not legal."""
    from qsearch.arena.terminal import parse_move
    from qsearch.games import Quarto

    state, actions = Quarto(), []
    for k, word in enumerate((text or "").split(), 1):
        if state.is_terminal():
            raise ValueError(f"--start move {k} ({word!r}): the game is already over")
        try:
            a = parse_move(state, word)
        except ValueError as err:
            raise ValueError(f"--start move {k}: {err}") from None
        state.apply_action(a)
        actions.append(a)
    return actions


def cli_solve(args) -> int:
    """``python -m qsearch solve quarto`` (no moves): build the proof from the empty board (or
    ``--start``) on ``--workers`` processes or a ``--scheduler``, resuming from ``--progress``;
    or ``--check`` it (all leaves re-solved, or N sampled), refusing a proof that does not
    start where ``--start`` says (the empty board by default)."""
    from qsearch.proofs.quarto_own.checker import check_proof
    from qsearch.proofs.quarto_own.cli import (
        check_options,
        executor_of,
        show_report,
        writable_proof_path,
    )
    from qsearch.proofs.quarto_own.format import claim_of, load_proof, proof_summary
    from qsearch.proofs.quarto_standard.builder import (
        DEFAULT_OUT,
        DEFAULT_PROGRESS,
        build_standard_proof,
    )
    from qsearch.proofs.quarto_standard.format import DEFAULT_PROOF

    def log(*a):
        print(time.strftime("%H:%M:%S"), *a, flush=True)

    if args.position.strip():
        raise ValueError("a proof's start position is given with --start MOVES; moves after "
                         "'quarto' ask for a budgeted solve (--max-nodes), not a proof")
    if args.max_nodes_given:
        raise ValueError("--max-nodes is for a budgeted solve of a position, not for the proof "
                         "(--check, --start)")
    n = check_options(args)
    start = start_actions(args.start)
    if args.check is not None:
        proof = load_proof(args.proof or DEFAULT_PROOF)
    else:
        out = writable_proof_path(args.proof or DEFAULT_OUT)
    ex, close = executor_of(args)
    try:
        if args.check is not None:
            report = check_proof(proof, sample=n, seed=args.seed, log=log, engine=args.engine,
                                 executor=ex, start=start)
            show_report(report, args.report)
            return 0
        t0 = time.perf_counter()
        proof = build_standard_proof(5 if args.proof_depth is None else args.proof_depth,
                                     start=start, executor=ex, out=out, log=log,
                                     progress_path=args.progress or DEFAULT_PROGRESS)
    finally:
        close()
    print(claim_of(proof))
    print(json.dumps(proof_summary(proof), indent=1))
    print(f"proof written to {out} ({time.perf_counter() - t0:.0f} s)")
    return 0
