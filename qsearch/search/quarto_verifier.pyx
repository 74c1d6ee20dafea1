# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""A second engine for standard Quarto, written apart from the solver to check its proofs.

A proof of standard Quarto (:mod:`qsearch.proofs.quarto_standard`) ends in positions that
:mod:`qsearch.search.quarto_solver` settled; it is only as sound as that engine. This module
settles the same positions again with code that shares nothing with the solver but the rules
(it reads a state through its public methods only):

* **the board** is seen line by line (a small struct copied into each child: no
  make/unmake): each of the ten lines keeps its number of pieces and two 4-bit masks, the
  attributes all its pieces have (``have``) and all of them lack (``lack``). A line of three
  is completed by exactly the pieces that share one of these (a 16 x 16 table of piece sets,
  :data:`COMPLETES` in the twin), so the pieces that win at once are an OR over the lines of
  three; the solver instead tests attribute planes line by line;
* **values** are -1, 0 and +1 for the mover (a weak solve: no distances, no bounds from the
  number of pieces);
* **a move** is a square for the piece in hand and the gift that follows. A gift that lets
  the opponent win at once is never searched (it loses); a mover whose every move is such a
  gift loses;
* **the table** is Zobrist-keyed (random keys of its own), one slot kept for the position
  with the most work behind it and one replaced always;
* **the order**: the table's move first, then (while ``order_until`` pieces or fewer are on
  the board) the moves that leave the opponent the fewest safe replies, else squares and
  gifts in ascending order.

:mod:`qsearch.reference.quarto_verifier` is the readable pure-Python twin (same order, same
values and node counts); the tests compare both with plain alpha-beta to the end, and
``python -m qsearch solve quarto --check --engine verifier`` re-solves a proof's leaves
with it.
"""
from libc.stdlib cimport free
from libc.string cimport memset
from posix.stdlib cimport posix_memalign

from qsearch.core.bits cimport ctz32, popcount32, u32, u64
from qsearch.search.clock cimport now

from qsearch.core.checks import check_limits
from qsearch.core.results import SolveResult
from qsearch.reference.quarto_verifier import check_state

cdef enum:
    MIN_BITS = 8
    MAX_BITS = 30
    NONE = 0
    LOWER = 1
    UPPER = 2
    EXACT = 3
    CHECK_EVERY = 4095      # the clock and node limit are read once every 4096 nodes
    NO_MOVE = 255


cdef struct Position:
    u64 key                 # Zobrist key of the pieces on their squares
    unsigned char count[10]  # pieces on each line
    unsigned char have[10]  # attributes every piece of the line has
    unsigned char lack[10]  # attributes every piece of the line lacks
    u32 empty               # empty squares
    u32 spare               # pieces neither on the board nor in hand
    int placed


cdef struct Slot:
    u64 key
    signed char value
    unsigned char flag
    unsigned char move      # 16 * square + gift
    unsigned char placed


cdef struct Engine:
    Slot* table
    u64 mask                # slot pairs: index & mask is even
    bint use_table
    int order_until
    long long nodes
    long long max_nodes
    double deadline
    bint stopped


# the lines through each square (rows, columns, both diagonals: the twin's LINES, numbered)
cdef int LINES_THROUGH[16][3]
cdef int N_LINES_THROUGH[16]
cdef u32 COMPLETES[16][16]      # [have][lack]: the pieces that complete a line of three
cdef u64 PIECE_KEY[16][16]      # [square][piece]
cdef u64 HAND_KEY[16]


def _fill_tables():
    from qsearch.reference.quarto_verifier import (
        COMPLETES as completes,
        HAND_KEYS,
        LINES_THROUGH as through,
        PIECE_KEYS,
    )
    cdef int j, have, lack, s, p
    for s in range(16):
        N_LINES_THROUGH[s] = len(through[s])
        for j in range(len(through[s])):
            LINES_THROUGH[s][j] = through[s][j]
    for have in range(16):
        for lack in range(16):
            COMPLETES[have][lack] = completes[have][lack]
    for s in range(16):
        for p in range(16):
            PIECE_KEY[s][p] = PIECE_KEYS[s][p]
    for p in range(16):
        HAND_KEY[p] = HAND_KEYS[p]


_fill_tables()


cdef inline void put(Position* P, int square, int piece) noexcept nogil:
    """Place ``piece`` on empty ``square``."""
    cdef int i, line
    P.empty &= ~(1u << square)
    P.placed += 1
    P.key ^= PIECE_KEY[square][piece]
    for i in range(N_LINES_THROUGH[square]):
        line = LINES_THROUGH[square][i]
        P.count[line] += 1
        P.have[line] &= piece
        P.lack[line] &= ~piece & 15


cdef inline u32 winning_pieces(const Position* P) noexcept nogil:
    """The pieces that, placed now, complete a line sharing an attribute."""
    cdef u32 out = 0
    cdef int line
    for line in range(10):
        if P.count[line] == 3:
            out |= COMPLETES[P.have[line]][P.lack[line]]
    return out


cdef int safe_replies(const Position* P, int hand) noexcept nogil:
    """How many moves of the mover (holding ``hand``) leave no win at once to the other."""
    cdef Position C
    cdef u32 squares = P.empty
    cdef int s, n = 0
    while squares:
        s = ctz32(squares)
        squares &= squares - 1
        C = P[0]
        put(&C, s, hand)
        n += popcount32(C.spare & ~winning_pieces(&C))
    return n


cdef int search(Engine* E, const Position* P, int hand, int alpha, int beta) noexcept nogil:
    """Value (-1, 0, +1, fail-soft) for the mover, who holds ``hand`` and cannot win with it."""
    cdef Position C
    cdef int moves[256]
    cdef int keys[256]
    cdef u32 squares, safe
    cdef int n = 0, i, j, s, q, m, key, value, best = -2, best_move = NO_MOVE, alpha0
    cdef int table_move = NO_MOVE
    cdef u64 key64 = P.key ^ HAND_KEY[hand]
    cdef Slot* slot = NULL
    E.nodes += 1
    if (E.nodes & CHECK_EVERY) == 0 and (
            (E.max_nodes and E.nodes >= E.max_nodes)
            or (E.deadline > 0 and now() >= E.deadline)):
        E.stopped = True
    if E.stopped:
        return 0
    if P.placed == 15:
        return 0                    # the last piece, which completes nothing: a draw
    if E.use_table:
        slot = &E.table[key64 & E.mask]
        if slot.key != key64 or slot.flag == NONE:
            slot += 1
            if slot.key != key64 or slot.flag == NONE:
                slot = NULL
        if slot != NULL:
            table_move = slot.move
            if slot.flag == EXACT:
                return slot.value
            if slot.flag == LOWER and slot.value > alpha:
                alpha = slot.value
            elif slot.flag == UPPER and slot.value < beta:
                beta = slot.value
            if alpha >= beta:
                return slot.value
    squares = P.empty
    while squares:
        s = ctz32(squares)
        squares &= squares - 1
        C = P[0]
        put(&C, s, hand)
        safe = C.spare & ~winning_pieces(&C)
        while safe:
            q = ctz32(safe)
            safe &= safe - 1
            m = 16 * s + q
            if m == table_move:
                key = -1
            elif P.placed <= E.order_until:
                C.spare &= ~(1u << q)
                key = safe_replies(&C, q)
                C.spare |= 1u << q
            else:
                key = 0
            j = n                   # insertion: stable, so ties keep squares then gifts
            while j > 0 and keys[j - 1] > key:
                keys[j] = keys[j - 1]
                moves[j] = moves[j - 1]
                j -= 1
            keys[j] = key
            moves[j] = m
            n += 1
    if n == 0:
        return -1                   # every gift lets the opponent win at once
    alpha0 = alpha
    for i in range(n):
        s = moves[i] >> 4
        q = moves[i] & 15
        C = P[0]
        put(&C, s, hand)
        C.spare &= ~(1u << q)
        value = -search(E, &C, q, -beta, -alpha)
        if E.stopped:
            return 0
        if value > best:
            best = value
            best_move = moves[i]
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    if E.use_table:
        store(E, key64, P.placed, best, LOWER if best >= beta else (
            EXACT if best > alpha0 else UPPER), best_move)
    return best


cdef inline void store(Engine* E, u64 key, int placed, int value, int flag,
                       int move) noexcept nogil:
    """The first slot of a pair keeps the position with fewer pieces (more work behind it),
    the second takes whatever the first does not."""
    cdef Slot* slot = &E.table[key & E.mask]
    if not (slot.flag == NONE or slot.key == key or placed <= slot.placed):
        slot += 1
    slot.key = key
    slot.value = <signed char>value
    slot.flag = <unsigned char>flag
    slot.move = <unsigned char>move
    slot.placed = <unsigned char>placed


cdef class QuartoVerifier:
    """Weak solver of standard Quarto positions, independent of
    :class:`~qsearch.search.quarto_solver.QuartoSolver` (see the module's docstring).

    ``QuartoVerifier(table_bits=22, table=True, order_until=12)``: ``2**table_bits`` slots of
    16 bytes (64 MiB for 22); ``table=False`` searches without a table; moves are ordered by
    the opponent's safe replies while at most ``order_until`` pieces are on the board
    (-1: never).
    """

    cdef Engine E
    cdef readonly int table_bits

    def __cinit__(self, int table_bits=22, bint table=True, int order_until=12):
        cdef void* p = NULL
        cdef size_t size
        self.E.table = NULL
        if not MIN_BITS <= table_bits <= MAX_BITS:
            raise ValueError(f"table_bits must be in {MIN_BITS}..{MAX_BITS}, not {table_bits}")
        if not -1 <= order_until <= 16:
            raise ValueError(f"order_until must be in -1..16, not {order_until}")
        size = ((<size_t>1) << table_bits) * sizeof(Slot)
        if posix_memalign(&p, 64, size) != 0 or p == NULL:
            raise MemoryError(f"cannot allocate a table of 2**{table_bits} slots")
        memset(p, 0, size)
        self.E.table = <Slot*>p
        self.E.mask = (((<u64>1) << table_bits) - 1) & ~(<u64>1)
        self.E.use_table = table
        self.E.order_until = order_until
        self.table_bits = table_bits

    def __dealloc__(self):
        free(self.E.table)

    def solve(self, state, max_nodes=None, time_limit=None):
        """The value of ``state`` (a non-terminal standard :class:`~qsearch.games.Quarto`)
        for the player to move: a :class:`SolveResult` whose ``score`` is +1 (a win), 0 (a
        draw) or -1 (a loss), or None if ``max_nodes`` or ``time_limit`` (seconds, both read
        every 4096 nodes) stopped it. A state waiting for a gift is valued as its best gift.
        The state is not modified; the table is kept between calls.
        """
        cdef Position P
        cdef int hand
        hand = _read(state, &P)
        limit_nodes, limit_time = check_limits(max_nodes, time_limit)
        self.E.max_nodes = limit_nodes
        self.E.deadline = now() + limit_time if limit_time > 0 else 0.0
        self.E.stopped = False
        self.E.nodes = 0
        cdef double t0 = now()
        cdef int value
        with nogil:
            value = root_value(&self.E, &P, hand)
        elapsed = now() - t0
        return SolveResult(None if self.E.stopped else value, self.E.nodes, elapsed)

    @property
    def nodes(self):
        """Nodes of the last solve."""
        return self.E.nodes


cdef int root_value(Engine* E, Position* P, int hand) noexcept nogil:
    """The mover's value; ``hand`` -1: the mover gives a piece first (the best gift)."""
    cdef u32 wins = winning_pieces(P), gifts
    cdef int q, value, best = -1
    if hand >= 0:
        if (wins >> hand) & 1:
            return 1
        return search(E, P, hand, -1, 1)
    gifts = P.spare
    while gifts:
        q = ctz32(gifts)
        gifts &= gifts - 1
        if (wins >> q) & 1:
            continue                # the opponent would win with it
        P.spare &= ~(1u << q)
        value = -search(E, P, q, -1, 1)
        P.spare |= 1u << q
        if E.stopped:
            return 0
        if value > best:
            best = value
            if best == 1:
                break
    return best


cdef int _read(state, Position* P) except -2:
    """Fill ``P`` from ``state``'s public methods; the piece in hand, or -1."""
    cdef int s, p, line
    check_state(state)
    memset(P, 0, sizeof(Position))
    for line in range(10):
        P.have[line] = 15
        P.lack[line] = 15
    P.empty = 0xFFFF
    P.spare = 0xFFFF
    for s, p in enumerate(state.board_pieces()):
        if p >= 0:
            put(P, s, p)
            P.spare &= ~(1u << p)
    hand = state.piece_in_hand()
    if hand is None:
        return -1
    P.spare &= ~(1u << <int>hand)
    return hand
