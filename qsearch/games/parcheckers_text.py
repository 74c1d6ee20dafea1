"""The ParCheckers notation of the course's simulator: names, move strings, transcript lines.

Kept apart from the compiled engine (:mod:`qsearch.games.parcheckers`) because none of it
is on a hot path. Transcript lines look like (``trace_2425.txt``, ``scenarios_out.txt``)::

    turn=2 player=0 color=Y | Y:14,60 B:H,30 R:38,47 G:55,64 | dice Y:[1 4 5 6 YY][20]
    B:[1 2 4 5 6 YY] | avail=20 | eat=1 goal=0 bounce=0

(one line): the turn counter, the player to move and the turn's colour; every piece's place
(``H`` home, ``M`` goal, ``Qn`` corridor square n, else the track square); both hands, the
pending bonus in a second bracket after the mover's hand; the values available; the last
move's flags (scenario files only); ``WINNER=p`` once the game is over.
"""
from __future__ import annotations

import re

COLOURS = ("Y", "B", "R", "G")
COLOUR_NAMES = ("yellow", "blue", "red", "green")
VALUE_NAMES = ("1", "2", "4", "5", "6", "YY", "10", "20")
OWNER = (0, 1, 1, 0)                   # player of each colour
MAIN = (0, 1)                          # main colour of each player (yellow, blue)
SKIP_TURN = -9999                      # the simulator's id of a skip
HOME, TRACK, GOAL = 0, 68, 76          # locations: 0 home, 1..68 track, 69..75 corridor, 76

_FIELD_RE = re.compile(r"^\s*turn=(\d+)\s+player=([01])\s+color=([YBRG])\s*$")
_HANDS_RE = re.compile(r"([YB]):\[([^\]]*)\](?:\[(\d+)\])?")


def value_code(text) -> int:
    """The value code (0..7) of a die value written ``"1"``, ``"2"``, ``"4"``, ``"5"``,
    ``"6"``, ``"YY"`` (yinyang), ``"10"`` or ``"20"`` (bonuses)."""
    t = str(text).strip().upper()
    if t in ("YINYANG", "Y"):
        t = "YY"
    if t not in VALUE_NAMES:
        raise ValueError(f"{text!r} is not a die value: use one of {', '.join(VALUE_NAMES)}")
    return VALUE_NAMES.index(t)


def location_name(loc: int) -> str:
    """A location as the transcripts write it: ``H`` home, ``M`` goal, ``Q3`` corridor
    square 3, ``27`` track square 27."""
    if loc == HOME:
        return "H"
    if loc == GOAL:
        return "M"
    if TRACK < loc < GOAL:
        return f"Q{loc - TRACK}"
    if 1 <= loc <= TRACK:
        return str(loc)
    raise ValueError(f"locations are 0..76, not {loc}")


def location_from_name(text) -> int:
    """Inverse of :func:`location_name`."""
    t = str(text).strip().upper()
    if t == "H":
        return HOME
    if t == "M":
        return GOAL
    if t.startswith("Q") and t[1:].isdigit() and 1 <= int(t[1:]) <= 7:
        return TRACK + int(t[1:])
    if t.isdigit() and 1 <= int(t) <= TRACK:
        return int(t)
    raise ValueError(f"{text!r} is not a location: H, M, Q1..Q7 or a square 1..68")


def hand_text(mask: int) -> str:
    """A hand mask as the transcripts list it: ``"1 2 4 5 6 YY"``."""
    return " ".join(VALUE_NAMES[v] for v in range(6) if mask & (1 << v))


def format_transcript(fields: dict, flags: bool = False) -> str:
    """A transcript line from the fields :func:`parse_transcript` returns."""
    colour = fields["colour"]
    player = OWNER[colour]
    locs = fields["locations"]
    pieces = " ".join(f"{COLOURS[c]}:{location_name(locs[2 * c])},"
                      f"{location_name(locs[2 * c + 1])}" for c in range(4))
    bonus = fields["bonus"]
    hands = []
    for p in range(2):
        h = f"{COLOURS[MAIN[p]]}:[{hand_text(fields['hands'][p])}]"
        if bonus and p == player:
            h += f"[{VALUE_NAMES[bonus]}]"
        hands.append(h)
    avail = VALUE_NAMES[bonus] if bonus else hand_text(fields["hands"][player])
    text = (f"turn={fields['turn']} player={player} color={COLOURS[colour]} | {pieces} | "
            f"dice {' '.join(hands)} | avail={avail}")
    if flags:
        f = fields["flags"]
        text += f" | eat={int(f & 1 > 0)} goal={int(f & 2 > 0)} bounce={int(f & 4 > 0)}"
    if fields["winner"] is not None:
        text += f" | WINNER={fields['winner']}"
    return text


def parse_transcript(text) -> dict:
    """The fields of a transcript line (the part after ``start`` or the move number):
    ``turn``, ``colour`` (0..3), ``locations`` (8, Y0 Y1 B0 B1 R0 R1 G0 G1), ``hands`` (two
    6-bit masks), ``bonus`` (value code or 0), ``flags`` (bit 0 eat, 1 goal, 2 bounce),
    ``winner`` (from the pieces in the goal). Raises ValueError, naming the problem, for a
    malformed line or an impossible position."""
    if not isinstance(text, str):
        raise TypeError(f"a transcript line is a str, not {type(text).__name__}")
    parts = [p.strip() for p in text.strip().split("|")]
    if len(parts) < 4:
        raise ValueError(f"{text!r} is not a transcript line: expected 'turn=.. player=.. "
                         f"color=.. | Y:a,b B:.. R:.. G:.. | dice Y:[..] B:[..] | avail=..'")
    head = parts[0].split()
    m = _FIELD_RE.match(" ".join(head[-3:]))
    if m is None:
        raise ValueError(f"bad header {parts[0]!r}: expected 'turn=N player=P color=C'")
    colour = COLOURS.index(m.group(3))
    if OWNER[colour] != int(m.group(2)):
        raise ValueError(f"color {m.group(3)} belongs to player {OWNER[colour]}, "
                         f"not {m.group(2)}")
    locations = [None] * 8
    for item in parts[1].split():
        name, _, where = item.partition(":")
        if name not in COLOURS or where.count(",") != 1:
            raise ValueError(f"bad pieces {item!r}: expected e.g. 'Y:4,Q3'")
        c = COLOURS.index(name)
        for k, w in enumerate(where.split(",")):
            locations[2 * c + k] = location_from_name(w)
    if None in locations:
        raise ValueError(f"bad pieces {parts[1]!r}: all four colours are needed")
    for loc in set(locations):    # (a corridor has 7 squares per colour: 2 pieces at most)
        if 1 <= loc <= TRACK and locations.count(loc) > 2:
            raise ValueError(f"more than two pieces on {location_name(loc)}")
    if not parts[2].startswith("dice"):
        raise ValueError(f"bad hands {parts[2]!r}: expected 'dice Y:[...] B:[...]'")
    found = _HANDS_RE.findall(parts[2])
    if len(found) != 2 or found[0][0] != "Y" or found[1][0] != "B":
        raise ValueError(f"bad hands {parts[2]!r}: expected 'dice Y:[...] B:[...]'")
    hands, bonus = [0, 0], 0
    for p, (_, values, extra) in enumerate(found):
        for v in values.split():
            code = value_code(v)
            if code >= 6:
                raise ValueError(f"bonus {v} cannot be in a hand")
            hands[p] |= 1 << code
        if hands[p] == 0:
            raise ValueError(f"player {p}'s hand is empty")
        if extra:
            if p != OWNER[colour]:
                raise ValueError("a bonus belongs to the player to move")
            bonus = value_code(extra)
            if bonus < 6:
                raise ValueError(f"{extra} is not a bonus (10 or 20)")
    named = dict(re.findall(r"(eat|goal|bounce)=([01])", text))
    flags = (int(named.get("eat", "0")) | (int(named.get("goal", "0")) << 1)
             | (int(named.get("bounce", "0")) << 2))
    if flags & 1 and bonus != 7:
        flags &= ~1                       # a capture flag without its bonus is not kept
    winner = None
    for p, (a, b) in enumerate(((0, 3), (1, 2))):
        if all(locations[2 * c + k] == GOAL for c in (a, b) for k in (0, 1)):
            winner = p
    won = re.search(r"WINNER=([01])", text)
    if (won is None) != (winner is None) or (won and int(won.group(1)) != winner):
        raise ValueError(f"WINNER in {text!r} does not match the pieces in the goal")
    shown = VALUE_NAMES[bonus] if bonus else hand_text(hands[OWNER[colour]])
    if parts[3].startswith("avail=") and parts[3][6:].split() != shown.split():
        raise ValueError(f"{parts[3]!r} does not match the hands")
    return {"turn": int(m.group(1)), "colour": colour, "locations": locations,
            "hands": hands, "bonus": bonus, "flags": flags, "winner": winner}
