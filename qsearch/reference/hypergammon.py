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

The parts: the numbers and the unchecked rules are
:class:`~qsearch.reference.hypergammon_rules.HypergammonRules`, the base of
``PyHypergammon``; the notation is :mod:`qsearch.reference.hypergammon_notation`; this
module adds positions from points, the queries, the notation's methods and the display.
"""
from __future__ import annotations

import operator
import re

from qsearch.core.constants import CHANCE
from qsearch.core.errors import IllegalMoveError
from qsearch.reference._game import PyGame
from qsearch.reference.hypergammon_notation import (
    _format_hops,
    _net_moves,
    _own,
    _parse_hops,
    _parse_point,
    board_text,
)
from qsearch.reference.hypergammon_rules import (
    BAR,
    CHANCE_BASE,
    LOW_DIE_FIRST,  # noqa: F401  (this module's names before the rules had their own)
    NO_MOVE,  # noqa: F401
    NUM_PLAY_ACTIONS,
    OFF,  # noqa: F401
    OUT,
    PASS_ACTION,
    HypergammonRules,
)


def _c_int(value) -> int:
    """An int argument converted as the compiled engine converts its own: a number is
    truncated (``1.0`` is 1), anything else is a TypeError."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__int__"):
        raise TypeError(f"an integer is required, not {type(value).__name__}")
    return int(value)


class PyHypergammon(HypergammonRules):
    """Hypergammon before the opening roll; ``from_points`` builds any position."""

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
        return board_text(self, 1 - self._prev)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

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


__all__ = ["CHANCE_BASE", "NUM_PLAY_ACTIONS", "PASS_ACTION", "PyHypergammon"]
