"""Readable twin of :mod:`qsearch.search.limited_minimax`: document 004's
``Minimax_Limitado`` (§3.4), as the document writes it, on copies of the state.

Each child is a new state (``state.child(action)``), as the simulator's ``ParchisBros``
iterator makes a new ``Parchis`` per child; the node counter is a small object standing in
for the simulator's static ``NodeCounter``.
"""
from __future__ import annotations

import time

from qsearch.core.results import LimitedResult

MASINF = 1e10            # masinf = 9999999999.0f
MENOSINF = -1e10
COURSE_LIMIT = 3_500_000


class NodeCounter:
    """Generated and evaluated nodes of one decision, and the budget."""

    def __init__(self, max_nodes):
        self.max_nodes = max_nodes
        self.generated = 0
        self.evaluated = 0
        self.reached = False

    def is_limit_reached(self) -> bool:
        """``NodeCounter::isLimitReached()``: generated + evaluated >= the budget."""
        return self.max_nodes is not None and \
            self.generated + self.evaluated >= self.max_nodes


def limited_minimax(state, depth=4, evaluate=None, *, max_nodes=COURSE_LIMIT,
                    root_move="document") -> LimitedResult:
    """Twin of :func:`qsearch.search.limited_minimax.limited_minimax` (same result)."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be an int >= 1, not {depth!r}")
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int)
                                  or max_nodes < 1):
        raise ValueError(f"max_nodes must be an int >= 1 or None, not {max_nodes!r}")
    if root_move not in ("document", "best"):
        raise ValueError(f"root_move must be 'document' or 'best', not {root_move!r}")
    if state.is_terminal():
        raise ValueError("the game is over in this state: nothing to search")
    counter = NodeCounter(max_nodes)
    jugador = state.current_player()
    chosen = [None]                       # the root's move (the document's c_piece, ...)

    def heuristic(estado):
        counter.evaluated += 1
        return 0.0 if evaluate is None else float(evaluate(estado, jugador))

    def minimax_limitado(actual, profundidad):
        if profundidad == depth or actual.is_terminal():
            return heuristic(actual)
        if actual.current_player() == jugador:            # MAX node
            valor = MENOSINF
            for action in actual.legal_actions():
                nuevo_hijo = actual.child(action)
                counter.generated += 1
                if counter.is_limit_reached():
                    counter.reached = True
                    if profundidad == 0 and root_move == "document":
                        chosen[0] = action
                    return valor
                new_val = minimax_limitado(nuevo_hijo, profundidad + 1)
                if new_val > valor:
                    valor = new_val
                    if profundidad == 0:
                        chosen[0] = action
            counter.generated += 1        # the iterator's last ++ reaches end()
            return valor
        valor = MASINF                                      # MIN node
        for action in actual.legal_actions():
            nuevo_hijo = actual.child(action)
            counter.generated += 1
            if counter.is_limit_reached():
                counter.reached = True
                return heuristic(actual)
            new_val = minimax_limitado(nuevo_hijo, profundidad + 1)
            if new_val < valor:
                valor = new_val
        counter.generated += 1
        return valor

    start = time.perf_counter()
    value = minimax_limitado(state, 0)
    if chosen[0] is None:           # cut before any child was searched: play the first one
        chosen[0] = state.legal_actions()[0]
    return LimitedResult(value=value, action=chosen[0], generated=counter.generated,
                         evaluated=counter.evaluated, limit_reached=counter.reached,
                         elapsed=time.perf_counter() - start, depth=depth,
                         max_nodes=max_nodes)
