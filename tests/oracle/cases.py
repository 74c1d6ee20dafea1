"""What the differential suite searches: games, positions, evaluations and a student's game.

* :func:`position` plays ``plies`` seeded random actions (chance outcomes included) from a
  game's start and stops before the game ends, so a case is reproducible from its numbers.
* :func:`make_evaluation` is a family of deterministic hash-based evaluations of a position's
  key: integer, tie-heavy (three values), fractional, zero-sum (the other player's score is
  minus this one's) or not (a bonus that depends on whose view), with or without declared
  ``bounds``.
* :class:`TakeAway` is a game as a student writes one: plain Python, OpenSpiel's method names,
  nothing inherited (docs/ADDING_A_GAME.md), with a move that keeps the turn.
"""
from __future__ import annotations

import random
import zlib
from functools import partial

from qsearch.core.game_entries import ENTRIES
from qsearch.games import ExplicitTree, load


# --- a student's game ------------------------------------------------------------------
class TakeAway:
    """A pile of stones; a move takes 1, 2 or 3 (never more than are left). Whoever takes the
    last stone wins, except that taking exactly 2 from an even pile keeps the turn (so turns
    do not always alternate) and a pile reduced to exactly 5 ends the game in a draw."""

    def __init__(self, stones=11):
        self.stones = stones
        self.player = 0
        self.winner = None       # 0, 1, or "draw"
        self.history_ = []

    def current_player(self):
        return -4 if self.is_terminal() else self.player

    def legal_actions(self):
        if self.is_terminal():
            return []
        return [k for k in (1, 2, 3) if k <= self.stones]

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not legal here")
        keeps = action == 2 and self.stones % 2 == 0
        self.history_.append((action, self.player, self.winner))
        self.stones -= action
        if self.stones == 0:
            self.winner = self.player
        elif self.stones == 5 and action == 3:
            self.winner = "draw"
        elif not keeps:
            self.player = 1 - self.player

    def undo_action(self):
        action, self.player, self.winner = self.history_.pop()
        self.stones += action
        return action

    def clone(self):
        copy = TakeAway(self.stones)
        copy.player, copy.winner, copy.history_ = self.player, self.winner, list(self.history_)
        return copy

    def is_terminal(self):
        return self.winner is not None

    def returns(self):
        if self.winner is None or self.winner == "draw":
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def position_key(self):
        w = {None: 0, 0: 1, 1: 2, "draw": 3}[self.winner]
        return (self.stones * 4 + w) * 2 + self.player

    def __str__(self):
        return f"TakeAway({self.stones}, to move {self.player})"


# --- toy trees ----------------------------------------------------------------------------
def toy_tree(seed):
    """A ragged random toy tree (leaf values -9..9, some leaves above the bottom)."""
    rng = random.Random(seed)

    def spec(depth):
        if depth == 0 or (depth < 3 and rng.random() < 0.2):
            return rng.randint(-9, 9)
        return [spec(depth - 1) for _ in range(rng.randint(1, 3))]

    tree = spec(5)
    if not isinstance(tree, list):
        tree = [tree, -tree]
    return ExplicitTree(tree, root_player=seed % 2)


# --- games by name ---------------------------------------------------------------------------
# qsearch's games: the positions each entry's ``oracle`` names (qsearch.core.game_entries).
ORACLE_ENTRIES = {e.name: e for e in ENTRIES if e.oracle is not None}
DETERMINISTIC = {
    **{n: partial(load, e.oracle.start) for n, e in ORACLE_ENTRIES.items() if not e.info.chance},
    "takeaway": lambda: TakeAway(11),
    "os_tictactoe": lambda: load("openspiel:tic_tac_toe"),
    "os_connect4": lambda: load("openspiel:connect_four"),
    "os_breakthrough": lambda: load("openspiel:breakthrough(rows=4,columns=4)"),
}
CHANCE = {
    **{n: partial(load, e.oracle.start) for n, e in ORACLE_ENTRIES.items() if e.info.chance},
    "os_pig": lambda: load("openspiel:pig(winscore=8,diceoutcomes=3)"),
}
# plies of random play before the search (lo, hi), and the depths worth searching
PLIES = {
    **{n: e.oracle.plies for n, e in ORACLE_ENTRIES.items()},
    "takeaway": (0, 6), "os_tictactoe": (0, 6), "os_connect4": (4, 30),
    "os_breakthrough": (0, 6), "os_pig": (0, 12),
}
DEPTHS = {
    **{n: e.oracle.depth for n, e in ORACLE_ENTRIES.items()},
    "takeaway": 8, "os_tictactoe": 3, "os_connect4": 3, "os_breakthrough": 3, "os_pig": 4,
}
QSEARCH_ENGINE = {n for n, e in ORACLE_ENTRIES.items() if e.compiled} | {"toytree"}


def new_game(name):
    if name.startswith("toytree"):
        return toy_tree(int(name[len("toytree"):] or 0))
    return {**DETERMINISTIC, **CHANCE}[name]()


def position(name, seed, plies=None):
    """The state of game ``name`` after ``plies`` seeded random actions (chance outcomes drawn
    by their probabilities) that do not end the game; it stops early where every action
    would."""
    rng = random.Random(seed)
    state = new_game(name)
    if plies is None:
        lo, hi = PLIES.get(name, (0, 0))
        plies = rng.randint(lo, hi)
    for _ in range(plies):
        if getattr(state, "is_chance_node", lambda: False)():
            outs = state.chance_outcomes()
            choices = [rng.choices([a for a, _ in outs], [p for _, p in outs])[0]]
        else:
            choices = list(state.legal_actions())
            rng.shuffle(choices)
        for action in choices:              # an action that does not end the game
            child = state.clone()
            child.apply_action(action)
            if not child.is_terminal():
                break
        else:
            break
        state = child
    return state


def key_of(state) -> int:
    """A deterministic number for a position: its ``position_key()``, else a CRC of its
    text and the player to move (OpenSpiel's states)."""
    method = getattr(state, "position_key", None)
    if method is not None:
        return int(method())
    return zlib.crc32(f"{state}|{state.current_player()}".encode())


def memo_key(state):
    return (key_of(state), state.current_player())


# --- evaluations ------------------------------------------------------------------------------
KINDS = ("int", "tie", "frac", "wide")


def make_evaluation(kind="int", seed=0, *, bounded=True, zero_sum=True):
    """A deterministic evaluation ``f(state, player)`` of the position's key.

    ``kind``: ``"int"`` whole numbers in -50..50, ``"tie"`` only -1, 0 and 1 (many ties),
    ``"frac"`` fractions in [-1.5, 1.5), ``"wide"`` fractions in [-400, 400).
    ``zero_sum``: player 1's score is minus player 0's; otherwise player 1 sees the same
    number plus a bonus (a heuristic that is not zero-sum). ``bounded``: declares ``bounds``.
    """
    mult = 2654435761 + 2 * seed

    def base(state):
        h = (key_of(state) * mult + seed) % 1000003
        if kind == "int":
            return float(h % 101 - 50)
        if kind == "tie":
            return float(h % 3 - 1)
        if kind == "frac":
            return (h % 1000) / 1000 * 3 - 1.5
        return (h % 8000) / 10 - 400.0

    top = {"int": 50.0, "tie": 1.0, "frac": 1.5, "wide": 400.0}[kind]
    if zero_sum:
        def evaluate(state, player):
            v = base(state)
            return v if player == 0 else -v
        lo, hi = -top, top
    else:
        def evaluate(state, player):
            return base(state) + (0.5 if player == 0 else -0.25)
        lo, hi = -top - 0.25, top + 0.5
    evaluate.__name__ = f"hash_{kind}_{seed}{'' if zero_sum else '_nzs'}"
    if bounded:
        evaluate.bounds = (lo, hi)
    evaluate.top = max(abs(lo), abs(hi))
    return evaluate


def describe(evaluate):
    if evaluate is None:
        return "None"
    b = getattr(evaluate, "bounds", None)
    return f"{evaluate.__name__}{'' if b is None else f' bounds={b}'}"
