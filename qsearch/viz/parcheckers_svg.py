"""ParCheckers boards as SVG (document 004), readable when projected.

The 68 track squares form a ring, square 1 at the top and numbers growing clockwise; safe
squares are grey, each colour's start square is tinted in its colour and marked ``S``, its
final square (where its corridor begins) marked ``F``. Each corridor runs from its final
square towards the centre (squares 1..7), the goal is the centre, and each colour's home
is a box outside the ring next to its start square. Pieces are discs in their colour with
their id (those in the goal around the word "goal", never over it); on the right, both hands
of die values, the pending bonus, the turn's colour, the player to move, the last move in one
line and a legend (YY and the bonuses in the rules' words). Used by
``ParCheckers._repr_svg_``.
"""
from __future__ import annotations

import math

from qsearch.i18n import _

COLOURS = "YBRG"
FILL = {"Y": "#f2c500", "B": "#2a6fdb", "R": "#d8342c", "G": "#2e9d48"}
TINT = {"Y": "#fff2b3", "B": "#cfe0fb", "R": "#f8d0cd", "G": "#cfeed6"}
NAMES = {"Y": "yellow", "B": "blue", "R": "red", "G": "green"}   # English; drawn translated
SAFE = {4, 13, 17, 21, 30, 34, 38, 47, 51, 55, 64, 68}
START = {"Y": 4, "B": 21, "R": 38, "G": 55}
FINAL = {"Y": 68, "B": 17, "R": 34, "G": 51}
CX = CY = 365
R_IN, R_OUT = 250, 300
HOME, GOAL = 0, 76
GOAL_RADIUS = 36                # pieces in the goal: this far from the centre, side by side


def _angle(square: float) -> float:
    """Angle (radians) of the middle of track square ``square`` (1 at the top, clockwise)."""
    return math.radians(-90 + (square - 0.5) * 360 / 68)


def _point(radius: float, angle: float) -> tuple[float, float]:
    return CX + radius * math.cos(angle), CY + radius * math.sin(angle)


def _sector(square: int) -> str:
    a0 = math.radians(-90 + (square - 1) * 360 / 68)
    a1 = math.radians(-90 + square * 360 / 68)
    p = [_point(R_OUT, a0), _point(R_OUT, a1), _point(R_IN, a1), _point(R_IN, a0)]
    return (f"M{p[0][0]:.1f},{p[0][1]:.1f} A{R_OUT},{R_OUT} 0 0 1 {p[1][0]:.1f},{p[1][1]:.1f} "
            f"L{p[2][0]:.1f},{p[2][1]:.1f} A{R_IN},{R_IN} 0 0 0 {p[3][0]:.1f},{p[3][1]:.1f} Z")


def _corridor_point(colour: str, index: float) -> tuple[float, float]:
    return _point(R_IN - 12 - 24 * (index - 0.5), _angle(FINAL[colour]))


def _home_point(colour: str) -> tuple[float, float]:
    return _point(R_OUT + 44, _angle(START[colour]))


def _piece(x: float, y: float, colour: str, ident: int, r: float = 11) -> str:
    return (f'<g><title>{_(NAMES[colour])} {ident}</title>'
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{FILL[colour]}" stroke="#111" '
            f'stroke-width="2"/><text x="{x:.1f}" y="{y + 4.5:.1f}" font-size="13" '
            f'font-weight="bold" text-anchor="middle" fill="#111">{ident}</text></g>')


def _location_xy(colour: str, loc: int) -> tuple[float, float]:
    if loc == HOME:
        return _home_point(colour)
    if loc == GOAL:                  # between the word "goal" and the circle's edge
        return _point(GOAL_RADIUS, _angle(FINAL[colour]))
    if loc > 68:
        return _corridor_point(colour, loc - 68)
    return _point((R_IN + R_OUT) / 2, _angle(loc))


def parcheckers_svg(state, highlight=None) -> str:
    """The board of a :class:`~qsearch.games.ParCheckers` state as an SVG string.

    ``highlight``: an action to mark (its piece ringed), e.g. the last move.
    """
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1010 730" '
           'font-family="sans-serif">', '<rect width="1010" height="730" fill="#fbfaf6"/>']
    for sq in range(1, 69):
        colour = next((c for c in COLOURS if START[c] == sq), None)
        fill = TINT[colour] if colour else ("#c9c9c9" if sq in SAFE else "#ffffff")
        out.append(f'<path d="{_sector(sq)}" fill="{fill}" stroke="#555" stroke-width="1"/>')
        x, y = _point(R_OUT + 12, _angle(sq))
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" text-anchor="middle" '
                   f'fill="#333">{sq}</text>')
        marks = [f"S{c}" for c in COLOURS if START[c] == sq] + \
            [f"F{c}" for c in COLOURS if FINAL[c] == sq]
        if marks:
            x, y = _point(R_IN - 2, _angle(sq))
            out.append(f'<text x="{x:.1f}" y="{y:.1f}" font-size="10" text-anchor="middle" '
                       f'fill="#222">{" ".join(m[0] for m in marks)}</text>')
    for colour in COLOURS:
        for k in range(1, 8):
            x, y = _corridor_point(colour, k)
            out.append(f'<rect x="{x - 11:.1f}" y="{y - 11:.1f}" width="22" height="22" '
                       f'fill="{TINT[colour]}" stroke="{FILL[colour]}" stroke-width="1.5"/>')
            out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" font-size="11" '
                       f'text-anchor="middle" fill="#888">{k}</text>')
        x, y = _home_point(colour)
        out.append(f'<rect x="{x - 26:.1f}" y="{y - 16:.1f}" width="52" height="32" rx="8" '
                   f'fill="{TINT[colour]}" stroke="{FILL[colour]}" stroke-width="2"/>')
    out.append(f'<circle cx="{CX}" cy="{CY}" r="52" fill="#ffffff" stroke="#333" '
               f'stroke-width="2"/><text x="{CX}" y="{CY + 5}" font-size="14" '
               f'text-anchor="middle" fill="#333">{_("goal")}</text>')
    spots: dict[tuple, list] = {}
    for colour in COLOURS:
        for ident in (0, 1):
            loc = state.piece_location(colour, ident)
            key = (colour, loc) if loc in (HOME, GOAL) or loc > 68 else ("track", loc)
            spots.setdefault(key, []).append((colour, ident))
    for key, pieces in spots.items():
        colour0, loc = pieces[0][0], key[1]
        x, y = _location_xy(colour0, loc)
        n = len(pieces)
        for k, (colour, ident) in enumerate(pieces):
            dx = (k - (n - 1) / 2) * 16
            if loc == GOAL:                     # side by side along the circle: the word
                a = _angle(FINAL[colour])       # "goal" in the middle stays clear
                dx = (k - (n - 1) / 2) * 24
                px, py = x - dx * math.sin(a), y + dx * math.cos(a)
            elif loc == HOME or loc > 68:
                px, py = x + dx, y
            else:
                a = _angle(loc)                 # side by side across the ring
                px, py = x + dx * math.cos(a), y + dx * math.sin(a)
            out.append(_piece(px, py, colour, ident))
    out.append(_panel(state, highlight))
    out.append("</svg>")
    return "".join(out)


def _panel(state, highlight) -> str:
    x0 = 760
    parts = [f'<text x="{x0}" y="40" font-size="20" font-weight="bold" fill="#222">'
             f'ParCheckers</text>',
             f'<text x="{x0}" y="64" font-size="14" fill="#444">'
             f'{_("turn {number}").format(number=state.turn_number())}</text>']
    if state.is_terminal():
        parts.append(f'<text x="{x0}" y="92" font-size="17" font-weight="bold" fill="#222">'
                     f'{_("player {player} won").format(player=state.winner_player())}'
                     '</text>')
    else:
        colour = state.current_colour()
        to_move = _("to move: player {player}").format(player=state.current_player())
        turn = _("{colour}'s turn").format(colour=_(NAMES[colour]))
        parts.append(f'<text x="{x0}" y="92" font-size="17" fill="#222">{to_move}</text>'
                     f'<rect x="{x0}" y="102" width="16" height="16" fill="{FILL[colour]}"/>'
                     f'<text x="{x0 + 22}" y="115" font-size="14" fill="#222">'
                     f'{turn}</text>')
    y = 150
    bonus = state.pending_bonus()
    for player, colours in ((0, "YG"), (1, "BR")):
        parts.append(f'<text x="{x0}" y="{y}" font-size="15" font-weight="bold" fill="#222">'
                     f'{_("player {player}").format(player=player)}</text>')
        for k, c in enumerate(colours):
            parts.append(f'<circle cx="{x0 + 90 + 22 * k}" cy="{y - 5}" r="8" '
                         f'fill="{FILL[c]}" stroke="#111"/>')
        y += 12
        for k, v in enumerate(["1", "2", "4", "5", "6", "YY"]):
            have = v in state.hand_values(player)
            bx = x0 + 40 * k
            parts.append(f'<rect x="{bx}" y="{y}" width="34" height="30" rx="5" '
                         f'fill="{"#ffffff" if have else "#e4e4e4"}" '
                         f'stroke="{"#222" if have else "#bbb"}" stroke-width="1.5"/>'
                         f'<text x="{bx + 17}" y="{y + 21}" font-size="15" text-anchor="middle" '
                         f'fill="{"#111" if have else "#aaa"}">{v}</text>')
        y += 42
        if bonus and not state.is_terminal() and state.current_player() == player:
            parts.append(f'<rect x="{x0}" y="{y - 6}" width="120" height="28" rx="5" '
                         f'fill="#ffe08a" stroke="#b07800" stroke-width="2"/>'
                         f'<text x="{x0 + 60}" y="{y + 13}" font-size="14" text-anchor="middle" '
                         f'fill="#111">{_("bonus {bonus} to play").format(bonus=bonus)}</text>')
            y += 30
        y += 22
    flags = [name for name, on in ((_("capture"), state.is_eating_move()),
                                   (_("goal"), state.is_goal_move()),
                                   (_("bounce"), state.is_bounce_move())) if on]
    if highlight is not None:          # one line: the move, and what it did
        what = f" ({', '.join(flags)})" if flags else ""
        last = _("last move: {move}").format(move=state.action_to_string(highlight))
        parts.append(f'<text x="{x0}" y="{y}" font-size="14" fill="#333">{last}{what}</text>')
    parts.append(_legend(x0, 560))
    return "".join(parts)


# The legend, in the rules' words (docs/parcheckers_rules.md): what the marks and the values
# that are not plain die faces mean (English; drawn in the language in use).
LEGEND = ("a value v moves 2v squares",
          "YY (yinyang): 1 square, the only odd move",
          "bonus 20 after a capture (40 squares),",
          "10 after reaching the goal (20 squares)",
          "S start square, F corridor entry",
          "boxes outside: homes")


def _legend(x0: int, y0: int) -> str:
    parts = [f'<g class="legend"><rect x="{x0}" y="{y0}" width="16" height="14" '
             f'fill="#c9c9c9" stroke="#555"/><text x="{x0 + 22}" y="{y0 + 12}" font-size="12" '
             f'fill="#222">{_("safe square")}</text>']
    for k, line in enumerate(LEGEND):
        parts.append(f'<text x="{x0}" y="{y0 + 32 + 18 * k}" font-size="12" fill="#222">'
                     f'{_(line)}</text>')
    return "".join(parts) + "</g>"
