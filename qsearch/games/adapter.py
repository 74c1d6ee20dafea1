"""Any game state as the full API the readable twins read: :func:`as_protocol_state`.

A class's own game needs only the protocol's six required methods
(:mod:`qsearch.games.protocol`); the twins in :mod:`qsearch.reference` also call
``child``, ``is_chance_node``, ``chance_outcomes``, ``action_to_string`` and compare
``history()`` to catch a heuristic that changes the state it is given. :class:`ProtocolState`
supplies those from the required ones and passes every other attribute through, so a
student's heuristic reads ``state.heaps`` on the wrapper as on its own class.
"""
from __future__ import annotations

from qsearch.games import protocol as P
from qsearch.games.contract import snapshot


class ProtocolState:
    """A game state with the protocol's optional methods filled in (see the module)."""

    __slots__ = ("state",)

    def __init__(self, state):
        object.__setattr__(self, "state", state)

    # -- required, passed through --
    def current_player(self) -> int:
        return self.state.current_player()

    def legal_actions(self) -> list:
        return list(self.state.legal_actions())

    def apply_action(self, action) -> None:
        self.state.apply_action(action)

    def clone(self) -> ProtocolState:
        return ProtocolState(self.state.clone())

    def is_terminal(self) -> bool:
        return bool(self.state.is_terminal())

    def returns(self) -> list:
        return list(self.state.returns())

    # -- optional, with defaults --
    def is_chance_node(self) -> bool:
        return P.is_chance_node(self.state)

    def chance_outcomes(self) -> list:
        return P.chance_outcomes(self.state)

    def child(self, action) -> ProtocolState:
        return ProtocolState(P.child(self.state, action))

    def action_to_string(self, action) -> str:
        return P.action_to_string(self.state, action)

    def string_to_action(self, text):
        return P.string_to_action(self.state, text)

    def history(self) -> tuple:
        """What can be seen of the state (the twins compare it before and after a callback)."""
        method = getattr(self.state, "history", None)
        return tuple(method()) if callable(method) else snapshot(self.state)

    def __getattr__(self, name):
        return getattr(object.__getattribute__(self, "state"), name)

    def __setattr__(self, name, value):
        setattr(self.state, name, value)

    def __str__(self) -> str:
        return str(self.state)

    def __repr__(self) -> str:
        return repr(self.state)

    def _repr_svg_(self):
        svg = getattr(self.state, "_repr_svg_", None)
        return svg() if svg is not None else None


def as_protocol_state(state, what: str = "this search"):
    """``state`` itself when it has the whole API the twins read, else a :class:`ProtocolState`
    around it; a TypeError naming the missing methods when it is not a game state at all."""
    if isinstance(state, ProtocolState):
        return state
    P.check_protocol(state, what)
    needed = ("child", "is_chance_node", "chance_outcomes", "action_to_string")
    if all(callable(getattr(state, m, None)) for m in needed) and (
            callable(getattr(state, "position_key", None))
            or callable(getattr(state, "history", None))):
        return state
    return ProtocolState(state)


__all__ = ["ProtocolState", "as_protocol_state"]
