"""Put a PNG beside every SVG picture saved in executed notebooks, for the first look.

    python scripts/add_png_fallbacks.py notebooks/*.ipynb           # rewrite in place
    python scripts/add_png_fallbacks.py --check notebooks/*.ipynb   # exit 1 if any lacks one

JupyterLab does not render the SVG (nor the widgets) of an untrusted notebook, which is how a
lesson first opens; it does render PNG. So each output holding ``image/svg+xml`` gains an
``image/png`` of the same picture, rasterized by CairoSVG (a dev/test dependency, never a
runtime one) at twice its size for sharp text, and output metadata saying to draw it at the
SVG's own size (``width``/``height`` in CSS pixels) and ``unconfined`` (not shrunk to the cell:
a wide tree scrolls, as the SVG does, instead of shrinking its labels). A PNG already there is
replaced, so running it twice changes nothing. A PNG without an SVG (a matplotlib plot) is
marked ``unconfined`` too. The saved picture of a widget (an output whose text is qsearch's
"An interactive widget: run the cell to use it.") is captioned "run the cell to use it" above
the picture first, if it is not already (outputs saved before qsearch captioned them itself).
nbval ignores image outputs and their metadata.

The lessons' pipeline (``docs/DESIGN.md``, "Notebook hygiene")::

    jupyter nbconvert --to notebook --execute --inplace notebooks/NN_*.ipynb
    python scripts/strip_notebooks.py notebooks/NN_*.ipynb
    python scripts/add_png_fallbacks.py notebooks/NN_*.ipynb
"""
from __future__ import annotations

import argparse
import base64
import json
import re
import sys
from pathlib import Path

from qsearch.viz.lazy_widget import LazyWidget, caption_svg

SVG = "image/svg+xml"
PNG = "image/png"
SCALE = 2                       # pixels of the PNG per CSS pixel of the picture
UNIT_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "in": 96.0, "cm": 96 / 2.54, "mm": 9.6 / 2.54}
_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*([a-z]*)\s*$")
_ROOT = re.compile(r"<svg\b[^>]*>", re.S)


def _attribute(tag: str, name: str) -> str | None:
    m = re.search(rf'\s{name}\s*=\s*"([^"]*)"', tag) or re.search(rf"\s{name}\s*=\s*'([^']*)'", tag)
    return m.group(1) if m else None


def _length_px(text: str | None) -> float | None:
    if text is None:
        return None
    m = _LENGTH.match(text)
    if m is None or m.group(2) not in UNIT_PX:
        return None                         # a percentage or an unknown unit
    return float(m.group(1)) * UNIT_PX[m.group(2)]


def svg_size(svg: str) -> tuple[float, float]:
    """``(width, height)`` in CSS pixels that a browser gives ``svg`` on its own: its
    ``width``/``height`` attributes (Graphviz writes points), else its ``viewBox``.

    Raises ValueError when ``svg`` has no ``<svg>`` element or no size either way."""
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("no <svg> element in the output")
    tag = root.group(0)
    width, height = _length_px(_attribute(tag, "width")), _length_px(_attribute(tag, "height"))
    box = _attribute(tag, "viewBox")
    if box is not None:
        try:
            _, _, bw, bh = (float(x) for x in box.replace(",", " ").split())
        except ValueError:
            raise ValueError(f"cannot read the viewBox {box!r}") from None
        if width is None and height is None:
            width, height = bw, bh
        elif width is None:
            width = height * bw / bh
        elif height is None:
            height = width * bh / bw
    if not width or not height:
        raise ValueError("the <svg> has neither a width and height nor a viewBox")
    return width, height


def rasterize(svg: str) -> tuple[bytes, int, int]:
    """``(png bytes, width, height)``: ``svg`` as a PNG of :data:`SCALE` times its CSS size
    (width and height, rounded, are the size to draw it at)."""
    import cairosvg

    width, height = svg_size(svg)
    w, h = max(1, round(width)), max(1, round(height))
    # The root's style is for a browser (qsearch writes "height:auto"); CairoSVG would read
    # it as a height of zero and draw nothing.
    svg = _ROOT.sub(lambda m: re.sub(r'\sstyle\s*=\s*"[^"]*"', "", m.group(0)), svg, count=1)
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=w * SCALE,
                           output_height=h * SCALE)
    return png, w, h


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def add_fallbacks(nb: dict) -> int:
    """Give every SVG output of ``nb`` (parsed JSON, modified in place) its PNG, and mark every
    picture ``unconfined``; returns how many SVG outputs now have a PNG."""
    done = 0
    for cell in nb.get("cells", []):
        for out in cell.get("outputs", []):
            data = out.get("data")
            if not isinstance(data, dict):
                continue
            if PNG in data and SVG not in data:     # a plot: drawn at its size, scrolled
                out.setdefault("metadata", {}).setdefault(PNG, {})["unconfined"] = True
                continue
            if SVG not in data:
                continue
            if _joined(data.get("text/plain", "")) == LazyWidget.text_form:
                data[SVG] = caption_svg(_joined(data[SVG]))
            png, w, h = rasterize(_joined(data[SVG]))
            data[PNG] = base64.b64encode(png).decode("ascii") + "\n"
            out.setdefault("metadata", {})[PNG] = {"width": w, "height": h, "unconfined": True}
            done += 1
    return done


def missing(nb: dict) -> list[int]:
    """Indices of the cells with an SVG output that has no PNG beside it."""
    return [i for i, cell in enumerate(nb.get("cells", []))
            for out in cell.get("outputs", [])
            if SVG in out.get("data", {}) and PNG not in out.get("data", {})]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if an SVG output has no PNG beside it")
    args = parser.parse_args(argv)
    bad = 0
    for path in args.notebooks:
        text = path.read_text(encoding="utf-8")
        nb = json.loads(text)
        if args.check:
            cells = missing(nb)
            if cells:
                bad += 1
                print(f"no PNG beside the SVG: {path} (cells {cells})")
            continue
        count = add_fallbacks(nb)
        new = json.dumps(nb, indent=1, ensure_ascii=False) + "\n"
        if new != text:
            path.write_text(new, encoding="utf-8")
        print(f"{path}: {count} picture(s) with a PNG")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
