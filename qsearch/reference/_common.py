"""Bookkeeping shared by the reference algorithms: counters, limits, move order, trace.

Nothing here is clever: it is written to be read next to the algorithms, and to count
exactly what the compiled core counts (see :mod:`qsearch.search._engine` for the contract).
The state only needs OpenSpiel's Python API (``legal_actions``, ``child``,
``is_terminal``, ``returns``, ``current_player``, ``is_chance_node``), so these functions
also run on OpenSpiel states.
"""
from __future__ import annotations

import math
import time

from qsearch.search.result import SearchResult
from qsearch.trace import TraceEvent

INF = math.inf
TERMINAL = -4
TIME_CHECK_EVERY = 1024
MAX_PLY = 256


def check_arguments(name: str, state, depth, max_nodes, time_limit) -> int | None:
    """Validate the common arguments like the compiled functions do; returns the depth."""
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)):
        raise TypeError(f"depth must be an int >= 0 or None, not {type(depth).__name__}")
    if depth is not None and depth < 0:
        raise ValueError(f"depth must be >= 0 (or None for no limit), not {depth}")
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int)):
        raise TypeError(f"max_nodes must be an int or None, not {type(max_nodes).__name__}")
    if max_nodes is not None and max_nodes < 1:
        raise ValueError(f"max_nodes must be >= 1, not {max_nodes}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time_limit must be > 0 seconds, not {time_limit}")
    if state.is_terminal():
        raise ValueError(f"the game is over in this state: {name} has nothing to search")
    if state.is_chance_node():
        raise ValueError(f"{name} cannot search a chance node; use expectiminimax")
    return depth


class ReferenceTable:
    """Twin of :class:`qsearch.search.TranspositionTable`: same slots, always replace.

    Each slot holds ``(key, value, depth, move, flag)``; values are from the point of view
    of the player to move in that position.
    """

    EXACT, LOWER, UPPER = "EXACT", "LOWER", "UPPER"

    def __init__(self, bits: int = 20):
        self.bits = bits
        self.slots: dict[int, tuple] = {}

    def slot(self, key: int) -> int:
        """The same 64-bit mix as the compiled table, then the low ``bits`` bits."""
        m = (1 << 64) - 1
        x = key & m
        x ^= x >> 33
        x = (x * 0xFF51AFD7ED558CCD) & m
        x ^= x >> 33
        x = (x * 0xC4CEB9FE1A85EC53) & m
        x ^= x >> 33
        return x & ((1 << self.bits) - 1)

    def get(self, key: int):
        """``(value, depth, move, flag)`` stored for ``key``, or None."""
        entry = self.slots.get(self.slot(key))
        if entry is None or entry[0] != key:
            return None
        return entry[1:]

    def put(self, key: int, value: float, depth: int, move, flag: str) -> None:
        self.slots[self.slot(key)] = (key, value, depth, move, flag)

    def narrow(self, key: int, depth: int, lo: float, hi: float):
        """Narrow the window (lo, hi), from the mover's view, with what the table knows.

        Returns ``(lo, hi, move, hit, stored)``: the table's best move (None if unknown), and
        ``hit`` when an entry searched at least ``depth`` deep closes the window, in which case
        ``stored`` is the node's value.
        """
        entry = self.get(key)
        if entry is None:
            return lo, hi, None, False, None
        stored, stored_depth, move, flag = entry
        if stored_depth < depth:
            return lo, hi, move, False, stored
        if flag == self.EXACT:
            lo = hi = stored
        elif flag == self.LOWER and stored > lo:
            lo = stored
        elif flag == self.UPPER and stored < hi:
            hi = stored
        return lo, hi, move, lo >= hi, stored

    def store(self, key: int, value: float, depth: int, move, lo: float, hi: float) -> None:
        """Keep ``value`` (mover's view) found with the window (lo, hi) the children got."""
        if value <= lo:
            flag = self.UPPER      # failed low: the true value is at most this
        elif value >= hi:
            flag = self.LOWER      # failed high: the true value is at least this
        else:
            flag = self.EXACT
        self.put(key, value, depth, move, flag)


def make_table(tt) -> ReferenceTable | None:
    """None/False: no table; True: a new 2**20-slot table; an int: 2**tt slots; or the table."""
    if tt is None or tt is False:
        return None
    if tt is True:
        return ReferenceTable()
    if isinstance(tt, int):
        return ReferenceTable(bits=tt)
    return tt


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
            elif (self.deadline is not None and self.nodes % TIME_CHECK_EVERY == 0
                  and time.perf_counter() > self.deadline):
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
        value = self.evaluate(state, self.root_player)
        try:
            return float(value)
        except (TypeError, ValueError):
            raise TypeError(
                f"heuristic {self.evaluate!r} returned {value!r}; it must return a number"
            ) from None

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
            ordered = list(self.order(state, list(actions)))
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
