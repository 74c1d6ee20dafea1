"""Reversi in plain Python, written to be read: the twin of :class:`qsearch.games.Reversi`.

The board is a list of 64 cells (``row * 8 + col``, row 1 first, as OpenSpiel's ``othello``
numbers its actions), each ``BLACK`` (0, ``x``, moves first), ``WHITE`` (1, ``o``) or
``EMPTY``. A move places a disc on an empty cell that *flanks* a line of opponent discs
(an unbroken run ending in one of the mover's discs) in at least one of the eight directions,
and turns every flanked disc over. A player with no such cell passes (action 64); when
neither player can place a disc, the game ends and the one with more discs wins::

      a b c d e f g h
    1 . . . . . . . .
    2 . . . . . . . .
    3 . . . . . . . .
    4 . . . o x . . .        the start: black (x) to move, its legal cells are
    5 . . . x o . . .        d3 (19), c4 (26), f5 (37) and e6 (44)
    6 . . . . . . . .
    7 . . . . . . . .
    8 . . . . . . . .

Also here: :func:`disc_difference`, document 002's heuristic (§4.2), twin of
:class:`qsearch.heuristics.reversi.DiscDifference`.
"""
from __future__ import annotations

import operator

from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError

BLACK, WHITE, EMPTY = 0, 1, -1
PASS = 64
COLUMNS = "abcdefgh"
DIRECTIONS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
MARKS = {BLACK: "x", WHITE: "o", EMPTY: "."}


class PyReversi:
    """Reversi on a list of 64 cells: ``PyReversi()`` is the start position."""

    def __init__(self) -> None:
        self.cells = [EMPTY] * 64
        self.cells[27] = self.cells[36] = WHITE      # d4, e5
        self.cells[28] = self.cells[35] = BLACK      # e4, d5
        self.player = BLACK
        self._history: list[int] = []
        self._undo: list[tuple[int, int, list[int]]] = []   # (action, mover, flipped cells)

    # ----------------------------------------------------------------- rules
    def flipped(self, cell: int, player: int) -> list[int]:
        """The opponent discs that a disc of ``player`` placed on ``cell`` would turn over."""
        if self.cells[cell] != EMPTY:
            return []
        row, col = divmod(cell, 8)
        turned = []
        for dr, dc in DIRECTIONS:
            run = []
            r, c = row + dr, col + dc
            while 0 <= r < 8 and 0 <= c < 8 and self.cells[r * 8 + c] == 1 - player:
                run.append(r * 8 + c)
                r, c = r + dr, c + dc
            if run and 0 <= r < 8 and 0 <= c < 8 and self.cells[r * 8 + c] == player:
                turned += run
        return turned

    def placements(self, player: int) -> list[int]:
        """The cells where ``player`` may place a disc, ascending."""
        return [cell for cell in range(64) if self.flipped(cell, player)]

    def legal_actions(self) -> list[int]:
        """The mover's placements; ``[64]`` (pass) if it has none; ``[]`` once the game is over."""
        mine = self.placements(self.player)
        if mine:
            return mine
        return [PASS] if self.placements(1 - self.player) else []

    def is_terminal(self) -> bool:
        """True when neither player can place a disc."""
        return not self.placements(self.player) and not self.placements(1 - self.player)

    def current_player(self) -> int:
        """0 (black) or 1 (white) to move; -4 once the game is over."""
        return TERMINAL if self.is_terminal() else self.player

    def is_chance_node(self) -> bool:
        """Reversi has no dice."""
        return False

    def discs(self) -> tuple[int, int]:
        """``(black discs, white discs)``."""
        return self.cells.count(BLACK), self.cells.count(WHITE)

    def returns(self) -> list[float]:
        """+1 for more discs, -1 for fewer, 0 for equal (all 0 while the game goes on)."""
        if not self.is_terminal():
            return [0.0, 0.0]
        black, white = self.discs()
        if black == white:
            return [0.0, 0.0]
        return [1.0, -1.0] if black > white else [-1.0, 1.0]

    def player_return(self, player: int) -> float:
        """The return of ``player``."""
        return self.returns()[player]

    # ----------------------------------------------------------------- moves
    def apply_action(self, action) -> None:
        """Play ``action`` (a cell 0-63 or the pass 64); IllegalMoveError leaves the state."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(f"an action is an int, not {type(action).__name__} ({action!r})")
        a = operator.index(action)
        legal = self.legal_actions()
        if a not in legal:
            raise IllegalMoveError(f"action {a} is illegal in this state; legal actions: {legal}")
        turned = [] if a == PASS else self.flipped(a, self.player)
        for cell in turned:
            self.cells[cell] = self.player
        if a != PASS:
            self.cells[a] = self.player
        self._undo.append((a, self.player, turned))
        self._history.append(a)
        self.player = 1 - self.player

    def undo_action(self) -> int:
        """Take back the last action; returns it."""
        if not self._undo:
            raise ValueError("no action to undo: this state has no history")
        a, mover, turned = self._undo.pop()
        self._history.pop()
        for cell in turned:
            self.cells[cell] = 1 - mover
        if a != PASS:
            self.cells[a] = EMPTY
        self.player = mover
        return a

    def clone(self) -> PyReversi:
        """A deep copy."""
        c = PyReversi.__new__(PyReversi)
        c.cells = list(self.cells)
        c.player = self.player
        c._history = list(self._history)
        c._undo = [(a, p, list(t)) for a, p, t in self._undo]
        return c

    def child(self, action) -> PyReversi:
        """A new state after ``action`` (this one unchanged)."""
        c = self.clone()
        c.apply_action(action)
        return c

    def history(self) -> list[int]:
        """The actions played so far."""
        return list(self._history)

    def num_players(self) -> int:
        """Two players."""
        return 2

    # ----------------------------------------------------------------- text
    def action_to_string(self, action) -> str:
        """``"d3"`` for 19, ``"pass"`` for 64."""
        a = operator.index(action)
        if a == PASS:
            return "pass"
        return f"{COLUMNS[a % 8]}{a // 8 + 1}"

    def cell(self, i: int) -> int:
        """Owner of cell ``i``: 0, 1 or -1."""
        return self.cells[i]

    def board_string(self, sep: str = "/") -> str:
        """Rows of ``x``/``o``/``.`` joined by ``sep`` (row 1 first)."""
        return sep.join("".join(MARKS[self.cells[8 * r + c]] for c in range(8)) for r in range(8))

    def __str__(self) -> str:
        rows = ["  a b c d e f g h"]
        for r in range(8):
            rows.append(f"{r + 1} " + " ".join(MARKS[self.cells[8 * r + c]] for c in range(8)))
        return "\n".join(rows)


def disc_difference(state, player: int) -> float:
    """Document 002's Reversi heuristic: ``player``'s discs minus the opponent's."""
    black, white = state.discs()
    return float(black - white) if player == BLACK else float(white - black)


disc_difference.bounds = (-64.0, 64.0)
