"""Hypergammon boards as SVG (``Hypergammon._repr_svg_`` imports this lazily).

Drawn from x's side, as the text board: x's points 13-24 along the bottom (x starts on
its 24, 23 and 22 points, bottom right) and 12-1 along the top; x moves right to left
along the bottom, then left to right along the top, and bears off at the top right.
Checkers carry ``class="checker p0"`` (x, dark) / ``class="checker p1"`` (o, light); a
legend under the board ties the two colours to x and o.
"""
from __future__ import annotations

from html import escape

from qsearch.i18n import _

W = 40                      # viewBox units per point
H = 200                     # height of one half of the board
COLORS = ("#241f31", "#f6f5f4")
POINT_COLORS = ("#c64600", "#e5a50a")


def hypergammon_svg(state, size: int = 420, title: str | None = None) -> str:
    """The board of ``state``: points, checkers, bar, borne off, dice and who is to move."""
    width, height = 14 * W, 2 * H + 60
    body = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#865e3c"/>',
            f'<rect x="{W // 2}" y="20" width="{13 * W}" height="{2 * H}" fill="#deddda"/>']
    p0, p1 = state.points(0), state.points(1)

    def column(pos):
        """(x of the point's centre, top row?) for absolute point ``pos``."""
        if pos >= 12:                      # top row: absolute 12..23 left to right
            k = pos - 12
            return W // 2 + (k + (1 if k >= 6 else 0)) * W + W // 2, True
        k = 11 - pos                       # bottom row: absolute 11..0 left to right
        return W // 2 + (k + (1 if k >= 6 else 0)) * W + W // 2, False

    for pos in range(24):
        cx, top = column(pos)
        colour = POINT_COLORS[pos % 2]
        if top:
            pts = f"{cx - W // 2},20 {cx + W // 2},20 {cx},{20 + H - 40}"
            label_y = 14
        else:
            pts = f"{cx - W // 2},{20 + 2 * H} {cx + W // 2},{20 + 2 * H} {cx},{60 + H}"
            label_y = 2 * H + 34
        body.append(f'<polygon points="{pts}" fill="{colour}"/>')
        body.append(f'<text x="{cx}" y="{label_y}" font-size="11" text-anchor="middle" '
                    f'fill="#ffffff">{24 - pos}</text>')
        for player, counts in ((0, p0), (1, p1)):
            for j in range(counts[pos]):
                cy = 20 + W // 2 + j * W if top else 20 + 2 * H - W // 2 - j * W
                body.append(_checker(cx, cy, player))
    bar_x = W // 2 + 6 * W + W // 2
    body.append(f'<rect x="{bar_x - W // 2}" y="20" width="{W}" height="{2 * H}" '
                f'fill="#63452c"/>')
    for player, counts in ((0, p0), (1, p1)):
        for j in range(counts[24]):
            cy = 20 + H + (W // 2 + j * W if player == 0 else -W // 2 - j * W)
            body.append(_checker(bar_x, cy, player))
    info = _("off: x {x}, o {o}").format(x=p0[25], o=p1[25])
    roll = state.dice_roll()
    if state.is_terminal():
        w = state.winner()
        info += " · " + (_("game over: draw") if w is None else
                         _("game over: {player} wins").format(player="xo"[w]))
    elif roll is None:
        info += " · " + _("dice to roll")
    else:
        info += " · " + _("{player} to play {dice}").format(
            player="xo"[state.current_player()], dice=f"{roll[0]}-{roll[1]}")
    body.append(f'<text x="{W // 2}" y="{2 * H + 54}" font-size="14" fill="#ffffff">'
                f'{escape(info)}</text>')
    body.append(_legend(width - 150 - _legend_extra(), 2 * H + 49))
    height_px = round(size * height / width)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{size}" height="{height_px}" role="img">'
            f"<title>{escape(title or _('hypergammon'))}</title>" + "".join(body) + "</svg>")


def _legend_extra() -> int:
    """How much further left the legend starts when its words are longer than English's."""
    first, second = _("x (dark)"), _("o (light)")
    return max(76, len(first) * 7 + 12) - 76 + max(0, round((len(second) - 9) * 7.6))


def _checker(cx: int, cy: int, player: int) -> str:
    return (f'<circle class="checker p{player}" cx="{cx}" cy="{cy}" r="{W // 2 - 2}" '
            f'fill="{COLORS[player]}" stroke="#5e5c64" stroke-width="2"/>')


def _legend(x: int, y: int) -> str:
    """Which checkers are x and which o: "x (dark)  o (light)", each beside its checker (a
    longer first word in another language pushes the second along)."""
    parts = ['<g class="legend">']
    first, second = _("x (dark)"), _("o (light)")
    gap = max(76, len(first) * 7 + 12)
    for player, (dx, word) in enumerate(((0, first), (gap, second))):
        parts.append(f'<circle cx="{x + dx + 7}" cy="{y}" r="7" fill="{COLORS[player]}" '
                     f'stroke="#5e5c64" stroke-width="1.5"/><text x="{x + dx + 18}" '
                     f'y="{y + 5}" font-size="14" fill="#ffffff">{word}</text>')
    return "".join(parts) + "</g>"
