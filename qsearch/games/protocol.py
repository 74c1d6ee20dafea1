"""The game protocol: what a state must offer for qsearch's searches, widgets and arena.

A game is anything whose states have OpenSpiel's method names. qsearch's compiled engines,
OpenSpiel's states and a thirty-line class a student writes all qualify:

Required (a ``TypeError`` naming the method says when one is missing):
    ``current_player()``  the player to move: 0 or 1, ``CHANCE`` (-1) at a chance node,
                          ``TERMINAL`` (-4) or any negative number once the game is over;
                          turns need not alternate
    ``legal_actions()``   the actions of the player to move, a list of ints (empty once over)
    ``apply_action(a)``   play ``a`` in place
    ``clone()``           an independent copy
    ``is_terminal()``     whether the game is over
    ``returns()``         each player's result, a list of numbers (read once the game is over)

Optional, with the default used when a state lacks it:
    ``is_chance_node()`` / ``chance_outcomes()``   no chance: ``False`` / ``[]``
    ``undo_action()``          searches use ``child`` (a clone) instead
    ``child(a)``               ``clone()`` then ``apply_action(a)``
    ``action_to_string(a)``    ``str(a)``
    ``string_to_action(s)``    the legal action whose string is ``s``
    ``num_distinct_actions()`` unknown: ``order`` lists are not range-checked
    ``_repr_svg_()`` / ``__str__``  how the state is drawn (text when there is no SVG)
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable

from qsearch.core.constants import CHANCE, TERMINAL

REQUIRED = ("current_player", "legal_actions", "apply_action", "clone", "is_terminal",
            "returns")
OPTIONAL = ("is_chance_node", "chance_outcomes", "undo_action", "child", "action_to_string",
            "string_to_action", "num_distinct_actions")


@runtime_checkable
class GameProtocol(Protocol):
    """The methods every search relies on (see the module's docstring for the optional ones)."""

    def current_player(self) -> int: ...
    def legal_actions(self) -> list[int]: ...
    def apply_action(self, action: int) -> None: ...
    def clone(self) -> GameProtocol: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...


def check_protocol(state, what: str = "this") -> None:
    """TypeError naming every required method ``state`` lacks (nothing when it has them all)."""
    if isinstance(state, type):
        raise TypeError(f"{what} needs a game state, not the class {state.__name__}: "
                        f"create one first, e.g. {state.__name__}()")
    missing = [m for m in REQUIRED if not callable(getattr(state, m, None))]
    if missing:
        names = ", ".join(f"{m}()" for m in missing)
        raise TypeError(
            f"{type(state).__name__} is not a game state: it lacks {names} "
            f"(qsearch.games.GameProtocol needs {', '.join(m + '()' for m in REQUIRED)})")


def is_chance_node(state) -> bool:
    """``state.is_chance_node()``, or False for a game without chance."""
    method = getattr(state, "is_chance_node", None)
    return bool(method()) if method is not None else state.current_player() == CHANCE


def chance_outcomes(state) -> list:
    """``[(action, probability), ...]`` at a chance node (``[]`` for a game without chance)."""
    method = getattr(state, "chance_outcomes", None)
    return list(method()) if method is not None else []


def child(state, action):
    """The state after ``action``; ``state`` itself is left as it was."""
    method = getattr(state, "child", None)
    if method is not None:
        return method(action)
    copy = state.clone()
    copy.apply_action(action)
    return copy


def action_to_string(state, action) -> str:
    """The game's name for ``action`` (``str(action)`` when the game gives none)."""
    method = getattr(state, "action_to_string", None)
    if method is None:
        return str(action)
    try:
        return method(action)
    except TypeError:            # OpenSpiel's (player, action) form
        return method(state.current_player(), action)


def string_to_action(state, text: str):
    """The legal action named ``text``: the game's own parser, else a match on the names."""
    method = getattr(state, "string_to_action", None)
    if method is not None:
        return method(text)
    for action in state.legal_actions():
        if action_to_string(state, action) == text:
            return action
    raise ValueError(f"no legal action is called {text!r} here "
                     f"(legal: {[action_to_string(state, a) for a in state.legal_actions()]})")


def num_distinct_actions(state) -> int | None:
    """How many action numbers the game uses, or None when it does not say."""
    method = getattr(state, "num_distinct_actions", None)
    return None if method is None else int(method())


def has_undo(state) -> bool:
    """Whether ``state.undo_action()`` takes back the last action (OpenSpiel's states have an
    ``undo_action(player, action)`` of another shape, which the searches do not use)."""
    return callable(getattr(state, "undo_action", None)) and not hasattr(state, "get_game")


def game_over(player: int) -> bool:
    """Whether ``current_player()`` says the game is over (OpenSpiel: -4; any other negative
    number but CHANCE is accepted from a student's class)."""
    return player == TERMINAL or (player < 0 and player != CHANCE)


def picture(state) -> tuple[str, str]:
    """``("svg", markup)`` when the state draws itself, else ``("text", str(state))``."""
    svg = getattr(state, "_repr_svg_", None)
    if svg is not None:
        markup = svg()
        if markup:
            return "svg", markup
    return "text", str(state)


__all__ = ["OPTIONAL", "REQUIRED", "GameProtocol", "action_to_string", "chance_outcomes",
           "check_protocol", "child", "game_over", "has_undo", "is_chance_node",
           "num_distinct_actions", "picture", "string_to_action"]
