"""Readable twins of the compiled heuristics in :mod:`qsearch.heuristics.connect4`.

Document 001's heuristics are written as its Java is: a 6x7 grid read cell by cell (row 0 at
the bottom), cells holding ``EMPTY`` (0), ``MIN`` (1) or ``MAX`` (2) as its trace prints
them, and ``comprobarFichas`` checking the next three cells in four directions. ``player``
(the argument every heuristic takes) is the document's MAX.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..i18n import _

# Document 001's table of cell worths, rows from the bottom (it is symmetric: the
# orientation does not matter).
EVALUATION_TABLE = (
    (3, 4, 5, 7, 5, 4, 3),
    (4, 6, 8, 10, 8, 6, 4),
    (5, 8, 11, 13, 11, 8, 5),
    (5, 8, 11, 13, 11, 8, 5),
    (4, 6, 8, 10, 8, 6, 4),
    (3, 4, 5, 7, 5, 4, 3),
)
# Document 002's weights of open 2-lines and 3-lines.
WEIGHT_2 = 1.0 / 6.0
WEIGHT_3 = 5.0 / 6.0

ROWS, COLUMNS = 6, 7
EMPTY, MIN, MAX = 0, 1, 2          # the codes of the document's printed trace


def evaluation_table(state, player: int) -> float:
    """Document 001's first Connect-4 heuristic: 138 + worth of own cells - opponent's."""
    total = 0
    for row in range(6):
        for col in range(7):
            owner = state.cell(row, col)
            if owner == player:
                total += EVALUATION_TABLE[row][col]
            elif owner == 1 - player:
                total -= EVALUATION_TABLE[row][col]
    return 138 + total


evaluation_table.bounds = (138.0 - 276.0, 138.0 + 276.0)  # both sides' stones: 276 at most


# --------------------------------------------------------------------------- the grid
def grid(state, player: int) -> list[list[int]]:
    """``grid[i][j]``: the cell at row ``i`` (0 = bottom), column ``j`` as EMPTY, MIN or MAX."""
    codes = {-1: EMPTY, player: MAX, 1 - player: MIN}
    return [[codes[state.cell(i, j)] for j in range(COLUMNS)] for i in range(ROWS)]


def format_grid(state, player: int) -> str:
    """The board as the document's trace prints it: row 0 (the bottom) first, 2 = MAX."""
    return "\n".join(" ".join(str(v) for v in row) for row in grid(state, player))


# --------------------------------------------------------------------------- potential_lines
# comprobarFichas: for one cell, how many of the four directions show the given three
# neighbours. The neighbours are the next three cells going up, right, up-right, down-right;
# the opposite directions are not checked, so each line is seen from one end only.
DIRECTIONS = {                      # name: (row step, column step)
    "vertical": (1, 0),
    "horizontal": (0, 1),
    "diagonal": (1, 1),
    "diagonalInv": (-1, 1),
}
DIRECTION_NAMES = {"vertical": "vertical", "horizontal": "horizontal",
                   "diagonal": "diagonal (up)", "diagonalInv": "diagonal (down)"}
# The patterns of the document's f: (neighbours, points, what the trace calls it).
PATTERNS = [
    (("0", "J", "J"), 3, "3 in line"),
    (("J", "0", "J"), 3, "3 in line"),
    (("J", "J", "0"), 3, "3 in line"),
    (("J", "0", "0"), 2, "2 in line"),
    (("0", "J", "0"), 2, "2 in line"),
    (("0", "0", "J"), 2, "2 in line"),
    (("0", "0", "0"), 1, "1 in line"),   # only for occupied cells
]


def neighbours(t, i: int, j: int, direction: str):
    """The next three cells from (i, j) in ``direction``, or None if they leave the board."""
    di, dj = DIRECTIONS[direction]
    last_i, last_j = i + 3 * di, j + 3 * dj
    if not (0 <= last_i < ROWS and 0 <= last_j < COLUMNS):
        return None
    return tuple(t[i + k * di][j + k * dj] for k in (1, 2, 3))


def comprobar_fichas(i: int, j: int, uno: int, dos: int, tres: int, t) -> list[str]:
    """The directions in which the three cells after (i, j) are ``uno, dos, tres``.

    The document's function returns how many (``posibilidades``); returning which ones lets
    ``explain`` say them. ``len(...)`` is the document's number.
    """
    return [d for d in DIRECTIONS if neighbours(t, i, j, d) == (uno, dos, tres)]


@dataclass
class CellScore:
    """One cell's part of ``potential_lines``: its patterns and its (signed) points."""

    row: int
    col: int
    owner: str                      # "MAX", "MIN" or "empty" (scored as MAX)
    patterns: list[tuple[str, str, int]] = field(default_factory=list)  # (kind, dir, points)
    points: int = 0

    def __str__(self) -> str:
        if self.patterns:
            found = ", ".join(_("a {kind} {direction}").format(
                kind=_(kind), direction=_(DIRECTION_NAMES[direction]))
                for kind, direction, _points in self.patterns)
        else:
            found = _("no pattern")
        unit = _("{points} point") if abs(self.points) == 1 else _("{points} points")
        halved = _(" (halved: an empty cell)") if self.owner == "empty" else ""
        owner = _("empty") if self.owner == "empty" else self.owner
        return (_("position ({row},{col}), {owner}: {found}: ").format(
            row=self.row, col=self.col, owner=owner, found=found)
            + unit.format(points=self.points) + halved)


def score_cell(t, i: int, j: int) -> CellScore:
    """The document's loop body for one cell (i, j) of the grid ``t``."""
    jugador = t[i][j]
    empty = jugador == EMPTY
    if empty:
        jugador = MAX               # an empty cell is scored as if MAX had it
    owner = "empty" if empty else ("MAX" if jugador == MAX else "MIN")
    cell = CellScore(i, j, owner)
    puntos = 0
    for pattern, points, kind in PATTERNS:
        if points == 1 and empty:
            continue                # 1 in line: only for occupied cells
        uno, dos, tres = (jugador if p == "J" else EMPTY for p in pattern)
        for direction in comprobar_fichas(i, j, uno, dos, tres, t):
            puntos += points
            cell.patterns.append((kind, direction, points))
    cell.patterns.sort(key=lambda p: list(DIRECTIONS).index(p[1]))   # as the trace says them
    if empty:
        puntos //= 2                # Java's int division (puntos >= 0 here)
    if jugador == MIN:
        puntos = -puntos
    cell.points = puntos
    return cell


def explain_potential_lines(state, player: int | None = None) -> list[CellScore]:
    """The cells that score in ``potential_lines`` with their patterns, as the document
    explains its trace (``player``: MAX, by default the player to move).

    ``sum(c.points for c in explain_potential_lines(s, p)) == potential_lines(s, p)``.
    """
    if player is None:
        player = state.current_player()
    t = grid(state, player)
    cells = [score_cell(t, i, j) for i in range(ROWS) for j in range(COLUMNS)]
    return [c for c in cells if c.points != 0]


def potential_lines(state, player: int) -> float:
    """Document 001's improved heuristic: sum of ``score_cell`` over the 42 cells."""
    t = grid(state, player)
    return float(sum(score_cell(t, i, j).points for i in range(ROWS) for j in range(COLUMNS)))


# --------------------------------------------------------------------------- book_rules
def num_fichas_mayor_que(t, n: int) -> bool:
    """True if the grid holds more than ``n`` stones (the document's numFichasMayorQue)."""
    count = 0
    for i in range(ROWS):
        for j in range(COLUMNS):
            if t[i][j] != EMPTY:
                count += 1
                if count > n:
                    return True
    return False


def book_rules(state, player: int) -> float:
    """``potential_lines`` refined by the document's book rules for the first moves."""
    t = grid(state, player)
    if num_fichas_mayor_que(t, 3):
        return potential_lines(state, player)
    total = 0
    if t[0][3] == MIN:              # MIN took the bottom centre: reply beside it
        if t[0][2] == MAX or t[0][4] == MAX:
            total = 2
    elif t[0][3] == MAX:            # else take the centre
        total = 3
    return float(total)


# --------------------------------------------------------------------------- line_weights
def lines():
    """The 69 windows of four cells (horizontal, vertical, both diagonals) as cell lists."""
    found = []
    for i in range(ROWS):
        for j in range(COLUMNS):
            for di, dj in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                if 0 <= i + 3 * di < ROWS and 0 <= j + 3 * dj < COLUMNS:
                    found.append([(i + k * di, j + k * dj) for k in range(4)])
    return found


LINES = lines()


def open_lines(state, player: int) -> tuple[int, int]:
    """Document 002's counts for ``player``: (open 2-lines not inside an open 3-line,
    open 3-lines). A line is open when the opponent has no stone in it."""
    opponent = 1 - player
    twos, threes = [], []
    for line in LINES:
        owners = [state.cell(i, j) for i, j in line]
        if opponent in owners:
            continue
        stones = {cell for cell, owner in zip(line, owners, strict=True) if owner == player}
        if len(stones) == 3:
            threes.append(stones)
        elif len(stones) == 2:
            twos.append(stones)
    twos = [s for s in twos if not any(s <= three for three in threes)]
    return len(twos), len(threes)


def line_weights(state, player: int) -> float:
    """Document 002: 1/6 (2-lines own - opponent's) + 5/6 (3-lines own - opponent's)."""
    my2, my3 = open_lines(state, player)
    their2, their3 = open_lines(state, 1 - player)
    return WEIGHT_2 * (my2 - their2) + WEIGHT_3 * (my3 - their3)


# Each of the 69 windows counts once at most (a 2-line or a 3-line); each of the 42 cells
# scores at most 3 points in each of 4 directions.
line_weights.bounds = (-69 * WEIGHT_3, 69 * WEIGHT_3)
potential_lines.bounds = book_rules.bounds = (-504.0, 504.0)
