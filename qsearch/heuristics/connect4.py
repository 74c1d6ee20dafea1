"""Pure-Python stand-in of the compiled :mod:`qsearch.heuristics.connect4` (``connect4.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`): the same
classes, instances and constants, with the same values, bounds and errors. The scoring itself
is the readable twin's, :mod:`qsearch.reference.heuristics`, which reads the board cell by
cell as documents 001 and 002 do (the compiled module does the same sums on bitboards):

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


class EvaluationTable(Heuristic):
    """Document 001's evaluation table: ``138 + own cells' worth - opponent's``."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        return float(twin.evaluation_table(_connect4(state, "evaluation_table"), player))

    @property
    def bounds(self):
        """The two sides' stones are worth at most the whole board, 276: 138 +- 276."""
        return (138.0 - 276.0, 138.0 + 276.0)


class PotentialLines(Heuristic):
    """Document 001's improved heuristic (``comprobarFichas`` patterns); see the module doc."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        return twin.potential_lines(_connect4(state, "potential_lines"), player)

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
        return twin.book_rules(_connect4(state, "book_rules"), player)

    @property
    def bounds(self):
        """``potential_lines``'s (the book's values, 0-3, lie inside)."""
        return (-504.0, 504.0)


class LineWeights(Heuristic):
    """Document 002's heuristic: 1/6 open 2-lines + 5/6 open 3-lines, own minus opponent's."""

    __slots__ = ()

    def evaluate(self, state, player) -> float:
        return twin.line_weights(_connect4(state, "line_weights"), player)

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
