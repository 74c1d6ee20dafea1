"""Build the proof of document 000's Quarto from the empty board, with the distance to the win.

:func:`build_proof` solves every first move (up to symmetry) exactly, then builds a strategy
tree for the prover down to ``depth`` plies: one move at the prover's nodes, one reply per
class at the opponent's nodes, a leaf's exact score at ``depth``. The prover's move is the
fastest win the exact solver finds: the position is solved strongly, the move its table holds
is tried first, and it is kept only if the subtree under it wins as fast as the solve says
(else the next move is tried). Every solved position is appended to a :class:`Progress` file as
it finishes, so a stopped run resumes where it stopped.
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
    node_piece,
    reply_classes,
    state_after,
)


def solve_position(actions, table_bits: int = 22) -> dict:
    """Solve the position after ``actions`` exactly with a fresh solver (a subproblem: a
    module-level function, so it runs on process executors). ``"move"`` is the best move the
    solver's table holds afterwards (None if it holds none, e.g. after a win in one)."""
    from qsearch.search.quarto_solver import QuartoSolver

    state = state_after(actions)
    solver = QuartoSolver(table_bits)
    res = solver.solve(state, weak=False)
    return {"key": key_of(state), "actions": list(actions), "score": res.score,
            "nodes": res.nodes, "seconds": round(res.elapsed, 3),
            "move": solver.table_move(state)}


class Progress:
    """Solved positions, one JSON line each, keyed by canonical form (resumable runs).

    Lines without an exact ``"score"`` (written by the sign-only builder of format 1) are
    skipped: their positions are solved again."""

    def __init__(self, path=None):
        self.path = None if path is None else Path(path)
        self.solved: dict = {}
        if self.path is not None and self.path.exists():
            for line in self.path.read_text().splitlines():
                if line.strip():
                    rec = json.loads(line)
                    if "score" in rec:
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


def _solved(state, progress: Progress, table_bits: int) -> dict:
    """The exact solve of ``state`` (from ``progress`` if there, else solved and recorded)."""
    rec = progress.get(key_of(state))
    if rec is None:
        rec = solve_position(state.history(), table_bits)
        progress.add(rec)
    return rec


def _hint_in(state, rec) -> int | None:
    """The record's table move brought to ``state`` (the record may be of a symmetric
    position reached by other actions)."""
    from qsearch.games.quarto_symmetry import board_of, find_symmetry, transform_action

    move = rec.get("move")
    if move is None:
        return None
    if list(rec["actions"]) == list(state.history()):
        return move
    g = find_symmetry(board_of(state_after(rec["actions"])), board_of(state))
    return None if g is None else transform_action(move, g)


class _NotProved(Exception):
    """A subtree the prover does not win (a move the table suggested wrongly)."""


def build_proof(depth: int = 4, executor=None, progress_path=DEFAULT_PROGRESS,
                out=DEFAULT_OUT, table_bits: int = 22, log=print) -> dict:
    """Solve document 000's Quarto from the empty board and write the proof (returns it).

    ``depth``: plies of the strategy tree (even: its leaves are the opponent's positions).
    ``executor``: a :class:`concurrent.futures.Executor` for the first moves' exact solves,
    the costly independent part (None: here, one by one); the tree below is built here.
    ``progress_path``: JSON lines of every solved position (None: keep none); positions found
    there are not solved again. ``out``: where to write (None: nowhere).
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 8:
        raise ValueError(f"depth must be an int in 1..8, not {depth!r}")
    log = log or (lambda *a, **k: None)
    t0 = time.perf_counter()
    progress = Progress(progress_path)
    root = OwnPieceQuarto()
    # 1. the value and the distance: every first move up to symmetry, solved exactly
    firsts = reply_classes(root)
    todo = [[a] for a, _, k in firsts if progress.get(k) is None]
    if executor is None:
        results = (solve_position(a, table_bits) for a in todo)
    else:
        results = (f.result() for f in as_completed(
            [executor.submit(solve_position, a, table_bits) for a in todo]))
    for rec in results:
        progress.add(rec)
        log(f"first move {root.action_to_string(rec['actions'][0])} solved: score "
            f"{rec['score']:+d} in {rec['seconds']:.0f} s")
    scores = [-progress.get(k)["score"] for _, _, k in firsts]     # for player 0
    best = max(scores)
    value = (best > 0) - (best < 0)
    trees = [(1, 1)] if value < 0 else [(0, 1)] if value > 0 else [(0, 0), (1, 0)]
    stats = {"leaves": 0}

    # 2. the strategy trees, the prover's moves the fastest wins
    def expand(state, prover, target, ply):
        node = {"to_move": None if state.is_terminal() else state.current_player(),
                "key": key_of(state)}
        if state.is_terminal():
            w = state.returns()
            node["winner"] = None if w[0] == 0 else (0 if w[0] > 0 else 1)
        elif ply == depth:
            rec = _solved(state, progress, table_bits)
            s = rec["score"]
            node.update(value=(s > 0) - (s < 0), score=s, nodes=rec["nodes"],
                        seconds=rec["seconds"])
            stats["leaves"] += 1
        elif state.current_player() == prover:
            _choose(node, state, prover, target, ply)
        else:
            node["replies"] = [
                {"action": a, "text": state.action_to_string(a), "class_size": size,
                 "child": expand(state.child(a), prover, target, ply + 1)}
                for a, size, _ in reply_classes(state)]
            if ply <= 2:
                log(f"ply {ply}: {len(node['replies'])} reply classes done "
                    f"({time.perf_counter() - t0:.0f} s)")
        if target == 1:
            node["piece"] = node_piece(node, state, prover)
            if node["piece"] is None:
                raise _NotProved(f"the prover does not win after {state.history()}")
        return node

    def _choose(node, state, prover, target, ply):
        """The prover's move: a win in one if there is one, else the fastest win (the best
        score) the exact solve finds. The table's move is kept if its subtree proves that
        score; any other move only after its own exact solve gives it."""
        actions = state.legal_actions()
        for a in actions:
            child = state.child(a)
            if child.is_terminal() and child.returns()[prover] > 0:
                node.update(move=a, text=state.action_to_string(a),
                            child=expand(child, prover, target, ply + 1))
                return
        rec = _solved(state, progress, table_bits)
        want = rec["score"]
        if (want > 0) - (want < 0) < target:
            raise _NotProved(f"the prover cannot reach {target} in {state!r}")
        hint = _hint_in(state, rec)
        if hint in actions:
            actions.remove(hint)
            actions.insert(0, hint)
        for a in actions:
            after = state.child(a)
            if a == hint and target == 1:           # checked by its subtree: no extra solve
                try:
                    child = expand(after, prover, target, ply + 1)
                    if 17 - child["piece"] == want:
                        node.update(move=a, text=state.action_to_string(a), child=child)
                        return
                except _NotProved:
                    pass
                log(f"after {state.history()}: the table's move {a} does not prove score "
                    f"{want}; trying the others")
                continue
            got = (int(after.returns()[prover]) * (17 - after.num_placed())
                   if after.is_terminal() else -_solved(after, progress, table_bits)["score"])
            if got == want if target == 1 else got >= 0:
                node.update(move=a, text=state.action_to_string(a),
                            child=expand(after, prover, target, ply + 1))
                return
        raise RuntimeError(f"no move proves score {want} in {state!r}: the solver is "
                           "inconsistent")

    try:
        roots = [{"prover": p, "target": t, "root": expand(root, p, t, 0)} for p, t in trees]
    except _NotProved as err:
        raise RuntimeError(f"the solver is inconsistent: {err}") from None
    log(f"strategy built: {stats['leaves']} leaves ({time.perf_counter() - t0:.1f} s)")
    proof = {
        "format": FORMAT,
        "game": "OwnPieceQuarto (document 000: each player places a piece of his choice)",
        "value_for_player_0": value,
        "first_moves": [{"action": a, "text": root.action_to_string(a), "class_size": size,
                         "value_for_player_0": (s > 0) - (s < 0),
                         "score_for_player_0": s}
                        for (a, size, _), s in zip(firsts, scores, strict=True)],
        "depth": depth,
        "trees": roots,
        "solved_positions": len(progress.solved),
        "total_nodes": sum(r["nodes"] for r in progress.solved.values()),
        "build_seconds": round(time.perf_counter() - t0, 1),
    }
    if value != 0:
        proof["wins_by_piece"] = roots[0]["root"]["piece"]
    if out is not None:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(json.dumps(proof, indent=1) + "\n")
    return proof
