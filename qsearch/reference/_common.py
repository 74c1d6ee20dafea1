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
import struct
import time
from typing import NamedTuple

from qsearch.core.checks import check_depth, check_limits, check_order, check_searchable
from qsearch.core.constants import TERMINAL
from qsearch.core.results import SearchResult
from qsearch.core.rng import murmur_finalise
from qsearch.core.trace import TraceEvent
from qsearch.core.win_value import resolve_win_value

INF = math.inf
NAN = math.nan
MAX_PLY = 256
UNKNOWN_UNIT = -1.0     # the win unit of a fail-hard bound: stored, used only at its own ply


def stored_unit(unit: float) -> float:
    """``unit`` as the compiled table keeps it: a 32-bit float (inf if too large)."""
    try:
        return struct.unpack("f", struct.pack("f", unit))[0]
    except OverflowError:
        return INF


def check_arguments(name: str, state, depth, max_nodes, time_limit, order=None) -> int | None:
    """Validate the common arguments as the compiled functions do; returns the depth."""
    check_depth(depth)
    check_limits(max_nodes, time_limit)
    check_order(order, state)
    check_searchable(name, state)
    return depth


class Entry(NamedTuple):
    """One slot of a :class:`ReferenceTable` (the compiled table's ``TTEntry``)."""

    key: int
    value: float        # from the mover's view (a win: relative to the node, see ``unit``)
    depth: int          # the depth it was searched to
    move: int | None    # its best move
    flag: str           # EXACT, LOWER or UPPER
    ply: int            # plies from its search's root
    root: int           # that search's root player
    unit: float = 0.0   # |return| of the won game behind the value (WIN_UNITS)
    settled: bool = False   # found without the depth limit: deeper searches find the same


class ReferenceTable:
    """Twin of :class:`qsearch.search.TranspositionTable`: same slots, always replace.

    Each slot holds an :class:`Entry`: the value from the point of view of the player to move
    in that position (win scores relative to the node, see :meth:`SearchContext.to_table`),
    the depth it was searched to, its best move, the ply from its search's root where it was
    stored, that search's root player, the size of the win behind the value and whether the
    value was found without the depth limit (:meth:`settled`).
    """

    EXACT, LOWER, UPPER = "EXACT", "LOWER", "UPPER"

    def __init__(self, bits: int = 20):
        self.bits = bits
        self.slots: dict[int, Entry] = {}

    def slot(self, key: int) -> int:
        """The same 64-bit mix as the compiled table (MurmurHash3's), then the low bits."""
        return murmur_finalise(key) & ((1 << self.bits) - 1)

    def entry(self, key: int) -> Entry | None:
        """The :class:`Entry` stored for ``key``, or None."""
        found = self.slots.get(self.slot(key))
        if found is None or found.key != key:
            return None
        return found

    def get(self, key: int):
        """``(value, depth, move, flag)`` stored for ``key``, or None (as the compiled table)."""
        found = self.entry(key)
        return None if found is None else (found.value, found.depth, found.move, found.flag)

    def settled(self, key: int) -> bool:
        """Whether ``key``'s entry was found without the depth limit: no leaf evaluated below
        it and no unsettled entry used there, so a deeper search finds the same value."""
        found = self.entry(key)
        return found is not None and found.settled

    def put(self, key: int, value: float, depth: int, move, flag: str, ply: int = 0,
            root: int = 0, unit: float = 0.0, settled: bool = False) -> None:
        self.slots[self.slot(key)] = Entry(key, value, depth, move, flag, ply, root, unit,
                                           settled)


def clamped(best: float, bound: float, unit: float) -> tuple:
    """Fail-hard's ``(bound, its win unit)`` in place of ``(best, unit)``: the bound is no
    node's value unless it equals ``best``, so its unit is unknown."""
    return bound, (unit if bound == best else UNKNOWN_UNIT)


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
        # with a decay, wins are stored relative to the node; without a band, a stored value
        # is only worth the same at the ply it was stored.
        self.win_band = win_value - win_decay * MAX_PLY
        self.same_ply_only = win_decay != 0 and self.win_band <= 0
        self.tt = make_table(tt)
        self.nodes = self.generated = self.leaves = 0
        self.cutoffs = self.researches = self.tt_hits = 0
        self.unit = 0.0             # the win unit of the value a node just returned
        self.unsettled_uses = 0     # table values used that were found with the depth limit
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
        self.unit = abs(u)
        return 0.0 if u == 0 else u * (self.win_value - self.win_decay * ply)

    def leaf_value(self, state) -> float:
        """The heuristic's score from the root player's view (0 without a heuristic)."""
        self.leaves += 1
        self.unit = 0.0
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
    # A win's value depends on its ply: ``u * (win_value - win_decay * ply)`` for the game's
    # return u. Each value a node returns comes with its *win unit* (``self.unit``): |u| of
    # the finished game it comes from (0: a heuristic's value or a draw; UNKNOWN_UNIT: a
    # fail-hard bound that is no node's value). With it a stored win is moved exactly to
    # another ply, whatever the game's returns (see :meth:`to_table`).
    def depth_mark(self) -> int:
        """What :meth:`store` compares to tell whether a node's value depends on the depth:
        taken as the node is entered, the count of leaves and unsettled table values used."""
        return self.leaves + self.unsettled_uses

    def moves_wins(self) -> bool:
        """Whether stored wins are kept relative to the node (a decay with a win band)."""
        return self.win_decay != 0 and not self.same_ply_only

    def is_win_score(self, value: float, unit: float) -> bool:
        """A stored value that is a game's result, not a heuristic's: the same for any root
        player (a heuristic need not be zero-sum, so its values are reused only by searches
        from the same root player)."""
        if not self.moves_wins():
            return False
        return unit > 0 or (unit == UNKNOWN_UNIT and abs(value) >= self.win_band)

    def to_table(self, value: float, ply: int, unit: float) -> tuple:
        """``(stored value, stored unit)`` for ``value`` (seen from the root) at ``ply``: a win
        relative to the node (``u * (win_value - win_decay * k)``, k plies below it), other
        values as they are. A win that cannot be moved exactly (its unit is not a 32-bit
        float, or its ply is not a whole number) is stored as it is, of unknown unit."""
        if not self.moves_wins() or unit <= 0 or not math.isfinite(value):
            return value, unit
        win_ply = self.win_plies(value, unit)
        if stored_unit(unit) != unit or win_ply != win_ply:
            return value, UNKNOWN_UNIT
        k = win_ply - ply
        stored = math.copysign(unit * (self.win_value - self.win_decay * k), value)
        if self.win_plies(stored, unit) != k:
            return value, UNKNOWN_UNIT
        return stored, unit

    def from_table(self, stored: float, ply: int, unit: float) -> float:
        """The inverse of :meth:`to_table` at ``ply``: the same float the search finds."""
        if not self.moves_wins() or unit <= 0 or not math.isfinite(stored):
            return stored
        k = self.win_plies(stored, unit) + ply
        return math.copysign(unit * (self.win_value - self.win_decay * k), stored)

    def win_plies(self, value: float, unit: float) -> float:
        """The ply of the win ``value`` of size ``unit`` (NaN if it is not one)."""
        k = (self.win_value - abs(value) / unit) / self.win_decay
        if not math.isfinite(k):
            return NAN
        whole = math.floor(k + 0.5)
        return whole if unit * (self.win_value - self.win_decay * whole) == abs(value) else NAN

    def probe(self, key: int, depth: int, ply: int, lo: float, hi: float):
        """Narrow the window (lo, hi), from the mover's view, with what the table knows.

        Returns ``(lo, hi, move, hit, value)``: the table's best move (None if unknown), and
        ``hit`` when an entry searched at least ``depth`` deep answers (its bound lies beyond
        the window, or it is exact), in which case ``value`` is the node's value (and
        ``self.unit`` its unit). At the root only the move is used: the root always
        searches, so that a search always returns a move.
        """
        entry = self.tt.entry(key)
        if entry is None:
            return lo, hi, None, False, None
        if (ply == 0 or entry.depth < depth
                or (entry.ply != ply and (self.same_ply_only or (
                    entry.unit == UNKNOWN_UNIT and self.moves_wins())))
                or (entry.root != self.root_player
                    and not self.is_win_score(entry.value, entry.unit))):
            return lo, hi, entry.move, False, None
        stored = self.from_table(entry.value, ply, entry.unit)
        # The entry answers when its bound lies beyond the window, else it narrows the
        # window (a strict search's empty window (hi, hi) is not "closed" by any entry).
        window = (lo, hi)
        answered = entry.flag == ReferenceTable.EXACT
        if entry.flag == ReferenceTable.LOWER:
            if stored >= hi:
                answered = True
            elif stored > lo:
                lo = stored
        elif entry.flag == ReferenceTable.UPPER:
            if stored <= lo:
                answered = True
            elif stored < hi:
                hi = stored
        if not entry.settled and (answered or (lo, hi) != window):
            self.unsettled_uses += 1
        if answered:
            self.unit = entry.unit
        return lo, hi, entry.move, answered, stored

    def store(self, key: int, value: float, depth: int, move, ply: int, lo: float,
              hi: float, cut: bool = False, fail_hard: bool = False, *, unit: float = 0.0,
              mark: int | None = None) -> None:
        """Keep ``value`` (mover's view, win unit ``unit``) found with the window (lo, hi)
        the children got; ``mark``: :meth:`depth_mark` when the node was entered.

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
        stored, unit = self.to_table(value, ply, unit)
        self.tt.put(key, stored, depth, move, flag, ply, self.root_player, unit,
                    mark == self.depth_mark())

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

    def exit(self, node: Node, value: float, pv, view=None, unit: float = 0.0) -> None:
        """Record that the node returns ``value`` (of win unit ``unit``), ``pv`` its
        principal line (best action first; empty at a leaf or when nothing was searched)."""
        self.unit = unit
        self.record("exit", node.id, node.parent, node.ply, pv[0] if pv else None,
                    value=self._seen_from_root(value, view), player=node.player)

    def result(self, name, depth, value, pv) -> SearchResult:
        """Package the outcome like the compiled functions. A search stopped before any root
        move finished (by time or by nodes alike) has no move and the value ``-inf``."""
        if self.aborted and not pv:
            value = -INF
        return SearchResult(
            value=value, action=pv[0] if pv else None, pv=pv, nodes=self.nodes,
            generated=self.generated, leaves=self.leaves, cutoffs=self.cutoffs,
            elapsed=time.perf_counter() - self.start, algorithm=name, depth=depth,
            complete=not self.aborted, researches=self.researches, tt_hits=self.tt_hits,
            trace=self.trace,
        )
