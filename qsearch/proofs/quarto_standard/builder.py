"""Build the proof of standard Quarto's value, from the empty board or any start position.

Nothing is assumed about the value. :func:`build_standard_proof` first tries to prove that each
player does not lose (a tree with target 0 per player); a player whose tree cannot be built
loses, and then the other player's win is proved (target 1). A tree is built down to ``depth``
plies (a gift and a placement are one ply each): one move at the prover's nodes, one reply per
class of symmetric replies at the opponent's, and at ``depth`` a leaf, the position solved
(weakly: won, drawn or lost) by a fresh :class:`~qsearch.search.quarto_solver.QuartoSolver`.

The leaves are the whole cost, and they are independent: the builder works in rounds. A round
walks the tree as far as the leaves solved so far allow and collects the unsolved leaves it
needs; they are solved together on an executor (a process pool or a Dask cluster), each
appended to the progress file as it finishes, and the next round walks again. At a prover's
node the candidates are tried in order of the fewest unsolved leaves under them; a move whose
subtree fails (a leaf below the target) is dropped and the next one tried in the next round. So
a killed run resumes from its progress file with nothing lost but the leaves being solved, and
no position is solved twice. Every choice depends only on the solved leaves, not on the order
they finished in, so a run on a pool and one on a cluster write the same proof, byte for byte.
"""
from __future__ import annotations

import json
import time
from concurrent.futures import as_completed
from pathlib import Path

from qsearch.games import Quarto
from qsearch.proofs.quarto_own.builder import Progress
from qsearch.proofs.quarto_own.format import FORMAT_STANDARD, key_of, reply_classes

DEFAULT_OUT = Path("quarto_standard_proof.json")
DEFAULT_PROGRESS = Path("quarto_standard_progress.jsonl")
OK, PENDING, FAIL = "ok", "pending", "fail"


def solve_leaf(actions, table_bits: int = 24) -> dict:
    """Solve the standard position after ``actions`` weakly with a fresh solver (module-level:
    runs on process pools and Dask workers). ``"score"`` is its sign for the side to move."""
    from qsearch.search.quarto_solver import QuartoSolver

    state = Quarto.from_actions(list(actions))
    res = QuartoSolver(table_bits).solve(state, weak=True)
    return {"key": key_of(state), "actions": list(actions), "score": res.score,
            "nodes": res.nodes, "seconds": round(res.elapsed, 3)}


class _Walk:
    """One round's walk of one tree: the nodes it can build from the solved leaves, and the
    unsolved leaves it needs (``{key: actions from the empty board}``)."""

    def __init__(self, prover: int, target: int, depth: int, start: list, progress: Progress,
                 memo: dict):
        self.prover, self.target, self.depth = prover, target, depth
        self.start, self.progress = start, progress
        self.memo = memo        # actions -> (key, reply classes): the symmetry work, done once

    def _position(self, state, actions: list) -> tuple:
        found = self.memo.get(tuple(actions))
        if found is None:
            classes = [] if state.is_terminal() or len(actions) == self.depth else \
                reply_classes(state)
            found = self.memo[tuple(actions)] = (key_of(state), classes)
        return found

    def expand(self, state, actions: list) -> tuple:
        """``(node, status, unsolved leaves)`` of the subtree at ``state``."""
        key, classes = self._position(state, actions)
        node = {"to_move": None if state.is_terminal() else state.current_player(),
                "key": key}
        if state.is_terminal():
            w = state.returns()
            node["winner"] = None if w[0] == 0 else (0 if w[0] > 0 else 1)
            r = w[self.prover]
            return node, OK if (r > 0 if self.target == 1 else r >= 0) else FAIL, {}
        if len(actions) == self.depth:
            rec = self.progress.get(node["key"])
            if rec is None:
                return node, PENDING, {node["key"]: self.start + actions}
            value = (rec["score"] > 0) - (rec["score"] < 0)
            node.update(value=value, nodes=rec["nodes"])
            mine = value if state.current_player() == self.prover else -value
            return node, OK if mine >= self.target else FAIL, {}
        if state.current_player() == self.prover:
            return self._choose(node, state, actions, classes)
        node["replies"], unsolved, status = [], {}, OK
        for a, size, _ in classes:
            child, st, more = self.expand(state.child(a), actions + [a])
            if st == FAIL:
                return node, FAIL, {}
            status = PENDING if st == PENDING else status
            unsolved.update(more)
            node["replies"].append({"action": a, "text": state.action_to_string(a),
                                    "class_size": size, "child": child})
        return node, status, unsolved

    def _choose(self, node, state, actions, classes) -> tuple:
        """The prover's move: the first proved one, else the one with the fewest unsolved
        leaves (ties: the game's order); FAIL when every class fails."""
        best = None
        for a, _, _ in classes:
            child, st, more = self.expand(state.child(a), actions + [a])
            if st == FAIL:
                continue
            if st == OK:
                best = (a, child, st, more)
                break
            if best is None or len(more) < len(best[3]):
                best = (a, child, st, more)
        if best is None:
            return node, FAIL, {}
        a, child, st, more = best
        node.update(move=a, text=state.action_to_string(a), child=child)
        return node, st, more


def _solve_all(unsolved: dict, progress: Progress, executor, table_bits: int, log,
               bar) -> None:
    """Solve the leaves ``{key: actions}`` (in key order), recording each as it finishes."""
    jobs = [unsolved[k] for k in sorted(unsolved)]
    if executor is None:
        results = (solve_leaf(a, table_bits) for a in jobs)
    else:
        results = (f.result() for f in as_completed(
            [executor.submit(solve_leaf, a, table_bits) for a in jobs]))
    nodes = 0
    for rec in results:
        progress.add(rec)
        nodes += rec["nodes"]
        if bar is not None:
            bar.update(1)
            bar.set_postfix(nodes=f"{nodes:,}")
        log(f"leaf {rec['actions']} solved: {rec['score']:+d} ({rec['nodes']:,} nodes, "
            f"{rec['seconds']:.0f} s)")


def _progress_bar(total: int, done: int, enabled: bool):
    if not enabled:
        return None
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, initial=done, unit="position", desc="standard Quarto leaves")


def build_standard_proof(depth: int = 5, start=(), executor=None,
                         progress_path=DEFAULT_PROGRESS, out=DEFAULT_OUT,
                         table_bits: int = 24, log=print, bar: bool = True) -> dict:
    """Prove the value of standard Quarto from the position after ``start`` and write the
    proof (returns it).

    ``depth``: plies of the strategy trees below the start. ``executor``: any
    :class:`concurrent.futures.Executor` (a process pool, a Dask client's ``get_executor()``)
    for the leaves, or None (here, one by one). ``progress_path``: JSON lines of every solved
    leaf (None: keep none); leaves found there are not solved again. ``out``: where to write
    (None: nowhere). ``bar``: a tqdm progress bar (leaves done / to do, nodes, time left)
    when tqdm is installed.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= 32:
        raise ValueError(f"depth must be an int in 1..32, not {depth!r}")
    start = [int(a) for a in start]
    root = Quarto.from_actions(start)
    if root.is_terminal():
        raise ValueError(f"the start position {start} is a finished game")
    if depth > 32 - len(root.history()):
        raise ValueError(f"depth {depth} goes past the end of the game")
    log = log or (lambda *a, **k: None)
    t0 = time.perf_counter()
    progress = Progress(progress_path)
    solved_before = len(progress.solved)

    memo: dict = {}

    def prove(prover: int, target: int):
        walk = _Walk(prover, target, depth, start, progress, memo)
        while True:
            node, status, unsolved = walk.expand(root, [])
            if status != PENDING:
                return node if status == OK else None
            log(f"player {prover}, target {target}: {len(unsolved)} leaves to solve")
            b = _progress_bar(len(unsolved), 0, bar)
            try:
                _solve_all(unsolved, progress, executor, table_bits, log, b)
            finally:
                if b is not None:
                    b.close()

    trees = {}
    for p in (0, 1):
        trees[(p, 0)] = prove(p, 0)
    if trees[(0, 0)] is not None and trees[(1, 0)] is not None:
        value, keep = 0, [(0, 0), (1, 0)]
    else:
        winner = 1 if trees[(0, 0)] is None else 0
        if trees[(winner, 0)] is None:
            raise RuntimeError("neither player can hold a draw: the solver is inconsistent")
        trees[(winner, 1)] = prove(winner, 1)
        if trees[(winner, 1)] is None:
            raise RuntimeError(f"player {1 - winner} cannot hold a draw, yet player {winner} "
                               "cannot win: the solver is inconsistent")
        value, keep = (1 if winner == 0 else -1), [(winner, 1)]
    leaves = [rec for rec in progress.solved.values()]
    proof = {
        "format": FORMAT_STANDARD,
        "game": "Quarto (standard: each player places the piece the other gave him)",
        "start": start,
        "value_for_player_0": value,
        "depth": depth,
        "trees": [{"prover": p, "target": t, "root": trees[(p, t)]} for p, t in keep],
    }
    seconds = time.perf_counter() - t0
    log(f"proof built: {len(progress.solved) - solved_before} leaves solved in this run, "
        f"{len(leaves)} in the progress file, {seconds:.0f} s")
    if out is not None:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(json.dumps(proof, indent=1) + "\n")
    return proof
