"""Teaching visuals: search trees drawn with Graphviz, step-through widgets, boards, plots.

Importing :mod:`qsearch.viz` is cheap: each part is imported the first time one of its
names is used (``graphviz`` and ``ipywidgets`` are only needed by the parts that draw).

* :func:`draw_search`, :func:`draw_tree` (:mod:`qsearch.viz.tree`): a search as a tree;
* :class:`MinimaxStepper`, :class:`AlphaBetaStepper`, :class:`PVSStepper`
  (:mod:`qsearch.viz.stepper`): step through a search in a notebook;
* :func:`build_search_tree` (:mod:`qsearch.viz.searchtree`): the tree a trace describes;
* :func:`draw_mcts`, :class:`MCTSStepper` (:mod:`qsearch.viz.mcts`): Monte Carlo tree search;
* :class:`AlphaBetaExercise`, :class:`MinimaxExercise`, :class:`MoveOrderingExercise`
  (:mod:`qsearch.viz.exercise`), :class:`TreeEditor` (:mod:`qsearch.viz.exercise_editor`):
  practice on toy trees; :mod:`qsearch.viz.layout` draws trees when Graphviz is missing;
* :func:`board_svg` (:mod:`qsearch.viz.boards`), :class:`PlayConnect4`,
  :class:`PlayTicTacToe` (:mod:`qsearch.viz.play`), :class:`PlayQuarto`,
  :class:`PlayParCheckers`, :class:`PlayGame` (any game:
  :mod:`qsearch.viz.play_game`), :func:`plot_nodes_per_move`,
  :func:`plot_node_comparison` (:mod:`qsearch.viz.plots`);
* every widget above is a :class:`~qsearch.viz.lazy_widget.LazyWidget`: its ipywidgets box is
  built on first use (a play widget's at once), and a static SVG stands in for it where
  there is no kernel.
"""
from __future__ import annotations

import importlib

_EXPORTS = {
    "draw_search": "qsearch.viz.tree",
    "draw_tree": "qsearch.viz.tree",
    "build_search_tree": "qsearch.viz.searchtree",
    "SearchTree": "qsearch.viz.searchtree",
    "SearchStepper": "qsearch.viz.stepper",
    "MinimaxStepper": "qsearch.viz.stepper",
    "AlphaBetaStepper": "qsearch.viz.stepper",
    "PVSStepper": "qsearch.viz.stepper",
    "ExpectiminimaxStepper": "qsearch.viz.chance_stepper",
    "hypergammon_svg": "qsearch.viz.hypergammon_svg",
    "board_svg": "qsearch.viz.boards",
    "Gallery": "qsearch.viz.gallery",
    "draw_mcts": "qsearch.viz.mcts",
    "MCTSStepper": "qsearch.viz.mcts",
    "reversi_svg": "qsearch.viz.reversi_svg",
    "PlayConnect4": "qsearch.viz.play",
    "PlayTicTacToe": "qsearch.viz.play",
    "PlayGame": "qsearch.viz.play_game",
    "PlayParCheckers": "qsearch.viz.play_parcheckers",
    "PlayQuarto": "qsearch.viz.play_quarto",
    "parcheckers_svg": "qsearch.viz.parcheckers_svg",
    "plot_nodes_per_move": "qsearch.viz.plots",
    "plot_node_comparison": "qsearch.viz.plots",
    "nodes_by_depth": "qsearch.viz.plots",
    "AlphaBetaExercise": "qsearch.viz.exercise",
    "MinimaxExercise": "qsearch.viz.exercise",
    "MoveOrderingExercise": "qsearch.viz.exercise",
    "TreeEditor": "qsearch.viz.exercise_editor",
    "plot_nodes_by_depth": "qsearch.viz.plots",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'qsearch.viz' has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)


def __dir__():
    return sorted(list(globals()) + __all__)
