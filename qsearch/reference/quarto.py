"""Quarto in plain Python, written to be read: the twins of the compiled Quarto engines.

Two games share one board, as in :mod:`qsearch.games.quarto`:

* :class:`PyOwnPieceQuarto`, document 000's variant (Diego Hernández Jiménez, *Simulación
  del juego QUARTO! y algoritmo Minimax*, 2020-21): on your turn you choose a square **and
  the piece you put on it**; you win when your placement completes a row, a column or a
  diagonal of four pieces that share at least one attribute (you need not have placed the
  other three). After 16 placements the game is drawn.
* :class:`PyQuarto`, the standard game: you place the piece your opponent gave you, then give
  him one of the pieces left. Player 0 gives the first piece. Whoever completes a line of
  four pieces sharing an attribute wins.

The board is a list of 16 cells, numbered **column by column** as the document's
``positions`` matrix, each holding a piece number or ``EMPTY``::

              col 1  col 2  col 3  col 4
      row 1     0      4      8     12        square = 4 * (col - 1) + (row - 1)
      row 2     1      5      9     13
      row 3     2      6     10     14
      row 4     3      7     11     15

A piece is a number 0..15 whose four bits, most significant first, are its four attributes:
colour (light or dark), shape (round or square), height (tall or short) and top (solid or
hollow). The document writes them as codes ``1|2 3|4 5|6 7|8``: piece 0 is ``1357`` (light,
round, tall, solid), piece 15 is ``2468``. Four pieces share attribute ``k`` when their
``k``-th bits are all equal.

Actions are the compiled engines' numbers, so the two can be played side by side (the tests
do): in :class:`PyOwnPieceQuarto` ``16 * square + piece`` (``"(1,4) 1357"``); in
:class:`PyQuarto` ``square`` to place the piece in hand (``"(1,4)"``) and ``16 + piece`` to
give one (``"1357"``). ``position_key()`` gives the compiled engine's number: an XOR of one
random 64-bit number per (square, piece) on the board, and one for the piece in hand.
"""
from __future__ import annotations

import re

from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError
from qsearch.core.rng import GOLDEN, MASK, multiply_shift_below, splitmix_next
from qsearch.i18n import _
from qsearch.reference._game import PyGame

EMPTY = -1

# The ten lines as lists of squares, in the compiled engine's order (winning_lines() numbers
# them): rows 1-4, columns 1-4, the main diagonal (1,1)-(4,4), the other one (4,1)-(1,4).
LINES = ([[4 * col + row for col in range(4)] for row in range(4)]
         + [[4 * col + row for row in range(4)] for col in range(4)]
         + [[0, 5, 10, 15], [3, 6, 9, 12]])
LINES_THROUGH = [[line for line in LINES if square in line] for square in range(16)]

LINE_MASKS = tuple(sum(1 << square for square in line) for line in LINES)
LINE_NAMES = ("row 1", "row 2", "row 3", "row 4", "column 1", "column 2", "column 3",
              "column 4", "main diagonal", "other diagonal")
PIECES = tuple(tuple(1 + 2 * k + ((p >> (3 - k)) & 1) for k in range(4)) for p in range(16))
"""The document's piece table (``create.pieces()``): row ``p`` is piece ``p``'s codes."""
ATTRIBUTES = (("light", "dark"), ("round", "square"), ("tall", "short"), ("solid", "hollow"))

_SQUARE_RE = re.compile(r"^\(\s*([1-4])\s*,\s*([1-4])\s*\)$")
_PIECE_RE = re.compile(r"^([12])\s*,?\s*([34])\s*,?\s*([56])\s*,?\s*([78])$")


def _zobrist_numbers() -> tuple[list[list[int]], list[int]]:
    """The random numbers behind ``position_key``: SplitMix64 from seed 2020, drawn in the
    compiled engine's order (for each piece: its number in hand, then its number on each
    square), so both engines give every position the same key."""
    on_square = [[0] * 16 for _ in range(16)]
    in_hand = [0] * 16
    seed = 2020
    for piece in range(16):
        seed, in_hand[piece] = splitmix_next(seed)
        for square in range(16):
            seed, on_square[square][piece] = splitmix_next(seed)
    return on_square, in_hand


ZOBRIST, ZOBRIST_HAND = _zobrist_numbers()


# ------------------------------------------------------------------ names and codes
def _c_int(value) -> int:
    """An int argument converted as the compiled functions convert theirs: a number is
    truncated (``1.0`` is 1), anything else is a TypeError."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__int__"):
        raise TypeError(f"an integer is required, not {type(value).__name__}")
    return int(value)


def attribute(piece: int, k: int) -> int:
    """0 or 1: which value of attribute ``k`` (0 colour .. 3 top) ``piece`` has."""
    return (piece >> (3 - k)) & 1


def piece_code(piece) -> str:
    """The document's code of a piece: ``piece_code(0) == "1357"``."""
    piece = _c_int(piece)
    if not 0 <= piece < 16:
        raise ValueError(f"pieces are 0..15, not {piece}")
    return "".join(str(c) for c in PIECES[piece])


def piece_from_code(code) -> int:
    """The piece with the document's code ``"1357"`` (commas and spaces allowed)."""
    if isinstance(code, (tuple, list)):
        code = "".join(str(c) for c in code)
    if not isinstance(code, str):
        raise TypeError(f"a piece is a code such as '1357', not {type(code).__name__}")
    m = _PIECE_RE.match(code.strip())
    if m is None:
        raise ValueError(
            f"{code!r} is not a piece: write its four codes, one of 1|2, 3|4, 5|6, 7|8, "
            f"e.g. '1357'"
        )
    # code 1, 3, 5 or 7 is an attribute's first value (bit 0), 2, 4, 6 or 8 its second
    return sum(((int(m.group(k + 1)) - 1) % 2) << (3 - k) for k in range(4))


def piece_description(piece) -> str:
    """In words: ``piece_description(0) == "light round tall solid"``."""
    piece_code(piece)  # validates
    piece = _c_int(piece)
    return " ".join(ATTRIBUTES[k][attribute(piece, k)] for k in range(4))


def square_name(square) -> str:
    """The document's coordinates of a square: ``square_name(12) == "(1,4)"``."""
    square = _c_int(square)
    if not 0 <= square < 16:
        raise ValueError(f"squares are 0..15, not {square}")
    return f"({square % 4 + 1},{square // 4 + 1})"


def square_from_name(text) -> int:
    """The square at ``"(row,col)"`` (1-based): ``square_from_name("(1,4)") == 12``."""
    if not isinstance(text, str):
        raise TypeError(f"a square is written '(row,col)', not {type(text).__name__}")
    m = _SQUARE_RE.match(text.strip())
    if m is None:
        raise ValueError(f"{text!r} is not a square: write '(row,col)' with 1-based 1..4")
    return square_index(int(m.group(1)), int(m.group(2)))


def square_index(row, col) -> int:
    """Square number of 1-based ``(row, col)``, column by column as the document."""
    row, col = _c_int(row), _c_int(col)
    if not (1 <= row <= 4 and 1 <= col <= 4):
        raise ValueError(f"rows and columns are 1..4, not ({row},{col})")
    return 4 * (col - 1) + (row - 1)


def _split_placement(text: str) -> tuple[int, int]:
    """``"(1,4) 1357"`` -> ``(12, 0)``."""
    t = text.strip()
    close = t.find(")")
    if close < 0:
        raise ValueError(f"{text!r} is not a placement: write '(row,col) piece', e.g. "
                         f"'(1,4) 1357'")
    return square_from_name(t[:close + 1]), piece_from_code(t[close + 1:])


def _as_list(items) -> list:
    """A list of actions, or one string of them separated by ``;`` or new lines."""
    if isinstance(items, str):
        return [x for x in re.split(r"[;\n]", items) if x.strip()]
    return list(items)


def share_an_attribute(pieces: list[int]) -> bool:
    """True if every piece of ``pieces`` has the same value of some attribute."""
    return any(len({attribute(p, k) for p in pieces}) == 1 for k in range(4))


def _playout_rng(seed, skip=0) -> int:
    """The generator state both engines' ``random_playouts`` start from: ``seed``'s stream,
    ``skip`` draws into it."""
    seed, skip = _c_int(seed), _c_int(skip)
    if not 0 <= seed <= MASK:
        raise ValueError(f"seed must be an int in 0..2**64-1, not {seed}")
    if not 0 <= skip <= MASK:
        raise ValueError(f"skip must be an int in 0..2**64-1, not {skip}")
    return (seed * 0x2545F4914F6CDD1D + 1 + skip * GOLDEN) & MASK


def _playout_arrays(returns: list[int], plies: list[int]):
    """The playouts as the compiled engines return them: two numpy int8 arrays; without numpy
    (the browser site) the two lists."""
    try:
        import numpy as np
    except ImportError:
        return returns, plies
    return np.array(returns, dtype=np.int8), np.array(plies, dtype=np.int8)


# ------------------------------------------------------------------ the shared board
class PyQuartoBoard(PyGame):
    """The board and rules both games share (not a game by itself)."""

    def __init__(self) -> None:
        self._board = [EMPTY] * 16    # the piece on each square, column by column
        self._in_hand = None          # standard Quarto: the piece the mover must place
        self._winner = None           # 0 or 1 once a placement completes a line

    def clone(self):
        """A deep copy of this state, history included."""
        c = type(self).__new__(type(self))
        c._board = list(self._board)
        c._in_hand = self._in_hand
        c._winner = self._winner
        c._history = list(self._history)
        return c

    # ------------------------------------------------------------------ the rules
    def _completes_line(self, square: int) -> bool:
        """True if a full line through ``square`` has four pieces sharing an attribute.

        Only lines through the piece just placed can be new, so they are the only ones
        checked."""
        for line in LINES_THROUGH[square]:
            pieces = [self._board[s] for s in line]
            if EMPTY not in pieces and share_an_attribute(pieces):
                return True
        return False

    def _place(self, square: int, piece: int) -> bool:
        """Put ``piece`` on ``square``; True if that completes a winning line."""
        self._board[square] = piece
        return self._completes_line(square)

    def _terminal(self) -> bool:
        return self._winner is not None or self.num_placed() == 16

    def _utility(self, player: int) -> float:
        if self._winner is None:
            return 0.0
        return 1.0 if self._winner == player else -1.0

    def _key(self) -> int:
        key = 0
        for square, piece in enumerate(self._board):
            if piece != EMPTY:
                key ^= ZOBRIST[square][piece]
        if self._in_hand is not None:
            key ^= ZOBRIST_HAND[self._in_hand]
        return key

    # -------------------------------------------------------------- the Python API
    @classmethod
    def from_actions(cls, actions):
        """The position after ``actions``: ints, or strings in the game's notation
        (a list, or one string separated by ``;`` or new lines). Raises on illegal ones."""
        state = cls()
        for i, a in enumerate(_as_list(actions)):
            action = state.string_to_action(a) if isinstance(a, str) else a
            try:
                state.apply_action(action)
            except IllegalMoveError as err:
                raise IllegalMoveError(f"action {i + 1} ({a!r}): {err}") from None
        return state

    def board_pieces(self) -> list[int]:
        """The piece on each square 0..15 (column by column), -1 if empty."""
        return list(self._board)

    def piece_at(self, row, col):
        """The piece at 1-based ``(row, col)``, or None."""
        piece = self._board[square_index(row, col)]
        return None if piece == EMPTY else piece

    def squares_left(self) -> list[int]:
        """Empty squares in the document's order (column by column)."""
        return [s for s in range(16) if self._board[s] == EMPTY]

    def pieces_left(self) -> list[int]:
        """Pieces not yet used (neither on the board nor in hand), in the document's order."""
        used = set(self._board) | {self._in_hand}
        return [p for p in range(16) if p not in used]

    def num_placed(self) -> int:
        """Pieces on the board."""
        return 16 - self._board.count(EMPTY)

    def winner_player(self):
        """0 or 1 once someone completed a line, else None."""
        return self._winner

    def winning_lines(self) -> list[tuple[int, int, int]]:
        """``[(line index 0..9, attribute index 0..3, its code), ...]`` of every full line
        whose pieces share an attribute (rows 0-3, columns 4-7, diagonals 8-9)."""
        out = []
        for i, line in enumerate(LINES):
            pieces = [self._board[s] for s in line]
            if EMPTY in pieces:
                continue
            for k in range(4):
                values = {attribute(p, k) for p in pieces}
                if len(values) == 1:
                    out.append((i, k, 2 * k + 1 + values.pop()))
        return out

    def board_codes(self) -> list[list]:
        """The board as the document prints its 2-D board: 4 rows of codes (None if empty)."""
        return [[None if self._board[4 * c + r] == EMPTY else piece_code(self._board[4 * c + r])
                 for c in range(4)] for r in range(4)]

    def document_array(self) -> list[list[list[int]]]:
        """The document's 4x4x4 array: ``[attribute][row][col]`` codes, 0 if empty."""
        return [[[0 if self._board[4 * c + r] == EMPTY else PIECES[self._board[4 * c + r]][k]
                  for c in range(4)] for r in range(4)] for k in range(4)]

    def board_string(self) -> str:
        """The board with the document's codes, ``....`` for an empty square."""
        lines = ["     " + "".join(f"  ({c + 1})" for c in range(4)).rstrip()]
        for r, row in enumerate(self.board_codes()):
            lines.append(f"({r + 1})  " + " ".join(code or "...." for code in row))
        return "\n".join(lines)

    def __str__(self) -> str:
        left = " ".join(piece_code(p) for p in self.pieces_left())
        return (self.board_string() + "\n" + _("pieces left:") + " " + (left or _("none")) + "\n"
                + self.status_line())

    def status_line(self) -> str:
        """Who won, "draw", or who is to move."""
        if self._winner is not None:
            return _("player {player} won").format(player=self._winner)
        if self.num_placed() == 16:
            return _("draw")
        return _("player {player} to move").format(player=self._to_move())

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        return (type(self).from_actions, (list(self._history),))


# ------------------------------------------------------------------ document 000's variant
class PyOwnPieceQuarto(PyQuartoBoard):
    """Document 000's Quarto: each player chooses his own piece and its square.

    ``PyOwnPieceQuarto()`` is the empty board; ``from_placements(["(1,1) 2358", ...])`` and
    ``from_board(rows)`` rebuild positions; actions are ``16 * square + piece``, written
    ``"(1,4) 1357"``.
    """

    def _to_move(self) -> int:
        """Players alternate: player 0 makes the even placements."""
        if self._terminal():
            return TERMINAL
        return self.num_placed() % 2

    def _legal_moves(self) -> list[int]:
        """Every empty square with every unused piece, squares first (the document's loops)."""
        if self._terminal():
            return []
        return [16 * s + p for s in self.squares_left() for p in self.pieces_left()]

    def _make(self, move: int) -> None:
        mover = self._to_move()
        if self._place(move >> 4, move & 15):
            self._winner = mover

    def _unmake(self, move: int) -> None:
        self._board[move >> 4] = EMPTY
        self._winner = None          # moves are only made before the game is over

    def num_distinct_actions(self) -> int:
        """256: every (square, piece) pair."""
        return 256

    @classmethod
    def from_placements(cls, placements):
        """Play placements written as the document: ``["(3,1) 1468", "(2,3) 2367"]`` (or one
        string separated by ``;``), player 0 first. Raises IllegalMoveError on a taken square,
        a used piece, or a placement after the game is over."""
        return cls.from_actions(placements)

    @classmethod
    def from_board(cls, rows):
        """Rebuild a position from its 4 rows of codes (``None``, ``0`` or ``"...."`` for an
        empty square), as the document prints boards. Pieces are placed column by column;
        the player to move follows from their number. Raises if a line is already won
        before the last piece (such a board cannot have arisen)."""
        rows = [list(r) for r in rows]
        if len(rows) != 4 or any(len(r) != 4 for r in rows):
            raise ValueError("a board is 4 rows of 4 squares")
        placements = []
        for c in range(4):
            for r in range(4):
                code = rows[r][c]
                if code is None or str(code).strip() in ("0", "....", "", "."):
                    continue
                placements.append(f"({r + 1},{c + 1}) {code}")
        return cls.from_placements(placements)

    def action_to_string(self, action) -> str:
        """``16 * square + piece`` -> ``"(1,4) 1357"``."""
        a = int(action)
        if not 0 <= a < 256:
            raise ValueError(f"OwnPieceQuarto actions are 0..255, not {a}")
        return f"{square_name(a >> 4)} {piece_code(a & 15)}"

    def string_to_action(self, text) -> int:
        """``"(1,4) 1357"`` -> ``16 * 12 + 0``."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as '(1,4) 1357', not {type(text).__name__}")
        square, piece = _split_placement(text)
        return 16 * square + piece

    def placements(self) -> list[str]:
        """The history in the document's notation."""
        return [self.action_to_string(a) for a in self._history]

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.OwnPieceQuarto is this class.
        return f"OwnPieceQuarto.from_placements({self.placements()!r})"

    @staticmethod
    def random_playouts(games, seed=0, skip=0):
        """Play ``games`` uniformly random games from the empty board.

        Each ply picks an empty square and an unused piece uniformly and independently, as
        the document's ``sample.int(17 - ply, 2)``, with the compiled engine's generator, so
        a seed plays the same games in both. Returns ``(returns, plies)``, two numpy int8
        arrays (two lists of ints without numpy): player 0's return (+1, 0, -1: the
        document's utility) and the plies each game lasted.

        ``skip`` starts ``skip`` draws into the seed's stream: a game draws two numbers a
        ply, so ``skip=2 * sum(plies)`` of the first games played goes on with the next ones.
        """
        games = _c_int(games)
        if games < 0:
            raise ValueError(f"games must be >= 0, not {games}")
        rng = _playout_rng(seed, skip)
        state = PyOwnPieceQuarto()
        returns, plies = [], []
        for _game in range(games):
            state._board, state._winner = [EMPTY] * 16, None
            squares, pieces = list(range(16)), list(range(16))
            n = 16
            while True:
                rng, r = splitmix_next(rng)
                i = multiply_shift_below(r, n)
                rng, r = splitmix_next(rng)
                j = multiply_shift_below(r, n)
                square, piece = squares[i], pieces[j]
                n -= 1                     # drop both: the last ones take their places
                squares[i], pieces[j] = squares[n], pieces[n]
                state._make(16 * square + piece)
                if state._terminal():
                    break
            plies.append(state.num_placed())
            returns.append(round(state._utility(0)))
        return _playout_arrays(returns, plies)


# ------------------------------------------------------------------ the standard game
class PyQuarto(PyQuartoBoard):
    """Standard Quarto: place the piece you were given, then give your opponent one.

    A turn is two actions by the same player, so turns do not alternate action by action:
    player 0 gives the first piece, player 1 places it and gives one back, player 0 places
    it and gives one, and so on. Actions: ``square`` (0..15, ``"(1,4)"``) places the piece
    in hand; ``16 + piece`` (``"1357"``) gives a piece. Whoever completes a line wins.
    """

    def _to_move(self) -> int:
        """The giver is the player who placed last (player 0 at the start); the player
        holding a piece is the other one."""
        if self._terminal():
            return TERMINAL
        giver = self.num_placed() % 2
        return giver if self._in_hand is None else 1 - giver

    def _legal_moves(self) -> list[int]:
        """Give any unused piece, or place the piece in hand on any empty square."""
        if self._terminal():
            return []
        if self._in_hand is None:
            return [16 + p for p in self.pieces_left()]
        return self.squares_left()

    def _make(self, move: int) -> None:
        if move >= 16:
            self._in_hand = move - 16
            return
        mover = self._to_move()
        piece, self._in_hand = self._in_hand, None
        if self._place(move, piece):
            self._winner = mover

    def _unmake(self, move: int) -> None:
        if move >= 16:
            self._in_hand = None
            return
        self._in_hand = self._board[move]     # the piece goes back into the placer's hand
        self._board[move] = EMPTY
        self._winner = None

    def num_distinct_actions(self) -> int:
        """32: place on squares 0..15, give pieces 16..31."""
        return 32

    def piece_in_hand(self):
        """The piece the player to move must place, or None when one must be given."""
        return self._in_hand

    @classmethod
    def from_placements(cls, placements, give=None):
        """Each placement ``"(r,c) abcd"`` is played as: give ``abcd``, place it on (r,c).
        ``give``: a last piece to give (the position then waits for its placement)."""
        items = []
        for text in _as_list(placements):
            square, piece = _split_placement(text)
            items += [16 + piece, square]
        if give is not None:
            items.append(16 + (piece_from_code(give) if isinstance(give, str) else give))
        return cls.from_actions(items)

    def action_to_string(self, action) -> str:
        """``12`` -> ``"(1,4)"``; ``16 + 0`` -> ``"1357"``."""
        a = int(action)
        if not 0 <= a < 32:
            raise ValueError(f"Quarto actions are 0..31, not {a}")
        return square_name(a) if a < 16 else piece_code(a - 16)

    def string_to_action(self, text) -> int:
        """``"(1,4)"`` -> 12 (place); ``"1357"`` -> 16 (give)."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as '(1,4)' or '1357', not "
                            f"{type(text).__name__}")
        t = text.strip()
        if t.startswith("("):
            return square_from_name(t)
        return 16 + piece_from_code(t)

    def status_line(self) -> str:
        """As the shared board's, plus what the mover does: place which piece, or give one."""
        line = PyQuartoBoard.status_line(self)
        if self._terminal():
            return line
        if self._in_hand is not None:
            return line + " " + _("(places {piece})").format(piece=piece_code(self._in_hand))
        return line + " " + _("(gives a piece)")

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.Quarto is this class.
        moves = [self.action_to_string(a) for a in self._history]
        return f"Quarto.from_actions({moves!r})"

    @staticmethod
    def random_playouts(games, seed=0, skip=0):
        """``games`` uniformly random games of standard Quarto, each action drawn from the
        legal ones with the compiled engine's generator (see
        :meth:`PyOwnPieceQuarto.random_playouts`; ``plies`` counts placements, and a game
        draws two numbers a placement, one to give the piece and one to place it)."""
        games = _c_int(games)
        if games < 0:
            raise ValueError(f"games must be >= 0, not {games}")
        rng = _playout_rng(seed, skip)
        state = PyQuarto()
        returns, plies = [], []
        for _game in range(games):
            state._board, state._in_hand, state._winner = [EMPTY] * 16, None, None
            while True:
                moves = state._legal_moves()
                rng, r = splitmix_next(rng)
                state._make(moves[multiply_shift_below(r, len(moves))])
                if state._terminal():
                    break
            plies.append(state.num_placed())
            returns.append(round(state._utility(0)))
        return _playout_arrays(returns, plies)


__all__ = ["ATTRIBUTES", "EMPTY", "LINES", "LINE_MASKS", "LINE_NAMES", "PIECES",
           "PyOwnPieceQuarto", "PyQuarto", "PyQuartoBoard", "attribute", "piece_code",
           "piece_description", "piece_from_code", "share_an_attribute", "square_from_name",
           "square_index", "square_name"]
