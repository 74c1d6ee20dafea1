"""The rules of Hypergammon in plain Python: the numbers, the position's fields, the
legal plays and making and unmaking one, unchecked.

:class:`HypergammonRules` gives :class:`~qsearch.reference._game.PyGame` the rules it
needs; :class:`~qsearch.reference.hypergammon.PyHypergammon` adds positions from points,
the queries, the notation and the display. The game, the board's numbering and the action
numbers are described in :mod:`qsearch.reference.hypergammon`.
"""
from __future__ import annotations

from qsearch.core.constants import CHANCE, TERMINAL
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


def _check_max_turns(max_turns) -> None:
    if isinstance(max_turns, bool) or not isinstance(max_turns, int):
        raise TypeError(f"max_turns must be an int, not {type(max_turns).__name__}")
    if max_turns < 1:
        raise ValueError(f"max_turns must be >= 1, not {max_turns}")


class HypergammonRules(PyGame):
    """A Hypergammon position (before the opening roll when made) and its rules, unchecked."""

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

    def _legal_moves(self) -> tuple[int, ...]:
        """The rolls at a chance node; else one play per position reached (the smallest
        action number reaching it), ascending as OpenSpiel lists them."""
        # Working the plays out is most of this engine's time, and a position is asked for them
        # again at once: legal_actions(), then child(a) checking each a. The last answer is
        # kept with every field it depends on, so a changed position is never answered from it.
        fields = (self._cur, self._dice, self._double_again, self._turns, self._max_turns,
                  *self._pts[0], *self._pts[1], *self._bar, *self._off)
        kept = getattr(self, "_plays_of", None)
        if kept is not None and kept[0] == fields:
            return kept[1]
        if self._terminal():
            moves = ()
        elif self._cur == CHANCE:
            moves = tuple(action for action, _ in self._chance_outcomes())
        else:
            smallest = {}
            for action, board in self._sequences():
                if board not in smallest or action < smallest[board]:
                    smallest[board] = action
            moves = tuple(sorted(smallest.values()))
        self._plays_of = (fields, moves)
        return moves

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
