"""Saved pictures of widgets say "run the cell to use it" (``caption_svg``, the bundle of every
:class:`LazyWidget`, and ``scripts/add_png_fallbacks.py`` for outputs saved before)."""
from __future__ import annotations

import base64
import importlib.util
import io
import re
from pathlib import Path

import pytest

from qsearch.viz.lazy_widget import SAVED_CAPTION, LazyWidget, caption_svg
from qsearch.viz.tree import draw_tree, svg_text

pytest.importorskip("ipywidgets")
SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "add_png_fallbacks.py"
CAPTION = "run the cell to use it"


def bundle_svg(obj) -> str:
    bundle = obj._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == LazyWidget.text_form
    return data["image/svg+xml"]


def widgets():
    from qsearch.games import Connect4
    from qsearch.viz.exercise import AlphaBetaExercise, MinimaxExercise
    from qsearch.viz.exercise_editor import TreeEditor
    from qsearch.viz.mcts import MCTSStepper
    from qsearch.viz.play import PlayConnect4
    from qsearch.viz.stepper import AlphaBetaStepper

    tree = [[3, 5], [2, 9]]
    return [AlphaBetaStepper(tree), AlphaBetaExercise(tree), MinimaxExercise(tree),
            TreeEditor(), PlayConnect4(), MCTSStepper(Connect4(), iterations=5, seed=1)]


def test_every_saved_widget_picture_is_captioned():
    for obj in widgets():
        svg = bundle_svg(obj)
        assert svg.startswith("<svg") and CAPTION in svg, type(obj).__name__
        own = obj._repr_svg_() if hasattr(obj, "_repr_svg_") else None
        if own is not None:                      # the picture itself, nested unchanged
            assert CAPTION not in own
            assert own[own.index(">") + 1:] in svg


def test_a_caption_keeps_the_picture_and_its_size_unit():
    svg = svg_text(draw_tree([[3, 5], [2, 9]]))
    w, h = (float(x) for x in re.search(r'width="([0-9.]+)pt" height="([0-9.]+)pt"',
                                        svg).groups())
    out = caption_svg(svg)
    ow, oh = (float(x) for x in re.search(r'width="([0-9.]+)pt" height="([0-9.]+)pt"',
                                          out).groups())
    assert ow >= w and oh > h and "max-width:none" in out[:out.index(">")]
    assert out.count("<svg") == 2 and out.count("</svg>") == 2
    assert caption_svg(out) == out                       # captioned once only
    board = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80"><rect/></svg>'
    scaled = caption_svg(board)
    root = scaled[:scaled.index(">")]
    assert "width=" not in root and 'viewBox="0 0 100 ' in root   # it still fills its cell
    with pytest.raises(ValueError, match="no <svg> element"):
        caption_svg("<p>no picture</p>")
    with pytest.raises(ValueError, match="neither a width"):
        caption_svg('<svg width="100%">')


def load_script():
    spec = importlib.util.spec_from_file_location("add_png_fallbacks", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_fallbacks_caption_widget_pictures_saved_before_and_draw_the_band():
    pytest.importorskip("cairosvg")
    from PIL import Image

    fallbacks = load_script()
    tree = svg_text(draw_tree([[3, 5], [2, 9]]))
    outputs = [{"output_type": "execute_result", "execution_count": 1, "metadata": {},
                "data": {"image/svg+xml": tree, "text/plain": text}}
               for text in (LazyWidget.text_form, "A tree of 7 nodes.")]
    nb = {"cells": [{"cell_type": "code", "execution_count": 1, "metadata": {},
                     "outputs": outputs, "source": "x"}],
          "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    assert fallbacks.add_fallbacks(nb) == 2
    widget, drawing = (o["data"] for o in outputs)
    assert SAVED_CAPTION in widget["image/svg+xml"]
    assert drawing["image/svg+xml"] == tree              # a plain drawing: no caption
    png = Image.open(io.BytesIO(base64.b64decode(widget["image/png"]))).convert("RGB")
    assert png.getpixel((4, 4)) == (0xff, 0xf4, 0xc2)    # the caption's band, on top
    plain = Image.open(io.BytesIO(base64.b64decode(drawing["image/png"]))).convert("RGB")
    assert png.size[1] > plain.size[1]
    once = [dict(o["data"]) for o in outputs]
    fallbacks.add_fallbacks(nb)
    assert [o["data"] for o in outputs] == once          # a second run changes nothing
