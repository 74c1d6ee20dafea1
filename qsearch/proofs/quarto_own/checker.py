"""Check a proof of document 000's Quarto with a second engine.

The tree's structure (legal moves, canonical forms, every reply class covered with the right
sizes, finished games really won) is recomputed from the rules, and the leaves are re-solved
by :func:`qsearch.search.quarto_ab.ab_minimax` (document 000's alpha-beta to the end of the
game, with its win-in-one test), which shares no search code with
:mod:`qsearch.search.quarto_solver`. Nothing here uses the builder.
"""
from __future__ import annotations

import random
import time
from concurrent.futures import as_completed

from qsearch.proofs.quarto_own.format import (
    FORMAT,
    key_of,
    proof_leaves,
    proof_nodes,
    reply_classes,
    state_after,
)


def _engine_value(state, engine: str) -> int:
    """Weak value for the mover by the second engine."""
    if engine == "quarto_ab":
        from qsearch.search.quarto_ab import ab_minimax

        v = ab_minimax(state, depth=16, win_check=True, win_value=100.0, win_decay=1.0).value
        return (v > 0) - (v < 0)
    if engine == "plain":
        from qsearch.search.quarto_solver import QuartoSolver

        return QuartoSolver(10, table=False, order=False).solve(state, weak=True).score
    raise ValueError(f"engine must be 'quarto_ab' or 'plain', not {engine!r}")


def check_leaf(actions, engine: str = "quarto_ab") -> dict:
    """Re-solve one leaf with the second engine (module-level: runs on executors)."""
    t = time.perf_counter()
    v = _engine_value(state_after(actions), engine)
    return {"actions": list(actions), "value": v, "seconds": time.perf_counter() - t}


def check_proof(proof, sample: int | None = None, seed: int = 0, engine: str = "quarto_ab",
                executor=None, log=None) -> dict:
    """Check a proof; returns a report, raises ValueError at the first error.

    The structure is always checked in full: each node's position (replayed from the root)
    has the recorded canonical form; a prover's move is legal; an opponent's node lists one
    reply of every class of legal replies, with the right class sizes (so every reply is
    covered up to symmetry); a finished game was won by the prover (or drawn, for a draw
    target); leaf values reach the target. Then the leaves are re-solved by ``engine``
    (``"quarto_ab"``: document 000's alpha-beta to the end; ``"plain"``: this solver
    without table or ordering): all of them, or ``sample`` chosen with ``seed``.
    """
    if not isinstance(proof, dict) or proof.get("format") != FORMAT:
        raise ValueError(f"not a {FORMAT} proof")
    log = log or (lambda *a, **k: None)
    t0 = time.perf_counter()
    nodes = proof_nodes(proof)
    for node, actions, prover, target in nodes:
        state = state_after(actions)
        where = f"after {actions}"
        if node.get("key") != key_of(state):
            raise ValueError(f"wrong canonical form {where}")
        if node.get("to_move") != (None if state.is_terminal() else state.current_player()):
            raise ValueError(f"wrong player to move {where}")
        if "winner" in node:
            w = state.returns()
            if not state.is_terminal():
                raise ValueError(f"the game is not over {where}")
            won = w[prover] > 0 if target == 1 else w[prover] >= 0
            if not won:
                raise ValueError(f"the prover does not reach its target {where}")
        elif "move" in node:
            if state.current_player() != prover or node["move"] not in state.legal_actions():
                raise ValueError(f"illegal or misplaced prover move {where}")
        elif "replies" in node:
            if state.current_player() == prover:
                raise ValueError(f"replies listed at the prover's node {where}")
            want = {k: size for _, size, k in reply_classes(state)}
            got = {}
            for r in node["replies"]:
                k = key_of(state.child(r["action"]))
                if k in got:
                    raise ValueError(f"two replies of one class {where}")
                got[k] = r["class_size"]
            if got != want:
                raise ValueError(f"the replies do not cover every class {where}")
        elif "value" in node:
            v = node["value"] if state.current_player() == prover else -node["value"]
            if v < target:
                raise ValueError(f"a leaf does not reach the target {where}")
        else:
            raise ValueError(f"a node of no known kind {where}")
    structure_seconds = time.perf_counter() - t0
    leaves = proof_leaves(proof)
    chosen = leaves
    if sample is not None:
        chosen = random.Random(seed).sample(leaves, min(sample, len(leaves)))
    t1 = time.perf_counter()
    if executor is None:
        results = (check_leaf(a, engine) for _, a, *_ in chosen)
    else:
        futures = [executor.submit(check_leaf, a, engine) for _, a, *_ in chosen]
        results = (f.result() for f in as_completed(futures))
    recorded = {tuple(a): n["value"] for n, a, *_ in chosen}
    for i, res in enumerate(results):
        if res["value"] != recorded[tuple(res["actions"])]:
            raise ValueError(f"the second engine disagrees after {res['actions']}: "
                             f"{res['value']} vs {recorded[tuple(res['actions'])]}")
        if (i + 1) % 25 == 0:
            log(f"leaves re-solved: {i + 1}/{len(chosen)} ({time.perf_counter() - t1:.0f} s)")
    return {"nodes checked": len(nodes), "leaves": len(leaves),
            "leaves re-solved": len(chosen), "engine": engine,
            "structure seconds": round(structure_seconds, 2),
            "re-solve seconds": round(time.perf_counter() - t1, 2)}
