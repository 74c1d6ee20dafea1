"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics.connect4` (``connect4.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`): the same
classes, instances and constants, with the same values, bounds and errors. The scoring is the
compiled module's, on bitboards held in Python ints (a direction is a shift, a count is
``int.bit_count``): a search calls its heuristic at every leaf, and the readable twin,
:mod:`qsearch.reference.heuristics`, which reads the board cell by cell as documents 001 and
002 do, is some 50 times slower (a depth-6 search of document 001 took minutes with it). The
twin stays the definition: ``potential_lines.explain`` prints its per-cell reasoning, and the
tests check that both give the same scores.

``evaluation_table``  document 001's table of cell worths: 138 + own cells' worth - opponent's;
``potential_lines``   document 001's improved heuristic (its ``comprobarFichas`` patterns);
``book_rules``        ``potential_lines`` with the document's rules for the first moves;
``line_weights``      document 002's 1/6 open 2-lines + 5/6 open 3-lines, own minus opponent's.
"""
from __future__ import annotations

import operator

from qsearch.heuristics._heuristic import Heuristic
from qsearch.reference import heuristics as twin
from qsearch.reference.connect4 import PyConnect4

# The documents' numbers, defined once in the twin (the compiled module exports them too).
from qsearch.reference.heuristics import EVALUATION_TABLE, WEIGHT_2, WEIGHT_3  # noqa: F401

# What the compiled functions and classes take as a Connect-4 state in this mode.
Connect4 = PyConnect4


def _connect4(state, name: str):
    if not isinstance(state, Connect4):
        raise TypeError(f"{name} scores Connect4 states, not {type(state).__name__}")
    return state


# ------------------------------------------------------------------ the compiled bitboards
# The compiled Connect4's layout: the stone at (row, col) is bit 7 * col + row (each column has
# a guard bit above its six cells, so a shift never wraps into the next column's cells).
_BITS = [[1 << (7 * col + row) for col in range(7)] for row in range(6)]
_WEIGHT = {1 << (7 * c + r): EVALUATION_TABLE[r][c] for r in range(6) for c in range(7)}
_BOARD = sum(sum(row) for row in _BITS)                     # the 42 cells
_CENTRE = _BITS[0][3]
_BESIDE_CENTRE = _BITS[0][2] | _BITS[0][4]
# The document's four directions as (shift, the cells whose three neighbours are on the
# board): vertical (i+1, j), horizontal (i, j+1), diagonal (i+1, j+1), diagonalInv (i-1, j+1).
_DIRECTIONS = tuple(
    (shift, sum(_BITS[r][c] for r in range(6) for c in range(7)
                if 0 <= r + 3 * dr < 6 and c + 3 * dc < 7))
    for shift, dr, dc in ((1, 1, 0), (7, 0, 1), (8, 1, 1), (6, -1, 1)))


def _boards(state) -> tuple[int, int]:
    """(player 0's stones, player 1's stones) of a PyConnect4, in the layout above."""
    boards = [0, 0, 0]                    # boards[-1] gathers the empty cells (EMPTY is -1)
    for row, bits in zip(state.grid, _BITS, strict=True):
        for owner, bit in zip(row, bits, strict=True):
            boards[owner] |= bit
    return boards[0], boards[1]


def _table_sum(stones: int) -> int:
    total = 0
    while stones:
        low = stones & -stones
        total += _WEIGHT[low]
        stones ^= low
    return total


def _pattern_points(own: int, opp: int, cells: int, occupied: bool) -> tuple[int, int]:
    """The comprobarFichas points of ``cells`` (not halved) and, for empty cells, the cells
    with an odd number of 3-point patterns: ``pattern_points`` of connect4.pyx."""
    total = parity = 0
    for s, valid in _DIRECTIONS:
        n1, n2, n3 = own >> s, own >> (2 * s), own >> (3 * s)
        clean = cells & valid & ~((opp >> s) | (opp >> (2 * s)) | (opp >> (3 * s)))
        two = clean & ((n1 & n2 & ~n3) | (n1 & ~n2 & n3) | (~n1 & n2 & n3))
        one = clean & ((n1 & ~n2 & ~n3) | (~n1 & n2 & ~n3) | (~n1 & ~n2 & n3))
        total += 3 * two.bit_count() + 2 * one.bit_count()
        if occupied:
            total += (clean & ~(n1 | n2 | n3)).bit_count()
        else:
            parity ^= two
    return total, parity


def _potential_lines(mine: int, theirs: int) -> float:
    """Document 001's improved heuristic for the owner of ``mine`` (MAX)."""
    empty = _BOARD & ~(mine | theirs)
    max_points = _pattern_points(mine, theirs, mine, True)[0]
    min_points = _pattern_points(theirs, mine, theirs, True)[0]
    # Each empty cell adds floor(points / 2): the sum minus the odd ones, halved.
    empty_points, odd = _pattern_points(mine, theirs, empty, False)
    return float(max_points + (empty_points - (odd & empty).bit_count()) // 2 - min_points)


def _count_lines(own: int, opp: int) -> tuple[int, int]:
    """Open 2-lines (not inside an open 3-line) and open 3-lines of the owner of ``own``:
    ``count_lines`` of connect4.pyx (a window is its first cell and a direction)."""
    n2 = n3 = 0
    for s, valid in _DIRECTIONS:
        a = [own >> (k * s) for k in range(4)]
        open_ = valid & ~(opp | (opp >> s) | (opp >> (2 * s)) | (opp >> (3 * s)))
        s1, c1, s2, c2 = a[0] ^ a[1], a[0] & a[1], a[2] ^ a[3], a[2] & a[3]
        low = s1 ^ s2                       # bit 0 of the count
        two_bit = c1 ^ c2 ^ (s1 & s2)       # bit 1 of the count
        not_four = ~(c1 & c2)               # four stones: not an open window then
        three_w = open_ & not_four & two_bit & low
        two_w = open_ & not_four & two_bit & ~low
        n3 += three_w.bit_count()
        n2 += two_w.bit_count()
        if not (three_w and two_w):
            continue
        for i in range(3):
            for j in range(i + 1, 4):
                pair = two_w & a[i] & a[j]
                if pair:
                    cover = 0
                    for k in range(j - 3, i + 1):
                        if k:
                            cover |= three_w >> (k * s) if k > 0 else three_w << (-k * s)
                    n2 -= (pair & cover).bit_count()
    return n2, n3


class EvaluationTable(Heuristic):
    """Document 001's evaluation table: ``138 + own cells' worth - opponent's``."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        boards = _boards(_connect4(state, "evaluation_table"))
        return float(138 + _table_sum(boards[player]) - _table_sum(boards[1 - player]))

    @property
    def bounds(self):
        """The two sides' stones are worth at most the whole board, 276: 138 +- 276."""
        return (138.0 - 276.0, 138.0 + 276.0)


class PotentialLines(Heuristic):
    """Document 001's improved heuristic (``comprobarFichas`` patterns); see the module doc."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        boards = _boards(_connect4(state, "potential_lines"))
        return _potential_lines(boards[player], boards[1 - player])

    @property
    def bounds(self):
        """Each of the 42 cells scores at most 3 points in each of 4 directions: +-504."""
        return (-504.0, 504.0)

    def explain(self, state, player=None):
        """The per-cell reasoning of the document's trace (see the twin's ``explain``)."""
        return twin.explain_potential_lines(state, player)


class BookRules(Heuristic):
    """``potential_lines``, but the document's book rules while there are <= 3 stones."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        boards = _boards(_connect4(state, "book_rules"))
        mine, theirs = boards[player], boards[1 - player]
        if (mine | theirs).bit_count() > 3:
            return _potential_lines(mine, theirs)
        if theirs & _CENTRE:
            return 2.0 if mine & _BESIDE_CENTRE else 0.0
        return 3.0 if mine & _CENTRE else 0.0

    @property
    def bounds(self):
        """``potential_lines``'s (the book's values, 0-3, lie inside)."""
        return (-504.0, 504.0)


class LineWeights(Heuristic):
    """Document 002's heuristic: 1/6 open 2-lines + 5/6 open 3-lines, own minus opponent's."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        boards = _boards(_connect4(state, "line_weights"))
        my2, my3 = _count_lines(boards[player], boards[1 - player])
        their2, their3 = _count_lines(boards[1 - player], boards[player])
        return WEIGHT_2 * (my2 - their2) + WEIGHT_3 * (my3 - their3)

    @property
    def bounds(self):
        """Each of the 69 windows counts once at most, as a 2-line or a 3-line."""
        top = 69 * max(WEIGHT_2, WEIGHT_3)
        return (-top, top)


class Viewpoint(Heuristic):
    """``heuristic`` as one fixed player sees it, made zero-sum: ``-h(state, owner)`` for the
    other player.

    The search asks its leaves for the *root* player's score. Document 001's root loop
    searches each root child on its own (its mover is MIN), and its heuristics are not
    zero-sum (empty cells count for MAX), so those searches must keep asking MAX:
    ``alphabeta(child, d, Viewpoint(potential_lines, max_player))``.
    """

    __slots__ = ("_heuristic", "_owner")

    def __init__(self, heuristic, owner):
        if heuristic is not None and not isinstance(heuristic, Heuristic):
            raise TypeError(f"heuristic must be a qsearch Heuristic, not "
                            f"{type(heuristic).__name__}")
        if isinstance(owner, bool) or not hasattr(owner, "__index__"):
            raise TypeError(f"owner must be player 0 or 1 (an int), not {type(owner).__name__}")
        owner = operator.index(owner)
        if owner not in (0, 1):
            raise ValueError(f"owner must be player 0 or 1, not {owner}")
        self._heuristic = heuristic
        self._owner = owner

    @property
    def heuristic(self):
        """The wrapped heuristic (read-only)."""
        return self._heuristic

    @property
    def owner(self) -> int:
        """The player whose view the wrapped heuristic is asked for (read-only)."""
        return self._owner

    def evaluate(self, state, player) -> float:
        v = self._heuristic.evaluate(state, self._owner)
        return v if player == self._owner else -v

    @property
    def bounds(self):
        """The wrapped heuristic's, made symmetric (the other player sees it negated)."""
        inner = self._heuristic.bounds
        if inner is None:
            return None
        top = max(abs(inner[0]), abs(inner[1]))
        return (-top, top)

    def __repr__(self):
        return f"Viewpoint({self._heuristic!r}, {self._owner})"


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


def swapped_colours(state):
    """The same stones with the colours exchanged, the same player (by parity) to move.

    Document 001's ``minimax()`` always drops its own colour (``ponerFicha(i, MAX)``), even
    when it is asked to move for the other side: its search then sees the position with the
    colours exchanged. Such a position need not be reachable by alternating moves. The
    compiled version builds it from the bitboards with an empty history; a PyConnect4 counts
    its stones (and so the player to move) by its history, so here the history keeps the
    original's columns: ``undo_action`` lifts the swapped stones in that order.
    """
    if not isinstance(state, Connect4):
        raise TypeError(f"Argument 'state' has incorrect type (expected Connect4, got "
                        f"{type(state).__name__})")
    swapped = state.clone()
    swapped.grid = [[cell if cell < 0 else 1 - cell for cell in row] for row in state.grid]
    swapped.winner = None if state.winner is None else 1 - state.winner
    return swapped


def evaluate_many(heuristic, states, player, repeats=1):
    """Evaluate every state ``repeats`` times (as the search does); the sum.

    For benchmarks: in pure-Python mode this is as slow as calling the heuristic from Python.
    """
    if not isinstance(heuristic, Heuristic):
        raise TypeError(f"Argument 'heuristic' has incorrect type (expected Heuristic, got "
                        f"{type(heuristic).__name__})")
    if not isinstance(states, list):
        raise TypeError(f"Argument 'states' has incorrect type (expected list, got "
                        f"{type(states).__name__})")
    player, repeats = operator.index(player), operator.index(repeats)
    total = 0.0
    for _ in range(repeats):
        for s in states:
            total += heuristic.evaluate(s, player)
    return total
