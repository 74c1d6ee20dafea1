"""How the checker calls a student's search: the signatures it accepts.

The first three parameters are always the state, the depth and the evaluation
``evaluate(state, player)``; the parameters after them that have no default say the form:

=========================================================  ================================
``fn(state, depth, evaluate)``                             any form (a negamax, or a
                                                           function that starts a helper)
``fn(state, depth, evaluate, maximizing)``                 minimax with a flag (True)
``fn(state, depth, evaluate, alpha, beta)``                negamax alpha-beta (-inf, inf)
``fn(state, depth, evaluate, alpha, beta, maximizing)``    MAX/MIN alpha-beta
=========================================================  ================================

A parameter whose name holds ``max`` is the flag (True at the root), wherever it stands;
one whose name holds ``player`` gets the root player (the player to move at the root, whose
values a MAX/MIN search returns), so ``fn(state, depth, evaluate, maximizing, player)`` is
accepted too. The two others are the window, alpha then beta; a lone other parameter is the
flag. Parameters with defaults are left to them. The function returns the root's value for
the player to move there, or ``(value, action)``.
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass

ACCEPTED = ("fn(state, depth, evaluate)", "fn(state, depth, evaluate, maximizing)",
            "fn(state, depth, evaluate, alpha, beta)",
            "fn(state, depth, evaluate, alpha, beta, maximizing)",
            "and any of these with a last parameter player (the root player)")


@dataclass(frozen=True)
class CallForm:
    """The roles of the parameters after ``(state, depth, evaluate)``: each of ``"flag"``,
    ``"player"``, ``"alpha"``, ``"beta"``."""

    roles: tuple

    def arguments(self, root_player: int) -> tuple:
        """The root call's arguments after ``(state, depth, evaluate)``."""
        value = {"flag": True, "player": root_player, "alpha": -math.inf, "beta": math.inf}
        return tuple(value[r] for r in self.roles)


def call_form(fn) -> CallForm:
    """The :class:`CallForm` of ``fn``; TypeError naming the accepted signatures otherwise."""
    if not callable(fn):
        raise TypeError(f"check_search needs a function, not {type(fn).__name__}")
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        raise TypeError(f"cannot read the parameters of {fn!r}: pass a Python function "
                        f"({'; '.join(ACCEPTED)})") from None
    positional = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    required = [p for p in params if p.kind in positional and p.default is p.empty]
    others = [p for p in params if p.kind not in positional and p.default is p.empty
              and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)]
    if others or not 3 <= len(required) <= 7:
        raise TypeError(_unaccepted(fn, params))
    names = [p.name.lower() for p in required[3:]]
    roles = ["flag" if "max" in n else "player" if "player" in n else None for n in names]
    free = [i for i, r in enumerate(roles) if r is None]
    if len(free) == 2:
        roles[free[0]], roles[free[1]] = "alpha", "beta"
    elif len(free) == 1 and "flag" not in roles:
        roles[free[0]] = "flag"
    elif free:
        raise TypeError(_unaccepted(fn, params))
    if roles.count("flag") > 1 or roles.count("player") > 1:
        raise TypeError(_unaccepted(fn, params))
    return CallForm(tuple(roles))


def _unaccepted(fn, params) -> str:
    name = getattr(fn, "__name__", "the function")
    shown = ", ".join(str(p) for p in params)
    return (f"{name}({shown}): check_search accepts " + "; ".join(ACCEPTED)
            + " (extra parameters need defaults)")
