"""Readable twin of :mod:`qsearch.search.quarto_verifier`: the second standard-Quarto engine.

The verifier re-solves the positions where a proof of standard Quarto stops, with code that
shares nothing with the Quarto solver but the rules. Step by step (tests check the compiled
module gives the same values and node counts):

1. The board is seen line by line: each line keeps its number of pieces, the
   attributes all of them have and the attributes all of them lack. A line of three is
   completed by the pieces that share one of those (:data:`COMPLETES`), so the pieces that
   win at once are an OR over the lines of three.
2. The mover holds a piece it cannot win with (the caller checked). With 15 pieces down,
   placing the last one is a draw. Otherwise a move is a square for the piece in hand and a
   gift; gifts the opponent would win with at once are never searched, and a mover left with
   none loses.
3. Values are -1, 0, +1 (fail-soft alpha-beta in a window inside [-1, 1]).
4. A table of slot pairs keyed by Zobrist keys: the first slot keeps the position with fewer
   pieces, the second takes the rest.
5. Order: the table's move first; then, with at most ``order_until`` pieces on the board,
   the moves leaving the opponent the fewest safe replies (a stable sort: ties keep squares,
   then gifts, ascending); deeper, squares and gifts ascending.

Squares are numbered down the columns (``square = 4 * column + row``) as in
:mod:`qsearch.games.quarto`; a piece is 4 bits, one per attribute.
"""
from __future__ import annotations

from dataclasses import dataclass, field

LINES = ([[r + 4 * c for c in range(4)] for r in range(4)]           # rows
         + [[4 * c + r for r in range(4)] for c in range(4)]         # columns
         + [[0, 5, 10, 15], [3, 6, 9, 12]])                          # diagonals
LINES_THROUGH = [[i for i, line in enumerate(LINES) if s in line] for s in range(16)]
# COMPLETES[have][lack]: the pieces sharing an attribute with a line of three whose pieces all
# have the attributes in ``have`` and all lack those in ``lack``
COMPLETES = [[sum(1 << q for q in range(16) if q & have or ~q & lack & 15)
              for lack in range(16)] for have in range(16)]

LOWER, UPPER, EXACT = 1, 2, 3
NO_MOVE = 255
_MASK64 = (1 << 64) - 1


def _xorshift_keys(n: int, seed: int = 0x5EED_0F_0A_2_0) -> list:
    """``n`` pseudo-random 64-bit keys (xorshift64*), the verifier's own."""
    out, x = [], seed
    for _ in range(n):
        x ^= x >> 12
        x ^= (x << 25) & _MASK64
        x ^= x >> 27
        out.append((x * 0x2545F4914F6CDD1D) & _MASK64)
    return out


_KEYS = _xorshift_keys(16 * 16 + 16)
PIECE_KEYS = [_KEYS[16 * s:16 * s + 16] for s in range(16)]     # [square][piece]
HAND_KEYS = _KEYS[256:]


@dataclass
class Position:
    """The board seen line by line; ``spare``: the pieces neither placed nor in hand."""

    count: list = field(default_factory=lambda: [0] * 10)
    have: list = field(default_factory=lambda: [15] * 10)
    lack: list = field(default_factory=lambda: [15] * 10)
    empty: int = 0xFFFF
    spare: int = 0xFFFF
    placed: int = 0
    key: int = 0

    def copy(self) -> Position:
        return Position(self.count[:], self.have[:], self.lack[:], self.empty,
                        self.spare, self.placed, self.key)

    def put(self, square: int, piece: int) -> None:
        """Place ``piece`` on empty ``square``."""
        self.empty &= ~(1 << square)
        self.placed += 1
        self.key ^= PIECE_KEYS[square][piece]
        for line in LINES_THROUGH[square]:
            self.count[line] += 1
            self.have[line] &= piece
            self.lack[line] &= ~piece & 15

    def winning_pieces(self) -> int:
        """The pieces that, placed now, complete a line sharing an attribute."""
        out = 0
        for line in range(10):
            if self.count[line] == 3:
                out |= COMPLETES[self.have[line]][self.lack[line]]
        return out


def bits(x: int) -> list:
    """The set bits of ``x``, lowest first."""
    return [i for i in range(16) if x >> i & 1]


def check_state(state) -> None:
    """TypeError unless ``state`` is standard Quarto (compiled or the plain-Python
    :mod:`qsearch.reference.quarto`, read from its public API); ValueError if it is over."""
    if not (callable(getattr(state, "piece_in_hand", None))
            and callable(getattr(state, "board_pieces", None))
            and state.num_distinct_actions() == 32):
        raise TypeError(f"expected a standard Quarto state, not {type(state).__name__}")
    if state.is_terminal():
        raise ValueError("the game is already over: nothing to solve")


def position_of(state) -> tuple:
    """``(Position, hand)`` of a standard Quarto state (``hand`` -1: a gift is due)."""
    pos = Position()
    for s, p in enumerate(state.board_pieces()):
        if p >= 0:
            pos.put(s, p)
            pos.spare &= ~(1 << p)
    hand = state.piece_in_hand()
    if hand is None:
        return pos, -1
    pos.spare &= ~(1 << hand)
    return pos, hand


class ReferenceVerifier:
    """The verifier's search in plain Python (see the module's docstring)."""

    def __init__(self, table_bits: int = 16, table: bool = True, order_until: int = 12):
        self.size = 1 << table_bits
        self.mask = (self.size - 1) & ~1
        self.use_table = table
        self.order_until = order_until
        self.table = [None] * self.size       # slot: (key, value, flag, move, placed)
        self.nodes = 0

    def safe_replies(self, pos: Position, hand: int) -> int:
        """How many moves of the mover (holding ``hand``) leave no win at once to the other."""
        n = 0
        for s in bits(pos.empty):
            child = pos.copy()
            child.put(s, hand)
            n += bin(child.spare & ~child.winning_pieces()).count("1")
        return n

    def lookup(self, key: int):
        for i in (key & self.mask, (key & self.mask) + 1):
            slot = self.table[i]
            if slot is not None and slot[0] == key:
                return slot
        return None

    def store(self, key: int, placed: int, value: int, flag: int, move: int) -> None:
        i = key & self.mask
        first = self.table[i]
        if not (first is None or first[0] == key or placed <= first[4]):
            i += 1
        self.table[i] = (key, value, flag, move, placed)

    def search(self, pos: Position, hand: int, alpha: int, beta: int) -> int:
        """Value (-1, 0, +1, fail-soft) for the mover, who holds ``hand`` and cannot win."""
        self.nodes += 1
        if pos.placed == 15:
            return 0
        key = pos.key ^ HAND_KEYS[hand]
        table_move = NO_MOVE
        slot = self.lookup(key) if self.use_table else None
        if slot is not None:
            _, value, flag, table_move, _ = slot
            if flag == EXACT:
                return value
            if flag == LOWER and value > alpha:
                alpha = value
            elif flag == UPPER and value < beta:
                beta = value
            if alpha >= beta:
                return value
        keyed = []
        for s in bits(pos.empty):
            child = pos.copy()
            child.put(s, hand)
            for q in bits(child.spare & ~child.winning_pieces()):
                move = 16 * s + q
                if move == table_move:
                    order = -1
                elif pos.placed <= self.order_until:
                    child.spare &= ~(1 << q)
                    order = self.safe_replies(child, q)
                    child.spare |= 1 << q
                else:
                    order = 0
                keyed.append((order, move))
        if not keyed:
            return -1                    # every gift lets the opponent win at once
        moves = [m for _, m in sorted(keyed, key=lambda km: km[0])]     # stable
        alpha0, best, best_move = alpha, -2, NO_MOVE
        for move in moves:
            child = pos.copy()
            child.put(move >> 4, hand)
            child.spare &= ~(1 << (move & 15))
            value = -self.search(child, move & 15, -beta, -alpha)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if self.use_table:
            flag = LOWER if best >= beta else (EXACT if best > alpha0 else UPPER)
            self.store(key, pos.placed, best, flag, best_move)
        return best

    def root_value(self, pos: Position, hand: int) -> int:
        """The mover's value; ``hand`` -1: the mover gives a piece first (the best gift)."""
        wins = pos.winning_pieces()
        if hand >= 0:
            return 1 if wins >> hand & 1 else self.search(pos, hand, -1, 1)
        best = -1
        for q in bits(pos.spare):
            if wins >> q & 1:
                continue                 # the opponent would win with it
            pos.spare &= ~(1 << q)
            value = -self.search(pos, q, -1, 1)
            pos.spare |= 1 << q
            if value > best:
                best = value
                if best == 1:
                    break
        return best

    def value(self, state) -> int:
        """+1, 0 or -1: the value of a non-terminal standard Quarto state for its mover."""
        self.nodes = 0
        return self.root_value(*position_of(state))
