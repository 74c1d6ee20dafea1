"""Small games a class could write, where a search's table and stopping rule are easy to get
wrong; shared by the oracle suite's tests (issue 43).

* :class:`BonusTake`: take 1, 2 or 3 stones; taking exactly 2 keeps the turn; whoever takes
  the last stone loses. A position recurs at different plies of one search (2 then 1 against
  3, the same player to move after both). ``reward`` scales the returns (:class:`Bonus2`:
  +-2).
* :class:`MarginTake`: the same moves, but the game ends with a score: the loser's opponent
  wins by the stones it holds over the loser's (a 3-1 game returns +-2, a 4-1 game +-3), so
  wins of several sizes meet in one search.
* :class:`PassTake`: take 1 or 2, whoever takes the last stone wins, and a player may pass
  unless the move before was a pass (as Reversi's passes: the same stones and player recur
  two plies later).

Plain Python with OpenSpiel's method names and ``position_key()``: the searches run their
readable twins on them in both builds (the compiled core only searches qsearch's engines).
"""
from __future__ import annotations


class _Protocol:
    """OpenSpiel's ``child`` and ``is_chance_node``, so that ``qsearch.reference``'s searches
    run on these games directly (``qsearch.search`` adapts any state itself)."""

    def child(self, action):
        copy = self.clone()
        copy.apply_action(action)
        return copy

    def is_chance_node(self):
        return False


class BonusTake(_Protocol):
    """A pile of ``stones``; take 1, 2 or 3; taking exactly 2 keeps the turn; whoever takes
    the last stone loses (returns ``+-reward``)."""

    reward = 1.0

    def __init__(self, stones=5):
        self.stones = stones
        self.player = 0
        self.loser = None
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
        self.history_.append((action, self.player, self.loser))
        self.take(action)

    def take(self, action):
        """Apply a legal ``action`` (the rules; :meth:`apply_action` checks and records)."""
        self.stones -= action
        if self.stones == 0:
            self.loser = self.player
        elif action != 2:
            self.player = 1 - self.player

    def undo_action(self):
        action, self.player, self.loser = self.history_.pop()
        self.stones += action
        return action

    def clone(self):
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.history_ = list(self.history_)
        return copy

    def is_terminal(self):
        return self.loser is not None

    def returns(self):
        if self.loser is None:
            return [0.0, 0.0]
        win = self.reward
        return [-win, win] if self.loser == 0 else [win, -win]

    def position_key(self):
        over = 0 if self.loser is None else 1 + self.loser
        return (self.stones * 3 + over) * 2 + self.player

    def __str__(self):
        return f"{type(self).__name__}({self.stones}, to move {self.player})"


class Bonus2(BonusTake):
    """:class:`BonusTake` whose wins return +-2."""

    reward = 2.0


class MarginTake(BonusTake):
    """:class:`BonusTake` with a score: each player keeps the stones it takes, and the
    winner (who did not take the last stone) wins by the stones it holds over the loser's,
    at least 1 (3-1: +-2)."""

    def __init__(self, stones=7):
        super().__init__(stones)
        self.held = [0, 0]

    def take(self, action):
        self.held = list(self.held)
        self.held[self.player] += action
        super().take(action)

    def undo_action(self):
        action, player, _ = self.history_[-1]
        self.held = list(self.held)
        self.held[player] -= action
        return super().undo_action()

    def returns(self):
        if self.loser is None:
            return [0.0, 0.0]
        winner = 1 - self.loser
        margin = float(max(1, self.held[winner] - self.held[self.loser]))
        return [margin, -margin] if winner == 0 else [-margin, margin]

    def position_key(self):
        return (super().position_key() * 32 + self.held[0]) * 32 + self.held[1]


class PassTake(_Protocol):
    """A pile of ``stones``; take 1 or 2, or pass unless the move before was a pass; whoever
    takes the last stone wins (returns +-1)."""

    PASS = 0

    def __init__(self, stones=6):
        self.stones = stones
        self.player = 0
        self.passed = False
        self.winner = None
        self.history_ = []

    def current_player(self):
        return -4 if self.is_terminal() else self.player

    def legal_actions(self):
        if self.is_terminal():
            return []
        takes = [k for k in (1, 2) if k <= self.stones]
        return takes if self.passed else [self.PASS] + takes

    def apply_action(self, action):
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not legal here")
        self.history_.append((action, self.player, self.passed))
        self.stones -= action
        self.passed = action == self.PASS
        if self.stones == 0:
            self.winner = self.player
        else:
            self.player = 1 - self.player

    def undo_action(self):
        action, self.player, self.passed = self.history_.pop()
        self.stones += action
        self.winner = None
        return action

    def clone(self):
        copy = PassTake.__new__(PassTake)
        copy.__dict__.update(self.__dict__)
        copy.history_ = list(self.history_)
        return copy

    def is_terminal(self):
        return self.winner is not None

    def returns(self):
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def position_key(self):
        over = 0 if self.winner is None else 1 + self.winner
        return ((self.stones * 3 + over) * 2 + self.passed) * 2 + self.player

    def __str__(self):
        return f"PassTake({self.stones}, to move {self.player}{', passed' if self.passed else ''})"


def stones_left(state, player):
    """An evaluation: the stones left, seen by ``player`` (+ for player 0, - for player 1);
    bounded by the piles these tests use."""
    return float(state.stones if player == 0 else -state.stones)


stones_left.bounds = (-20.0, 20.0)


def parity(state, player):
    """An evaluation that changes with the stones' parity: a depth-limited search of these
    games changes its mind from one depth to the next."""
    v = 1.0 if state.stones % 2 else -1.0
    return v if player == 0 else -v


parity.bounds = (-1.0, 1.0)

def mover_mod4(state, player):
    """The evaluation of issue 43's example: 0 for the player to move when the stones are a
    multiple of 4, else -2 (a guess: :class:`BonusTake` is lost from 5 stones, not from 4)."""
    v = 0.0 if state.stones % 4 == 0 else -2.0
    return v if player == state.current_player() else -v


mover_mod4.bounds = (-2.0, 2.0)

EVALUATIONS = (None, stones_left, parity, mover_mod4)
