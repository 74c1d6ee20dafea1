"""ParCheckers in plain Python, written to be read: the twin of :class:`qsearch.games.ParCheckers`.

``PyParCheckers`` plays document 004's game (Dpto. CCIA, Universidad de Granada, *Tutorial
Práctica 3: Búsqueda con Adversario — El Parcheckers*, 2024-25) by the rules in
``docs/parcheckers_rules.md``: the same Python API, action numbers, move strings, transcript
lines, position keys and errors as the compiled engine, which the tests check move by move
(and both against the course simulator's own transcripts in ``tests/data/parcheckers``).

Two players, two colours each, two pieces per colour::

    player 0: yellow (Y, main colour) + green (G)     colours take turns Y -> B -> R -> G,
    player 1: blue (B, main colour)  + red (R)        i.e. players 0, 1, 1, 0, 0, 1, 1, ...

The rules, as the methods below apply them:

* On its colour's turn a player moves a piece of *either* of its colours. Instead of rolling
  a die he chooses a value from his *hand* ({1, 2, 4, 5, 6, yinyang}; a used value leaves
  it, an empty hand is refilled): 1, 2, 4, 5, 6 move 2, 4, 8, 10, 12 squares (a 6 moves 14
  when the piece's colour has no piece at home), yinyang moves 1. If no piece can move with
  the value, the turn is skipped (the value is used up all the same).
* A piece at home leaves only with a 5, onto its colour's start square. Past its colour's
  final square a piece walks up its corridor to the goal, which it must reach exactly: the
  squares left over take it back down (a *bounce*; the 31st bounce of a colour loses).
* Two pieces at most on a square. Two pieces of one colour on a track square are a *wall*
  that no piece of another colour (the partner's included) may pass or land on; a player
  with a wall who chooses a 6 must move a piece of one of his walls.
* Landing on a track square that is not safe, where a piece of another colour stands (the
  partner's too), captures it: it goes home, and the mover must then play a bonus of 20 (40
  squares); reaching the goal gives a bonus of 10 (20 squares). A bonus comes first.
* The same colour moves again after a 6, a capture or a goal; a player wins with all four of
  his pieces in the goal.

The position is a handful of plain fields:

* ``_pos``: the location of each piece, by *slot* ``2 * colour + id`` (``Y 0``, ``Y 1``,
  ``B 0``, ... ``G 1``); a location is 0 at home, 1..68 on the shared track (68 is followed
  by 1), 69..75 the colour's own corridor squares 1..7, and 76 the goal;
* ``_hands``: each player's hand as a frozenset of *value codes* 0..5 (the values 1, 2, 4, 5,
  6, yinyang; codes 6 and 7 are the bonuses 10 and 20), ``_bonus`` the pending bonus or None;
* ``_colour`` (0..3, whose turn), ``_remember6`` (a 6 was played: the colour moves again),
  ``_winner``, ``_bounces`` per colour, ``_turn`` (the simulator's counter), and what the
  last move did (``_captured``, ``_reached_goal``, ``_bounced``).

An action is ``9 * value_code + slot``, slot 8 being SKIP_TURN (allowed only when no piece
can move with the value). Children come in the simulator's order: values from the last in
the hand to the first (yinyang, 6, 5, 4, 2, 1), for each the main colour's pieces 0 and 1,
then the partner colour's. Undo restores a copy of the fields saved before each move.

Reading values and writing or reading transcript lines is :mod:`qsearch.games.parcheckers_text`,
shared with the compiled engine and imported on first use (see :func:`_notation`); the rules,
moves, move names, keys, heuristics and searches need nothing but this file and
:mod:`qsearch.core`.
"""
from __future__ import annotations

import operator
import re

from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError
from qsearch.core.rng import MASK, multiply_shift_below, splitmix_next

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

_ACTION_RE = re.compile(r"^\s*([YBRGybrg])\s+(-9999|skip|SKIP|Skip|[01])\s+(\S+)\s*$")
_SKIP_RE = re.compile(r"^\s*(?:skip|SKIP|Skip)\s+(\S+)\s*$")


def _notation():
    """:mod:`qsearch.games.parcheckers_text`, imported when first needed.

    It lives in :mod:`qsearch.games`, whose ``__init__`` imports the engines (this class
    among them when qsearch runs without its compiled modules), so importing it at the top
    of this file would be circular.
    """
    from qsearch.games import parcheckers_text
    return parcheckers_text


_NOTATION_NAMES = ("value_code", "location_name", "hand_text", "format_transcript",
                   "parse_transcript")


def __getattr__(name: str):
    # The notation's names, as the compiled module offers them beside its engine.
    if name in _NOTATION_NAMES:
        return getattr(_notation(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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


# ---------------------------------------------------------------- the game
class PyParCheckers:
    """ParCheckers 2024-25 on plain lists: ``PyParCheckers()`` is the start of a game.

    ``PyParCheckers.from_transcript(line)`` rebuilds a position from a line of the
    simulator's transcripts; ``state.transcript()`` writes one. ``play("G 0 5")`` applies a
    move written as the transcripts write it.
    """

    def __init__(self) -> None:
        self._pos = [square for pair in INITIAL_SQUARES for square in pair]
        self._hands = [NEW_HAND, NEW_HAND]
        self._bonus: int | None = None
        self._colour = 0
        self._remember6 = False
        self._captured = self._reached_goal = self._bounced = False
        self._winner: int | None = None
        self._bounces = [0, 0, 0, 0]
        self._turn = 1
        self._history: list[int] = []
        self._undo: list[tuple] = []       # the fields before each move, for undo_action
        self._from_start = True            # reached from PyParCheckers() by legal moves

    # ------------------------------------------------------------ where the pieces are
    def _pieces_on(self, loc: int) -> int:
        """How many pieces (any colour) stand on ``loc``."""
        return self._pos.count(loc)

    def _colour_on(self, colour: int, loc: int) -> int:
        """How many pieces of ``colour`` stand on ``loc``."""
        return (self._pos[2 * colour] == loc) + (self._pos[2 * colour + 1] == loc)

    def _is_wall(self, colour: int) -> bool:
        """Both pieces of ``colour`` on one square of the track or of its corridor."""
        loc = self._pos[2 * colour]
        return loc == self._pos[2 * colour + 1] and loc not in (HOME, GOAL)

    def _player_slots(self, player: int) -> list[int]:
        """The player's pieces in the simulator's order: main colour 0, 1, partner 0, 1."""
        return [2 * colour + k for colour in PLAYER_COLOURS[player] for k in (0, 1)]

    def _has_won(self, player: int) -> bool:
        """All four pieces of ``player`` are in the goal."""
        return all(self._pos[slot] == GOAL for slot in self._player_slots(player))

    # ------------------------------------------------------------ how a piece moves
    def _squares_moved(self, slot: int, code: int) -> int:
        """Squares value ``code`` moves the piece in ``slot``: a 6 moves 14, not 12, when
        the piece's colour has no piece at home."""
        if code == SIX and self._colour_on(slot >> 1, HOME) == 0:
            return 14
        return SQUARES_MOVED[code]

    def _destination(self, slot: int, squares: int) -> tuple[int, bool]:
        """``(where the piece in slot lands after squares, whether it bounced)``; not from
        home. Past its final square a piece walks up its corridor (squares 1..7, then the
        goal); a move that overshoots the goal walks back as many squares as it had left
        over, out onto the track if it must."""
        final = FINAL_SQUARES[slot >> 1]
        here = self._pos[slot]
        if here <= TRACK:
            to_final = (final - here) % TRACK
            if squares <= to_final:
                return 1 + (here + squares - 1) % TRACK, False
            step = squares - to_final           # the corridor square reached
        else:
            step = here - TRACK + squares
        if step <= 7:
            return TRACK + step, False
        if step == 8:
            return GOAL, False
        back = 16 - step                        # 8 steps to the goal, then back
        if back > 0:
            return TRACK + back, True
        square = final + back                   # out of the corridor, onto the track
        while square <= 0:
            square += TRACK
        return square, True

    def _is_full(self, colour: int, loc: int) -> bool:
        """Two pieces on a track square already (a corridor square counts only its colour's
        pieces; home and the goal hold any number)."""
        if loc <= TRACK:
            return self._pieces_on(loc) >= 2
        return self._colour_on(colour, loc) >= 2

    def _wall_on_the_way(self, slot: int, dest: int) -> bool:
        """A wall of another colour (the partner's too) on a track square the piece passes
        over or lands on; a piece entering its corridor is checked up to its final square."""
        colour = slot >> 1
        here = self._pos[slot]
        target = dest if dest <= TRACK else FINAL_SQUARES[colour]
        if target == here:
            return False
        walls = {self._pos[2 * x] for x in range(4) if x != colour and self._is_wall(x)}
        square = here
        while True:
            square = square % TRACK + 1
            if square in walls:
                return True
            if square == target:
                return False

    def _can_move(self, slot: int, code: int) -> bool:
        """Can the piece in ``slot`` move with value ``code`` (a value the player has)?"""
        colour = slot >> 1
        here = self._pos[slot]
        if here == GOAL:
            return False
        if here == HOME:                        # only a 5 leaves home, if the start has room
            return code == FIVE and self._pieces_on(START_SQUARES[colour]) < 2
        dest, _ = self._destination(slot, self._squares_moved(slot, code))
        if dest != GOAL and dest != here and self._is_full(colour, dest):
            return False
        if here <= TRACK and self._wall_on_the_way(slot, dest):
            return False
        if code == SIX:                         # with a wall of its own, a 6 must break one
            colours = PLAYER_COLOURS[OWNER[colour]]
            if any(self._is_wall(x) for x in colours) and self._pos[slot ^ 1] != here:
                return False
        return True

    def _moves_with(self, code: int) -> list[int]:
        """The children of one value, in the simulator's order; SKIP if no piece can move."""
        player = OWNER[self._colour]
        actions = [9 * code + slot for slot in self._player_slots(player)
                   if self._can_move(slot, code)]
        return actions or [9 * code + SKIP]

    def _legal_moves(self) -> list[int]:
        """Every child: the bonus alone when one is pending, else each value of the hand
        from the last to the first."""
        if self._winner is not None:
            return []
        if self._bonus is not None:
            return self._moves_with(self._bonus)
        hand = self._hands[OWNER[self._colour]]
        return [action for code in sorted(hand, reverse=True)
                for action in self._moves_with(code)]

    # ------------------------------------------------------------ making a move
    def _saved(self) -> tuple:
        return (list(self._pos), list(self._hands), self._bonus, self._colour,
                self._remember6, self._captured, self._reached_goal, self._bounced,
                self._winner, list(self._bounces), self._turn)

    def _restore(self, saved: tuple) -> None:
        (pos, hands, self._bonus, self._colour, self._remember6, self._captured,
         self._reached_goal, self._bounced, self._winner, bounces, self._turn) = saved
        self._pos, self._hands, self._bounces = list(pos), list(hands), list(bounces)

    def _move_piece(self, slot: int, code: int, player: int) -> None:
        """Move the piece; capture, count a bounce, and see whether the game is over."""
        colour = slot >> 1
        bounced = False
        if self._pos[slot] == HOME:
            dest = START_SQUARES[colour]
        else:
            dest, bounced = self._destination(slot, self._squares_moved(slot, code))
        victim = None                           # a piece of any other colour, partner too
        if dest <= TRACK and dest not in SAFE_SQUARES:
            victim = next((x for x in range(8) if x >> 1 != colour and self._pos[x] == dest),
                          None)
        self._pos[slot] = dest
        if victim is not None:
            self._pos[victim] = HOME
            self._captured = True
        if bounced:
            self._bounced = True
            self._bounces[colour] += 1
            if self._bounces[colour] > BOUNCE_LIMIT:
                self._winner = 1 - player       # the mover loses
        if dest == GOAL and self._has_won(player):
            self._winner = player
        if dest == GOAL and self._winner is None:
            self._reached_goal = True

    def _use_value(self, code: int, player: int) -> None:
        """The value leaves the hand (a bonus is simply spent); a capture or a goal sets the
        next bonus; the turn passes unless the colour moves again."""
        self._remember6 = code == SIX or (self._remember6 and code >= BONUS_10)
        if code >= BONUS_10:
            self._bonus = None
        else:
            self._hands[player] = self._hands[player] - {code} or NEW_HAND
        if self._captured:
            self._bonus = BONUS_20
        elif self._reached_goal:
            self._bonus = BONUS_10
        if not (self._captured or self._reached_goal or self._remember6):
            self._colour = (self._colour + 1) % 4

    def _make(self, action: int) -> None:
        """Play ``action`` (unchecked: it must be legal)."""
        code, slot = divmod(action, 9)
        player = OWNER[self._colour]
        self._undo.append(self._saved())
        self._captured = self._reached_goal = self._bounced = False
        if slot != SKIP:
            self._move_piece(slot, code, player)
        self._use_value(code, player)
        self._turn += 1

    # ------------------------------------------------------------ checks and errors
    def _legal_text(self) -> str:
        legal = [self.action_to_string(a) for a in self._legal_moves()]
        return "legal moves: " + (", ".join(legal) if legal else "none (the game is over)")

    def _checked_action(self, action) -> int:
        """Validate ``action`` without touching the state; the error says why it is illegal
        and what is legal."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(
                f"an action is an int, not {type(action).__name__} ({action!r}); "
                f"use string_to_action() to convert text such as {action!r}"
            )
        a = operator.index(action)
        if self._winner is None and a in self._legal_moves():
            return a
        if self._winner is not None:
            raise IllegalMoveError(f"action {a} is illegal: the game is over")
        if not 0 <= a < NUM_ACTIONS:
            raise IllegalMoveError(f"action {a} is not a ParCheckers action (0..71); "
                                   f"{self._legal_text()}")
        raise IllegalMoveError(f"{self.action_to_string(a)!r} is illegal: {self._why(a)}; "
                               f"{self._legal_text()}")

    def _why(self, action: int) -> str:
        """Why an action of the range 0..71 is not legal here."""
        text = _notation()
        code, slot = divmod(action, 9)
        player = OWNER[self._colour]
        value = VALUE_NAMES[code]
        if slot != SKIP and OWNER[slot >> 1] != player:
            colours = " and ".join(COLOUR_NAMES[x] for x in PLAYER_COLOURS[player])
            return f"player {player} moves {colours} pieces"
        if self._bonus is not None and code != self._bonus:
            return (f"a bonus of {VALUE_NAMES[self._bonus]} is pending and must be "
                    f"played first")
        if code >= BONUS_10 and code != self._bonus:
            return f"{value} is a bonus value and none is pending"
        if self._bonus is None and code not in self._hands[player]:
            return (f"value {value} is not in player {player}'s hand "
                    f"[{text.hand_text(self._hand_mask(player))}]")
        if slot == SKIP:
            return f"a piece can move with {value}, so the turn cannot be skipped"
        where = text.location_name(self._pos[slot])
        return f"piece {COLOURS[slot >> 1]} {slot & 1} (at {where}) cannot move {value}"

    def _hand_mask(self, player: int) -> int:
        """The hand as the compiled engine and the transcripts store it: bit v for code v."""
        return sum(1 << code for code in self._hands[player])

    # ------------------------------------------------------------ OpenSpiel's API
    def num_players(self) -> int:
        """Number of players: 2."""
        return 2

    def num_distinct_actions(self) -> int:
        """72: 8 value codes x (8 pieces + SKIP)."""
        return NUM_ACTIONS

    def legal_actions(self) -> list[int]:
        """The legal actions in the simulator's order; empty once the game is over."""
        return self._legal_moves()

    def apply_action(self, action) -> None:
        """Play ``action`` in place. Raises IllegalMoveError / TypeError, state unchanged."""
        a = self._checked_action(action)
        self._make(a)
        self._history.append(a)

    def undo_action(self) -> int:
        """Take back the last action applied with ``apply_action``; returns it."""
        if not self._history:
            raise ValueError("no action to undo: this state has no history")
        action = self._history.pop()
        self._restore(self._undo.pop())
        return action

    def child(self, action) -> PyParCheckers:
        """A new state: this one after ``action`` (this one is unchanged)."""
        self._checked_action(action)
        c = self.clone()
        c.apply_action(action)
        return c

    def clone(self) -> PyParCheckers:
        """A deep copy (history and undo records included)."""
        c = type(self).__new__(type(self))
        c._restore(self._saved())
        c._history = list(self._history)
        c._undo = list(self._undo)             # saved tuples are never changed in place
        c._from_start = self._from_start
        return c

    def history(self) -> list[int]:
        """The actions applied so far (a copy)."""
        return list(self._history)

    def is_terminal(self) -> bool:
        """True once a player has won."""
        return self._winner is not None

    def returns(self) -> list[float]:
        """Per-player returns: +1 win, -1 loss (both 0 while the game goes on)."""
        if self._winner is None:
            return [0.0, 0.0]
        return [1.0 if self._winner == p else -1.0 for p in (0, 1)]

    def player_return(self, player) -> float:
        """The return of ``player`` (0 while the game goes on)."""
        player = _as_int(player, "player")
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        return self.returns()[player]

    def current_player(self) -> int:
        """The player whose colour's turn it is (0 or 1), or TERMINAL (-4) once it is over."""
        if self._winner is not None:
            return TERMINAL
        return OWNER[self._colour]

    def is_chance_node(self) -> bool:
        """Always False: the values are chosen from a hand, not rolled."""
        return False

    def chance_outcomes(self) -> list:
        """Always ``[]``: no chance nodes."""
        return []

    def position_key(self) -> int:
        """The compiled engine's Zobrist key: the XOR of one random number per piece and
        location, per colour and bounce count, per hand, for the bonus, the turn's colour
        and a pending 6 repeat (the history and the last move's flags are not in it)."""
        z = ZOBRIST
        key = 0
        for slot, loc in enumerate(self._pos):
            key ^= z["piece"][slot][loc]
        for colour, count in enumerate(self._bounces):
            key ^= z["bounces"][colour][count]
        key ^= z["hand"][0][self._hand_mask(0)] ^ z["hand"][1][self._hand_mask(1)]
        key ^= z["bonus"][self._bonus or 0] ^ z["colour"][self._colour]
        if self._remember6:
            key ^= z["remember6"]
        return key

    def action_to_string(self, action) -> str:
        """``9 * code + slot`` -> ``"G 0 5"``; a skip -> ``"Y -9999 6"`` (turn's colour)."""
        a = int(action)
        if not 0 <= a < NUM_ACTIONS:
            raise ValueError(f"ParCheckers actions are 0..71, not {a}")
        code, slot = divmod(a, 9)
        if slot == SKIP:
            return f"{COLOURS[self._colour]} {SKIP_TURN} {VALUE_NAMES[code]}"
        return f"{COLOURS[slot >> 1]} {slot & 1} {VALUE_NAMES[code]}"

    def string_to_action(self, text) -> int:
        """``"G 0 5"`` -> action. A skip: ``"Y -9999 6"``, ``"Y SKIP 6"`` or ``"SKIP 6"``.

        Raises TypeError for a non-string, IllegalMoveError (a ValueError) for a malformed
        string, naming the legal moves.
        """
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as 'G 0 5', not {type(text).__name__}")
        notation = _notation()
        move = _ACTION_RE.match(text)
        skip = _SKIP_RE.match(text)
        try:
            if move is not None:
                code = notation.value_code(move.group(3))
                if move.group(2) in ("0", "1"):
                    colour = COLOURS.index(move.group(1).upper())
                    return 9 * code + 2 * colour + int(move.group(2))
                return 9 * code + SKIP
            if skip is not None:
                return 9 * notation.value_code(skip.group(1)) + SKIP
        except ValueError as err:
            raise IllegalMoveError(f"{text!r} is not a move: {err}; {self._legal_text()}") \
                from None
        raise IllegalMoveError(
            f"{text!r} is not a move: write colour, piece id and value, e.g. 'G 0 5', "
            f"'B 1 YY', or 'Y -9999 6' to skip; {self._legal_text()}"
        )

    def play(self, move) -> None:
        """Apply a move given as an action or as text (``"G 0 5"``); checked, in place."""
        if isinstance(move, str):
            move = self.string_to_action(move)
        self.apply_action(move)

    # ------------------------------------------------------------ queries
    def current_colour(self) -> str:
        """The turn's colour letter (``Y``, ``B``, ``R``, ``G``)."""
        return COLOURS[self._colour]

    def turn_number(self) -> int:
        """The simulator's turn counter (1 at the start; +1 per move)."""
        return self._turn

    def piece_location(self, colour, piece) -> int:
        """Location code of a piece (0 home, 1..68 track, 69..75 corridor, 76 goal)."""
        return self._pos[_slot(colour, piece)]

    def locations(self) -> list[int]:
        """The 8 locations, Y0 Y1 B0 B1 R0 R1 G0 G1."""
        return list(self._pos)

    def hand_values(self, player) -> list[str]:
        """The values in ``player``'s hand, as strings, low to high."""
        player = _as_int(player, "player")
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        names = VALUE_NAMES
        return [names[code] for code in sorted(self._hands[player])]

    def pending_bonus(self) -> str | None:
        """``"10"`` or ``"20"`` when a bonus must be played, else None."""
        return None if self._bonus is None else VALUE_NAMES[self._bonus]

    def available_values(self) -> list[str]:
        """The values the player to move may choose (the bonus alone when one is pending),
        low to high as the simulator lists them (``getAvailableNormalDices``)."""
        if self._winner is not None:
            return []
        if self._bonus is not None:
            return [VALUE_NAMES[self._bonus]]
        return self.hand_values(OWNER[self._colour])

    def movable_pieces(self, value) -> list[tuple[str, int]]:
        """``[(colour letter, id), ...]`` that can move with ``value`` (``getAvailablePieces``),
        main colour first."""
        text = _notation()
        code = text.value_code(value)
        if self._winner is not None or VALUE_NAMES[code] not in self.available_values():
            return []
        return [(COLOURS[a % 9 >> 1], a % 9 & 1) for a in self._moves_with(code)
                if a % 9 != SKIP]

    def is_eating_move(self) -> bool:
        """The last move captured a piece (``isEatingMove``)."""
        return self._captured

    def is_goal_move(self) -> bool:
        """The last move reached the goal and the game goes on (``isGoalMove``)."""
        return self._reached_goal

    def is_bounce_move(self) -> bool:
        """The last move bounced off the goal."""
        return self._bounced

    def winner_player(self) -> int | None:
        """0 or 1 once the game is over, else None (``getWinner``)."""
        return self._winner

    def bounce_count(self, colour) -> int:
        """Bounces of ``colour`` so far (the 31st loses)."""
        return self._bounces[_colour_index(colour)]

    def distance_to_goal(self, colour, piece) -> int:
        """The simulator's ``distanceToGoal``: track F - s + 8 (68 - s + F + 8 past F),
        corridor 8 - c, goal 0, home 74."""
        slot = _slot(colour, piece)
        return _distance(slot >> 1, self._pos[slot])

    def is_safe_piece(self, colour, piece) -> bool:
        """The piece stands on a safe track square (``isSafePiece``)."""
        return self._pos[_slot(colour, piece)] in SAFE_SQUARES

    def move_info(self, action) -> dict:
        """What ``action`` does here: piece, from, to, squares, capture, goal, bounce.
        The action must be legal."""
        a = self._checked_action(action)
        code, slot = divmod(a, 9)
        child = self.clone()
        child.apply_action(a)
        info = {"move": self.action_to_string(a), "value": VALUE_NAMES[code],
                "skip": slot == SKIP}
        if slot != SKIP:
            here = self._pos[slot]
            info.update(piece=(COLOURS[slot >> 1], slot & 1), origin=here,
                        destination=child._pos[slot],
                        squares=self._squares_moved(slot, code) if here != HOME else 0)
        info.update(capture=child.is_eating_move(), goal=child.is_goal_move(),
                    bounce=child.is_bounce_move(), winner=child.winner_player())
        return info

    # ------------------------------------------------------------ transcripts
    def transcript(self, flags: bool = False) -> str:
        """This position as a line of the simulator's transcripts (``flags``: add
        ``eat= goal= bounce=`` as the scenario files do)."""
        return _notation().format_transcript(self._fields(), flags)

    def _flags(self) -> int:
        """The last move's flags as the transcripts number them: 1 eat, 2 goal, 4 bounce."""
        return self._captured | self._reached_goal << 1 | self._bounced << 2

    def _fields(self) -> dict:
        return {"turn": self._turn, "colour": self._colour, "locations": self.locations(),
                "hands": [self._hand_mask(0), self._hand_mask(1)], "bonus": self._bonus or 0,
                "flags": self._flags(), "winner": self._winner}

    @classmethod
    def from_transcript(cls, text, *, remember6: bool = False, bounces=(0, 0, 0, 0)):
        """The position a transcript line describes (the part after ``start`` or the move
        number). ``remember6``: a 6 is pending its repeat (transcripts do not show it);
        ``bounces``: bounces so far per colour Y, B, R, G. Raises ValueError on a line
        that is malformed or describes an impossible position."""
        f = _notation().parse_transcript(text)
        state = cls()
        state._load(f["locations"], f["hands"], f["bonus"], f["colour"], f["flags"], bounces,
                    f["turn"], remember6)
        return state

    def _load(self, locations, hands, bonus: int, colour: int, flags: int, bounces, turn: int,
              remember6) -> None:
        """Set the whole position (hands as 6-bit masks, bonus 0 for none); the winner
        follows from it. The history starts empty."""
        if len(bounces) != 4:
            raise ValueError("bounces: four counts, Y B R G")
        if any(not 0 <= int(b) <= BOUNCE_LIMIT for b in bounces):
            raise ValueError(f"bounces must be 0..{BOUNCE_LIMIT} (one more ends the game), "
                             f"not {tuple(bounces)!r}")
        self._bounces = [int(b) for b in bounces]
        self._pos = list(locations)
        self._hands = [frozenset(v for v in range(6) if mask & 1 << v) for mask in hands]
        self._bonus = bonus or None
        self._colour, self._turn = colour, turn
        self._captured, self._reached_goal, self._bounced = (bool(flags & b) for b in (1, 2, 4))
        self._remember6 = bool(remember6)
        self._winner = next((p for p in (0, 1) if self._has_won(p)), None)
        self._history, self._undo = [], []
        self._from_start = False

    def _snapshot(self) -> tuple:
        """The position in ``_load``'s arguments (what pickling stores beside the history)."""
        return (self.locations(), [self._hand_mask(0), self._hand_mask(1)], self._bonus or 0,
                self._colour, self._flags(), list(self._bounces), self._turn,
                int(self._remember6))

    # ------------------------------------------------------------ display and copies
    def __str__(self) -> str:
        return self.transcript(flags=True)

    def __repr__(self) -> str:
        # Written with the public name, ``ParCheckers``, as the compiled engine writes it:
        # without the compiled modules qsearch.games.ParCheckers is this class.
        if not self._history_from_start():
            extra = ""
            if self._remember6:
                extra += ", remember6=True"
            if any(self._bounces):
                extra += f", bounces={tuple(self._bounces)!r}"
            return f"ParCheckers.from_transcript({self.transcript(flags=True)!r}{extra})"
        moves = [_move_text(a) for a in self._history]
        return f"ParCheckers.from_moves({moves!r})"

    def _history_from_start(self) -> bool:
        """True when replaying the history from the start gives this position."""
        if self._turn != len(self._history) + 1:
            return False
        return self._from_start or _replays(self._history, self)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the SVG code is in qsearch.viz.parcheckers_svg)."""
        from qsearch.viz.parcheckers_svg import parcheckers_svg
        return parcheckers_svg(self)

    @classmethod
    def from_moves(cls, moves):
        """The position after ``moves`` from the start: strings (``"G 0 5"``) or actions,
        a list or one string separated by ``;`` or new lines."""
        if isinstance(moves, str):
            moves = [x for x in re.split(r"[;\n]", moves) if x.strip()]
        state = cls()
        for i, move in enumerate(moves):
            try:
                state.play(move)
            except IllegalMoveError as err:
                raise IllegalMoveError(f"move {i + 1} ({move!r}): {err}") from None
        return state

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.position_key() == other.position_key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.position_key()))

    def __reduce__(self):
        return (_rebuild, (self._snapshot(), list(self._history)))

    # ------------------------------------------------------------ playouts
    @staticmethod
    def random_playouts(games, seed=0, max_moves=10000):
        """Play ``games`` games of agent 0 against agent 0 (a random value from the hand,
        then a random piece that can move with it, SKIP if none): the same games as the
        compiled engine's for the same seed (SplitMix64, drawn the same way).

        Returns ``(winners, moves, children)``: each game's winner (0 or 1; -1 if it
        reached ``max_moves``), its number of moves, and the total number of children over
        its positions; numpy arrays (int8, int32, int64) as the compiled engine returns when
        numpy is installed, else lists.
        """
        games = _as_int(games, "games")
        seed = _as_int(seed, "seed")
        max_moves = _as_int(max_moves, "max_moves")
        if games < 0:
            raise ValueError(f"games must be >= 0, not {games}")
        if max_moves < 1:
            raise ValueError(f"max_moves must be >= 1, not {max_moves}")
        if not 0 <= seed <= MASK:
            raise ValueError(f"seed must be 0..2**64 - 1 (an unsigned 64-bit int), not {seed}")
        rng = (seed * 0x2545F4914F6CDD1D + 1) & MASK
        winners, lengths, children = [], [], []
        for _ in range(games):
            state, moves, total = PyParCheckers(), 0, 0
            while state._winner is None and moves < max_moves:
                actions = state._legal_moves()
                total += len(actions)
                if state._bonus is not None:
                    values = [state._bonus]
                else:
                    values = sorted(state._hands[OWNER[state._colour]])
                rng, number = splitmix_next(rng)
                code = values[multiply_shift_below(number, len(values))]
                group = [a for a in actions if a // 9 == code]      # that value's children
                rng, number = splitmix_next(rng)
                state._make(group[multiply_shift_below(number, len(group))])
                moves += 1
            winners.append(-1 if state._winner is None else state._winner)
            lengths.append(moves)
            children.append(total)
        try:
            import numpy as np
        except ImportError:
            return winners, lengths, children
        return (np.array(winners, dtype=np.int8), np.array(lengths, dtype=np.int32),
                np.array(children, dtype=np.int64))


def _replays(history, target: PyParCheckers) -> bool:
    """True when ``history``, played from the start, is legal and reaches ``target``."""
    state = PyParCheckers()
    for action in history:
        if action not in state._legal_moves():
            return False
        state._make(action)
    return state.position_key() == target.position_key() and state._turn == target._turn


def _rebuild(snapshot, history) -> PyParCheckers:
    """Unpickle: replay the history if it leads to the position (so undo keeps working),
    else load the position itself with an empty history."""
    state = PyParCheckers()
    state._load(*snapshot)
    if history and _replays(history, state):
        return PyParCheckers.from_moves(history)
    return state
