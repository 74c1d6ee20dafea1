"""One proof tree walked from its root by the rules, every node checked: :class:`TreeChecker`.

Also the small checks of a JSON value the whole check shares (:func:`need_keys`,
:func:`need_int`, :func:`same`, :func:`no_distance`) and the reply classes of a position
re-derived from the symmetry group (:func:`children_keys`, :func:`classes`). The checks of
the file as a whole (header, first moves, start) and the leaves' re-solving are
:mod:`~qsearch.proofs.quarto_own.checker`'s.
"""
from __future__ import annotations

from qsearch.i18n import _
from qsearch.proofs.quarto_own.format import DISTANCE_FIELDS, FORMAT, key_of, node_piece

NODE_KINDS = ("move", "replies", "value", "winner")


def is_int(x) -> bool:
    """An int, and not a bool (JSON's ``true`` is no number of the proof's)."""
    return isinstance(x, int) and not isinstance(x, bool)


def same(recorded, actual) -> bool:
    """Equal and of the same type (JSON's ``true`` is not the player 1, nor ``0.0`` 0)."""
    return recorded == actual and type(recorded) is type(actual)


def need_keys(obj, keys, what: str, where: str) -> None:
    """``obj`` is a JSON object holding ``keys``."""
    if not isinstance(obj, dict):
        raise ValueError(f"wrong type: {what} is {type(obj).__name__}, not an object {where}")
    for k in keys:
        if k not in obj:
            raise ValueError(f"missing key {k!r} in {what} {where}")


def need_int(obj, key: str, allowed, what: str, where: str) -> int:
    """``obj[key]`` is an int among ``allowed`` (a range or tuple)."""
    x = obj[key]
    if not is_int(x):
        raise ValueError(f"wrong type: {what} {key!r} is {x!r}, not an int {where}")
    if x not in allowed:
        raise ValueError(f"{what} {key!r} is {x}, not one of {list(allowed)} {where}")
    return x


def children_keys(state) -> dict:
    """``{legal action: canonical form of the position it leads to}``: the reply classes
    (as :func:`~qsearch.proofs.quarto_own.format.reply_classes` groups them) re-derived from
    the symmetry group, with each action's class at hand."""
    return {a: key_of(state.child(a)) for a in state.legal_actions()}


def winner_of(state):
    """The finished game's winner as the proof records it: 0, 1, or None for a draw."""
    w = state.returns()
    return None if w[0] == 0 else (0 if w[0] > 0 else 1)


def no_distance(obj, kind: str, fmt: str, where: str) -> None:
    """A proof of a format without distances (format 1, standard Quarto's) carries none of
    format 2's fields: a downgraded label must not smuggle in an unchecked distance."""
    for key in DISTANCE_FIELDS[kind]:
        if isinstance(obj, dict) and key in obj:
            raise ValueError(f"a format-2 field {key!r} {where} in a {fmt} proof: that format "
                             f"records no distances (only {FORMAT} does, and checks them)")


def classes(keys: dict) -> dict:
    """``{canonical form: (first action met, class size)}`` from :func:`children_keys`."""
    out: dict = {}
    for a, k in keys.items():
        first, size = out.get(k, (a, 0))
        out[k] = (first, size + 1)
    return out


class TreeChecker:
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
        return _("in tree {index} (prover {prover}) after moves {moves}").format(
            index=self.index, prover=self.prover, moves=list(actions))

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
        need_keys(node, ("key", "to_move"), f"a {kind!r} node", where)
        if node["key"] != (key_of(state) if key is None else key):
            what = f"the tree does not start at {self.start_name}: " if not actions else ""
            raise ValueError(f"{what}wrong canonical key {node['key']!r} {where}")
        to_move = None if state.is_terminal() else state.current_player()
        if not same(node["to_move"], to_move):
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
            no_distance(node, "node", self.fmt, where)
            if kind == "value":
                no_distance(node, "leaf", self.fmt, where)
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
        if not same(node["piece"], want):
            raise ValueError(f"wrong distance: piece {node['piece']!r} recorded, the tree's "
                             f"minimax gives {want} {where}")

    def _winner(self, node, state, actions, where) -> None:
        if not same(node["winner"], winner_of(state)):
            raise ValueError(f"wrong winner recorded: {node['winner']!r}, the game's is "
                             f"{winner_of(state)!r} {where}")
        r = state.returns()[self.prover]
        if not (r > 0 if self.target == 1 else r >= 0):
            raise ValueError(f"a finished game does not reach the target {self.target} "
                             f"(the prover's return is {r}) {where}")

    def _move(self, node, state, actions, where) -> None:
        if state.current_player() != self.prover:
            raise ValueError(f"a prover move at the opponent's node {where}")
        move = node["move"]
        if not is_int(move):
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
        keys = self.root_keys if not actions else children_keys(state)
        want = classes(keys)
        seen: dict = {}
        for r in replies:
            need_keys(r, ("action", "class_size", "child"), "a reply", where)
            a = r["action"]
            if not is_int(a):
                raise ValueError(f"wrong type: reply {a!r} is not an int {where}")
            if a not in keys:
                raise ValueError(f"illegal reply {a} {where}")
            k = keys[a]
            if k in seen:
                raise ValueError(f"a duplicate reply: {a} is of the class of {seen[k]} "
                                 f"{where}")
            seen[k] = a
            size = r["class_size"]
            if not is_int(size) or size != want[k][1]:
                raise ValueError(f"wrong class size for reply {a}: {size!r} recorded, the "
                                 f"symmetry group gives {want[k][1]} {where}")
            self._text(r, state, a, where)
        missing = [a for k, (a, _) in want.items() if k not in seen]
        if missing:
            raise ValueError(_("a reply class is missing: the replies do not cover every class "
                               "(no reply like {missing}) {where}").format(missing=missing,
                                                                          where=where))
        for r in replies:
            a = r["action"]
            self.walk(r["child"], state.child(a), actions + [a], keys[a])

    def _value(self, node, state, actions, where) -> None:
        value = need_int(node, "value", (-1, 0, 1), "a leaf", where)
        need_keys(node, ("nodes", "seconds") if self.timed else ("nodes",), "a leaf", where)
        if not is_int(node["nodes"]) or node["nodes"] < 0:
            raise ValueError(f"wrong type: a leaf's 'nodes' is {node['nodes']!r} {where}")
        if self.timed and (not isinstance(node["seconds"], int | float)
                           or isinstance(node["seconds"], bool)):
            raise ValueError(f"wrong type: a leaf's 'seconds' is {node['seconds']!r} {where}")
        for_prover = value if state.current_player() == self.prover else -value
        if for_prover < self.target:
            raise ValueError(f"a leaf value does not reach the target {self.target}: "
                             f"{value:+d} recorded for the side to move {where}")
        if self.exact:
            need_keys(node, ("score",), "a leaf", where)
            score = need_int(node, "score", range(-16, 17), "a leaf", where)
            if (score > 0) - (score < 0) != value:
                raise ValueError(f"a leaf's value {value:+d} is not the sign of its score "
                                 f"{score:+d} {where}")
        self.leaves.append((node, list(actions)))

    @staticmethod
    def _text(node, state, action: int, where) -> None:
        """The optional ``"text"`` names the action (a wrong one would mislead a reader)."""
        if "text" in node and node["text"] != state.action_to_string(action):
            raise ValueError(f"wrong move text {node['text']!r} for action {action} {where}")


__all__ = ["NODE_KINDS", "TreeChecker", "children_keys", "classes", "is_int", "need_int",
           "need_keys", "no_distance", "same", "winner_of"]
