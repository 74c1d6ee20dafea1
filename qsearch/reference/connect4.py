"""Connect-4 in plain Python, written to be read.

``PyConnect4`` is the readable twin of the compiled :class:`qsearch.games.Connect4`: the same
rules, the same Python API, the same action numbers, texts and errors and the same
``position_key`` numbers, but the board is a 6x7 list of lists and every rule is a few lines
of ordinary Python. Notebooks show this class; the tests check that it agrees with the
compiled engine move for move (and without the compiled modules it *is* ``Connect4``).

The grid is indexed ``grid[row][col]`` with row 0 at the *bottom*, so a stone dropped into a
column lands on the first empty row counting up. Each cell holds the player who owns it
(0 for ``x``, who moves first, 1 for ``o``) or ``EMPTY``::

    row 5   . . . . . . .
    row 4   . . . . . . .
    row 3   . . . . . . .
    row 2   . . . . . . .
    row 1   . . . o . . .
    row 0   . . o x x . .       <- PyConnect4.from_moves("4453")
            1 2 3 4 5 6 7       <- columns as written in move strings (actions are 0..6)
"""

from __future__ import annotations

import operator

from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError

Player = int  # 0 (x, moves first) or 1 (o)
Action = int  # a column, 0..6

WIDTH = 7
HEIGHT = 6
EMPTY = -1

# The four directions a line of four can run in, as (row step, column step). Each is
# walked both ways from the last stone, so these four cover all eight neighbours.
DIRECTIONS = [(0, 1), (1, 0), (1, 1), (1, -1)]  # horizontal, vertical, both diagonals

MARKS = {0: "x", 1: "o", EMPTY: "."}


class PyConnect4:
    """Connect-4 on a 6x7 list-of-lists grid: ``PyConnect4()`` is the empty board."""

    def __init__(self) -> None:
        self.grid: list[list[int]] = [[EMPTY] * WIDTH for _ in range(HEIGHT)]
        self.winner: Player | None = None  # set when a move makes four in a row
        self._history: list[Action] = []  # every stone on the board, in order

    @classmethod
    def from_moves(cls, moves: str) -> PyConnect4:
        """Build a position from 1-based column digits, e.g. ``"4453"`` (first player first).

        Raises ValueError naming the first bad character or the first illegal move.
        """
        if not isinstance(moves, str):
            raise TypeError(f"moves must be a str of column digits 1-7, not {type(moves).__name__}")
        state = cls()
        for i, ch in enumerate(moves):
            if ch not in "1234567":
                raise ValueError(
                    f"bad character {ch!r} at index {i} of {moves!r}: columns are digits 1-7"
                )
            col = int(ch) - 1
            if state.is_terminal():
                raise ValueError(f"move {i + 1} ({ch}) of {moves!r} comes after the game is over")
            if state._free_row(col) is None:
                raise ValueError(f"move {i + 1} of {moves!r}: column {ch} is full")
            state._drop(col)
        return state

    # ------------------------------------------------------------------ the rules
    def _free_row(self, col: int) -> int | None:
        """The row a stone dropped into ``col`` would land on, or None if the column is full."""
        for row in range(HEIGHT):
            if self.grid[row][col] == EMPTY:
                return row
        return None

    def _top_row(self, col: int) -> int:
        """The row of the highest stone in ``col`` (the column must not be empty)."""
        free = self._free_row(col)
        return HEIGHT - 1 if free is None else free - 1

    def _run_length(self, row: int, col: int, d_row: int, d_col: int) -> int:
        """How many stones of the owner of (row, col) follow it in direction (d_row, d_col)."""
        player = self.grid[row][col]
        count = 0
        r, c = row + d_row, col + d_col
        while 0 <= r < HEIGHT and 0 <= c < WIDTH and self.grid[r][c] == player:
            count += 1
            r, c = r + d_row, c + d_col
        return count

    def _makes_four(self, row: int, col: int) -> bool:
        """True if the stone at (row, col) is part of four (or more) in a row.

        Only lines through the last stone can be new, so checking around it is enough.
        """
        for d_row, d_col in DIRECTIONS:
            forwards = self._run_length(row, col, d_row, d_col)
            backwards = self._run_length(row, col, -d_row, -d_col)
            if 1 + forwards + backwards >= 4:
                return True
        return False

    def _drop(self, col: Action) -> None:
        """Drop the mover's stone into ``col`` (unchecked: the move must be legal)."""
        player = self._to_move()
        row = self._free_row(col)
        self.grid[row][col] = player
        self._history.append(col)
        if self._makes_four(row, col):
            self.winner = player

    def _lift(self, col: Action) -> None:
        """Remove the top stone of ``col``: the exact inverse of ``_drop``."""
        self.grid[self._top_row(col)][col] = EMPTY
        self._history.pop()
        self.winner = None  # moves are only made before the game is over

    def _to_move(self) -> Player:
        """The player whose turn it is by stone count (x on even counts)."""
        return len(self._history) % 2

    def _checked_action(self, action: object) -> Action:
        """Validate ``action`` (type, then legality) without touching the state."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(
                f"an action is an int, not {type(action).__name__} ({action!r}); "
                f"use string_to_action() to convert text such as {action!r}"
            )
        a = operator.index(action)
        if self.is_terminal():
            raise IllegalMoveError(f"action {a} is illegal: the game is over")
        legal = self.legal_actions()
        if a not in legal:
            shown = ", ".join(f"{x} ({self.action_to_string(x)})" for x in legal)
            raise IllegalMoveError(f"action {a} is illegal in this state; legal actions: [{shown}]")
        return a

    # ------------------------------------------------------------- the Python API
    def num_players(self) -> int:
        """Number of players: 2."""
        return 2

    def num_distinct_actions(self) -> int:
        """Seven actions: the columns 0..6."""
        return WIDTH

    def legal_actions(self) -> list[Action]:
        """The columns that are not full, left to right; empty once the game is over."""
        if self.is_terminal():
            return []
        return [col for col in range(WIDTH) if self._free_row(col) is not None]

    def apply_action(self, action: Action) -> None:
        """Drop a stone into column ``action``.

        Raises IllegalMoveError (illegal column, game over) or TypeError (not an int) and
        then leaves the state unchanged.
        """
        self._drop(self._checked_action(action))

    def undo_action(self) -> Action:
        """Take back the last stone; returns its column. ValueError if there is none."""
        if not self._history:
            raise ValueError("no action to undo: this state has no history")
        col = self._history[-1]
        self._lift(col)
        return col

    def child(self, action: Action) -> PyConnect4:
        """A new state: this one after ``action`` (this one is unchanged)."""
        self._checked_action(action)
        c = self.clone()
        c.apply_action(action)
        return c

    def clone(self) -> PyConnect4:
        """A deep copy of this state, history included."""
        c = PyConnect4()
        c.grid = [list(row) for row in self.grid]
        c.winner = self.winner
        c._history = list(self._history)
        return c

    def history(self) -> list[Action]:
        """The actions played so far (a copy)."""
        return list(self._history)

    def is_terminal(self) -> bool:
        """True when someone has four in a row or the board is full."""
        return self.winner is not None or len(self._history) == WIDTH * HEIGHT

    def returns(self) -> list[float]:
        """Per-player returns: +1 win, -1 loss, 0 draw (all 0 while the game goes on)."""
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0 if self.winner == p else -1.0 for p in (0, 1)]

    def player_return(self, player: Player) -> float:
        """The return of ``player`` (0 while the game goes on)."""
        player = operator.index(player)
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        return self.returns()[player]

    def current_player(self) -> int:
        """The player to move (0 or 1), or TERMINAL (-4) once the game is over."""
        if self.is_terminal():
            return TERMINAL
        return self._to_move()

    def is_chance_node(self) -> bool:
        """Always False: Connect-4 has no dice."""
        return False

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Always ``[]``: Connect-4 has no chance nodes."""
        return []

    def position_key(self) -> int:
        """An int that identifies the position: equal keys mean equal boards.

        Each column gets a 7-bit code: ``2**height - 1`` (the column's height written as
        that many 1 bits) plus the stones of the player to move in it, as bits (bit ``r``
        for row ``r``). Codes of different heights fall in disjoint ranges (height ``h``
        gives ``2**h - 1`` to ``2**(h+1) - 2``), so a code tells the height and then which
        stones are the mover's; the others are the opponent's. The key is
        ``sum(code[c] * 128**c)``, which is exactly the compiled ``Connect4``'s key, so the
        two engines can be checked against each other key for key.
        """
        mover = self._to_move()
        key = 0
        for col in range(WIDTH):
            height = self._free_row(col)
            if height is None:
                height = HEIGHT
            code = 2**height - 1
            for row in range(height):
                if self.grid[row][col] == mover:
                    code += 2**row
            key += code * 128**col
        return key

    def action_to_string(self, action: Action) -> str:
        """The 1-based column digit, as in move strings: action 3 -> ``"4"``."""
        a = operator.index(action)
        if not 0 <= a < WIDTH:
            raise ValueError(f"Connect-4 actions are columns 0-6, not {a}")
        return str(a + 1)

    def string_to_action(self, text: str) -> Action:
        """``"1"``..``"7"`` (1-based column) -> action 0..6."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as '4', not {type(text).__name__}")
        t = text.strip()
        if len(t) != 1 or t not in "1234567":
            raise ValueError(f"{text!r} is not a Connect-4 column: use a digit 1-7")
        return int(t) - 1

    def cell(self, row: int, col: int) -> int:
        """Owner of the cell (row 0 = bottom): 0, 1, or -1 if empty."""
        row, col = operator.index(row), operator.index(col)
        if not (0 <= row < HEIGHT and 0 <= col < WIDTH):
            raise ValueError(f"no cell at row {row}, column {col} on a 6x7 board")
        return self.grid[row][col]

    def moves_string(self) -> str:
        """The history as 1-based column digits (``from_moves``'s input)."""
        return "".join(str(a + 1) for a in self._history)

    def num_moves(self) -> int:
        """Stones on the board."""
        return len(self._history)

    def winner_player(self) -> Player | None:
        """0 or 1 if someone has four in a row, else None."""
        return self.winner

    def bitboards(self) -> tuple[int, int]:
        """``(stones of player 0, stones of player 1)`` as ints, as the compiled engine keeps them.

        The compiled ``Connect4`` gives each column 7 bits, the 6 cells from the bottom and an
        always-empty guard bit above them, so the stone at (row, col) is bit ``7 * col + row``.
        """
        boards = [0, 0]
        for row in range(HEIGHT):
            for col in range(WIDTH):
                owner = self.grid[row][col]
                if owner != EMPTY:
                    boards[owner] += 2 ** (7 * col + row)
        return boards[0], boards[1]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.position_key() == other.position_key()

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.position_key()))

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.Connect4 is this class.
        return f'Connect4.from_moves("{self.moves_string()}")'

    def __str__(self) -> str:
        rows = [
            " ".join(MARKS[self.grid[row][col]] for col in range(WIDTH))
            for row in range(HEIGHT - 1, -1, -1)  # top row first
        ]
        rows.append(" ".join(str(col + 1) for col in range(WIDTH)))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        # As the compiled engine: copies and pickles replay the moves, so they are
        # independent of the original (no shared rows) and keep the history.
        return (PyConnect4.from_moves, (self.moves_string(),))
