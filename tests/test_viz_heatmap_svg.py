"""Results tables as SVG heatmaps (qsearch.viz.heatmap_svg): lesson 07's pictures, the same on a
computer and on the browser site, fitted to the notebook's output area."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from qsearch.viz.heatmap_svg import EMPTY, RED_BLUE, Panel, colour, heatmap_svg

SVG = "{http://www.w3.org/2000/svg}"


def panel(values=((0, 10), (5, 2.5)), rows=("Poda 3", "MCTS 40"), cols=("Poda 3", "Random"),
          title="ours (4.5)", texts=None) -> Panel:
    return Panel(title, values, rows, cols, xlabel="red (moves first in position 1)",
                 ylabel="white", texts=texts)


def test_the_scale_runs_from_blue_through_white_to_red():
    assert colour(0, 10) == RED_BLUE[0] and colour(10, 10) == RED_BLUE[-1]
    assert colour(5, 10) == "#f7f7f7"
    # halfway between two stops mixes them
    assert colour(0.5, 10) == "#" + "".join(
        f"{round((int(RED_BLUE[0][i:i + 2], 16) + int(RED_BLUE[1][i:i + 2], 16)) / 2):02x}"
        for i in (1, 3, 5))


def test_every_cell_is_drawn_in_its_colour_with_its_number():
    root = ET.fromstring(heatmap_svg([panel()]))
    rects = [r for r in root.iter(SVG + "rect") if r.get("fill") != "white"]
    assert [r.get("fill") for r in rects] == [colour(v, 10) for v in (0, 10, 5, 2.5)]
    texts = [t.text for t in root.iter(SVG + "text")]
    for expected in ("0", "10", "5", "2.5", "Poda 3", "MCTS 40", "Random", "ours (4.5)",
                     "white", "red (moves first in position 1)"):
        assert expected in texts
    inks = {t.text: t.get("fill") for t in root.iter(SVG + "text") if t.get("fill")}
    assert inks["0"] == inks["10"] == "white" and inks["5"] == inks["2.5"] == "black"


def test_a_pair_fits_the_output_area_and_keeps_its_proportions():
    wide = panel(values=[[1] * 9] * 6, rows=[f"MCTS {n}" for n in range(6)],
                 cols=[f"MCTS {n}" for n in range(9)])
    root = ET.fromstring(heatmap_svg([wide, wide], max_width=800))
    _, _, w, h = (float(v) for v in root.get("viewBox").split())
    assert w > 800 and float(root.get("width")) == 800
    assert float(root.get("height")) == pytest.approx(h * 800 / w, abs=1)
    small = ET.fromstring(heatmap_svg([panel()], max_width=800))
    assert float(small.get("width")) == float(small.get("viewBox").split()[2])   # not enlarged


def test_labels_are_escaped():
    root = ET.fromstring(heatmap_svg([panel(rows=("a<b", "c&d"), title="x > y")]))
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "a<b" in texts and "c&d" in texts and "x > y" in texts


@pytest.mark.parametrize("bad, message", [
    (dict(values=((0, 10),)), "2 rows of 2 numbers"),
    (dict(values=((0, 10), (5,))), "2 rows of 2 numbers"),
    (dict(values=((0, 11), (5, 5))), "from 0 to 10"),
    (dict(values=((0, -1), (5, 5))), "from 0 to 10"),
    (dict(values=((0, "7"), (5, 5))), "from 0 to 10"),
    (dict(values=((0, True), (5, 5))), "from 0 to 10"),
])
def test_a_grid_that_does_not_match_its_labels_or_scale_is_refused(bad, message):
    with pytest.raises(ValueError, match=message):
        heatmap_svg([panel(**bad)])


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="at least one panel"):
        heatmap_svg([])
    with pytest.raises(TypeError, match="Panel"):
        heatmap_svg([[[1, 2], [3, 4]]])
    with pytest.raises(ValueError, match="top must be"):
        heatmap_svg([panel()], top=0)
    with pytest.raises(ValueError, match="max_width"):
        heatmap_svg([panel()], max_width=10)


def test_an_empty_cell_is_grey_and_a_cell_may_write_its_own_text():
    grid = panel(values=((None, 0.75), (0.25, None)), texts=(("", "3/4"), ("1/4", "")))
    root = ET.fromstring(heatmap_svg([grid], top=1))
    rects = [r.get("fill") for r in root.iter(SVG + "rect") if r.get("fill") != "white"]
    assert rects == [EMPTY, colour(0.75, 1), colour(0.25, 1), EMPTY]
    texts = [t.text for t in root.iter(SVG + "text")]
    assert "3/4" in texts and "1/4" in texts and "0.75" not in texts and "" not in texts
    with pytest.raises(ValueError, match="texts must have the shape"):
        heatmap_svg([panel(texts=(("a", "b"),))])
