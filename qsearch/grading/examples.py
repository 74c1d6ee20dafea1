"""The classic bugs of a student's alpha-beta, one line changed each (marked ``# BUG``), as
lesson 12 shows them and as the tests of :mod:`qsearch.grading` check them.

Each function is ``alphabeta`` of lesson 12 (MAX/MIN form, fail-soft, cut on α ≥ β) with one
mistake; :data:`BUGS` maps each to the finding :func:`~qsearch.grading.check_search` names.
:func:`source` gives a function's text exactly as the lesson's cell shows it to a student
(scripts/make_notebook_12.py builds the cells from it).
"""
from __future__ import annotations

import inspect
import math

INF = math.inf


def window_not_handed_down(state, depth, evaluate, alpha, beta, maximizing, player):
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = window_not_handed_down(state.child(a), depth - 1, evaluate, -INF, INF,  # BUG
                                   not maximizing, player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def mover_view(state, depth, evaluate, alpha, beta, maximizing, player):
    if state.is_terminal():
        return evaluate(state, player)
    if depth == 0:
        return evaluate(state, state.current_player())                          # BUG
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = mover_view(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing, player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def late_cut_test(state, depth, evaluate, alpha, beta, maximizing, player):
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = late_cut_test(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing,
                          player)
        if alpha >= beta:                                                       # BUG
            break
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
    return best


def one_ply_too_deep(state, depth, evaluate, alpha, beta, maximizing, player):
    if state.is_terminal() or depth < 0:                                        # BUG
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = one_ply_too_deep(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing,
                             player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def cut_on_ties(state, depth, evaluate, alpha, beta, maximizing, player):
    """Returns (value, action)."""
    if state.is_terminal() or depth == 0:
        return evaluate(state, player), None
    best, best_action = (-INF if maximizing else INF), None
    for a in state.legal_actions():
        v, _ = cut_on_ties(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing,
                           player)
        if (v >= best) if maximizing else (v <= best):                          # BUG
            best, best_action = v, a
        if maximizing:
            alpha = max(alpha, best)
        else:
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best, best_action


def in_place(state, depth, evaluate, alpha, beta, maximizing, player):
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        state.apply_action(a)                                                   # BUG
        v = in_place(state, depth - 1, evaluate, alpha, beta, not maximizing, player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


BUGS = {window_not_handed_down: "window_not_handed_down", mover_view: "mover_view",
        late_cut_test: "late_cut_test", one_ply_too_deep: "one_ply_too_deep",
        cut_on_ties: "cut_on_ties", in_place: "in_place"}


def source(name: str) -> str:
    """The text of the buggy search ``name`` (``"late_cut_test"``...), as a student reads it."""
    found = [fn for fn in BUGS if fn.__name__ == name]
    if not isinstance(name, str) or not found:
        raise ValueError(f"no buggy search {name!r}: the examples are "
                         + ", ".join(fn.__name__ for fn in BUGS))
    return inspect.getsource(found[0]).rstrip("\n")


__all__ = ["BUGS", "INF", "cut_on_ties", "in_place", "late_cut_test", "mover_view",
           "one_ply_too_deep", "source", "window_not_handed_down"]
