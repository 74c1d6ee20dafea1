"""Self-checking exercises on toy trees: the student fills in the search, the search grades it.

This module is where the notebooks import them from; each lives in a module of its own:

* :class:`AlphaBetaExercise`, :class:`MinimaxExercise` (:mod:`qsearch.viz.exercise_tree`):
  enter the values (and windows) a search returns at the inner nodes, mark the cut branches;
  ``check()`` grades them node by node, ``show_me()`` opens the stepper at the first mistake;
* :class:`MoveOrderingExercise` (:mod:`qsearch.viz.exercise_ordering`): order the children
  so that alpha-beta cuts the most, graded by the nodes it visits against best-first order;
* :class:`Mistake`, :class:`Grade`, :func:`parse_entry` (:mod:`qsearch.viz.exercise_grading`):
  what every exercise grades with; :class:`~qsearch.viz.exercise_editor.TreeEditor` builds
  trees to practise on.

Every exercise works headless (``enter``, ``cut``, ``order``, ``check``: what the tests and the
notebooks' asserts call) and as an ipywidgets box (``.widget``, shown when the exercise is the
cell's value) whose picture is an SVG in a ``widgets.HTML``; ``_repr_svg_`` gives a static
picture of the current state for viewers without a kernel.
"""
from __future__ import annotations

from qsearch.games.toytrees import tree_from_named
from qsearch.viz.exercise_grading import Grade, Mistake, parse_entry
from qsearch.viz.exercise_ordering import MoveOrderingExercise, plain_drawing
from qsearch.viz.exercise_tree import AlphaBetaExercise, MinimaxExercise, TreeExercise
from qsearch.viz.lazy_widget import PictureWidget

__all__ = ["AlphaBetaExercise", "Grade", "MinimaxExercise", "Mistake", "MoveOrderingExercise",
           "PictureWidget", "TreeExercise", "parse_entry", "plain_drawing", "tree_from_named"]
