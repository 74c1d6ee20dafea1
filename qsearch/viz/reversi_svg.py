"""Reversi boards as SVG (imported lazily by ``Reversi._repr_svg_``)."""
from __future__ import annotations

from collections.abc import Iterable

from qsearch.i18n import _
from qsearch.viz.boards import CELL, HIGHLIGHT, _last_action, _svg

GREEN = "#26a269"
DISCS = ("#1e1e1e", "#fafafa")   # player 0 black, player 1 white
COLUMNS = "abcdefgh"


def reversi_svg(state, size: int = 280, *, highlight: Iterable[int] = (),
                legal: bool = True, last_move: bool = True, labels: bool = True) -> str:
    """A Reversi position as SVG: green board, black and white discs, cells labelled a-h/1-8.

    ``highlight``: cells (0-63) ringed in green; ``legal``: small dots on the mover's legal
    cells; ``last_move``: a red dot on the last disc placed.
    """
    marks = {int(c) for c in highlight}
    last = _last_action(state) if last_move else None
    legal_cells = set(state.legal_actions()) if legal and not state.is_terminal() else set()
    margin = 40 if labels else 0
    side = 8 * CELL
    body = [f'<rect x="{margin}" y="{margin}" width="{side}" height="{side}" fill="{GREEN}"/>']
    for i in range(9):
        p = margin + i * CELL
        body.append(f'<line x1="{p}" y1="{margin}" x2="{p}" y2="{margin + side}" '
                    'stroke="#000000" stroke-width="3"/>')
        body.append(f'<line x1="{margin}" y1="{p}" x2="{margin + side}" y2="{p}" '
                    'stroke="#000000" stroke-width="3"/>')
    for cell in range(64):
        cx = margin + (cell % 8) * CELL + CELL // 2
        cy = margin + (cell // 8) * CELL + CELL // 2
        owner = state.cell(cell)
        if owner >= 0:
            body.append(f'<circle class="stone p{owner}" cx="{cx}" cy="{cy}" r="40" '
                        f'fill="{DISCS[owner]}" stroke="#000000" stroke-width="2"/>')
        elif cell in legal_cells:
            body.append(f'<circle class="legal" cx="{cx}" cy="{cy}" r="8" '
                        'fill="#00000055"/>')
        if cell == last:
            body.append(f'<circle class="last" cx="{cx}" cy="{cy}" r="9" fill="#e01b24"/>')
        if cell in marks:
            body.append(f'<circle class="highlight" cx="{cx}" cy="{cy}" r="45" fill="none" '
                        f'stroke="{HIGHLIGHT}" stroke-width="8"/>')
    if labels:
        for i in range(8):
            c = margin + i * CELL + CELL // 2
            body.append(f'<text x="{c}" y="30" text-anchor="middle" font-size="28" '
                        f'font-family="sans-serif" fill="#3d3846">{COLUMNS[i]}</text>')
            body.append(f'<text x="20" y="{c + 10}" text-anchor="middle" font-size="28" '
                        f'font-family="sans-serif" fill="#3d3846">{i + 1}</text>')
    black, white = state.discs()
    title = _("Reversi: black {black}, white {white}").format(black=black, white=white)
    return _svg(side + margin, side + margin, size, body, title)
