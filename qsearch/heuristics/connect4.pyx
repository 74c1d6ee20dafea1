# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Connect-4 heuristics, compiled (their readable twins are in qsearch.reference.heuristics).

All score a position from ``player``'s point of view (``player`` is the document's MAX):

``evaluation_table``
    Document 001's first heuristic. Each cell is worth the number of four-in-a-row lines
    through it; the score is 138 plus the worth of MAX's stones minus the worth of MIN's
    (276 = 2 x 138 is the worth of the whole board).
``potential_lines``
    Document 001's improved heuristic (its ``comprobarFichas`` patterns). For every cell and
    every forward direction (up, right, up-right, down-right) look at the next three cells:
    two of the cell's colour and one empty score 3, one and two empty score 2, three empty
    score 1 (occupied cells only). An empty cell counts as MAX's and its points are halved
    (Java integer division); MIN's cells count negative. The twin's ``explain`` prints the
    per-cell reasoning.
``book_rules``
    ``potential_lines`` with the document's special case for the first moves: with three
    stones or fewer the score is 2 if MIN holds the bottom centre and MAX a bottom cell next
    to it, 3 if MAX holds the bottom centre, else 0.
``line_weights``
    Document 002's heuristic: 1/6 x (open 2-lines) + 5/6 x (open 3-lines), MAX's minus MIN's.
    A *line* is one of the 69 windows of four cells; it is open for a player when the
    opponent has no stone in it; an open 2-line whose two stones both lie in an open 3-line
    of the same player is a sub-line of that 3 and is not counted.

Why bitboards here: ``potential_lines`` is a sum over cells and directions of a pattern of
the next three cells, so for one direction ``d`` the cells whose k-th neighbour is MAX's are
just ``max_stones >> (k * d)``; a whole direction costs a few ANDs and popcounts instead of
42 look-ups. The one non-linear step, halving each empty cell's points, only needs the
parity of its count of 3-point patterns (2-point patterns are even), an XOR over directions.
"""
from qsearch.core.bits cimport ctz64, popcount64, u64
from qsearch.games._game cimport Game
from qsearch.games.connect4 cimport Connect4
from qsearch.heuristics._heuristic cimport Heuristic

# The documents' numbers are defined once, in the readable twin (plain Python).
from qsearch.reference.heuristics import EVALUATION_TABLE, WEIGHT_2, WEIGHT_3

cdef int WEIGHT[49]          # worth of each bit of the bitboard layout (0 on guard bits)
for _r in range(6):
    for _c in range(7):
        WEIGHT[7 * _c + _r] = EVALUATION_TABLE[_r][_c]


def _bit(row, col):
    return 1 << (7 * col + row)


# The document's four directions as bit shifts (a neighbour of bit b is b + shift) and, for
# each, the cells whose three neighbours are on the board (its bounds checks).
cdef int SHIFT[4]
cdef u64 VALID[4]
cdef u64 BOARD = 0           # the 42 cells
_DIRECTIONS = (              # (shift, row step, column step) as vertical, horizontal, ...
    (1, 1, 0),               # vertical: (i+1, j)
    (7, 0, 1),               # horizontal: (i, j+1)
    (8, 1, 1),               # diagonal: (i+1, j+1)
    (6, -1, 1),              # diagonalInv: (i-1, j+1)
)
for _d, (_s, _dr, _dc) in enumerate(_DIRECTIONS):
    SHIFT[_d] = _s
    VALID[_d] = 0
    for _r in range(6):
        for _c in range(7):
            if 0 <= _r + 3 * _dr < 6 and _c + 3 * _dc < 7:
                VALID[_d] |= _bit(_r, _c)
for _r in range(6):
    for _c in range(7):
        BOARD |= _bit(_r, _c)

# VALID[d] holds exactly the first cells of the 69 windows of four (document 002's lines).
assert sum(bin(VALID[_d]).count("1") for _d in range(4)) == 69


cdef inline int table_sum(u64 b) noexcept nogil:
    cdef int total = 0
    while b:
        total += WEIGHT[ctz64(b)]
        b &= b - 1
    return total


cdef inline Connect4 as_connect4(Game state, str name):
    if not isinstance(state, Connect4):
        raise TypeError(f"{name} scores Connect4 states, not {type(state).__name__}")
    return <Connect4>state


cdef class EvaluationTable(Heuristic):
    """Document 001's evaluation table: ``138 + own cells' worth - opponent's``."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        cdef Connect4 s = as_connect4(state, "evaluation_table")
        return 138 + table_sum(s.boards[player]) - table_sum(s.boards[1 - player])

    @property
    def bounds(self):
        """The two sides' stones are worth at most the whole board, 276: 138 +- 276."""
        return (138.0 - 276.0, 138.0 + 276.0)


# ------------------------------------------------------------------ potential_lines
cdef inline int pattern_points(u64 own, u64 opp, u64 cells, bint occupied,
                               u64* odd) noexcept nogil:
    """Sum over ``cells`` and the four directions of the comprobarFichas points (not halved).

    ``own`` are the stones of the cells' colour J, ``opp`` the other colour's. When
    ``occupied`` is false the 1-point pattern (three empty cells) does not count, and ``odd``
    receives the cells with an odd number of 3-point patterns (odd totals, for the halving).
    """
    cdef int d, s, total = 0
    cdef u64 n1, n2, n3, clean, two, one, zero, parity = 0
    for d in range(4):
        s = SHIFT[d]
        n1 = own >> s
        n2 = own >> (2 * s)
        n3 = own >> (3 * s)
        # the three neighbours are each J or empty: no stone of the other colour among them
        clean = cells & VALID[d] & ~((opp >> s) | (opp >> (2 * s)) | (opp >> (3 * s)))
        two = clean & ((n1 & n2 & ~n3) | (n1 & ~n2 & n3) | (~n1 & n2 & n3))
        one = clean & ((n1 & ~n2 & ~n3) | (~n1 & n2 & ~n3) | (~n1 & ~n2 & n3))
        total += 3 * popcount64(two) + 2 * popcount64(one)
        if occupied:
            zero = clean & ~(n1 | n2 | n3)
            total += popcount64(zero)
        else:
            parity ^= two
    odd[0] = parity
    return total


cdef inline int potential_lines_c(u64 mine, u64 theirs) noexcept nogil:
    """Document 001's improved heuristic for the owner of ``mine`` (MAX)."""
    cdef u64 empty = BOARD & ~(mine | theirs)
    cdef u64 odd = 0
    cdef int max_points, min_points, empty_points
    max_points = pattern_points(mine, theirs, mine, True, &odd)
    min_points = pattern_points(theirs, mine, theirs, True, &odd)
    # Each empty cell adds floor(points / 2): the sum minus the odd ones, halved.
    empty_points = pattern_points(mine, theirs, empty, False, &odd)
    empty_points = (empty_points - popcount64(odd & empty)) // 2
    return max_points + empty_points - min_points


cdef class PotentialLines(Heuristic):
    """Document 001's improved heuristic (``comprobarFichas`` patterns); see the module doc."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        cdef Connect4 s = as_connect4(state, "potential_lines")
        return potential_lines_c(s.boards[player], s.boards[1 - player])

    @property
    def bounds(self):
        """Each of the 42 cells scores at most 3 points in each of 4 directions: +-504."""
        return (-504.0, 504.0)

    def explain(self, state, player=None):
        """The per-cell reasoning of the document's trace (see the twin's ``explain``)."""
        from qsearch.reference.heuristics import explain_potential_lines
        return explain_potential_lines(state, player)


# ------------------------------------------------------------------ book_rules
cdef u64 CENTRE = 1ULL << (7 * 3)
cdef u64 BESIDE_CENTRE = (1ULL << (7 * 2)) | (1ULL << (7 * 4))


cdef class BookRules(Heuristic):
    """``potential_lines``, but the document's book rules while there are <= 3 stones."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        cdef Connect4 s = as_connect4(state, "book_rules")
        cdef u64 mine = s.boards[player], theirs = s.boards[1 - player]
        if popcount64(mine | theirs) > 3:
            return potential_lines_c(mine, theirs)
        if theirs & CENTRE:
            return 2.0 if mine & BESIDE_CENTRE else 0.0
        if mine & CENTRE:
            return 3.0
        return 0.0

    @property
    def bounds(self):
        """``potential_lines``'s (the book's values, 0-3, lie inside)."""
        return (-504.0, 504.0)


# ------------------------------------------------------------------ line_weights
cdef inline u64 shifted(u64 b, int n) noexcept nogil:
    """``b`` moved down by ``n`` bits (up by ``-n`` if negative)."""
    return b >> n if n >= 0 else b << (-n)


cdef inline void count_lines(u64 own, u64 opp, int* twos, int* threes) noexcept nogil:
    """Open 2-lines (not inside an open 3-line) and open 3-lines of the owner of ``own``.

    A window is named by its first cell b and direction (shift s): cells b, b+s, b+2s, b+3s.
    Its stone count is added up bit-parallel over all windows of a direction; a 2-line with
    stones at offsets i < j lies inside the 3-line starting at b+k*s when k <= i and
    j - 3 <= k (k != 0): the same line, so the same direction.
    """
    cdef int d, s, i, j, k, n2 = 0, n3 = 0
    cdef u64 a[4]
    cdef u64 open_, s1, c1, s2, c2, low, c3, two_bit, four, three_w, two_w, pair, cover
    for d in range(4):
        s = SHIFT[d]
        for k in range(4):
            a[k] = own >> (k * s)
        open_ = VALID[d] & ~(opp | (opp >> s) | (opp >> (2 * s)) | (opp >> (3 * s)))
        s1 = a[0] ^ a[1]
        c1 = a[0] & a[1]
        s2 = a[2] ^ a[3]
        c2 = a[2] & a[3]
        low = s1 ^ s2                       # bit 0 of the count
        c3 = s1 & s2
        two_bit = c1 ^ c2 ^ c3              # bit 1 of the count
        four = c1 & c2                      # four stones (not an open window then)
        three_w = open_ & ~four & two_bit & low
        two_w = open_ & ~four & two_bit & ~low
        n3 += popcount64(three_w)
        n2 += popcount64(two_w)
        if three_w == 0 or two_w == 0:
            continue
        for i in range(3):
            for j in range(i + 1, 4):
                pair = two_w & a[i] & a[j]
                if pair == 0:
                    continue
                cover = 0
                for k in range(j - 3, i + 1):
                    if k != 0:
                        cover |= shifted(three_w, k * s)
                n2 -= popcount64(pair & cover)
    twos[0] = n2
    threes[0] = n3


cdef class LineWeights(Heuristic):
    """Document 002's heuristic: 1/6 open 2-lines + 5/6 open 3-lines, own minus opponent's."""

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        cdef Connect4 s = as_connect4(state, "line_weights")
        cdef int my2, my3, their2, their3
        count_lines(s.boards[player], s.boards[1 - player], &my2, &my3)
        count_lines(s.boards[1 - player], s.boards[player], &their2, &their3)
        return WEIGHT_2 * (my2 - their2) + WEIGHT_3 * (my3 - their3)

    @property
    def bounds(self):
        """Each of the 69 windows counts once at most, as a 2-line or a 3-line."""
        top = 69 * max(WEIGHT_2, WEIGHT_3)
        return (-top, top)


# ------------------------------------------------------------------ viewpoint
cdef class Viewpoint(Heuristic):
    """``heuristic`` as one fixed player sees it, made zero-sum: ``-h(state, owner)`` for the
    other player.

    The compiled search asks its leaves for the *root* player's score. Document 001's root
    loop searches each root child on its own (its mover is MIN), and its heuristics are not
    zero-sum (empty cells count for MAX), so those searches must keep asking MAX:
    ``alphabeta(child, d, Viewpoint(potential_lines, max_player))``.
    """

    cdef readonly Heuristic heuristic
    cdef readonly int owner

    def __init__(self, Heuristic heuristic, int owner):
        if owner not in (0, 1):
            raise ValueError(f"owner must be player 0 or 1, not {owner}")
        self.heuristic = heuristic
        self.owner = owner

    cpdef double evaluate(self, Game state, int player) except? -1.5e308:
        cdef double v = self.heuristic.evaluate(state, self.owner)
        return v if player == self.owner else -v

    @property
    def bounds(self):
        """The wrapped heuristic's, made symmetric (the other player sees it negated)."""
        inner = self.heuristic.bounds
        if inner is None:
            return None
        top = max(abs(inner[0]), abs(inner[1]))
        return (-top, top)

    def __repr__(self):
        return f"Viewpoint({self.heuristic!r}, {self.owner})"


evaluation_table = EvaluationTable()
potential_lines = PotentialLines()
book_rules = BookRules()
line_weights = LineWeights()

HEURISTICS = {
    "evaluation_table": evaluation_table,
    "potential_lines": potential_lines,
    "book_rules": book_rules,
    "line_weights": line_weights,
}


# ------------------------------------------------------------------ colours swapped
def swapped_colours(Connect4 state):
    """The same stones with the colours exchanged, the same player (by parity) to move.

    Document 001's ``minimax()`` always drops its own colour (``ponerFicha(i, MAX)``), even
    when it is asked to move for the other side: its search then sees the position with the
    colours exchanged. Such a position need not be reachable by alternating moves, so it is
    built from the bitboards; its move history is empty (``undo_action`` cannot go back).
    """
    cdef Connect4 s = Connect4.__new__(Connect4)
    s.boards[0] = state.boards[1]
    s.boards[1] = state.boards[0]
    s.mask = state.mask
    s.heights = state.heights
    s.moves = state.moves
    s.winner = -1 if state.winner < 0 else 1 - state.winner
    s._history = []
    return s


# ------------------------------------------------------------------ benchmarking
def evaluate_many(Heuristic heuristic, list states, int player, long repeats=1):
    """Evaluate every state ``repeats`` times in a C loop (as the search does); the sum.

    For benchmarks: timing calls from Python would mostly measure the Python call.
    """
    cdef double total = 0.0
    cdef long _r
    cdef Game s
    for _r in range(repeats):
        for s in states:
            total += heuristic.evaluate(s, player)
    return total
