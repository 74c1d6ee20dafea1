"""Readable twin of :mod:`qsearch.search.quarto_solver`: the exact Quarto solver in plain Python.

Same algorithm, step for step (tests check the same scores and node counts):

1. A position whose mover can complete a line sharing a value at once is a win with the
   next piece: score ``17 - (n + 1)`` with ``n`` pieces on the board.
2. Otherwise only *safe* moves are searched: those after which the opponent cannot win at
   once. If there are none, the mover loses to the next piece: ``-(17 - (n + 2))``.
3. With a safe move, the score lies between a loss to piece ``n + 4`` and a win with piece
   ``n + 3``: the alpha-beta window is narrowed to that first.
4. A transposition table keyed by the position (occupied squares, attribute planes, piece in
   hand): two-entry buckets, the same hash and the same replacement as the compiled table.
5. Moves are ordered: the table's best move first, then by how few safe replies they leave
   the opponent (a stable sort, so ties keep the square-then-piece order).
6. Optionally (``symmetry_until=k``), a position with at most ``k`` pieces placed is stored
   and looked up under its class of the 12,288 symmetries (:func:`class_key`: the smallest
   image), so a position symmetric to one already searched is not searched again; the
   table's move is mapped to and from the class's coordinates.

A position is ``(occ, used, planes, hand)``: occupied squares (bit ``s``), used pieces (bit
``p``), the attribute planes (bit ``16 k + s``: the piece on ``s`` has attribute ``k``'s second
value) and the piece in hand (standard Quarto; 16 in document 000's variant).
"""
from __future__ import annotations

from itertools import permutations

from qsearch.core.rng import splitmix_finalise

LINES = (0x1111, 0x2222, 0x4444, 0x8888, 0x000F, 0x00F0, 0x0F00, 0xF000, 0x8421, 0x1248)
SQUARE_LINES = [[ln for ln in LINES if ln >> s & 1] for s in range(16)]
PIECE_PLANES = [sum(1 << (16 * k) for k in range(4) if (p >> (3 - k)) & 1) for p in range(16)]
VALUE_PIECES = [[sum(1 << p for p in range(16) if ((p >> (3 - k)) & 1) == v) for v in (0, 1)]
                for k in range(4)]
NO_HAND = 16
LOWER, UPPER, EXACT = 1, 2, 3


def bits(x: int) -> list:
    """The set bits of ``x``, lowest first."""
    return [i for i in range(x.bit_length()) if x >> i & 1]


def popcount(x: int) -> int:
    return bin(x).count("1")


def plane(planes: int, k: int) -> int:
    return (planes >> (16 * k)) & 0xFFFF


def winning_pieces(occ: int, planes: int) -> int:
    """Pieces that would complete a line sharing a value on some empty square."""
    out = 0
    for line in LINES:
        here = occ & line
        if popcount(here) != 3:
            continue
        for k in range(4):
            x = plane(planes, k) & here
            if x == 0:
                out |= VALUE_PIECES[k][0]
            elif x == here:
                out |= VALUE_PIECES[k][1]
    return out


def unsafe_pieces(occ: int, planes: int, free_pc: int, s: int) -> int:
    """Document 000's variant: free pieces that, put on ``s``, let the opponent win at once
    (a new line of three sharing value ``v``, its fourth square empty, another piece with
    ``v`` still free)."""
    bad = 0
    for line in SQUARE_LINES[s]:
        here = occ & line & ~(1 << s)
        if popcount(here) != 2:
            continue
        for k in range(4):
            x = plane(planes, k) & here
            v = 0 if x == 0 else 1 if x == here else None
            if v is None:
                continue
            cand = free_pc & VALUE_PIECES[k][v]
            if popcount(cand) >= 2:
                bad |= cand
    return bad


_SYMMETRY = []


def symmetry_tables() -> tuple:
    """``(squares, squares_back, attributes, attributes_back)``: the 32 line-preserving
    permutations of the squares (``squares[g][s]``: the image of square ``s``) and the 24
    permutations of the 4 attribute bits of a piece code, each with its inverse. Built on
    first use (the symmetries of :mod:`qsearch.games.quarto_symmetry`, which needs numpy)."""
    if not _SYMMETRY:
        from qsearch.games.quarto_symmetry import line_preserving_permutations

        squares = [list(perm) for perm in line_preserving_permutations()]
        attributes = [[sum((q >> k & 1) << perm[k] for k in range(4)) for q in range(16)]
                      for perm in permutations(range(4))]
        _SYMMETRY.extend([squares, [[p.index(t) for t in range(16)] for p in squares],
                          attributes, [[a.index(q) for q in range(16)] for a in attributes]])
    return tuple(_SYMMETRY)


def piece_on(planes: int, s: int) -> int:
    """The code of the piece on occupied square ``s`` (attribute ``k`` is bit ``3 - k``)."""
    return sum((planes >> (16 * k + s) & 1) << (3 - k) for k in range(4))


def class_key(occ: int, planes: int, hand: int) -> tuple:
    """``(occ, planes, hand, symmetry)`` of the smallest image of a position under the 12,288
    symmetries (square permutation ``g``, attribute permutation ``a``, complement ``c``):
    the smallest occupied mask first, then the pieces in square order and the piece in hand,
    compared as lists. ``symmetry`` ``(g, a, c)`` is the first element (in that order) giving
    it; for each ``(g, a)`` the complement makes the first piece 0, the smallest it can be."""
    squares, squares_back, attributes, _ = symmetry_tables()
    placed = bits(occ)
    pieces = {s: piece_on(planes, s) for s in placed}
    images = [sum(1 << perm[s] for s in placed) for perm in squares]
    low = min(images)
    best = None
    for g in range(len(squares)):
        if images[g] != low:
            continue
        seq = [pieces[squares_back[g][t]] for t in bits(low)]
        if hand != NO_HAND:
            seq.append(hand)
        if not seq:
            return occ, planes, hand, (0, 0, 0)
        for a, attr in enumerate(attributes):
            c = attr[seq[0]]
            image = [attr[q] ^ c for q in seq]
            if best is None or image < best[0]:
                best = (image, (g, a, c))
    image, symmetry = best
    key_planes = 0
    for t, q in zip(bits(low), image[:len(placed)], strict=True):
        key_planes |= PIECE_PLANES[q] << t
    return low, key_planes, NO_HAND if hand == NO_HAND else image[-1], symmetry


def move_to_class(move: int, symmetry: tuple) -> int:
    """A move ``16 * square + piece`` in the coordinates of the position's class."""
    squares, _, attributes, _ = symmetry_tables()
    g, a, c = symmetry
    return 16 * squares[g][move >> 4] + (attributes[a][move & 15] ^ c)


def move_from_class(move: int, symmetry: tuple) -> int:
    """The inverse of :func:`move_to_class`."""
    _, squares_back, _, attributes_back = symmetry_tables()
    g, a, c = symmetry
    return 16 * squares_back[g][move >> 4] + attributes_back[a][(move & 15) ^ c]


class ReferenceSolver:
    """The solver's twin. ``variant``: ``"own"`` (document 000) or ``"standard"``."""

    def __init__(self, table_bits: int = 16, table: bool = True, order: bool = True,
                 symmetry_until: int = -1):
        if not 8 <= table_bits <= 24:
            raise ValueError(f"table_bits must be in 8..24, not {table_bits}")
        self.size = 1 << table_bits
        self.table = [None] * self.size       # entry: [occ, planes, hand, value, flag, move]
        self.use_table = table
        self.use_order = order
        self.symmetry_until = symmetry_until
        if symmetry_until >= 0:
            symmetry_tables()
        self.variant = "own"
        self.nodes = 0

    # ---------------------------------------------------------------- moves
    def can_win(self, occ, used, planes, hand) -> bool:
        if self.variant == "own":
            return winning_pieces(occ, planes) & ~used & 0xFFFF != 0
        return bool(winning_pieces(occ, planes) >> hand & 1)

    def safe_moves(self, occ, used, planes, hand) -> list:
        free_pc = ~used & 0xFFFF
        moves = []
        for s in bits(~occ & 0xFFFF):
            if self.variant == "own":
                safe = free_pc & ~unsafe_pieces(occ, planes, free_pc, s)
            else:
                safe = free_pc & ~winning_pieces(occ | 1 << s, planes | PIECE_PLANES[hand] << s)
            moves += [16 * s + p for p in bits(safe)]
        return moves

    def child(self, occ, used, planes, hand, move):
        s, p = move >> 4, move & 15
        if self.variant == "own":
            return occ | 1 << s, used | 1 << p, planes | PIECE_PLANES[p] << s, NO_HAND
        return occ | 1 << s, used | 1 << p, planes | PIECE_PLANES[hand] << s, p

    # ---------------------------------------------------------------- table
    def _bucket(self, occ, planes, hand) -> int:
        return splitmix_finalise(planes ^ (occ << 7) ^ (hand << 40) ^ occ) & (self.size - 1) & ~1

    def probe(self, occ, planes, hand):
        i = self._bucket(occ, planes, hand)
        for e in (self.table[i], self.table[i + 1]):
            if e is not None and e[:3] == [occ, planes, hand]:
                return e
        return None

    def lookup(self, occ, planes, hand):
        """The table's entry for a position (under its class when it has at most
        ``symmetry_until`` pieces), with the move in the position's own coordinates."""
        if popcount(occ) > self.symmetry_until:
            return self.probe(occ, planes, hand)
        *key, symmetry = class_key(occ, planes, hand)
        e = self.probe(*key)
        return None if e is None else e[:5] + [move_from_class(e[5], symmetry)]

    def store(self, occ, planes, hand, value, flag, move):
        i = self._bucket(occ, planes, hand)
        a, b = self.table[i], self.table[i + 1]
        key = [occ, planes, hand]
        if a is not None and a[:3] == key:
            j = i
        elif b is not None and b[:3] == key:
            j = i + 1
        elif a is None:
            j = i
        elif b is None:
            j = i + 1
        elif popcount(a[0]) >= popcount(b[0]):
            j = i
        else:
            j = i + 1
        self.table[j] = [occ, planes, hand, value, flag, move]

    # ---------------------------------------------------------------- search
    def negamax(self, occ, used, planes, hand, alpha, beta) -> int:
        """Score for the mover within ``alpha < beta``; the mover cannot win at once."""
        self.nodes += 1
        n = popcount(occ)
        if n >= 15:
            return 0
        moves = self.safe_moves(occ, used, planes, hand)
        if not moves:
            return -(17 - (n + 2))
        lo = -(17 - (n + 4)) if n + 4 <= 16 else 0
        hi = 17 - (n + 3) if n + 3 <= 16 else 0
        alpha, beta = max(alpha, lo), min(beta, hi)
        if alpha >= beta:
            return alpha
        tt_move = -1
        table_key, symmetry = (occ, planes, hand), None
        if self.use_table:
            if n <= self.symmetry_until:
                *table_key, symmetry = class_key(occ, planes, hand)
            e = self.probe(*table_key)
            if e is not None:
                value, flag, tt_move = e[3], e[4], e[5]
                if symmetry is not None:
                    tt_move = move_from_class(tt_move, symmetry)
                if flag == EXACT:
                    return value
                if flag == LOWER:
                    alpha = max(alpha, value)
                else:
                    beta = min(beta, value)
                if alpha >= beta:
                    return value
        if self.use_order and len(moves) > 1:
            def key(m):
                if m == tt_move:
                    return -1
                c = self.child(occ, used, planes, hand, m)
                return len(self.safe_moves(*c))
            moves.sort(key=key)                 # stable: ties keep their order
        elif tt_move in moves:
            moves.remove(tt_move)
            moves.insert(0, tt_move)
        alpha0, best, best_move = alpha, -100, moves[0]
        for m in moves:
            score = -self.negamax(*self.child(occ, used, planes, hand, m), -beta, -alpha)
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        if self.use_table:
            flag = LOWER if best >= beta else EXACT if best > alpha0 else UPPER
            if symmetry is not None:
                best_move = move_to_class(best_move, symmetry)
            self.store(*table_key, best, flag, best_move)
        return best

    def score(self, occ, used, planes, hand, weak=False) -> int:
        """Score of a position for its mover (exact, or its sign if ``weak``)."""
        n = popcount(occ)
        if self.variant == "standard" and hand is None:
            best = -100
            for q in bits(~used & 0xFFFF):
                if self.can_win(occ, used | 1 << q, planes, q):
                    r = -(1 if weak else 17 - (n + 1))
                else:
                    r = -self._solve(occ, used | 1 << q, planes, q, weak)
                best = max(best, r)
            return best
        hand = NO_HAND if hand is None else hand
        if self.can_win(occ, used, planes, hand):
            return 1 if weak else 17 - (n + 1)
        return self._solve(occ, used, planes, hand, weak)

    def _solve(self, occ, used, planes, hand, weak) -> int:
        if weak:
            r = self.negamax(occ, used, planes, hand, -1, 1)
            return (r > 0) - (r < 0)
        n = popcount(occ)
        lo = -(17 - (n + 2))
        hi = 17 - (n + 3) if n + 3 <= 16 else 0
        while lo < hi:
            med = lo + (hi - lo) // 2
            if med <= 0 and int(lo / 2) < med:
                med = int(lo / 2)
            elif med >= 0 and int(hi / 2) > med:
                med = int(hi / 2)
            r = self.negamax(occ, used, planes, hand, med, med + 1)
            if r <= med:
                hi = r
            else:
                lo = r
        return lo

    def solve(self, state, weak=False) -> tuple:
        """``(score, nodes)`` of a non-terminal Quarto state for the player to move."""
        variant = quarto_variant(state)
        if state.is_terminal():
            raise ValueError("the game is already over: nothing to solve")
        self.variant = variant
        occ, used, planes = state_bits(state)
        hand = state.piece_in_hand() if self.variant == "standard" else None
        self.nodes = 0
        return self.score(occ, used, planes, hand, weak), self.nodes


def quarto_variant(state) -> str:
    """``"own"`` (document 000's variant) or ``"standard"``, read from the state's public API,
    so the compiled engines and their plain-Python twins (``qsearch.reference.quarto``) are
    solved alike. TypeError for a state of another game."""
    if callable(getattr(state, "board_pieces", None)):
        variant = {256: "own", 32: "standard"}.get(state.num_distinct_actions())
        if variant is not None:
            return variant
    raise TypeError(f"expected an OwnPieceQuarto or Quarto state, not {type(state).__name__}")


def state_bits(state) -> tuple:
    """``(occ, used, planes)`` of a Quarto state, from its public API."""
    occ = used = planes = 0
    for s, p in enumerate(state.board_pieces()):
        if p >= 0:
            occ |= 1 << s
            used |= 1 << p
            planes |= PIECE_PLANES[p] << s
    if quarto_variant(state) == "standard" and state.piece_in_hand() is not None:
        used |= 1 << state.piece_in_hand()
    return occ, used, planes


def solve(state, weak=False, table_bits=16) -> tuple:
    """``(score, nodes)`` with a fresh :class:`ReferenceSolver`."""
    return ReferenceSolver(table_bits).solve(state, weak)
