"""Quarto boards as SVG: the pieces drawn as pieces.

Each piece shows its four attributes as Quarto's wooden pieces do: **light or dark** (fill),
**round or square** (circle or square outline), **tall or short** (large or small, with a
thick or thin rim) and **solid or hollow** (a hole in the top). The board is 4x4 with the
document's 1-based coordinates; below it, the pieces not yet used, labelled with their codes
(``1357`` ...). A completed winning line is outlined. Used by ``_repr_svg_`` of
:class:`~qsearch.games.OwnPieceQuarto` and :class:`~qsearch.games.Quarto`.
"""
from __future__ import annotations

from collections.abc import Iterable

from qsearch.i18n import _

LIGHT, DARK = "#f1d7a0", "#7a4a22"
RIM_LIGHT, RIM_DARK = "#b08850", "#3e2410"
BOARD, SQUARE_FILL, HOLE = "#2f2f38", "#464653", "#1e1e24"
CELL = 60


def _code(piece: int) -> str:
    return "".join(str(1 + 2 * k + ((piece >> (3 - k)) & 1)) for k in range(4))


def piece_svg(piece: int, cx: float, cy: float, cell: float = CELL, css: str = "piece") -> str:
    """One piece centred at (cx, cy) in a cell of side ``cell`` (a ``<g class=css>``)."""
    dark = (piece >> 3) & 1
    square = (piece >> 2) & 1
    short = (piece >> 1) & 1
    hollow = piece & 1
    fill, rim = (DARK, RIM_DARK) if dark else (LIGHT, RIM_LIGHT)
    r = cell * (0.27 if short else 0.40)         # tall pieces are big, short ones small
    stroke = cell * (0.03 if short else 0.07)
    parts = []
    if square:
        parts.append(f'<rect x="{cx - r:.1f}" y="{cy - r:.1f}" width="{2 * r:.1f}" '
                     f'height="{2 * r:.1f}" rx="{r * 0.12:.1f}" fill="{fill}" stroke="{rim}" '
                     f'stroke-width="{stroke:.1f}"/>')
    else:
        parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" '
                     f'stroke="{rim}" stroke-width="{stroke:.1f}"/>')
    if hollow:
        h = r * 0.42
        if square:
            parts.append(f'<rect x="{cx - h:.1f}" y="{cy - h:.1f}" width="{2 * h:.1f}" '
                         f'height="{2 * h:.1f}" fill="{HOLE}"/>')
        else:
            parts.append(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{h:.1f}" fill="{HOLE}"/>')
    title = f"<title>{_code(piece)}</title>"
    return f'<g class="{css}">{title}{"".join(parts)}</g>'


def quarto_svg(state, size: int = 320, *, highlight: Iterable[int] = (),
               show_pieces_left: bool = True, chosen_piece: int | None = None) -> str:
    """The board of ``state`` (and the unused pieces), ``size`` pixels wide.

    ``highlight``: squares (0..15, column by column) to outline, e.g. the last move;
    ``chosen_piece``: a piece left to ring in the tray (a player's pending choice). The
    winning line of a finished game is outlined in gold. Pieces on the board are
    ``<g class="piece">``, those left ``<g class="piece-left">``.
    """
    margin = 24
    width = 4 * CELL + 2 * margin
    tray_rows = 2 if show_pieces_left else 0
    tray_cell = width / 8
    height = 4 * CELL + 2 * margin + (tray_rows * tray_cell + 16 if tray_rows else 0)
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="{BOARD}" rx="8"/>']
    for i in range(4):
        body.append(f'<text x="{margin + CELL * i + CELL / 2}" y="{margin - 8}" '
                    f'font-size="13" fill="#ccc" text-anchor="middle">{i + 1}</text>')
        body.append(f'<text x="{margin - 10}" y="{margin + CELL * i + CELL / 2 + 4}" '
                    f'font-size="13" fill="#ccc" text-anchor="middle">{i + 1}</text>')
    highlight = set(highlight)
    pieces = state.board_pieces()
    for s in range(16):
        row, col = s % 4, s // 4
        x, y = margin + CELL * col, margin + CELL * row
        outline = ' stroke="#7fd3ff" stroke-width="3"' if s in highlight else ""
        body.append(f'<rect x="{x + 2}" y="{y + 2}" width="{CELL - 4}" height="{CELL - 4}" '
                    f'rx="6" fill="{SQUARE_FILL}"{outline}/>')
        if pieces[s] >= 0:
            body.append(piece_svg(pieces[s], x + CELL / 2, y + CELL / 2))
    for line, _k, _code_value in state.winning_lines():
        squares = _line_squares(line)
        (r0, c0), (r1, c1) = squares[0], squares[-1]
        x0, y0 = margin + CELL * c0 + CELL / 2, margin + CELL * r0 + CELL / 2
        x1, y1 = margin + CELL * c1 + CELL / 2, margin + CELL * r1 + CELL / 2
        body.append(f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" '
                    f'stroke="gold" stroke-width="6" stroke-linecap="round" opacity="0.75"/>')
    if show_pieces_left:
        top = 4 * CELL + 2 * margin
        left = set(state.pieces_left())
        for p in range(16):
            cx = tray_cell * (p % 8) + tray_cell / 2
            cy = top + tray_cell * (p // 8) + tray_cell / 2
            if p in left:
                if p == chosen_piece:
                    body.append(f'<circle cx="{cx}" cy="{cy - 5}" r="{tray_cell * 0.45:.1f}" '
                                f'fill="none" stroke="#7fd3ff" stroke-width="3"/>')
                body.append(piece_svg(p, cx, cy - 5, tray_cell * 0.8, css="piece-left"))
                body.append(f'<text x="{cx}" y="{cy + tray_cell / 2 - 1}" font-size="11" '
                            f'fill="#ccc" text-anchor="middle">{_code(p)}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height:.0f}" '
            f'width="{size}" height="{size * height / width:.0f}">'
            f'<title>{_("Quarto board")}</title>{"".join(body)}</svg>')


def _line_squares(line: int) -> list[tuple[int, int]]:
    """(row, col), 0-based, of line ``line`` (rows 0-3, columns 4-7, diagonals 8-9)."""
    if line < 4:
        return [(line, c) for c in range(4)]
    if line < 8:
        return [(r, line - 4) for r in range(4)]
    if line == 8:
        return [(i, i) for i in range(4)]
    return [(3 - i, i) for i in range(4)]
