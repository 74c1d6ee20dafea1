"""Pictures side by side, each with a caption, drawn as one SVG.

A lesson shows several boards at once (a position's children, ten tournament openings). Laid
out in HTML they are lost where a notebook shows no HTML (JupyterLab before the notebook is
trusted, as it first opens); one SVG is a picture like any other, which a saved notebook also
carries as PNG. ``Gallery(svgs, captions)`` is that picture::

    Gallery([board_svg(s) for s in children], [f"x at {a}" for a in actions])

The pictures keep their own sizes and are placed left to right in rows no wider than
``width`` pixels, each caption centred under its picture.
"""
from __future__ import annotations

import html
import re

from qsearch.i18n import _

_ROOT = re.compile(r"<svg\b[^>]*>", re.S)
_PROLOG = re.compile(r"<\?xml[^>]*\?>|<!DOCTYPE[^>]*>|<!--.*?-->", re.S)
CAPTION_PX = 13                  # caption text, as large as a notebook's body text
GAP = 14                         # pixels between pictures, and between a row and the next


def _attribute(tag: str, name: str) -> str | None:
    m = re.search(rf'\s{name}\s*=\s*"([^"]*)"', tag)
    return m.group(1) if m else None


def _pixels(text: str | None) -> float | None:
    if text is None:
        return None
    m = re.fullmatch(r"\s*([0-9]*\.?[0-9]+)\s*(px)?\s*", text)
    return float(m.group(1)) if m else None


def picture_size(svg: str) -> tuple[float, float]:
    """``(width, height)`` in pixels of an SVG picture: its ``width`` and ``height``
    attributes, else its ``viewBox``. Raises ValueError if it has neither."""
    root = _ROOT.search(svg)
    if root is None:
        raise ValueError("not an SVG picture: no <svg> element")
    tag = root.group(0)
    width, height = _pixels(_attribute(tag, "width")), _pixels(_attribute(tag, "height"))
    if width and height:
        return width, height
    box = _attribute(tag, "viewBox")
    if box:
        parts = box.replace(",", " ").split()
        if len(parts) == 4:
            return float(parts[2]), float(parts[3])
    raise ValueError("the SVG picture has no width and height (in px) and no viewBox")


class Gallery:
    """SVG pictures with captions, in rows no wider than ``width`` pixels, as one SVG.

    ``svgs`` are SVG documents (strings, or objects with ``_repr_svg_``, such as qsearch's
    boards); ``captions`` one line each (or None). Displayed in a notebook it is an
    ``image/svg+xml`` picture; :meth:`_repr_svg_` gives the SVG text.
    """

    def __init__(self, svgs, captions=None, width: int = 900):
        pictures = [s._repr_svg_() if hasattr(s, "_repr_svg_") else s for s in svgs]
        pictures = [_PROLOG.sub("", p) if isinstance(p, str) else p for p in pictures]
        if not pictures:
            raise ValueError("a gallery needs at least one picture")
        for k, svg in enumerate(pictures):
            if not isinstance(svg, str):
                raise TypeError(f"picture {k} is {type(svg).__name__}, not SVG text")
        captions = list(captions) if captions is not None else [""] * len(pictures)
        if len(captions) != len(pictures):
            raise ValueError(f"{len(captions)} captions for {len(pictures)} pictures")
        if width <= 0:
            raise ValueError(f"width must be positive, not {width}")
        self.pictures, self.captions, self.width = pictures, [str(c) for c in captions], width
        self.sizes = [picture_size(svg) for svg in pictures]

    def _layout(self):
        """``(positions, total width, total height)``: the top-left corner of each picture."""
        caption_h = CAPTION_PX + 8 if any(self.captions) else 0
        positions, x, y, row_h, widest = [], 0.0, 0.0, 0.0, 0.0
        for w, h in self.sizes:
            if x > 0 and x + w > self.width:          # start a new row
                x, y, row_h = 0.0, y + row_h + caption_h + GAP, 0.0
            positions.append((x, y))
            widest = max(widest, x + w)
            x, row_h = x + w + GAP, max(row_h, h)
        return positions, widest, y + row_h + caption_h

    def _repr_svg_(self) -> str:
        positions, total_w, total_h = self._layout()
        parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total_w:.0f}" '
                 f'height="{total_h:.0f}" viewBox="0 0 {total_w:.0f} {total_h:.0f}" '
                 f'role="img" font-family="sans-serif">'
                 f"<title>{html.escape(repr(self))}</title>"]
        for svg, caption, (w, h), (x, y) in zip(self.pictures, self.captions, self.sizes,
                                                positions, strict=True):
            tag = _ROOT.search(svg).group(0)
            placed = tag[:-1].rstrip("/") + f' x="{x:.0f}" y="{y:.0f}">'
            for name in ("width", "height"):            # the size read above, in pixels
                placed = re.sub(rf'\s{name}\s*=\s*"[^"]*"', "", placed)
            placed = placed.replace("<svg", f'<svg width="{w:.0f}" height="{h:.0f}"', 1)
            parts.append(svg.replace(tag, placed, 1))
            if caption:
                parts.append(f'<text x="{x + w / 2:.0f}" y="{y + h + CAPTION_PX + 2:.0f}" '
                             f'font-size="{CAPTION_PX}" text-anchor="middle">'
                             f"{html.escape(caption)}</text>")
        parts.append("</svg>")
        return "".join(parts)

    def __repr__(self) -> str:
        shown = "; ".join(c for c in self.captions[:3] if c)
        more = "..." if len(self.captions) > 3 else ""
        if shown:
            return _("A gallery of {count} pictures: {captions}").format(
                count=len(self.pictures), captions=shown + more)
        return _("A gallery of {count} pictures").format(count=len(self.pictures))
