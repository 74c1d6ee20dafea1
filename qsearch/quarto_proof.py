"""A checkable proof of the value of document 000's Quarto from the empty board.

The proof is a JSON file (format :data:`FORMAT`) holding, for the side that achieves the
value (the *prover*), a strategy for the first ``depth`` plies:

* at the prover's nodes (``"move"``): one move, and the node it leads to;
* at the opponent's nodes (``"replies"``): every legal reply, **up to symmetry**: one
  representative per class of replies whose positions have the same canonical form
  (:func:`qsearch.games.quarto_symmetry.canonical`), with the class size;
* leaves: positions at ``depth`` plies, with the value the solver found for the side to move
  (``+1`` win, ``0`` draw, ``-1`` loss), its node count and time; or ``"winner"`` when the game
  is over (a win in one of the prover's, usually).

Every node also carries its canonical form (``"key"``, hex), and its position is the one
reached by the actions on the path from the root. A draw needs two trees, one for each
player (each proves he does not lose); a win needs one.

:func:`build_proof` writes it (the leaves are independent subproblems solved on any
:class:`concurrent.futures.Executor`; each solved position is appended to a progress file
as it finishes, so a stopped run resumes where it stopped). :func:`check_proof` checks it
with a second engine: the tree's structure (legal moves, canonical forms, every reply class
covered with the right sizes, terminal positions really won) is recomputed from the rules,
and the leaves are re-solved by :func:`qsearch.search.quarto_ab.ab_minimax` (document 000's
alpha-beta to the end of the game, with its win-in-one test), which shares no search code
with :mod:`qsearch.search.quarto_solver`.
"""
from __future__ import annotations

import json
import random
import time
from concurrent.futures import as_completed
from pathlib import Path

from qsearch.games import OwnPieceQuarto
from qsearch.games.quarto_symmetry import board_of, canonical, find_symmetry, transform_action

FORMAT = "qsearch-quarto-own-proof/1"
DATA = Path(__file__).resolve().parent.parent / "data"
DEFAULT_PROOF = DATA / "quarto_own_proof.json"
DEFAULT_PROGRESS = DATA / "quarto_own_progress.jsonl"

__all__ = [
    "DEFAULT_PROGRESS", "DEFAULT_PROOF", "FORMAT", "PerfectPlayer", "Progress", "build_proof",
    "check_proof", "load_proof", "proof_leaves", "proof_summary", "reply_classes",
    "solve_position",
]


def key_of(state) -> str:
    """The canonical form of a position as hex (the proof's ``"key"``)."""
    return canonical(board_of(state)).hex()


def _state(actions) -> OwnPieceQuarto:
    return OwnPieceQuarto.from_actions(list(actions))


def solve_position(actions, table_bits: int = 22) -> dict:
    """Solve the position after ``actions`` weakly with a fresh solver (a subproblem: a
    module-level function, so it runs on process executors)."""
    from qsearch.search.quarto_solver import QuartoSolver

    state = _state(actions)
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
        self.solved[rec["key"]] = rec
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as fh:
                fh.write(json.dumps(rec) + "\n")

    def get(self, key: str):
        return self.solved.get(key)


def reply_classes(state) -> list:
    """The legal actions grouped by the canonical form of the position they lead to:
    ``[(representative action, class size, child key), ...]`` in the order first met."""
    groups: dict = {}
    for a in state.legal_actions():
        k = key_of(state.child(a))
        if k in groups:
            groups[k][1] += 1
        else:
            groups[k] = [a, 1, k]
    return [tuple(g) for g in groups.values()]


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
    solver.reset()
    solver.solve(state, weak=True)                   # fills the table with a best move
    hint = solver.table_move(state)
    actions = state.legal_actions()
    if hint in actions:
        actions.remove(hint)
        actions.insert(0, hint)
    for a in actions:
        child = state.child(a)
        if child.is_terminal():
            v = int(child.returns()[me])
        else:
            v = -_value_of(child, progress, table_bits)
        if v >= target:
            return a, v
    raise RuntimeError(f"no move reaches {target} in {state!r}: the solver is inconsistent")


def build_proof(depth: int = 4, executor=None, progress_path=DEFAULT_PROGRESS,
                out=DEFAULT_PROOF, table_bits: int = 22, log=print) -> dict:
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


def load_proof(path=DEFAULT_PROOF) -> dict:
    """Read a proof file; raises ValueError if it is not one."""
    data = json.loads(Path(path).read_text())
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} proof")
    return data


def _walk(node, actions, out):
    out.append((node, actions))
    if "child" in node:
        _walk(node["child"], actions + [node["move"]], out)
    for r in node.get("replies", ()):
        _walk(r["child"], actions + [r["action"]], out)


def proof_nodes(proof) -> list:
    """Every ``(node, actions from the root, prover, target)`` of every tree."""
    out = []
    for tree in proof["trees"]:
        nodes: list = []
        _walk(tree["root"], [], nodes)
        out += [(n, a, tree["prover"], tree["target"]) for n, a in nodes]
    return out


def proof_leaves(proof) -> list:
    """The solved leaves: ``(node, actions, prover, target)``."""
    return [x for x in proof_nodes(proof) if "value" in x[0]]


def proof_summary(proof) -> dict:
    """Counts of a proof: nodes, leaves, wins in one, solver nodes at the leaves."""
    nodes = proof_nodes(proof)
    leaves = [n for n, *_ in nodes if "value" in n]
    return {"nodes": len(nodes), "solved leaves": len(leaves),
            "game over (won) leaves": sum("winner" in n for n, *_ in nodes),
            "leaf solver nodes": sum(n["nodes"] for n in leaves),
            "leaf solver seconds": round(sum(n["seconds"] for n in leaves), 1)}


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
    v = _engine_value(_state(actions), engine)
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
        state = _state(actions)
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


class PerfectPlayer:
    """A perfect player of document 000's Quarto for :mod:`qsearch.arena`.

    At the top it plays the proof's move (brought through the symmetry that maps the game's
    position onto the proof's); below, or off the proof, it solves: a win in one if there is
    one, else the move whose position is best for it (win, then draw, then loss), found by
    weak solves. Against it the losing side cannot win. ``value(state)`` says whether a
    position is won (+1), drawn (0) or lost (-1) for the side to move.
    """

    name = "perfect"

    def __init__(self, proof=None, table_bits: int = 22):
        from qsearch.search.quarto_solver import QuartoSolver

        self.solver = QuartoSolver(table_bits)
        self.moves: dict = {}
        self.values: dict = {}
        self.losing: set = set()
        if proof is not None:
            for node, actions, *_ in proof_nodes(proof):
                if "move" in node:
                    self.moves[node["key"]] = (actions, node["move"])
                if "value" in node:
                    self.values[node["key"]] = node["value"]
                if "replies" in node:
                    self.losing.add(node["key"])
        self.last_result = None

    def value(self, state) -> int:
        """+1, 0, -1: the side to move wins, draws, loses with best play."""
        if state.is_terminal():
            raise ValueError("the game is over")
        k = key_of(state) if state.num_placed() <= 4 else None
        if k in self.values:
            return self.values[k]
        if k in self.losing:
            return -1
        return self.solver.solve(state, weak=True).score

    def __call__(self, state, rng=None) -> int:
        if not isinstance(state, OwnPieceQuarto):
            raise TypeError(f"PerfectPlayer plays OwnPieceQuarto, not {type(state).__name__}")
        if state.is_terminal():
            raise ValueError("the game is over: there is no move to play")
        me = state.current_player()
        if state.num_placed() <= 4:
            k = key_of(state)
            if k in self.moves:                         # the proof's move, brought back
                actions, move = self.moves[k]
                g = find_symmetry(board_of(_state(actions)), board_of(state))
                if g is not None:
                    a = transform_action(move, g)
                    if a in state.legal_actions():
                        return a
            if k in self.losing:                        # lost anyway: do not lose at once
                return self._first_safe(state)
        self.solver.reset()                             # the same move whatever came before
        self.solver.solve(state, weak=True)
        hint = self.solver.table_move(state)
        best, best_v = None, -2
        actions = state.legal_actions()
        if hint in actions:
            actions.remove(hint)
            actions.insert(0, hint)
        for a in actions:
            child = state.child(a)
            if child.is_terminal():
                v = int(child.returns()[me])
            else:
                v = -self.solver.solve(child, weak=True).score
            if v > best_v:
                best, best_v = a, v
                if v == 1:
                    break
        return best

    @staticmethod
    def _first_safe(state) -> int:
        """The first action after which the opponent cannot win at once (else the first)."""
        for a in state.legal_actions():
            child = state.child(a)
            if child.is_terminal() or not any(child.child(b).is_terminal() and
                                              child.child(b).returns()[state.current_player()] < 0
                                              for b in child.legal_actions()):
                return a
        return state.legal_actions()[0]

    def reset(self) -> None:
        """Nothing to forget (the table only speeds up later moves, never changes them)."""


# ------------------------------------------------------------------ command line
def add_cli_options(parser) -> None:
    """The options of ``python -m qsearch solve quarto-own`` (added to the solve parser)."""
    g = parser.add_argument_group("quarto-own (document 000's Quarto from the empty board)")
    g.add_argument("--proof", default=str(DEFAULT_PROOF), help="proof file to write or check")
    g.add_argument("--progress", default=str(DEFAULT_PROGRESS),
                   help="JSON lines of solved positions (a stopped run resumes from it)")
    g.add_argument("--proof-depth", type=int, default=4, help="plies of the strategy tree")
    g.add_argument("--workers", type=int, default=1,
                   help="processes for the leaves (a ProcessPoolExecutor; 1: here)")
    g.add_argument("--check", nargs="?", const=-1, type=int, default=None, metavar="N",
                   help="check the proof file instead: all leaves, or N sampled ones")


def cli_solve(args) -> int:
    """``python -m qsearch solve quarto-own [placements]``: a position's exact value and its
    moves' values, or (no position) build the proof from the empty board, or ``--check`` it."""
    from concurrent.futures import ProcessPoolExecutor

    def log(*a):
        print(time.strftime("%H:%M:%S"), *a, flush=True)

    if args.check is not None:
        proof = load_proof(args.proof)
        report = check_proof(proof, sample=None if args.check < 0 else args.check, log=log,
                             executor=ProcessPoolExecutor(args.workers)
                             if args.workers > 1 else None)
        print(json.dumps(report, indent=1))
        return 0
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
    if args.workers < 1:
        raise ValueError(f"--workers must be >= 1, not {args.workers}")
    ex = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        proof = build_proof(args.proof_depth, executor=ex, progress_path=args.progress,
                            out=args.proof, log=log)
    finally:
        if ex is not None:
            ex.shutdown()
    v = proof["value_for_player_0"]
    print(("player 0 (the first player) wins" if v > 0 else "player 1 (the second player) wins"
           if v < 0 else "a draw") + " with perfect play")
    print(json.dumps(proof_summary(proof), indent=1))
    print(f"proof written to {args.proof}")
    return 0
