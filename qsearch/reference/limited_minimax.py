"""Readable twin of :mod:`qsearch.search.limited_minimax`: document 004's
``Minimax_Limitado`` (§3.4), line for line as the document writes it, on copies of the state.

Each child is a new state (``state.child(action)``), as the simulator's ``ParchisBros``
iterator makes a new ``Parchis`` per child; the node counter is a small object standing in
for the simulator's static ``NodeCounter``. The document's names, translated:
``Minimax_Limitado(actual, jugador, profundidad, ...)`` is ``search(state, ply)`` with
``player`` the root's mover, ``valor`` is ``value``, ``nuevo_hijo`` is ``child`` and
``new_val`` is ``child_value``; ``MASINF`` and ``MENOSINF`` keep the course's names.

``children="list"`` is §3.5's alternative, ``getChildrenList``: every child of a node made
(and counted, ``n + 1`` as the iterator's walk to its end) into a list before the first is
searched, the budget checked before each child is searched.

As the compiled search: a heuristic that changes the state it is given is a ValueError, and
so is a chance node to expand (the MAX/MIN form cannot weigh dice), and so is no heuristic
at all (it scores the end of the game too: without one every move would score 0).
"""
from __future__ import annotations

import time

from qsearch.core.checks import check_evaluate, check_limited_minimax
from qsearch.core.results import LimitedResult
from qsearch.reference._common import checked_number, fingerprint

MASINF = 1e10            # masinf = 9999999999.0f
MENOSINF = -1e10
COURSE_LIMIT = 3_500_000
CHANCE_MESSAGE = ("limited_minimax reached a chance node, which its MAX/MIN search cannot "
                  "weigh: use expectiminimax or mcts for a game with dice")
NO_EVALUATION_MESSAGE = ("limited_minimax needs an evaluation, evaluate(state, player) -> "
                         "float (for ParCheckers, valoracion_test): the document's search "
                         "scores every leaf with it, the end of the game included, so "
                         "without one every move would score 0")


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
                    root_move="document", children="iterator") -> LimitedResult:
    """Twin of :func:`qsearch.search.limited_minimax.limited_minimax` (same result)."""
    depth, max_nodes = check_limited_minimax(depth, max_nodes)
    check_evaluate(evaluate)
    if root_move not in ("document", "best"):
        raise ValueError(f"root_move must be 'document' or 'best', not {root_move!r}")
    if children not in ("iterator", "list"):
        raise ValueError(f"children must be 'iterator' or 'list', not {children!r}")
    if state.is_terminal():
        raise ValueError("the game is over in this state: nothing to search")
    if evaluate is None:
        raise ValueError(NO_EVALUATION_MESSAGE)
    counter = NodeCounter(max_nodes)
    player = state.current_player()
    chosen = [None]                       # the root's move (the document's c_piece, ...)

    def heuristic(state):
        """The evaluation, counted as one evaluated node (it must only read the state)."""
        counter.evaluated += 1
        before = fingerprint(state)
        value = evaluate(state, player)
        if fingerprint(state) != before:
            raise ValueError(f"heuristic {evaluate!r} changed the state it was given; it must "
                             "only read it (work on state.clone() to try moves)")
        return checked_number(value, f"heuristic {evaluate!r}")

    def search(state, ply):
        """``Minimax_Limitado``: the value of ``state``, ``ply`` plies below the root."""
        if ply == depth or state.is_terminal():
            return heuristic(state)
        if state.is_chance_node():
            raise ValueError(CHANCE_MESSAGE)
        if children == "list":
            return search_list(state, ply)
        if state.current_player() == player:               # MAX node
            value = MENOSINF
            for action in state.legal_actions():
                child = state.child(action)
                counter.generated += 1
                if counter.is_limit_reached():
                    counter.reached = True
                    if ply == 0 and root_move == "document":
                        chosen[0] = action
                    return value
                child_value = search(child, ply + 1)
                if child_value > value:
                    value = child_value
                    if ply == 0:
                        chosen[0] = action
            counter.generated += 1        # the iterator's last ++ reaches end()
            return value
        value = MASINF                                      # MIN node
        for action in state.legal_actions():
            child = state.child(action)
            counter.generated += 1
            if counter.is_limit_reached():
                counter.reached = True
                return heuristic(state)
            child_value = search(child, ply + 1)
            if child_value < value:
                value = child_value
        counter.generated += 1
        return value

    def search_list(state, ply):
        """§3.5's version: ``rama = actual.getChildrenList()``, then a loop over the list."""
        rama = [(action, state.child(action)) for action in state.legal_actions()]
        counter.generated += len(rama) + 1
        is_max = state.current_player() == player
        value = MENOSINF if is_max else MASINF
        for action, child in rama:
            if counter.is_limit_reached():
                counter.reached = True
                if not is_max:
                    return heuristic(state)
                if ply == 0 and root_move == "document":
                    chosen[0] = action
                return value
            child_value = search(child, ply + 1)
            if is_max and child_value > value:
                value = child_value
                if ply == 0:
                    chosen[0] = action
            elif not is_max and child_value < value:
                value = child_value
        return value

    start = time.perf_counter()
    value = search(state, 0)
    if chosen[0] is None:           # cut before any child was searched: play the first one
        chosen[0] = state.legal_actions()[0]
    return LimitedResult(value=value, action=chosen[0], generated=counter.generated,
                         evaluated=counter.evaluated, limit_reached=counter.reached,
                         elapsed=time.perf_counter() - start, depth=depth,
                         max_nodes=max_nodes)
