# cython: language_level=3, boundscheck=False, wraparound=False
"""Tic-tac-toe as two 9-bit masks.

Cells and actions are numbered as in OpenSpiel's ``tic_tac_toe`` (``row * 3 + col``)::

    0 | 1 | 2
    --+---+--
    3 | 4 | 5
    --+---+--
    6 | 7 | 8

Player 0 is ``x`` and moves first.
"""
import operator

from qsearch.games._game cimport TERMINAL, Game

cdef int LINES[8]
LINES[:] = [0b000000111, 0b000111000, 0b111000000,   # rows
            0b001001001, 0b010010010, 0b100100100,   # columns
            0b100010001, 0b001010100]                # diagonals

# The 8 symmetries of the square, each as the image of cells 0..8.
SYMMETRIES = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2),
    (8, 7, 6, 5, 4, 3, 2, 1, 0), (2, 5, 8, 1, 4, 7, 0, 3, 6),
    (2, 1, 0, 5, 4, 3, 8, 7, 6), (6, 7, 8, 3, 4, 5, 0, 1, 2),
    (0, 3, 6, 1, 4, 7, 2, 5, 8), (8, 5, 2, 7, 4, 1, 6, 3, 0),
)


cdef inline bint has_line(int b) noexcept nogil:
    cdef int i
    for i in range(8):
        if (b & LINES[i]) == LINES[i]:
            return True
    return False


cdef class TicTacToe(Game):
    """Tic-tac-toe: ``TicTacToe()`` is the empty board; see also ``from_board``."""

    def __cinit__(self, *args, **kwargs):
        self.boards[0] = 0
        self.boards[1] = 0
        self.moves = 0
        self.winner = -1

    @classmethod
    def from_actions(cls, actions) -> TicTacToe:
        """The position after playing ``actions`` (cells 0-8) from the empty board."""
        state = cls()
        for a in actions:
            state.apply_action(a)
        return state

    @classmethod
    def from_board(cls, board: str) -> TicTacToe:
        """Build a position from 9 cells ``x``, ``o`` or ``.``, row by row.

        Spaces, newlines, ``/`` and ``|`` are ignored: ``"x.o/.x./..o"``. The side to move
        follows from the counts (x moves first). Raises ValueError if the board cannot
        arise in a game.
        """
        if not isinstance(board, str):
            raise TypeError(f"board must be a str, not {type(board).__name__}")
        cells = [ch for ch in board.lower() if ch not in " \t\n/|"]
        if len(cells) != 9 or any(ch not in "xo." for ch in cells):
            raise ValueError(
                f"{board!r} is not a tic-tac-toe board: give 9 cells of 'x', 'o' or '.'"
            )
        nx, no = cells.count("x"), cells.count("o")
        if nx - no not in (0, 1):
            raise ValueError(f"{board!r} has {nx} x and {no} o: x moves first, so x = o or o + 1")
        cdef TicTacToe state = cls()
        for i, ch in enumerate(cells):
            if ch == "x":
                state.boards[0] |= 1 << i
            elif ch == "o":
                state.boards[1] |= 1 << i
        state.moves = nx + no
        wx, wo = has_line(state.boards[0]), has_line(state.boards[1])
        if wx and wo:
            raise ValueError(f"{board!r} has three in a row for both players")
        if (wx and nx == no) or (wo and nx != no):
            raise ValueError(f"{board!r}: a player moved after the game was won")
        state.winner = 0 if wx else (1 if wo else -1)
        return state

    # ----------------------------------------------------------------- C level
    cdef int legal_moves(self, int* out) noexcept:
        cdef int i, n = 0
        cdef int occupied = self.boards[0] | self.boards[1]
        if self.winner >= 0:
            return 0
        for i in range(9):
            if not (occupied >> i) & 1:
                out[n] = i
                n += 1
        return n

    cdef void make(self, int move) noexcept:
        cdef int p = self.moves & 1
        self.boards[p] |= 1 << move
        self.moves += 1
        if has_line(self.boards[p]):
            self.winner = p

    cdef void unmake(self, int move) noexcept:
        self.moves -= 1
        self.boards[self.moves & 1] &= ~(1 << move)
        self.winner = -1

    cdef bint terminal(self) noexcept:
        return self.winner >= 0 or self.moves == 9

    cdef double utility(self, int player) noexcept:
        if self.winner < 0:
            return 0.0
        return 1.0 if self.winner == player else -1.0

    cdef int to_move(self) noexcept:
        if self.winner >= 0 or self.moves == 9:
            return TERMINAL
        return self.moves & 1

    cdef unsigned long long key(self) noexcept:
        return (<unsigned long long>self.boards[0]) | ((<unsigned long long>self.boards[1]) << 9)

    cpdef Game clone(self):
        cdef TicTacToe c = TicTacToe.__new__(TicTacToe)
        c.boards[0] = self.boards[0]
        c.boards[1] = self.boards[1]
        c.moves = self.moves
        c.winner = self.winner
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    def num_distinct_actions(self) -> int:
        """Nine actions: the cells 0..8."""
        return 9

    def __init__(self):
        pass  # no arguments: TicTacToe("x..") must not silently give an empty board

    def action_to_string(self, action) -> str:
        """``"(row,col)"``, 0-based: action 5 -> ``"(1,2)"``."""
        a = operator.index(action)
        if not 0 <= a < 9:
            raise ValueError(f"tic-tac-toe actions are cells 0-8, not {a}")
        return f"({a // 3},{a % 3})"

    def string_to_action(self, text) -> int:
        """``"(1,2)"``, ``"1,2"`` or a cell number ``"5"`` -> action 5."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as '(1,2)', not {type(text).__name__}")
        t = text.strip().strip("()").replace(" ", "")
        parts = t.split(",")
        try:
            if len(parts) == 2:
                r, c = int(parts[0]), int(parts[1])
                if 0 <= r < 3 and 0 <= c < 3:
                    return r * 3 + c
            elif len(parts) == 1 and 0 <= int(t) < 9:
                return int(t)
        except ValueError:
            pass
        raise ValueError(f"{text!r} is not a tic-tac-toe cell: use '(row,col)' or 0-8")

    def cell(self, int i) -> int:
        """Owner of cell ``i`` (0-8): 0 (x), 1 (o), or -1 if empty."""
        if not 0 <= i < 9:
            raise ValueError(f"no cell {i}: cells are 0-8")
        if (self.boards[0] >> i) & 1:
            return 0
        if (self.boards[1] >> i) & 1:
            return 1
        return -1

    def num_moves(self) -> int:
        """Marks on the board."""
        return self.moves

    def winner_player(self):
        """0 or 1 if someone has three in a row, else None."""
        return None if self.winner < 0 else self.winner

    def board_string(self, sep: str = "/") -> str:
        """The 9 cells as ``x``/``o``/``.`` rows joined by ``sep`` (``from_board``'s input)."""
        marks = {0: "x", 1: "o", -1: "."}
        rows = ["".join(marks[self.cell(3 * r + c)] for c in range(3)) for r in range(3)]
        return sep.join(rows)

    def canonical_key(self) -> int:
        """The smallest key over the 8 symmetric images: equal for symmetric positions."""
        best = None
        for perm in SYMMETRIES:
            k = 0
            for i in range(9):
                owner = self.cell(i)
                if owner >= 0:
                    k |= 1 << (perm[i] + 9 * owner)
            if best is None or k < best:
                best = k
        return best

    def __repr__(self) -> str:
        return f'TicTacToe.from_board("{self.board_string()}")'

    def __str__(self) -> str:
        return self.board_string("\n")

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        return (TicTacToe.from_board, (self.board_string(),))
