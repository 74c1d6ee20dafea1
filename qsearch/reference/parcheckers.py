"""ParCheckers in plain Python, written to be read: the twin of :class:`qsearch.games.ParCheckers`.

``PyParCheckers`` plays document 004's game (Dpto. CCIA, Universidad de Granada, *Tutorial
Práctica 3: Búsqueda con Adversario — El Parcheckers*, 2024-25) by the rules in
``docs/parcheckers_rules.md``: the same Python API, action numbers, move strings, transcript
lines, position keys and errors as the compiled engine, which the tests check move by move
(and both against the course simulator's own transcripts in ``tests/data/parcheckers``).

Two players, two colours each, two pieces per colour::

    player 0: yellow (Y, main colour) + green (G)     colours take turns Y -> B -> R -> G,
    player 1: blue (B, main colour)  + red (R)        i.e. players 0, 1, 1, 0, 0, 1, 1, ...

The rules, as :class:`~qsearch.reference.parcheckers_rules.ParCheckersRules` applies them:

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

The position's fields and the unchecked rules (legal moves, making a move) are
:class:`~qsearch.reference.parcheckers_rules.ParCheckersRules`, the base of
``PyParCheckers``; the board, values, action numbers and key tables are
:mod:`qsearch.reference.parcheckers_board`; this module adds the checked OpenSpiel API, the
queries, the transcripts and the display, and offers the names of both as the compiled
module does.

Reading values and writing or reading transcript lines is :mod:`qsearch.games.parcheckers_text`,
shared with the compiled engine and imported on first use (see :func:`_notation`); the rules,
moves, move names, keys, heuristics and searches need nothing but these three modules
and :mod:`qsearch.core`.
"""
from __future__ import annotations

import operator
import re

from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError
from qsearch.reference.parcheckers_board import (
    BONUS_10,
    BONUS_20,
    BOUNCE_LIMIT,
    COLOUR_NAMES,
    COLOURS,
    FINAL_SQUARES,
    FIVE,
    GOAL,
    HOME,
    INITIAL_SQUARES,
    LOCATIONS,
    NEW_HAND,
    NUM_ACTIONS,
    OWNER,
    PLAYER_COLOURS,
    SAFE_SQUARES,
    SIX,
    SKIP,
    SKIP_TURN,
    SQUARES_MOVED,
    START_SQUARES,
    TRACK,
    VALUE_NAMES,
    ZOBRIST,
    _as_int,
    _colour_index,
    _distance,
    _move_text,
    _notation,
    _slot,
    action_parts,
    make_action,
    skip_action,
)
from qsearch.reference.parcheckers_rules import ParCheckersRules, random_playouts

_ACTION_RE = re.compile(r"^\s*([YBRGybrg])\s+(-9999|skip|SKIP|Skip|[01])\s+(\S+)\s*$")
_SKIP_RE = re.compile(r"^\s*(?:skip|SKIP|Skip)\s+(\S+)\s*$")

_NOTATION_NAMES = ("value_code", "location_name", "hand_text", "format_transcript",
                   "parse_transcript")


def __getattr__(name: str):
    # The notation's names, as the compiled module offers them beside its engine.
    if name in _NOTATION_NAMES:
        return getattr(_notation(), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ---------------------------------------------------------------- the game
class PyParCheckers(ParCheckersRules):
    """ParCheckers 2024-25 on plain lists: ``PyParCheckers()`` is the start of a game.

    ``PyParCheckers.from_transcript(line)`` rebuilds a position from a line of the
    simulator's transcripts; ``state.transcript()`` writes one. ``play("G 0 5")`` applies a
    move written as the transcripts write it.
    """

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
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

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
    def random_playouts(games, seed=0, max_moves=10000, skip=0):
        """Play ``games`` games of agent 0 against agent 0 (a random value from the hand,
        then a random piece that can move with it, SKIP if none): the same games as the
        compiled engine's for the same seed (SplitMix64, drawn the same way).

        Returns ``(winners, moves, children)``: each game's winner (0 or 1; -1 if it
        reached ``max_moves``), its number of moves, and the total number of children over
        its positions; numpy arrays (int8, int32, int64) as the compiled engine returns when
        numpy is installed, else lists. ``skip`` starts ``skip`` draws into the seed's
        stream: a move draws two numbers, so ``skip=2 * sum(moves)`` of the first games
        played goes on with the next ones.
        """
        return random_playouts(games, seed, max_moves, skip)


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


__all__ = [
    "BONUS_10", "BONUS_20", "BOUNCE_LIMIT", "COLOURS", "COLOUR_NAMES", "FINAL_SQUARES", "FIVE",
    "GOAL", "HOME", "INITIAL_SQUARES", "LOCATIONS", "NEW_HAND", "NUM_ACTIONS", "OWNER",
    "PLAYER_COLOURS", "ParCheckersRules", "PyParCheckers", "SAFE_SQUARES", "SIX", "SKIP",
    "SKIP_TURN", "SQUARES_MOVED", "START_SQUARES", "TRACK", "VALUE_NAMES", "ZOBRIST",
    "action_parts", "make_action", "skip_action",
]
