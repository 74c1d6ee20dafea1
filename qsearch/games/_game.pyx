# cython: language_level=3, boundscheck=False, wraparound=False
"""The Game base type shared by every engine.

Two layers live here:

* the C level (``legal_moves``, ``make``, ``unmake``, ``terminal``, ``utility``,
  ``to_move``, ``chance_outcomes_c``, ``key``): unchecked and fast, used by the compiled
  search in :mod:`qsearch.search`;
* the Python API in OpenSpiel's vocabulary (``legal_actions``, ``apply_action``,
  ``undo_action``, ``child``, ``clone``, ``is_terminal``, ``returns``, ``current_player``,
  ``is_chance_node``, ``chance_outcomes``, ``action_to_string``, ``string_to_action``):
  checked and friendly, used by people and by the pure-Python reference algorithms.

Every check happens before the state is touched, so an error never leaves a state half
changed.
"""
import operator

from qsearch.core.errors import IllegalMoveError


cdef class Game:
    """Base type of every game. Subclasses override the ``cdef`` methods."""

    def __cinit__(self, *args, **kwargs):
        self._history = []

    # ----------------------------------------------------------------- C level
    cdef int legal_moves(self, int* out) noexcept:
        return 0

    cdef void make(self, int move) noexcept:
        pass

    cdef void unmake(self, int move) noexcept:
        pass

    cdef bint terminal(self) noexcept:
        return True

    cdef double utility(self, int player) noexcept:
        return 0.0

    cdef int to_move(self) noexcept:
        return TERMINAL

    cdef int chance_outcomes_c(self, int* out, double* prob) noexcept:
        return 0

    cdef unsigned long long key(self) noexcept:
        return 0

    cpdef Game clone(self):
        """A deep copy of this state, history included."""
        raise NotImplementedError(f"{type(self).__name__} does not implement clone()")

    # -------------------------------------------------------------- Python API
    def num_players(self) -> int:
        """Number of players (2 for every game here)."""
        return 2

    def legal_actions(self) -> list:
        """The legal actions (ints) in the game's move order; empty at a terminal state.

        At a chance node these are the chance outcomes.
        """
        cdef int buf[MAX_ACTIONS]
        cdef int n = self.legal_moves(buf)
        return [buf[i] for i in range(n)]

    def _checked_action(self, action) -> int:
        """Validate ``action`` (type and legality) without touching the state."""
        if isinstance(action, bool) or not hasattr(action, "__index__"):
            raise TypeError(
                f"an action is an int, not {type(action).__name__} ({action!r}); "
                f"use string_to_action() to convert text such as {action!r}"
            )
        a = operator.index(action)
        if self.terminal():
            raise IllegalMoveError(f"action {a} is illegal: the game is over")
        legal = self.legal_actions()
        if a not in legal:
            shown = ", ".join(f"{x} ({self.action_to_string(x)})" for x in legal)
            raise IllegalMoveError(
                f"action {a} is illegal in this state; legal actions: [{shown}]"
            )
        return a

    def apply_action(self, action) -> None:
        """Play ``action`` in place. Raises IllegalMoveError / TypeError, state unchanged."""
        cdef int a = self._checked_action(action)
        self.make(a)
        self._history.append(a)

    def undo_action(self) -> int:
        """Take back the last action applied with ``apply_action``; returns it."""
        if not self._history:
            raise ValueError("no action to undo: this state has no history")
        cdef int a = self._history.pop()
        self.unmake(a)
        return a

    def child(self, action) -> Game:
        """A new state: this one after ``action`` (this one is unchanged)."""
        self._checked_action(action)
        c = self.clone()
        c.apply_action(action)
        return c

    def history(self) -> list:
        """The actions applied so far (a copy)."""
        return list(self._history)

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.terminal()

    def returns(self) -> list:
        """Per-player returns: +1 win, -1 loss, 0 draw (all 0 while the game goes on)."""
        if not self.terminal():
            return [0.0, 0.0]
        return [self.utility(0), self.utility(1)]

    def player_return(self, int player) -> float:
        """The return of ``player`` (0 while the game goes on)."""
        if player not in (0, 1):
            raise ValueError(f"player must be 0 or 1, not {player}")
        return self.returns()[player]

    def current_player(self) -> int:
        """The player to move: 0 or 1, CHANCE (-1) at a chance node, TERMINAL (-4) at the end."""
        if self.terminal():
            return TERMINAL
        return self.to_move()

    def is_chance_node(self) -> bool:
        """True when the next action is a random outcome (dice)."""
        return not self.terminal() and self.to_move() == CHANCE

    def chance_outcomes(self) -> list:
        """``[(outcome, probability), ...]`` at a chance node; ``[]`` elsewhere."""
        cdef int buf[MAX_ACTIONS]
        cdef double prob[MAX_ACTIONS]
        if not self.is_chance_node():
            return []
        cdef int n = self.chance_outcomes_c(buf, prob)
        return [(buf[i], prob[i]) for i in range(n)]

    def position_key(self) -> int:
        """The 64-bit key of this position (what transposition tables store)."""
        return self.key()

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
        return self.key() == (<Game>other).key()

    def __hash__(self):
        return hash((type(self).__name__, self.key()))

    def __reduce__(self):
        return (_rebuild, (type(self), list(self._history)))


def _rebuild(cls, actions):
    """Rebuild a state of ``cls`` by replaying ``actions`` from the start (for pickling)."""
    state = cls()
    for a in actions:
        state.apply_action(a)
    return state
