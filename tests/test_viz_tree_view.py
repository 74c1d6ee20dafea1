"""Steppers keep the node of the step in view on wide trees (``qsearch.viz.tree_view``)."""
from __future__ import annotations

import re

import pytest

from qsearch.games import Connect4
from qsearch.viz import tree as tree_module
from qsearch.viz.tree_view import WINDOW_PT, node_centre, picture_box, view_svg

ipywidgets = pytest.importorskip("ipywidgets")
from qsearch.viz.stepper import AlphaBetaStepper  # noqa: E402


def box_of(svg: str) -> tuple[float, ...]:
    return tuple(float(v) for v in re.search(r'<svg\b[^>]*viewBox="([^"]*)"', svg)
                 .group(1).split())


def no_dot(monkeypatch):
    monkeypatch.setattr(tree_module.shutil, "which", lambda name: None)
    monkeypatch.setattr(tree_module.sys, "executable", "/nonexistent/python")
    monkeypatch.setattr(tree_module, "_NOTICE_SHOWN", True)


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["graphviz", "pure"])
def test_the_node_of_every_step_is_inside_the_window(layout, monkeypatch):
    if layout == "pure":
        no_dot(monkeypatch)
    elif not tree_module.have_dot():
        pytest.skip("Graphviz's dot is not installed")
    stepper = AlphaBetaStepper(Connect4(), depth=2)        # a student's game: a wide tree
    _, _, width, _ = picture_box(stepper.final_svg())
    assert width > 4 * WINDOW_PT and stepper.wide
    lefts = set()
    for step in range(stepper.n_steps):
        shown = stepper.view_svg(step)
        left, _, w, _ = box_of(shown)
        x, _ = node_centre(stepper.svg(step), f"n{stepper.current_node(step)}")
        assert w == WINDOW_PT and left + w / 2 == pytest.approx(x, abs=0.01)   # the centre
        lefts.add(round(left))
        root = re.search(r"<svg\b[^>]*>", shown).group(0)
        assert 'width="600pt"' in root and "flex:none" in root      # its size: readable
        assert shown.startswith('<div class="qsearch-follow"')
        assert "justify-content:center;overflow:hidden" in shown[:200]  # a narrow cell: sides cut
    root_x, _ = node_centre(stepper.svg(0), "n0")
    assert root_x > WINDOW_PT * 2                          # step 1 is far from the left edge
    assert len(lefts) > 5                                  # the window follows the search


def test_graphviz_centres_match_its_own_text_positions():
    if not tree_module.have_dot():
        pytest.skip("Graphviz's dot is not installed")
    svg = AlphaBetaStepper([[3, 5, 1], [2, 9], [4, 4]]).final_svg()
    move = re.search(r'translate\(([-0-9.]+) ([-0-9.]+)\)', svg)
    tx = float(move.group(1))
    for name, x in re.findall(r'<title>(n\d+)</title>.*?<text text-anchor="middle" '
                              r'x="([-0-9.]+)"', svg, re.S):
        assert node_centre(svg, name)[0] == pytest.approx(float(x) + tx, abs=1.0)
    assert node_centre(svg, "n999") is None


def test_small_trees_are_shown_as_they_are_and_views_are_checked():
    stepper = AlphaBetaStepper([[3, 5], [2, 9]])
    svg = stepper.svg(2)
    assert not stepper.wide and stepper.view_svg(2) == svg == view_svg(svg, "whole")
    fit = view_svg(svg, "fit")
    assert "width:100%" in fit[:fit.index(">")] and box_of(fit) == box_of(svg)
    assert len(stepper.widget.children) == 3               # no view menu
    with pytest.raises(ValueError, match="view must be one of"):
        AlphaBetaStepper([[3, 5], [2, 9]], view="zoom")
    with pytest.raises(ValueError, match="no <svg viewBox"):
        view_svg("<svg width='3'></svg>")


def test_the_view_menu_switches_the_picture_and_the_slider_moves_the_window():
    stepper = AlphaBetaStepper(Connect4(), depth=2)
    box = stepper.widget
    assert stepper.view_menu in box.children[2].children      # the row of menus
    first = box_of(stepper.picture.value)
    stepper.slider.value = 2                               # the root's first child
    assert box_of(stepper.picture.value) != first
    x, _ = node_centre(stepper.svg(1), f"n{stepper.current_node(1)}")
    left, _, w, _ = box_of(stepper.picture.value)
    assert left <= x <= left + w
    stepper.view_menu.value = "whole"
    assert stepper.picture.value == stepper.svg(1)
    stepper.view_menu.value = "fit"
    assert "width:100%" in stepper.picture.value[:stepper.picture.value.index(">")]
    assert box_of(stepper.picture.value)[2] > 4 * WINDOW_PT
    stepper.view_menu.value = "follow"
    assert box_of(stepper.picture.value) == (left, 0.0, w, box_of(stepper.svg(1))[3])
