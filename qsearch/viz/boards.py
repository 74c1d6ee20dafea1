"""Boards as SVG: tic-tac-toe and Connect-4 positions that draw themselves in Jupyter, and
:func:`board_svg`, which draws any qsearch game that has a drawing.

The games (``qsearch.games``, and their twins) only hold a ``_repr_svg_`` that asks
:func:`qsearch.core.drawing.draw` for the drawing their entry names, imported when a
notebook first displays a board, so the engines stay free of drawing code.

Every drawing is a standalone ``<svg>`` document with a ``viewBox`` in abstract units (100
per cell), so it scales cleanly; ``size`` only sets the displayed width in pixels. Stones
carry ``class="stone p0"`` / ``class="stone p1"`` so tests and style sheets can find them.
"""
from __future__ import annotations

from collections.abc import Iterable
from html import escape

from qsearch.i18n import _

CELL = 100                     # viewBox units per cell
X_COLOR = "#1c71d8"            # tic-tac-toe: x (player 0)
O_COLOR = "#c01c28"            # tic-tac-toe: o (player 1)
C4_BOARD = "#1a5fb4"
C4_STONES = ("#e01b24", "#f6d32d")   # Connect-4: player 0 red, player 1 yellow
C4_EMPTY = "#ffffff"
HIGHLIGHT = "#2ec27e"          # highlighted cells and columns
LAST = "#241f31"               # the marker of the last move


def _svg(width_units: int, height_units: int, size: int, body: list[str], title: str) -> str:
    height_px = round(size * height_units / width_units)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width_units} {height_units}" '
        f'width="{size}" height="{height_px}" role="img" style="background:#ffffff">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def _last_action(state):
    history = state.history()
    return history[-1] if history else None


def winning_cells(state, cells, lines) -> list:
    """The cells of the first line (of ``lines``) that one player fills, or []."""
    for line in lines:
        owners = {state.cell(*c) if isinstance(c, tuple) else state.cell(c) for c in line}
        if len(owners) == 1 and owners != {-1}:
            return list(line)
    return []


TTT_LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
             (2, 4, 6)]


# ------------------------------------------------------------------------- tic-tac-toe
def tictactoe_svg(state, size: int = 150, *, highlight: Iterable[int] = (),
                  last_move: bool = True, labels: bool = False, show_win: bool = True) -> str:
    """A tic-tac-toe position as SVG: x blue, o red, the last move's cell shaded.

    ``highlight``: cells (0-8) to shade green, e.g. a winning line or the children of a
    node; ``labels``: print each empty cell's number (the action that plays there);
    ``show_win``: shade the winning three of a won game.
    """
    highlight = {int(c) for c in highlight}
    if show_win and state.winner_player() is not None:
        highlight |= set(winning_cells(state, range(9), TTT_LINES))
    last = _last_action(state) if last_move else None
    side = 3 * CELL
    body = [f'<rect x="0" y="0" width="{side}" height="{side}" fill="#ffffff"/>']
    for cell in range(9):
        x, y = (cell % 3) * CELL, (cell // 3) * CELL
        if cell in highlight:
            body.append(f'<rect class="highlight" x="{x}" y="{y}" width="{CELL}" '
                        f'height="{CELL}" fill="{HIGHLIGHT}" fill-opacity="0.35"/>')
        elif cell == last:
            body.append(f'<rect class="last" x="{x}" y="{y}" width="{CELL}" '
                        f'height="{CELL}" fill="#deddda"/>')
    for i in (1, 2):
        body.append(f'<line x1="{i * CELL}" y1="6" x2="{i * CELL}" y2="{side - 6}" '
                    'stroke="#3d3846" stroke-width="6" stroke-linecap="round"/>')
        body.append(f'<line x1="6" y1="{i * CELL}" x2="{side - 6}" y2="{i * CELL}" '
                    'stroke="#3d3846" stroke-width="6" stroke-linecap="round"/>')
    for cell in range(9):
        owner = state.cell(cell)
        cx, cy = (cell % 3) * CELL + CELL // 2, (cell // 3) * CELL + CELL // 2
        r = 30
        if owner == 0:
            body.append(
                f'<g class="stone p0" stroke="{X_COLOR}" stroke-width="12" '
                'stroke-linecap="round">'
                f'<line x1="{cx - r}" y1="{cy - r}" x2="{cx + r}" y2="{cy + r}"/>'
                f'<line x1="{cx - r}" y1="{cy + r}" x2="{cx + r}" y2="{cy - r}"/></g>'
            )
        elif owner == 1:
            body.append(f'<circle class="stone p1" cx="{cx}" cy="{cy}" r="{r + 2}" '
                        f'fill="none" stroke="{O_COLOR}" stroke-width="12"/>')
        elif labels:
            body.append(f'<text x="{cx}" y="{cy + 10}" text-anchor="middle" font-size="30" '
                        f'font-family="sans-serif" fill="#9a9996">{cell}</text>')
    return _svg(side, side, size, body,
                _("tic-tac-toe {board}").format(board=state.board_string()))


# --------------------------------------------------------------------------- Connect-4
C4_ROWS, C4_COLS = 6, 7
C4_LINES = [tuple((r + k * dr, c + k * dc) for k in range(4))
            for r in range(C4_ROWS) for c in range(C4_COLS)
            for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1))
            if 0 <= r + 3 * dr < C4_ROWS and 0 <= c + 3 * dc < C4_COLS]


def _c4_top_row(state, col: int) -> int:
    """Row (0 = bottom) of the highest stone in ``col``, or -1 if the column is empty."""
    row = -1
    for r in range(C4_ROWS):
        if state.cell(r, col) >= 0:
            row = r
    return row


def connect4_svg(state, size: int = 280, *, highlight_cells: Iterable[tuple[int, int]] = (),
                 highlight_columns: Iterable[int] = (), last_move: bool = True,
                 labels: bool = True, show_win: bool = True) -> str:
    """A Connect-4 position as SVG: player 0 red, player 1 yellow, the last stone ringed.

    ``highlight_cells``: ``(row, col)`` pairs (row 0 = bottom) ringed in green, e.g. a four;
    ``highlight_columns``: columns 0-6 shaded green, e.g. the engine's candidate moves;
    ``labels``: the published column numbers 1-7 under the board. The board spans the full
    width (no side margin), so a row of equal buttons of ``size / 7`` pixels lines up with
    its columns. ``show_win``: ring the winning four of a won game.
    """
    cells = {(int(r), int(c)) for r, c in highlight_cells}
    if show_win and state.winner_player() is not None:
        cells |= set(winning_cells(state, None, C4_LINES))
    columns = {int(c) for c in highlight_columns}
    last = _last_action(state) if last_move else None
    last_cell = (_c4_top_row(state, last), last) if last is not None else None
    width, board_h = C4_COLS * CELL, C4_ROWS * CELL
    height = board_h + (50 if labels else 0)
    body = [f'<rect x="0" y="0" width="{width}" height="{board_h}" rx="18" fill="{C4_BOARD}"/>']
    for col in sorted(columns):
        body.append(f'<rect class="highlight" x="{col * CELL}" y="0" width="{CELL}" '
                    f'height="{board_h}" fill="{HIGHLIGHT}" fill-opacity="0.45"/>')
    for row in range(C4_ROWS):
        for col in range(C4_COLS):
            cx = col * CELL + CELL // 2
            cy = (C4_ROWS - 1 - row) * CELL + CELL // 2
            owner = state.cell(row, col)
            if owner < 0:
                body.append(f'<circle cx="{cx}" cy="{cy}" r="40" fill="{C4_EMPTY}"/>')
            else:
                body.append(f'<circle class="stone p{owner}" cx="{cx}" cy="{cy}" r="40" '
                            f'fill="{C4_STONES[owner]}" stroke="#00000033" stroke-width="3"/>')
            if (row, col) == last_cell:
                body.append(f'<circle class="last" cx="{cx}" cy="{cy}" r="12" fill="{LAST}" '
                            'fill-opacity="0.6"/>')
            if (row, col) in cells:
                body.append(f'<circle class="highlight" cx="{cx}" cy="{cy}" r="44" fill="none" '
                            f'stroke="{HIGHLIGHT}" stroke-width="8"/>')
    if labels:
        for col in range(C4_COLS):
            body.append(f'<text x="{col * CELL + CELL // 2}" y="{board_h + 38}" '
                        'text-anchor="middle" font-size="32" font-family="sans-serif" '
                        f'fill="#3d3846">{col + 1}</text>')
    moves = state.moves_string()
    title = _("Connect-4 after {moves}").format(moves=moves) if moves else \
        _("Connect-4 after no moves")
    return _svg(width, height, size, body, title)


# -------------------------------------------------------------------------- dispatcher
def board_svg(state, **options) -> str:
    """The SVG drawing of a qsearch game position: the drawing its game's entry names
    (:mod:`qsearch.core.game_entries`: tic-tac-toe and Connect-4 here, Quarto, Reversi,
    hypergammon and ParCheckers in their own modules; keyword ``options`` passed on). A
    TypeError names the games with a drawing when ``state``'s game has none (Pig, Nim, a
    class's own game)."""
    from qsearch.core.drawing import draw

    return draw(state, **options)
