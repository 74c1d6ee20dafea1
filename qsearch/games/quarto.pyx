# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Quarto on a 16-bit board: the variant of document 000, and the standard game.

Document 000 (Diego Hernández Jiménez, *Simulación del juego QUARTO! y algoritmo Minimax*,
2020-21) plays a variant, :class:`OwnPieceQuarto`: each player chooses **his own** piece and
the square, and wins when his placement completes a row, a column or a diagonal of four
pieces that share at least one attribute (he need not have placed the other three). After
16 placements the game is drawn. :class:`Quarto` is the standard game on the same code: you
place the piece your opponent gave you, then give him one.

Squares are numbered column by column, the order of the document's ``positions`` matrix
(``cbind(1:4, rep(1:4, each=4))``), so the legal actions come out in the order its search
visits them::

              col 1  col 2  col 3  col 4
      row 1     0      4      8     12        bit s of every mask is square s;
      row 2     1      5      9     13        a row is 0x1111 << r, a column 0xF << 4c,
      row 3     2      6     10     14        the main diagonal 0x8421 (0, 5, 10, 15),
      row 4     3      7     11     15        the other one 0x1248 (3, 6, 9, 12).

Pieces are numbered 0..15 as the rows of the document's ``create.pieces()``: piece ``p``
has one binary attribute per bit, most significant first, written with the document's
codes ``1|2 3|4 5|6 7|8``: piece 0 is ``1357``, piece 6 is ``1467``, piece 15 is ``2468``.
We read them as colour (1 light, 2 dark), shape (3 round, 4 square), height (5 tall, 6
short) and top (7 solid, 8 hollow); the document only says the codes stand for them.

Why a bitboard rather than the document's 4x4x4 array of codes: the board is an occupancy
mask plus four 16-bit *attribute planes* (bit ``16k + s`` is set when the piece on ``s``
has attribute ``k``'s second value). A full line ``L`` shares attribute ``k`` exactly when
plane ``k`` masked by ``L`` is all zeros or all ones, so checking a placement is at most
4 lines x 4 planes of one AND and one compare, and making or unmaking a move is a few ORs.

Actions: in :class:`OwnPieceQuarto`, ``16 * square + piece`` (256 actions, enumerated
squares first, then pieces, as the document's nested loops); written ``"(1,4) 1357"``
(row, column, 1-based; the piece as its four codes). In :class:`Quarto`, ``square``
(0..15, ``"(1,4)"``) to place the piece in hand and ``16 + piece`` (``"1357"``) to give one.
Player 0 moves first: the document's player 1 (its utility 1 is our return +1 for player 0).
"""
import re

from qsearch.core.errors import IllegalMoveError
from qsearch.i18n import _

from qsearch.core.bits cimport multiply_shift_below, splitmix_next
from qsearch.games._game cimport TERMINAL, Game
from qsearch.games.quarto_lines cimport QuartoLines, fill_quarto_lines, plane_bits, wins_at

cdef QuartoLines Q                         # the lines and piece planes (quarto_lines.pxd)
cdef unsigned long long ZOBRIST[16][16]   # key of piece p on square s
cdef unsigned long long ZOBRIST_HAND[16]  # key of piece p in hand (Quarto)


cdef void _init_tables() noexcept:
    cdef int s, p
    cdef unsigned long long seed = 2020
    fill_quarto_lines(&Q)
    for p in range(16):
        ZOBRIST_HAND[p] = splitmix_next(&seed)
        for s in range(16):
            ZOBRIST[s][p] = splitmix_next(&seed)


_init_tables()

LINE_MASKS = tuple(Q.lines[k] for k in range(10))
LINE_NAMES = ("row 1", "row 2", "row 3", "row 4", "column 1", "column 2", "column 3",
              "column 4", "main diagonal", "other diagonal")
PIECES = tuple(tuple(1 + 2 * k + ((p >> (3 - k)) & 1) for k in range(4)) for p in range(16))
"""The document's piece table (``create.pieces()``): row ``p`` is piece ``p``'s codes."""
ATTRIBUTES = (("light", "dark"), ("round", "square"), ("tall", "short"), ("solid", "hollow"))

_SQUARE_RE = re.compile(r"^\(\s*([1-4])\s*,\s*([1-4])\s*\)$")
_PIECE_RE = re.compile(r"^([12])\s*,?\s*([34])\s*,?\s*([56])\s*,?\s*([78])$")


# ------------------------------------------------------------------ names and codes
def piece_code(int piece) -> str:
    """The document's code of a piece: ``piece_code(0) == "1357"``."""
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
    return sum(((int(m.group(k + 1)) - 1) % 2) << (3 - k) for k in range(4))


def piece_description(int piece) -> str:
    """In words: ``piece_description(0) == "light round tall solid"``."""
    piece_code(piece)  # validates
    return " ".join(ATTRIBUTES[k][(piece >> (3 - k)) & 1] for k in range(4))


def square_name(int square) -> str:
    """The document's coordinates of a square: ``square_name(12) == "(1,4)"``."""
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


def square_index(int row, int col) -> int:
    """Square number of 1-based ``(row, col)``, column by column as the document."""
    if not (1 <= row <= 4 and 1 <= col <= 4):
        raise ValueError(f"rows and columns are 1..4, not ({row},{col})")
    return 4 * (col - 1) + (row - 1)


def _split_placement(text: str) -> tuple:
    """``"(1,4) 1357"`` -> ``(12, 0)``."""
    t = text.strip()
    close = t.find(")")
    if close < 0:
        raise ValueError(f"{text!r} is not a placement: write '(row,col) piece', e.g. "
                         f"'(1,4) 1357'")
    return square_from_name(t[:close + 1]), piece_from_code(t[close + 1:])


def _as_list(items) -> list:
    if isinstance(items, str):
        return [x for x in re.split(r"[;\n]", items) if x.strip()]
    return list(items)


# ------------------------------------------------------------------ the shared board
cdef class QuartoBoard(Game):
    """The board and rules both games share (not a game by itself)."""

    def __cinit__(self, *args, **kwargs):
        self._reset()

    def __init__(self):
        pass  # no arguments: build positions with from_placements / from_board

    cdef void _reset(self) noexcept:
        cdef int s
        for s in range(16):
            self.board[s] = -1
        self.occupied = 0
        self.used = 0
        self.planes = 0
        self.placed = 0
        self.actions = 0
        self.in_hand = -1
        self.winner = -1
        self.zkey = 0

    cdef bint place(self, int square, int piece) noexcept:
        """Put ``piece`` on ``square``; True if that completes a winning line."""
        self.board[square] = piece
        self.occupied |= 1u << square
        self.used |= 1u << piece
        self.planes |= Q.piece_planes[piece] << square
        self.zkey ^= ZOBRIST[square][piece]
        self.placed += 1
        return wins_at(&Q, self.occupied, self.planes, square)

    cdef int unplace(self, int square) noexcept:
        """Take the piece off ``square``; returns it (it becomes unused again)."""
        cdef int piece = self.board[square]
        self.board[square] = -1
        self.occupied &= ~(1u << square)
        self.used &= ~(1u << piece)
        self.planes &= ~(Q.piece_planes[piece] << square)
        self.zkey ^= ZOBRIST[square][piece]
        self.placed -= 1
        self.winner = -1        # moves are only made in non-terminal states
        return piece

    cdef void _copy_into(self, QuartoBoard c) noexcept:
        c.board = self.board
        c.occupied = self.occupied
        c.used = self.used
        c.planes = self.planes
        c.placed = self.placed
        c.actions = self.actions
        c.in_hand = self.in_hand
        c.winner = self.winner
        c.zkey = self.zkey

    cpdef Game clone(self):
        cdef QuartoBoard c = type(self).__new__(type(self))
        self._copy_into(c)
        c._history = list(self._history)
        return c

    cdef bint terminal(self) noexcept:
        return self.winner >= 0 or self.placed == 16

    cdef double utility(self, int player) noexcept:
        if self.winner < 0:
            return 0.0
        return 1.0 if self.winner == player else -1.0

    # -------------------------------------------------------------- Python API
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

    def board_pieces(self) -> list:
        """The piece on each square 0..15 (column by column), -1 if empty."""
        return [self.board[s] for s in range(16)]

    def piece_at(self, int row, int col):
        """The piece at 1-based ``(row, col)``, or None."""
        p = self.board[square_index(row, col)]
        return None if p < 0 else p

    def squares_left(self) -> list:
        """Empty squares in the document's order (column by column)."""
        return [s for s in range(16) if not self.occupied & (1u << s)]

    def pieces_left(self) -> list:
        """Pieces not yet used, in the document's order."""
        return [p for p in range(16) if not self.used & (1u << p)]

    def num_placed(self) -> int:
        """Pieces on the board."""
        return self.placed

    def winner_player(self):
        """0 or 1 once someone completed a line, else None."""
        return None if self.winner < 0 else self.winner

    def winning_lines(self) -> list:
        """``[(line index 0..9, attribute index 0..3, its code), ...]`` of every full line
        whose pieces share an attribute (rows 0-3, columns 4-7, diagonals 8-9)."""
        cdef int i, k
        cdef unsigned int line, x
        out = []
        for i in range(10):
            line = Q.lines[i]
            if (self.occupied & line) != line:
                continue
            for k in range(4):
                x = plane_bits(self.planes, k, line)
                if x == 0 or x == line:
                    out.append((i, k, 2 * k + 1 + (x == line)))
        return out

    def board_codes(self) -> list:
        """The board as the document prints its 2-D board: 4 rows of codes (None if empty)."""
        return [[None if self.board[4 * c + r] < 0 else piece_code(self.board[4 * c + r])
                 for c in range(4)] for r in range(4)]

    def document_array(self) -> list:
        """The document's 4x4x4 array: ``[attribute][row][col]`` codes, 0 if empty."""
        return [[[0 if self.board[4 * c + r] < 0 else PIECES[self.board[4 * c + r]][k]
                  for c in range(4)] for r in range(4)] for k in range(4)]

    def board_string(self) -> str:
        """The board with the document's codes, ``....`` for an empty square."""
        lines = ["     " + "".join(f"  ({c + 1})" for c in range(4)).rstrip()]
        for r, row in enumerate(self.board_codes()):
            lines.append(f"({r + 1})  " + " ".join(code or "...." for code in row))
        return "\n".join(lines)

    def __str__(self) -> str:
        text = self.board_string()
        left = " ".join(piece_code(p) for p in self.pieces_left())
        return (text + "\n" + _("pieces left:") + " " + (left or _("none")) + "\n"
                + self.status_line())

    def status_line(self) -> str:
        if self.winner >= 0:
            return _("player {player} won").format(player=self.winner)
        if self.placed == 16:
            return _("draw")
        return _("player {player} to move").format(player=self.to_move())

    def _repr_svg_(self) -> str:
        """Jupyter's drawing of the board (the drawing its game's entry names)."""
        from qsearch.core.drawing import draw
        return draw(self)

    def __reduce__(self):
        return (type(self).from_actions, (list(self._history),))


# ------------------------------------------------------------------ document 000's variant
cdef class OwnPieceQuarto(QuartoBoard):
    """Document 000's Quarto: each player chooses his own piece and its square.

    ``OwnPieceQuarto()`` is the empty board; ``OwnPieceQuarto.from_placements(["(1,1) 2358",
    ...])`` and ``OwnPieceQuarto.from_board(rows)`` rebuild positions; actions are
    ``16 * square + piece``, written ``"(1,4) 1357"``.
    """

    cdef int legal_moves(self, int* out) noexcept:
        cdef int s, p, n = 0
        if self.winner >= 0 or self.placed == 16:
            return 0
        for s in range(16):
            if self.occupied & (1u << s):
                continue
            for p in range(16):
                if not self.used & (1u << p):
                    out[n] = 16 * s + p
                    n += 1
        return n

    cdef void make(self, int move) noexcept:
        cdef int mover = self.placed & 1
        self.actions += 1
        if self.place(move >> 4, move & 15):
            self.winner = mover

    cdef void unmake(self, int move) noexcept:
        self.actions -= 1
        self.unplace(move >> 4)

    cdef int to_move(self) noexcept:
        if self.winner >= 0 or self.placed == 16:
            return TERMINAL
        return self.placed & 1

    cdef unsigned long long key(self) noexcept:
        return self.zkey

    def num_distinct_actions(self) -> int:
        """256: every (square, piece) pair."""
        return 256

    @classmethod
    def from_placements(cls, placements) -> OwnPieceQuarto:
        """Play placements written as the document: ``["(3,1) 1468", "(2,3) 2367"]`` (or one
        string separated by ``;``), player 0 first. Raises IllegalMoveError on a taken square,
        a used piece, or a placement after the game is over."""
        return cls.from_actions(placements)

    @classmethod
    def from_board(cls, rows) -> OwnPieceQuarto:
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

    def placements(self) -> list:
        """The history in the document's notation."""
        return [self.action_to_string(a) for a in self._history]

    def __repr__(self) -> str:
        return f"OwnPieceQuarto.from_placements({self.placements()!r})"

    @staticmethod
    def random_playouts(long games, unsigned long long seed=0, unsigned long long skip=0):
        """Play ``games`` uniformly random games from the empty board, all in C.

        Each ply picks an empty square and an unused piece uniformly and independently, as
        the document's ``sample.int(17 - ply, 2)``. Returns ``(returns, plies)``, two numpy
        int8 arrays: player 0's return (+1, 0, -1: the document's utility) and the plies
        each game lasted.

        ``skip`` starts ``skip`` draws into the seed's stream: a game draws two numbers a
        ply, so ``skip=2 * sum(plies)`` of the first games played goes on with the next ones.
        """
        if games < 0:
            raise ValueError(f"games must be >= 0, not {games}")
        import numpy as np   # only the playouts need numpy (not the core, not Pyodide)
        returns = np.zeros(games, dtype=np.int8)
        plies = np.zeros(games, dtype=np.int8)
        cdef signed char[::1] ret_view = returns
        cdef signed char[::1] ply_view = plies
        cdef OwnPieceQuarto g = OwnPieceQuarto()
        cdef int squares[16]
        cdef int pieces[16]
        cdef int n, i, j, s, p
        cdef long game
        cdef unsigned long long rng = seed * 0x2545F4914F6CDD1DULL + 1
        rng += skip * 0x9E3779B97F4A7C15ULL   # skip draws: one golden step each
        for game in range(games):
            g._reset()
            for i in range(16):
                squares[i] = i
                pieces[i] = i
            n = 16
            while True:
                i = multiply_shift_below(splitmix_next(&rng), n)
                j = multiply_shift_below(splitmix_next(&rng), n)
                s = squares[i]
                p = pieces[j]
                n -= 1
                squares[i] = squares[n]
                pieces[j] = pieces[n]
                g.make(16 * s + p)
                if g.winner >= 0 or g.placed == 16:
                    break
            ply_view[game] = g.placed
            ret_view[game] = 0 if g.winner < 0 else (1 if g.winner == 0 else -1)
        return returns, plies


# ------------------------------------------------------------------ the standard game
cdef class Quarto(QuartoBoard):
    """Standard Quarto: place the piece you were given, then give your opponent one.

    A turn is two actions by the same player, so turns do not alternate action by action:
    player 0 gives the first piece, player 1 places it and gives one back, player 0 places
    it and gives one, and so on. Actions: ``square`` (0..15, ``"(1,4)"``) places the piece
    in hand; ``16 + piece`` (``"1357"``) gives a piece. Whoever completes a line wins.
    """

    cdef int legal_moves(self, int* out) noexcept:
        cdef int i, n = 0
        if self.winner >= 0 or self.placed == 16:
            return 0
        if self.in_hand < 0:
            for i in range(16):
                if not self.used & (1u << i):
                    out[n] = 16 + i
                    n += 1
        else:
            for i in range(16):
                if not self.occupied & (1u << i):
                    out[n] = i
                    n += 1
        return n

    cdef void make(self, int move) noexcept:
        cdef int mover = ((self.actions + 1) >> 1) & 1
        cdef int piece
        self.actions += 1
        if move >= 16:
            self.in_hand = move - 16
            self.used |= 1u << self.in_hand
            self.zkey ^= ZOBRIST_HAND[self.in_hand]
        else:
            piece = self.in_hand
            self.in_hand = -1
            self.zkey ^= ZOBRIST_HAND[piece]
            if self.place(move, piece):
                self.winner = mover

    cdef void unmake(self, int move) noexcept:
        cdef int piece
        self.actions -= 1
        if move >= 16:
            piece = move - 16
            self.used &= ~(1u << piece)
            self.zkey ^= ZOBRIST_HAND[piece]
            self.in_hand = -1
        else:
            piece = self.unplace(move)
            self.used |= 1u << piece        # still out of the pool: it is in hand again
            self.in_hand = piece
            self.zkey ^= ZOBRIST_HAND[piece]

    cdef int to_move(self) noexcept:
        if self.winner >= 0 or self.placed == 16:
            return TERMINAL
        return ((self.actions + 1) >> 1) & 1

    cdef unsigned long long key(self) noexcept:
        # The piece in hand is keyed; the phase follows from it (-1: a piece must be given).
        return self.zkey

    def num_distinct_actions(self) -> int:
        """32: place on squares 0..15, give pieces 16..31."""
        return 32

    def piece_in_hand(self):
        """The piece the player to move must place, or None when one must be given."""
        return None if self.in_hand < 0 else self.in_hand

    @classmethod
    def from_placements(cls, placements, give=None) -> Quarto:
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
        line = QuartoBoard.status_line(self)
        if self.in_hand >= 0 and not self.terminal():
            line += " " + _("(places {piece})").format(piece=piece_code(self.in_hand))
        elif not self.terminal():
            line += " " + _("(gives a piece)")
        return line

    def __repr__(self) -> str:
        moves = [self.action_to_string(a) for a in self._history]
        return f"Quarto.from_actions({moves!r})"

    @staticmethod
    def random_playouts(long games, unsigned long long seed=0, unsigned long long skip=0):
        """``games`` uniformly random games of standard Quarto, all in C (see
        :meth:`OwnPieceQuarto.random_playouts`; ``plies`` counts placements, and a game
        draws two numbers a placement, one to give the piece and one to place it)."""
        if games < 0:
            raise ValueError(f"games must be >= 0, not {games}")
        import numpy as np   # only the playouts need numpy (not the core, not Pyodide)
        returns = np.zeros(games, dtype=np.int8)
        plies = np.zeros(games, dtype=np.int8)
        cdef signed char[::1] ret_view = returns
        cdef signed char[::1] ply_view = plies
        cdef Quarto g = Quarto()
        cdef int moves[32]
        cdef int n
        cdef long game
        cdef unsigned long long rng = seed * 0x2545F4914F6CDD1DULL + 1
        rng += skip * 0x9E3779B97F4A7C15ULL   # skip draws: one golden step each
        for game in range(games):
            g._reset()
            while True:
                n = g.legal_moves(moves)
                g.make(moves[multiply_shift_below(splitmix_next(&rng), n)])
                if g.winner >= 0 or g.placed == 16:
                    break
            ply_view[game] = g.placed
            ret_view[game] = 0 if g.winner < 0 else (1 if g.winner == 0 else -1)
        return returns, plies
