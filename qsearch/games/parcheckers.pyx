# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""ParCheckers, the 2024-25 game of the Granada course (document 004), move for move.

Document 004 (Dpto. CCIA, Universidad de Granada, *Tutorial Práctica 3: Búsqueda con
Adversario — El Parcheckers*, 2024-25) teaches search on the course's C++ simulator. The
rules it assumes are in ``docs/parcheckers_rules.md``; this engine reproduces the
simulator's transcripts exactly (tests/data/parcheckers), child order included.

Two players, two colours each, two pieces per colour::

    player 0: yellow (Y, main colour) + green (G)     colours take turns Y -> B -> R -> G,
    player 1: blue (B, main colour)  + red (R)        i.e. players 0, 1, 1, 0, 0, 1, 1, ...

A turn's colour only says whose turn it is: the player may move a piece of either of its
colours. A player's *hand* holds the die values {1, 2, 4, 5, 6, yinyang}; he chooses one,
it leaves the hand (an empty hand is refilled). Values move 2, 4, 8, 10, 12 (14 when the
piece's colour has no piece at home) and 1 square; a capture forces a bonus of 20 (40
squares), reaching the goal a bonus of 10 (20 squares).

Locations (``pos[slot]``, slot = colour * 2 + id)::

      0            home
      1 .. 68      the shared track (68 is followed by 1)
      69 .. 75     the colour's own corridor, squares 1..7 (68 + c)
      76           the goal

Actions are ``9 * value_code + slot``: value codes 0..7 are the values 1, 2, 4, 5, 6,
yinyang, 10, 20; slots 0..7 a piece (``Y 0``, ``Y 1``, ``B 0``, ... ``G 1``) and slot 8
SKIP_TURN. They are written as the simulator's transcripts write them: ``"G 0 5"``,
``"B 1 YY"``, ``"Y 0 20"``, and a skip as ``"Y -9999 6"`` (the simulator's SKIP_TURN id,
with the turn's colour). Children come in the simulator's order: values from the last in
the hand to the first (yinyang, 6, 5, 4, 2, 1), for each the main colour's pieces 0 and 1
then the partner colour's, and SKIP only when no piece can move with that value.

make/unmake work in place; captures, refills and bonuses are undone from a stack of
undo records kept inside the state.
"""
import re

from libc.stdlib cimport free, realloc

from qsearch.core.errors import IllegalMoveError
from qsearch.reference.parcheckers_board import (  # the twin's: the same checks and texts
    BOUNCE_LIMIT,
    FINAL_SQUARES,
    INITIAL_SQUARES,
    PLAYER_COLOURS,
    SAFE_SQUARES,
    START_SQUARES,
    _colour_index,
    _distance,
    _move_text,
    _piece_index,
    action_parts,
    make_action,
    skip_action,
)
from qsearch.games.parcheckers_text import (
    COLOUR_NAMES,
    COLOURS,
    SKIP_TURN,
    VALUE_NAMES,
    format_transcript,
    hand_text,
    location_name,
    parse_transcript,
    value_code,
)

from qsearch.games._game cimport TERMINAL, Game
from qsearch.games.parcheckers_moves cimport (PCTables, PCZobrist, fill_parcheckers_tables,
                                              fill_parcheckers_zobrist, pc_apply, pc_key,
                                              pc_moves_for, pc_player_won, pc_random_game,
                                              pc_revert, pc_squares)

# ------------------------------------------------------------------------- constants
FULL_HAND = PC_FULL_HAND

cdef PCTables T                         # the board's tables (parcheckers_moves.pxd)
fill_parcheckers_tables(&T, SAFE_SQUARES)
cdef PCZobrist Z                        # the position key's random numbers
fill_parcheckers_zobrist(&Z)

_ACTION_RE = re.compile(r"^\s*([YBRGybrg])\s+(-9999|skip|SKIP|Skip|[01])\s+(\S+)\s*$")
_SKIP_RE = re.compile(r"^\s*(?:skip|SKIP|Skip)\s+(\S+)\s*$")


# ------------------------------------------------------------------------- the game
cdef class ParCheckers(Game):
    """ParCheckers 2024-25: ``ParCheckers()`` is the start of a game.

    ``ParCheckers.from_transcript(line)`` rebuilds a position from a line of the
    simulator's transcripts; ``state.transcript()`` writes one. ``play("G 0 5")`` applies a
    move written as the transcripts write it.
    """

    def __cinit__(self, *args, **kwargs):
        self.stack = NULL
        self.sp = 0
        self.cap = 0
        self.dropped = 0
        self._reset()

    def __init__(self):
        pass

    def __dealloc__(self):
        free(self.stack)

    def _reset(self):
        cdef int c, k, loc
        for c in range(4):
            for loc in range(PC_LOCS):
                self.cnt[c][loc] = 0
            self.bounces[c] = 0
        for c in range(4):
            for k in range(2):
                self.pos[2 * c + k] = INITIAL_SQUARES[c][k]
                self.cnt[c][INITIAL_SQUARES[c][k]] += 1
        self.hand[0] = FULL_HAND
        self.hand[1] = FULL_HAND
        self.bonus = 0
        self.colour = 0
        self.remember6 = 0
        self.flags = 0
        self.winner = -1
        self.turn = 1
        self.sp = 0
        self.dropped = 0

    cdef int reserve(self, int n) except -1:
        """Make room for ``n`` undo records (MemoryError if it cannot)."""
        cdef PCUndo* grown
        if n <= self.cap:
            return 0
        n = max(n, 2 * self.cap, 64)
        grown = <PCUndo*>realloc(self.stack, n * sizeof(PCUndo))
        if grown == NULL:
            raise MemoryError("ParCheckers: no memory for the undo stack")
        self.stack = grown
        self.cap = n
        return 0

    # ------------------------------------------------------------ rules (C level)
    cdef int legal_moves(self, int* out) noexcept:
        cdef int n = 0, v
        cdef int mask
        if self.winner >= 0:
            return 0
        if self.bonus:
            return pc_moves_for(self, &T, self.bonus, out)
        mask = self.hand[T.owner[self.colour]]
        for v in range(5, -1, -1):
            if mask & (1 << v):
                n += pc_moves_for(self, &T, v, out + n)
        return n

    cdef void make(self, int move) noexcept:
        if self.sp >= self.cap:
            try:
                self.reserve(self.sp + 1)
            except MemoryError:
                self.dropped += 1          # never half-apply a move: unmake will skip it
                return
        pc_apply(self, &T, &self.stack[self.sp], move)
        self.sp += 1

    cdef void unmake(self, int move) noexcept:
        if self.dropped > 0:
            self.dropped -= 1
            return
        self.sp -= 1
        pc_revert(self, &T, &self.stack[self.sp])

    cdef bint terminal(self) noexcept:
        return self.winner >= 0

    cdef double utility(self, int player) noexcept:
        if self.winner < 0:
            return 0.0
        return 1.0 if self.winner == player else -1.0

    cdef int to_move(self) noexcept:
        if self.winner >= 0:
            return TERMINAL
        return T.owner[self.colour]

    cdef unsigned long long key(self) noexcept:
        return pc_key(self, &Z)

    cdef void copy_into(self, ParCheckers c) noexcept:
        c.pos = self.pos
        c.cnt = self.cnt
        c.hand = self.hand
        c.bonus = self.bonus
        c.colour = self.colour
        c.remember6 = self.remember6
        c.flags = self.flags
        c.winner = self.winner
        c.bounces = self.bounces
        c.turn = self.turn

    cpdef Game clone(self):
        """A deep copy (history and undo stack included)."""
        cdef ParCheckers c = ParCheckers.__new__(ParCheckers)
        cdef int i
        self.copy_into(c)
        c.reserve(self.sp + 300)
        for i in range(self.sp):
            c.stack[i] = self.stack[i]
        c.sp = self.sp
        c.dropped = self.dropped
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    def num_distinct_actions(self) -> int:
        """72: 8 value codes x (8 pieces + SKIP)."""
        return PC_ACTIONS

    def action_to_string(self, action) -> str:
        """``9 * code + slot`` -> ``"G 0 5"``; a skip -> ``"Y -9999 6"`` (turn's colour)."""
        a = int(action)
        if not 0 <= a < PC_ACTIONS:
            raise ValueError(f"ParCheckers actions are 0..71, not {a}")
        code, slot = divmod(a, 9)
        if slot == PC_SKIP:
            return f"{COLOURS[self.colour]} {SKIP_TURN} {VALUE_NAMES[code]}"
        return f"{COLOURS[slot >> 1]} {slot & 1} {VALUE_NAMES[code]}"

    def string_to_action(self, text) -> int:
        """``"G 0 5"`` -> action. A skip: ``"Y -9999 6"``, ``"Y SKIP 6"`` or ``"SKIP 6"``.

        Raises TypeError for a non-string, IllegalMoveError (a ValueError) for a malformed
        string, naming the legal moves.
        """
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as 'G 0 5', not {type(text).__name__}")
        m = _ACTION_RE.match(text)
        skip = _SKIP_RE.match(text)
        try:
            if m is not None:
                colour = COLOURS.index(m.group(1).upper())
                code = value_code(m.group(3))
                if m.group(2) in ("0", "1"):
                    return 9 * code + 2 * colour + int(m.group(2))
                return 9 * code + PC_SKIP
            if skip is not None:
                return 9 * value_code(skip.group(1)) + PC_SKIP
        except ValueError as err:
            raise IllegalMoveError(f"{text!r} is not a move: {err}; {self._legal_text()}") \
                from None
        raise IllegalMoveError(
            f"{text!r} is not a move: write colour, piece id and value, e.g. 'G 0 5', "
            f"'B 1 YY', or 'Y -9999 6' to skip; {self._legal_text()}"
        )

    def _legal_text(self) -> str:
        legal = [self.action_to_string(a) for a in self.legal_actions()]
        return "legal moves: " + (", ".join(legal) if legal else "none (the game is over)")

    def _checked_action(self, action) -> int:
        """Validate ``action``; the error says why it is illegal and what is legal."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            return Game._checked_action(self, action)       # raises the TypeError
        a = int(action)
        if self.winner < 0 and a in self.legal_actions():
            return a
        if self.winner >= 0:
            raise IllegalMoveError(f"action {a} is illegal: the game is over")
        if not 0 <= a < PC_ACTIONS:
            raise IllegalMoveError(f"action {a} is not a ParCheckers action (0..71); "
                                   f"{self._legal_text()}")
        code, slot = divmod(a, 9)
        player = T.owner[self.colour]
        text = self.action_to_string(a)
        colours = " and ".join(COLOUR_NAMES[x] for x in PLAYER_COLOURS[player])
        if slot != PC_SKIP and T.owner[slot >> 1] != player:
            why = f"player {player} moves {colours} pieces"
        elif self.bonus and code != self.bonus:
            why = f"a bonus of {VALUE_NAMES[self.bonus]} is pending and must be played first"
        elif code >= PC_BONUS10 and code != self.bonus:
            why = f"{VALUE_NAMES[code]} is a bonus value and none is pending"
        elif not self.bonus and not self.hand[player] & (1 << code):
            why = (f"value {VALUE_NAMES[code]} is not in player {player}'s hand "
                   f"[{hand_text(self.hand[player])}]")
        elif slot == PC_SKIP:
            why = f"a piece can move with {VALUE_NAMES[code]}, so the turn cannot be skipped"
        else:
            where = location_name(self.pos[slot])
            why = f"piece {COLOURS[slot >> 1]} {slot & 1} (at {where}) cannot move " \
                  f"{VALUE_NAMES[code]}"
        raise IllegalMoveError(f"{text!r} is illegal: {why}; {self._legal_text()}")

    def play(self, move) -> None:
        """Apply a move given as an action or as text (``"G 0 5"``); checked, in place."""
        if isinstance(move, str):
            move = self.string_to_action(move)
        self.apply_action(move)

    def apply_action(self, action) -> None:
        """Play ``action`` in place. Raises IllegalMoveError / TypeError, state unchanged."""
        cdef int a = self._checked_action(action)
        self.reserve(self.sp + 300)
        self.make(a)
        self._history.append(a)

    # ------------------------------------------------------------ queries
    def current_colour(self) -> str:
        """The turn's colour letter (``Y``, ``B``, ``R``, ``G``)."""
        return COLOURS[self.colour]

    def turn_number(self) -> int:
        """The simulator's turn counter (1 at the start; +1 per move)."""
        return self.turn

    def piece_location(self, colour, int piece) -> int:
        """Location code of a piece (0 home, 1..68 track, 69..75 corridor, 76 goal)."""
        return self.pos[2 * _colour_index(colour) + _piece_index(piece)]

    def locations(self) -> list:
        """The 8 locations, Y0 Y1 B0 B1 R0 R1 G0 G1."""
        return [self.pos[i] for i in range(8)]

    def hand_values(self, int player) -> list:
        """The values in ``player``'s hand, as strings, low to high."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        return [VALUE_NAMES[v] for v in range(6) if self.hand[player] & (1 << v)]

    def pending_bonus(self):
        """``"10"`` or ``"20"`` when a bonus must be played, else None."""
        return VALUE_NAMES[self.bonus] if self.bonus else None

    def available_values(self) -> list:
        """The values the player to move may choose (the bonus alone when one is pending),
        low to high as the simulator lists them (``getAvailableNormalDices``)."""
        if self.winner >= 0:
            return []
        if self.bonus:
            return [VALUE_NAMES[self.bonus]]
        return self.hand_values(T.owner[self.colour])

    def movable_pieces(self, value) -> list:
        """``[(colour letter, id), ...]`` that can move with ``value`` (``getAvailablePieces``),
        main colour first."""
        cdef int out[4]
        cdef int n
        code = value_code(value)
        if self.winner >= 0 or VALUE_NAMES[code] not in self.available_values():
            return []
        n = pc_moves_for(self, &T, code, out)
        return [(COLOURS[(out[i] % 9) >> 1], (out[i] % 9) & 1)
                for i in range(n) if out[i] % 9 != PC_SKIP]

    def is_eating_move(self) -> bool:
        """The last move captured a piece (``isEatingMove``)."""
        return bool(self.flags & 1)

    def is_goal_move(self) -> bool:
        """The last move reached the goal and the game goes on (``isGoalMove``)."""
        return bool(self.flags & 2)

    def is_bounce_move(self) -> bool:
        """The last move bounced off the goal."""
        return bool(self.flags & 4)

    def winner_player(self):
        """0 or 1 once the game is over, else None (``getWinner``)."""
        return None if self.winner < 0 else self.winner

    def bounce_count(self, colour) -> int:
        """Bounces of ``colour`` so far (the 31st loses)."""
        return self.bounces[_colour_index(colour)]

    def distance_to_goal(self, colour, int piece) -> int:
        """The simulator's ``distanceToGoal``: track F - s + 8 (68 - s + F + 8 past F),
        corridor 8 - c, goal 0, home 74."""
        c = _colour_index(colour)
        return _distance(c, self.pos[2 * c + _piece_index(piece)])

    def is_safe_piece(self, colour, int piece) -> bool:
        """The piece stands on a safe track square (``isSafePiece``)."""
        c = _colour_index(colour)
        return bool(T.safe[self.pos[2 * c + _piece_index(piece)]])

    def move_info(self, action) -> dict:
        """What ``action`` does here: piece, from, to, squares, capture, goal, bounce.
        The action must be legal."""
        cdef ParCheckers child
        a = self._checked_action(action)
        code, slot = divmod(a, 9)
        child = self.clone()
        child.apply_action(a)
        info = {"move": self.action_to_string(a), "value": VALUE_NAMES[code],
                "skip": slot == PC_SKIP}
        if slot != PC_SKIP:
            info.update(piece=(COLOURS[slot >> 1], slot & 1), origin=self.pos[slot],
                        destination=child.pos[slot],
                        squares=pc_squares(self, &T, slot, code) if self.pos[slot] else 0)
        info.update(capture=child.is_eating_move(), goal=child.is_goal_move(),
                    bounce=child.is_bounce_move(), winner=child.winner_player())
        return info

    # ------------------------------------------------------------ transcripts
    def transcript(self, flags: bool = False) -> str:
        """This position as a line of the simulator's transcripts (``flags``: add
        ``eat= goal= bounce=`` as the scenario files do)."""
        return format_transcript(self._fields(), flags)

    def _fields(self) -> dict:
        return {"turn": self.turn, "colour": self.colour, "locations": self.locations(),
                "hands": [self.hand[0], self.hand[1]], "bonus": self.bonus,
                "flags": self.flags, "winner": self.winner_player()}

    @classmethod
    def from_transcript(cls, text, *, remember6: bool = False, bounces=(0, 0, 0, 0)):
        """The position a transcript line describes (the part after ``start`` or the move
        number). ``remember6``: a 6 is pending its repeat (transcripts do not show it);
        ``bounces``: bounces so far per colour Y, B, R, G. Raises ValueError on a line
        that is malformed or describes an impossible position."""
        f = parse_transcript(text)
        cdef ParCheckers s = cls()
        s._load(f["locations"], f["hands"], f["bonus"], f["colour"], f["flags"], bounces,
                f["turn"], remember6)
        return s

    def _load(self, locations, hands, int bonus, int colour, int flags, bounces, int turn,
              remember6):
        """Set the whole position (checked values); the winner follows from it."""
        cdef int c, loc, i
        if len(bounces) != 4:
            raise ValueError("bounces: four counts, Y B R G")
        if any(not 0 <= int(b) <= BOUNCE_LIMIT for b in bounces):
            raise ValueError(f"bounces must be 0..{BOUNCE_LIMIT} (one more ends the game), "
                             f"not {tuple(bounces)!r}")
        for c in range(4):
            for loc in range(PC_LOCS):
                self.cnt[c][loc] = 0
            self.bounces[c] = int(bounces[c])
        for i in range(8):
            self.pos[i] = locations[i]
            self.cnt[i >> 1][locations[i]] += 1
        self.hand[0], self.hand[1] = hands[0], hands[1]
        self.bonus, self.colour, self.flags, self.turn = bonus, colour, flags, turn
        self.remember6 = bool(remember6)
        self.winner = -1
        for i in range(2):
            if pc_player_won(self, &T, i):
                self.winner = i
        self.sp = 0
        self.dropped = 0

    # ------------------------------------------------------------ display
    def __str__(self) -> str:
        return self.transcript(flags=True)

    def __repr__(self) -> str:
        if not self._history_from_start():
            extra = ""
            if self.remember6:
                extra += ", remember6=True"
            if any(self.bounces[c] for c in range(4)):
                extra += f", bounces={tuple(self.bounces[c] for c in range(4))!r}"
            return f"ParCheckers.from_transcript({self.transcript(flags=True)!r}{extra})"
        moves = [_move_text(a) for a in self._history]
        return f"ParCheckers.from_moves({moves!r})"

    def _history_from_start(self) -> bool:
        """True when replaying the history from the start gives this position."""
        return self.turn == len(self._history) + 1 and _replays(self)

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
        s = cls()
        for i, m in enumerate(moves):
            try:
                s.play(m)
            except IllegalMoveError as err:
                raise IllegalMoveError(f"move {i + 1} ({m!r}): {err}") from None
        return s

    def __reduce__(self):
        return (_rebuild_parcheckers, (self._snapshot(), list(self._history)))

    def _snapshot(self) -> tuple:
        return (self.locations(), [self.hand[0], self.hand[1]], self.bonus, self.colour,
                self.flags, [self.bounces[i] for i in range(4)], self.turn, self.remember6)

    # ------------------------------------------------------------ playouts
    @staticmethod
    def random_playouts(long games, unsigned long long seed=0, int max_moves=10000,
                        unsigned long long skip=0):
        """Play ``games`` games of agent 0 against agent 0 (a random value from the hand,
        then a random piece that can move with it, SKIP if none), all in C.

        Returns ``(winners, moves, children)``: numpy arrays with each game's winner (0 or
        1; -1 if it reached ``max_moves``), its number of moves, and the total number of
        children over its positions (``children / moves`` is the mean branching factor).
        ``skip`` starts ``skip`` draws into the seed's stream: a move draws two numbers, so
        ``skip=2 * sum(moves)`` of the first games played goes on with the next ones.
        """
        if games < 0:
            raise ValueError(f"games must be >= 0, not {games}")
        if max_moves < 1:
            raise ValueError(f"max_moves must be >= 1, not {max_moves}")
        import numpy as np   # only the playouts need numpy (not the core, not Pyodide)
        winners = np.zeros(games, dtype=np.int8)
        lengths = np.zeros(games, dtype=np.int32)
        children = np.zeros(games, dtype=np.int64)
        cdef signed char[::1] w_view = winners
        cdef int[::1] l_view = lengths
        cdef long long[::1] c_view = children
        cdef ParCheckers g = ParCheckers()
        cdef long long total
        cdef long game
        cdef unsigned long long rng = seed * 0x2545F4914F6CDD1DULL + 1
        rng += skip * 0x9E3779B97F4A7C15ULL   # skip draws: one golden step each
        g.reserve(max_moves + 1)
        for game in range(games):
            g._reset()
            total = 0
            l_view[game] = pc_random_game(g, &T, &rng, max_moves, &total)
            g.sp = 0
            w_view[game] = g.winner
            c_view[game] = total
        return winners, lengths, children


def _replays(ParCheckers s) -> bool:
    r = ParCheckers()
    for a in s._history:
        if a not in r.legal_actions():
            return False
        r.apply_action(a)
    return r.position_key() == s.position_key() and r.turn == s.turn


def _rebuild_parcheckers(snapshot, history):
    """Unpickle: replay the history if it leads to the position (so undo keeps working),
    else load the position itself with an empty history."""
    cdef ParCheckers s = ParCheckers()
    s._load(*snapshot)
    if _replay_ok(history, s):
        return ParCheckers.from_moves(history)
    return s


def _replay_ok(history, ParCheckers target) -> bool:
    if not history:
        return False
    try:
        r = ParCheckers.from_moves(list(history))
    except IllegalMoveError:
        return False
    return r.position_key() == target.position_key() and (<ParCheckers>r).turn == target.turn


__all__ = [
    "BOUNCE_LIMIT", "COLOURS", "COLOUR_NAMES", "FINAL_SQUARES", "FULL_HAND", "INITIAL_SQUARES",
    "PLAYER_COLOURS", "ParCheckers", "SAFE_SQUARES", "SKIP_TURN", "START_SQUARES", "VALUE_NAMES",
    "action_parts", "make_action", "skip_action",
]
