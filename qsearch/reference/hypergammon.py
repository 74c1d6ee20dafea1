"""Hypergammon in plain Python, written to be read: the twin of the compiled ``Hypergammon``.

Hypergammon is backgammon with three checkers a side. The rules, the start, the opening roll
and the action numbers are OpenSpiel's ``backgammon(hyper_backgammon=true)``, as in
:mod:`qsearch.games.hypergammon`, so the two engines can be played side by side (the tests
do). The board uses OpenSpiel's absolute numbering of the 24 points::

      12 13 14 15 16 17 | 18 19 20 21 22 23     x's home: 18-23, x bears off past 23
      11 10  9  8  7  6 |  5  4  3  2  1  0     o's home: 0-5,   o bears off past 0

    start: x (player 0) on 0, 1, 2; o (player 1) on 21, 22, 23.

and the notation lets each player count from its own side: x's point ``24 - pos``, o's
``pos + 1``, so both start on their 24, 23 and 22 points and bear off from 6..1.

The rules, in words:

* **Dice.** The opening roll decides who starts (no doubles: 30 outcomes of 1/30). After
  it, each turn starts with a chance node of 21 distinct rolls (a non-double 2/36, a double
  1/36). Chance actions are ``1352 + o`` for OpenSpiel's outcome ``o``.
* **Moving.** A checker moves forward by a die's number to a point the opponent holds with
  at most one checker; landing on a lone opposing checker (a *blot*) hits it onto the bar.
  A player with a checker on the bar must bring it in first (x enters on 0-5, o on 18-23).
  With all three checkers at home a player may bear off: with the exact number, or with a
  larger one from the furthest point.
* **A play** uses both dice if it can, else the larger one; a player who cannot move
  passes. A double is played four times, as two actions of the same player. Of the move
  sequences reaching the same position, only the smallest OpenSpiel action number is legal.
* **The end.** The first to bear off all three checkers wins (+1, the other -1). After
  ``max_turns`` turns the game is drawn.

A play's number packs its two checker moves: ``second_from * 26 + first_from``, plus 676
when the first move uses the lower die (a ``from`` is 0-23, 24 for the bar, 25 for no move).
A hit is not recorded in the action, so each action pushes what it changed on an undo
stack, and ``undo_action`` pops it.
"""
from __future__ import annotations

import operator
import re
from itertools import pairwise

from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.core.errors import IllegalMoveError
from qsearch.reference._game import PyGame

# OpenSpiel's chance outcomes: outcome o rolls OUT[o][0] and OUT[o][1] (30-35 the doubles).
OUT = ((1, 2), (2, 1), (1, 3), (3, 1), (1, 4), (4, 1), (1, 5), (5, 1), (1, 6), (6, 1),
       (2, 3), (3, 2), (2, 4), (4, 2), (2, 5), (5, 2), (2, 6), (6, 2), (3, 4), (4, 3),
       (3, 5), (5, 3), (3, 6), (6, 3), (4, 5), (5, 4), (4, 6), (6, 4), (5, 6), (6, 5),
       (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6))

BAR = 24                 # a checker move's "from" when it enters from the bar
NO_MOVE = 25             # a play's "from" digit when it has no second (or first) move
OFF = 99                 # where a checker borne off goes (never part of an action)
NUM_PLAY_ACTIONS = 1352  # the plays are 0..1351 (two "from" digits, twice)
PASS_ACTION = 1351       # the play of a player who cannot move at all
CHANCE_BASE = 1352       # chance actions are 1352 + OpenSpiel's outcome number
LOW_DIE_FIRST = 676      # added to a play whose first move uses the lower die


def _c_int(value) -> int:
    """An int argument converted as the compiled engine converts its own: a number is
    truncated (``1.0`` is 1), anything else is a TypeError."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__int__"):
        raise TypeError(f"an integer is required, not {type(value).__name__}")
    return int(value)


def _check_max_turns(max_turns) -> None:
    if isinstance(max_turns, bool) or not isinstance(max_turns, int):
        raise TypeError(f"max_turns must be an int, not {type(max_turns).__name__}")
    if max_turns < 1:
        raise ValueError(f"max_turns must be >= 1, not {max_turns}")


class PyHypergammon(PyGame):
    """Hypergammon before the opening roll; ``from_points`` builds any position."""

    def __init__(self, max_turns=500) -> None:
        _check_max_turns(max_turns)
        self._max_turns = max_turns
        self._pts = [[0] * 24, [0] * 24]   # checkers of each player on each absolute point
        self._pts[0][0] = self._pts[0][1] = self._pts[0][2] = 1
        self._pts[1][21] = self._pts[1][22] = self._pts[1][23] = 1
        self._bar = [0, 0]                 # checkers on the bar
        self._off = [0, 0]                 # checkers borne off
        self._cur = CHANCE                 # the player to move, or CHANCE before a roll
        self._prev = CHANCE                # who moved last (CHANCE before the first play)
        self._dice = (0, 0)                # the roll to play, low die first; (0, 0) if none
        self._double_again = False         # the second two moves of a double are next
        self._turns = -1                   # completed turns; -1 before the opening roll
        self._undo = []                    # per action: those fields before it, and its hits

    def clone(self) -> PyHypergammon:
        """A deep copy of this state, history included."""
        c = PyHypergammon.__new__(PyHypergammon)
        c._max_turns = self._max_turns
        c._pts = [list(self._pts[0]), list(self._pts[1])]
        c._bar, c._off = list(self._bar), list(self._off)
        c._cur, c._prev, c._dice = self._cur, self._prev, self._dice
        c._double_again, c._turns = self._double_again, self._turns
        c._undo = list(self._undo)
        c._history = list(self._history)
        return c

    # ------------------------------------------------------------ one checker's moves
    def _destination(self, player: int, frm: int, die: int) -> int:
        """Where a checker of ``player`` from ``frm`` (or BAR) lands with ``die``: a point
        or OFF. x moves up from 0 and enters on 0-5; o moves down from 23 and enters on
        18-23."""
        if player == 0:
            to = die - 1 if frm == BAR else frm + die
            return OFF if to > 23 else to
        to = 24 - die if frm == BAR else frm - die
        return OFF if to < 0 else to

    def _checker_moves(self, die_a: int, die_b: int) -> list[tuple[int, int]]:
        """The single checker moves ``(from, die)`` of the player to move with the unused
        dice ``die_a`` and ``die_b`` (0 for a used die; a double counts once): from the bar
        first if a checker is there; bearing off only with every checker home, with a
        larger die only from the furthest point."""
        me, opponent = self._cur, 1 - self._cur
        dice = [d for d in (die_a, die_b if die_b != die_a else 0) if d > 0]
        if self._bar[me] > 0:
            return [(BAR, d) for d in dice
                    if self._pts[opponent][self._destination(me, BAR, d)] <= 1]
        mine = [i for i in range(24) if self._pts[me][i] > 0]
        home = all(i >= 18 for i in mine) if me == 0 else all(i <= 5 for i in mine)
        furthest = min(mine, default=-1) if me == 0 else max(mine, default=-1)
        moves = []
        for i in mine:
            for d in dice:
                to = self._destination(me, i, d)
                if to == OFF:
                    exact = i + d == 24 if me == 0 else i - d == -1
                    if home and (exact or i == furthest):
                        moves.append((i, d))
                elif self._pts[opponent][to] <= 1:
                    moves.append((i, d))
        return moves

    def _move_checker(self, frm: int, die: int) -> bool:
        """Move one checker of the player to move; True if it hit a blot."""
        me, opponent = self._cur, 1 - self._cur
        to = self._destination(me, frm, die)
        if frm == BAR:
            self._bar[me] -= 1
        else:
            self._pts[me][frm] -= 1
        if to == OFF:
            self._off[me] += 1
            return False
        self._pts[me][to] += 1
        if self._pts[opponent][to] == 1:
            self._pts[opponent][to] = 0
            self._bar[opponent] += 1
            return True
        return False

    def _unmove_checker(self, frm: int, die: int, hit: bool) -> None:
        """The exact inverse of ``_move_checker(frm, die)``."""
        me, opponent = self._cur, 1 - self._cur
        to = self._destination(me, frm, die)
        if to == OFF:
            self._off[me] -= 1
        else:
            self._pts[me][to] -= 1
            if hit:
                self._pts[opponent][to] += 1
                self._bar[opponent] -= 1
        if frm == BAR:
            self._bar[me] += 1
        else:
            self._pts[me][frm] += 1

    def _board(self) -> tuple:
        """Where every checker is (to tell positions apart)."""
        return (tuple(self._pts[0]), tuple(self._pts[1]), tuple(self._bar), tuple(self._off))

    # ------------------------------------------------------------ whole plays
    def _sequences(self) -> list[tuple[int, tuple]]:
        """Every legal play as ``(OpenSpiel's action number, the board it reaches)``.

        Both dice must be used if possible: two-move sequences, when there are any, are the
        only legal plays. Otherwise one move, with the larger die that can be played.
        """
        low, high = self._dice
        first_moves = self._checker_moves(low, high)
        if not first_moves:
            return [(PASS_ACTION, self._board())]

        def number(first_from, first_die, second_from):
            return second_from * 26 + first_from + (0 if first_die == high else LOW_DIE_FIRST)

        plays = []
        for frm, die in first_moves:
            hit = self._move_checker(frm, die)
            other = high if die == low else low
            for frm2, die2 in self._checker_moves(other, 0):
                hit2 = self._move_checker(frm2, die2)
                plays.append((number(frm, die, frm2), self._board()))
                self._unmove_checker(frm2, die2, hit2)
            self._unmove_checker(frm, die, hit)
        if plays:
            return plays
        largest = max(die for _, die in first_moves)
        for frm, die in first_moves:
            if die == largest:
                hit = self._move_checker(frm, die)
                plays.append((number(frm, die, NO_MOVE), self._board()))
                self._unmove_checker(frm, die, hit)
        return plays

    def _play_moves(self, action: int) -> list[tuple[int, int]]:
        """The checker moves ``(from, die)`` of a play, in the order they are made."""
        low, high = self._dice
        high_first = action < LOW_DIE_FIRST
        m = action % LOW_DIE_FIRST
        first, second = (high, low) if high_first else (low, high)
        moves = [(m % 26, first), (m // 26, second)]
        return [(frm, die) for frm, die in moves if frm != NO_MOVE]

    # ------------------------------------------------------------ the rules (PyGame)
    def _terminal(self) -> bool:
        return self._off[0] == 3 or self._off[1] == 3 or self._turns > self._max_turns

    def _utility(self, player: int) -> float:
        if self._off[player] == 3:
            return 1.0
        if self._off[1 - player] == 3:
            return -1.0
        return 0.0

    def _to_move(self) -> int:
        return TERMINAL if self._terminal() else self._cur

    def _legal_moves(self) -> list[int]:
        """The rolls at a chance node; else one play per position reached (the smallest
        action number reaching it), ascending as OpenSpiel lists them."""
        if self._terminal():
            return []
        if self._cur == CHANCE:
            return [action for action, _ in self._chance_outcomes()]
        smallest = {}
        for action, board in self._sequences():
            if board not in smallest or action < smallest[board]:
                smallest[board] = action
        return sorted(smallest.values())

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """The opening roll's 30 outcomes (1/30 each), then the 21 distinct rolls: each
        non-double once, lower die first (2/36), and the six doubles (1/36)."""
        if self._turns < 0:
            return [(CHANCE_BASE + o, 1.0 / 30.0) for o in range(30)]
        non_doubles = [(CHANCE_BASE + o, 2.0 / 36.0) for o in range(0, 30, 2)]
        doubles = [(CHANCE_BASE + o, 1.0 / 36.0) for o in range(30, 36)]
        return non_doubles + doubles

    def _make(self, move: int) -> None:
        saved = (self._cur, self._prev, self._dice, self._double_again, self._turns)
        if self._cur == CHANCE:
            self._undo.append((saved, ()))
            o = move - CHANCE_BASE
            self._dice = (min(OUT[o]), max(OUT[o]))
            if self._turns < 0:              # the opening: even outcomes x starts, odd o
                self._cur = 0 if o % 2 == 0 else 1
                self._turns = 0
            else:
                self._cur = 1 - self._prev
            return
        moves = self._play_moves(move)
        hits = tuple(self._move_checker(frm, die) for frm, die in moves)
        self._undo.append((saved, hits))
        if not self._double_again:
            self._turns += 1
        self._prev = self._cur
        low, high = self._dice
        if not self._double_again and low == high and len(moves) == 2:
            self._double_again = True        # the same player plays the double again
        else:
            self._cur = CHANCE
            self._dice = (0, 0)
            self._double_again = False

    def _unmake(self, move: int) -> None:
        saved, hits = self._undo.pop()
        self._cur, self._prev, self._dice, self._double_again, self._turns = saved
        if self._cur == CHANCE:
            return
        moves = self._play_moves(move)
        for (frm, die), hit in reversed(list(zip(moves, hits, strict=True))):
            self._unmove_checker(frm, die, hit)

    def _board_key(self) -> int:
        """The checkers' places, exactly: a 5-bit code per checker (0-23 a point, 24 the
        bar, 25 off), x's three then o's three."""
        key = 0
        for p in (0, 1):
            codes = [i for i in range(24) for _ in range(self._pts[p][i])]
            codes += [24] * self._bar[p] + [25] * self._off[p]
            for code in codes:
                key = (key << 5) | code
        return key

    def _key(self) -> int:
        """The compiled engine's key: the board, then who moves, who moved, the dice, the
        double flag and whether the opening roll is still to come."""
        return (self._board_key()
                | (self._cur + 1) << 30
                | (self._prev + 1) << 32
                | self._dice[0] << 34
                | self._dice[1] << 37
                | int(self._double_again) << 40
                | int(self._turns < 0) << 41)

    # ------------------------------------------------------------------ the Python API
    @classmethod
    def from_points(cls, x, o, *, to_move=0, dice=None, max_turns=500) -> PyHypergammon:
        """A position from each player's checkers in that player's own numbering.

        ``x`` and ``o`` list three points each, counted from the owner's side (1-24,
        ``"bar"`` or ``25`` for the bar, ``"off"`` or ``0`` for borne off): the start is
        ``x=[24, 23, 22], o=[24, 23, 22]``. ``to_move`` (0 = x, 1 = o) plays ``dice``
        (e.g. ``(4, 5)``); with ``dice=None`` the position is the chance node before
        ``to_move``'s roll.
        """
        s = cls(max_turns=max_turns)
        if to_move not in (0, 1) or isinstance(to_move, bool):
            raise ValueError(f"to_move must be 0 (x) or 1 (o), not {to_move!r}")
        to_move = int(to_move)
        for p, checkers in ((0, x), (1, o)):
            try:
                places = [_parse_point(c) for c in checkers]
            except TypeError:
                raise TypeError(f"checkers must be a list of points, not {checkers!r}") from None
            if len(places) != 3:
                raise ValueError(f"each player has 3 checkers, not {len(places)}: {checkers!r}")
            s._pts[p] = [0] * 24
            s._bar[p] = s._off[p] = 0
            for pt in places:
                if pt == 25:
                    s._bar[p] += 1
                elif pt == 0:
                    s._off[p] += 1
                else:
                    s._pts[p][24 - pt if p == 0 else pt - 1] += 1
        for i in range(24):
            if s._pts[0][i] and s._pts[1][i]:
                raise ValueError(f"x and o both have checkers on x's point {24 - i}")
        if s._off[0] == 3 or s._off[1] == 3:
            raise ValueError("a player has borne off all checkers: the game is over")
        s._turns = 0
        s._prev = 1 - to_move
        if dice is None:
            s._cur = CHANCE
        else:
            if (not isinstance(dice, (tuple, list)) or len(dice) != 2
                    or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6
                           for d in dice)):
                raise ValueError(f"dice must be two ints 1-6 such as (4, 5), not {dice!r}")
            s._cur = to_move
            s._dice = (min(dice), max(dice))
        return s

    def num_distinct_actions(self) -> int:
        """1352 plays (OpenSpiel's numbers) + 36 chance outcomes (1352 + OpenSpiel's)."""
        return NUM_PLAY_ACTIONS + 36

    def max_chance_outcomes(self) -> int:
        """30 at the opening roll, 21 afterwards."""
        return 30

    def _checked_action(self, action) -> int:
        """As the base's, but a play at a chance node (or a roll at a decision node) is
        named as such instead of listing the legal actions."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            return PyGame._checked_action(self, action)
        a = operator.index(action)
        if not self._terminal():
            if self._cur == CHANCE and 0 <= a < NUM_PLAY_ACTIONS:
                raise IllegalMoveError(
                    f"action {a} is a play but this is a chance node (the dice are rolled "
                    f"next); chance actions are {CHANCE_BASE} + OpenSpiel's outcome number"
                )
            if self._cur != CHANCE and a >= NUM_PLAY_ACTIONS:
                raise IllegalMoveError(
                    f"action {a} is a chance outcome but this is a decision node: "
                    f"{'xo'[self._cur]} plays {self._dice[0]}-{self._dice[1]}"
                )
        return PyGame._checked_action(self, a)

    def dice_roll(self):
        """The dice to play, low first, e.g. ``(4, 5)``; ``None`` at a chance node."""
        if self._cur == CHANCE or self._terminal():
            return None
        return self._dice

    def is_second_half_of_double(self) -> bool:
        """True while the second two moves of a double are to be played."""
        return self._double_again

    def turns_played(self) -> int:
        """Completed turns (-1 before the opening roll)."""
        return self._turns

    def points(self, player) -> tuple:
        """``player``'s checkers: 24 counts on absolute points 0-23, then bar, then off."""
        player = _c_int(player)
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        return tuple(self._pts[player]) + (self._bar[player], self._off[player])

    def checkers(self, player) -> list[int]:
        """``player``'s three checkers in its own numbering (25 bar, 0 off), highest first."""
        player = _c_int(player)
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        out = [25] * self._bar[player] + [0] * self._off[player]
        for i in range(24):
            out += [_own(player, i)] * self._pts[player][i]
        return sorted(out, reverse=True)

    def pip_count(self, player) -> int:
        """Pips ``player`` still has to move to bear everything off (bar = 25)."""
        return sum(self.checkers(player))

    def winner(self):
        """0 or 1 once a player has borne off all three checkers, else None."""
        if self._off[0] == 3:
            return 0
        if self._off[1] == 3:
            return 1
        return None

    def hops(self, action) -> list[tuple[int, int, bool]]:
        """The checker moves of a play as ``(from, to, hit)`` in the mover's numbering."""
        a = self._checked_action(action)
        if a >= NUM_PLAY_ACTIONS:
            raise ValueError(f"action {a} is a chance outcome, not a play")
        s = self.clone()
        me = self._cur
        out = []
        for frm, die in self._play_moves(a):
            to = s._destination(me, frm, die)
            hit = s._move_checker(frm, die)
            out.append((_own(me, frm), _own(me, to), hit))
        return out

    def action_to_string(self, action) -> str:
        """Standard notation: ``"24/20 13/8"``, ``"bar/22*"``, ``"6/off"``, ``"24/20/15"``,
        ``"pass"``; chance outcomes as ``"roll 4-5"`` (``"roll 1-2, x starts"`` at the
        opening)."""
        a = operator.index(action)
        if a >= NUM_PLAY_ACTIONS:
            o = a - NUM_PLAY_ACTIONS
            if not 0 <= o < 36:
                raise ValueError(f"{a} is not a hypergammon action")
            text = f"roll {min(OUT[o])}-{max(OUT[o])}"
            if self._turns < 0 and self._cur == CHANCE:
                text += f", {'xo'[o % 2]} starts"
            return text
        if not 0 <= a < NUM_PLAY_ACTIONS:
            raise ValueError(f"{a} is not a hypergammon action")
        if self._cur == CHANCE or self._terminal():
            raise ValueError(f"play {a} can only be written at a decision node")
        hops = self.hops(a)
        if not hops:
            return "pass"
        hops.sort(key=lambda h: -h[0])
        return _format_hops(hops)

    def string_to_action(self, text) -> int:
        """Parse standard notation (the inverse of ``action_to_string``).

        Accepts ``"24/20 13/8"``, ``"24/20/15"``, ``"13/8(2)"``, ``"bar/22"``, ``"6/off"``,
        hits marked or not, OpenSpiel's ``Bar``/``Off``, ``"pass"``; at a chance node
        ``"4-5"`` or ``"roll 4-5"`` (``"1-2 x"`` at the opening roll).
        """
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as '24/20 13/8', not {type(text).__name__}")
        t = text.strip().lower()
        if self._terminal():
            raise IllegalMoveError(f"{text!r}: the game is over")
        legal = self.legal_actions()
        if self._cur == CHANCE:
            return self._roll_from_text(text, t, legal)
        wanted = _parse_hops(text, t)
        for a in legal:
            if sorted((h[0], h[1]) for h in self.hops(a)) == wanted:
                return a
        # a sequence that is not the representative of its position: same position, same play
        target = self._position_after(wanted)
        if target is not None:
            for a in legal:
                child = self.child(a)
                if child.points(0) + child.points(1) == target:
                    return a
        # one checker's moves written as one: "24/15" for 24/20/15 or 24/19/15
        net = [a for a in legal
               if _net_moves([(h[0], h[1]) for h in self.hops(a)]) == _net_moves(wanted)]
        if len(net) == 1:
            return net[0]
        if len(net) > 1:
            raise ValueError(f"{text!r} is ambiguous here: it could be "
                             f"{' or '.join(self.action_to_string(a) for a in net)}")
        shown = ", ".join(self.action_to_string(a) for a in legal)
        raise IllegalMoveError(f"{text!r} is not a legal play with {self._dice[0]}-"
                               f"{self._dice[1]}; legal plays: {shown}")

    def _roll_from_text(self, text: str, t: str, legal: list[int]) -> int:
        """The chance action written ``"4-5"``, ``"roll 4-5"`` or (opening) ``"1-2 x"``."""
        mt = re.fullmatch(r"(?:roll\s*)?([1-6])\s*-?\s*([1-6])\s*,?\s*(?:\(?([xo])"
                          r"(?:\s*starts)?\)?)?", t)
        if not mt:
            raise ValueError(f"{text!r} is not a roll: write '4-5' (or '1-2 x' at the opening)")
        dice = sorted((int(mt.group(1)), int(mt.group(2))))
        starter = mt.group(3)
        for a in legal:
            o = a - NUM_PLAY_ACTIONS
            if sorted(OUT[o]) == dice and (self._turns >= 0 or starter is None
                                           or "xo"[o % 2] == starter):
                if self._turns < 0 and starter is None:
                    raise ValueError(f"{text!r}: at the opening say who starts, e.g. "
                                     f"'{dice[0]}-{dice[1]} x'")
                return a
        raise IllegalMoveError(f"{text!r} is not a possible roll here")

    def _position_after(self, hops):
        """The points after playing ``hops`` (own numbering) one by one, or None if they
        cannot be played. A hop from "off" cannot be played: a checker borne off stays off.
        (The compiled engine reads such a hop as one from the bar, for x: see the tests.)"""
        s = self.clone()
        me = self._cur
        for frm, to in sorted(hops, reverse=True):
            if frm == 0:
                return None
            if to == 0:       # bearing off: the smallest die that reaches off
                dice = [x for x in self._dice if x >= frm]
                if not dice:
                    return None
                die = min(dice)
            else:
                die = frm - to
            if not 1 <= die <= 6:
                return None
            src = BAR if frm == 25 else (24 - frm if me == 0 else frm - 1)
            if (src == BAR and s._bar[me] == 0) or (src != BAR and s._pts[me][src] == 0):
                return None
            s._move_checker(src, die)
        return s.points(0) + s.points(1)

    def __repr__(self) -> str:
        # The compiled engine's text (in pure mode qsearch.games.Hypergammon is this class),
        # with its known gaps: neither the second half of a double nor, right after the
        # opening roll, the previous mover survive it.
        if self._turns < 0:
            return "Hypergammon()"
        who = self._cur if self._cur != CHANCE else 1 - self._prev
        return (f"Hypergammon.from_points({self.checkers(0)}, {self.checkers(1)}, "
                f"to_move={who}, dice={self.dice_roll()})")

    def __str__(self) -> str:
        def cell(i):
            if self._pts[0][i]:
                return f"x{self._pts[0][i]}"
            if self._pts[1][i]:
                return f"o{self._pts[1][i]}"
            return " ."
        top = " ".join(f"{24 - i:>2}" for i in range(12, 24))
        bottom = " ".join(f"{24 - i:>2}" for i in range(11, -1, -1))
        lines = [
            "x's points: " + top,
            "            " + " ".join(cell(i) for i in range(12, 24)),
            "            " + " ".join(cell(i) for i in range(11, -1, -1)),
            "x's points: " + bottom,
            f"bar: x{self._bar[0]} o{self._bar[1]}   off: x{self._off[0]} o{self._off[1]}   "
            f"pips: x{self.pip_count(0)} o{self.pip_count(1)}",
        ]
        if self._terminal():
            w = self.winner()
            lines.append("game over: " + ("draw" if w is None else f"{'xo'[w]} wins"))
        elif self._cur == CHANCE:
            lines.append("to roll: " + ("opening roll" if self._turns < 0
                                        else "xo"[1 - self._prev]))
        else:
            lines.append(f"{'xo'[self._cur]} to play {self._dice[0]}-{self._dice[1]}"
                         + (" (second half of the double)" if self._double_again else ""))
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the SVG code lives in qsearch.viz.hypergammon_svg)."""
        from qsearch.viz.hypergammon_svg import hypergammon_svg
        return hypergammon_svg(self)

    def __reduce__(self):
        # As the compiled engine: the position, not its history (undo_action has nothing).
        return (_restore, (self.points(0), self.points(1), self._cur, self._prev,
                           self._dice[0], self._dice[1], self._double_again, self._turns,
                           self._max_turns))


def _restore(p0, p1, cur, prev, d0, d1, double_again, turns, max_turns) -> PyHypergammon:
    """Unpickle a position (without its history)."""
    s = PyHypergammon(max_turns=max_turns)
    for p, pts in ((0, p0), (1, p1)):
        s._pts[p] = list(pts[:24])
        s._bar[p], s._off[p] = pts[24], pts[25]
    s._cur, s._prev, s._dice = cur, prev, (d0, d1)
    s._double_again, s._turns = bool(double_again), turns
    return s


# ------------------------------------------------------------------ notation helpers
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


__all__ = ["CHANCE_BASE", "NUM_PLAY_ACTIONS", "PASS_ACTION", "PyHypergammon"]
