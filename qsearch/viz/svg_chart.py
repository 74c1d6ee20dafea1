"""Line and bar charts drawn as plain SVG, for where matplotlib cannot be imported.

The lessons' plots (:mod:`qsearch.viz.plots`) draw on matplotlib. On the browser site
(JupyterLite) matplotlib comes from Pyodide's CDN, so offline it is missing; there plots.py
draws on :class:`SvgAxes` instead: the part of matplotlib's ``Axes`` that plots.py calls
(``plot``, ``bar``, ``fill_between``, axis labels, ticks, a log scale, a legend, a grid). A
:class:`SvgFigure` holds a row of axes and shows itself as one SVG picture; in IPython it is
displayed when the cell ends, as matplotlib's inline backend shows its figures.

Scales: a linear axis gets "nice" ticks (1, 2 or 5 times a power of ten); a log axis ticks
the powers of ten (values <= 0 are not drawn, as in matplotlib).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from qsearch.viz.chart_scale import (
    fraction,
    general,
    limits,
    log_ticks,
    nice_ticks,
    tick_step,
    tick_text,
)

COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2",
           "#7f7f7f", "#bcbd22", "#17becf")      # matplotlib's default cycle
PX_PER_INCH = 80
FONT = 12                   # px: axis labels, legend
TICK_FONT = 11
TITLE_FONT = 13
CHAR_WIDTH = 0.6            # a character's width, in font sizes (to leave room for labels)
MARKERS = ("o", "s", "^", "D")


@dataclass
class Line:
    """One line of :meth:`SvgAxes.plot`."""

    xs: list[float]
    ys: list[float]
    colour: str
    label: str | None = None
    marker: str | None = None
    markersize: float = 6.0
    linestyle: str = "-"


@dataclass
class Band:
    """The area between two curves (:meth:`SvgAxes.fill_between`)."""

    xs: list[float]
    lower: list[float]
    upper: list[float]
    colour: str
    alpha: float = 0.2


@dataclass
class Bars:
    """One series of bars (:meth:`SvgAxes.bar`); ``texts`` are written above them."""

    xs: list[float]
    heights: list[float]
    width: float
    colour: str
    label: str | None = None
    texts: list[str] | None = None
    fontsize: float = TICK_FONT


def _numbers(name: str, values) -> list[float]:
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise TypeError(f"{name} must hold numbers, got {v!r}")
        out.append(float(v))
    return out


def _colour(name: str | None) -> str | None:
    """A matplotlib colour name the charts use ('grey', 'C0'...), or the value as given."""
    if name is None:
        return None
    if len(name) == 2 and name[0] == "C" and name[1].isdigit():
        return COLOURS[int(name[1])]
    return {"grey": "#808080", "gray": "#808080"}.get(name, name)


def _text_width(text: str, size: float) -> float:
    return len(text) * size * CHAR_WIDTH


class SvgAxes:
    """One chart of a :class:`SvgFigure`, called as a matplotlib ``Axes`` is (a subset)."""

    def __init__(self, figure: SvgFigure):
        self.figure = figure
        self.lines: list[Line] = []
        self.bands: list[Band] = []
        self.bars: list[Bars] = []
        self.title = self.xlabel = self.ylabel = ""
        self.xscale = self.yscale = "linear"
        self.xticks: list[float] | None = None
        self.xticklabels: list[str] | None = None
        self.show_legend = False
        self.legend_fontsize = FONT
        self.grid_alpha: float | None = None
        self.x_inverted = False
        self._next_colour = 0

    def __repr__(self) -> str:
        return f"<SvgAxes: {self.title!r}>" if self.title else "<SvgAxes>"

    def _colour_for(self, color: str | None) -> str:
        if color is not None:
            return _colour(color)
        colour = COLOURS[self._next_colour % len(COLOURS)]
        self._next_colour += 1
        return colour

    # -- drawing calls -------------------------------------------------------------------
    def plot(self, x, y=None, fmt: str | None = None, *, marker: str | None = None,
             markersize: float | None = None, ms: float | None = None,
             label: str | None = None, color: str | None = None) -> list[Line]:
        """A line through (x, y) (``plot(y)`` uses x = 0, 1, ...); ``fmt`` as matplotlib's
        ``"o-"`` or ``"s--"`` (a marker and a line style)."""
        if y is None:
            x, y = range(len(list(x))), x
        xs, ys = _numbers("x", x), _numbers("y", y)
        if len(xs) != len(ys):
            raise ValueError(f"x and y must have the same length: {len(xs)} != {len(ys)}")
        linestyle = "-"
        if fmt is not None:
            marker = next((m for m in MARKERS if m in fmt), marker)
            linestyle = "--" if "--" in fmt else ("-" if "-" in fmt else "")
        if marker is not None and marker not in MARKERS:
            raise ValueError(f"marker must be one of {MARKERS}, got {marker!r}")
        size = markersize if markersize is not None else (ms if ms is not None else 6.0)
        line = Line(xs, ys, self._colour_for(color), None if label is None else str(label),
                    marker, float(size), linestyle)
        self.lines.append(line)
        return [line]

    def semilogy(self, *args, **kwargs) -> list[Line]:
        """:meth:`plot` on a logarithmic y axis."""
        self.set_yscale("log")
        return self.plot(*args, **kwargs)

    def fill_between(self, x, y1, y2, *, alpha: float = 0.2, color: str | None = None,
                     label: str | None = None) -> Band:
        """Shade the area between the curves y1 and y2 (``label`` is not shown)."""
        xs, lower, upper = _numbers("x", x), _numbers("y1", y1), _numbers("y2", y2)
        if not len(xs) == len(lower) == len(upper):
            raise ValueError("fill_between needs x, y1 and y2 of the same length")
        band = Band(xs, lower, upper, _colour(color) or COLOURS[0], float(alpha))
        self.bands.append(band)
        return band

    def bar(self, x, height, width: float = 0.8, *, label: str | None = None,
            color: str | None = None) -> Bars:
        """Bars of the given heights centred on x."""
        xs, heights = _numbers("x", x), _numbers("height", height)
        if len(xs) != len(heights):
            raise ValueError(f"x and height must have the same length: {len(xs)} != "
                             f"{len(heights)}")
        bars = Bars(xs, heights, float(width), self._colour_for(color),
                    None if label is None else str(label))
        self.bars.append(bars)
        return bars

    def bar_label(self, bars: Bars, labels: Sequence[str] | None = None, *,
                  fontsize: float | None = None) -> None:
        """Write ``labels`` (the heights if None) above the bars."""
        texts = [general(h) for h in bars.heights] if labels is None else [str(t) for t in labels]
        if len(texts) != len(bars.heights):
            raise ValueError(f"{len(texts)} labels for {len(bars.heights)} bars")
        bars.texts = texts
        if fontsize is not None:
            bars.fontsize = float(fontsize)

    # -- axes ----------------------------------------------------------------------------
    def set_title(self, title: str) -> None:
        self.title = str(title)

    def set_xlabel(self, label: str) -> None:
        self.xlabel = str(label)

    def set_ylabel(self, label: str) -> None:
        self.ylabel = str(label)

    def set_yscale(self, scale: str) -> None:
        if scale not in ("linear", "log"):
            raise ValueError(f"scale must be 'linear' or 'log', got {scale!r}")
        self.yscale = scale

    def set_xscale(self, scale: str) -> None:
        if scale not in ("linear", "log"):
            raise ValueError(f"scale must be 'linear' or 'log', got {scale!r}")
        self.xscale = scale

    def set_xticks(self, ticks, labels: Sequence[str] | None = None) -> None:
        self.xticks = _numbers("ticks", ticks)
        if labels is not None and len(labels) != len(self.xticks):
            raise ValueError(f"{len(labels)} labels for {len(self.xticks)} ticks")
        self.xticklabels = None if labels is None else [str(t) for t in labels]

    def set(self, *, xlabel: str | None = None, ylabel: str | None = None,
            title: str | None = None) -> None:
        """Several of the labels at once (as matplotlib's ``Axes.set``)."""
        for value, setter in ((xlabel, self.set_xlabel), (ylabel, self.set_ylabel),
                              (title, self.set_title)):
            if value is not None:
                setter(value)

    def legend(self, *, fontsize: float | None = None) -> None:
        """Show the labelled lines and bars (labels starting with ``_`` are left out)."""
        self.show_legend = True
        if fontsize is not None:
            self.legend_fontsize = float(fontsize)

    def grid(self, visible: bool = True, *, which: str = "major", alpha: float = 0.3) -> None:
        """Grid lines at the ticks (``which`` is accepted for matplotlib's sake)."""
        if which not in ("major", "both"):
            raise ValueError(f"which must be 'major' or 'both', got {which!r}")
        self.grid_alpha = float(alpha) if visible else None

    def invert_xaxis(self) -> None:
        self.x_inverted = not self.x_inverted

    # -- drawing -------------------------------------------------------------------------
    def _x_values(self) -> list[float]:
        xs = [x for line in self.lines for x in line.xs] + [x for b in self.bands for x in b.xs]
        for bars in self.bars:
            xs += [x + s * bars.width / 2 for x in bars.xs for s in (-1, 1)]
        return xs + (self.xticks or [])

    def _y_values(self) -> list[float]:
        ys = [y for line in self.lines for y in line.ys]
        ys += [y for b in self.bands for y in b.lower + b.upper]
        ys += [h for bars in self.bars for h in bars.heights]
        if self.bars and self.yscale == "linear":
            ys.append(0.0)
        return ys

    def limits(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The x and y ranges shown: the data's, widened by 5% on each side (log axes in
        log space; bars stand on 0, which stays the edge of a linear y axis; 15% above bars
        with their values written on top)."""
        headroom = 3 if any(bars.texts for bars in self.bars) else 1     # for the values
        return (limits(self._x_values(), self.xscale == "log", sticky_zero=False),
                limits(self._y_values(), self.yscale == "log", sticky_zero=bool(self.bars),
                        headroom=headroom))

    def svg(self, x0: float, y0: float, width: float, height: float) -> list[str]:
        """The chart's SVG elements, inside the box (x0, y0, width, height) in pixels."""
        (xlo, xhi), (ylo, yhi) = self.limits()
        xlog, ylog = self.xscale == "log", self.yscale == "log"
        yticks = log_ticks(ylo, yhi) if ylog else nice_ticks(ylo, yhi)
        ystep = yticks[1] - yticks[0] if len(yticks) > 1 else 0.0
        ylabels = [tick_text(t, ystep, ylog) for t in yticks]
        if self.xticks is not None:
            xticks = [t for t in self.xticks if xlo <= t <= xhi]
            xlabels = (self.xticklabels if self.xticklabels is not None
                       else [tick_text(t, tick_step(self.xticks), xlog) for t in self.xticks])
            xlabels = [lab for t, lab in zip(self.xticks, xlabels, strict=True)
                       if xlo <= t <= xhi]
        else:
            xticks = log_ticks(xlo, xhi) if xlog else nice_ticks(xlo, xhi, 8)
            xlabels = [tick_text(t, tick_step(xticks), xlog) for t in xticks]

        left = x0 + max((_text_width(t, TICK_FONT) for t in ylabels), default=0) + 10
        left += FONT + 8 if self.ylabel else 0
        right = x0 + width - 12
        top = y0 + (TITLE_FONT + 14 if self.title else 10)
        bottom = y0 + height - (TICK_FONT + 12) - (FONT + 8 if self.xlabel else 0)
        if right - left < 40 or bottom - top < 40:
            raise ValueError("the figure is too small for its labels")

        def px(v: float) -> float:
            f = fraction(v, xlo, xhi, xlog)
            return left + (1 - f if self.x_inverted else f) * (right - left)

        def py(v: float) -> float:
            return bottom - fraction(v, ylo, yhi, ylog) * (bottom - top)

        out = [f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
               f'height="{bottom - top:.1f}" fill="white"/>']
        if self.grid_alpha is not None:
            for t in yticks:
                out.append(_line(left, py(t), right, py(t), "#b0b0b0", self.grid_alpha))
            for t in xticks:
                out.append(_line(px(t), top, px(t), bottom, "#b0b0b0", self.grid_alpha))
        for band in self.bands:
            out.append(_band_svg(band, px, py, ylog))
        for bars in self.bars:
            out += _bars_svg(bars, px, py, bottom, top, ylog)
        for line in self.lines:
            out += _line_svg(line, px, py, xlog, ylog)
        out.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{right - left:.1f}" '
                   f'height="{bottom - top:.1f}" fill="none" stroke="black" '
                   f'stroke-width="0.8"/>')
        for t, text in zip(yticks, ylabels, strict=True):
            out.append(_line(left - 4, py(t), left, py(t), "black", 1))
            out.append(_text(left - 7, py(t) + TICK_FONT / 3, text, TICK_FONT, "end"))
        for t, text in zip(xticks, xlabels, strict=True):
            out.append(_line(px(t), bottom, px(t), bottom + 4, "black", 1))
            out.append(_text(px(t), bottom + 6 + TICK_FONT, text, TICK_FONT, "middle"))
        if self.title:
            out.append(_text((left + right) / 2, y0 + TITLE_FONT + 4, self.title, TITLE_FONT,
                             "middle"))
        if self.xlabel:
            out.append(_text((left + right) / 2, y0 + height - 6, self.xlabel, FONT, "middle"))
        if self.ylabel:
            cx, cy = x0 + FONT, (top + bottom) / 2
            out.append(f'<text x="{cx:.1f}" y="{cy:.1f}" font-size="{FONT}" '
                       f'text-anchor="middle" transform="rotate(-90 {cx:.1f} {cy:.1f})">'
                       f'{escape(self.ylabel)}</text>')
        if self.show_legend:
            out += self._legend_svg(px, py, (left, top, right, bottom))
        return out

    def _legend_svg(self, px, py, box) -> list[str]:
        entries = [(line.label, line) for line in self.lines
                   if line.label and not line.label.startswith("_")]
        entries += [(bars.label, bars) for bars in self.bars
                    if bars.label and not bars.label.startswith("_")]
        if not entries:
            return []
        size = self.legend_fontsize
        w = 36 + max(_text_width(label, size) for label, _ in entries)
        h = 8 + len(entries) * (size + 6)
        left, top, right, bottom = box
        points = [(px(x), py(y)) for line in self.lines
                  for x, y in zip(line.xs, line.ys, strict=True)
                  if self.yscale == "linear" or y > 0]
        rects = []                                              # the bars, in pixels
        for bars in self.bars:
            base = bottom if self.yscale == "log" else py(0.0)
            for x, y in zip(bars.xs, bars.heights, strict=True):
                if self.yscale == "linear" or y > 0:
                    x1, x2 = sorted((px(x - bars.width / 2), px(x + bars.width / 2)))
                    rects.append((x1, min(py(y), base), x2, max(py(y), base)))
        corners = [(right - w - 6, top + 6), (left + 6, top + 6), (left + 6, bottom - h - 6),
                   (right - w - 6, bottom - h - 6)]          # matplotlib's "best" order

        def covered(corner) -> float:
            """What the legend would hide there: points, and bars' area (a point ~ 100 px²)."""
            cx, cy = corner
            hidden = 100.0 * sum(cx <= x <= cx + w and cy <= y <= cy + h for x, y in points)
            for x1, y1, x2, y2 in rects:
                hidden += (max(0.0, min(x2, cx + w) - max(x1, cx))
                           * max(0.0, min(y2, cy + h) - max(y1, cy)))
            return hidden

        lx, ly = min(corners, key=covered)
        out = [f'<rect x="{lx:.1f}" y="{ly:.1f}" width="{w:.1f}" height="{h:.1f}" '
               f'fill="white" fill-opacity="0.85" stroke="#cccccc" rx="3"/>']
        for i, (label, item) in enumerate(entries):
            cy = ly + 4 + (i + 0.5) * (size + 6)
            if isinstance(item, Line):
                out.append(_line(lx + 6, cy, lx + 26, cy, item.colour, 1, 1.5))
                if item.marker:
                    out.append(_marker(item.marker, lx + 16, cy, item.markersize, item.colour))
            else:
                out.append(f'<rect x="{lx + 8:.1f}" y="{cy - size / 2:.1f}" width="16" '
                           f'height="{size:.1f}" fill="{item.colour}"/>')
            out.append(_text(lx + 32, cy + size / 3, label, size, "start"))
        return out


class SvgFigure:
    """A row of :class:`SvgAxes` drawn as one SVG picture (``figsize`` in inches, as in
    matplotlib). In IPython the figure is displayed when the running cell ends."""

    def __init__(self, ncols: int = 1, figsize: tuple[float, float] = (7, 4)):
        if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
            raise ValueError(f"ncols must be an int >= 1, got {ncols!r}")
        width, height = figsize
        if not (width > 0 and height > 0):
            raise ValueError(f"figsize must be two sizes > 0 in inches, got {figsize!r}")
        self.width, self.height = width * PX_PER_INCH, height * PX_PER_INCH
        self.axes = [SvgAxes(self) for _ in range(ncols)]
        _show_when_cell_ends(self)

    def to_svg(self) -> str:
        """The picture: an SVG document with a viewBox (it scales to its cell)."""
        w, h = self.width, self.height
        cell = w / len(self.axes)
        body = [part for i, ax in enumerate(self.axes) for part in ax.svg(i * cell, 0, cell, h)]
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
                f'viewBox="0 0 {w:.0f} {h:.0f}" font-family="DejaVu Sans, Arial, sans-serif" '
                f'style="max-width:100%;height:auto">'
                f'<rect width="{w:.0f}" height="{h:.0f}" fill="white"/>'
                + "".join(body) + "</svg>")

    def _repr_svg_(self) -> str:
        return self.to_svg()

    def savefig(self, path) -> None:
        """Write the picture to ``path`` (SVG only)."""
        if not str(path).endswith(".svg"):
            raise ValueError(f"without matplotlib a figure is saved as .svg only, not {path}")
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_svg())

    def show(self) -> None:
        """Display the figure now (in IPython), instead of when the cell ends."""
        if self in _PENDING:
            _PENDING.remove(self)
        from IPython.display import display

        display(self)


_PENDING: list[SvgFigure] = []
_HOOKED: list[object] = []          # the IPython shell whose cells end by showing _PENDING


def _show_when_cell_ends(figure: SvgFigure) -> None:
    try:
        from IPython import get_ipython
    except ImportError:
        return
    shell = get_ipython()
    if shell is None:
        return
    if shell not in _HOOKED:
        shell.events.register("post_execute", _show_pending)
        _HOOKED.append(shell)
    _PENDING.append(figure)


def _show_pending() -> None:
    from IPython.display import display

    figures = list(_PENDING)
    _PENDING.clear()
    for figure in figures:
        display(figure)


def _line(x1, y1, x2, y2, colour: str, opacity: float, width: float = 0.8) -> str:
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{colour}" stroke-opacity="{opacity:g}" stroke-width="{width:g}"/>')


def _text(x, y, text: str, size: float, anchor: str) -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" text-anchor="{anchor}">'
            f'{escape(text)}</text>')


def _marker(marker: str, x: float, y: float, size: float, colour: str) -> str:
    r = size / 2
    if marker == "o":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" fill="{colour}"/>'
    if marker == "s":
        return (f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{size:g}" height="{size:g}" '
                f'fill="{colour}"/>')
    if marker == "^":
        points = f"{x:.1f},{y - r:.1f} {x - r:.1f},{y + r:.1f} {x + r:.1f},{y + r:.1f}"
    else:                                               # "D"
        points = f"{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}"
    return f'<polygon points="{points}" fill="{colour}"/>'


def _drawable(x: float, y: float, xlog: bool, ylog: bool) -> bool:
    return (math.isfinite(x) and math.isfinite(y) and (x > 0 or not xlog)
            and (y > 0 or not ylog))


def _line_svg(line: Line, px, py, xlog: bool, ylog: bool) -> list[str]:
    """The line as polylines (broken where a point cannot be drawn) and its markers."""
    runs: list[list[tuple[float, float]]] = [[]]
    for x, y in zip(line.xs, line.ys, strict=True):
        if _drawable(x, y, xlog, ylog):
            runs[-1].append((px(x), py(y)))
        elif runs[-1]:
            runs.append([])
    out = []
    dash = ' stroke-dasharray="6 3"' if line.linestyle == "--" else ""
    if line.linestyle:
        for run in runs:
            if len(run) > 1:
                points = " ".join(f"{x:.1f},{y:.1f}" for x, y in run)
                out.append(f'<polyline points="{points}" fill="none" stroke="{line.colour}" '
                           f'stroke-width="1.5"{dash}/>')
    if line.marker:
        out += [_marker(line.marker, x, y, line.markersize, line.colour)
                for run in runs for x, y in run]
    return out


def _band_svg(band: Band, px, py, ylog: bool) -> str:
    pairs = [(x, lo, hi) for x, lo, hi in zip(band.xs, band.lower, band.upper, strict=True)
             if not ylog or (lo > 0 and hi > 0)]
    points = [(px(x), py(hi)) for x, _, hi in pairs] + [(px(x), py(lo)) for x, lo, _ in
                                                          reversed(pairs)]
    text = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return f'<polygon points="{text}" fill="{band.colour}" fill-opacity="{band.alpha:g}"/>'


def _bars_svg(bars: Bars, px, py, bottom: float, top: float, ylog: bool) -> list[str]:
    out = []
    base = bottom if ylog else py(0.0)
    for i, (x, h) in enumerate(zip(bars.xs, bars.heights, strict=True)):
        if ylog and h <= 0:
            continue
        x1, x2 = sorted((px(x - bars.width / 2), px(x + bars.width / 2)))
        y = py(h)
        out.append(f'<rect x="{x1:.1f}" y="{min(y, base):.1f}" width="{x2 - x1:.1f}" '
                   f'height="{abs(base - y):.1f}" fill="{bars.colour}"/>')
        if bars.texts is not None:
            ty = max(min(y, base) - 3, top + bars.fontsize)
            out.append(_text((x1 + x2) / 2, ty, bars.texts[i], bars.fontsize, "middle"))
    return out


__all__ = ["SvgAxes", "SvgFigure"]
