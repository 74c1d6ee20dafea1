# cython: language_level=3, boundscheck=False, wraparound=False
"""Hypergammon: backgammon with three checkers a side, with dice as chance nodes.

The rules, the starting position, the opening roll and the action numbers are those of
OpenSpiel's ``backgammon(hyper_backgammon=true)``, so the two can be played in lockstep
(``tests/test_hypergammon.py`` does, on hundreds of random games)::

    absolute points (OpenSpiel's numbering; x moves 0 -> 23, o moves 23 -> 0)

      12 13 14 15 16 17 | 18 19 20 21 22 23     x's home: 18-23, x bears off past 23
      11 10  9  8  7  6 |  5  4  3  2  1  0     o's home: 0-5,   o bears off past 0

    start: x (player 0) on 0, 1, 2; o (player 1) on 21, 22, 23.

In the notation each player counts from its own side: x's point ``24 - pos``, o's
``pos + 1``; so both start on their 24, 23 and 22 points and bear off from 6..1.

* **Chance nodes.** The opening roll decides who starts (no doubles: 30 outcomes of 1/30,
  as OpenSpiel); after it every roll is one of the 21 distinct rolls (a non-double 2/36,
  a double 1/36), as document 002 counts them. Chance actions are ``1352 + o`` for
  OpenSpiel's outcome ``o`` (the lower-die-first one for a non-double), so they can never
  be mistaken for a play.
* **Plays.** A play is OpenSpiel's action: two checker moves (or one, or a pass), with the
  rule that both dice, or else the larger one, must be used. A double is played four times
  as two consecutive actions of two moves by the same player (OpenSpiel's "extra turn").
  **One action per distinct resulting position**: of several move sequences that reach the
  same position only the smallest OpenSpiel action number is legal here.
* **make/unmake** work in place; a hit is not recorded in the action, so the engine keeps
  its own undo stack (one ``HGUndo`` per action) behind the same ``unmake(move)`` call.
* **End.** The first player to bear off three checkers wins (+1/-1). After ``max_turns``
  turns (OpenSpiel's ``max_player_turns``, 500) the game ends drawn.
  (OpenSpiel 2.0.2's ``returns()`` tests for 15 checkers borne off, so it reports [0, 0]
  for every hypergammon game; our returns are the ones it intends.)
"""
import operator
import re

from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from qsearch.core.errors import IllegalMoveError
from qsearch.reference.hypergammon_notation import (  # the twin's notation: the same text
    _format_hops,
    _net_moves,
    _own,
    _parse_hops,
    _parse_point,
    board_text,
)

from qsearch.games._game cimport CHANCE, TERMINAL, Game
from qsearch.games.hypergammon_moves cimport (hg_apply_checker, hg_board_key, hg_checker_moves,
                                              hg_dest, hg_sequences, hg_undo_checker)

# OpenSpiel's kChanceOutcomeValues: outcome o rolls OUT[o][0] and OUT[o][1].
cdef int OUT[36][2]
OUT[:] = [[1, 2], [2, 1], [1, 3], [3, 1], [1, 4], [4, 1], [1, 5], [5, 1], [1, 6], [6, 1],
          [2, 3], [3, 2], [2, 4], [4, 2], [2, 5], [5, 2], [2, 6], [6, 2], [3, 4], [4, 3],
          [3, 5], [5, 3], [3, 6], [6, 3], [4, 5], [5, 4], [4, 6], [6, 4], [5, 6], [6, 5],
          [1, 1], [2, 2], [3, 3], [4, 4], [5, 5], [6, 6]]

CHANCE_BASE = HG_CHANCE_BASE
PASS_ACTION = HG_PASS_ACTION
NUM_PLAY_ACTIONS = 1352


cdef class Hypergammon(Game):
    """Hypergammon before the opening roll; ``from_points`` builds any position."""

    def __cinit__(self, *args, **kwargs):
        self.undo = NULL
        self.sp = 0
        self.cap = 0
        self.max_turns = 500
        self._allocate(3 * self.max_turns + 16)
        cdef int p, i
        for p in range(2):
            for i in range(24):
                self.pts[p][i] = 0
            self.bar[p] = 0
            self.off[p] = 0
        self.pts[0][0] = self.pts[0][1] = self.pts[0][2] = 1
        self.pts[1][21] = self.pts[1][22] = self.pts[1][23] = 1
        self.cur = CHANCE
        self.prev = CHANCE
        self.dice[0] = self.dice[1] = 0
        self.dbl = False
        self.turns = -1

    def __init__(self, max_turns=500):
        if isinstance(max_turns, bool) or not isinstance(max_turns, int):
            raise TypeError(f"max_turns must be an int, not {type(max_turns).__name__}")
        if max_turns < 1:
            raise ValueError(f"max_turns must be >= 1, not {max_turns}")
        if max_turns != self.max_turns:
            self.max_turns = max_turns
            self._allocate(3 * max_turns + 16)

    def __dealloc__(self):
        free(self.undo)

    cdef int _allocate(self, int cap) except -1:
        """(Re)allocate the undo stack: a game never holds more than 3 actions a turn."""
        cdef HGUndo* fresh = <HGUndo*>malloc(cap * sizeof(HGUndo))
        if fresh == NULL:
            raise MemoryError("hypergammon: cannot allocate the undo stack")
        if self.undo != NULL:
            memcpy(fresh, self.undo, min(self.sp, cap) * sizeof(HGUndo))
            free(self.undo)
        self.undo = fresh
        self.cap = cap
        return 0

    # ------------------------------------------------------------- rules helpers
    # (the bodies are hypergammon_moves.pxd's inline functions)
    cdef int dest(self, int p, int frm, int d) noexcept:
        return hg_dest(p, frm, d)

    cdef int checker_moves(self, int da, int db, int* frm, int* die) noexcept:
        return hg_checker_moves(self, da, db, frm, die)

    cdef bint apply_checker(self, int frm, int d) noexcept:
        return hg_apply_checker(self, frm, d)

    cdef void undo_checker(self, int frm, int d, bint hit) noexcept:
        hg_undo_checker(self, frm, d, hit)

    cdef unsigned long long board_key(self) noexcept:
        return hg_board_key(self)

    cdef int sequences(self, int* actions, unsigned long long* keys) noexcept:
        return hg_sequences(self, actions, keys)

    # ----------------------------------------------------------------- C level
    cdef int legal_moves(self, int* out) noexcept:
        cdef int acts[64]
        cdef unsigned long long keys[64]
        cdef int n, i, j, m = 0, t
        cdef bint dup
        if self.terminal():
            return 0
        if self.cur == CHANCE:
            if self.turns < 0:
                for i in range(30):
                    out[i] = HG_CHANCE_BASE + i
                return 30
            for i in range(15):
                out[i] = HG_CHANCE_BASE + 2 * i
            for i in range(6):
                out[15 + i] = HG_CHANCE_BASE + 30 + i
            return 21
        n = hg_sequences(self, acts, keys)
        # one action per distinct position: the smallest action number reaching it
        for i in range(n):
            dup = False
            for j in range(n):
                if keys[j] == keys[i] and (acts[j] < acts[i] or (acts[j] == acts[i] and j < i)):
                    dup = True
                    break
            if not dup:
                out[m] = acts[i]
                m += 1
        for i in range(1, m):                # ascending, as OpenSpiel lists them
            t = out[i]
            j = i - 1
            while j >= 0 and out[j] > t:
                out[j + 1] = out[j]
                j -= 1
            out[j + 1] = t
        return m

    cdef int chance_outcomes_c(self, int* out, double* prob) noexcept:
        cdef int n = self.legal_moves(out), i
        for i in range(n):
            if self.turns < 0:
                prob[i] = 1.0 / 30.0
            else:
                prob[i] = (1.0 if out[i] - HG_CHANCE_BASE >= 30 else 2.0) / 36.0
        return n

    cdef void make(self, int move) noexcept:
        cdef HGUndo* u = &self.undo[self.sp]
        cdef int o, m, dig0, dig1, lo, hi, n0, n1, used = 0
        cdef bint high_first
        self.sp += 1
        u.cur = self.cur
        u.prev = self.prev
        u.dice0 = self.dice[0]
        u.dice1 = self.dice[1]
        u.dbl = self.dbl
        u.turns = self.turns
        u.hit0 = u.hit1 = 0
        if self.cur == CHANCE:
            o = move - HG_CHANCE_BASE
            self.dice[0] = min(OUT[o][0], OUT[o][1])
            self.dice[1] = max(OUT[o][0], OUT[o][1])
            if self.turns < 0:
                self.cur = 0 if o % 2 == 0 else 1
                self.turns = 0
            else:
                self.cur = 1 - self.prev
            return
        lo, hi = self.dice[0], self.dice[1]
        high_first = move < 676
        m = move if high_first else move - 676
        dig0 = m % 26
        dig1 = m // 26
        n0 = hi if high_first else lo
        n1 = lo if high_first else hi
        if dig0 != HG_PASS:
            u.hit0 = hg_apply_checker(self, dig0, n0)
            used += 1
        if dig1 != HG_PASS:
            u.hit1 = hg_apply_checker(self, dig1, n1)
            used += 1
        if not self.dbl:
            self.turns += 1
        self.prev = self.cur
        if not self.dbl and lo == hi and used == 2:
            self.dbl = True                  # the second half of the double: same player
        else:
            self.cur = CHANCE
            self.dice[0] = self.dice[1] = 0
            self.dbl = False

    cdef void unmake(self, int move) noexcept:
        self.sp -= 1
        cdef HGUndo* u = &self.undo[self.sp]
        cdef int m, dig0, dig1, n0, n1
        cdef bint high_first
        self.cur = u.cur
        self.prev = u.prev
        self.dice[0] = u.dice0
        self.dice[1] = u.dice1
        self.dbl = u.dbl
        self.turns = u.turns
        if self.cur == CHANCE:
            return
        high_first = move < 676
        m = move if high_first else move - 676
        dig0 = m % 26
        dig1 = m // 26
        n0 = self.dice[1] if high_first else self.dice[0]
        n1 = self.dice[0] if high_first else self.dice[1]
        if dig1 != HG_PASS:
            hg_undo_checker(self, dig1, n1, u.hit1)
        if dig0 != HG_PASS:
            hg_undo_checker(self, dig0, n0, u.hit0)

    cdef bint terminal(self) noexcept:
        return self.off[0] == 3 or self.off[1] == 3 or self.turns > self.max_turns

    cdef double utility(self, int player) noexcept:
        if self.off[player] == 3:
            return 1.0
        if self.off[1 - player] == 3:
            return -1.0
        return 0.0

    cdef int to_move(self) noexcept:
        if self.terminal():
            return TERMINAL
        return self.cur

    cdef unsigned long long key(self) noexcept:
        return (hg_board_key(self)
                | (<unsigned long long>(self.cur + 1) << 30)
                | (<unsigned long long>(self.prev + 1) << 32)
                | (<unsigned long long>self.dice[0] << 34)
                | (<unsigned long long>self.dice[1] << 37)
                | (<unsigned long long>self.dbl << 40)
                | (<unsigned long long>(self.turns < 0) << 41))

    cpdef Game clone(self):
        cdef Hypergammon c = Hypergammon.__new__(Hypergammon)
        if c.cap < self.cap:
            c._allocate(self.cap)
        memcpy(c.pts, self.pts, sizeof(self.pts))
        c.bar[0], c.bar[1] = self.bar[0], self.bar[1]
        c.off[0], c.off[1] = self.off[0], self.off[1]
        c.cur, c.prev, c.dbl, c.turns = self.cur, self.prev, self.dbl, self.turns
        c.dice[0], c.dice[1] = self.dice[0], self.dice[1]
        c.max_turns = self.max_turns
        memcpy(c.undo, self.undo, self.sp * sizeof(HGUndo))
        c.sp = self.sp
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    @classmethod
    def from_points(cls, x, o, *, to_move=0, dice=None, max_turns=500) -> Hypergammon:
        """A position from each player's checkers in that player's own numbering.

        ``x`` and ``o`` list three points each, counted from the owner's side (1-24,
        ``"bar"`` or ``25`` for the bar, ``"off"`` or ``0`` for borne off): the start is
        ``x=[24, 23, 22], o=[24, 23, 22]``. ``to_move`` (0 = x, 1 = o) plays ``dice``
        (e.g. ``(4, 5)``); with ``dice=None`` the position is the chance node before
        ``to_move``'s roll.
        """
        cdef Hypergammon s = cls(max_turns=max_turns)
        if to_move not in (0, 1) or isinstance(to_move, bool):
            raise ValueError(f"to_move must be 0 (x) or 1 (o), not {to_move!r}")
        for p, checkers in ((0, x), (1, o)):
            try:
                places = [_parse_point(c) for c in checkers]
            except TypeError:
                raise TypeError(f"checkers must be a list of points, not {checkers!r}") from None
            if len(places) != 3:
                raise ValueError(f"each player has 3 checkers, not {len(places)}: {checkers!r}")
            s.pts[p][:] = [0] * 24
            s.bar[p] = s.off[p] = 0
            for pt in places:
                if pt == 25:
                    s.bar[p] += 1
                elif pt == 0:
                    s.off[p] += 1
                else:
                    s.pts[p][24 - pt if p == 0 else pt - 1] += 1
        for i in range(24):
            if s.pts[0][i] and s.pts[1][i]:
                raise ValueError(f"x and o both have checkers on x's point {24 - i}")
        if s.off[0] == 3 or s.off[1] == 3:
            raise ValueError("a player has borne off all checkers: the game is over")
        s.turns = 0
        if dice is None:
            s.cur = CHANCE
            s.prev = 1 - to_move
        else:
            if (not isinstance(dice, (tuple, list)) or len(dice) != 2
                    or any(isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6
                           for d in dice)):
                raise ValueError(f"dice must be two ints 1-6 such as (4, 5), not {dice!r}")
            s.cur = to_move
            s.prev = 1 - to_move
            s.dice[0], s.dice[1] = min(dice), max(dice)
        return s

    def num_distinct_actions(self) -> int:
        """1352 plays (OpenSpiel's numbers) + 36 chance outcomes (1352 + OpenSpiel's)."""
        return NUM_PLAY_ACTIONS + 36

    def max_chance_outcomes(self) -> int:
        """30 at the opening roll, 21 afterwards."""
        return 30

    def _checked_action(self, action) -> int:
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            return Game._checked_action(self, action)
        a = operator.index(action)
        if not self.terminal():
            if self.cur == CHANCE and 0 <= a < NUM_PLAY_ACTIONS:
                raise IllegalMoveError(
                    f"action {a} is a play but this is a chance node (the dice are rolled "
                    f"next); chance actions are {CHANCE_BASE} + OpenSpiel's outcome number"
                )
            if self.cur != CHANCE and a >= NUM_PLAY_ACTIONS:
                raise IllegalMoveError(
                    f"action {a} is a chance outcome but this is a decision node: "
                    f"{'xo'[self.cur]} plays {self.dice[0]}-{self.dice[1]}"
                )
        return Game._checked_action(self, a)

    def dice_roll(self):
        """The dice to play, low first, e.g. ``(4, 5)``; ``None`` at a chance node."""
        if self.cur == CHANCE or self.terminal():
            return None
        return (self.dice[0], self.dice[1])

    def is_second_half_of_double(self) -> bool:
        """True while the second two moves of a double are to be played."""
        return bool(self.dbl)

    def turns_played(self) -> int:
        """Completed turns (-1 before the opening roll)."""
        return self.turns

    def points(self, int player) -> tuple:
        """``player``'s checkers: 24 counts on absolute points 0-23, then bar, then off."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        board = tuple(self.pts[player][i] for i in range(24))
        return board + (self.bar[player], self.off[player])

    def checkers(self, int player) -> list:
        """``player``'s three checkers in its own numbering (25 bar, 0 off), highest first."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        out = [25] * self.bar[player] + [0] * self.off[player]
        for i in range(24):
            out += [24 - i if player == 0 else i + 1] * self.pts[player][i]
        return sorted(out, reverse=True)

    def pip_count(self, int player) -> int:
        """Pips ``player`` still has to move to bear everything off (bar = 25)."""
        return sum(self.checkers(player))

    def winner(self):
        """0 or 1 once a player has borne off all three checkers, else None."""
        if self.off[0] == 3:
            return 0
        if self.off[1] == 3:
            return 1
        return None

    def hops(self, action) -> list:
        """The checker moves of a play as ``(from, to, hit)`` in the mover's numbering."""
        a = self._checked_action(action)
        if a >= NUM_PLAY_ACTIONS:
            raise ValueError(f"action {a} is a chance outcome, not a play")
        cdef Hypergammon s = self.clone()
        cdef int p = self.cur
        high_first = a < 676
        m = a if high_first else a - 676
        lo, hi = self.dice[0], self.dice[1]
        out = []
        for dig, num in ((m % 26, hi if high_first else lo), (m // 26, lo if high_first else hi)):
            if dig == HG_PASS:
                continue
            to = s.dest(p, dig, num)
            hit = s.apply_checker(dig, num)
            out.append((_own(p, dig), _own(p, to), bool(hit)))
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
            r = f"roll {min(OUT[o][0], OUT[o][1])}-{max(OUT[o][0], OUT[o][1])}"
            if self.turns < 0 and self.cur == CHANCE:
                r += f", {'xo'[o % 2]} starts"
            return r
        if not 0 <= a < NUM_PLAY_ACTIONS:
            raise ValueError(f"{a} is not a hypergammon action")
        if self.cur == CHANCE or self.terminal():
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
        if self.terminal():
            raise IllegalMoveError(f"{text!r}: the game is over")
        legal = self.legal_actions()
        if self.cur == CHANCE:
            mt = re.fullmatch(r"(?:roll\s*)?([1-6])\s*-?\s*([1-6])\s*,?\s*(?:\(?([xo])"
                              r"(?:\s*starts)?\)?)?", t)
            if not mt:
                raise ValueError(f"{text!r} is not a roll: write '4-5' (or '1-2 x' at the opening)")
            dice = sorted((int(mt.group(1)), int(mt.group(2))))
            for a in legal:
                o = a - NUM_PLAY_ACTIONS
                if sorted(OUT[o]) == dice and (self.turns >= 0 or mt.group(3) is None
                                               or "xo"[o % 2] == mt.group(3)):
                    if self.turns < 0 and mt.group(3) is None:
                        raise ValueError(f"{text!r}: at the opening say who starts, e.g. "
                                         f"'{dice[0]}-{dice[1]} x'")
                    return a
            raise IllegalMoveError(f"{text!r} is not a possible roll here")
        wanted = _parse_hops(text, t)
        for a in legal:
            if sorted((h[0], h[1]) for h in self.hops(a)) == wanted:
                return a
        # a sequence that is not the representative of its position: same position, same play
        target = self._position_after(wanted)
        if target is not None:
            for a in legal:
                if self.child(a).points(0) + self.child(a).points(1) == target:
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
        raise IllegalMoveError(f"{text!r} is not a legal play with {self.dice[0]}-{self.dice[1]}; "
                               f"legal plays: {shown}")

    def _position_after(self, hops):
        """The points after playing ``hops`` (own numbering) by hand, or None if impossible."""
        cdef Hypergammon s = self.clone()
        p = self.cur
        for frm, to in sorted(hops, reverse=True):
            a = 25 if frm == 25 else (24 - frm if p == 0 else frm - 1)
            d = frm - to if to != 0 else None
            if d is None:
                dice = [x for x in (self.dice[0], self.dice[1]) if x >= frm]
                if not dice:
                    return None
                d = min(dice)
            if not 1 <= d <= 6:
                return None
            src = HG_BAR if frm == 25 else a
            if (src == HG_BAR and s.bar[p] == 0) or (src != HG_BAR and s.pts[p][src] == 0):
                return None
            s.apply_checker(src, d)
        return s.points(0) + s.points(1)

    def __repr__(self) -> str:
        roll = self.dice_roll()
        who = self.cur if self.cur != CHANCE else 1 - self.prev
        if self.turns < 0:
            return "Hypergammon()"
        return (f"Hypergammon.from_points({self.checkers(0)}, {self.checkers(1)}, "
                f"to_move={who}, dice={roll})")

    def __str__(self) -> str:
        return board_text(self, 1 - self.prev)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        return (_restore, (self.points(0), self.points(1), self.cur, self.prev,
                           self.dice[0], self.dice[1], bool(self.dbl), self.turns,
                           self.max_turns))


def _restore(p0, p1, cur, prev, d0, d1, dbl, turns, max_turns):
    """Unpickle a position (without its history)."""
    cdef Hypergammon s = Hypergammon(max_turns=max_turns)
    for p, pts in ((0, p0), (1, p1)):
        for i in range(24):
            s.pts[p][i] = pts[i]
        s.bar[p], s.off[p] = pts[24], pts[25]
    s.cur, s.prev, s.dice[0], s.dice[1], s.dbl, s.turns = cur, prev, d0, d1, dbl, turns
    return s
