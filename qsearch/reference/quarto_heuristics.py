"""Readable twin of :mod:`qsearch.heuristics.quarto`: document 000's proposed payoff.

The document's conclusion: a position where, say, two lines hold two pieces sharing a
property could score better than one where no line is started. Here a line is *live* if
it is not full, its 2 or 3 pieces share an attribute value, and an unused piece has that
value too. The player to move gets ``three`` per live line of three (he can complete it
at once) and ``two`` per live line of two; the other player gets the negation.
"""
from __future__ import annotations

# The ten lines as lists of (row, col), 1-based: rows, columns, the two diagonals.
LINES = ([[(r, c) for c in range(1, 5)] for r in range(1, 5)]
         + [[(r, c) for r in range(1, 5)] for c in range(1, 5)]
         + [[(i, i) for i in range(1, 5)], [(5 - i, i) for i in range(1, 5)]])


def attribute(piece: int, k: int) -> int:
    """0 or 1: which value of attribute ``k`` (0..3, the document's 1|2 .. 7|8) ``piece`` has."""
    return (piece >> (3 - k)) & 1


def live_lines(state) -> tuple[int, int]:
    """``(live lines of two pieces, live lines of three)``."""
    unused = state.pieces_left()
    twos = threes = 0
    for line in LINES:
        pieces = [state.piece_at(r, c) for r, c in line]
        pieces = [p for p in pieces if p is not None]
        if len(pieces) not in (2, 3):
            continue
        for k in range(4):
            values = {attribute(p, k) for p in pieces}
            if len(values) == 1 and any(attribute(q, k) in values for q in unused):
                if len(pieces) == 2:
                    twos += 1
                else:
                    threes += 1
                break
    return twos, threes


def line_credit(state, player: int, two: float = 0.1, three: float = 0.5) -> float:
    """The payoff for ``player``: credit of the live lines if he is to move, else minus it."""
    twos, threes = live_lines(state)
    value = three * threes + two * twos
    return value if state.current_player() == player else -value


line_credit.bounds = (-5.0, 5.0)      # ten lines, 0.5 at most each (the default weights)


def payoff_order(state, actions, two: float = 0.1, three: float = 0.5) -> list:
    """Actions by their payoff for the player to move, best first (a winning one first).

    The payoff of an action is the line credit of the position it leads to, for the player
    who made it (the negation of the opponent's credit, who moves next). Ties keep the
    document's order. Pass as ``order=`` to any search: the compiled
    ``qsearch.search.quarto_ab.ab_minimax(order="payoff")`` does the same in C.
    """
    mover = state.current_player()

    def payoff(action):
        child = state.child(action)
        if child.is_terminal() and child.returns()[mover] > 0:
            return float("inf")
        return line_credit(child, mover, two, three)

    return sorted(actions, key=payoff, reverse=True)


def make_payoff_order(root, depth: int, two: float = 0.1, three: float = 0.5):
    """An ``order=`` function for a search of ``root`` to ``depth``: :func:`payoff_order`
    at nodes with at least 2 plies left, the document's order below (where the payoffs
    would be the leaves' own values: sorting them costs more than it saves)."""
    last = root.num_placed() + depth - 2      # the deepest node that is still ordered

    def order(state, actions):
        if state.num_placed() > last:
            return list(actions)
        return payoff_order(state, actions, two, three)

    return order
