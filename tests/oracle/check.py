"""Run qsearch's searches on a case and compare each answer with the oracle's.

Every comparison goes through :data:`TALLY`, which counts searches and wrong answers by
group (algorithm and flags). Normally a wrong answer fails the test at once (an
AssertionError with a reproduction); with ``ORACLE_TALLY=1`` in the environment it is only
counted, and the conftest prints the counts by group at the end of the run (and writes them
to ``$ORACLE_TALLY_FILE`` as JSON when that is set): the way to measure a build's defects.
"""
from __future__ import annotations

import collections
import json
import math
import os

import qsearch
from qsearch import search as qs
from qsearch.games import Game, Nim
from qsearch.reference import ReferenceTable
from qsearch.search import TranspositionTable

from . import naive
from .cases import TakeAway, describe, memo_key
from .games import BonusTake, PassTake

TALLY_ONLY = os.environ.get("ORACLE_TALLY") == "1"


class Tally:
    def __init__(self):
        self.searches = collections.Counter()
        self.wrong = collections.Counter()
        self.examples = collections.defaultdict(list)

    def record(self, group: str, ok: bool, repro: str) -> None:
        self.searches[group] += 1
        if ok:
            return
        self.wrong[group] += 1
        if len(self.examples[group]) < 3:
            self.examples[group].append(repro)
        if not TALLY_ONLY:
            raise AssertionError(f"[{group}] {repro}")

    def total(self) -> int:
        return sum(self.searches.values())

    def report(self) -> str:
        lines = [f"oracle: {self.total()} searches, {sum(self.wrong.values())} wrong answers "
                 f"(compiled={qsearch.compiled})"]
        for group in sorted(self.wrong, key=lambda g: -self.wrong[g]):
            lines.append(f"  {self.wrong[group]:6d} / {self.searches[group]:6d}  {group}")
            for example in self.examples[group]:
                lines.append(f"           e.g. {example}")
        return "\n".join(lines)

    def dump(self, path) -> None:
        with open(path, "w") as f:
            json.dump({"compiled": qsearch.compiled, "searches": dict(self.searches),
                       "wrong": dict(self.wrong), "examples": dict(self.examples)}, f,
                      indent=1)


TALLY = Tally()

# Games where one position can be met at different plies of one search (takes of any size,
# a move that keeps the turn). There a table may answer a node with an entry searched deeper
# than the node needs, which the contract allows ("a deeper one": README, docs/DESIGN.md)
# and a depth-limited oracle cannot predict (TakeAway(7), depths 1, 2, 3 on one table: the
# third search meets 4 stones, player 1 to move, at ply 2 with the value its own ply-1 visit
# found two plies deep). Their searches with a table are compared only when they go to the
# end, where every stored value is exact.
REVISITS_ACROSS_PLIES = (TakeAway, Nim, BonusTake, PassTake)


def table_is_exact(state, depth) -> bool:
    """Whether a search with a table must give the depth-limited oracle's value."""
    return depth is None or not isinstance(state, REVISITS_ACROSS_PLIES)


# --- one case -----------------------------------------------------------------------------
class Case:
    """A position, a depth, an evaluation and the win options: the oracle's answer for it is
    computed once and every search is compared with it."""

    def __init__(self, state, depth, evaluate=None, *, win_value=None, win_decay=0.0,
                 order=None, label=""):
        self.state = state
        self.depth = depth
        self.evaluate = evaluate
        self.win_value = win_value
        self.win_decay = win_decay
        self.order = order
        self.label = label
        self.oracle = naive.Minimax(evaluate, win_value=win_value, win_decay=win_decay,
                                    key=memo_key)
        self.value, self.children = self.oracle.root(state, depth)
        self.best = {a for a, v in self.children.items() if v == self.value}
        ordered = naive.search_order(state, state.legal_actions(), order)
        self.first_best = next(a for a in ordered if self.children[a] == self.value)

    def kwargs(self):
        kw = {"win_decay": self.win_decay} if self.win_decay else {}
        if self.win_value is not None:
            kw["win_value"] = self.win_value
        if self.order is not None:
            kw["order"] = self.order
        return kw

    def describe(self, name, options) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in options.items()
                         if k not in ("order",) and not isinstance(v, TranspositionTable))
        return (f"{name}({self.label}, depth={self.depth}, eval={describe(self.evaluate)}, "
                f"win_value={self.win_value}, win_decay={self.win_decay}, "
                f"order={'yes' if self.order is not None else 'no'}{', ' if opts else ''}"
                f"{opts}) -> expected value {self.value!r}, best moves {sorted(self.best)} "
                f"(win value {self.oracle.win_value})")


def group_name(name, case: Case, options: dict, table: str = "none") -> str:
    flags = [name]
    for k in ("fail_hard", "strict", "algorithm", "null_window"):
        if options.get(k):
            flags.append(f"{k}={options[k]}")
    flags.append(f"tt={table}")
    if case.evaluate is None:
        flags.append("eval=None")
    elif getattr(case.evaluate, "bounds", None) is None:
        flags.append("eval-unbounded")
    else:
        flags.append("eval-bounded")
    if case.win_decay:
        flags.append("decay")
    if case.win_value is not None:
        flags.append("win_value")
    return " ".join(flags)


def compare(case: Case, name: str, res, options: dict, table: str = "none", *,
            first=False, pv_exact=False) -> None:
    """Check one search result against the case's oracle answer."""
    problems = []
    rounding = False
    if res.value != case.value:
        problems.append(f"value {res.value!r}")
        rounding = naive.close(res.value, case.value, 1e-12)
    if res.action not in case.best:
        got = case.children.get(res.action, "illegal")
        problems.append(f"action {res.action!r} (worth {got!r})")
    elif first and res.action != case.first_best:
        problems.append(f"action {res.action!r}, not the first best {case.first_best!r}")
    if not res.complete:
        problems.append("complete=False")
    pv = list(res.pv or [])
    if res.action is not None and pv and pv[0] != res.action:
        problems.append(f"pv {pv} does not start with the action")
    try:
        end = naive.pv_leaf_value(case.oracle, case.state, pv, case.depth)
    except AssertionError as error:
        problems.append(str(error))
    else:
        if pv_exact and end != case.value:
            problems.append(f"pv {pv} ends at a node worth {end!r}")
    ok = not problems
    group = group_name(name, case, options, table)
    if rounding and len(problems) == 1:      # the value is off by rounding only (reported
        group += " [value off by rounding]"  # apart: a table's win scores with a decay)
    TALLY.record(group, ok,
                 f"{case.describe(name, options)}: got {'; '.join(problems)}")


def run_all(case: Case, *, tables=True, deepening=True, invariants=True) -> None:
    """minimax, negamax, alphabeta (fail-hard x strict, no table / a fresh one), pvs (null
    windows, tables), iterative deepening: each compared with the oracle."""
    state, depth, ev, kw = case.state, case.depth, case.evaluate, case.kwargs()
    has_key = hasattr(state, "position_key") and table_is_exact(state, depth)
    table_modes = [None, "fresh"] if (tables and has_key) else [None]
    mm = qs.minimax(state, depth, ev, **kw)
    compare(case, "minimax", mm, {}, first=True, pv_exact=True)
    compare(case, "negamax", qs.negamax(state, depth, ev, **kw), {}, first=True,
            pv_exact=True)
    for fail_hard in (False, True):
        for strict in (False, True):
            opts = {"fail_hard": fail_hard, "strict": strict}
            for table in table_modes:
                tt = {} if table is None else {"tt": 12}
                res = qs.alphabeta(state, depth, ev, **opts, **tt, **kw)
                compare(case, "alphabeta", res, opts, table or "none",
                        first=table is None, pv_exact=table is None)
                if invariants and table is None and res.nodes > mm.nodes:
                    TALLY.record("invariant: alphabeta nodes <= minimax nodes", False,
                                 f"{case.describe('alphabeta', opts)}: {res.nodes} > "
                                 f"{mm.nodes}")
                elif invariants and table is None:
                    TALLY.record("invariant: alphabeta nodes <= minimax nodes", True, "")
    for null_window in (1.0, 0.001):
        opts = {"null_window": null_window}
        for table in table_modes:
            tt = {} if table is None else {"tt": 12}
            res = qs.pvs(state, depth, ev, **opts, **tt, **kw)
            compare(case, "pvs", res, opts, table or "none", first=table is None,
                    pv_exact=table is None)
    if deepening and depth is not None and table_is_exact(state, depth):
        for algorithm, opts in (("alphabeta", {}), ("alphabeta", {"fail_hard": True,
                                                                  "strict": True}),
                                ("pvs", {})):
            table = "iterative" if has_key else None
            res = qs.iterative_deepening(state, depth, ev, algorithm=algorithm,
                                         tt=12 if has_key else None, **opts, **kw)
            compare(case, "iterative_deepening", res, {"algorithm": algorithm, **opts},
                    table or "none")


def run_limits(case: Case) -> None:
    """Node and time limits where the contract fixes the answer: a limit the search does not
    reach gives the exact answer (complete); a node limit below what it needs is incomplete."""
    state, depth, ev, kw = case.state, case.depth, case.evaluate, case.kwargs()
    for name, fn in (("alphabeta", qs.alphabeta), ("pvs", qs.pvs), ("minimax", qs.minimax)):
        full = fn(state, depth, ev, **kw)
        for limit in (full.nodes, full.nodes + 7, 2 ** 40):
            res = fn(state, depth, ev, max_nodes=limit, **kw)
            compare(case, f"{name} max_nodes>=needed", res, {"max_nodes": limit})
        res = fn(state, depth, ev, time_limit=1e6, **kw)
        compare(case, f"{name} time_limit=1e6", res, {"time_limit": 1e6})
        if full.nodes > 1:
            for limit in sorted({1, max(1, full.nodes // 2), full.nodes - 1}):
                res = fn(state, depth, ev, max_nodes=limit, **kw)
                ok = (not res.complete and res.nodes <= limit
                      and (res.action is None or res.action in state.legal_actions()))
                TALLY.record(f"{name} max_nodes<needed: complete=False", ok,
                             f"{case.describe(name, {'max_nodes': limit})}: needs "
                             f"{full.nodes} nodes, got complete={res.complete}, "
                             f"nodes={res.nodes}, action={res.action}")


def run_table_line(states_and_depths, evaluate, *, win_value=None, win_decay=0.0,
                   label="", algos=("alphabeta", "pvs"), flags=None) -> None:
    """One table reused along a line of positions searched to the same horizon (each one
    ply deeper in the game, one ply shallower in depth): the contract says a shared table
    then changes no value. Every search is compared with a fresh oracle."""
    flags = flags or [{}]
    for name in algos:
        for opts in flags:
            table = shared_table(states_and_depths[0][0])
            for i, (state, depth) in enumerate(states_and_depths):
                if state.is_terminal():
                    break
                case = Case(state, depth, evaluate, win_value=win_value,
                            win_decay=win_decay, label=f"{label} move {i}")
                fn = getattr(qs, name)
                res = fn(state, depth, evaluate, tt=table, **opts, **case.kwargs())
                compare(case, name, res, opts, "reused-line")


def shared_table(state):
    """A table to share between searches of ``state``'s game: the compiled
    TranspositionTable for qsearch's engines, the twins' ReferenceTable for any other game
    (the twins, which search those games, refuse the compiled table)."""
    if isinstance(state, Game):
        return TranspositionTable(bits=14)
    return ReferenceTable(bits=14)


def is_number(x) -> bool:
    return isinstance(x, (int, float)) and not math.isnan(x)
