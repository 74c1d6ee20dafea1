"""A game position's picture, found through its game's entry and imported when first drawn.

Every engine's and twin's ``_repr_svg_`` (what Jupyter calls to show a state) is
``return draw(self)``: the engines and the twins never import the drawing code. :func:`draw`
is the one place that does, by the ``"module:function"`` name that the game's entry in
:mod:`qsearch.core.game_entries` gives, so the drawings (:mod:`qsearch.viz`) stay above
the games that they draw.
"""
from __future__ import annotations

import importlib

from qsearch.core.game_entries import entry_of_class


def drawing_of(state):
    """The function that draws ``state`` (``state -> SVG text``), or None where its game's
    entry names none (or ``state`` is no qsearch game)."""
    found = entry_of_class(type(state))
    if found is None or found.drawing is None:
        return None
    module, name = found.drawing.split(":")
    return getattr(importlib.import_module(module), name)


def draw(state, **options) -> str:
    """``state`` drawn as SVG by its game's drawing (keyword ``options`` passed on); a
    TypeError names the games that have one when ``state``'s has none."""
    function = drawing_of(state)
    if function is None:
        from qsearch.core.game_entries import ENTRIES

        drawn = ", ".join(e.name for e in ENTRIES if e.drawing)
        raise TypeError(f"no SVG drawing for {type(state).__name__}: qsearch draws {drawn}")
    return function(state, **options)
