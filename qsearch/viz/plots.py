"""Node-count plots on matplotlib axes: nodes per move, and the saving of pruning.

Each function draws on ``ax`` (a new figure's axes if None) and returns the axes; none
calls ``plt.show()``, so the caller decides (end a notebook cell with ``;``). matplotlib is
imported only when a plot is made.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import accumulate


def _axes(ax):
    if ax is None:
        import matplotlib.pyplot as plt

        _, ax = plt.subplots(figsize=(7, 4))
    return ax


def _check_counts(label, counts) -> list[int]:
    values = list(counts)
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or v < 0:
            raise ValueError(f"node counts for {label!r} must be numbers >= 0, got {v!r}")
    return values


def plot_nodes_per_move(counts_by_label: Mapping[str, Sequence[int]], ax=None, *,
                        cumulative: bool = False, log: bool = False,
                        xlabel: str = "move", title: str | None = None):
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
    ax.set_xlabel(xlabel)
    ax.set_ylabel("nodes searched (cumulative)" if cumulative else "nodes searched")
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
                         labels: tuple[str, str] = ("without pruning", "with pruning"),
                         xlabel: str = "move", title: str | None = None):
    """Two curves, without and with pruning, the nodes saved shaded between them.

    Both sequences hold the nodes searched per move of the same games. The title (unless
    given) states the share of nodes pruned over all moves:
    ``1 - sum(with_pruning) / sum(without)``.
    """
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
        title = f"{100 * (1 - sum(b) / sum(a)):.2f}% of the nodes pruned"
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
    ax.set_xlabel("depth limit (plies)")
    ax.set_ylabel("nodes searched" + (" (log scale)" if log else ""))
    ax.set_xticks(depths)
    if log:
        ax.set_yscale("log")
    if title:
        ax.set_title(title)
    ax.legend()
    ax.grid(True, alpha=0.3)
    return ax
