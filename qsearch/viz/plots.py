"""Node-count plots on matplotlib axes: nodes per move, and the saving of pruning.

Each function draws on ``ax`` (a new figure's axes if None) and returns the axes; none
calls ``plt.show()``, so the caller decides (end a notebook cell with ``;``). matplotlib is
imported only when a plot is made. Where it cannot be imported (the browser site offline:
Pyodide's matplotlib comes from its CDN) the new axes are :class:`~qsearch.viz.svg_chart.SvgAxes`
and the figure is a plain SVG drawing, shown when the cell ends.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate

from qsearch.i18n import _, number, percent


def axes_row(ncols: int = 1, figsize: tuple[float, float] = (7, 4)) -> list:
    """A new figure's ``ncols`` axes side by side: matplotlib's, or without matplotlib
    :class:`~qsearch.viz.svg_chart.SvgAxes` (a plain SVG drawing)."""
    if isinstance(ncols, bool) or not isinstance(ncols, int) or ncols < 1:
        raise ValueError(f"ncols must be an int >= 1, got {ncols!r}")
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        from qsearch.viz.svg_chart import SvgFigure

        return SvgFigure(ncols, figsize).axes
    _, axes = plt.subplots(1, ncols, figsize=figsize)
    return [axes] if ncols == 1 else list(axes)


def _axes(ax):
    return axes_row(1)[0] if ax is None else ax


def _check_counts(label, counts) -> list[int]:
    values = list(counts)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
            raise ValueError(f"node counts for {label!r} must be numbers >= 0, got {v!r}")
    return values


def plot_nodes_per_move(counts_by_label: Mapping[str, Sequence[int]], ax=None, *,
                        cumulative: bool = False, log: bool = False,
                        xlabel: str | None = None, title: str | None = None):
    """One line per label: the nodes searched at each move (1, 2, ...), or their running total.

    ``counts_by_label`` maps a label (e.g. ``"alpha-beta, depth 6"``) to the node count of
    each move; ``log`` uses a logarithmic y axis (counts of 0 are then not drawn).
    """
    if not isinstance(counts_by_label, Mapping):
        raise TypeError("counts_by_label must be a dict {label: [nodes per move, ...]}")
    ax = _axes(ax)
    for label, counts in counts_by_label.items():
        values = _check_counts(label, counts)
        if cumulative:
            values = list(accumulate(values))
        ax.plot(range(1, len(values) + 1), values, marker="o", markersize=3, label=str(label))
    ax.set_xlabel(_("move") if xlabel is None else xlabel)
    ax.set_ylabel(_("nodes searched (cumulative)") if cumulative else _("nodes searched"))
    if log:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    if counts_by_label:
        ax.legend()
    ax.grid(True, alpha=0.3)
    return ax


def plot_node_comparison(without: Sequence[int], with_pruning: Sequence[int], ax=None, *,
                         cumulative: bool = True, log: bool = False,
                         labels: tuple[str, str] | None = None,
                         xlabel: str | None = None, title: str | None = None):
    """Two curves, without and with pruning, the nodes saved shaded between them.

    Both sequences hold the nodes searched per move of the same games. The title (unless
    given) states the share of nodes pruned over all moves:
    ``1 - sum(with_pruning) / sum(without)``. ``labels`` default to "without pruning" and
    "with pruning", ``xlabel`` to "move" (in the language in use).
    """
    if labels is None:
        labels = (_("without pruning"), _("with pruning"))
    a = _check_counts(labels[0], without)
    b = _check_counts(labels[1], with_pruning)
    if len(a) != len(b):
        raise ValueError(f"the two series must cover the same moves: {len(a)} != {len(b)}")
    ax = plot_nodes_per_move({labels[0]: a, labels[1]: b}, ax, cumulative=cumulative, log=log,
                             xlabel=xlabel)
    ya = list(accumulate(a)) if cumulative else a
    yb = list(accumulate(b)) if cumulative else b
    ax.fill_between(range(1, len(a) + 1), yb, ya, alpha=0.15, color="grey",
                    label="_nodes saved")
    if title is None and sum(a) > 0:
        title = _("{share} of the nodes pruned").format(share=percent(1 - sum(b) / sum(a), 2))
    if title:
        ax.set_title(title)
    return ax


def nodes_by_depth(states, depths: Sequence[int],
                   searches: Mapping[str, Callable]) -> dict[str, list[int]]:
    """Nodes searched at each depth limit, one curve per search, summed over ``states``.

    ``states``: one position or a list of them; ``searches`` maps a label to
    ``f(state, depth) -> SearchResult`` (e.g. ``lambda s, d: alphabeta(s, d, tt=True)``).
    Returns ``{label: [nodes at depths[0], nodes at depths[1], ...]}``.
    """
    if not isinstance(searches, Mapping) or not searches:
        raise TypeError("searches must be a non-empty dict {label: f(state, depth)}")
    states = list(states) if isinstance(states, (list, tuple)) else [states]
    depths = list(depths)
    for d in depths:
        if isinstance(d, bool) or not isinstance(d, int) or d < 1:
            raise ValueError(f"depths must be ints >= 1, got {d!r}")
    return {label: [sum(search(s, d).nodes for s in states) for d in depths]
            for label, search in searches.items()}


def plot_nodes_by_depth(curves: Mapping[str, Sequence[int]], depths: Sequence[int], ax=None, *,
                        log: bool = True, title: str | None = None):
    """Nodes searched against the depth limit, one line per search (log scale by default)."""
    if not isinstance(curves, Mapping):
        raise TypeError("curves must be a dict {label: [nodes per depth, ...]}")
    ax = _axes(ax)
    depths = list(depths)
    for label, counts in curves.items():
        values = _check_counts(label, counts)
        if len(values) != len(depths):
            raise ValueError(f"{label!r} has {len(values)} counts for {len(depths)} depths")
        ax.plot(depths, values, marker="o", markersize=4, label=str(label))
    ax.set_xlabel(_("depth limit (plies)"))
    ax.set_ylabel(_("nodes searched (log scale)") if log else _("nodes searched"))
    ax.set_xticks(depths)
    if log:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    ax.legend()
    ax.grid(True, alpha=0.3)
    return ax


def plot_lines(curves: Mapping[str, Sequence[float]], xs: Sequence[float], ax=None, *,
               log: bool = False, xlog: bool = False, xlabel: str = "", ylabel: str = "",
               title: str | None = None):
    """One line per label through (xs, values), markers o, s, ^, D in turn; a log y axis if
    ``log`` (values of 0 are then not drawn), a log x axis if ``xlog``."""
    if not isinstance(curves, Mapping):
        raise TypeError("curves must be a dict {label: [value at each x, ...]}")
    ax = _axes(ax)
    xs = list(xs)
    for i, (label, values) in enumerate(curves.items()):
        values = _check_counts(label, values)
        if len(values) != len(xs):
            raise ValueError(f"{label!r} has {len(values)} values for {len(xs)} x positions")
        ax.plot(xs, values, marker="osD^"[i % 4], markersize=4, label=str(label))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    if xlog:
        ax.set_xscale("log")
    if title:
        ax.set_title(title)
    if curves:
        ax.legend()
    ax.grid(True, alpha=0.3)
    return ax


def plot_bars(bars: Mapping[str, Sequence[float]], xs: Sequence[int], ax=None, *,
              log: bool = False, value_labels: bool = False, xlabel: str = "",
              ylabel: str = "", title: str | None = None):
    """Bars of each label side by side at each x (a legend when there are several labels);
    ``value_labels`` writes each bar's value above it (``12,345``)."""
    if not isinstance(bars, Mapping) or not bars:
        raise TypeError("bars must be a non-empty dict {label: [value at each x, ...]}")
    ax = _axes(ax)
    xs = list(xs)
    width = 0.8 / len(bars)
    for i, (label, values) in enumerate(bars.items()):
        values = _check_counts(label, values)
        if len(values) != len(xs):
            raise ValueError(f"{label!r} has {len(values)} values for {len(xs)} x positions")
        offset = (i - (len(bars) - 1) / 2) * width
        drawn = ax.bar([x + offset for x in xs], values, width=width, label=str(label))
        if value_labels:
            ax.bar_label(drawn, labels=[number(v) for v in values], fontsize=7)
    ax.set_xticks(xs)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if log:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    if len(bars) > 1:
        ax.legend()
    return ax
