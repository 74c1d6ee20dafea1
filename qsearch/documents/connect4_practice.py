"""Document 001's search exactly as it writes it (Razgovorov, "Algoritmo Minimax con poda
alpha-beta para el juego Conecta-4", Práctica 1 Sistemas Inteligentes, Java).

:class:`Practice` is its player: ``V`` (minimax), ``alpha_beta_V`` (fail-hard alpha-beta)
and the root loop ``minimax()``, line for line, with the document's call counter (``calls``:
entries into ``V``/``alpha_beta_V``; the root loop itself is not a call) and its toggle
(``alphabeta``, the GUI's ``ALPHABETA_TOGGLE``). Scores follow the Java: a win for MAX is
``Integer.MAX_VALUE`` (here ``+inf``), a win for MIN ``Integer.MIN_VALUE`` (``-inf``), a
full board 0, and the depth limit ``NIVEL_DEFECTO`` calls ``f``. MAX is the player to move at
the root; ``f(state, MAX)`` is any of :mod:`qsearch.heuristics.connect4`.

Our general compiled search computes the same thing (tested):

* ``qsearch.search.minimax(state, depth, f, win_value=inf)`` gives the same value and column,
  and ``nodes - 1`` is the document's count (its root is a node, not a call);
* ``qsearch.search.alphabeta(..., fail_hard=True, win_value=inf)`` gives the same value and
  column, but fewer nodes: it passes alpha from one root child to the next, while the
  document's ``minimax()`` searches every root child with the full window
  ``(Integer.MIN_VALUE, Integer.MAX_VALUE)``. :func:`document_move` runs the compiled search
  under the document's root loop and gives its counts exactly.

:func:`performance_test` replays the document's performance test (its program moving for
both sides at depth 6, without and with pruning) and gives all 42 rows of its table.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from qsearch.heuristics.connect4 import Viewpoint, potential_lines

MAX_VALUE = math.inf        # Integer.MAX_VALUE: MAX has four in a row
MIN_VALUE = -math.inf       # Integer.MIN_VALUE: MIN has four in a row
COLUMNS = 7


# ------------------------------------------------------------------ the document's Tablero
def cuatro_en_raya(tablero) -> int | None:
    """The player with four in a row, or None."""
    return tablero.winner_player()


def tablero_lleno(tablero) -> bool:
    """True when all 42 cells are taken."""
    return tablero.num_moves() == 42


def poner_ficha(tablero, columna: int):
    """``new Tablero(tablero)`` then ``ponerFicha(columna)``: the successor, or None if the
    column is full (the Java returns non-zero). The stone's colour is the player to move."""
    if tablero.cell(5, columna) != -1:
        return None
    sucesor = tablero.clone()
    sucesor.apply_action(columna)
    return sucesor


class Practice:
    """Document 001's player: ``minimax()`` over ``V`` or ``alpha_beta_V``, counting calls."""

    def __init__(self, f=potential_lines, nivel_defecto: int = 6, alphabeta: bool = False):
        if nivel_defecto < 1:
            raise ValueError(f"nivel_defecto (the depth) must be >= 1, not {nivel_defecto}")
        self.f = f                          # the evaluation function f(state, MAX)
        self.NIVEL_DEFECTO = nivel_defecto  # the depth limit
        self.alphabeta = alphabeta          # the GUI toggle ALPHABETA_TOGGLE
        self.calls = 0                      # the document's call counter, never reset
        self.MAX = self.MIN = None          # players, set by minimax() for each move

    # ------------------------------------------------------------------ V(N)
    def V(self, tablero, jugador, nivel: int) -> float:
        """Minimax value of ``tablero`` with ``jugador`` to move, ``nivel`` plies below the root."""
        self.calls += 1
        # Base cases:
        if cuatro_en_raya(tablero) == self.MAX:
            return MAX_VALUE
        if cuatro_en_raya(tablero) == self.MIN:
            return MIN_VALUE
        if tablero_lleno(tablero):
            return 0
        if nivel == self.NIVEL_DEFECTO:
            return self.f(tablero, self.MAX)
        # General case:
        extremo = MIN_VALUE if jugador == self.MAX else MAX_VALUE
        for i in range(COLUMNS):
            sucesor = poner_ficha(tablero, i)
            if sucesor is not None:
                if jugador == self.MAX:
                    extremo = max(extremo, self.V(sucesor, self.MIN, nivel + 1))
                else:
                    extremo = min(extremo, self.V(sucesor, self.MAX, nivel + 1))
        return extremo

    # ------------------------------------------------------------------ alphaBetaV(N)
    def alpha_beta_V(self, tablero, jugador, nivel: int, alpha: float, beta: float) -> float:
        """Fail-hard alpha-beta: at a cut MAX returns beta and MIN returns alpha."""
        self.calls += 1
        # Base cases:
        if cuatro_en_raya(tablero) == self.MAX:
            return MAX_VALUE
        if cuatro_en_raya(tablero) == self.MIN:
            return MIN_VALUE
        if tablero_lleno(tablero):
            return 0
        if nivel == self.NIVEL_DEFECTO:
            return self.f(tablero, self.MAX)
        # General case:
        extremo = MIN_VALUE if jugador == self.MAX else MAX_VALUE
        for i in range(COLUMNS):
            sucesor = poner_ficha(tablero, i)
            if sucesor is not None:
                if jugador == self.MAX:
                    alpha = max(alpha, self.alpha_beta_V(sucesor, self.MIN, nivel + 1,
                                                         alpha, beta))
                    if alpha >= beta:
                        return beta
                    extremo = alpha
                else:  # MIN
                    beta = min(beta, self.alpha_beta_V(sucesor, self.MAX, nivel + 1,
                                                       alpha, beta))
                    if alpha >= beta:
                        return alpha
                    extremo = beta
        return extremo

    # ------------------------------------------------------------------ minimax()
    def minimax(self, tablero) -> tuple[int, float]:
        """The root loop: ``(column, value)`` for the player to move in ``tablero`` (MAX).

        Each root child is searched on its own, with the full window when the toggle is on.
        If every column loses (all ``-inf``) the Java keeps ``max_i = -1``; we then play the
        first legal column, as our compiled search does.
        """
        self.MAX = tablero.current_player()
        self.MIN = 1 - self.MAX
        maximo, max_i = MIN_VALUE, -1
        for i in range(COLUMNS):
            sucesor = poner_ficha(tablero, i)
            if sucesor is not None:
                if self.alphabeta:
                    actual = self.alpha_beta_V(sucesor, self.MIN, 1, MIN_VALUE, MAX_VALUE)
                else:
                    actual = self.V(sucesor, self.MIN, 1)
                if actual > maximo:
                    maximo = actual
                    max_i = i
        if max_i == -1:
            max_i = tablero.legal_actions()[0]
        return max_i, maximo


# ------------------------------------------------------------------ the same, compiled
@dataclass
class DocumentMove:
    """One move of the document's player: the column, its value for the mover, the calls."""

    column: int
    value: float
    calls: int


def document_move(state, depth: int = 6, f=potential_lines, *, alphabeta: bool = False,
                  order=None) -> DocumentMove:
    """:meth:`Practice.minimax` on the compiled search: same column, value and calls.

    Each root child is searched by ``qsearch.search.minimax`` (or fail-hard ``alphabeta``
    with a full window) to ``depth - 1`` plies, its leaves scored by ``f`` for the root's
    player (``Viewpoint``), and ``calls`` adds up their nodes, exactly the document's count.
    ``order`` (e.g. centre first) is passed to the searches of the children, not the root.
    """
    from qsearch.search import alphabeta as ab_search
    from qsearch.search import minimax as mm_search

    if depth < 1:
        raise ValueError(f"depth must be >= 1, not {depth}")
    if state.is_terminal():
        raise ValueError("the game is over: there is no move to choose")
    me = state.current_player()
    leaf = Viewpoint(f, me)
    best, best_col, calls = MIN_VALUE, -1, 0
    for col in state.legal_actions():
        child = state.child(col)
        if child.is_terminal():             # a base case: one call, no search
            calls += 1
            winner = child.winner_player()
            value = 0.0 if winner is None else (MAX_VALUE if winner == me else MIN_VALUE)
        else:
            if alphabeta:
                r = ab_search(child, depth - 1, leaf, fail_hard=True, win_value=math.inf,
                              order=order)
            else:
                r = mm_search(child, depth - 1, leaf, win_value=math.inf, order=order)
            calls += r.nodes
            value = -r.value                # the child's value is for its mover, MIN
        if value > best:
            best, best_col = value, col
    if best_col == -1:
        best_col = state.legal_actions()[0]
    return DocumentMove(best_col, best, calls)


# The document's performance test, recovered. Its table (42 rows) is one game per column:
# its program moved for both sides at depth 6 with potential_lines, always searching as its
# own colour MAX (the second player: MIN, the human, moves first), once without pruning and
# once with. The two games are the same until ply 27, where every column loses for the side
# to move; the Java then has no move (max_i = -1) and the games went on with columns the
# document does not give. These are the only columns consistent with its counts (found by
# trying every legal column at those plies); elsewhere each move is the search's own choice.
DOCUMENT_GAMES = {
    "normal": "434444455555566336131131112277763777222266",
    "pruned": "434444455555566336131131116377776622772222",
}
# The document's cumulative counts (its table), without and with pruning.
DOCUMENT_NORMAL = [
    137256, 274511, 411513, 546469, 682647, 814337, 924208, 980043, 1035703, 1090078,
    1143365, 1194731, 1235409, 1254128, 1271996, 1284291, 1298417, 1314735, 1330119,
    1343694, 1356192, 1368246, 1380431, 1389334, 1396686, 1401748, 1403399, 1404778,
    1406375, 1407600, 1408652, 1410536, 1411892, 1412210, 1412398, 1412489, 1412511,
    1412527, 1412534, 1412540, 1412542, 1412543,
]
DOCUMENT_PRUNED = [
    20567, 41981, 68306, 94276, 116943, 133278, 146054, 153565, 162817, 171517, 181110,
    188429, 194113, 197704, 201759, 204647, 210556, 216968, 221543, 224487, 227058, 228906,
    231779, 233783, 234797, 235697, 235812, 236077, 236117, 236224, 236290, 236389, 236489,
    236554, 236570, 236591, 236608, 236615, 236617, 236620, 236621, 236622,
]


@dataclass
class PerformanceRow:
    """One ply of the performance test: the column played and the calls of both searches."""

    ply: int
    column: int                     # the column played (0-6)
    value: float                    # the search's value for the document's MAX colour
    normal: int                     # calls without pruning (V)
    pruned: int                     # calls with pruning (alphaBetaV)
    lost: bool = False              # every column lost: the document's code had no move


def document_search_state(state, max_colour: int):
    """The position the document's search sees: its own colour ``max_colour`` to move.

    ``minimax()`` drops MAX's stones whatever the turn (``ponerFicha(i, MAX)``), so when the
    other side is to move it searches the position with the colours exchanged.
    """
    from qsearch.heuristics.connect4 import swapped_colours

    return state if state.current_player() == max_colour else swapped_colours(state)


def performance_test(game: str | None = None, depth: int = 6, f=potential_lines, *,
                     max_colour: int = 1) -> list[PerformanceRow]:
    """The document's performance test: its program moves for both sides, every ply a row.

    At each ply both searches (without and with pruning) run as the document's program
    runs them (its colour ``max_colour`` to move, see :func:`document_search_state`); they
    always choose the same column (checked). ``game``: 1-based column digits to replay (e.g.
    ``DOCUMENT_GAMES["normal"]``); each move must be the searches' choice except where every
    column loses, where the document's code has no move and any column is accepted. Without
    ``game`` the program plays its own choices, and the first legal column when all lose.
    """
    from qsearch.games import Connect4

    state = Connect4()
    rows = []
    replay = None if game is None else [int(ch) - 1 for ch in game]
    while not state.is_terminal():
        if replay is not None and state.num_moves() >= len(replay):
            break
        column = None if replay is None else replay[state.num_moves()]
        rows.append(_row(state, column, depth, f, max_colour))
        state.apply_action(rows[-1].column)
    return rows


def performance_row(game: str, ply: int, depth: int = 6, f=potential_lines, *,
                    max_colour: int = 1) -> PerformanceRow:
    """Row ``ply`` (1-based) of ``performance_test(game, ...)``, computed alone: the position
    after the game's first ``ply - 1`` moves, both searches, and the move the game plays."""
    from qsearch.games import Connect4

    if not 1 <= ply <= len(game):
        raise ValueError(f"ply must be 1 to {len(game)} for this game, not {ply}")
    return _row(Connect4.from_moves(game[:ply - 1]), int(game[ply - 1]) - 1, depth, f,
                max_colour)


def _row(state, column, depth, f, max_colour) -> PerformanceRow:
    """One ply of the performance test at ``state``; ``column``: the game's move (None: the
    search's own choice), which must be the searches' unless every column loses."""
    searched = document_search_state(state, max_colour)
    plain = document_move(searched, depth, f, alphabeta=False)
    pruned = document_move(searched, depth, f, alphabeta=True)
    if (plain.column, plain.value) != (pruned.column, pruned.value):
        raise AssertionError(f"pruning changed the move: {plain} vs {pruned}")
    lost = plain.value == MIN_VALUE
    if column is None:
        column = plain.column
    elif column != plain.column and not lost:
        raise ValueError(f"ply {state.num_moves() + 1}: the game plays column "
                         f"{column + 1}, the search chooses {plain.column + 1}")
    return PerformanceRow(state.num_moves() + 1, column, plain.value, plain.calls,
                          pruned.calls, lost)
