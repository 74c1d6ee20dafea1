"""Check a proof of document 000's Quarto with a second engine.

Nothing in the file is taken on trust. The headline value is derived from the trees (a win
for player ``p`` needs one tree with ``p`` proving target 1; a draw needs two, each player
proving target 0), and ``first_moves`` must agree with it. Every tree is replayed from the
empty board by the rules: canonical forms, players to move, legal moves, a subtree, a solved
leaf or a finished game under every prover move, one reply of every class of the opponent's
replies (the classes and their sizes re-derived from the symmetry group) and nothing else,
finished games really won, leaf values reaching the target. Format 2 adds the distance: every
leaf's exact score, and on every node of a winning tree the piece by which the prover wins at
the latest, recomputed here as the tree's minimax (a finished game's pieces, a leaf's
``17 - |score|``, the prover's child, the latest reply), up to the root's ``wins_by_piece``;
each first move's exact score must give the piece its subtree proves. Then the leaves are
re-solved by
:func:`qsearch.search.quarto_ab.ab_minimax` (document 000's alpha-beta to the end of the game,
with its win-in-one test), which shares no search code with
:mod:`qsearch.search.quarto_solver`: their signs (format 1) or their exact scores, from its
distance to the win (format 2). Nothing here uses the builder.

What a format-2 proof proves: the prover wins by the piece recorded at the latest. That no
faster win exists ("not sooner") rests on the compiled solver's first-move scores only.

Standard Quarto's proofs (``qsearch-quarto-standard-proof/1``, built by
:mod:`qsearch.proofs.quarto_standard`) are checked the same way, from their ``"start"``
position, without ``first_moves``; their leaves are re-solved by
:mod:`qsearch.search.quarto_verifier` (the default: a second standard-Quarto engine that shares
no code with the solver that built the proof), by a fresh Quarto solver (the builder's engine:
it catches a damaged or forged file, not a bug the solver would repeat) or by qsearch's generic
alpha-beta core (independent too, but fast enough only for leaves late in the game).

A proof says what it proves, and nothing else is taken from it: format 1 and standard Quarto's
format record values only, so a file of either carrying one of format 2's distance fields
(``wins_by_piece``, ``piece``, a leaf's ``score``, ``score_for_player_0``) is refused, and a
``score`` is read on solved leaves only. The report opens with the game, the start (its moves
by name) and the claim in words; asked for a start (``start=``; the command asks for the
empty board unless ``--start`` says otherwise), a proof of another position is refused. A
sampled check draws its seed unless given one, and reports it.

Every rejection is a ValueError naming the kind of tampering and where (tree and move list).
"""
from __future__ import annotations

import random
import time
from concurrent.futures import as_completed

from qsearch.proofs.quarto_own.format import (
    DISTANCE_FIELDS,
    FORMAT,
    FORMAT_STANDARD,
    FORMATS,
    claim_of,
    describe_start,
    game_name,
    game_of,
    key_of,
    node_piece,
    start_moves,
    state_after,
)

ENGINES = ("quarto_ab", "plain", "verifier", "alphabeta", "solver")
# Document 000's AB_MINIMAX is written for its variant: standard Quarto's leaves are re-solved
# by the verifier (no code shared with the Quarto solver), qsearch's generic alpha-beta core
# (independent too; fast enough only for leaves deep in the game) or a fresh Quarto solver (the
# same engine as the builder's).
STANDARD_ENGINES = ("verifier", "solver", "alphabeta")
OWN_ENGINES = ("quarto_ab", "plain")
NODE_KINDS = ("move", "replies", "value", "winner")


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


# ------------------------------------------------------------------ small checks
def _is_int(x) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _same(recorded, actual) -> bool:
    """Equal and of the same type (JSON's ``true`` is not the player 1, nor ``0.0`` 0)."""
    return recorded == actual and type(recorded) is type(actual)


def _need_keys(obj, keys, what: str, where: str) -> None:
    """``obj`` is a JSON object holding ``keys``."""
    if not isinstance(obj, dict):
        raise ValueError(f"wrong type: {what} is {type(obj).__name__}, not an object {where}")
    for k in keys:
        if k not in obj:
            raise ValueError(f"missing key {k!r} in {what} {where}")


def _need_int(obj, key: str, allowed, what: str, where: str) -> int:
    """``obj[key]`` is an int among ``allowed`` (a range or tuple)."""
    x = obj[key]
    if not _is_int(x):
        raise ValueError(f"wrong type: {what} {key!r} is {x!r}, not an int {where}")
    if x not in allowed:
        raise ValueError(f"{what} {key!r} is {x}, not one of {list(allowed)} {where}")
    return x


def _children_keys(state) -> dict:
    """``{legal action: canonical form of the position it leads to}``: the reply classes
    (as :func:`~qsearch.proofs.quarto_own.format.reply_classes` groups them) re-derived from
    the symmetry group, with each action's class at hand."""
    return {a: key_of(state.child(a)) for a in state.legal_actions()}


def _winner_of(state):
    """The finished game's winner as the proof records it: 0, 1, or None for a draw."""
    w = state.returns()
    return None if w[0] == 0 else (0 if w[0] > 0 else 1)


def value_proved(targets: dict):
    """The value for player 0 that trees ``{prover: target}`` prove, or None if they prove
    none: a tree with target 1 proves its prover wins; two trees with target 0 (one per
    player) prove a draw; one target-0 tree alone proves no value."""
    winners = [p for p, t in targets.items() if t == 1]
    if len(winners) == 2:
        raise ValueError("contradictory trees: both players claim a win")
    if winners:
        return 1 if winners[0] == 0 else -1
    return 0 if set(targets) == {0, 1} else None


def trees_needed(value: int) -> dict:
    """The trees ``{prover: target}`` a claimed value needs."""
    return {0: 1} if value > 0 else {1: 1} if value < 0 else {0: 0, 1: 0}


# ------------------------------------------------------------------ the file's header
def _check_header(proof) -> tuple:
    """The top-level keys and the trees' targets; returns ``(claimed value, depth)``."""
    if not isinstance(proof, dict):
        raise ValueError(f"not a {FORMAT} proof: a JSON object is needed, "
                         f"not {type(proof).__name__}")
    if proof.get("format") not in FORMATS:
        raise ValueError(f"wrong format string {proof.get('format')!r}: not one of "
                         f"{list(FORMATS)}")
    where = "at the top of the proof"
    standard = proof["format"] == FORMAT_STANDARD
    _need_keys(proof, ("value_for_player_0", "depth", "trees")
               + (() if standard else ("first_moves",)), "the proof", where)
    if standard and "first_moves" in proof:
        raise ValueError("'first_moves' in a standard Quarto proof: its value rests on the "
                         "trees alone")
    if proof["format"] != FORMAT:
        _no_distance(proof, "proof", proof["format"], where)
    claim = _need_int(proof, "value_for_player_0", (-1, 0, 1), "the headline", where)
    depth = _need_int(proof, "depth", range(1, 33), "the proof", where)
    for key in ("trees",) if standard else ("first_moves", "trees"):
        if not isinstance(proof[key], list):
            raise ValueError(f"wrong type: {key!r} is {type(proof[key]).__name__}, "
                             f"not a list {where}")
    targets: dict = {}
    for i, tree in enumerate(proof["trees"]):
        w = f"in tree {i}"
        _need_keys(tree, ("prover", "target", "root"), "a tree", w)
        p = _need_int(tree, "prover", (0, 1), "a tree", w)
        t = _need_int(tree, "target", (0, 1), "a tree", w)
        if p in targets:
            raise ValueError(f"two trees for player {p} {w}")
        targets[p] = t
    _check_value(claim, targets)
    return claim, depth


def _no_distance(obj, kind: str, fmt: str, where: str) -> None:
    """A proof of a format without distances (format 1, standard Quarto's) carries none of
    format 2's fields: a downgraded label must not smuggle in an unchecked distance."""
    for key in DISTANCE_FIELDS[kind]:
        if isinstance(obj, dict) and key in obj:
            raise ValueError(f"a format-2 field {key!r} {where} in a {fmt} proof: that format "
                             f"records no distances (only {FORMAT} does, and checks them)")


def _check_value(claim: int, targets: dict) -> None:
    """The trees prove exactly the claimed headline value."""
    if not targets:
        raise ValueError(f"no proof trees: the headline value {claim:+d} is not proved")
    proved = value_proved(targets)
    if proved is not None and proved != claim:
        raise ValueError(f"the headline value_for_player_0 {claim:+d} is not what the trees "
                         f"prove ({proved:+d})")
    for p, t in trees_needed(claim).items():
        if p not in targets:
            raise ValueError(f"a tree is missing: the value {claim:+d} needs a tree for "
                             f"player {p} with target {t}")
        if targets[p] < t:
            raise ValueError(f"target lowered: the tree for player {p} has target "
                             f"{targets[p]}, the value {claim:+d} needs {t}")
    for p in targets:
        if p not in trees_needed(claim):
            raise ValueError(f"an extra tree for player {p}: the value {claim:+d} needs only "
                             f"player {1 - p}'s")


# ------------------------------------------------------------------ the trees
class _TreeChecker:
    """Walks one tree from the empty board, checking each node against the rules; collects
    the solved leaves as ``(node, actions)`` in the order of
    :func:`~qsearch.proofs.quarto_own.format.proof_leaves`."""

    def __init__(self, index: int, prover: int, target: int, depth: int, root_keys: dict,
                 exact: bool = False, timed: bool = True, fmt: str = FORMAT):
        self.index, self.prover, self.target, self.depth = index, prover, target, depth
        self.exact = exact                        # format 2: exact scores and distances
        self.fmt = fmt
        self.timed = timed                        # leaves carry "seconds" (not standard's)
        self.start_name = "the empty board"
        self.root_keys = root_keys                # the empty board's children, computed once
        self.nodes = 0
        self.leaves: list = []

    def where(self, actions) -> str:
        return f"in tree {self.index} (prover {self.prover}) after moves {list(actions)}"

    def walk(self, node, state, actions, key=None) -> None:
        """Check ``node``, the position ``state`` reached by ``actions`` (canonical form
        ``key`` if already known), and its subtree."""
        where = self.where(actions)
        self.nodes += 1
        if not isinstance(node, dict):
            raise ValueError(f"wrong type: a node is {type(node).__name__}, not an object "
                             f"{where}")
        kinds = [k for k in NODE_KINDS if k in node]
        if not kinds:
            raise ValueError(f"a node of no known kind (keys {sorted(node)}; one of "
                             f"{list(NODE_KINDS)} is needed) {where}")
        if len(kinds) > 1:
            raise ValueError(f"a node of several kinds {kinds} {where}")
        kind = kinds[0]
        _need_keys(node, ("key", "to_move"), f"a {kind!r} node", where)
        if node["key"] != (key_of(state) if key is None else key):
            what = f"the tree does not start at {self.start_name}: " if not actions else ""
            raise ValueError(f"{what}wrong canonical key {node['key']!r} {where}")
        to_move = None if state.is_terminal() else state.current_player()
        if not _same(node["to_move"], to_move):
            raise ValueError(f"wrong player to move: {node['to_move']!r} recorded, "
                             f"{to_move!r} in the position {where}")
        if state.is_terminal() != (kind == "winner"):
            if kind == "winner":
                raise ValueError(f"a finished game claimed that is not over {where}")
            raise ValueError(f"the game is over but the node is a {kind!r} node {where}")
        ply = len(actions)
        if kind == "value" and ply != self.depth:
            raise ValueError(f"a solved leaf at ply {ply}, not at the proof's depth "
                             f"{self.depth} {where}")
        if kind in ("move", "replies") and ply >= self.depth:
            raise ValueError(f"a {kind!r} node at ply {ply}, at or below the proof's depth "
                             f"{self.depth} {where}")
        if not self.exact:
            _no_distance(node, "node", self.fmt, where)
            if kind == "value":
                _no_distance(node, "leaf", self.fmt, where)
        if kind != "value" and "score" in node:
            # format 2's distance reads a node's "score" before its subtree: on any node but a
            # solved leaf it would stand in for the subtree, unchecked
            raise ValueError(f"a 'score' on a {kind!r} node: only solved leaves carry an exact "
                             f"score {where}")
        getattr(self, "_" + kind)(node, state, actions, where)
        if self.exact and self.target == 1:
            self._piece(node, state, where)

    def _piece(self, node, state, where) -> None:
        """The node's ``"piece"`` is the tree's minimax of the distances below it."""
        want = node_piece(node, state, self.prover)
        if want is None:
            raise ValueError(f"the prover does not win under this node {where}")
        if "piece" not in node:
            raise ValueError(f"missing key 'piece' (the distance) in a node {where}")
        if not _same(node["piece"], want):
            raise ValueError(f"wrong distance: piece {node['piece']!r} recorded, the tree's "
                             f"minimax gives {want} {where}")

    def _winner(self, node, state, actions, where) -> None:
        if not _same(node["winner"], _winner_of(state)):
            raise ValueError(f"wrong winner recorded: {node['winner']!r}, the game's is "
                             f"{_winner_of(state)!r} {where}")
        r = state.returns()[self.prover]
        if not (r > 0 if self.target == 1 else r >= 0):
            raise ValueError(f"a finished game does not reach the target {self.target} "
                             f"(the prover's return is {r}) {where}")

    def _move(self, node, state, actions, where) -> None:
        if state.current_player() != self.prover:
            raise ValueError(f"a prover move at the opponent's node {where}")
        move = node["move"]
        if not _is_int(move):
            raise ValueError(f"wrong type: move {move!r} is not an int {where}")
        if move not in state.legal_actions():
            raise ValueError(f"illegal move {move} {where}")
        if "child" not in node:
            raise ValueError(f"a prover move with no subtree under it: move {move} has no "
                             f"child (no subtree, solved leaf or finished game) {where}")
        self._text(node, state, move, where)
        self.walk(node["child"], state.child(move), actions + [move])

    def _replies(self, node, state, actions, where) -> None:
        if state.current_player() == self.prover:
            raise ValueError(f"replies listed at the prover's node {where}")
        replies = node["replies"]
        if not isinstance(replies, list):
            raise ValueError(f"wrong type: 'replies' is {type(replies).__name__}, not a list "
                             f"{where}")
        keys = self.root_keys if not actions else _children_keys(state)
        want = _classes(keys)
        seen: dict = {}
        for r in replies:
            _need_keys(r, ("action", "class_size", "child"), "a reply", where)
            a = r["action"]
            if not _is_int(a):
                raise ValueError(f"wrong type: reply {a!r} is not an int {where}")
            if a not in keys:
                raise ValueError(f"illegal reply {a} {where}")
            k = keys[a]
            if k in seen:
                raise ValueError(f"a duplicate reply: {a} is of the class of {seen[k]} "
                                 f"{where}")
            seen[k] = a
            size = r["class_size"]
            if not _is_int(size) or size != want[k][1]:
                raise ValueError(f"wrong class size for reply {a}: {size!r} recorded, the "
                                 f"symmetry group gives {want[k][1]} {where}")
            self._text(r, state, a, where)
        missing = [a for k, (a, _) in want.items() if k not in seen]
        if missing:
            raise ValueError(f"a reply class is missing: the replies do not cover every class "
                             f"(no reply like {missing}) {where}")
        for r in replies:
            a = r["action"]
            self.walk(r["child"], state.child(a), actions + [a], keys[a])

    def _value(self, node, state, actions, where) -> None:
        value = _need_int(node, "value", (-1, 0, 1), "a leaf", where)
        _need_keys(node, ("nodes", "seconds") if self.timed else ("nodes",), "a leaf", where)
        if not _is_int(node["nodes"]) or node["nodes"] < 0:
            raise ValueError(f"wrong type: a leaf's 'nodes' is {node['nodes']!r} {where}")
        if self.timed and (not isinstance(node["seconds"], int | float)
                           or isinstance(node["seconds"], bool)):
            raise ValueError(f"wrong type: a leaf's 'seconds' is {node['seconds']!r} {where}")
        for_prover = value if state.current_player() == self.prover else -value
        if for_prover < self.target:
            raise ValueError(f"a leaf value does not reach the target {self.target}: "
                             f"{value:+d} recorded for the side to move {where}")
        if self.exact:
            _need_keys(node, ("score",), "a leaf", where)
            score = _need_int(node, "score", range(-16, 17), "a leaf", where)
            if (score > 0) - (score < 0) != value:
                raise ValueError(f"a leaf's value {value:+d} is not the sign of its score "
                                 f"{score:+d} {where}")
        self.leaves.append((node, list(actions)))

    @staticmethod
    def _text(node, state, action: int, where) -> None:
        """The optional ``"text"`` names the action (a wrong one would mislead a reader)."""
        if "text" in node and node["text"] != state.action_to_string(action):
            raise ValueError(f"wrong move text {node['text']!r} for action {action} {where}")


def _classes(keys: dict) -> dict:
    """``{canonical form: (first action met, class size)}`` from :func:`_children_keys`."""
    out: dict = {}
    for a, k in keys.items():
        first, size = out.get(k, (a, 0))
        out[k] = (first, size + 1)
    return out


def _check_first_move_scores(proof, root_keys: dict, roots: dict) -> None:
    """Format 2: each first move's exact score (the solver's) has the sign of its value and
    gives the piece its subtree proves at the latest (``roots``: a winning tree's root
    ``(node, prover)``, if any)."""
    scores = {}
    for i, fm in enumerate(proof["first_moves"]):
        where = f"in first_moves[{i}]"
        _need_keys(fm, ("score_for_player_0",), "a first move", where)
        s = _need_int(fm, "score_for_player_0", range(-16, 17), "a first move", where)
        if (s > 0) - (s < 0) != fm["value_for_player_0"]:
            raise ValueError(f"first_moves inconsistent: score {s:+d} and value "
                             f"{fm['value_for_player_0']:+d} {where}")
        scores[root_keys[fm["action"]]] = s
    if roots is None:
        return
    root, prover = roots
    firsts = ([(root_keys[root["move"]], root["child"])] if "move" in root else
              [(root_keys[r["action"]], r["child"]) for r in root["replies"]])
    for k, child in firsts:
        s = scores[k] if prover == 0 else -scores[k]
        if s <= 0 or 17 - s != child["piece"]:
            raise ValueError(f"first_moves inconsistent with the tree: score "
                             f"{scores[k]:+d} for player 0, the tree proves player {prover} "
                             f"wins by piece {child['piece']} after the first move "
                             f"{child['key']}")


def _check_first_moves(proof, claim: int, root_keys: dict) -> dict:
    """``first_moves``: one entry per class of first move with its size, the best value equal
    to the headline; returns ``{canonical form: (action, value for player 0)}``."""
    want = _classes(root_keys)
    got: dict = {}
    for i, fm in enumerate(proof["first_moves"]):
        where = f"in first_moves[{i}]"
        _need_keys(fm, ("action", "class_size", "value_for_player_0"), "a first move", where)
        a = fm["action"]
        if not _is_int(a) or a not in root_keys:
            raise ValueError(f"first_moves inconsistent: illegal first move {a!r} {where}")
        v = _need_int(fm, "value_for_player_0", (-1, 0, 1), "a first move", where)
        if proof["format"] != FORMAT:
            _no_distance(fm, "first move", proof["format"], where)
        k = root_keys[a]
        if k in got:
            raise ValueError(f"first_moves inconsistent: two first moves of one class "
                             f"({got[k][0]} and {a}) {where}")
        if not _is_int(fm["class_size"]) or fm["class_size"] != want[k][1]:
            raise ValueError(f"first_moves inconsistent: wrong class size "
                             f"{fm['class_size']!r} for {a}, the symmetry group gives "
                             f"{want[k][1]} {where}")
        got[k] = (a, v)
    missing = [a for k, (a, _) in want.items() if k not in got]
    if missing:
        raise ValueError(f"first_moves inconsistent: no entry for the class of {missing}")
    best = max(v for _, v in got.values())
    if best != claim:
        raise ValueError(f"first_moves inconsistent with the headline: the best first move "
                         f"gives {best:+d}, the headline {claim:+d}")
    return got


def _check_first_move_played(proof, first_moves: dict, root_keys: dict) -> None:
    """Player 0's tree (if any) opens with a move ``first_moves`` credits with at least its
    target (a root that is no legal move is left to the tree's walk to reject)."""
    for tree in proof["trees"]:
        move = tree["root"].get("move") if isinstance(tree["root"], dict) else None
        if tree["prover"] == 0 and _is_int(move) and move in root_keys:
            v = first_moves[root_keys[move]][1]
            if v < tree["target"]:
                raise ValueError(f"first_moves inconsistent: player 0's tree plays {move}, "
                                 f"recorded there as {v:+d}, below its target {tree['target']}")


def _start_of(proof):
    """The position the trees start from: the empty board, or (standard Quarto's format) the
    one its ``"start"`` actions reach by the rules."""
    game = game_of(proof)
    start = proof.get("start", [])
    if "start" in proof and proof["format"] != FORMAT_STANDARD:
        raise ValueError("a 'start' position in a proof of document 000's Quarto, whose trees "
                         "start at the empty board")
    if not isinstance(start, list) or not all(_is_int(a) for a in start):
        raise ValueError(f"wrong type: 'start' is {start!r}, not a list of actions")
    try:
        root = state_after(start, game)
    except ValueError as err:
        raise ValueError(f"illegal 'start' actions {start}: {err}") from None
    if root.is_terminal():
        raise ValueError(f"the 'start' position {start} is a finished game")
    return root, start


def _check_start(proof, start: list, asked) -> list:
    """The names of the ``start`` moves; with ``asked`` (the start the caller wants checked,
    as actions), the proof's start must be that one: a proof of another position proves
    nothing about it."""
    names = start_moves(start, game_of(proof))
    if asked is not None and list(asked) != start:
        try:
            want = describe_start(start_moves(list(asked), game_of(proof)))
        except ValueError:
            want = f"the actions {list(asked)}"
        raise ValueError(f"the proof is about another position: its trees start at "
                         f"{describe_start(names)}{f' {start}' if start else ''}, not at "
                         f"{want}, the position asked for")
    return names


def _check_structure(proof, asked_start=None) -> tuple:
    """Everything but the leaves' values: returns ``(nodes checked, solved leaves, start
    names)``, each leaf with its actions from the empty board."""
    claim, depth = _check_header(proof)
    exact = proof["format"] == FORMAT
    nodes, leaves = 0, []
    root, start = _start_of(proof)
    names = _check_start(proof, start, asked_start)
    root_keys = _children_keys(root)
    if proof["format"] != FORMAT_STANDARD:
        _check_first_move_played(proof, _check_first_moves(proof, claim, root_keys), root_keys)
    winning = None
    for i, tree in enumerate(proof["trees"]):
        walker = _TreeChecker(i, tree["prover"], tree["target"], depth, root_keys, exact,
                              timed=proof["format"] != FORMAT_STANDARD, fmt=proof["format"])
        if start:
            walker.start_name = f"the start position {start}"
        walker.walk(tree["root"], root, [])
        nodes += walker.nodes
        leaves += walker.leaves
        if tree["target"] == 1:
            winning = (tree["root"], tree["prover"])
    if exact:
        _check_first_move_scores(proof, root_keys, winning)
        _check_root_bound(proof, winning)
    return nodes, [(n, start + a) for n, a in leaves], names


def _check_root_bound(proof, winning) -> None:
    """Format 2: ``wins_by_piece`` is the winning tree's root distance (absent in a draw)."""
    if winning is None:
        if "wins_by_piece" in proof:
            raise ValueError("a draw with a 'wins_by_piece' at the top of the proof")
        return
    if "wins_by_piece" not in proof:
        raise ValueError("missing key 'wins_by_piece' (the root's bound) at the top of the "
                         "proof")
    if not _same(proof["wins_by_piece"], winning[0]["piece"]):
        raise ValueError(f"wrong root bound: wins_by_piece {proof['wins_by_piece']!r} "
                         f"recorded, the tree's root proves {winning[0]['piece']}")


def check_proof(proof, sample: int | None = None, seed: int | None = None,
                engine: str | None = None, executor=None, log=None, start=None) -> dict:
    """Check a proof; returns a report, raises ValueError at the first error.

    The structure is always checked in full (see the module's docstring): the headline value
    is the one the trees prove, every tree is replayed from the empty board by the rules, and
    every prover move has a subtree, every opponent's node one reply per class. Then the
    leaves are re-solved by ``engine`` (document 000's Quarto: ``"quarto_ab"``, the default,
    its alpha-beta to the end, or ``"plain"``, the solver without table or ordering; standard
    Quarto: ``"verifier"``, the default, an engine sharing no code with the solver,
    ``"solver"``, a fresh Quarto solver, or ``"alphabeta"``, qsearch's generic alpha-beta
    core): all of them, or ``sample`` chosen with ``seed`` (None: a random seed, drawn here;
    the report's ``"seed"`` repeats the choice). The report's ``"re-solved"`` lists each
    re-solved leaf (its moves, value, the engine's nodes beside the recorded ones, seconds),
    in the order of the moves.

    ``start``: the position the caller wants proved, as actions from the empty board (``[]``:
    the empty board); a proof whose trees start elsewhere is refused. None: any start (the
    report names it). The report opens with what was proved: ``"game"``, ``"start"`` (the
    start's moves by name, ``[]`` for the empty board), ``"start actions"`` and ``"claim"``
    (the value in words, and format 2's distance).
    """
    standard = isinstance(proof, dict) and proof.get("format") == FORMAT_STANDARD
    allowed = STANDARD_ENGINES if standard else OWN_ENGINES
    if engine is None:
        engine = allowed[0]
    if engine not in allowed:
        game = "standard Quarto" if standard else "document 000's Quarto"
        raise ValueError(f"engine {engine!r} does not re-solve {game}'s leaves: use one of "
                         f"{allowed}")
    log = log or (lambda *a, **k: None)
    t0 = time.perf_counter()
    if sample is not None and (not _is_int(sample) or sample < 0):
        raise ValueError(f"sample must be a number of leaves >= 0 (None: every leaf), "
                         f"not {sample!r}")
    nodes, leaves, names = _check_structure(proof, start)
    structure_seconds = time.perf_counter() - t0
    chosen = leaves
    if sample == 0:
        chosen, seed = [], None                      # the structure only: nothing to draw
    elif sample is not None:
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        log(f"re-solving {min(sample, len(leaves))} of {len(leaves)} leaves chosen with seed "
            f"{seed} (the same seed chooses the same leaves: --seed {seed})")
        chosen = random.Random(seed).sample(leaves, min(sample, len(leaves)))
    t1 = time.perf_counter()
    # each leaf is compared with its own record (a draw's two trees may share a position)
    if executor is None:
        results = ((n, check_leaf(a, engine, standard)) for n, a in chosen)
    else:
        futures = {executor.submit(check_leaf, a, engine, standard): n for n, a in chosen}
        results = ((futures[f], f.result()) for f in as_completed(futures))
    exact = proof["format"] == FORMAT
    every = 1 if len(chosen) <= 100 else 25          # few, slow leaves: log each one
    resolved = []
    for i, (node, res) in enumerate(results):
        if exact and res["score"] != node["score"]:
            raise ValueError(f"the second engine disagrees with a leaf score after moves "
                             f"{res['actions']}: {res['score']:+d} re-solved, "
                             f"{node['score']:+d} recorded")
        if res["value"] != node["value"]:
            raise ValueError(f"the second engine disagrees with a leaf value after moves "
                             f"{res['actions']}: {res['value']:+d} re-solved, "
                             f"{node['value']:+d} recorded")
        resolved.append({"actions": res["actions"], "value": res["value"],
                         "engine nodes": res["nodes"], "recorded nodes": node.get("nodes"),
                         "seconds": round(res["seconds"], 1)})
        if (i + 1) % every == 0:
            log(f"leaves re-solved: {i + 1}/{len(chosen)} ({time.perf_counter() - t1:.0f} s)")
    distance = {} if standard else {"wins_by_piece": proof.get("wins_by_piece")}
    sampled = {} if seed is None or sample in (None, 0) else {"seed": seed}
    checked = (f"the structure in full, and every leaf re-solved by {engine}"
               if len(chosen) == len(leaves) else
               "the structure in full, no leaf re-solved: the leaves' values are the "
               "builder's" if not chosen else
               f"the structure in full, and {len(chosen)} of {len(leaves)} leaves re-solved "
               f"by {engine} (seed {seed}): the other leaves' values are the builder's, "
               f"not re-solved")
    return {"game": game_name(proof), "start": names, "start actions": proof.get("start", []),
            "claim": claim_of(proof, names), "checked": checked,
            "format": proof["format"], "value_for_player_0": proof["value_for_player_0"],
            **distance, "nodes checked": nodes, "leaves": len(leaves),
            "leaves re-solved": len(chosen), **sampled, "engine": engine,
            "engine nodes": sum(r["engine nodes"] for r in resolved),
            "structure seconds": round(structure_seconds, 2),
            "re-solve seconds": round(time.perf_counter() - t1, 2),
            "re-solved": sorted(resolved, key=lambda r: r["actions"])}
