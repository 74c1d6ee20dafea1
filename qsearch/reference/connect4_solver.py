"""Exact Connect-4 solver in pure Python, the twin of :mod:`qsearch.search.connect4_solver`.

It follows Pascal Pons' tutorial "Solving Connect 4" (blog.gamesolver.org) step by step and
makes exactly the same decisions as the compiled solver (same move order, same table, same
bounds), so both return the same score *and* the same node count on every position. Only the
speed differs (the compiled one is a few hundred times faster).

The ideas, in the order they appear below:

1. **Bitboards.** A position is two integers: ``cur``, the stones of the player to move, and
   ``mask``, all stones. Bit ``7*col + row`` is a cell; each column has one extra, always empty
   "guard" bit on top, so that shifted copies of a board never wrap into the next column.
   Finding every cell that would complete four in a row is a dozen shifts and ANDs.
2. **Negamax with alpha-beta.** The score of a position for the player to move is the maximum
   over moves of minus the score of the child for the opponent; a child that scores at least
   ``beta`` ends the search of the node (the opponent would never allow it).
3. **Scores carry the distance to the win.** Winning with the ``n``-th stone scores
   ``(44 - n) // 2``: a quick win is worth more than a slow one. This makes bounds from the
   number of empty cells possible: whoever wins, it cannot be sooner than the next stone that
   could complete a line, which clips ``[alpha, beta]`` before any move is searched.
4. **Non-losing moves only.** A move that lets the opponent complete four at once is never
   worth searching (unless every move does: then the position is lost). With two immediate
   threats against us, the position is lost without search.
5. **Move ordering.** Alpha-beta cuts most when the best move comes first: we try the moves
   that create the most threats (cells where our next stone would win) first, and the central
   columns first among equals (they belong to more lines).
6. **Transposition table.** Different move orders reach the same position; storing what was
   learnt about it (an EXACT score, or a LOWER / UPPER bound) avoids searching it again. The
   table grows with the search (a few thousand slots at first, twice as many each time the
   nodes searched reach the slots in use): a small search then stays in the processor's
   caches, which matters far more to the compiled twin's speed than anything else.
   Positions with 36 stones or more skip the table: their subtrees cost less to search
   again than the memory traffic of storing them.
7. **Null-window search.** A search with the window ``(x, x+1)`` only answers "is the score
   above ``x``?", but it cuts much more than a wide search. The outer loop of :func:`solve`
   narrows ``[min, max]`` with such probes, like a binary search on the score.
"""
from __future__ import annotations

import time

from qsearch.core.checks import check_bits
from qsearch.core.results import SolveResult
from qsearch.core.rng import murmur_finalise
from qsearch.games.connect4 import Connect4

WIDTH, HEIGHT, CELLS = 7, 6, 42
BOTTOM = sum(1 << (7 * col) for col in range(WIDTH))  # bit 0 of every column
BOARD = BOTTOM * ((1 << HEIGHT) - 1)                   # the 42 cells, guard bits excluded
COLUMN = (1 << HEIGHT) - 1                             # column 0; shifted by 7*col for others
ORDER = (3, 2, 4, 1, 5, 0, 6)                          # centre first
START_BITS = 12                                        # slots in use after a reset: 2**12
TABLE_MOVES = 36           # positions with this many stones skip the table (tiny subtrees)
M64 = (1 << 64) - 1                                    # to mimic C's 64-bit arithmetic

# Flags of a table entry: what the stored value tells about the true score.
LOWER, UPPER, EXACT = 1, 2, 3   # value <= score, score <= value, score == value


# ------------------------------------------------------------------------------ bitboards
def winning_cells(pos: int, mask: int) -> int:
    """Empty cells where one more stone would give ``pos`` four in a row.

    ``pos << d`` moves every stone one step along a direction ``d`` (1 up, 7 right, 6 and 8
    the diagonals); a cell is winning when the three cells before it, or two before and one
    after, or one before and two after, or the three after it, all hold our stones.
    """
    r = (pos << 1) & (pos << 2) & (pos << 3)          # vertical: three stones below
    for d in (7, 6, 8):                               # horizontal and both diagonals
        p = (pos << d) & (pos << 2 * d)               # two stones on one side...
        r |= p & (pos << 3 * d)                       # ...and a third on that side
        r |= p & (pos >> d)                           # ...or one on the other side
        p = (pos >> d) & (pos >> 2 * d)
        r |= p & (pos << d)
        r |= p & (pos >> 3 * d)
    return r & (BOARD ^ mask)                         # only empty cells count


def playable(mask: int) -> int:
    """The lowest empty cell of each column that is not full (adding 1 to a column's stones
    carries up to its first empty cell)."""
    return (mask + BOTTOM) & BOARD


def non_losing_moves(cur: int, mask: int) -> int:
    """The playable cells after which the opponent cannot win at once; 0 if there are none."""
    possible = playable(mask)
    threats = winning_cells(cur ^ mask, mask)         # the opponent's winning cells
    forced = possible & threats
    if forced:
        if forced & (forced - 1):                     # two of them: we cannot block both
            return 0
        possible = forced                             # we must block the only one
    return possible & ~(threats >> 1)                 # never fill the cell below a threat


def _half(x: int) -> int:
    """``x / 2`` rounded towards zero (as C does), not down as ``//`` does."""
    return -(-x // 2) if x < 0 else x // 2


class Solver:
    """Exact Connect-4 solver with a transposition table kept across calls.

    The table has at most ``2**table_bits`` slots, of which the first ``2**used_bits`` are in
    use; a position goes to slot ``murmur_finalise(key) % 2**used_bits`` and a newer entry
    always replaces the older one in its slot. After a reset ``used_bits`` is 12; when the
    nodes searched since the reset reach the slots in use, their number doubles and every
    entry moves to its slot in the larger table. (Python keeps the table as a dict from slot
    to ``(key, value, flag)``; the compiled twin packs each entry in one 64-bit word of a C
    array, but it stores, finds, moves and replaces exactly the same entries.)
    """

    def __init__(self, table_bits: int = 24):
        self.table_bits = check_bits(table_bits, "table_bits", 10, 30)
        self.table: dict[int, tuple[int, int, int]] = {}
        self.nodes = 0
        self.lo = self.hi = 0           # the bounds proven on the score of the solve running
        self.reset()

    def reset(self) -> None:
        """Forget every stored position; back to the first ``2**12`` slots."""
        self.table.clear()
        self.since_reset = 0            # negamax calls since the reset
        self._use_bits(min(START_BITS, self.table_bits))

    def _use_bits(self, bits: int) -> None:
        self.used_bits = bits
        self.index_mask = (1 << bits) - 1
        # grow when the nodes since the reset reach the slots in use (never past table_bits)
        self.grow_at = 1 << bits if bits < self.table_bits else float("inf")

    def _grow(self) -> None:
        """Double the slots in use; an entry keeps its slot or moves up by the old size."""
        old = self.index_mask + 1
        self._use_bits(self.used_bits + 1)
        for slot in [s for s, (key, _, _) in self.table.items() if murmur_finalise(key) & old]:
            self.table[slot + old] = self.table.pop(slot)

    # -------------------------------------------------------------------------- search
    def negamax(self, cur: int, mask: int, moves: int, alpha: int, beta: int) -> int:
        """Score of the position for the player to move, if it lies in ``(alpha, beta)``.

        Otherwise the result is a bound on the same side of the window as the score: a
        result ``<= alpha`` means score <= result, a result ``>= beta`` means score >= result.
        ``cur``: the stones of the player to move, ``mask``: all stones, ``moves``: how many.
        The player to move cannot win with its next stone (the caller has checked).
        """
        self.nodes += 1
        self.since_reset += 1
        if self.since_reset >= self.grow_at:
            self._grow()

        nxt = non_losing_moves(cur, mask)
        if nxt == 0:                        # whatever we play, the opponent wins next stone
            return -((CELLS - moves) // 2)
        if moves >= CELLS - 2:              # two cells left, and nobody wins in them
            return 0

        # The opponent cannot win with its next stone: its best is to win with the one after.
        bound = -((CELLS - 2 - moves) // 2)
        if alpha < bound:
            alpha = bound
            if alpha >= beta:
                return alpha
        # We cannot win with this stone: our best is to win with our next one.
        bound = (CELLS - 1 - moves) // 2
        if beta > bound:
            beta = bound
            if alpha >= beta:
                return beta

        # What did an earlier search learn about this position?
        key = cur + mask                    # unique: mask + cur marks the heights and owners
        h = murmur_finalise(key)
        slot = h & self.index_mask
        entry = self.table.get(slot) if moves < TABLE_MOVES else None
        if entry is not None and entry[0] == key:
            _, value, flag = entry
            if flag == EXACT:
                return value
            if flag == LOWER:
                if alpha < value:
                    alpha = value
                    if alpha >= beta:
                        return alpha
            elif beta > value:
                beta = value
                if alpha >= beta:
                    return beta

        # Move ordering: most threats created first; ties keep the centre-first order
        # (Python's sort is stable, as is the insertion sort of the compiled twin).
        candidates = []
        for col in ORDER:
            m = nxt & (COLUMN << (7 * col))
            if m:
                candidates.append((m, winning_cells(cur | m, mask | m).bit_count()))
        candidates.sort(key=lambda c: -c[1])

        alpha0 = alpha
        for m, _ in candidates:
            # the child: the opponent's stones become "cur", and our move joins the mask
            score = -self.negamax(cur ^ mask, mask | m, moves + 1, -beta, -alpha)
            if score >= beta:               # good enough: the opponent avoids this position
                if moves < TABLE_MOVES:
                    self.table[slot] = (key, score, LOWER)
                return score
            if score > alpha:
                alpha = score
        # no cut: alpha is exact if a move raised it, otherwise only an upper bound
        if moves < TABLE_MOVES:
            self.table[slot] = (key, alpha, EXACT if alpha > alpha0 else UPPER)
        return alpha

    def _solve(self, cur: int, mask: int, moves: int, weak: bool) -> int:
        """Score of a non-terminal position (only its sign if ``weak``)."""
        self.nodes = 0
        if winning_cells(cur, mask) & playable(mask):     # we win with this stone
            return 1 if weak else (CELLS + 1 - moves) // 2
        lo = -((CELLS - moves) // 2)        # at worst, the opponent wins with its next stone
        hi = (CELLS + 1 - moves) // 2       # at best, we win with our next-but-one stone
        if weak:
            lo, hi = -1, 1
        self.lo, self.hi = lo, hi
        while lo < hi:
            # Null-window probe "is the score above med?". Probing nearer 0 than the middle
            # pays off because most scores are small.
            med = lo + (hi - lo) // 2
            if med <= 0 and _half(lo) < med:
                med = _half(lo)
            elif med >= 0 and _half(hi) > med:
                med = _half(hi)
            r = self.negamax(cur, mask, moves, med, med + 1)
            if r <= med:
                hi = r
            else:
                lo = r
            self.lo, self.hi = lo, hi
        if weak:
            return (lo > 0) - (lo < 0)
        return lo

    # ------------------------------------------------------------------------ public API
    def solve(self, state: Connect4, weak: bool = False) -> SolveResult:
        """Solve ``state``; the score is for the player to move (only its sign if ``weak``).

        The state is not modified. TypeError for a non-Connect4, ValueError if it is over.
        """
        cur, mask, moves = _position(state)
        t0 = time.perf_counter()
        score = self._solve(cur, mask, moves, bool(weak))
        return SolveResult(score, self.nodes, time.perf_counter() - t0)

    def analyze(self, state: Connect4) -> list:
        """Score of each of the 7 columns for the player to move, None for a full column."""
        cur, mask, moves = _position(state)
        wins = winning_cells(cur, mask)
        possible = playable(mask)
        scores = []
        for col in range(WIDTH):
            m = possible & (COLUMN << (7 * col))
            if not m:
                scores.append(None)
            elif m & wins:
                scores.append((CELLS + 1 - moves) // 2)
            elif moves + 1 == CELLS:
                scores.append(0)            # the last stone fills the board: a draw
            else:
                scores.append(-self._solve(cur ^ mask, mask | m, moves + 1, False))
        return scores


def _position(state) -> tuple[int, int, int]:
    """``(stones of the player to move, all stones, number of stones)``, after checks."""
    if not isinstance(state, Connect4):
        raise TypeError(f"expected a Connect4 state, not {type(state).__name__}")
    if state.winner_player() is not None:
        raise ValueError(
            f"the game is already over (player {state.winner_player()} has four in a row): "
            "nothing to solve"
        )
    moves = state.num_moves()
    if moves == CELLS:
        raise ValueError("the game is already over (the board is full, a draw): nothing to solve")
    boards = state.bitboards()
    return boards[moves & 1], boards[0] | boards[1], moves


_default: Solver | None = None


def _default_solver() -> Solver:
    global _default
    if _default is None:
        _default = Solver()
    return _default


def solve(state: Connect4, weak: bool = False) -> SolveResult:
    """Solve ``state`` with a fresh table (so the node count does not depend on earlier calls)."""
    _position(state)
    solver = _default_solver()
    solver.reset()
    return solver.solve(state, weak)


def analyze(state: Connect4) -> list:
    """Score of each column for the player to move (None if full), with a fresh table."""
    _position(state)
    solver = _default_solver()
    solver.reset()
    return solver.analyze(state)
