"""Bookkeeping shared by the reference algorithms: counters, limits, move order, trace.

Nothing here is clever: it is written to be read next to the algorithms, and to count
exactly what the compiled core counts (see :mod:`qsearch.search._engine` for the contract).
The state only needs OpenSpiel's Python API (``legal_actions``, ``child``,
``is_terminal``, ``returns``, ``current_player``, ``is_chance_node``), so these functions
also run on OpenSpiel states.
"""
from __future__ import annotations

import math
import numbers
import time
from typing import NamedTuple

from qsearch.core.checks import check_depth, check_limits, check_order, check_searchable
from qsearch.core.constants import TERMINAL
from qsearch.core.results import SearchResult
from qsearch.core.rng import murmur_finalise
from qsearch.core.trace import TraceEvent
from qsearch.core.win_value import resolve_win_value

INF = math.inf
MAX_PLY = 256


def check_arguments(name: str, state, depth, max_nodes, time_limit, order=None) -> int | None:
    """Validate the common arguments as the compiled functions do; returns the depth."""
    check_depth(depth)
    check_limits(max_nodes, time_limit)
    check_order(order, state)
    check_searchable(name, state)
    return depth


class ReferenceTable:
    """Twin of :class:`qsearch.search.TranspositionTable`: same slots, always replace.

    Each slot holds ``(key, value, depth, move, flag, ply, root)``: the value from the point
    of view of the player to move in that position (win scores relative to the node, see
    :meth:`SearchContext.to_table`), the depth it was searched to, its best move, the ply
    from its search's root where it was stored, and that search's root player.
    """

    EXACT, LOWER, UPPER = "EXACT", "LOWER", "UPPER"

    def __init__(self, bits: int = 20):
        self.bits = bits
        self.slots: dict[int, tuple] = {}

    def slot(self, key: int) -> int:
        """The same 64-bit mix as the compiled table (MurmurHash3's), then the low bits."""
        return murmur_finalise(key) & ((1 << self.bits) - 1)

    def entry(self, key: int):
        """``(value, depth, move, flag, ply, root)`` stored for ``key``, or None."""
        found = self.slots.get(self.slot(key))
        if found is None or found[0] != key:
            return None
        return found[1:]

    def get(self, key: int):
        """``(value, depth, move, flag)`` stored for ``key``, or None (as the compiled table)."""
        found = self.entry(key)
        return None if found is None else found[:4]

    def put(self, key: int, value: float, depth: int, move, flag: str, ply: int = 0,
            root: int = 0) -> None:
        self.slots[self.slot(key)] = (key, value, depth, move, flag, ply, root)


def make_table(tt) -> ReferenceTable | None:
    """None/False: no table; True: a new 2**20-slot table; an int: 2**tt slots; or the table."""
    if tt is None or tt is False:
        return None
    if tt is True:
        return ReferenceTable()
    if isinstance(tt, int):
        return ReferenceTable(bits=tt)
    if isinstance(tt, ReferenceTable):
        return tt
    raise TypeError(
        f"tt must be None, True, a size in bits or a table, not {type(tt).__name__}")


def fingerprint(state):
    """What identifies a state, to check that a user's function left it as it was."""
    if hasattr(state, "position_key"):
        return state.position_key()
    return tuple(state.history())       # OpenSpiel states


def checked_number(value, what: str) -> float:
    """``value`` as a float; TypeError if it is not a number, ValueError if it is NaN."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{what} returned {value!r}; it must return a number")
    value = float(value)
    if value != value:
        raise ValueError(f"{what} returned NaN; it must return a number")
    return value


class Node(NamedTuple):
    """A node of the search as its trace events name it (see :mod:`qsearch.core.trace`).

    :meth:`SearchContext.enter` returns one per visited node; the algorithms pass it back to
    the context's event methods and, as ``parent``, to their children.
    """

    id: int                 # 0 for the root, then in visiting order
    parent: int | None      # the parent's id (None at the root)
    ply: int                # plies below the root
    player: int             # current_player() there: 0, 1, CHANCE or TERMINAL
    action: int | None      # the action or outcome that led here (None at the root)


class SearchContext:
    """Counters, limits, move ordering and the trace of one reference search.

    The algorithms keep only their own lines: every counter and trace event is behind a
    method here (:meth:`enter`, :meth:`child`, :meth:`terminal`, :meth:`leaf`,
    :meth:`update`, :meth:`cutoff`, :meth:`exit`, ...), which counts and records exactly
    what the compiled search counts and records. Values and windows are given to these
    methods from the point of view of ``view`` (default: the root player, the MAX of the
    MAX/MIN form); the trace always holds them from the root player's view.
    """

    searches_chance = False         # expectiminimax's context weighs chance outcomes

    def __init__(self, state, evaluate=None, order=None, max_nodes=None, time_limit=None,
                 trace=False, win_value=None, win_decay=0.0, tt=None, depth=None,
                 bounds=None):
        if evaluate is not None and not callable(evaluate):
            raise TypeError(f"evaluate must be None, a qsearch Heuristic or a function (state, "
                            f"player) -> float, not {type(evaluate).__name__}")
        self.root_player = state.current_player()
        self.evaluate = evaluate
        self.order = order
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.trace = [] if trace else None
        # A win outranks every value the evaluation can return (qsearch.core.win_value).
        self.win_value = resolve_win_value(
            evaluate, win_value, win_decay, depth=depth, bounds=bounds,
            averages="expectiminimax" if self.searches_chance else None)
        self.win_decay = win_decay = float(win_decay)
        win_value = self.win_value
        # Win scores in the table (the compiled core's rule, see qsearch.search._engine):
        # with a decay, scores of at least win_band are wins, stored relative to the node;
        # without a band, a stored value is only worth the same at the ply it was stored.
        self.win_band = win_value - win_decay * MAX_PLY
        self.same_ply_only = win_decay != 0 and self.win_band <= 0
        self.tt = make_table(tt)
        self.nodes = self.generated = self.leaves = 0
        self.cutoffs = self.researches = self.tt_hits = 0
        self.aborted = False
        self.start = time.perf_counter()

    # --- limits -------------------------------------------------------------
    def out_of_budget(self) -> bool:
        """True (and the search is aborted) once the node or time budget is spent."""
        if not self.aborted:
            if self.max_nodes is not None and self.nodes >= self.max_nodes:
                self.aborted = True
            elif self.deadline is not None and time.perf_counter() > self.deadline:
                self.aborted = True
        return self.aborted

    # --- scores -------------------------------------------------------------
    def terminal_value(self, state, player: int, ply: int) -> float:
        """The game's return for ``player``, scaled: a win is worth win_value - win_decay*ply."""
        u = state.returns()[player]
        return 0.0 if u == 0 else u * (self.win_value - self.win_decay * ply)

    def leaf_value(self, state) -> float:
        """The heuristic's score from the root player's view (0 without a heuristic)."""
        self.leaves += 1
        if self.evaluate is None:
            return 0.0
        before = fingerprint(state)
        value = self.evaluate(state, self.root_player)
        if fingerprint(state) != before:
            raise ValueError(
                f"heuristic {self.evaluate!r} changed the state it was given; it must only "
                "read it (work on state.clone() to try moves)"
            )
        value = checked_number(value, f"heuristic {self.evaluate!r}")
        if self.tt is not None and self.win_decay != 0 and not self.same_ply_only \
                and abs(value) >= self.win_band:
            raise ValueError(
                f"heuristic {self.evaluate!r} returned {value}, inside the win band (|value| >= "
                f"{self.win_band:g} = win_value - win_decay * {MAX_PLY}) where a transposition "
                "table takes it for a win: raise win_value or scale the heuristic down"
            )
        return value

    # --- the transposition table --------------------------------------------
    def is_win_score(self, value: float) -> bool:
        """A stored value that is a game's result, not a heuristic's: the same for any root
        player (a heuristic need not be zero-sum, so its values are reused only by searches
        from the same root player)."""
        return self.win_decay != 0 and not self.same_ply_only and abs(value) >= self.win_band

    def to_table(self, value: float, ply: int) -> float:
        """A win score seen from the root -> relative to this node (``win_value - decay * k``)."""
        if self.win_decay == 0 or self.same_ply_only or abs(value) < self.win_band:
            return value
        return self.shift_win(value, -ply)

    def from_table(self, value: float, ply: int) -> float:
        """The inverse of :meth:`to_table` at ``ply``."""
        if self.win_decay == 0 or self.same_ply_only or abs(value) < self.win_band:
            return value
        return self.shift_win(value, ply)

    def shift_win(self, value: float, plies: int) -> float:
        """The win score ``value`` moved ``plies`` plies further from the root, computed as a
        finished game's score is (``win_value - win_decay * ply``, the ply a whole number) so
        that a score through the table is the same float as one found by the search."""
        k = (self.win_value - abs(value)) / self.win_decay
        if math.isfinite(k) and abs(k - round(k)) < 1e-6:
            moved = self.win_value - self.win_decay * (round(k) + plies)
        else:                           # an infinite win, or a return other than +-1
            moved = abs(value) - self.win_decay * plies
        return moved if value > 0 else -moved

    def probe(self, key: int, depth: int, ply: int, lo: float, hi: float):
        """Narrow the window (lo, hi), from the mover's view, with what the table knows.

        Returns ``(lo, hi, move, hit, value)``: the table's best move (None if unknown), and
        ``hit`` when an entry searched at least ``depth`` deep answers (its bound lies beyond
        the window, or it is exact), in which case
        ``value`` is the node's value. At the root only the move is used: the root always
        searches, so that a search always returns a move.
        """
        entry = self.tt.entry(key)
        if entry is None:
            return lo, hi, None, False, None
        stored, stored_depth, move, flag, stored_ply, stored_root = entry
        if (ply == 0 or stored_depth < depth or (self.same_ply_only and stored_ply != ply)
                or (stored_root != self.root_player and not self.is_win_score(stored))):
            return lo, hi, move, False, None
        stored = self.from_table(stored, ply)
        # The entry answers when its bound lies beyond the window, else it narrows the
        # window (a strict search's empty window (hi, hi) is not "closed" by any entry).
        answered = flag == ReferenceTable.EXACT
        if flag == ReferenceTable.LOWER:
            if stored >= hi:
                answered = True
            elif stored > lo:
                lo = stored
        elif flag == ReferenceTable.UPPER:
            if stored <= lo:
                answered = True
            elif stored < hi:
                hi = stored
        return lo, hi, move, answered, stored

    def store(self, key: int, value: float, depth: int, move, ply: int, lo: float,
              hi: float, cut: bool = False, fail_hard: bool = False) -> None:
        """Keep ``value`` (mover's view) found with the window (lo, hi) the children got.

        ``cut``: the node stopped early, so it failed high (a lower bound), even when the
        window was empty (``strict``: lo == hi). An empty window searched fail-hard returns
        the bound whatever the true value: then nothing is known and nothing is stored.
        """
        if fail_hard and not cut and lo >= hi:
            return
        if cut:
            flag = ReferenceTable.LOWER    # cut off: the true value is at least this
        elif value <= lo:
            flag = ReferenceTable.UPPER    # failed low: the true value is at most this
        elif value >= hi:
            flag = ReferenceTable.LOWER    # failed high: the true value is at least this
        else:
            flag = ReferenceTable.EXACT
        self.tt.put(key, self.to_table(value, ply), depth, move, flag, ply, self.root_player)

    # --- points of view (negamax-form algorithms) -----------------------------
    def to_root(self, value: float, player: int) -> float:
        """A value from ``player``'s point of view, seen by the root player."""
        return value if player == self.root_player else -value

    def window_to_root(self, alpha: float, beta: float, player: int) -> tuple:
        """A window from ``player``'s point of view, seen by the root player."""
        return (alpha, beta) if player == self.root_player else (-beta, -alpha)

    # --- move order ----------------------------------------------------------
    def ordered_actions(self, state, tt_move=None) -> list:
        """Legal actions in the game's order, reordered by ``order``, the table's move first."""
        actions = state.legal_actions()
        if callable(self.order):
            before = fingerprint(state)
            ordered = list(self.order(state, list(actions)))
            if fingerprint(state) != before:
                raise ValueError(
                    f"order function {self.order!r} changed the state it was given; "
                    "it must only read it (work on state.clone() to try moves)"
                )
            if sorted(ordered) != sorted(actions):
                raise ValueError(
                    f"order function returned {ordered!r}, not a permutation of {actions!r}"
                )
            actions = ordered
        elif self.order is not None:
            rank = {a: i for i, a in enumerate(self.order)}
            actions = sorted(actions, key=lambda a: rank.get(a, INF))
        if tt_move is not None and tt_move in actions:
            actions.remove(tt_move)
            actions.insert(0, tt_move)
        return actions

    # --- the walk: counters and trace events ----------------------------------
    def record(self, kind, node, parent=None, ply=0, action=None, alpha=None, beta=None,
               value=None, player=None, pruned=()) -> None:
        """Append one event (values and window from the root player's view)."""
        if self.trace is not None:
            self.trace.append(
                TraceEvent(kind, node, parent, ply, action, alpha, beta, value, player,
                           tuple(pruned))
            )

    def _seen_from_root(self, value, view):
        return value if view is None else self.to_root(value, view)

    def _window_from_root(self, alpha, beta, view):
        return (alpha, beta) if view is None else self.window_to_root(alpha, beta, view)

    def enter(self, state, parent: Node | None, action, alpha=-INF, beta=INF,
              view=None) -> Node:
        """Count a node reached by ``action`` from ``parent`` (None: the root), searched with
        the window (alpha, beta); record it, and return its :class:`Node`."""
        node = Node(self.nodes, None if parent is None else parent.id,
                    0 if parent is None else parent.ply + 1, state.current_player(), action)
        self.nodes += 1
        if self.trace is not None:
            alpha, beta = self._window_from_root(alpha, beta, view)
            self.record("enter", node.id, node.parent, node.ply, action, alpha, beta, None,
                        node.player)
        return node

    def child(self, state, action):
        """``state.child(action)``, counted in ``generated``; a chance node there stops a
        search that cannot weigh outcomes (as the compiled core does)."""
        child = state.child(action)
        self.generated += 1
        if not self.searches_chance and child.is_chance_node():
            raise ValueError("this search reached a chance node; use expectiminimax or mcts "
                             "for games with dice")
        return child

    def terminal(self, node: Node, state, view=None) -> float:
        """The game's result at a final node, for ``view`` (scaled by win_value, win_decay)."""
        player = self.root_player if view is None else view
        value = self.terminal_value(state, player, node.ply)
        self.record("terminal", node.id, node.parent, node.ply,
                    value=self.to_root(value, player), player=TERMINAL)
        return value

    def leaf(self, node: Node, state, view=None) -> float:
        """The heuristic's score at a leaf (counted in ``leaves``), for ``view``."""
        value = self.leaf_value(state)
        self.record("leaf", node.id, node.parent, node.ply, value=value, player=node.player)
        return self._seen_from_root(value, view)

    def tt_hit(self, node: Node, value: float, view=None) -> float:
        """Count and record that the table answered ``value`` here; returns it."""
        self.tt_hits += 1
        self.record("tt_hit", node.id, node.parent, node.ply,
                    value=self._seen_from_root(value, view), player=node.player)
        return value

    def update(self, node: Node, action, alpha, beta, best, view=None) -> None:
        """Record that the window narrowed to (alpha, beta) after ``action`` (best so far:
        ``best``)."""
        if self.trace is not None:
            alpha, beta = self._window_from_root(alpha, beta, view)
            self.record("update", node.id, None, node.ply, action, alpha, beta,
                        self._seen_from_root(best, view), node.player)

    def cutoff(self, node: Node, action, alpha, beta, best, pruned, view=None) -> None:
        """Count and record a cutoff after ``action``: the actions ``pruned`` are not
        searched (nothing to count when ``action`` was the last one)."""
        if pruned:
            self.cutoffs += 1
            if self.trace is not None:
                alpha, beta = self._window_from_root(alpha, beta, view)
                self.record("cutoff", node.id, None, node.ply, action, alpha, beta,
                            self._seen_from_root(best, view), node.player, pruned=pruned)

    def research(self, node: Node, action, alpha, beta, value, view=None) -> None:
        """Count and record that ``action`` (whose test returned ``value``) is searched
        again with the window (alpha, beta)."""
        self.researches += 1
        if self.trace is not None:
            alpha, beta = self._window_from_root(alpha, beta, view)
            self.record("research", node.id, None, node.ply, action, alpha, beta,
                        self._seen_from_root(value, view), node.player)

    def quiesce(self, node: Node) -> None:
        """Record that the node lies in a quiescence extension (beyond the horizon)."""
        self.record("quiesce", node.id, node.parent, node.ply, player=node.player)

    def exit(self, node: Node, value: float, pv, view=None) -> None:
        """Record that the node returns ``value``, ``pv`` its principal line (best action
        first; empty at a leaf or when nothing was searched)."""
        self.record("exit", node.id, node.parent, node.ply, pv[0] if pv else None,
                    value=self._seen_from_root(value, view), player=node.player)

    def result(self, name, depth, value, pv) -> SearchResult:
        """Package the outcome like the compiled functions."""
        return SearchResult(
            value=value, action=pv[0] if pv else None, pv=pv, nodes=self.nodes,
            generated=self.generated, leaves=self.leaves, cutoffs=self.cutoffs,
            elapsed=time.perf_counter() - self.start, algorithm=name, depth=depth,
            complete=not self.aborted, researches=self.researches, tt_hits=self.tt_hits,
            trace=self.trace,
        )
