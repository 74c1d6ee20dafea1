"""Pure-Python stand-in of the compiled :mod:`qsearch.search.quarto_solver` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The exact
Quarto solver (document 000's variant and standard Quarto) is the readable twin,
:class:`qsearch.reference.quarto_solver.ReferenceSolver`: the same algorithm step for step
(win in one, safe moves only, bounds from the number of pieces, a two-entry-bucket table,
moves ordered by the opponent's safe replies), so the same scores and node counts.
:class:`QuartoSolver` gives it the compiled solver's API: :class:`SolveResult`, node and time
limits, :meth:`~QuartoSolver.analyze`, :meth:`~QuartoSolver.table_move`.

Scores (for the side to move): ``17 - n`` when it wins with the ``n``-th piece placed on the
board, 0 for a draw, ``-(17 - n)`` when it loses to the ``n``-th piece.
"""
from __future__ import annotations

import time
import warnings

from qsearch.core.checks import check_limits
from qsearch.core.results import SolveResult
from qsearch.reference import quarto_solver as twin
from qsearch.reference.quarto_solver import class_key  # noqa: F401 (the compiled module's name)

_MIN_BITS, _MAX_BITS = 8, 30    # the compiled solver's range of table sizes
_TWIN_MAX_BITS = 24             # the twin's table is a Python list: 2**24 slots at most
_CHECK_EVERY = 4095             # the clock and node limit are read once every 4096 nodes


class _Stopped(Exception):
    """Raised through the search when its node or time limit is spent."""


class QuartoSolver(twin.ReferenceSolver):
    """Exact solver for OwnPieceQuarto and Quarto, whose table persists across calls.

    ``QuartoSolver(table_bits=22, table=True, order=True, symmetry_until=-1)``:
    ``2**table_bits`` table slots (at most ``2**24`` here: the node counts equal the compiled
    solver's while the table keeps everything). ``table=False`` / ``order=False`` switch the
    table or the move ordering off; ``symmetry_until=k`` keys positions with at most ``k``
    pieces by their symmetry class.
    """

    def __init__(self, table_bits=22, table=True, order=True, symmetry_until=-1):
        for name, value in (("table_bits", table_bits), ("symmetry_until", symmetry_until)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not _MIN_BITS <= table_bits <= _MAX_BITS:
            raise ValueError(f"table_bits must be in {_MIN_BITS}..{_MAX_BITS}, not {table_bits}")
        if not -1 <= symmetry_until <= 16:
            raise ValueError(f"symmetry_until must be in -1..16, not {symmetry_until}")
        super().__init__(min(table_bits, _TWIN_MAX_BITS), table=bool(table), order=bool(order),
                         symmetry_until=symmetry_until)
        self.table_bits = table_bits
        self._max_nodes, self._deadline = 0, 0.0

    def reset(self):
        """Forget every stored position."""
        self.table = [None] * self.size

    def negamax(self, occ, used, planes, hand, alpha, beta) -> int:
        """The twin's negamax, stopped (as the compiled one) when a limit is spent."""
        if (self.nodes + 1) & _CHECK_EVERY == 0 and (
                (self._max_nodes and self.nodes + 1 >= self._max_nodes)
                or (self._deadline and time.perf_counter() >= self._deadline)):
            self.nodes += 1
            raise _Stopped
        return super().negamax(occ, used, planes, hand, alpha, beta)

    def solve(self, state, weak=False, max_nodes=None, time_limit=None, *, node_limit=None):
        """Solve ``state`` (a non-terminal Quarto of either variant): a :class:`SolveResult`.

        ``score`` is for the player to move (see the module's docstring); ``weak=True`` finds
        only its sign (-1, 0, 1), much faster. ``max_nodes`` / ``time_limit`` (seconds)
        stop the search, both looked at every 4096 nodes: ``score`` is then None. The state
        is not modified. A standard Quarto state waiting for a gift is solved as the best
        gift. ``node_limit`` is the deprecated old name of ``max_nodes``.
        """
        max_nodes = _renamed_node_limit(max_nodes, node_limit)
        _checked(state)
        self._max_nodes, limit_time = check_limits(max_nodes, time_limit)
        start = time.perf_counter()
        self._deadline = start + limit_time if limit_time > 0 else 0.0
        try:
            score = super().solve(state, bool(weak))[0]
        except _Stopped:
            score = None
        finally:
            self._max_nodes, self._deadline = 0, 0.0
        return SolveResult(score, self.nodes, time.perf_counter() - start)

    def analyze(self, state, weak=False):
        """``{action: score}`` of every legal action of ``state`` for the player to move
        (the score the mover gets by playing it; see :meth:`solve`)."""
        _checked(state)
        out = {}
        for a in state.legal_actions():
            child = state.child(a)
            if child.is_terminal():
                r = child.returns()[state.current_player()]
                n = child.num_placed()
                out[a] = 0 if r == 0 else (int(r) if weak else int(r) * (17 - n))
                continue
            res = self.solve(child, weak=weak)
            if child.current_player() == state.current_player():
                out[a] = res.score       # standard Quarto: a placement, then my own gift
            else:
                out[a] = -res.score
        return out

    def table_move(self, state):
        """The best move the table holds for ``state`` (after a :meth:`solve` of it), or None.

        Document 000's variant: an action ``16 * square + piece``. Standard Quarto (a
        position with a piece in hand): ``(square, gift)``.
        """
        variant = twin.quarto_variant(_checked(state))
        occ, _, planes = twin.state_bits(state)
        hand = state.piece_in_hand() if variant == "standard" else None
        entry = self.lookup(occ, planes, twin.NO_HAND if hand is None else hand)
        if entry is None:
            return None
        move = entry[5]
        return move if variant == "own" else (move >> 4, move & 15)


def _checked(state):
    twin.quarto_variant(state)          # TypeError for a state of another game
    if state.is_terminal():
        raise ValueError("the game is already over: nothing to solve")
    return state


def _renamed_node_limit(max_nodes, node_limit):
    """``max_nodes``, or the value given under its old name ``node_limit`` (with a warning)."""
    if node_limit is None:
        return max_nodes
    if max_nodes is not None:
        raise TypeError("give max_nodes only: node_limit is its old, deprecated name")
    warnings.warn("node_limit is deprecated and will be removed in the next release; use "
                  "max_nodes, as every other search does", DeprecationWarning, stacklevel=3)
    return node_limit


def solve(state, weak=False, max_nodes=None, time_limit=None, table_bits=20, *,
          node_limit=None):
    """Solve ``state`` with a fresh :class:`QuartoSolver` (see :meth:`QuartoSolver.solve`)."""
    max_nodes = _renamed_node_limit(max_nodes, node_limit)
    return QuartoSolver(table_bits).solve(state, weak=weak, max_nodes=max_nodes,
                                          time_limit=time_limit)


def describe(score, placed):
    """Words for a score: ``"win with piece 9 (2 plies)"``, ``"draw"``, ``"loss ..."``."""
    if score is None:
        return "unknown (stopped)"
    if score == 0:
        return "draw"
    n = 17 - abs(score)
    kind = "win" if score > 0 else "loss"
    return f"{kind}: the winning piece is number {n} ({n - placed} plies)"
