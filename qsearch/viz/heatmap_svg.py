"""Results tables as heatmaps, drawn as plain SVG: each cell coloured from blue (0) through
white to red (the top score), with its number written in it.

Lesson 07 draws every tournament table this way, ours beside the document's. The picture
needs no matplotlib or numpy, so it is the same on a computer and on the browser site
(where both would come from Pyodide's CDN), and it is sized to fit a notebook's output
area: a pair is at most ``max_width`` pixels wide (800: JupyterLab's output area is 848 px
in a 1280 px window with the file browser open).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from qsearch.i18n import general
from qsearch.viz.svg_chart import TICK_FONT, TITLE_FONT, _text, _text_width

# ColorBrewer's 11-class RdBu, from blue to red (matplotlib's "RdBu_r")
RED_BLUE = ("#053061", "#2166ac", "#4393c3", "#92c5de", "#d1e5f0", "#f7f7f7", "#fddbc7",
            "#f4a582", "#d6604d", "#b2182b", "#67001f")
EMPTY = "#e0e0e0"          # a cell without a score (an agent against itself)
CELL = 38                   # px: a cell's side before the picture is scaled down to fit
GAP = 24                    # px between two panels
SLANT = math.radians(35)    # column labels are written at this angle, as lesson 07 did


@dataclass(frozen=True)
class Panel:
    """One heatmap: ``values[i][j]`` is row ``rows[i]``'s score against column ``cols[j]``
    (None: no score, an empty grey cell); ``texts[i][j]``, when given, is written in the cell
    instead of its number (a league's "3/4")."""

    title: str
    values: Sequence[Sequence[float | None]]
    rows: Sequence[str]
    cols: Sequence[str]
    xlabel: str = ""
    ylabel: str = ""
    texts: Sequence[Sequence[str]] | None = None


def colour(value: float, top: float) -> str:
    """The colour of ``value`` on a scale from 0 (dark blue) to ``top`` (dark red)."""
    t = min(max(value / top, 0.0), 1.0) * (len(RED_BLUE) - 1)
    k = min(int(t), len(RED_BLUE) - 2)
    low, high = RED_BLUE[k], RED_BLUE[k + 1]
    mix = [round(int(low[i:i + 2], 16) + (t - k) * (int(high[i:i + 2], 16) - int(low[i:i + 2], 16)))
           for i in (1, 3, 5)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def _check(panel: Panel, top: float) -> list[list[float]]:
    if not isinstance(panel, Panel):
        raise TypeError(f"a heatmap panel is a qsearch.viz.heatmap_svg.Panel, not {panel!r}")
    grid = [list(row) for row in panel.values]
    if len(grid) != len(panel.rows) or any(len(row) != len(panel.cols) for row in grid):
        raise ValueError(f"panel {panel.title!r}: values must be {len(panel.rows)} rows of "
                         f"{len(panel.cols)} numbers (one per row and column label)")
    for row in grid:
        for v in row:
            if v is None:
                continue
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= top:
                raise ValueError(f"panel {panel.title!r}: every value must be a number from 0 "
                                 f"to {top:g} (or None), got {v!r}")
    if panel.texts is not None and (len(panel.texts) != len(grid) or any(
            len(t) != len(row) for t, row in zip(panel.texts, grid, strict=True))):
        raise ValueError(f"panel {panel.title!r}: texts must have the shape of its values")
    return grid


def _panel_svg(panel: Panel, grid: list[list[float]], x0: float, top: float,
               size: tuple[float, float, float]) -> list[str]:
    """The panel's shapes, its left edge at ``x0``; ``size`` = (left margin, top margin, cell)."""
    left, head, cell = size
    font = TICK_FONT
    out = [_text(x0 + left + cell * len(panel.cols) / 2, TITLE_FONT + 2, panel.title,
                 TITLE_FONT, "middle")]
    for i, name in enumerate(panel.rows):
        y = head + (i + 0.5) * cell
        out.append(_text(x0 + left - 6, y + font / 3, name, font, "end"))
        for j, v in enumerate(grid[i]):
            x = x0 + left + j * cell
            out.append(f'<rect x="{x:.1f}" y="{head + i * cell:.1f}" width="{cell:.1f}" '
                       f'height="{cell:.1f}" fill="{EMPTY if v is None else colour(v, top)}"/>')
            if v is None:
                continue
            ink = "white" if abs(v - top / 2) > 0.3 * top else "black"
            shown = general(v) if panel.texts is None else panel.texts[i][j]
            out.append(f'<text x="{x + cell / 2:.1f}" y="{y + font / 3:.1f}" font-size="{font}" '
                       f'text-anchor="middle" fill="{ink}">{escape(shown)}</text>')
    bottom = head + cell * len(panel.rows)
    for j, name in enumerate(panel.cols):
        x, y = x0 + left + (j + 0.5) * cell, bottom + 8
        out.append(f'<text x="{x:.1f}" y="{y + font * 0.7:.1f}" font-size="{font}" '
                   f'text-anchor="end" transform="rotate(-35 {x:.1f} {y:.1f})">'
                   f'{escape(name)}</text>')
    label_drop = max(_text_width(c, font) for c in panel.cols) * math.sin(SLANT) + font + 14
    if panel.xlabel:
        out.append(_text(x0 + left + cell * len(panel.cols) / 2, bottom + label_drop + font,
                         panel.xlabel, font, "middle"))
    if panel.ylabel:
        x, y = x0 + font, head + cell * len(panel.rows) / 2
        out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="{font}" text-anchor="middle" '
                   f'transform="rotate(-90 {x:.1f} {y:.1f})">{escape(panel.ylabel)}</text>')
    return out


def heatmap_svg(panels: Sequence[Panel], *, top: float = 10.0, max_width: float = 800) -> str:
    """Heatmaps side by side, as one SVG document.

    Every value must be in ``[0, top]`` (lesson 07: white's score of 10 games). The picture is
    drawn with cells of :data:`CELL` px, then scaled down (never up) to ``max_width`` px.
    """
    if isinstance(top, bool) or not isinstance(top, (int, float)) or not top > 0:
        raise ValueError(f"top must be a number > 0, got {top!r}")
    if isinstance(max_width, bool) or not isinstance(max_width, (int, float)) or max_width < 100:
        raise ValueError(f"max_width must be a number of pixels >= 100, got {max_width!r}")
    panels = list(panels)
    if not panels:
        raise ValueError("heatmap_svg needs at least one panel")
    grids = [_check(p, top) for p in panels]
    font = TICK_FONT
    body, x = [], 0.0
    height = 0.0
    for panel, grid in zip(panels, grids, strict=True):
        left = (max(_text_width(r, font) for r in panel.rows) + 10
                + (2 * font if panel.ylabel else 0))
        head = TITLE_FONT + 12
        col_drop = max(_text_width(c, font) for c in panel.cols) * math.sin(SLANT) + font + 14
        title_room = _text_width(panel.title, TITLE_FONT) - CELL * len(panel.cols)
        width = left + CELL * len(panel.cols) + max(title_room / 2, 0) + 8
        body += _panel_svg(panel, grid, x, top, (left, head, CELL))
        height = max(height, head + CELL * len(panel.rows) + col_drop
                     + (2 * font if panel.xlabel else 0))
        x += width + GAP
    w, h = x - GAP, height
    shown = min(1.0, max_width / w)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w * shown:.0f}" '
            f'height="{h * shown:.0f}" viewBox="0 0 {w:.0f} {h:.0f}" '
            f'font-family="DejaVu Sans, Arial, sans-serif" style="max-width:100%;height:auto">'
            f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>' + "".join(body) + "</svg>")
