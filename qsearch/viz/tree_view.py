"""Show the part of a wide tree picture where the step is: the views a stepper offers.

A search of a real game position draws a tree thousands of points wide; a notebook's output
area is about 800 px. A stepper that showed it at full size and let the student scroll would
open on the left edge while the root sits in the middle, and would never follow the search.
So the stepper's picture is one of three views of the same SVG (the drawing itself is never
changed, only its root element's ``viewBox``, size and style):

* ``"follow"``: a window :data:`WINDOW_PT` wide centred on the node of this step (the whole
  tree when it is narrower), at its own size; in a narrower cell its sides are cut, never its
  middle (a narrow window still shows the node, readable);
* ``"whole"``: the whole tree at its own size (the cell scrolls);
* ``"fit"``: the whole tree shrunk to the cell's width (the shape at a glance).

No JavaScript: the window is chosen in Python from the node's position in the SVG, which
Graphviz and :mod:`qsearch.viz.layout` both write as ``<g class="node"><title>n3</title>``.
"""
from __future__ import annotations

import re

VIEWS = ("follow", "whole", "fit")
WINDOW_PT = 600.0               # the window's width: 800 CSS px, a notebook's output area
FOLLOW_CLASS = "qsearch-follow"
_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_NUM = r"-?[0-9]*\.?[0-9]+(?:e-?[0-9]+)?"


def check_view(view) -> str:
    """``view`` if it is one of :data:`VIEWS`, else a ValueError naming them."""
    if view not in VIEWS:
        raise ValueError(f"view must be one of {', '.join(map(repr, VIEWS))}, not {view!r}")
    return view


def _attribute(tag: str, name: str) -> str | None:
    m = re.search(rf'\s{name}\s*=\s*"([^"]*)"', tag)
    return m.group(1) if m else None


def picture_box(svg: str) -> tuple[float, float, float, float]:
    """``(x, y, width, height)`` of the picture's ``viewBox`` (ValueError without one)."""
    root = _ROOT.search(svg)
    box = None if root is None else _attribute(root.group(0), "viewBox")
    if box is None:
        raise ValueError("the picture has no <svg viewBox=...>")
    x, y, w, h = (float(v) for v in box.replace(",", " ").split())
    return x, y, w, h


def node_centre(svg: str, name: str) -> tuple[float, float] | None:
    """The centre of node ``name`` (its ``<title>``, such as ``n3``) in ``viewBox``
    coordinates, or None when the picture does not draw it."""
    m = re.search(rf"<title>{re.escape(name)}</title>(.*?)</g>", svg, re.S)
    if m is None:
        return None
    body = m.group(1)
    xs, ys = [], []
    shape = re.search(r'points="([^"]*)"', body)
    if shape is not None:
        for pair in shape.group(1).split():
            x, y = pair.split(",")
            xs.append(float(x))
            ys.append(float(y))
    else:
        ellipse = re.search(rf'cx="({_NUM})"\s+cy="({_NUM})"', body)
        rect = re.search(rf'<rect x="({_NUM})" y="({_NUM})" width="({_NUM})" height="({_NUM})"',
                         body)
        if ellipse is not None:
            xs, ys = [float(ellipse.group(1))], [float(ellipse.group(2))]
        elif rect is not None:
            x, y, w, h = (float(v) for v in rect.groups())
            xs, ys = [x + w / 2], [y + h / 2]
        else:
            return None
    x, y = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    # Graphviz draws in a group moved by transform="scale(s s) rotate(0) translate(tx ty)"
    graph = re.search(r'<g id="graph0" class="graph" transform="([^"]*)"', svg)
    if graph is not None:
        scale = re.search(rf"scale\(({_NUM})", graph.group(1))
        move = re.search(rf"translate\(({_NUM})[ ,]+({_NUM})\)", graph.group(1))
        s = float(scale.group(1)) if scale else 1.0
        tx, ty = (float(move.group(1)), float(move.group(2))) if move else (0.0, 0.0)
        x, y = s * (x + tx), s * (y + ty)
    return x, y


def _with_root(svg: str, **attributes) -> str:
    """``svg`` whose root element has these attributes (replaced or added; None removes)."""
    root = _ROOT.search(svg)
    tag = root.group(0)
    for key, value in attributes.items():
        name = "viewBox" if key == "viewBox" else key
        tag = re.sub(rf'\s{name}\s*=\s*"[^"]*"', "", tag)
        if value is not None:
            tag = tag.replace("<svg", f'<svg {name}="{value}"', 1)
    return svg[:root.start()] + tag + svg[root.end():]


def view_svg(svg: str, view: str = "follow", node: str | None = None,
             window: float = WINDOW_PT) -> str:
    """The picture as ``view`` shows it (see the module docs), following ``node`` (its
    ``<title>``; None or a node not drawn: the window stays at the tree's centre)."""
    check_view(view)
    x0, y0, width, height = picture_box(svg)
    if view == "whole":
        return svg
    if view == "fit" or width <= window:
        if view == "follow":
            return svg
        return _with_root(svg, style=f"width:100%;max-width:{width:g}pt;height:auto")
    centre = node_centre(svg, node) if node is not None else None
    cx = centre[0] if centre is not None else x0 + width / 2
    # The node is the window's centre (near the tree's ends the window shows blank beyond
    # them), and the window is centred in its cell at its own size: in a cell narrower than
    # the window the sides are cut, never the middle, so the node stays in view at a readable
    # size in any window, without JavaScript.
    cropped = _with_root(svg, viewBox=f"{cx - window / 2:.2f} {y0:.2f} {window:g} {height:.2f}",
                         width=f"{window:g}pt", height=f"{height:g}pt",
                         style="flex:none;max-width:none;height:auto")
    # contain:inline-size: the window's width does not widen the cell (the box fills the cell
    # and cuts the window's sides instead)
    return (f'<div class="{FOLLOW_CLASS}" style="display:flex;justify-content:center;'
            f'overflow:hidden;contain:inline-size;width:100%">{cropped}</div>')
