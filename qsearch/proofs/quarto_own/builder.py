"""Build the proof of document 000's Quarto from the empty board.

:func:`build_proof` solves the game's value (every first move up to symmetry), then builds a
strategy tree for the prover down to ``depth`` plies: one move at the prover's nodes (the
solver's table suggests it; its position is then solved from scratch), one reply per class
at the opponent's nodes. The leaves are independent subproblems (:func:`solve_position`)
solved on any :class:`concurrent.futures.Executor`; each solved position is appended to a
:class:`Progress` file as it finishes, so a stopped run resumes where it stopped.
"""
from __future__ import annotations

import json
import time
from concurrent.futures import as_completed
from pathlib import Path

from qsearch.games import OwnPieceQuarto
from qsearch.proofs.quarto_own.format import (
    DEFAULT_OUT,
    DEFAULT_PROGRESS,
    FORMAT,
    key_of,
    reply_classes,
    state_after,
    table_move_first,
)


def solve_position(actions, table_bits: int = 22) -> dict:
    """Solve the position after ``actions`` weakly with a fresh solver (a subproblem: a
    module-level function, so it runs on process executors)."""
    from qsearch.search.quarto_solver import QuartoSolver

    state = state_after(actions)
    res = QuartoSolver(table_bits).solve(state, weak=True)
    return {"key": key_of(state), "actions": list(actions), "value": res.score,
            "nodes": res.nodes, "seconds": round(res.elapsed, 3)}


class Progress:
    """Solved positions, one JSON line each, keyed by canonical form (resumable runs)."""

    def __init__(self, path=None):
        self.path = None if path is None else Path(path)
        self.solved: dict = {}
        if self.path is not None and self.path.exists():
            for line in self.path.read_text().splitlines():
                if line.strip():
                    rec = json.loads(line)
                    self.solved[rec["key"]] = rec

    def add(self, rec: dict) -> None:
        """Record a solved position (appended to the file at once)."""
        self.solved[rec["key"]] = rec
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as fh:
                fh.write(json.dumps(rec) + "\n")

    def get(self, key: str):
        """The record of the position with canonical form ``key``, or None."""
        return self.solved.get(key)


def _value_of(state, progress: Progress, table_bits: int) -> int:
    """Weak value for the mover, solved from scratch (recorded in ``progress``)."""
    rec = progress.get(key_of(state))
    if rec is None:
        rec = solve_position(state.history(), table_bits)
        progress.add(rec)
    return rec["value"]


def _choose(solver, state, target: int, progress: Progress, table_bits: int) -> tuple:
    """A move of the prover reaching ``target`` (1 win, 0 at least a draw): (action, value).

    The solver's table suggests the move; its position is then solved from scratch.
    """
    me = state.current_player()
    for a in table_move_first(solver, state):
        child = state.child(a)
        if child.is_terminal():
            v = int(child.returns()[me])
        else:
            v = -_value_of(child, progress, table_bits)
        if v >= target:
            return a, v
    raise RuntimeError(f"no move reaches {target} in {state!r}: the solver is inconsistent")


def build_proof(depth: int = 4, executor=None, progress_path=DEFAULT_PROGRESS,
                out=DEFAULT_OUT, table_bits: int = 22, log=print) -> dict:
    """Solve document 000's Quarto from the empty board and write the proof (returns it).

    ``depth``: plies of the strategy tree (even: its leaves are the opponent's positions).
    ``executor``: a :class:`concurrent.futures.Executor` for the leaves (None: here, one
    by one). ``progress_path``: JSON lines of every solved position (None: keep none);
    positions found there are not solved again. ``out``: where to write (None: nowhere).
    """
    from qsearch.search.quarto_solver import QuartoSolver

    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 8:
        raise ValueError(f"depth must be an int in 1..8, not {depth!r}")
    log = log or (lambda *a, **k: None)
    t0 = time.perf_counter()
    progress = Progress(progress_path)
    solver = QuartoSolver(table_bits)
    root = OwnPieceQuarto()
    # 1. the value: every first move up to symmetry
    firsts = reply_classes(root)
    values = []
    for a, size, _ in firsts:
        v = -_value_of(root.child(a), progress, table_bits)
        log(f"first move {root.action_to_string(a)} (class of {size}): {v:+d} for player 0")
        values.append(v)
    value = max(values)
    trees = [(1, 1)] if value < 0 else [(0, 1)] if value > 0 else [(0, 0), (1, 0)]
    # 2. the strategy trees down to ``depth``; leaves collected, solved below
    leaves: list = []

    def expand(state, prover, target, ply):
        node = {"to_move": None if state.is_terminal() else state.current_player(),
                "key": key_of(state)}
        if state.is_terminal():
            w = state.returns()
            node["winner"] = None if w[0] == 0 else (0 if w[0] > 0 else 1)
            return node
        if ply == depth:
            leaves.append((node, state.history()))
            return node
        if state.current_player() == prover:
            a, _ = _choose(solver, state, target, progress, table_bits)
            node["move"] = a
            node["text"] = state.action_to_string(a)
            node["child"] = expand(state.child(a), prover, target, ply + 1)
        else:
            node["replies"] = [
                {"action": a, "text": state.action_to_string(a), "class_size": size,
                 "child": expand(state.child(a), prover, target, ply + 1)}
                for a, size, _ in reply_classes(state)]
            if ply <= 2:
                log(f"ply {ply}: {len(node['replies'])} reply classes")
        return node

    roots = []
    for prover, target in trees:
        roots.append({"prover": prover, "target": target, "root": expand(root, prover, target,
                                                                         0)})
    log(f"strategy built: {len(leaves)} leaves to solve "
        f"({time.perf_counter() - t0:.1f} s so far)")
    # 3. the leaves: independent subproblems
    todo = []
    for node, actions in leaves:
        rec = progress.get(node["key"])
        if rec is None:
            todo.append(actions)
    if executor is None:
        results = (solve_position(a, table_bits) for a in todo)
    else:
        futures = [executor.submit(solve_position, a, table_bits) for a in todo]
        results = (f.result() for f in as_completed(futures))
    for i, rec in enumerate(results):
        progress.add(rec)
        if (i + 1) % 25 == 0 or i + 1 == len(todo):
            log(f"leaves solved: {i + 1}/{len(todo)} ({time.perf_counter() - t0:.0f} s)")
    for node, _ in leaves:
        rec = progress.get(node["key"])
        node.update(value=rec["value"], nodes=rec["nodes"], seconds=rec["seconds"])
    proof = {
        "format": FORMAT,
        "game": "OwnPieceQuarto (document 000: each player places a piece of his choice)",
        "value_for_player_0": value,
        "first_moves": [{"action": a, "text": root.action_to_string(a), "class_size": size,
                         "value_for_player_0": v}
                        for (a, size, _), v in zip(firsts, values, strict=True)],
        "depth": depth,
        "trees": roots,
        "solved_positions": len(progress.solved),
        "total_nodes": sum(r["nodes"] for r in progress.solved.values()),
        "build_seconds": round(time.perf_counter() - t0, 1),
    }
    if out is not None:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(json.dumps(proof, indent=1) + "\n")
    return proof
