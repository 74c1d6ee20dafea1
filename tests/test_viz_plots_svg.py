"""The plots without matplotlib (the browser site offline): plain SVG charts with axes, ticks,
a legend and a log scale, drawn by qsearch.viz.svg_chart; and no apt-get advice in Pyodide."""
from __future__ import annotations

import math
import re
import sys
import xml.etree.ElementTree as ET

import pytest

from qsearch.viz import plots, svg_chart
from qsearch.viz.chart_scale import log_ticks, nice_ticks, tick_text
from qsearch.viz.svg_chart import SvgAxes, SvgFigure

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def no_matplotlib(monkeypatch):
    """``import matplotlib`` fails, as in Pyodide with no network."""
    for name in ("matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)


def parse(axes: SvgAxes) -> ET.Element:
    root = ET.fromstring(axes.figure.to_svg())
    assert root.tag == SVG + "svg" and root.get("viewBox")
    return root


def texts(root: ET.Element) -> list[str]:
    return [el.text for el in root.iter(SVG + "text")]


def polylines(root: ET.Element) -> list[list[tuple[float, float]]]:
    return [[tuple(map(float, p.split(","))) for p in el.get("points").split()]
            for el in root.iter(SVG + "polyline")]


def test_nice_ticks_are_one_two_or_five_times_a_power_of_ten():
    assert nice_ticks(0, 210) == [0, 50, 100, 150, 200]
    assert nice_ticks(0.75, 6.25, 8) == [1, 2, 3, 4, 5, 6]
    assert nice_ticks(-0.1, 0.9) == [0, 0.2, 0.4, 0.6, 0.8]


def test_log_ticks_are_the_powers_of_ten_in_range():
    assert log_ticks(9, 15120) == [10, 100, 1000, 10000]
    assert log_ticks(0.5, 1e20) == [1e0, 1e3, 1e6, 1e9, 1e12, 1e15, 1e18]   # every third
    assert log_ticks(3, 9) == [5]                    # no power of ten inside: 1, 2, 5 times


def test_tick_text():
    assert tick_text(1000, 1, log=True) == "10³" and tick_text(0.01, 1, log=True) == "10⁻²"
    assert tick_text(12000, 5000) == "12,000"
    assert tick_text(0.25, 0.05) == "0.25"
    assert tick_text(2e8, 1e8) == "2e+08"


def test_nodes_by_depth_without_matplotlib_is_a_real_log_chart(no_matplotlib):
    counts = {"minimax": [9, 72, 504, 3024], "alpha-beta": [9, 40, 0, 700]}
    ax = plots.plot_nodes_by_depth(counts, [1, 2, 3, 4], title="Tic-tac-toe")
    assert isinstance(ax, SvgAxes) and ax.yscale == "log"
    root = parse(ax)
    shown = texts(root)
    assert "Tic-tac-toe" in shown and "minimax" in shown and "alpha-beta" in shown
    assert "depth limit (plies)" in shown and "nodes searched (log scale)" in shown
    assert ["10¹", "10²", "10³"] == [t for t in shown if t.startswith("10")]
    assert ["1", "2", "3", "4"] == [t for t in shown if t in "1234"]
    minimax, before_zero = polylines(root)     # alpha-beta broken at its 0: 2 points, then
    assert len(minimax) == 4 and len(before_zero) == 2      # one point (a marker, no line)
    assert len(list(root.iter(SVG + "circle"))) == 4 + 3 + 2   # markers, and the legend's
    # log scale: equal ratios, equal heights; higher counts higher up (smaller y)
    ys = [y for _, y in minimax]
    assert ys == sorted(ys, reverse=True)
    per_decade = (ys[0] - ys[2]) / math.log10(504 / 9)
    assert (ys[1] - ys[3]) / math.log10(3024 / 72) == pytest.approx(per_decade, rel=1e-3)
    xs = [x for x, _ in minimax]
    assert xs[1] - xs[0] == pytest.approx(xs[3] - xs[2], abs=0.11)


def test_node_comparison_without_matplotlib_shades_the_saving(no_matplotlib):
    ax = plots.plot_node_comparison([100, 100], [20, 30])
    root = parse(ax)
    assert "75.00% of the nodes pruned" in texts(root)
    bands = list(root.iter(SVG + "polygon"))
    assert len(bands) == 1 and len(bands[0].get("points").split()) == 4
    legend = [t for t in texts(root) if "pruning" in t]
    assert legend == ["without pruning", "with pruning"]      # "_nodes saved" is not shown
    (a, b) = polylines(root)
    assert a[0][0] == b[0][0] and a[-1][1] < b[-1][1]            # 200 above 50


def test_bars_side_by_side_with_their_values(no_matplotlib):
    left, right = plots.axes_row(2, figsize=(11, 3.5))
    assert left.figure is right.figure
    plots.plot_bars({"tree nodes": [1, 9, 72]}, [0, 1, 2], left, value_labels=True,
                    title="nodes per depth")
    plots.plot_bars({"nodes": [1, 9, 72], "positions": [1, 9, 0]}, [0, 1, 2], right, log=True)
    root = parse(left)
    rects = [r for r in root.iter(SVG + "rect") if r.get("fill") in svg_chart.COLOURS]
    assert len(rects) == 3 + 5 + 1 + 1          # 3 bars, 5 on the log side (no bar for 0),
    shown = texts(root)                          # and the legend's two swatches
    assert {"1", "9", "72"} <= set(shown) and "positions" in shown
    heights = [float(r.get("height")) for r in rects[:3]]
    assert heights[2] / heights[1] == pytest.approx(72 / 9, rel=0.02)   # linear, from 0
    assert "nodes" not in [t for t in shown if t == "tree nodes"]    # one series: no legend
    width = float(root.get("width"))
    assert width == 11 * svg_chart.PX_PER_INCH
    assert all(float(r.get("x")) < width / 2 for r in rects[:3])      # left half


def test_lines_with_markers_and_inverted_x(no_matplotlib):
    ax = plots.plot_lines({"a": [1, 10, 100], "b": [2, 20, 200]}, [0, 1, 2], log=True,
                          xlabel="x", ylabel="y")
    ax.invert_xaxis()
    root = parse(ax)
    a, _ = polylines(root)
    assert a[0][0] > a[-1][0]                        # x decreases to the right
    assert len(list(root.iter(SVG + "circle"))) == 3 + 1     # markers + the legend's
    assert len([r for r in root.iter(SVG + "rect") if float(r.get("width")) == 4]) == 3 + 1


def test_the_figure_shows_when_the_cell_ends(no_matplotlib, monkeypatch):
    shown, hooks = [], []

    class Events:
        def register(self, name, hook):
            hooks.append((name, hook))

    class Shell:
        events = Events()

    shell = Shell()
    monkeypatch.setattr("IPython.get_ipython", lambda: shell)
    monkeypatch.setattr("IPython.display.display", shown.append)
    monkeypatch.setattr(svg_chart, "_HOOKED", [])
    monkeypatch.setattr(svg_chart, "_PENDING", [])
    ax = plots.plot_nodes_per_move({"x": [1, 2]})
    plots.plot_nodes_per_move({"y": [3, 4]})
    assert [name for name, _ in hooks] == ["post_execute"]      # registered once
    assert shown == []
    hooks[0][1]()
    assert len(shown) == 2 and shown[0] is ax.figure
    assert "<svg" in shown[0]._repr_svg_()
    hooks[0][1]()
    assert len(shown) == 2                           # each figure once


def test_bad_input_is_refused(no_matplotlib, tmp_path):
    ax = SvgFigure().axes[0]
    with pytest.raises(ValueError, match="same length"):
        ax.plot([1, 2], [1])
    with pytest.raises(ValueError, match="marker"):
        ax.plot([1], [1], marker="x")
    with pytest.raises(TypeError, match="numbers"):
        ax.plot([1], ["1"])
    with pytest.raises(ValueError, match="scale"):
        ax.set_yscale("symlog")
    with pytest.raises(ValueError, match="ncols"):
        plots.axes_row(0)
    with pytest.raises(ValueError, match="svg only"):
        ax.figure.savefig(tmp_path / "a.png")
    with pytest.raises(ValueError, match="values for 2"):
        plots.plot_bars({"a": [1]}, [0, 1])
    ax.plot([1, 2], [3, 4])
    ax.figure.savefig(tmp_path / "a.svg")
    assert re.match(r"<svg ", (tmp_path / "a.svg").read_text())


def test_no_apt_get_advice_in_the_browser(monkeypatch, capsys):
    from qsearch.viz import tree as tree_module
    from qsearch.viz.layout import PureDigraph

    monkeypatch.setattr(tree_module.shutil, "which", lambda name: None)
    monkeypatch.setattr(tree_module.sys, "executable", "/nonexistent/python")
    monkeypatch.setattr(tree_module, "_NOTICE_SHOWN", False)
    monkeypatch.setattr(sys, "platform", "emscripten")
    dot = tree_module.new_digraph()
    assert isinstance(dot, PureDigraph)
    assert capsys.readouterr().err == ""
    with pytest.raises(RuntimeError, match="in the browser only SVG") as error:
        dot.pipe(format="png")
    assert "apt-get" not in str(error.value)


def test_a_log_x_axis(no_matplotlib):
    ax = plots.plot_lines({"share": [0.2, 0.4, 0.5, 0.6]}, [30, 300, 3_000, 30_000], xlog=True)
    root = parse(ax)
    assert ["10²", "10³", "10⁴"] == [t for t in texts(root) if t.startswith("10")]
    (line,) = polylines(root)
    gaps = [b[0] - a[0] for a, b in zip(line, line[1:], strict=False)]
    assert gaps == pytest.approx([gaps[0]] * 3, abs=0.11)      # x10 each: equal steps


def test_with_matplotlib_the_same_calls_draw_on_its_axes():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    left, right = plots.axes_row(2, figsize=(8, 3))
    plots.plot_bars({"nodes": [1, 9, 72], "positions": [1, 9, 0]}, [0, 1, 2], left,
                    value_labels=True, log=True)
    plots.plot_lines({"a": [1, 10, 100], "b": [2, 20, 200]}, [1, 10, 100], right, log=True,
                     xlog=True)
    assert len(left.patches) == 6 and left.get_yscale() == "log"
    assert [t.get_text() for t in left.get_legend().get_texts()] == ["nodes", "positions"]
    assert len(right.get_lines()) == 2 and right.get_xscale() == "log"
    assert list(right.get_lines()[1].get_ydata()) == [2, 20, 200]
    plt.close("all")
