"""The rules of ParCheckers in plain Python: the position's fields, the legal moves and
making a move, unchecked.

:class:`ParCheckersRules` is the base of :class:`~qsearch.reference.parcheckers.PyParCheckers`,
which checks every argument and adds the OpenSpiel API, the queries, the transcripts and
the display; the game itself is described there and in ``docs/parcheckers_rules.md``.

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
"""
from __future__ import annotations

from qsearch.core.rng import GOLDEN, MASK, multiply_shift_below, splitmix_next
from qsearch.reference.parcheckers_board import (
    BONUS_10,
    BONUS_20,
    BOUNCE_LIMIT,
    FINAL_SQUARES,
    FIVE,
    GOAL,
    HOME,
    INITIAL_SQUARES,
    NEW_HAND,
    OWNER,
    PLAYER_COLOURS,
    SAFE_SQUARES,
    SIX,
    SKIP,
    SQUARES_MOVED,
    START_SQUARES,
    TRACK,
    _as_int,
)


class ParCheckersRules:
    """A ParCheckers position on plain lists and the rules that change it, unchecked: the
    legal moves (``_legal_moves``) and making one (``_make``, undone by ``_restore``)."""

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

    def _hand_mask(self, player: int) -> int:
        """The hand as the compiled engine and the transcripts store it: bit v for code v."""
        return sum(1 << code for code in self._hands[player])


def random_playouts(games, seed=0, max_moves=10000, skip=0):
    """``games`` games of agent 0 against agent 0, played on the bare rules: the work of
    ``PyParCheckers.random_playouts`` (:mod:`qsearch.reference.parcheckers`), which says
    what it returns."""
    games = _as_int(games, "games")
    seed = _as_int(seed, "seed")
    max_moves = _as_int(max_moves, "max_moves")
    skip = _as_int(skip, "skip")
    if games < 0:
        raise ValueError(f"games must be >= 0, not {games}")
    if max_moves < 1:
        raise ValueError(f"max_moves must be >= 1, not {max_moves}")
    if not 0 <= seed <= MASK:
        raise ValueError(f"seed must be 0..2**64 - 1 (an unsigned 64-bit int), not {seed}")
    if not 0 <= skip <= MASK:
        raise ValueError(f"skip must be 0..2**64 - 1 (an unsigned 64-bit int), not {skip}")
    rng = (seed * 0x2545F4914F6CDD1D + 1 + skip * GOLDEN) & MASK
    winners, lengths, children = [], [], []
    for _ in range(games):
        state, moves, total = ParCheckersRules(), 0, 0
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
