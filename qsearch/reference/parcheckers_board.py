"""ParCheckers' numbers in plain Python: the board, the values, the action numbers and the
position key's random numbers, with the checks of colour, piece and action arguments.

Shared by the rules (:mod:`qsearch.reference.parcheckers_rules`) and the checked engine
(:mod:`qsearch.reference.parcheckers`), which offers every name here as the compiled module
does.
"""
from __future__ import annotations

import operator

from qsearch.core.rng import splitmix_next

# ---------------------------------------------------------------- the board
HOME, TRACK, GOAL = 0, 68, 76          # locations: 0 home, 1..68 track, 69..75 corridor, 76
LOCATIONS = 77
SAFE_SQUARES = (4, 13, 17, 21, 30, 34, 38, 47, 51, 55, 64, 68)
START_SQUARES = (4, 21, 38, 55)        # where a piece leaving home lands, by colour Y B R G
FINAL_SQUARES = (68, 17, 34, 51)       # the last track square before each colour's corridor
INITIAL_SQUARES = ((4, 13), (21, 30), (38, 47), (55, 64))
PLAYER_COLOURS = ((0, 3), (1, 2))      # each player's colours, main colour first
OWNER = (0, 1, 1, 0)                   # the player of each colour
BOUNCE_LIMIT = 30                      # the 31st bounce of one colour loses the game

# ---------------------------------------------------------------- names
COLOURS = ("Y", "B", "R", "G")         # as the transcripts write them (parcheckers_text's)
COLOUR_NAMES = ("yellow", "blue", "red", "green")
VALUE_NAMES = ("1", "2", "4", "5", "6", "YY", "10", "20")   # by value code
SKIP_TURN = -9999                      # the simulator's piece id of a skip

# ---------------------------------------------------------------- values and actions
SQUARES_MOVED = (2, 4, 8, 10, 12, 1, 20, 40)   # by value code: 1 2 4 5 6 yinyang 10 20
FIVE, SIX, BONUS_10, BONUS_20 = 3, 4, 6, 7     # value codes with a rule of their own
NEW_HAND = frozenset(range(6))         # a full (or refilled) hand: value codes 0..5
SKIP = 8                               # the action slot of SKIP_TURN
NUM_ACTIONS = 72                       # 8 value codes x (8 pieces + SKIP)


def _notation():
    """:mod:`qsearch.games.parcheckers_text`, imported when first needed.

    It lives in :mod:`qsearch.games`, whose ``__init__`` imports the engines (the pure
    ParCheckers among them when qsearch runs without its compiled modules), so importing it
    at the top of this file would be circular.
    """
    import qsearch.games.parcheckers_text as notation  # the module, not the package's names
    return notation


# ---------------------------------------------------------------- position keys
def _zobrist_tables() -> dict:
    """The random numbers of the position key, drawn from SplitMix64 (seed 2425) in the
    compiled engine's order, so both engines give every position the same key."""
    seed = 2425

    def draw() -> int:
        nonlocal seed
        seed, number = splitmix_next(seed)
        return number

    piece, bonus = [], []
    for slot in range(8):
        piece.append([draw() for _ in range(LOCATIONS)])
        bonus.append(draw() if slot >= BONUS_10 else 0)     # only codes 6 and 7 are bonuses
    hand = [[draw() for _ in range(64)] for _ in range(2)]  # by hand, as a 6-bit mask
    colour, bounces = [], []
    for _ in range(4):
        colour.append(draw())
        bounces.append([0] + [draw() for _ in range(255)])   # no bounce adds nothing
    return {"piece": piece, "bonus": bonus, "hand": hand, "colour": colour,
            "bounces": bounces, "remember6": draw()}


ZOBRIST = _zobrist_tables()


# ---------------------------------------------------------------- argument checks
def _as_int(value, name: str) -> int:
    """``value`` as an int (an int, a bool or anything with ``__index__``), else TypeError."""
    if not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be an int, not {type(value).__name__} ({value!r})")
    return operator.index(value)


def _colour_index(colour) -> int:
    """0..3 for ``"Y"``, ``"blue"``, ``2``...; ValueError for anything else."""
    if isinstance(colour, str) and colour.upper() in COLOURS:
        return COLOURS.index(colour.upper())
    if isinstance(colour, str) and colour.lower() in COLOUR_NAMES:
        return COLOUR_NAMES.index(colour.lower())
    if isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < 4:
        return colour
    raise ValueError(f"{colour!r} is not a colour: Y, B, R, G (or 0..3)")


def _piece_index(piece) -> int:
    """0 or 1; ValueError for anything else."""
    if isinstance(piece, bool) or piece not in (0, 1):
        raise ValueError(f"pieces are numbered 0 and 1, not {piece!r}")
    return int(piece)


def _slot(colour, piece) -> int:
    """The slot of ``piece`` (an int) of ``colour``."""
    piece = _as_int(piece, "piece")
    return 2 * _colour_index(colour) + _piece_index(piece)


# ---------------------------------------------------------------- actions by parts
def make_action(colour, piece, value) -> int:
    """The action moving piece ``piece`` (0 or 1) of ``colour`` (``"Y"``, ``"B"``, ``"R"``,
    ``"G"``) with ``value`` (``"5"``, ``"YY"``, ``"20"``...)."""
    return 9 * _notation().value_code(value) + 2 * _colour_index(colour) + _piece_index(piece)


def skip_action(value) -> int:
    """The action SKIP_TURN with ``value``."""
    return 9 * _notation().value_code(value) + SKIP


def action_parts(action) -> tuple:
    """``(colour letter or None for a skip, piece id or SKIP_TURN, value string)``."""
    action = _as_int(action, "an action")
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"ParCheckers actions are 0..71, not {action}")
    code, slot = divmod(action, 9)
    if slot == SKIP:
        return None, SKIP_TURN, VALUE_NAMES[code]
    return COLOURS[slot >> 1], slot & 1, VALUE_NAMES[code]


def _move_text(action: int) -> str:
    """A move as ``from_moves`` reads it back: ``"G 0 5"``, or ``"SKIP 6"`` (any colour)."""
    code, slot = divmod(action, 9)
    if slot == SKIP:
        return f"SKIP {VALUE_NAMES[code]}"
    return f"{COLOURS[slot >> 1]} {slot & 1} {VALUE_NAMES[code]}"


def _distance(colour: int, loc: int) -> int:
    """The simulator's ``distanceToGoal`` of a piece of ``colour`` at ``loc``."""
    final = FINAL_SQUARES[colour]
    if loc == HOME:
        return 74
    if loc == GOAL:
        return 0
    if loc > TRACK:
        return 8 - (loc - TRACK)
    if loc > final:
        return 68 - loc + final + 8
    return final - loc + 8
