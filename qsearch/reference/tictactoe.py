"""Tic-tac-toe in plain Python, written to be read: the twin of :class:`qsearch.games.TicTacToe`.

``PyTicTacToe`` has the compiled engine's rules, Python API, action numbers, texts and errors,
and the same ``position_key`` numbers; the board is a list of nine cells instead of two bit
masks. The tests play the two side by side.

Cells and actions are numbered as in OpenSpiel's ``tic_tac_toe``, ``row * 3 + col``::

    0 | 1 | 2
    --+---+--
    3 | 4 | 5
    --+---+--
    6 | 7 | 8

Each cell holds the player who marked it, ``X`` (0, moves first) or ``O`` (1), or ``EMPTY``.
The players take turns marking an empty cell; the first to fill a row, a column or a
diagonal wins (+1, the other -1), and a full board without a line is a draw (0 each).
"""
from __future__ import annotations

import operator

from qsearch.core.constants import TERMINAL
from qsearch.reference._game import PyGame

X, O, EMPTY = 0, 1, -1
MARKS = {X: "x", O: "o", EMPTY: "."}

# The eight lines of three: rows, columns, then the two diagonals.
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8),
         (0, 3, 6), (1, 4, 7), (2, 5, 8),
         (0, 4, 8), (2, 4, 6)]

# The lines through each cell: a move can only complete one of these.
LINES_THROUGH = [[line for line in LINES if cell in line] for cell in range(9)]

# The 8 symmetries of the square (rotations and reflections), each as the image of cells
# 0..8; the identity first.
SYMMETRIES = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8), (6, 3, 0, 7, 4, 1, 8, 5, 2),
    (8, 7, 6, 5, 4, 3, 2, 1, 0), (2, 5, 8, 1, 4, 7, 0, 3, 6),
    (2, 1, 0, 5, 4, 3, 8, 7, 6), (6, 7, 8, 3, 4, 5, 0, 1, 2),
    (0, 3, 6, 1, 4, 7, 2, 5, 8), (8, 5, 2, 7, 4, 1, 6, 3, 0),
)


class PyTicTacToe(PyGame):
    """Tic-tac-toe on a list of nine cells: ``PyTicTacToe()`` is the empty board; see also
    ``from_board``."""

    def __init__(self) -> None:
        # No arguments: PyTicTacToe("x..") must not silently give an empty board.
        self._cells = [EMPTY] * 9
        self._marks = 0            # marks on the board (x moves when it is even)
        self._winner = None        # the player with three in a row, once there is one

    @classmethod
    def from_actions(cls, actions) -> PyTicTacToe:
        """The position after playing ``actions`` (cells 0-8) from the empty board."""
        state = cls()
        for a in actions:
            state.apply_action(a)
        return state

    @classmethod
    def from_board(cls, board: str) -> PyTicTacToe:
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
        state = cls()
        state._cells = [{"x": X, "o": O, ".": EMPTY}[ch] for ch in cells]
        state._marks = nx + no
        x_wins, o_wins = state._has_line(X), state._has_line(O)
        if x_wins and o_wins:
            raise ValueError(f"{board!r} has three in a row for both players")
        if (x_wins and nx == no) or (o_wins and nx != no):
            raise ValueError(f"{board!r}: a player moved after the game was won")
        state._winner = X if x_wins else (O if o_wins else None)
        return state

    # ------------------------------------------------------------------ the rules
    def _has_line(self, player: int, lines=LINES) -> bool:
        """True if ``player`` has marked all three cells of one of ``lines``."""
        cells = self._cells
        return any(cells[a] == cells[b] == cells[c] == player for a, b, c in lines)

    def _legal_moves(self) -> list[int]:
        """The empty cells, in order; none once someone has won."""
        if self._winner is not None:
            return []
        return [i for i in range(9) if self._cells[i] == EMPTY]

    def _make(self, move: int) -> None:
        """The player to move marks cell ``move``; a line through it wins the game."""
        player = self._marks % 2
        self._cells[move] = player
        self._marks += 1
        if self._has_line(player, LINES_THROUGH[move]):
            self._winner = player

    def _unmake(self, move: int) -> None:
        """Rub out the mark in cell ``move`` (the last one made)."""
        self._cells[move] = EMPTY
        self._marks -= 1
        self._winner = None        # moves are only made before the game is over

    def _terminal(self) -> bool:
        return self._winner is not None or self._marks == 9

    def _utility(self, player: int) -> float:
        if self._winner is None:
            return 0.0
        return 1.0 if self._winner == player else -1.0

    def _to_move(self) -> int:
        if self._terminal():
            return TERMINAL
        return self._marks % 2

    def _key(self) -> int:
        """Bit ``i`` for an x in cell ``i``, bit ``9 + i`` for an o: the compiled key (its
        two 9-bit masks side by side)."""
        key = 0
        for i, owner in enumerate(self._cells):
            if owner != EMPTY:
                key |= 1 << (i + 9 * owner)
        return key

    def clone(self) -> PyTicTacToe:
        """A deep copy of this state, history included."""
        c = PyTicTacToe.__new__(PyTicTacToe)
        c._cells = list(self._cells)
        c._marks = self._marks
        c._winner = self._winner
        c._history = list(self._history)
        return c

    # ------------------------------------------------------------- the Python API
    def num_distinct_actions(self) -> int:
        """Nine actions: the cells 0..8."""
        return 9

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

    def cell(self, i) -> int:
        """Owner of cell ``i`` (0-8): 0 (x), 1 (o), or -1 if empty."""
        i = operator.index(i)
        if not 0 <= i < 9:
            raise ValueError(f"no cell {i}: cells are 0-8")
        return self._cells[i]

    def num_moves(self) -> int:
        """Marks on the board."""
        return self._marks

    def winner_player(self) -> int | None:
        """0 or 1 if someone has three in a row, else None."""
        return self._winner

    def board_string(self, sep: str = "/") -> str:
        """The 9 cells as ``x``/``o``/``.`` rows joined by ``sep`` (``from_board``'s input)."""
        rows = ["".join(MARKS[self._cells[3 * r + c]] for c in range(3)) for r in range(3)]
        return sep.join(rows)

    def canonical_key(self) -> int:
        """The smallest key over the 8 symmetric images: equal for symmetric positions."""
        best = None
        for image in SYMMETRIES:
            key = 0
            for i, owner in enumerate(self._cells):
                if owner != EMPTY:
                    key |= 1 << (image[i] + 9 * owner)
            if best is None or key < best:
                best = key
        return best

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.TicTacToe is this class.
        return f'TicTacToe.from_board("{self.board_string()}")'

    def __str__(self) -> str:
        return self.board_string("\n")

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        # As the compiled engine: the board only (copies and pickles have no history).
        return (PyTicTacToe.from_board, (self.board_string(),))
