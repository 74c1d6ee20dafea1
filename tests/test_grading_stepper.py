"""report.stepper() (issue 44): the student's own search, step by step, beside alpha-beta's,
drawn as SVG without a browser."""
from __future__ import annotations

import re

import pytest
from test_grading import alphabeta, late_cut_test, minimax, negamax, negamax_alphabeta

from qsearch.grading import check_search
from qsearch.grading.cases import default_cases
from qsearch.viz.searchtree import build_search_tree


def _entered(stepper) -> list[tuple]:
    tree = build_search_tree(stepper.result.trace)
    return [n.path for n in sorted(tree.nodes.values(), key=lambda n: n.id)]


def test_the_students_nodes_in_the_students_order():
    report = check_search(late_cut_test)
    side = report.stepper()
    finding = report.findings[0]
    assert _entered(side.student) == finding.run.visits
    assert _entered(side.reference) in finding.want.visits.values()
    extra = set(finding.run.visits) - set(_entered(side.reference))
    assert extra                              # the node alpha-beta cuts is drawn on the left
    captions = side.student.captions()
    assert captions[0].startswith("Start at the root N1 (MAX) with α = −∞, β = ∞")


def test_the_reference_is_the_variant_the_report_compares_with():
    """The report's counts, its node lists and the stepper's right side: one alpha-beta."""
    for fn in (minimax, late_cut_test):
        report = check_search(fn)
        finding, side = report.findings[0], report.stepper()
        assert finding.variant == (False, False)          # α ≥ β, as the lesson's text says
        assert side.reference.draw_options["strict"] is False
        assert _entered(side.reference) == finding.want.visits[finding.variant]
        count = re.search(r"alpha-beta \(cut on α ≥ β\): value \S+, (\d+) nodes",
                          str(report))
        assert int(count.group(1)) == len(_entered(side.reference))


def test_both_sides_draw_a_nodes_window_after_its_latest_update():
    side = check_search(late_cut_test).stepper()
    student = build_search_tree(side.student.result.trace)
    reference = build_search_tree(side.reference.result.trace)
    ours = {n.path: n.window for n in student.nodes.values() if n.children}
    theirs = {n.path: n.window for n in reference.nodes.values() if n.children}
    assert ours == theirs                     # root [3, ∞], N2 [−∞, 3], N3 [3, 2]
    assert ours[()] == (3, float("inf")) and ours[(1,)] == (3, 2)


def test_the_window_the_student_passed_is_shown():
    side = check_search(alphabeta).stepper()            # passes: the smallest position
    windows = [(e.alpha, e.beta) for e in side.student.result.trace if e.kind == "enter"]
    reference = [(e.alpha, e.beta) for e in side.reference.result.trace if e.kind == "enter"]
    assert windows == reference                         # the same windows alpha-beta passes
    assert side.student.algorithm == "alphabeta"


def test_a_negamax_is_shown_from_the_root_players_view():
    side = check_search(negamax_alphabeta).stepper()
    exits = [e.value for e in side.student.result.trace if e.kind in ("exit", "leaf",
                                                                       "terminal")]
    ref = [e.value for e in side.reference.result.trace if e.kind in ("exit", "leaf",
                                                                      "terminal")]
    assert exits == ref
    values = [e.value for e in check_search(negamax, "negamax").stepper().student.result.trace
              if e.kind == "exit"]
    minimax_values = [e.value for e in check_search(minimax, "minimax").stepper()
                      .student.result.trace if e.kind == "exit"]
    assert values == minimax_values


def test_it_renders_without_a_browser():
    side = check_search(late_cut_test).stepper()
    for k in range(side.student.n_steps):
        assert side.student.svg(k).startswith("<svg")
    picture = side._repr_svg_()
    assert picture.count("<svg") == 3               # the gallery and its two trees
    assert ">Your search<" in picture                # the titles, alpha-beta's variant named
    assert ">Alpha&#45;beta (cut on α ≥ β)<" in picture
    assert "height:auto" not in picture             # nested trees keep their height
    box = side.widget
    assert type(box).__name__ == "HBox" and len(box.children) == 2
    assert "qsearch-stepper" in box.children[0]._dom_classes


def test_a_cut_in_the_students_search_is_captioned():
    tie_at_root = [c for c in default_cases() if c.family == "tie_root"]
    side = check_search(alphabeta, cases=tie_at_root).stepper(interval=500)
    cuts = [c for c in side.student.captions() if "not searched" in c]
    assert cuts and re.match(r"Your search stops at N\d+ \((MAX|MIN)\): N\d+ not searched\.",
                             cuts[0])


def test_choosing_a_finding():
    report = check_search(minimax)
    assert report.stepper("no_pruning").reference.algorithm == "alphabeta"
    assert report.stepper(0).student.n_steps > 0
    with pytest.raises(ValueError, match="no finding called"):
        report.stepper("cut_on_ties")
    with pytest.raises(ValueError, match="which must be in"):
        report.stepper(5)
    with pytest.raises(TypeError):
        report.stepper(1.5)
