# cython: language_level=3, boundscheck=False, wraparound=False
"""Reversi (Othello) on the 8x8 board, as two 64-bit bitboards.

Bit ``i`` is the cell in row ``i // 8`` and column ``i % 8``, which is also OpenSpiel's
``othello`` action number; cells are written ``"d3"`` (column letter, row number)::

       a  b  c  d  e  f  g  h
    1  0  1  2  3  4  5  6  7
    2  8  9 10 11 12 13 14 15
    3 16 17 18 19 20 21 22 23         d3 = 19, c4 = 26, f5 = 37, e6 = 44
    4 24 25 26 27 28 29 30 31         (the four opening moves of black)
    5 32 33 34 35 36 37 38 39
    6 40 41 42 43 44 45 46 47
    7 48 49 50 51 52 53 54 55
    8 56 57 58 59 60 61 62 63         pass = 64

Player 0 is black (``x``) and moves first; the start has white on d4, e5 and black on e4, d5
(OpenSpiel's start). A player with no placement must pass (action 64, the only legal action
then); the game ends when neither player can place a disc, and the one with more discs wins.

Moves are generated for all cells at once by fills along the eight directions (a shift by 1,
7, 8 or 9 bits either way), each run of opponent discs grown by doubling (one disc, two, four,
six: four steps instead of six) and, sideways, kept off the edge columns so that nothing wraps
from column h to column a; the discs a placement turns over come from the same runs grown
from its cell (``run_up``, ``run_down`` in ``reversi.pxd``). Making a move stores the discs it
turned over, so ``unmake`` restores them from the move alone.
"""
import operator

from qsearch.core.bits cimport popcount64
from qsearch.games._game cimport Game

cdef unsigned long long START_BLACK = (1ULL << 28) | (1ULL << 35)   # e4, d5
cdef unsigned long long START_WHITE = (1ULL << 27) | (1ULL << 36)   # d4, e5
COLUMNS = "abcdefgh"


cdef class Reversi(Game):
    """Reversi: ``Reversi()`` is the start; ``Reversi.from_moves("d3c5f6")``."""

    def __cinit__(self, *args, **kwargs):
        self.boards[0] = START_BLACK
        self.boards[1] = START_WHITE
        self.player = 0
        self.ply = 0
        self.from_start = True
        self.own_moves_known = False

    def __init__(self):
        pass  # no arguments: Reversi("d3") must not silently give the start position

    @classmethod
    def from_moves(cls, moves) -> Reversi:
        """Replay moves from the start: ``"d3c5f6"``, ``"d3 c5 pass"`` or a list of actions.

        Cells are a column letter a-h and a row digit 1-8; a pass is ``"pass"`` (or ``"--"``).
        Raises ValueError naming the first bad token or illegal move.
        """
        state = cls()
        if isinstance(moves, str):
            tokens = _split_moves(moves)
            actions = []
            for i, tok in enumerate(tokens):
                try:
                    actions.append(state.string_to_action(tok))
                except ValueError:
                    raise ValueError(
                        f"token {i + 1} ({tok!r}) of {moves!r} is not a cell such as 'd3' "
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
    def from_board(cls, board, int player=0) -> Reversi:
        """A position from 64 cells ``x`` (black), ``o`` (white), ``.``/``-`` (empty), row 1
        first; spaces, newlines and ``/`` are ignored. ``player`` is the side to move.

        The position has no history (undo_action cannot go back past it). If ``player`` has
        no legal placement the first legal action is the pass.
        """
        if not isinstance(board, str):
            raise TypeError(f"board must be a str, not {type(board).__name__}")
        if player not in (0, 1):
            raise ValueError(f"player must be 0 (black, x) or 1 (white, o), not {player}")
        cells = [ch for ch in board.lower() if ch not in " \t\n/|"]
        if len(cells) != 64 or any(ch not in "xo.-" for ch in cells):
            raise ValueError(
                f"{board!r} is not a Reversi board: give 64 cells of 'x', 'o' or '.'"
            )
        cdef Reversi state = cls()
        state.boards[0] = 0
        state.boards[1] = 0
        for i, ch in enumerate(cells):
            if ch == "x":
                state.boards[0] |= 1ULL << i
            elif ch == "o":
                state.boards[1] |= 1ULL << i
        state.player = player
        state.from_start = False
        state.own_moves_known = False
        return state

    # ----------------------------------------------------------------- C level
    cdef unsigned long long _moves_of(self, int p) noexcept:
        return moves_mask(self.boards[p], self.boards[1 - p])

    cdef int legal_moves(self, int* out) noexcept:
        return rv_legal_moves(self, out)

    cdef void make(self, int move) noexcept:
        rv_make(self, move)

    cdef void unmake(self, int move) noexcept:
        rv_unmake(self, move)

    cdef bint terminal(self) noexcept:
        return rv_terminal(self)

    cdef double utility(self, int player) noexcept:
        return rv_utility(self, player)

    cdef int to_move(self) noexcept:
        return rv_to_move(self)

    cdef unsigned long long key(self) noexcept:
        return rv_key(self)

    cpdef Game clone(self):
        cdef Reversi c = Reversi.__new__(Reversi)
        c.boards[0] = self.boards[0]
        c.boards[1] = self.boards[1]
        c.player = self.player
        c.ply = self.ply
        c.flips = self.flips
        c.from_start = self.from_start
        c.own_moves = self.own_moves
        c.own_moves_known = self.own_moves_known
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    def num_distinct_actions(self) -> int:
        """65 actions: the cells 0..63 and the pass (64), as OpenSpiel's ``othello``."""
        return 65

    def apply_action(self, action) -> None:
        """Play ``action`` in place (checked; IllegalMoveError / TypeError, state unchanged)."""
        if self.ply >= RV_MAX_PLIES:      # cannot happen in a real game; guards the stack
            raise ValueError("too many moves for one Reversi game")
        Game.apply_action(self, action)

    def action_to_string(self, action) -> str:
        """``"d3"`` for cell 19; ``"pass"`` for 64."""
        a = operator.index(action)
        if a == RV_PASS:
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
            return RV_PASS
        if len(t) == 2 and t[0] in COLUMNS and t[1] in "12345678":
            return (int(t[1]) - 1) * 8 + COLUMNS.index(t[0])
        raise ValueError(f"{text!r} is not a Reversi cell: use a column a-h and a row 1-8, "
                         f"e.g. 'd3', or 'pass'")

    def cell(self, int i) -> int:
        """Owner of cell ``i`` (0-63): 0 (black), 1 (white), or -1 if empty."""
        if not 0 <= i < 64:
            raise ValueError(f"no cell {i}: cells are 0-63")
        if (self.boards[0] >> i) & 1:
            return 0
        if (self.boards[1] >> i) & 1:
            return 1
        return -1

    def discs(self) -> tuple:
        """``(black discs, white discs)``."""
        return (popcount64(self.boards[0]), popcount64(self.boards[1]))

    def bitboards(self) -> tuple:
        """``(black, white)`` as 64-bit ints (bit i = cell i)."""
        return (self.boards[0], self.boards[1])

    def mover(self) -> int:
        """The player whose turn it is (0 or 1), also at a terminal state (then nobody moves)."""
        return self.player

    def num_moves(self) -> int:
        """Moves made since the start, passes included."""
        return self.ply

    def moves_string(self) -> str:
        """The history as cells, e.g. ``"d3c5f6"`` (a pass is ``"pass"``, spaced)."""
        return " ".join(self.action_to_string(a) for a in self._history)

    def board_string(self, sep: str = "/") -> str:
        """The 64 cells as ``x``/``o``/``.`` rows (row 1 first) joined by ``sep``."""
        marks = {0: "x", 1: "o", -1: "."}
        return sep.join("".join(marks[self.cell(8 * r + c)] for c in range(8)) for r in range(8))

    def __repr__(self) -> str:
        if self.from_start:
            return f'Reversi.from_moves("{self.moves_string()}")'
        return f'Reversi.from_board("{self.board_string()}", player={self.player})'

    def __str__(self) -> str:
        marks = {0: "x", 1: "o", -1: "."}
        rows = ["  a b c d e f g h"]
        for r in range(8):
            rows.append(f"{r + 1} " + " ".join(marks[self.cell(8 * r + c)] for c in range(8)))
        return "\n".join(rows)

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        if self.from_start:
            return (Reversi.from_moves, (list(self._history),))
        return (Reversi.from_board, (self.board_string(), self.player))


def _split_moves(text: str) -> list:
    """``"d3c5 pass f6"`` -> ``["d3", "c5", "pass", "f6"]``."""
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
