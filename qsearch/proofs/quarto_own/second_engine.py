"""The second engine of a Quarto proof's check: one leaf re-solved by an engine that shares no
search code with the solver that built the proof.

:func:`check_leaf` is module-level so that it runs on any :class:`concurrent.futures.Executor`;
:func:`~qsearch.proofs.quarto_own.checker.check_proof` compares what it returns with the
leaf's record.
"""
from __future__ import annotations

import time

from qsearch.proofs.quarto_own.format import state_after

ENGINES = ("quarto_ab", "plain", "verifier", "alphabeta", "solver")
# Document 000's AB_MINIMAX is written for its variant: standard Quarto's leaves are re-solved
# by the verifier (no code shared with the Quarto solver), qsearch's generic alpha-beta core
# (independent too; fast enough only for leaves deep in the game) or a fresh Quarto solver (the
# same engine as the builder's).
STANDARD_ENGINES = ("verifier", "solver", "alphabeta")
OWN_ENGINES = ("quarto_ab", "plain")

WIN = 100        # the second engine's win: 100 less the plies to it


def _engine_score(state, engine: str) -> tuple:
    """``(score, nodes)``: the exact score for the mover by the second engine, in the solver's
    convention (``17 - n`` for a win with the ``n``-th piece, 0 for a draw; ``"verifier"``,
    ``"alphabeta"`` and ``"solver"``: its sign only), and the nodes the engine searched."""
    if engine == "verifier":
        from qsearch.search.quarto_verifier import QuartoVerifier

        res = QuartoVerifier(24).solve(state)
        return res.score, res.nodes
    if engine == "alphabeta":
        from qsearch.search import alphabeta

        res = alphabeta(state, 32, tt=22)                     # to the end: +1, 0 or -1
        return (res.value > 0) - (res.value < 0), res.nodes
    if engine == "quarto_ab":
        from qsearch.search.quarto_ab import ab_minimax

        res = ab_minimax(state, depth=16, win_check=True, win_value=float(WIN), win_decay=1.0)
        v = round(res.value)
        if v == 0:
            return 0, res.nodes
        piece = state.num_placed() + (WIN - abs(v))       # the plies to the win, from here
        return (17 - piece) * ((v > 0) - (v < 0)), res.nodes
    if engine == "plain":
        from qsearch.search.quarto_solver import QuartoSolver

        res = QuartoSolver(10, table=False, order=False).solve(state, weak=False)
        return res.score, res.nodes
    if engine == "solver":
        from qsearch.search.quarto_solver import QuartoSolver

        res = QuartoSolver(24).solve(state, weak=True)
        return res.score, res.nodes
    raise ValueError(f"engine must be one of {ENGINES}, not {engine!r}")


def check_leaf(actions, engine: str = "quarto_ab", standard: bool = False) -> dict:
    """Re-solve one leaf with the second engine (module-level: runs on executors):
    ``"score"`` exact (``"verifier"``, ``"alphabeta"``, ``"solver"``: its sign), ``"value"``
    its sign, ``"nodes"`` the engine's. ``standard``: the actions are standard Quarto's."""
    from qsearch.games import OwnPieceQuarto, Quarto

    t = time.perf_counter()
    score, nodes = _engine_score(state_after(actions, Quarto if standard else OwnPieceQuarto),
                                 engine)
    return {"actions": list(actions), "value": (score > 0) - (score < 0), "score": score,
            "nodes": nodes, "seconds": time.perf_counter() - t}


__all__ = ["ENGINES", "OWN_ENGINES", "STANDARD_ENGINES", "WIN", "check_leaf"]
