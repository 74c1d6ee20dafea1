"""The widget behind every stepper, exercise, editor and play object: :class:`LazyWidget`.

These objects are plain Python (their headless methods are what the tests call); the
ipywidgets box is built the first time ``.widget`` is read, by the subclass's
``_build_widget()``, and shown when the object is a cell's value. A viewer without a kernel
(a notebook on GitHub, or one whose widget views ``strip_notebooks.py`` removed) shows a
static SVG instead: IPython adds the object's ``_repr_svg_`` beside the widget view, or the
object puts its own picture in the bundle (:meth:`LazyWidget._bundle_svg`).
:class:`PictureWidget` is the version for the exercises and the tree editor, which are
drawn as a Digraph.
"""
from __future__ import annotations

from qsearch.viz.tree import svg_text


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
    # prints (instead of ipywidgets' ``VBox(children=(...``).
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
        """A picture to put in the mime bundle beside the widget view, or None (then IPython
        adds ``_repr_svg_``, when the object has one)."""
        return None

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The live widget (and :meth:`_bundle_svg`, for viewers without a kernel), with
        :attr:`text_form` as its text."""
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.text_form
        svg = self._bundle_svg()
        if svg is not None:
            data["image/svg+xml"] = svg
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

    def _bundle_svg(self) -> str:
        return self.svg()

    def _repr_svg_(self) -> str:
        return self.svg()
