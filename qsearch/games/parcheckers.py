"""Pure-Python stand-in of the compiled ``qsearch/games/parcheckers.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.parcheckers`.
"""
from qsearch.reference.parcheckers import (
    BOUNCE_LIMIT,
    COLOUR_NAMES,
    COLOURS,
    FINAL_SQUARES,
    INITIAL_SQUARES,
    PLAYER_COLOURS,
    SAFE_SQUARES,
    SKIP_TURN,
    START_SQUARES,
    VALUE_NAMES,
    action_parts,
    make_action,
    skip_action,
)
from qsearch.reference.parcheckers import PyParCheckers as ParCheckers

FULL_HAND = 0x3F        # a full hand as the compiled engine's bit set: value codes 0..5

__all__ = [
    "BOUNCE_LIMIT", "COLOURS", "COLOUR_NAMES", "FINAL_SQUARES", "FULL_HAND", "INITIAL_SQUARES",
    "PLAYER_COLOURS", "ParCheckers", "SAFE_SQUARES", "SKIP_TURN", "START_SQUARES", "VALUE_NAMES",
    "action_parts", "make_action", "skip_action",
]
