"""The widget behind every stepper, exercise, editor and play object: :class:`LazyWidget`.

These objects are plain Python (their headless methods are what the tests call); the
ipywidgets box is built the first time ``.widget`` is read, by the subclass's
``_build_widget()``, and shown when the object is a cell's value. A viewer without a kernel
(a notebook on GitHub, or one whose widget views ``strip_notebooks.py`` removed) shows a
static SVG instead: the object's picture (its ``_repr_svg_``, or its own
:meth:`LazyWidget._bundle_svg`) goes beside the widget view in the bundle, under a band that
says "run the cell to use it" (:func:`caption_svg`).
:class:`PictureWidget` is the version for the exercises and the tree editor, which are
drawn as a Digraph.
"""
from __future__ import annotations

import html
import re

from qsearch.i18n import _
from qsearch.viz.tree import svg_text

# What a saved picture of a widget says above itself: a viewer without a kernel (GitHub, a
# notebook opened untrusted, the PNG fallbacks of scripts/add_png_fallbacks.py) shows the
# picture alone, which could pass for a widget that does not respond.
SAVED_CAPTION = "A saved picture of an interactive widget: run the cell to use it."
_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(px|pt|)\s*$")


def _attribute(tag: str, name: str) -> str | None:
    m = re.search(rf'\s{name}\s*=\s*"([^"]*)"', tag)
    return m.group(1) if m else None


def caption_svg(svg: str, text: str | None = None) -> str:
    """``svg`` with a band above it that says ``text`` (by default, "run the cell to use it",
    in the language in use: :mod:`qsearch.i18n`).

    The picture is nested unchanged (its ``viewBox`` keeps its drawing) below a band in the
    same units as its size; a picture narrower than the sentence gets a smaller font, never a
    cut sentence. A picture already captioned with ``text`` is returned as is. Raises
    ValueError when ``svg`` has no ``<svg>`` root or no size (``width``/``height`` in px or
    pt, or a ``viewBox``)."""
    text = _(SAVED_CAPTION) if text is None else text
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("not an SVG picture: no <svg> element")
    if html.escape(text) in svg[:root.end() + 600]:
        return svg
    tag = root.group(0)
    box = _attribute(tag, "viewBox")
    sizes = [_LENGTH.match(_attribute(tag, k) or "") for k in ("width", "height")]
    if all(sizes) and sizes[0].group(2) == sizes[1].group(2):
        w, h, unit = float(sizes[0].group(1)), float(sizes[1].group(1)), sizes[0].group(2)
    elif box is not None:
        try:
            _x, _y, w, h = (float(x) for x in box.replace(",", " ").split())
        except ValueError:
            raise ValueError(f"cannot read the viewBox {box!r}") from None
        unit = None                           # no size of its own: it fills its container
    else:
        raise ValueError("the <svg> has neither a width and height nor a viewBox")
    if unit is None:                        # scaled with the picture: fit the sentence in
        font = min(12.0, (w - 8) / (len(text) * 0.56)) if w > 8 else 12.0
        outer = w
    else:                                   # drawn at its size: widen it to the sentence
        font = 11.0 if unit == "pt" else 14.0
        outer = max(w, round(len(text) * font * 0.56 + 10))
    band = round(font * 1.9, 2)
    inner = re.sub(r'\s(width|height|style|x|y)\s*=\s*"[^"]*"', "", tag)
    inner = inner.replace("<svg", f'<svg x="0" y="{band}" width="{w:g}" height="{h:g}"', 1)
    if box is None:
        inner = inner.replace("<svg", f'<svg viewBox="0 0 {w:g} {h:g}"', 1)
    size = "" if unit is None else f' width="{outer:g}{unit}" height="{h + band:g}{unit}"'
    style = _attribute(tag, "style")
    style = "" if style is None else f' style="{style}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg"{size}{style} '
            f'viewBox="0 0 {outer:g} {h + band:g}">'
            f'<rect x="0" y="0" width="{outer:g}" height="{h + band:g}" fill="white"/>'
            f'<rect x="0" y="0" width="{outer:g}" height="{band}" fill="#fff4c2"/>'
            f'<text x="4" y="{band * 0.68:.2f}" font-family="Helvetica,Arial,sans-serif" '
            f'font-size="{font:.2f}" fill="#5c4400">{html.escape(text)}</text>'
            + inner + svg[root.end():] + "</svg>")


class LazyWidget:
    """An object shown as an ipywidgets box built on first use.

    Subclasses define ``_build_widget()``, which returns the box; ``self._widget`` is None
    until then, so ``if self._widget is not None`` tells whether there are widgets to keep
    in step with the object's state. The play widgets build theirs in the constructor (their
    buttons are read and clicked headless too); the steppers, exercises and the editor only
    when shown.
    """

    _widget = None                 # the box, once built
    # The bundle's text/plain: what a viewer that shows neither the widget nor a picture
    # prints (instead of ipywidgets' ``VBox(children=(...``), in English; the bundle says it
    # in the language in use.
    text_form = "An interactive widget: run the cell to use it."

    @property
    def widget(self):
        """The ipywidgets box (built on first use)."""
        if self._widget is None:
            self._widget = self._build_widget()
        return self._widget

    def _build_widget(self):
        raise NotImplementedError

    def _bundle_svg(self) -> str | None:
        """A picture to put in the mime bundle beside the widget view, or None: then the
        object's ``_repr_svg_``, when it has one."""
        repr_svg = getattr(self, "_repr_svg_", None)
        return repr_svg() if repr_svg is not None else None

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The live widget and, for viewers without a kernel, :meth:`_bundle_svg` captioned
        "run the cell to use it" (:func:`caption_svg`), with :attr:`text_form` as its text."""
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = _(self.text_form)
        svg = self._bundle_svg()
        if svg is not None:
            data["image/svg+xml"] = caption_svg(svg)
        return bundle


class PictureWidget(LazyWidget):
    """A :class:`LazyWidget` whose picture is ``draw()`` (a Digraph), also in its bundle.

    Subclasses define ``draw()`` and ``_build_widget()``; ``svg()`` is the picture the
    widget shows and the static one a viewer without a kernel gets.
    """

    def draw(self):
        raise NotImplementedError

    def svg(self) -> str:
        """The ``<svg>`` of :meth:`draw` (what the widget shows)."""
        return svg_text(self.draw())

    def _repr_svg_(self) -> str:
        return self.svg()
