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

from qsearch.core.checks import check_depth, check_limits, check_order, check_searchable
from qsearch.core.results import SearchResult
from qsearch.core.trace import TraceEvent

INF = math.inf
TERMINAL = -4
MAX_PLY = 256


def check_arguments(name: str, state, depth, max_nodes, time_limit, order=None) -> int | None:
    """Validate the common arguments as the compiled functions do; returns the depth."""
    check_depth(depth)
    check_limits(max_nodes, time_limit)
    check_order(order, state)
    check_searchable(name, state)
    return depth


def mix64(key: int) -> int:
    """MurmurHash3's 64-bit finaliser, the twin of ``mix64`` in ``qsearch/search/tt.pxd``.

    A bijection on 64-bit words that scatters very regular keys (board bits) over all bits,
    so that its low bits pick a table slot evenly.
    """
    m = (1 << 64) - 1
    x = key & m
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & m
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & m
    return x ^ (x >> 33)


class ReferenceTable:
    """Twin of :class:`qsearch.search.TranspositionTable`: same slots, always replace.

    Each slot holds ``(key, value, depth, move, flag, ply)``: the value from the point of view
    of the player to move in that position (win scores relative to the node, see
    :meth:`SearchContext.to_table`), the depth it was searched to, its best move, and the ply
    from its search's root where it was stored.
    """

    EXACT, LOWER, UPPER = "EXACT", "LOWER", "UPPER"

    def __init__(self, bits: int = 20):
        self.bits = bits
        self.slots: dict[int, tuple] = {}

    def slot(self, key: int) -> int:
        """The same 64-bit mix as the compiled table, then the low ``bits`` bits."""
        return mix64(key) & ((1 << self.bits) - 1)

    def entry(self, key: int):
        """``(value, depth, move, flag, ply)`` stored for ``key``, or None."""
        found = self.slots.get(self.slot(key))
        if found is None or found[0] != key:
            return None
        return found[1:]

    def get(self, key: int):
        """``(value, depth, move, flag)`` stored for ``key``, or None (as the compiled table)."""
        found = self.entry(key)
        return None if found is None else found[:4]

    def put(self, key: int, value: float, depth: int, move, flag: str, ply: int = 0) -> None:
        self.slots[self.slot(key)] = (key, value, depth, move, flag, ply)


def make_table(tt) -> ReferenceTable | None:
    """None/False: no table; True: a new 2**20-slot table; an int: 2**tt slots; or the table."""
    if tt is None or tt is False:
        return None
    if tt is True:
        return ReferenceTable()
    if isinstance(tt, int):
        return ReferenceTable(bits=tt)
    return tt


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


class SearchContext:
    """Counters, limits, move ordering and the trace of one reference search."""

    def __init__(self, state, evaluate=None, order=None, max_nodes=None, time_limit=None,
                 trace=False, win_value=1.0, win_decay=0.0, tt=None):
        self.root_player = state.current_player()
        self.evaluate = evaluate
        self.order = order
        self.max_nodes = max_nodes
        self.deadline = None if time_limit is None else time.perf_counter() + time_limit
        self.trace = [] if trace else None
        self.win_value = win_value
        self.win_decay = win_decay
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
    def to_table(self, value: float, ply: int) -> float:
        """A win score seen from the root -> relative to this node (``win_value - decay * k``)."""
        if self.win_decay == 0 or self.same_ply_only or abs(value) < self.win_band:
            return value
        return value + self.win_decay * ply if value > 0 else value - self.win_decay * ply

    def from_table(self, value: float, ply: int) -> float:
        """The inverse of :meth:`to_table` at ``ply``."""
        if self.win_decay == 0 or self.same_ply_only or abs(value) < self.win_band:
            return value
        return value - self.win_decay * ply if value > 0 else value + self.win_decay * ply

    def probe(self, key: int, depth: int, ply: int, lo: float, hi: float):
        """Narrow the window (lo, hi), from the mover's view, with what the table knows.

        Returns ``(lo, hi, move, hit, value)``: the table's best move (None if unknown), and
        ``hit`` when an entry searched at least ``depth`` deep closes the window, in which case
        ``value`` is the node's value. At the root only the move is used: the root always
        searches, so that a search always returns a move.
        """
        entry = self.tt.entry(key)
        if entry is None:
            return lo, hi, None, False, None
        stored, stored_depth, move, flag, stored_ply = entry
        if ply == 0 or stored_depth < depth or (self.same_ply_only and stored_ply != ply):
            return lo, hi, move, False, None
        stored = self.from_table(stored, ply)
        if flag == ReferenceTable.EXACT:
            lo = hi = stored
        elif flag == ReferenceTable.LOWER and stored > lo:
            lo = stored
        elif flag == ReferenceTable.UPPER and stored < hi:
            hi = stored
        return lo, hi, move, lo >= hi, stored

    def store(self, key: int, value: float, depth: int, move, ply: int, lo: float,
              hi: float) -> None:
        """Keep ``value`` (mover's view) found with the window (lo, hi) the children got."""
        if value <= lo:
            flag = ReferenceTable.UPPER    # failed low: the true value is at most this
        elif value >= hi:
            flag = ReferenceTable.LOWER    # failed high: the true value is at least this
        else:
            flag = ReferenceTable.EXACT
        self.tt.put(key, self.to_table(value, ply), depth, move, flag, ply)

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

    # --- trace ----------------------------------------------------------------
    def record(self, kind, node, parent=None, ply=0, action=None, alpha=None, beta=None,
               value=None, player=None, pruned=()) -> None:
        """Append one event (values and window from the root player's view)."""
        if self.trace is not None:
            self.trace.append(
                TraceEvent(kind, node, parent, ply, action, alpha, beta, value, player,
                           tuple(pruned))
            )

    def enter(self, state, ply, parent, action, alpha, beta) -> int:
        """Count a node and return its id (0 for the root, then in visiting order)."""
        node = self.nodes
        self.nodes += 1
        self.record("enter", node, parent, ply, action, alpha, beta, None,
                    state.current_player())
        return node

    def result(self, name, depth, value, pv) -> SearchResult:
        """Package the outcome like the compiled functions."""
        return SearchResult(
            value=value, action=pv[0] if pv else None, pv=pv, nodes=self.nodes,
            generated=self.generated, leaves=self.leaves, cutoffs=self.cutoffs,
            elapsed=time.perf_counter() - self.start, algorithm=name, depth=depth,
            complete=not self.aborted, researches=self.researches, tt_hits=self.tt_hits,
            trace=self.trace,
        )
