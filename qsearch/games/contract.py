"""``check_game``: the rules every search relies on, checked on random games of any game.

A student who writes a game runs ``check_game(MyGame())`` before searching it; qsearch's own
test suite runs the same function over every engine (``tests/test_game_contract.py``). Each
rule broken raises :class:`GameContractError` naming the rule and the moves that show it::

    GameContractError: undo_action() did not restore the state
      after the moves 0:1, 2:3 (then 1:2 and undo_action())
"""
from __future__ import annotations

import inspect
import math
import numbers
import random

import qsearch.games.protocol as P  # the module itself: no arrow back to the package
from qsearch.i18n import _


class GameContractError(ValueError):
    """A game broke a rule of the protocol; the message names the rule and the moves."""


def snapshot(state) -> tuple:
    """What can be seen of a state from outside, to tell whether something changed it."""
    over = state.is_terminal()
    seen = [state.current_player(), bool(over), tuple(state.legal_actions())]
    if over:
        seen.append(tuple(state.returns()))
    if type(state).__str__ is not object.__str__:
        seen.append(str(state))
    for name in ("position_key", "history"):
        method = getattr(state, name, None)
        if callable(method):
            value = method()
            seen.append(tuple(value) if isinstance(value, list) else value)
    return tuple(seen)


class _Checker:
    def __init__(self, state, zero_sum: bool, players: int):
        self.zero_sum = zero_sum
        self.players = players
        self.path: list[str] = []
        self.root = state

    def fail(self, rule: str, then: str = "") -> None:
        moves = ", ".join(self.path) if self.path else _("none (the initial state)")
        extra = _(" (then {then})").format(then=then) if then else ""
        raise GameContractError(rule + "\n  " + _("after the moves {moves}").format(moves=moves)
                                + extra)

    def name(self, state, action) -> str:
        try:
            return P.action_to_string(state, action)
        except Exception:                       # a broken action_to_string is checked below
            return repr(action)

    def check_state(self, state) -> None:
        player = state.current_player()
        over = state.is_terminal()
        if not isinstance(over, (bool, int)):
            self.fail(_("is_terminal() returned {value}, not True or False").format(
                value=repr(over)))
        if isinstance(player, bool) or not isinstance(player, numbers.Integral):
            self.fail(_("current_player() returned {value}, not an int").format(
                value=repr(player)))
        if bool(over) != P.game_over(player):
            self.fail(_("is_terminal() is {over} but current_player() is {player} "
                        "(-4, TERMINAL, exactly when the game is over)").format(
                            over=bool(over), player=player))
        if over:
            self.check_terminal(state)
        elif P.is_chance_node(state):
            self.check_chance(state)
        else:
            if not 0 <= player < self.players:
                self.fail(_("current_player() is {player}, not a player from 0 to {last}, at "
                            "a state that is neither over nor chance").format(
                                player=player, last=self.players - 1))
            self.check_actions(state)

    def check_terminal(self, state) -> None:
        legal = list(state.legal_actions())
        if legal:
            self.fail(_("the game is over but legal_actions() is {legal}, not empty").format(
                legal=legal[:8]))
        returns = list(state.returns())
        if len(returns) != self.players:
            self.fail(_("returns() has {n} entries for {players} players").format(
                n=len(returns), players=self.players))
        for r in returns:
            if isinstance(r, bool) or not isinstance(r, numbers.Real) or math.isnan(r):
                self.fail(_("returns() holds {value}, not a number").format(value=repr(r)))
        if self.zero_sum and abs(sum(returns)) > 1e-9:
            self.fail(_("returns() {returns} do not sum to 0; two-player search needs a "
                        "zero-sum game (pass zero_sum=False to check a game that is not)").format(
                            returns=returns))

    def check_chance(self, state) -> None:
        outcomes = P.chance_outcomes(state)
        if not outcomes:
            self.fail(_("a chance node has no chance_outcomes()"))
        total = 0.0
        for action, p in outcomes:
            if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 < p <= 1:
                self.fail(_("chance outcome {action} has probability {p}, not in (0, 1]").format(
                    action=repr(action), p=repr(p)))
            total += p
        if abs(total - 1.0) > 1e-9:
            self.fail(_("the chance probabilities sum to {total}, not 1").format(total=repr(total)))
        self.check_distinct([a for a, _ in outcomes], "chance_outcomes()")

    def check_actions(self, state) -> None:
        legal = list(state.legal_actions())
        if not legal:
            self.fail(_("legal_actions() is empty but the game is not over"))
        self.check_distinct(legal, "legal_actions()")
        has_names = callable(getattr(state, "action_to_string", None))
        has_parser = callable(getattr(state, "string_to_action", None))
        for a in legal:
            text = self.name(state, a)
            if not isinstance(text, str):
                self.fail(_("action_to_string({a}) returned {text}, not a string").format(
                    a=a, text=repr(text)))
            if has_names and has_parser:
                try:
                    back = state.string_to_action(text)
                except Exception as exc:
                    self.fail(_("string_to_action({text}) raised {error}; it should give {a}")
                              .format(text=repr(text), error=repr(exc), a=a))
                if back != a:
                    self.fail(_("string_to_action(action_to_string({a})) is {back}, not {a}")
                              .format(a=a, back=repr(back)))

    def check_distinct(self, actions, where: str) -> None:
        for a in actions:
            if isinstance(a, bool) or not isinstance(a, numbers.Integral):
                self.fail(_("{where} holds {value}, not an int").format(where=where, value=repr(a)))
        if len(set(actions)) != len(actions):
            self.fail(_("{where} lists an action twice: {actions}").format(where=where,
                                                                        actions=actions))

    def check_moves_leave_copies_alone(self, state, action) -> None:
        before = snapshot(state)
        name = self.name(state, action)
        copy = state.clone()
        if copy is state:
            self.fail(_("clone() returned the state itself, not a copy"))
        if snapshot(copy) != before:
            self.fail(_("clone() gives a state that differs from the original"))
        copy.apply_action(action)
        if snapshot(state) != before:
            self.fail(_("applying an action to a clone changed the original: clones share "
                        "data (copy lists with list(...), not by assignment)"),
                      _("{move} on the clone").format(move=name))
        if callable(getattr(state, "child", None)):
            made = state.child(action)
            if snapshot(state) != before:
                self.fail(_("child() changed the state it was called on"), f"child({name})")
            if snapshot(made) != snapshot(copy):
                self.fail(_("child(a) differs from clone() then apply_action(a)"), name)
        if P.has_undo(state):
            trial = state.clone()
            player = state.current_player()
            trial.apply_action(action)
            call = "undo_action()"
            if _undo_arguments(state) == 2:      # OpenSpiel's shape: who moved, and what
                trial.undo_action(player, action)
                call = "undo_action(player, action)"
            else:
                trial.undo_action()
            if snapshot(trial) != before:
                self.fail(_("{call} did not restore the state").format(call=call),
                          _("{move} and {call}").format(move=name, call=call))


def _undo_arguments(state) -> int:
    """How many arguments ``state.undo_action`` takes: 0 (qsearch's ``undo_action()``) or 2
    (OpenSpiel's ``undo_action(player, action)``); any other signature is a
    :class:`GameContractError` that names both."""
    try:
        signature = inspect.signature(state.undo_action)
    except (TypeError, ValueError):            # a compiled method without a signature
        return 0
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    needed = [p.name for p in signature.parameters.values()
              if p.kind in kinds and p.default is inspect.Parameter.empty]
    if len(needed) in (0, 2):
        return len(needed)
    raise GameContractError(_(
        "undo_action({names}) has a signature check_game cannot call: it accepts "
        "undo_action() (takes back the last action, qsearch's games) or "
        "undo_action(player, action) (OpenSpiel's)").format(names=", ".join(needed)))


def check_game(state_or_factory, *, games: int = 20, seed: int = 0, max_moves: int = 10_000,
               zero_sum: bool = True, players: int = 2) -> int:
    """Play ``games`` random games of a game and check every rule the searches rely on.

    ``state_or_factory``: an initial state (it is cloned, never changed) or a callable that
    returns one. Checked at every state reached: the protocol's methods exist; the game is
    over exactly when ``current_player()`` says TERMINAL; legal actions are distinct ints,
    non-empty until the end and empty after; ``returns()`` has one number per player and sums
    to 0 (``zero_sum=False`` to skip); chance probabilities lie in (0, 1] and sum to 1;
    ``clone()`` copies are independent, ``child(a)`` and ``undo_action()`` (or OpenSpiel's
    ``undo_action(player, action)``; where given) leave the state as it was;
    ``string_to_action(action_to_string(a)) == a`` where both are given; and every game ends
    within ``max_moves``. Raises
    :class:`GameContractError` (a ``ValueError``) naming the first broken rule and the moves
    that show it; returns the number of states checked.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, not {games!r}")
    if isinstance(state_or_factory, type) or (
            callable(state_or_factory) and not hasattr(state_or_factory, "current_player")):
        def fresh():
            return state_or_factory()
    else:
        P.check_protocol(state_or_factory, "check_game")
        first = state_or_factory

        def fresh():
            return first.clone()
    rng = random.Random(seed)
    checked = 0
    for _game in range(games):
        state = fresh()
        P.check_protocol(state, "check_game")
        checker = _Checker(state, zero_sum, players)
        for _ply in range(max_moves + 1):
            checker.check_state(state)
            checked += 1
            if state.is_terminal():
                break
            if P.is_chance_node(state):
                outcomes = P.chance_outcomes(state)
                action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                action = rng.choice(list(state.legal_actions()))
            checker.check_moves_leave_copies_alone(state, action)
            checker.path.append(checker.name(state, action))
            state.apply_action(action)
        else:
            checker.fail(_("the game did not end within {max_moves} moves "
                           "(raise max_moves if it is really that long)").format(
                               max_moves=max_moves))
    return checked


__all__ = ["GameContractError", "check_game", "snapshot"]
