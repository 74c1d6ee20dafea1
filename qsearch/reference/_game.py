"""The base of the plain-Python engines: the checked Python API, written once.

The compiled engines share a base type (``qsearch/games/_game.pyx``): each game gives a few
small, unchecked rules (``_legal_moves``, ``_make``, ``_unmake``, ``_terminal``,
``_utility``, ``_to_move``, ``_key``, and ``_chance_outcomes`` for dice games) and the base
builds OpenSpiel's Python API on top of them, with every check made *before* the state is
touched, so an error never leaves a state half changed. :class:`PyGame` is the same base in
plain Python, so a pure engine (``PyTicTacToe``, ``PyPig``, ``PyExplicitTree``) holds only
its rules and answers exactly as its compiled twin does, errors included.
"""
from __future__ import annotations

import operator

from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.core.errors import IllegalMoveError


class PyGame:
    """Base of the plain-Python engines. Subclasses give the rules (the ``_`` methods)."""

    def __new__(cls, *args, **kwargs):
        # As the compiled base's __cinit__: even a state made by cls.__new__(cls), without
        # __init__, has a history (clone() makes states that way).
        state = super().__new__(cls)
        state._history = []
        return state

    # ------------------------------------------------------- the rules (subclasses)
    def _legal_moves(self) -> list[int]:
        """The legal actions in the game's order (the outcomes at a chance node)."""
        return []

    def _make(self, move: int) -> None:
        """Play ``move`` (unchecked: it must be legal)."""

    def _unmake(self, move: int) -> None:
        """Take back ``move``, the last move made."""

    def _terminal(self) -> bool:
        return True

    def _utility(self, player: int) -> float:
        """``player``'s result at the end: +1, -1 or 0 (a toy tree's leaf: any number)."""
        return 0.0

    def _to_move(self) -> int:
        """0, 1, CHANCE at a chance node, TERMINAL exactly when the game is over."""
        return TERMINAL

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability), ...]`` at a chance node."""
        return []

    def _key(self) -> int:
        """The position's 64-bit key: the same number as the compiled engine's ``key()``."""
        return 0

    def clone(self):
        """A deep copy of this state, history included."""
        raise NotImplementedError(f"{type(self).__name__} does not implement clone()")

    # ------------------------------------------------------------ the Python API
    def num_players(self) -> int:
        """Number of players (2 for every game here)."""
        return 2

    def legal_actions(self) -> list[int]:
        """The legal actions (ints) in the game's move order; empty at a terminal state.

        At a chance node these are the chance outcomes.
        """
        return list(self._legal_moves())

    def _checked_action(self, action) -> int:
        """Validate ``action`` (type and legality) without touching the state."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(
                f"an action is an int, not {type(action).__name__} ({action!r}); "
                f"use string_to_action() to convert text such as {action!r}"
            )
        a = operator.index(action)
        if self._terminal():
            raise IllegalMoveError(f"action {a} is illegal: the game is over")
        legal = self._legal_moves()
        if a not in legal:
            shown = ", ".join(f"{x} ({self.action_to_string(x)})" for x in legal)
            raise IllegalMoveError(
                f"action {a} is illegal in this state; legal actions: [{shown}]"
            )
        return a

    def apply_action(self, action) -> None:
        """Play ``action`` in place. Raises IllegalMoveError / TypeError, state unchanged."""
        a = self._checked_action(action)
        self._make(a)
        self._history.append(a)

    def undo_action(self) -> int:
        """Take back the last action applied with ``apply_action``; returns it."""
        if not self._history:
            raise ValueError("no action to undo: this state has no history")
        a = self._history.pop()
        self._unmake(a)
        return a

    def child(self, action):
        """A new state: this one after ``action`` (this one is unchanged)."""
        a = self._checked_action(action)
        c = self.clone()
        c._make(a)                 # checked once: the searches call child() at every node
        c._history.append(a)
        return c

    def history(self) -> list[int]:
        """The actions applied so far (a copy)."""
        return list(self._history)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return bool(self._terminal())

    def returns(self) -> list[float]:
        """Per-player returns: +1 win, -1 loss, 0 draw (all 0 while the game goes on)."""
        if not self._terminal():
            return [0.0, 0.0]
        return [self._utility(0), self._utility(1)]

    def player_return(self, player) -> float:
        """The return of ``player`` (0 while the game goes on)."""
        player = operator.index(player)
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        return self.returns()[player]

    def current_player(self) -> int:
        """The player to move: 0 or 1, CHANCE (-1) at a chance node, TERMINAL (-4) at the end."""
        if self._terminal():
            return TERMINAL
        return self._to_move()

    def is_chance_node(self) -> bool:
        """True when the next action is a random outcome (dice)."""
        return not self._terminal() and self._to_move() == CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(outcome, probability), ...]`` at a chance node; ``[]`` elsewhere."""
        if not self.is_chance_node():
            return []
        return list(self._chance_outcomes())

    def position_key(self) -> int:
        """The 64-bit key of this position (what transposition tables store)."""
        return self._key()

    def action_to_string(self, action) -> str:
        """Human-readable form of ``action``."""
        return str(action)

    def string_to_action(self, text) -> int:
        """Parse the human-readable form of an action (inverse of ``action_to_string``)."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str, not {type(text).__name__}")
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not an action of {type(self).__name__}") from None

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash((type(self).__name__, self._key()))

    def __reduce__(self):
        return (_rebuild, (type(self), list(self._history)))


def _rebuild(cls, actions):
    """Rebuild a state of ``cls`` by replaying ``actions`` from the start (for pickling)."""
    state = cls()
    for a in actions:
        state.apply_action(a)
    return state
