"""The first look at a saved lesson: PNG fallbacks beside SVG pictures, and text forms that are
sentences (``scripts/add_png_fallbacks.py``, ``TreeDrawing``, ``LazyWidget``)."""
from __future__ import annotations

import base64
import importlib.util
import io
import re
from pathlib import Path

import pytest

from qsearch.viz.tree import draw_tree, svg_text

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "add_png_fallbacks.py"
REPR = re.compile(r"<[\w.]+ (object )?at 0x|[VH]Box\(children=")


def load_script():
    spec = importlib.util.spec_from_file_location("add_png_fallbacks", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def notebook_with(data: dict) -> dict:
    output = {"output_type": "execute_result", "execution_count": 1, "metadata": {},
              "data": data}
    return {"cells": [{"cell_type": "code", "execution_count": 1, "metadata": {},
                       "outputs": [output], "source": "x"}],
            "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def test_svg_sizes_are_read_in_css_pixels():
    fallbacks = load_script()
    assert fallbacks.svg_size('<svg width="72pt" height="36pt" viewBox="0 0 72 36">') \
        == pytest.approx((96, 48))
    assert fallbacks.svg_size('<svg viewBox="0 0 300 150">') == (300, 150)
    assert fallbacks.svg_size('<svg width="200" viewBox="0 0 100 50">') == (200, 100)
    with pytest.raises(ValueError, match="no <svg> element"):
        fallbacks.svg_size("<p>not a picture</p>")
    with pytest.raises(ValueError, match="neither a width"):
        fallbacks.svg_size('<svg width="100%">')


def test_a_tree_output_gains_a_png_drawn_at_the_svgs_size():
    pytest.importorskip("cairosvg")
    from PIL import Image

    fallbacks = load_script()
    svg = svg_text(draw_tree([[3, 5], [2, 9]]))
    width, height = fallbacks.svg_size(svg)
    nb = notebook_with({"image/svg+xml": svg, "text/plain": "a tree"})
    assert fallbacks.missing(nb) == [0]
    assert fallbacks.add_fallbacks(nb) == 1
    out = nb["cells"][0]["outputs"][0]
    image = Image.open(io.BytesIO(base64.b64decode(out["data"]["image/png"])))
    meta = out["metadata"]["image/png"]
    assert (meta["width"], meta["height"]) == (round(width), round(height))
    assert image.size == (fallbacks.SCALE * meta["width"], fallbacks.SCALE * meta["height"])
    assert meta["unconfined"] is True
    # the picture is drawn, not blank: the root's "height:auto" style is not read as zero
    low, high = image.convert("L").getextrema()
    assert low < high
    assert fallbacks.missing(nb) == []
    once = dict(out["data"])
    fallbacks.add_fallbacks(nb)
    assert out["data"] == once                   # a second run changes nothing


def test_plots_are_drawn_at_their_size():
    fallbacks = load_script()
    nb = notebook_with({"image/png": "iVBORw0KGgo=\n", "text/plain": "<Figure>"})
    assert fallbacks.add_fallbacks(nb) == 0
    assert nb["cells"][0]["outputs"][0]["metadata"]["image/png"] == {"unconfined": True}


def test_tree_drawings_read_as_a_sentence():
    dot = draw_tree([[3, 5], [2, 9]])
    text = repr(dot)
    assert not REPR.search(text)
    assert text.startswith("A tree of ") and text.endswith(".")
    drawn = len(re.findall(r'<g id="node\d+" class="node">', svg_text(dot)))
    assert f"A tree of {drawn} nodes" in text


def test_widgets_read_as_a_sentence():
    pytest.importorskip("ipywidgets")
    from qsearch.viz.stepper import AlphaBetaStepper

    stepper = AlphaBetaStepper([[3, 5], [2, 9]])
    bundle = stepper._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == stepper.text_form
    assert not REPR.search(data["text/plain"])


def test_tree_pictures_keep_their_text_size():
    """No shrinking to the window: the SVG keeps its own width and the labels their 10-11 pt."""
    svg = svg_text(draw_tree([[i, i + 1, i + 2] for i in range(12)], "minimax"))
    root = svg[:svg.index(">")]
    assert "max-width:none" in root and "max-width:100%" not in root
    width_pt = float(re.search(r'width="([0-9.]+)pt"', root).group(1))
    box_width = float(re.search(r'viewBox="[0-9. ]*? ([0-9.]+) [0-9.]+"', root).group(1))
    assert width_pt == pytest.approx(box_width, abs=1)          # drawn at scale 1
    sizes = {float(s) for s in re.findall(r'font-size="([0-9.]+)"', svg)}
    assert min(sizes) >= 10
