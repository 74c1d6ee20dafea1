"""The searched tree rebuilt from a search trace, as of any step: what the drawings show.

No drawing here (and no graphviz import): this module replays
:class:`~qsearch.core.trace.TraceEvent`
lists into nodes and pruned edges, so that the diagrams, the step-through widgets and the
tests all read the same structure.

A node is identified by its ``enter`` event's id (0 is the root). In PVS a child that fails
its null-window test high is entered twice: the first node is marked ``probe``, the second
(the re-search) ``research``; both are children of the same parent through the same action.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.core.trace import TraceEvent
from qsearch.games import protocol
from qsearch.i18n import _, get_language, number

NodeKind = str  # "max", "min", "chance", "terminal" (game over), "leaf" (depth limit), "tt_hit"


@dataclass
class TreeNode:
    """One searched node, as far as the trace has gone."""

    id: int                                  # the enter event's node id (visiting order)
    parent: int | None                       # parent's id (None at the root)
    action: int | None                       # the action from the parent
    ply: int                                 # depth below the root
    player: int                              # the player to move there (-4: game over)
    kind: NodeKind                           # see NodeKind
    entry_window: tuple[float, float]        # (alpha, beta) it was given, root player's view
    window: tuple[float, float]              # (alpha, beta) after its latest update
    entered_at: int                          # index of its enter event in the trace
    value: float | None = None               # returned value (root player's view), once done
    best: float | None = None                # best child value so far (from updates)
    best_action: int | None = None           # its best action, once done
    exited_at: int | None = None             # index of its last event (exit/terminal/...)
    children: list[int] = field(default_factory=list)
    pruned: tuple = ()                       # actions cut off here
    cut_at: int | None = None                # index of the cutoff event
    cut_window: tuple[float, float] | None = None   # (alpha, beta) when it was cut
    probe: bool = False                      # PVS: a null-window test that was searched again
    research: bool = False                   # PVS: the full-window re-search of a probe
    path: tuple = ()                         # actions from the root
    probabilities: dict = field(default_factory=dict)   # chance node: outcome -> probability
    star_probe: bool = False                 # Star2: a probe (only the first action searched)
    quiescent: bool = False                  # searched beyond the horizon (quiescence)

    @property
    def done(self) -> bool:
        """True once the node has returned its value."""
        return self.exited_at is not None

    @property
    def bound(self) -> str:
        """``"="`` if ``value`` is exact, ``"<="``/``">="`` if it is only a bound.

        Alpha-beta theory: a value at or below the alpha the node was given is an upper
        bound (the node failed low), at or above its beta a lower bound (it failed high).
        """
        if self.value is None or self.kind in ("terminal", "leaf"):
            return "="
        lo, hi = self.entry_window
        if self.value <= lo and lo != -math.inf:
            return "<="
        if self.value >= hi and hi != math.inf:
            return ">="
        return "="


@dataclass(frozen=True)
class PrunedEdge:
    """An action left unsearched at ``parent`` because of the cutoff at trace index ``event``."""

    parent: int
    action: int
    event: int
    alpha: float
    beta: float
    is_max: bool            # the parent is a MAX node (alpha >= beta cut) or MIN (beta <= alpha)
    reason: str = ""        # at a chance node: "star1" (bounds) or "star2" (probes)


@dataclass
class SearchTree:
    """The nodes and pruned edges of a search as of trace index ``step``."""

    nodes: dict[int, TreeNode]
    pruned: list[PrunedEdge]
    root_player: int
    step: int                       # the last trace index applied (-1: none)
    n_events: int                   # length of the whole trace
    current: int | None = None      # the node the last applied event is about

    def edges(self) -> list[tuple[int, int]]:
        """``(parent id, child id)`` of every searched edge."""
        return [(n.parent, n.id) for n in self.nodes.values() if n.parent is not None]

    def role(self, node_id: int) -> str:
        """``"MAX"`` or ``"MIN"`` for a node where someone moves, else ``"leaf"``."""
        n = self.nodes[node_id]
        if n.player == TERMINAL:
            return "leaf"
        if n.player == CHANCE:
            return "chance"
        return "MAX" if n.player == self.root_player else "MIN"

    def bound_of(self, node_id: int) -> str:
        """Like :attr:`TreeNode.bound`, but ``"="`` when the value is proven exact anyway.

        A node that failed low (or high) returns a bound in general; but when no child was
        cut there, every child's value is exact and the node returned exactly the best of
        them, that value is the node's true minimax value.
        """
        node = self.nodes[node_id]
        bound = node.bound
        if bound == "=" or node.pruned or not node.done or not node.children:
            return bound
        kids = [self.nodes[c] for c in node.children if not self.nodes[c].probe]
        if any(not k.done or self.bound_of(k.id) != "=" for k in kids):
            return bound
        best = (max if node.player == self.root_player else min)(k.value for k in kids)
        return "=" if best == node.value else bound

    def open_path(self) -> list[int]:
        """Ids of the nodes entered and not yet returned (the recursion stack), root first."""
        return [n.id for n in self.nodes.values() if not n.done]

    def principal_line(self, pv: Sequence[int]) -> list[int]:
        """Node ids along ``pv`` from the root (a re-searched child: its re-search)."""
        line = [0] if 0 in self.nodes else []
        for a in pv:
            kids = [c for c in self.nodes[line[-1]].children if self.nodes[c].action == a]
            if not kids:
                break
            line.append(kids[-1])
        return line


def build_search_tree(trace: Sequence[TraceEvent], step: int | None = None) -> SearchTree:
    """Replay ``trace[0..step]`` (all of it if ``step`` is None) into a :class:`SearchTree`."""
    if not trace:
        raise ValueError("the trace is empty: search with trace=True")
    n = len(trace)
    if step is None:
        step = n - 1
    if not -1 <= step < n:
        raise ValueError(f"step must be in 0..{n - 1} (the trace has {n} events), not {step}")
    root_player = trace[0].player
    if root_player == CHANCE:       # expectiminimax from a roll: MAX is whoever moves first
        root_player = next((e.player for e in trace if e.kind == "enter" and e.player >= 0),
                           CHANCE)
    nodes: dict[int, TreeNode] = {}
    pruned: list[PrunedEdge] = []
    pending_research: set[tuple[int, int]] = set()
    pending_probe: set[tuple[int, int]] = set()
    for i in range(step + 1):
        e = trace[i]
        if e.kind == "enter":
            window = (_num(e.alpha, -math.inf), _num(e.beta, math.inf))
            kind = "terminal" if e.player == TERMINAL else "chance" if e.player == CHANCE else (
                "max" if e.player == root_player else "min")
            path = () if e.parent is None else nodes[e.parent].path + (e.action,)
            node = TreeNode(e.node, e.parent, e.action, e.ply, e.player, kind, window, window,
                            i, path=path)
            if e.parent is not None:
                nodes[e.parent].children.append(e.node)
                if (e.parent, e.action) in pending_research:
                    pending_research.discard((e.parent, e.action))
                    node.research = True
                if (e.parent, e.action) in pending_probe:
                    pending_probe.discard((e.parent, e.action))
                    node.star_probe = True
            nodes[e.node] = node
            continue
        node = nodes[e.node]
        if e.kind in ("terminal", "leaf", "tt_hit"):
            if e.kind != "terminal":
                node.kind = e.kind
            node.value = e.value
            node.exited_at = i
        elif e.kind == "update":
            node.window = (e.alpha, e.beta)
            node.best = e.value
        elif e.kind == "research":
            for c in reversed(node.children):
                if nodes[c].action == e.action:
                    nodes[c].probe = True
                    break
            pending_research.add((e.node, e.action))
        elif e.kind in ("cutoff", "probe_cutoff"):
            node.pruned = tuple(e.pruned)
            node.cut_at = i
            node.cut_window = (e.alpha, e.beta)
            reason = "" if node.player != CHANCE else (
                "star2" if e.kind == "probe_cutoff" else "star1")
            for a in e.pruned:
                pruned.append(PrunedEdge(e.node, a, i, e.alpha, e.beta,
                                         node.player == root_player, reason))
        elif e.kind == "resume":                   # Star2: the probed node is finished
            node.exited_at = None
            node.value = None
            node.entry_window = node.window = (_num(e.alpha, -math.inf), _num(e.beta, math.inf))
        elif e.kind in ("chance", "probe"):       # expectiminimax: an outcome's probability
            node.probabilities[e.action] = e.value
            if e.kind == "probe":
                pending_probe.add((e.node, e.action))
        elif e.kind == "quiesce":
            node.quiescent = True
        elif e.kind == "exit":
            node.value = e.value
            node.best_action = e.action
            node.exited_at = i
        else:
            raise ValueError(f"unknown trace event kind {e.kind!r} at index {i}")
    return SearchTree(nodes, pruned, root_player, step, n,
                      trace[step].node if step >= 0 else None)


def _num(x, default: float) -> float:
    return default if x is None else x


def format_number(x: float | None) -> str:
    """``3``, ``0.5``, ``−∞``, ``∞`` (``?`` for None): how the diagrams print values, with the
    decimal mark of the language in use (``−13.7`` in English, ``−13,7`` in Spanish, through
    :func:`qsearch.i18n.number`)."""
    if x is None:
        return "?"
    if x == math.inf:
        return "∞"
    if x == -math.inf:
        return "−∞"
    if x == int(x) and abs(x) < 1e15:
        return str(int(x)).replace("-", "−")
    text = f"{x:.3g}"
    if "e" not in text and get_language() != "en":
        text = number(float(text))
    return text.replace("-", "−")


def list_in_words(names) -> str:
    """``["A"]`` -> ``A``; ``["A", "B", "C"]`` -> ``A, B and C`` (``A, B y C`` in Spanish):
    how captions and checks list names, never as a Python list."""
    names = [str(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return _("{first} and {last}").format(first=", ".join(names[:-1]), last=names[-1])


def format_window(window: tuple[float, float]) -> str:
    """``[2, ∞]``; ``[−12,2; ∞]`` when a bound is written with a decimal comma (Spanish), so
    that the comma between the bounds is not read as a decimal one."""
    low, high = format_number(window[0]), format_number(window[1])
    return f"[{low}; {high}]" if "," in low + high else f"[{low}, {high}]"


class NodeNames:
    """Names of the nodes of a searched tree, for labels and captions.

    With the searched root ``state`` the nodes are replayed: an
    :class:`~qsearch.games.toytree.ExplicitTree` node is called by its own name (``C3``), a
    real game position by the moves from the root (``[4·3]``); without a state, by the action
    numbers.
    """

    def __init__(self, tree: SearchTree, state=None, move_name=None):
        self.tree = tree
        self.move_name = move_name          # f(state, action) -> str, as the edges say
        self.states: dict[int, object] = {}
        if state is not None:
            self.states[0] = state
            for node in sorted(tree.nodes.values(), key=lambda n: n.id):
                if node.parent is not None and node.parent in self.states:
                    self.states[node.id] = protocol.child(self.states[node.parent],
                                                          node.action)
        self.named = state is not None and hasattr(state, "node_name")

    def state(self, node_id: int):
        """The state at a node (None without a root state)."""
        return self.states.get(node_id)

    def move(self, parent_id: int, action: int) -> str:
        """The text of ``action`` played at ``parent_id``."""
        s = self.states.get(parent_id)
        if s is None:
            return str(action)
        if self.move_name is not None:
            return str(self.move_name(s, action))
        return protocol.action_to_string(s, action)

    def name(self, node_id: int) -> str:
        """``C3`` (a toy tree's name), ``[4·3]`` (the moves from the root) or ``root`` (in
        the language in use: ``raíz`` in Spanish)."""
        s = self.states.get(node_id)
        if self.named and s is not None:
            return s.node_name()
        node = self.tree.nodes[node_id]
        if node.parent is None:
            return _("root")
        moves, n = [], node
        while n.parent is not None:
            moves.append(self.move(n.parent, n.action))
            n = self.tree.nodes[n.parent]
        return "[" + "·".join(reversed(moves)) + "]"

    def child_name(self, parent_id: int, action: int) -> str:
        """The name of a child, searched or not (pruned children have no node id)."""
        s = self.states.get(parent_id)
        if self.named and s is not None:
            return protocol.action_to_string(s, action)
        if parent_id == 0:
            return f"[{self.move(parent_id, action)}]"
        return f"{self.name(parent_id)[:-1]}·{self.move(parent_id, action)}]"
