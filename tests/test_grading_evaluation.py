"""check_evaluation (issue 44): an evaluation's contract (a number, the state unchanged, the
same number twice, the declared bounds, zero-sum when declared) on random positions."""
from __future__ import annotations

import itertools

import pytest

from qsearch.games.connect4 import Connect4
from qsearch.grading import check_evaluation
from qsearch.heuristics.connect4 import evaluation_table
from qsearch.i18n import set_language


def table_difference(state, player):
    """Document 001's table, player's score minus the opponent's; a win is worth 1000."""
    if state.is_terminal():
        return 1000.0 * state.returns()[player]
    return evaluation_table(state, player) - evaluation_table(state, 1 - player)


table_difference.bounds = (-1000, 1000)
table_difference.zero_sum = True


def returns_none(state, player):
    return None


def plays_a_move(state, player):
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return 0.0


_counter = itertools.count()


def drifts(state, player):
    return float(next(_counter))


def too_big(state, player):
    return 5.0


too_big.bounds = (-1, 1)


def raises(state, player):
    raise KeyError("<script>")


def test_a_right_evaluation_passes():
    report = check_evaluation(table_difference, Connect4(), games=5)
    assert report.ok, str(report)
    assert report.positions > 50


@pytest.mark.parametrize("f, name", [
    (returns_none, "not_a_number"), (plays_a_move, "changes_state"),
    (drifts, "not_deterministic"), (too_big, "out_of_bounds"), (raises, "raises")])
def test_each_broken_rule_is_named(f, name):
    report = check_evaluation(f, Connect4(), games=2)
    assert report.names == [name], str(report)
    assert report.findings[0].moves == []           # the first position shows it


def test_zero_sum_is_checked_when_declared():
    assert check_evaluation(evaluation_table, "connect4", games=2).ok
    report = check_evaluation(evaluation_table, "connect4", games=2, zero_sum=True)
    assert report.names == ["not_zero_sum"]
    assert "f(state, 0) = " in str(report)


def test_the_report_escapes_and_speaks_spanish():
    report = check_evaluation(raises, Connect4(), games=1)
    assert "&lt;script&gt;" in report._repr_html_() and "<script>" not in report._repr_html_()
    try:
        set_language("es")
        assert "La función de evaluación lanza un error" in str(report)
    finally:
        set_language(None)


def test_bad_arguments():
    with pytest.raises(TypeError):
        check_evaluation(3, Connect4())
    with pytest.raises(ValueError, match="games"):
        check_evaluation(table_difference, Connect4(), games=0)
    with pytest.raises(ValueError, match="bounds"):
        check_evaluation(table_difference, Connect4(), bounds=(2, 1))
