"""The state a student's search is handed: a game state that records what is done to it.

A :class:`ProxyState` wraps one of the checker's positions (a toy tree, a tic-tac-toe or
Connect-4 board) and offers the game protocol (``current_player``, ``legal_actions``,
``apply_action``, ``undo_action``, ``child``, ``clone``, ``is_terminal``, ``returns``,
``action_to_string``). Each one knows its *path*, the actions from the checked root, and
every proxy of one run shares a :class:`Recorder`:

* a node is **visited** when the search first asks anything about it (whether it is over,
  its player, its actions, its returns, its evaluation): the recorder keeps the visited
  paths in that order, which is the order alpha-beta's trace enters them;
* ``apply_action`` on a state changes *that* state (its path grows): the checker compares the
  root's path when the search returns, which shows a state changed in place and not undone;
* every question counts against a **step budget**: past it the proxy raises
  :class:`OutOfBudget`, a ``BaseException`` (a student's ``except Exception`` cannot swallow
  it), so a search that loops while visiting nodes stops.

Finished games return ``returns()`` scaled by the case's win value, and the checker's
``evaluate(state, player)`` scores them the same, so a search may use either.
"""
from __future__ import annotations

import numbers

from qsearch.i18n import _, get_language, number


class OutOfBudget(BaseException):
    """The search asked more questions of its states, or ran more lines, than allowed."""


def grouped(n: int) -> str:
    """``2000000`` -> ``2 000 000`` in English (as the reports always wrote it), ``2.000.000``
    in Spanish (:func:`qsearch.i18n.number`)."""
    return f"{n:,}".replace(",", " ") if get_language() == "en" else number(n)


class Recorder:
    """What one run of a search did to its states (shared by every proxy of the run)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget            # questions allowed before OutOfBudget
        self.questions = 0              # every call that reads a state
        self.visits: list[tuple] = []   # paths in the order they were first visited
        self._seen: set[tuple] = set()
        self.illegal: list[tuple] = []  # (path, action, on top of an action not undone)

    def visit(self, path: tuple) -> None:
        """Count a question about the node at ``path`` (first time: a visit)."""
        self.questions += 1
        if self.questions > self.budget:
            raise OutOfBudget(_("more than {n} questions asked of the states").format(
                n=grouped(self.budget)))
        if path not in self._seen:
            self._seen.add(path)
            self.visits.append(path)


class ProxyState:
    """A game state that records the search's visits (see the module docs).

    Only the game protocol is offered: the wrapped position is not reachable, so every read
    is recorded.
    """

    __slots__ = ("_state", "_path", "_recorder", "_win", "_undo", "_home")

    def __init__(self, state, recorder: Recorder, win: float, path: tuple = ()) -> None:
        self._state = state
        self._path = path
        self._recorder = recorder
        self._win = win
        self._undo: list = []           # the wrapped states before each apply_action
        self._home = path               # the path it had when made

    # ------------------------------------------------------------------ reads (visits)
    def current_player(self) -> int:
        """The player to move (negative once the game is over)."""
        self._recorder.visit(self._path)
        return self._state.current_player()

    def legal_actions(self) -> list[int]:
        """The actions of the player to move, in the game's order."""
        self._recorder.visit(self._path)
        return list(self._state.legal_actions())

    def is_terminal(self) -> bool:
        """Whether the game is over here."""
        self._recorder.visit(self._path)
        return bool(self._state.is_terminal())

    def returns(self) -> list[float]:
        """Each player's result, scaled by the case's win value (zeros before the end)."""
        self._recorder.visit(self._path)
        if not self._state.is_terminal():
            return [0.0, 0.0]
        return [float(r) * self._win for r in self._state.returns()]

    def is_chance_node(self) -> bool:
        """Always False: the checker's games have no chance."""
        return False

    # ------------------------------------------------------------------ changes
    def apply_action(self, action) -> None:
        """Play ``action`` here, in place (the state's path grows by it)."""
        legal = self._state.legal_actions()
        if isinstance(action, bool) or not isinstance(action, numbers.Integral) \
                or int(action) not in legal:
            self._recorder.illegal.append((self._path, action, self._path != self._home))
            raise ValueError(_("apply_action({action}): not a legal action here (the legal "
                               "ones: {legal})").format(action=repr(action), legal=list(legal)))
        self._undo.append(self._state.clone())
        self._state.apply_action(int(action))
        self._path = self._path + (int(action),)

    def undo_action(self, *args) -> None:
        """Take back the last action applied to this state (arguments, if any, ignored)."""
        if not self._undo:
            raise ValueError("undo_action(): no action was applied to this state")
        self._state = self._undo.pop()
        self._path = self._path[:-1]

    def child(self, action) -> ProxyState:
        """A new state: this one after ``action`` (this one is left as it is)."""
        copy = self.clone()
        copy.apply_action(action)
        copy._undo.clear()
        copy._home = copy._path
        return copy

    def clone(self) -> ProxyState:
        """An independent copy."""
        return ProxyState(self._state.clone(), self._recorder, self._win, self._path)

    # ------------------------------------------------------------------ text
    def action_to_string(self, action) -> str:
        """The action as the game writes it."""
        return self._state.action_to_string(action)

    def __str__(self) -> str:
        return str(self._state)

    def __repr__(self) -> str:
        moves = " ".join(str(a) for a in self._path) or "none"
        return f"<checked state after actions: {moves}>"


def unwrap(state, what: str = "evaluate"):
    """``(wrapped state, path, recorder, win)`` of a :class:`ProxyState`; TypeError otherwise."""
    if not isinstance(state, ProxyState):
        raise TypeError(_("{what}(state, player): state must be a state the checker handed "
                          "you (or its child or clone), not {kind}").format(
                              what=what, kind=type(state).__name__))
    return state._state, state._path, state._recorder, state._win
