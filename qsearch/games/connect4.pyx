# cython: language_level=3, boundscheck=False, wraparound=False
"""Connect-4 on the standard 6x7 board, as a bitboard.

Bit layout (one bit per cell, 7 bits per column: 6 cells and one always-empty guard bit
that keeps the shifts of the alignment test from wrapping into the next column)::

      6 13 20 27 34 41 48      <- guard row, always 0
      5 12 19 26 33 40 47      <- top row
      4 11 18 25 32 39 46
      3 10 17 24 31 38 45
      2  9 16 23 30 37 44
      1  8 15 22 29 36 43
      0  7 14 21 28 35 42      <- bottom row
      1  2  3  4  5  6  7      <- columns in the published notation (actions are 0..6)

A stone in column ``c`` at height ``h`` is bit ``7*c + h``. Four in a row along a direction
``d`` (1 vertical, 7 horizontal, 6 and 8 the diagonals) is detected with two shifted ANDs.
Player 0 (``x``) moves first, as in OpenSpiel's ``connect_four``; actions are columns 0..6.
"""
import operator

from qsearch.games._game cimport Game

cdef class Connect4(Game):
    """Connect-4: ``Connect4()`` is the empty board; ``Connect4.from_moves("4453")``."""

    def __cinit__(self, *args, **kwargs):
        self._reset()

    cdef void _reset(self) noexcept:
        cdef int c
        self.boards[0] = 0
        self.boards[1] = 0
        self.mask = 0
        for c in range(C4_WIDTH):
            self.heights[c] = 0
        self.moves = 0
        self.winner = -1

    @classmethod
    def from_moves(cls, moves: str) -> Connect4:
        """Build a position from 1-based column digits, e.g. ``"4453"`` (first player first).

        This is the notation of the published benchmark positions. Raises ValueError naming
        the first bad character or the first illegal move.
        """
        if not isinstance(moves, str):
            raise TypeError(f"moves must be a str of column digits 1-7, not {type(moves).__name__}")
        cdef Connect4 state = cls()
        for i, ch in enumerate(moves):
            if ch not in "1234567":
                raise ValueError(
                    f"bad character {ch!r} at index {i} of {moves!r}: columns are digits 1-7"
                )
            col = ord(ch) - ord("1")
            if state.terminal():
                raise ValueError(
                    f"move {i + 1} ({ch}) of {moves!r} comes after the game is over"
                )
            if state.heights[col] >= C4_HEIGHT:
                raise ValueError(f"move {i + 1} of {moves!r}: column {ch} is full")
            state.make(col)
            state._history.append(col)
        return state

    # ----------------------------------------------------------------- C level
    cdef int legal_moves(self, int* out) noexcept:
        return c4_legal_moves(self, out)

    cdef void make(self, int move) noexcept:
        c4_make(self, move)

    cdef void unmake(self, int move) noexcept:
        c4_unmake(self, move)

    cdef bint terminal(self) noexcept:
        return self.winner >= 0 or self.moves == C4_CELLS

    cdef double utility(self, int player) noexcept:
        return c4_utility(self, player)

    cdef int to_move(self) noexcept:
        return c4_to_move(self)

    cdef unsigned long long key(self) noexcept:
        return c4_key(self)

    cpdef Game clone(self):
        cdef Connect4 c = Connect4.__new__(Connect4)
        c.boards[0] = self.boards[0]
        c.boards[1] = self.boards[1]
        c.mask = self.mask
        c.heights = self.heights
        c.moves = self.moves
        c.winner = self.winner
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    def num_distinct_actions(self) -> int:
        """Seven actions: the columns 0..6."""
        return C4_WIDTH

    def __init__(self):
        pass  # no arguments: Connect4("4453") must not silently give an empty board

    def action_to_string(self, action) -> str:
        """The 1-based column digit, as in the published notation: action 3 -> ``"4"``."""
        a = operator.index(action)
        if not 0 <= a < C4_WIDTH:
            raise ValueError(f"Connect-4 actions are columns 0-6, not {a}")
        return str(a + 1)

    def string_to_action(self, text) -> int:
        """``"1"``..``"7"`` (1-based column) -> action 0..6."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as '4', not {type(text).__name__}")
        t = text.strip()
        if len(t) != 1 or t not in "1234567":
            raise ValueError(f"{text!r} is not a Connect-4 column: use a digit 1-7")
        return ord(t) - ord("1")

    def cell(self, int row, int col) -> int:
        """Owner of the cell (row 0 = bottom): 0, 1, or -1 if empty."""
        if not (0 <= row < C4_HEIGHT and 0 <= col < C4_WIDTH):
            raise ValueError(f"no cell at row {row}, column {col} on a 6x7 board")
        cdef unsigned long long bit = (<unsigned long long>1) << (7 * col + row)
        if self.boards[0] & bit:
            return 0
        if self.boards[1] & bit:
            return 1
        return -1

    def moves_string(self) -> str:
        """The history in the published notation (1-based column digits)."""
        return "".join(str(a + 1) for a in self._history)

    def num_moves(self) -> int:
        """Stones on the board."""
        return self.moves

    def winner_player(self):
        """0 or 1 if someone has four in a row, else None."""
        return None if self.winner < 0 else self.winner

    def bitboards(self) -> tuple:
        """``(stones of player 0, stones of player 1)`` as ints in the layout of the module docs."""
        return (self.boards[0], self.boards[1])

    def __repr__(self) -> str:
        return f'Connect4.from_moves("{self.moves_string()}")'

    def __str__(self) -> str:
        marks = {0: "x", 1: "o", -1: "."}
        rows = [
            " ".join(marks[self.cell(r, c)] for c in range(C4_WIDTH))
            for r in range(C4_HEIGHT - 1, -1, -1)
        ]
        rows.append(" ".join(str(c + 1) for c in range(C4_WIDTH)))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        return (Connect4.from_moves, (self.moves_string(),))
