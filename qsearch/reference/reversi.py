"""Reversi in plain Python, written to be read: the twin of :class:`qsearch.games.Reversi`.

``PyReversi`` has the compiled engine's rules, Python API, action numbers, texts and errors,
and the same ``position_key`` numbers; the board is a list of 64 cells instead of two 64-bit
masks. The tests play the two side by side.

The cells are numbered ``row * 8 + col``, row 1 first, as OpenSpiel's ``othello`` numbers
its actions, and written ``"d3"`` (column letter, row number). Each cell holds ``BLACK``
(0, ``x``, moves first), ``WHITE`` (1, ``o``) or ``EMPTY``::

      a b c d e f g h
    1 . . . . . . . .          a1 = 0, h1 = 7, a2 = 8, ..., h8 = 63; the pass is 64
    2 . . . . . . . .
    3 . . . . . . . .
    4 . . . o x . . .          the start: black (x) to move, its legal cells are
    5 . . . x o . . .          d3 (19), c4 (26), f5 (37) and e6 (44)
    6 . . . . . . . .
    7 . . . . . . . .
    8 . . . . . . . .

The rules in words: a move places a disc on an empty cell that *flanks* a line of opponent
discs, an unbroken run of them in one of the eight directions that ends in one of the
mover's discs, and turns every flanked disc over (in every direction at once). A player with
no such cell passes (action 64, the only legal action then); when neither player can place a
disc the game ends, and the one with more discs wins (+1, the other -1; equal counts draw).

Also here: :func:`disc_difference`, document 002's heuristic (§4.2), twin of
:class:`qsearch.heuristics.reversi.DiscDifference`.
"""
from __future__ import annotations

import operator

from qsearch.core.constants import TERMINAL
from qsearch.core.rng import MASK, splitmix_finalise
from qsearch.reference._game import PyGame

BLACK, WHITE, EMPTY = 0, 1, -1
PASS = 64
COLUMNS = "abcdefgh"
MARKS = {BLACK: "x", WHITE: "o", EMPTY: "."}
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def ray(cell: int, d_row: int, d_col: int) -> list[int]:
    """The cells met walking from ``cell`` (not included) in direction (d_row, d_col) to
    the edge of the board."""
    row, col = divmod(cell, 8)
    cells = []
    row, col = row + d_row, col + d_col
    while 0 <= row < 8 and 0 <= col < 8:
        cells.append(row * 8 + col)
        row, col = row + d_row, col + d_col
    return cells


# RAYS[cell]: the lines of cells leading away from ``cell`` in each direction that has any
# (a corner has three). Computed once, so the rules below never test for the board's edge.
RAYS = [[r for r in (ray(cell, dr, dc) for dr, dc in DIRECTIONS) if r] for cell in range(64)]


class PyReversi(PyGame):
    """Reversi on a list of 64 cells: ``PyReversi()`` is the start position; see also
    ``from_moves`` and ``from_board``.

    ``cells`` and ``player`` may be read freely; change a position only by its moves
    (``apply_action``, ``undo_action``), which keep the rest of the state in step.
    """

    def __init__(self) -> None:
        # No arguments: PyReversi("d3") must not silently give the start position.
        self.cells = [EMPTY] * 64
        self.cells[27] = self.cells[36] = WHITE      # d4, e5
        self.cells[28] = self.cells[35] = BLACK      # e4, d5
        self.player = BLACK                          # whose turn it is
        self._turned: list[list[int]] = []           # the discs each move turned over
        self._from_start = True                      # False for a from_board position
        self._moves: list[int] | None = None         # the legal moves, once computed

    @classmethod
    def from_moves(cls, moves) -> PyReversi:
        """Replay moves from the start: ``"d3c5f6"``, ``"d3 c5 pass"`` or a list of actions.

        Cells are a column letter a-h and a row digit 1-8; a pass is ``"pass"`` (or ``"--"``).
        Raises ValueError naming the first bad token or illegal move.
        """
        state = cls()
        if isinstance(moves, str):
            actions = []
            for i, token in enumerate(split_moves(moves)):
                try:
                    actions.append(state.string_to_action(token))
                except ValueError:
                    raise ValueError(
                        f"token {i + 1} ({token!r}) of {moves!r} is not a cell such as 'd3' "
                        f"or 'pass'"
                    ) from None
        else:
            actions = list(moves)
        for i, a in enumerate(actions):
            try:
                state.apply_action(a)
            except ValueError as err:
                raise ValueError(f"move {i + 1} of {moves!r}: {err}") from None
        return state

    @classmethod
    def from_board(cls, board, player=0) -> PyReversi:
        """A position from 64 cells ``x`` (black), ``o`` (white), ``.``/``-`` (empty), row 1
        first; spaces, newlines and ``/`` are ignored. ``player`` is the side to move.

        The position has no history (undo_action cannot go back past it). If ``player`` has
        no legal placement the first legal action is the pass.
        """
        player = operator.index(player)   # an int, as the compiled ``int player`` demands
        if not isinstance(board, str):
            raise TypeError(f"board must be a str, not {type(board).__name__}")
        if player not in (0, 1):
            raise ValueError(f"player must be 0 (black, x) or 1 (white, o), not {player}")
        cells = [ch for ch in board.lower() if ch not in " \t\n/|"]
        if len(cells) != 64 or any(ch not in "xo.-" for ch in cells):
            raise ValueError(
                f"{board!r} is not a Reversi board: give 64 cells of 'x', 'o' or '.'"
            )
        state = cls()
        state.cells = [{"x": BLACK, "o": WHITE}.get(ch, EMPTY) for ch in cells]
        state.player = player
        state._from_start = False
        state._moves = None
        return state

    # ------------------------------------------------------------------ the rules
    def _flanked(self, line: list[int], player: int) -> list[int]:
        """Walking ``line`` (a ray) away from an empty cell: the opponent discs met before
        the first disc of ``player``, which a disc of ``player`` placed on that cell would
        flank; [] if the walk meets an empty cell or the edge first."""
        run = []
        for cell in line:
            owner = self.cells[cell]
            if owner == 1 - player:
                run.append(cell)
            elif owner == player:
                return run
            else:
                return []
        return []

    def _flipped(self, cell: int, player: int) -> list[int]:
        """The opponent discs that a disc of ``player`` placed on ``cell`` would turn over."""
        return [disc for line in RAYS[cell] for disc in self._flanked(line, player)]

    def _can_place(self, cell: int, player: int) -> bool:
        """True if ``player`` may place a disc on ``cell``: it is empty and flanks a run."""
        if self.cells[cell] != EMPTY:
            return False
        for line in RAYS[cell]:
            if self._flanked(line, player):
                return True
        return False

    def _can_move(self, player: int) -> bool:
        """True if ``player`` has somewhere to place a disc."""
        return any(self._can_place(cell, player) for cell in range(64))

    def _legal_moves(self) -> list[int]:
        """The mover's cells, ascending; ``[PASS]`` if it has none but the opponent has
        some; ``[]`` once the game is over (neither can place a disc).

        Finding them scans the board, and the API asks for them several times per position
        (is it over? is this action legal?), so they are kept until the next move or undo.
        """
        if self._moves is None:
            mine = [cell for cell in range(64) if self._can_place(cell, self.player)]
            if mine:
                self._moves = mine
            else:
                self._moves = [PASS] if self._can_move(1 - self.player) else []
        return self._moves

    def _make(self, move: int) -> None:
        """Place the mover's disc on ``move`` and turn the flanked discs over (or pass)."""
        turned = [] if move == PASS else self._flipped(move, self.player)
        if move != PASS:
            self.cells[move] = self.player
        for cell in turned:
            self.cells[cell] = self.player
        self._turned.append(turned)
        self.player = 1 - self.player
        self._moves = None

    def _unmake(self, move: int) -> None:
        """Take back ``move``, the last move made: lift its disc, turn the discs back."""
        turned = self._turned.pop()
        self.player = 1 - self.player
        if move != PASS:
            self.cells[move] = EMPTY
        for cell in turned:
            self.cells[cell] = 1 - self.player
        self._moves = None

    def _terminal(self) -> bool:
        """The game is over when neither player can place a disc: no legal move, not even
        the pass."""
        return not self._legal_moves()

    def _utility(self, player: int) -> float:
        """At the end: +1 for more discs than the opponent, -1 for fewer, 0 for as many."""
        mine, theirs = self.cells.count(player), self.cells.count(1 - player)
        if mine == theirs:
            return 0.0
        return 1.0 if mine > theirs else -1.0

    def _to_move(self) -> int:
        return TERMINAL if self._terminal() else self.player

    def _key(self) -> int:
        """The compiled engine's key: its two 64-bit boards and the mover, mixed into 64 bits
        (the discs need 128 bits, so the key is a hash; see ``Reversi.key``)."""
        black, white = self.bitboards()
        z = (black * 0x9E3779B97F4A7C15) & MASK
        z ^= (white + 0xD1B54A32D192ED03 + (z << 6) + (z >> 2)) & MASK
        z ^= self.player
        return splitmix_finalise(z)

    def clone(self) -> PyReversi:
        """A deep copy of this state, history included."""
        c = PyReversi.__new__(PyReversi)
        c.cells = list(self.cells)
        c.player = self.player
        c._turned = [list(t) for t in self._turned]
        c._from_start = self._from_start
        c._moves = self._moves           # never changed in place, so it can be shared
        c._history = list(self._history)
        return c

    # ------------------------------------------------------------- the Python API
    def num_distinct_actions(self) -> int:
        """65 actions: the cells 0..63 and the pass (64), as OpenSpiel's ``othello``."""
        return 65

    def action_to_string(self, action) -> str:
        """``"d3"`` for cell 19; ``"pass"`` for 64."""
        a = operator.index(action)
        if a == PASS:
            return "pass"
        if not 0 <= a < 64:
            raise ValueError(f"Reversi actions are cells 0-63 and the pass 64, not {a}")
        return f"{COLUMNS[a % 8]}{a // 8 + 1}"

    def string_to_action(self, text) -> int:
        """``"d3"`` -> 19 (column a-h, row 1-8, either case); ``"pass"`` -> 64."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as 'd3', not {type(text).__name__}")
        t = text.strip().lower()
        if t in ("pass", "--"):
            return PASS
        if len(t) == 2 and t[0] in COLUMNS and t[1] in "12345678":
            return (int(t[1]) - 1) * 8 + COLUMNS.index(t[0])
        raise ValueError(f"{text!r} is not a Reversi cell: use a column a-h and a row 1-8, "
                         f"e.g. 'd3', or 'pass'")

    def cell(self, i) -> int:
        """Owner of cell ``i`` (0-63): 0 (black), 1 (white), or -1 if empty."""
        i = operator.index(i)
        if not 0 <= i < 64:
            raise ValueError(f"no cell {i}: cells are 0-63")
        return self.cells[i]

    def discs(self) -> tuple[int, int]:
        """``(black discs, white discs)``."""
        return self.cells.count(BLACK), self.cells.count(WHITE)

    def bitboards(self) -> tuple[int, int]:
        """``(black, white)`` as 64-bit ints (bit i = cell i), the compiled engine's boards."""
        boards = [0, 0]
        for i, owner in enumerate(self.cells):
            if owner != EMPTY:
                boards[owner] |= 1 << i
        return boards[0], boards[1]

    def mover(self) -> int:
        """The player whose turn it is (0 or 1), also at a terminal state (then nobody moves)."""
        return self.player

    def num_moves(self) -> int:
        """Moves made since the start (or since ``from_board``), passes included."""
        return len(self._turned)

    def moves_string(self) -> str:
        """The history as cells, e.g. ``"d3 c5 f6"`` (a pass is ``"pass"``)."""
        return " ".join(self.action_to_string(a) for a in self._history)

    def board_string(self, sep: str = "/") -> str:
        """The 64 cells as ``x``/``o``/``.`` rows (row 1 first) joined by ``sep``."""
        return sep.join("".join(MARKS[self.cells[8 * r + c]] for c in range(8))
                        for r in range(8))

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.Reversi is this class.
        if self._from_start:
            return f'Reversi.from_moves("{self.moves_string()}")'
        return f'Reversi.from_board("{self.board_string()}", player={self.player})'

    def __str__(self) -> str:
        rows = ["  a b c d e f g h"]
        for r in range(8):
            rows.append(f"{r + 1} " + " ".join(MARKS[self.cells[8 * r + c]] for c in range(8)))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        # As the compiled engine: a game from the start is replayed (history kept); a
        # from_board position is rebuilt from its board (no history, as it had none).
        if self._from_start:
            return (PyReversi.from_moves, (list(self._history),))
        return (PyReversi.from_board, (self.board_string(), self.player))


def split_moves(text: str) -> list[str]:
    """``"d3c5 pass f6"`` -> ``["d3", "c5", "pass", "f6"]`` (``"--"`` is a pass too)."""
    tokens, i, t = [], 0, text.strip().lower()
    while i < len(t):
        if t[i] in " ,\t\n":
            i += 1
        elif t.startswith("pass", i):
            tokens.append("pass")
            i += 4
        elif t.startswith("--", i):
            tokens.append("pass")
            i += 2
        else:
            tokens.append(t[i:i + 2])
            i += 2
    return tokens


def disc_difference(state, player: int) -> float:
    """Document 002's Reversi heuristic: ``player``'s discs minus the opponent's."""
    black, white = state.discs()
    return float(black - white) if player == BLACK else float(white - black)


disc_difference.bounds = (-64.0, 64.0)
