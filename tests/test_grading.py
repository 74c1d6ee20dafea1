"""check_search (issue 44): right searches pass, the seven classic bugs are named, hostile
code gives findings and never crashes the caller.

The students' functions below (and lesson 12's buggy ones, from qsearch.grading.examples) are
written the way students write them; each buggy one differs from ``alphabeta`` in the lines
marked ``# BUG``.
"""
from __future__ import annotations

import math
import re

import pytest

from qsearch.grading import check_search
from qsearch.grading.examples import (
    cut_on_ties,
    in_place,
    late_cut_test,
    mover_view,
    one_ply_too_deep,
    window_not_handed_down,
)
from qsearch.i18n import set_language

INF = math.inf


# ------------------------------------------------------------------ right searches
def minimax(state, depth, evaluate, maximizing, player):
    """Minimax with a flag; values for ``player``, the root player."""
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    values = [minimax(state.child(a), depth - 1, evaluate, not maximizing, player)
              for a in state.legal_actions()]
    return max(values) if maximizing else min(values)


def negamax(state, depth, evaluate):
    """Negamax: the value for the player to move."""
    return _negamax(state, depth, evaluate, state.current_player())


def _negamax(state, depth, evaluate, me):
    if state.is_terminal() or depth == 0:
        return evaluate(state, me)
    return max(-_negamax(state.child(a), depth - 1, evaluate, 1 - me)
               for a in state.legal_actions())


def alphabeta(state, depth, evaluate, alpha, beta, maximizing, player):
    """MAX/MIN alpha-beta, fail-soft, cut on alpha >= beta."""
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = alphabeta(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing, player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
        if alpha >= beta:
            break
    return best


def alphabeta_hard_strict(state, depth, evaluate, alpha, beta, maximizing, player):
    """Fail-hard, document 002's strict cut (alpha > beta), returning (value, action)."""
    if state.is_terminal() or depth == 0:
        return evaluate(state, player), None
    best_action = None
    for a in state.legal_actions():
        v, _ = alphabeta_hard_strict(state.child(a), depth - 1, evaluate, alpha, beta,
                                     not maximizing, player)
        if maximizing and v > alpha:
            alpha, best_action = v, a
        elif not maximizing and v < beta:
            beta, best_action = v, a
        if best_action is None:
            best_action = a
        if alpha > beta:
            break
    return (alpha if maximizing else beta), best_action


def negamax_alphabeta(state, depth, evaluate, alpha=-INF, beta=INF, me=None):
    """Negamax alpha-beta with apply/undo on one state, returning (value, action)."""
    if me is None:
        me = state.current_player()
    if state.is_terminal() or depth == 0:
        return evaluate(state, me), None
    best, best_action = -INF, None
    for a in state.legal_actions():
        state.apply_action(a)
        v = -negamax_alphabeta(state, depth - 1, evaluate, -beta, -alpha, 1 - me)[0]
        state.undo_action()
        if v > best:
            best, best_action = v, a
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best, best_action


# ------------------------------------------------------------------ the seven bugs
# six as lesson 12 shows them (qsearch.grading.examples, imported above); two more here
def forgets_the_cut(state, depth, evaluate, alpha, beta, maximizing, player):
    """Hands the window down, never tests it: no pruning, not a window problem."""
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best = -INF if maximizing else INF
    for a in state.legal_actions():
        v = forgets_the_cut(state.child(a), depth - 1, evaluate, alpha, beta, not maximizing,
                            player)
        if maximizing:
            best = max(best, v)
            alpha = max(alpha, best)
        else:
            best = min(best, v)
            beta = min(beta, best)
    return best                                                                 # BUG


def stale_window(state, depth, evaluate, alpha, beta, maximizing, player):
    """Hands each child the window it was given, not the narrowed one."""
    if state.is_terminal() or depth == 0:
        return evaluate(state, player)
    best, lo, hi = (-INF if maximizing else INF), alpha, beta
    for a in state.legal_actions():
        v = stale_window(state.child(a), depth - 1, evaluate, lo, hi,                # BUG
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


# ------------------------------------------------------------------ tests
@pytest.mark.parametrize("fn, algorithm", [
    (minimax, "minimax"), (negamax, "negamax"), (negamax, "minimax"),
    (alphabeta, "alphabeta"), (alphabeta_hard_strict, "alphabeta"),
    (negamax_alphabeta, "alphabeta")])
def test_right_searches_pass(fn, algorithm):
    report = check_search(fn, algorithm)
    assert report.ok, str(report)
    assert report.findings == []
    assert report.cases >= 10


@pytest.mark.parametrize("fn, name", [
    (minimax, "no_pruning"), (window_not_handed_down, "window_not_handed_down"),
    (mover_view, "mover_view"), (late_cut_test, "late_cut_test"),
    (one_ply_too_deep, "one_ply_too_deep"), (cut_on_ties, "cut_on_ties"),
    (in_place, "in_place"), (forgets_the_cut, "no_pruning"),
    (stale_window, "window_not_handed_down")])
def test_each_classic_bug_is_named(fn, name):
    report = check_search(fn, "alphabeta")
    assert not report.ok
    assert report.names == [name], str(report)


def test_a_finding_is_shown_on_the_smallest_position():
    finding = check_search(late_cut_test).findings[0]
    assert finding.case.kind == "tree"
    assert finding.case.size <= 20          # a tree of at most 20 nodes shows it
    text = str(check_search(late_cut_test))
    assert "Nodes it visited that alpha-beta (cut on α ≥ β) does not (1): N7." in text


COUNTS = re.compile(r"Your search: value \S+, (\d+) nodes; (.+?): value \S+, (\d+) nodes\.")


@pytest.mark.parametrize("fn", [minimax, window_not_handed_down, mover_view, late_cut_test,
                                one_ply_too_deep, stale_window])
def test_the_node_count_and_the_node_lists_agree(fn):
    """The counts and the lists under them come from the same alpha-beta, named in both."""
    for line in str(check_search(fn)).split("\n\n")[1:]:
        theirs, reference, right = COUNTS.search(line).groups()
        extra = re.search(r"Nodes it visited that (.+?) does not \((\d+)\)", line)
        missing = re.search(r"Nodes (.+?) visits that it left out \((\d+)\)", line)
        for found in (extra, missing):
            assert found is None or found.group(1) == reference
        n_extra = int(extra.group(2)) if extra else 0
        n_missing = int(missing.group(2)) if missing else 0
        assert int(theirs) - int(right) == n_extra - n_missing, line
        assert reference in ("alpha-beta (cut on α ≥ β)",
                             "alpha-beta (cut on α > β, document 002)")


def test_the_bugs_that_cost_nodes_are_told_apart_by_their_evidence():
    no_pruning, window, late = (str(check_search(fn)) for fn in
                                (minimax, window_not_handed_down, late_cut_test))
    assert "N3 was called with [−∞, ∞]; alpha-beta passes [3, ∞]." in window
    assert ("N3 searched N7 = 9, then stopped without using it; alpha-beta stops before N7."
            in late)
    assert "was called with" not in no_pruning and "stopped without" not in no_pruning
    assert "tree with an early cut" in late


def test_the_tree_one_ply_too_deep_is_printed_one_ply_deeper():
    text = str(check_search(one_ply_too_deep))
    listed = re.search(r"does not \(\d+\): ([^.]+)\.", text).group(1).split(", ")
    tree = next(line for line in text.splitlines() if line.strip().startswith("N1:["))
    assert listed and all(f"{name}:" in tree for name in listed)
    assert "(printed one ply deeper than depth 2" in text


def test_a_state_changed_in_place_is_shown_with_its_path():
    text = str(check_search(in_place))
    assert "no longer the same: it was at N9 (N1 → 0 → 0 → 1)." in text


def test_the_tie_bug_shows_the_move_and_its_true_value():
    text = str(check_search(cut_on_ties))
    assert "It chose N3, worth only 1 (the best is worth 3)." in text


def test_an_illegal_move_is_named():
    def plays_off_the_board(state, depth, evaluate):
        return negamax(state, depth, evaluate), 99

    report = check_search(plays_off_the_board, "negamax")
    assert report.names == ["wrong_action"]
    assert "It returned the action 99, not a legal move at the root." in str(report)


def test_a_bug_in_minimax_is_named_there():
    def minimax_mover_view(state, depth, evaluate, maximizing, player):
        if state.is_terminal():
            return evaluate(state, player)
        if depth == 0:
            return evaluate(state, state.current_player())                      # BUG
        values = [minimax_mover_view(state.child(a), depth - 1, evaluate, not maximizing,
                                     player) for a in state.legal_actions()]
        return max(values) if maximizing else min(values)

    assert check_search(minimax_mover_view, "minimax").names == ["mover_view"]
    assert check_search(alphabeta, "minimax").names == ["prunes"]


# ------------------------------------------------------------------ hostile code
def raises(state, depth, evaluate):
    raise RuntimeError("<b>not yet</b>")


def loops(state, depth, evaluate):
    while True:
        pass


def loops_on_states(state, depth, evaluate):
    while True:
        state.legal_actions()


def recurses(state, depth, evaluate):
    return recurses(state, depth, evaluate)


def returns_text(state, depth, evaluate):
    return "3"


def prints(state, depth, evaluate, maximizing, player):
    print("visiting", state)
    return minimax(state, depth, evaluate, maximizing, player)


@pytest.mark.parametrize("fn, name", [
    (raises, "raises"), (loops, "loops"), (loops_on_states, "loops"),
    (recurses, "recursion"), (returns_text, "wrong_type")])
def test_hostile_code_gives_a_finding(fn, name):
    report = check_search(fn, "alphabeta", lines=20_000, questions=20_000)
    assert not report.ok
    assert report.names[0] == name, str(report)


def swallows_everything(state, depth, evaluate):
    while True:
        try:
            state.legal_actions()
        except Exception:                                                      # noqa: BLE001
            pass


def test_a_budget_cannot_be_swallowed_and_the_callers_tracer_comes_back():
    import sys

    def tracer(frame, event, arg):
        return None

    sys.settrace(tracer)
    try:
        report = check_search(swallows_everything, questions=5_000)
        assert sys.gettrace() is tracer
    finally:
        sys.settrace(None)
    assert report.names[0] == "loops"
    assert "more than 5 000 questions" in report.findings[0].run.message


def waits_forever(state, depth, evaluate):
    import threading

    threading.Event().wait()            # a wait in C: no line runs, no state is asked


def test_a_search_that_waits_is_stopped_by_the_alarm():
    report = check_search(waits_forever, seconds=0.2)
    assert report.names == ["loops"]
    assert report.findings[0].run.message == "more than 0.2 seconds"
    with pytest.raises(ValueError, match="seconds"):
        check_search(negamax, seconds=0)


def test_printing_is_a_remark_not_a_failure(capsys):
    report = check_search(prints, "minimax")
    assert report.ok and report.names == ["prints"]
    assert capsys.readouterr().out == ""            # nothing reached the notebook


def test_the_students_words_are_escaped():
    report = check_search(raises)
    assert "<b>not yet</b>" in str(report)
    assert "&lt;b&gt;not yet&lt;/b&gt;" in report._repr_html_()
    assert "<b>not" not in report._repr_html_()
    assert "\\<b\\>not yet\\</b\\>" in report._repr_markdown_()
    assert "line " in str(report)                   # the student's line is named


def test_the_report_speaks_spanish():
    try:
        set_language("es")
        text = str(check_search(late_cut_test))
    finally:
        set_language(None)
    assert "El corte se comprueba con un hijo de retraso" in text


@pytest.mark.parametrize("fn", [lambda state: 0, lambda s, d, e, x, y, z, w, v: 0,
                                lambda s, d, e, *, key: 0])
def test_unaccepted_signatures_are_a_type_error(fn):
    with pytest.raises(TypeError, match="check_search accepts"):
        check_search(fn)


def test_bad_arguments():
    with pytest.raises(ValueError, match="algorithm"):
        check_search(negamax, "mcts")
    with pytest.raises(TypeError, match="function"):
        check_search(3)
    with pytest.raises(ValueError, match="questions"):
        check_search(negamax, questions=0)


def test_a_recursion_without_end_points_at_the_recursive_call():
    finding = check_search(recurses, "negamax").findings[0]
    assert finding.name == "recursion"
    assert finding.run.where.startswith("line ")
    assert "return recurses(state, depth, evaluate)" in finding.run.where  # not the def
    try:
        set_language("es")
        assert check_search(recurses, "negamax").findings[0].run.where.startswith("línea ")
    finally:
        set_language(None)
