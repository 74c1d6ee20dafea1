"""Hypergammon's notation in plain Python: each player's own point numbers, and plays
written and read as ``"24/20 13/8"``, ``"bar/22*"``, ``"6/off"`` or ``"13/8(2)"``.

Used by :class:`~qsearch.reference.hypergammon.PyHypergammon` (``action_to_string``,
``string_to_action``, ``from_points``, ``checkers``).
"""
from __future__ import annotations

import re
from itertools import pairwise

from qsearch.reference.hypergammon_rules import BAR, OFF


def _own(player: int, pos: int) -> int:
    """Absolute position (BAR, OFF or 0-23) -> the player's own point (25, 0, 1-24)."""
    if pos == BAR:
        return 25
    if pos == OFF:
        return 0
    return 24 - pos if player == 0 else pos + 1


def _name(point: int) -> str:
    return "bar" if point == 25 else ("off" if point == 0 else str(point))


def _format_hops(hops) -> str:
    """``[(24, 20, False), (20, 15, True)]`` -> ``"24/20/15*"``; equal hops -> ``"13/8(2)"``."""
    parts = []
    i = 0
    while i < len(hops):
        frm, to, hit = hops[i]
        s = f"{_name(frm)}/{_name(to)}{'*' if hit else ''}"
        if i + 1 < len(hops) and hops[i + 1][0] == to:          # the same checker goes on
            s += f"/{_name(hops[i + 1][1])}{'*' if hops[i + 1][2] else ''}"
            i += 1
        elif i + 1 < len(hops) and hops[i + 1][:2] == (frm, to):
            s += "(2)"
            i += 1
        parts.append(s)
        i += 1
    return " ".join(parts)


def _net_moves(hops) -> list[tuple[int, int]]:
    """Hops with each checker's consecutive moves joined: [(24, 20), (20, 15)] -> [(24, 15)]."""
    out = []
    for frm, to in sorted(hops, reverse=True):
        for k, (f0, t0) in enumerate(out):
            if t0 == frm:
                out[k] = (f0, to)
                break
        else:
            out.append((frm, to))
    return sorted(out)


def _parse_point(c) -> int:
    """A point in a player's own numbering: 1-24, 25 or "bar", 0 or "off"."""
    if isinstance(c, str):
        c = c.strip().lower()
        if c == "bar":
            return 25
        if c == "off":
            return 0
        if c.isdigit():
            c = int(c)
        else:
            raise ValueError(f"{c!r} is not a point: use 1-24, 'bar' or 'off'")
    if isinstance(c, bool) or not isinstance(c, int):
        raise TypeError(f"a point is an int or 'bar'/'off', not {c!r}")
    if not 0 <= c <= 25:
        raise ValueError(f"{c} is not a point: use 1-24, 25/'bar' or 0/'off'")
    return c


def _parse_hops(text: str, t: str) -> list[tuple[int, int]]:
    """``"24/20/15 13/8(2)"`` -> the sorted list of single hops ``(from, to)``."""
    if t == "pass":
        return []
    hops = []
    for token in t.split():
        mt = re.fullmatch(r"((?:bar|off|\d+)\*?(?:/(?:bar|off|\d+)\*?)+)(?:\((\d)\))?", token)
        if not mt:
            raise ValueError(f"{text!r} is not backgammon notation: write plays such as "
                             f"'24/20 13/8', 'bar/22' or '6/off'")
        pts = [_parse_point(x.rstrip("*")) for x in mt.group(1).split("/")]
        for _ in range(int(mt.group(2) or 1)):
            hops += list(pairwise(pts))
    return sorted(hops)


def board_text(state, roller: int) -> str:
    """The board as text (``str`` of the compiled game and of its twin): x's points 12..1 over
    13..24, the bar, the checkers borne off, the pip counts, then who is to roll or to play
    (``roller``: the player the next roll is for), in the language in use."""
    from qsearch.i18n import _
    pts = (state.points(0), state.points(1))

    def cell(i):
        if pts[0][i]:
            return f"x{pts[0][i]}"
        if pts[1][i]:
            return f"o{pts[1][i]}"
        return " ."
    label = _("x's points: ")
    indent = " " * len(label)
    lines = [
        label + " ".join(f"{24 - i:>2}" for i in range(12, 24)),
        indent + " ".join(cell(i) for i in range(12, 24)),
        indent + " ".join(cell(i) for i in range(11, -1, -1)),
        label + " ".join(f"{24 - i:>2}" for i in range(11, -1, -1)),
        _("bar: x{bar_x} o{bar_o}   off: x{off_x} o{off_o}   pips: x{pips_x} o{pips_o}").format(
            bar_x=pts[0][24], bar_o=pts[1][24], off_x=pts[0][25], off_o=pts[1][25],
            pips_x=state.pip_count(0), pips_o=state.pip_count(1)),
    ]
    if state.is_terminal():
        winner = state.winner()
        lines.append(_("game over: draw") if winner is None
                     else _("game over: {player} wins").format(player="xo"[winner]))
    elif state.is_chance_node():
        lines.append(_("to roll: opening roll") if state.turns_played() < 0
                     else _("to roll: {player}").format(player="xo"[roller]))
    else:
        low, high = state.dice_roll()
        lines.append(_("{player} to play {low}-{high}").format(
            player="xo"[state.current_player()], low=low, high=high)
            + (_(" (second half of the double)") if state.is_second_half_of_double() else ""))
    return "\n".join(lines)
