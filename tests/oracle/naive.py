"""The oracle: minimax and expectiminimax written naively from the documented contract.

Nothing here imports qsearch's searches, its win-value code or its twins: the oracle is
written from README.md ("A first look") and docs/DESIGN.md ("The search contract", "Chance
nodes"), so that a defect shared by a compiled search and its twin still shows.

The contract, as the oracle reads it:

* a leaf at the depth limit scores ``evaluate(state, root_player)`` (0 without an
  evaluation), always from the root player's view, whoever moves there;
* a finished game at ``ply`` plies below the root scores ``u * (win_value - win_decay * ply)``
  with ``u = state.returns()[root_player]`` (0 for a draw);
* MAX nodes are the root player's, MIN nodes the other player's (turns need not alternate);
* a chance node is the probability-weighted mean of its outcomes (``limit=k``: the ``k`` most
  probable outcomes, ties in the game's order, renormalised); chance levels count in the
  depth unless ``count_chance=False``;
* the default ``win_value``: 1 without an evaluation; the smallest whole number above
  ``max(|L|, |U|) + |win_decay| * 256`` for an evaluation with ``bounds = (L, U)``; ``inf``
  for an evaluation without bounds (the searches that only compare values).
"""
from __future__ import annotations

import math

HORIZON = 256          # the table's horizon in plies, in the default win value's rule
MAX_PLY = 256          # a search scores a node at ply MAX_PLY - 1 as a leaf


def declared_bounds(evaluate):
    """The evaluation's declared ``bounds`` (a pair of floats) or None."""
    if evaluate is None:
        return None
    b = getattr(evaluate, "bounds", None)
    if b is None:
        return None
    return float(b[0]), float(b[1])


def default_win_value(evaluate, win_decay=0.0) -> float:
    """The documented default win value (README, DESIGN "The search contract").

    Without an evaluation the documents say 1; with ``win_decay`` that makes every win more
    than ``1 / win_decay`` plies away score 0 or less (issue 31, defect 3), so the oracle
    applies the bounded rule with bounds (0, 0): ``floor(|win_decay| * 256) + 1``, which is 1
    for ``win_decay = 0``. (A build may instead refuse ``win_decay`` without an evaluation;
    the tests accept a ValueError there.)
    """
    if evaluate is None:
        return float(math.floor(abs(win_decay) * HORIZON) + 1)
    bounds = declared_bounds(evaluate)
    if bounds is None:
        return math.inf
    reach = max(abs(bounds[0]), abs(bounds[1])) + abs(win_decay) * HORIZON
    return float(math.floor(reach) + 1)


def root_player_of(state) -> int:
    return state.current_player()


def child_of(state, action):
    child = getattr(state, "child", None)
    if child is not None:
        return child(action)
    copy = state.clone()
    copy.apply_action(action)
    return copy


def is_chance(state) -> bool:
    method = getattr(state, "is_chance_node", None)
    if method is not None:
        return bool(method())
    return state.current_player() == -1


def search_order(state, actions, order):
    """The documented child order: the game's order, reordered by ``order`` (a function
    ``(state, actions) -> actions``, or a list by priority with unlisted actions after, in
    the game's order)."""
    actions = list(actions)
    if order is None:
        return actions
    if callable(order):
        return list(order(state.clone(), list(actions)))
    rank = {a: i for i, a in enumerate(order)}
    listed = sorted((a for a in actions if a in rank), key=rank.__getitem__)
    return listed + [a for a in actions if a not in rank]


class Minimax:
    """Plain recursive minimax from the root player's view, memoised per (node, depth).

    ``value(state, depth)`` is the root's value; ``root(state, depth)`` gives the value of every
    root action as well. ``terminal_as_leaf``: document 004's ``Minimax_Limitado`` scores a
    finished game with the heuristic too (its own contract).
    """

    def __init__(self, evaluate=None, *, win_value=None, win_decay=0.0, key=None,
                 terminal_as_leaf=False):
        self.evaluate = evaluate
        self.win_decay = float(win_decay)
        self.win_value = (default_win_value(evaluate, win_decay) if win_value is None
                          else float(win_value))
        self.key = key
        self.terminal_as_leaf = terminal_as_leaf
        self.memo = {}
        self.calls = 0

    # --- leaves ---------------------------------------------------------------------
    def terminal_score(self, state, ply, root_player):
        u = state.returns()[root_player]
        if u == 0:
            return 0.0
        return u * (self.win_value - self.win_decay * ply)

    def leaf_score(self, state, root_player):
        if self.evaluate is None:
            return 0.0
        return float(self.evaluate(state, root_player))

    # --- the recursion -----------------------------------------------------------------
    def _value(self, state, depth, ply, root_player):
        self.calls += 1
        memo_key = None
        if self.key is not None:
            memo_key = (self.key(state), depth, ply)
            hit = self.memo.get(memo_key)
            if hit is not None:
                return hit
        if state.is_terminal():
            v = (self.leaf_score(state, root_player) if self.terminal_as_leaf
                 else self.terminal_score(state, ply, root_player))
        elif depth == 0 or ply >= MAX_PLY - 1:
            v = self.leaf_score(state, root_player)
        else:
            if is_chance(state):
                raise ValueError("the deterministic oracle met a chance node")
            values = [self._value(child_of(state, a), None if depth is None else depth - 1,
                                  ply + 1, root_player)
                      for a in state.legal_actions()]
            v = max(values) if state.current_player() == root_player else min(values)
        if memo_key is not None:
            self.memo[memo_key] = v
        return v

    def root(self, state, depth):
        """``(value, {action: value})`` at the root (the player to move is MAX)."""
        rp = root_player_of(state)
        children = {a: self._value(child_of(state, a), None if depth is None else depth - 1,
                                   1, rp)
                    for a in state.legal_actions()}
        return max(children.values()), children

    def value_at(self, state, depth, ply, root_player):
        """The value of a node ``ply`` plies below a root of ``root_player``."""
        return self._value(state, depth, ply, root_player)


class Expectiminimax(Minimax):
    """Expectiminimax: MAX/MIN as :class:`Minimax`, chance nodes the weighted mean."""

    def __init__(self, evaluate=None, *, limit=None, count_chance=True, **kw):
        super().__init__(evaluate, **kw)
        self.limit = limit
        self.count_chance = count_chance

    def outcomes(self, state):
        outs = list(state.chance_outcomes())
        if self.limit:
            ranked = sorted(range(len(outs)), key=lambda i: -outs[i][1])[:self.limit]
            outs = [outs[i] for i in sorted(ranked)]
        total = sum(p for _, p in outs)
        return [(a, p / total) for a, p in outs]

    def _value(self, state, depth, ply, root_player):
        self.calls += 1
        memo_key = None
        if self.key is not None:
            memo_key = (self.key(state), depth, ply)
            hit = self.memo.get(memo_key)
            if hit is not None:
                return hit
        if state.is_terminal():
            v = self.terminal_score(state, ply, root_player)
        elif depth == 0 or ply >= MAX_PLY - 1:
            v = self.leaf_score(state, root_player)
        elif is_chance(state):
            d = depth - 1 if self.count_chance else depth
            v = sum(p * self._value(child_of(state, a), d, ply + 1, root_player)
                    for a, p in self.outcomes(state))
        else:
            values = [self._value(child_of(state, a), depth - 1, ply + 1, root_player)
                      for a in state.legal_actions()]
            v = max(values) if state.current_player() == root_player else min(values)
        if memo_key is not None:
            self.memo[memo_key] = v
        return v

    def root_chance(self, state, depth, player):
        return self._value(state, depth, 0, player)


def pv_leaf_value(oracle: Minimax, state, pv, depth):
    """Follow ``pv`` from ``state`` and score where it ends: a finished game, the depth limit,
    or (a line cut short) None. Raises AssertionError for an illegal action in the line."""
    rp = root_player_of(state)
    s = state.clone()
    for ply, a in enumerate(pv):
        assert a in s.legal_actions(), f"pv {pv} plays illegal {a} at ply {ply}"
        s = child_of(s, a)
    ply = len(pv)
    if s.is_terminal():
        return oracle.terminal_score(s, ply, rp)
    if depth is not None and ply == depth:
        return oracle.leaf_score(s, rp)
    return None


def close(a, b, tol=0.0) -> bool:
    if a == b:
        return True
    if math.isinf(a) or math.isinf(b):
        return False
    return abs(a - b) <= tol * max(1.0, abs(a), abs(b))
