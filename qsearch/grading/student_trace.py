"""A student's search as a qsearch trace: the events its calls make, for the steppers.

The sandbox records every call of the student's code that receives a checked state (its
path, the window it was passed, the value it returned, in the order they happened). Here
they become :class:`~qsearch.core.trace.TraceEvent` lists that
:func:`~qsearch.viz.searchtree.build_search_tree` replays like a search's own trace:

* ``enter`` for the first call on a node (a wrapper calling its helper on the same state is
  one node), with the window passed, if the function takes one;
* ``terminal`` / ``leaf`` when a call on a finished game or on a node it did not expand
  returns, ``exit`` with the value for an inner node;
* ``cutoff`` before a node's exit when children it did not search are left: the search
  stopped there.
* ``update`` when a child's value narrows the window of a node that was passed one, as
  qsearch's alpha-beta records it, so that both steppers draw a node's window after its
  latest update (the window it received, narrowed by its children's values: the student's
  own variables are not seen).

Values and windows are turned to the root player's view: a negamax's values are the
mover's, and it is recognised by its leaves (the values it returns at finished games and at
the depth limit are the root player's scores negated at odd plies). Without any call on a
state (a search that never recurses with one), the visits alone are replayed.
"""
from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

from qsearch.core.constants import TERMINAL
from qsearch.core.trace import TraceEvent
from qsearch.grading.cases import Case
from qsearch.grading.sandbox import Run


@dataclass
class StudentResult:
    """What a stepper reads from a search result, for the student's run."""

    trace: list
    value: float | None
    action: int | None
    pv: list
    nodes: int
    cutoffs: int
    algorithm: str


def _state_at(case: Case, path: tuple):
    state = case.root.clone()
    for a in path:
        state.apply_action(a)
    return state


def static_value(case: Case, path: tuple) -> float:
    """The root player's score of a finished game or a depth-limit node at ``path``."""
    state, me = _state_at(case, path), case.root.current_player()
    if state.is_terminal():
        return float(state.returns()[me]) * case.win
    return float(case.evaluate(state, me))


def _number(value) -> float | None:
    if isinstance(value, (tuple, list)) and len(value) == 2:
        value = value[0]
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        return float(value)
    return None


def _nodes(run: Run) -> list[tuple[int, int]]:
    """``(call index, node index)``: calls on the same path as their enclosing call merged."""
    merged, out, node = {}, [], -1
    for kind, i in run.order:
        if kind != "enter":
            continue
        call = run.calls[i]
        if call.parent is not None and run.calls[call.parent].path == call.path:
            merged[i] = merged[call.parent]
        else:
            node += 1
            merged[i] = node
        out.append((i, merged[i]))
    return out


def mover_view(case: Case, run: Run) -> bool:
    """True when the run's values are the mover's (a negamax): an inner node's value is
    minus one of its children's (not one of them), and odd-ply leaves score minus the
    root player's score."""
    votes = 0
    values = {}
    for call in run.calls:
        values.setdefault(call.path, _number(call.value))
    for path, v in values.items():
        if v is None:
            continue
        kids = [values[p] for p in values if len(p) == len(path) + 1 and p[:-1] == path]
        if kids:
            votes += (-v in kids and v not in kids) - (v in kids and -v not in kids)
        elif len(path) % 2:
            root_view = static_value(case, path)
            votes += (v == -root_view != root_view) - (v == root_view != -root_view)
    return votes > 0


def student_trace(case: Case, run: Run, algorithm: str) -> StudentResult:
    """The :class:`StudentResult` of ``run`` on ``case`` (see the module docs)."""
    if not run.calls:
        return _visits_only(case, run, algorithm)
    negamax = mover_view(case, run)
    node_of = dict(_nodes(run))
    first = {}                       # node -> its first call
    for i, n in node_of.items():
        first.setdefault(n, i)
    path_of = {n: run.calls[i].path for n, i in first.items()}
    parent_of = {}
    events: list[TraceEvent] = []
    children: dict[int, list] = {}
    windows: dict[int, list] = {}    # node -> [alpha, beta, is MAX], as alpha-beta keeps it
    cutoffs = 0
    for kind, i in run.order:
        node = node_of.get(i)
        if node is None or first[node] != i:
            continue                                    # a wrapper's inner call
        call, path = run.calls[i], path_of[node]
        flip = negamax and len(path) % 2 == 1
        if kind == "enter":
            parent = next((n for n in reversed(list(children)) if path_of[n] == path[:-1]
                           and len(path) > 0), None)
            parent_of[node] = parent
            if parent is not None:
                children[parent].append(node)
            children[node] = []
            alpha, beta = _window(call, flip)
            state = _state_at(case, path)
            player = TERMINAL if state.is_terminal() else state.current_player()
            if call.alpha is not None and call.beta is not None and player != TERMINAL:
                windows[node] = [alpha, beta, player == case.root.current_player()]
            events.append(TraceEvent("enter", node, parent, len(path),
                                     path[-1] if path else None, alpha, beta, None, player))
            continue
        value = _number(call.value)
        if value is not None and flip:
            value = -value
        state = _state_at(case, path)
        if state.is_terminal():
            events.append(TraceEvent("terminal", node, ply=len(path), value=value))
        elif not children[node]:
            events.append(TraceEvent("leaf", node, ply=len(path), value=value))
        else:
            cutoffs += _exit_events(events, node, state, value, children[node], path_of)
        parent = parent_of.get(node)
        if parent is not None and parent in windows:
            _update(events, windows, parent, path[-1], value, len(path) - 1)
    root = _number(run.calls[first[0]].value) if 0 in first else None
    pv = _principal(events, children, path_of)
    return StudentResult(events, root, run.action, pv, len(children), cutoffs,
                         "alphabeta" if any(c.alpha is not None for c in run.calls)
                         else "minimax")


def _exit_events(events: list, node: int, state, value, kids: list, path_of) -> int:
    """An inner node's ``cutoff`` (when children were left) and ``exit``; 1 if it cut."""
    searched = {path_of[c][-1] for c in kids}
    actions = list(state.legal_actions())
    last = max(actions.index(a) for a in searched if a in actions) if searched else -1
    left = tuple(actions[last + 1:])
    ply = len(path_of[node])
    if left:
        events.append(TraceEvent("cutoff", node, ply=ply, action=path_of[kids[-1]][-1],
                                 pruned=left))
    best = next((path_of[c][-1] for c in kids if _exit_value(events, c) == value), None)
    events.append(TraceEvent("exit", node, ply=ply, action=best, value=value))
    return 1 if left else 0


def _update(events: list, windows: dict, node: int, action, value, ply: int) -> None:
    """An ``update`` event when a child's ``value`` narrows ``node``'s window, the way
    qsearch's alpha-beta records it: the student's windows are drawn after their latest
    update, like alpha-beta's (the window the node received, narrowed by its children's
    values; the student's own variables are not seen)."""
    alpha, beta, is_max = windows[node]
    if value is None:
        return
    if is_max and value > alpha:
        alpha = value
    elif not is_max and value < beta:
        beta = value
    else:
        return
    windows[node][:2] = alpha, beta
    events.append(TraceEvent("update", node, ply=ply, action=action, alpha=alpha, beta=beta,
                             value=value))


def _window(call, flip: bool) -> tuple[float, float]:
    if call.alpha is None or call.beta is None:
        return -math.inf, math.inf
    return (-call.beta, -call.alpha) if flip else (call.alpha, call.beta)


def _exit_value(events: list, node: int):
    for e in reversed(events):
        if e.node == node and e.kind in ("exit", "terminal", "leaf"):
            return e.value
    return None


def _principal(events, children, path_of) -> list:
    """The best actions from the root, as the exits name them."""
    best = {e.node: e.action for e in events if e.kind == "exit"}
    pv, node = [], 0
    while best.get(node) is not None:
        pv.append(best[node])
        node = next((c for c in children.get(node, ()) if path_of[c][-1] == pv[-1]), None)
        if node is None:
            break
    return pv


def _visits_only(case: Case, run: Run, algorithm: str) -> StudentResult:
    """The trace of the visits alone: nodes entered in order, static values at leaves."""
    ids, events = {}, []
    for path in run.visits:
        parent = ids.get(path[:-1]) if path else None
        if path and parent is None:
            continue                        # a node reached without its parent: skipped
        ids[path] = len(ids)
        state = _state_at(case, path)
        over = state.is_terminal()
        events.append(TraceEvent("enter", ids[path], parent, len(path),
                                 path[-1] if path else None,
                                 player=TERMINAL if over else state.current_player()))
        if over:
            events.append(TraceEvent("terminal", ids[path], ply=len(path),
                                     value=static_value(case, path)))
    return StudentResult(events, run.value, run.action, [], len(ids), 0,
                         "minimax" if algorithm != "alphabeta" else "alphabeta")
