"""The classic bugs, each written into a plain alpha-beta: what a buggy search would do.

:func:`reference_run` searches a case the way a student's search does (through the
checker's proxy states and ``evaluate``), in MAX/MIN form, with one or more of these bugs:

``no_pruning``        minimax: every child searched
``stale_window``      each node hands its children the window it was *given*, not the one
                      its earlier children narrowed (a window not handed down)
``mover_view``        a position at the depth limit scored for the player to move there
                      instead of the root player
``late_cut_test``     the cut tested before the child's value is taken into the window, so
                      one more child is searched at every cut
``one_ply_too_deep``  the depth limit met one ply late (``depth < 0`` for ``depth == 0``)
``cut_on_ties``       the cut on ties (α ≥ β), and the root taking the *last* of equal values:
                      a child cut on a tie returned only a bound, so that move can be worse

A run whose values and visits are those of a student's search names its bug (the state
changed in place is seen on the proxies instead, see :mod:`qsearch.grading.proxy`).
Without a bug it is alpha-beta itself (``strict``: cut only when α > β, document 002;
``fail_hard``: return the crossed bound), the same nodes in the same order as qsearch's.
"""
from __future__ import annotations

import math

from qsearch.grading.cases import Case
from qsearch.grading.proxy import ProxyState, Recorder
from qsearch.grading.sandbox import QUESTIONS, Run, checker_evaluate

BUGS = ("no_pruning", "stale_window", "mover_view", "late_cut_test", "one_ply_too_deep",
        "cut_on_ties")
INF = math.inf


def reference_run(case: Case, bugs=(), *, strict: bool = False,
                  fail_hard: bool = False) -> Run:
    """The :class:`~qsearch.grading.sandbox.Run` of alpha-beta with ``bugs`` on ``case``."""
    unknown = set(bugs) - set(BUGS)
    if unknown:
        raise ValueError(f"unknown bugs {sorted(unknown)}; choose among {BUGS}")
    bugs = frozenset(bugs)
    recorder = Recorder(QUESTIONS)
    root = ProxyState(case.root.clone(), recorder, case.win)
    evaluate = checker_evaluate(case)
    me = root.current_player()
    prune = "no_pruning" not in bugs

    def search(s, depth, alpha, beta, ply):
        if s.is_terminal():
            return s.returns()[me], None
        if depth == 0:
            return evaluate(s, s.current_player() if "mover_view" in bugs else me), None
        is_max = s.current_player() == me
        given = (alpha, beta)
        best, best_action = (-INF if is_max else INF), None
        cut = False
        for a in s.legal_actions():
            window = given if "stale_window" in bugs else (alpha, beta)
            v, _ = search(s.child(a), depth - 1, *window, ply + 1)
            before = (alpha, beta)
            if ply == 0 and "cut_on_ties" in bugs:
                better = v >= best
            else:
                better = v > best if is_max else v < best
            if better or best_action is None:
                best, best_action = v, a
            if is_max:
                alpha = max(alpha, best)
            else:
                beta = min(beta, best)
            lo, hi = before if "late_cut_test" in bugs else (alpha, beta)
            if prune and (lo > hi or (lo == hi and (not strict or "cut_on_ties" in bugs))):
                cut = True
                break
        if fail_hard:
            best = (beta if cut else alpha) if is_max else (alpha if cut else beta)
        return best, best_action

    depth = case.depth + (1 if "one_ply_too_deep" in bugs else 0)
    run = Run()
    run.value, run.action = search(root, depth, -INF, INF, 0)
    run.value = float(run.value)
    run.visits = list(recorder.visits)
    return run
