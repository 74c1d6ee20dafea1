"""The hypergammon board ties its checker colours to x and o (a legend under the board)."""
from __future__ import annotations

import re

from qsearch.games import Hypergammon
from qsearch.viz.hypergammon_svg import COLORS, hypergammon_svg


def test_the_legend_names_the_dark_checkers_x_and_the_light_ones_o():
    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    svg = hypergammon_svg(state)
    legend = re.search(r'<g class="legend">(.*?)</g>', svg).group(1)
    pairs = re.findall(r'fill="(#[0-9a-f]{6})"[^>]*/><text[^>]*>([^<]+)</text>', legend)
    assert pairs == [(COLORS[0], "x (dark)"), (COLORS[1], "o (light)")]
    x_checkers = re.findall(r'class="checker p0"[^>]*fill="(#[0-9a-f]{6})"', svg)
    assert x_checkers and set(x_checkers) == {COLORS[0]}          # x's checkers are the dark
    assert "x to play 4-5" in svg
