"""Any game in a terminal, you against an engine: the loop of ``python -m qsearch play GAME``.

The board is ``str(state)``; moves are typed by their names (``action_to_string``), by the
game's own ``string_to_action`` or by action number; chance nodes are rolled with a seeded
``random.Random`` and printed. ``u`` takes back your last move (and what followed it), ``q``
quits. Works on any :class:`qsearch.games.GameProtocol` state.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

from qsearch.cli_language import engine_word, formatted
from qsearch.games import protocol as P
from qsearch.i18n import _, number


def move_names(state) -> list[str]:
    """The names of the legal actions, in the game's order."""
    return [P.action_to_string(state, a) for a in state.legal_actions()]


def parse_move(state, text: str):
    """The legal action ``text`` names: its ``action_to_string``, the game's own
    ``string_to_action``, or its action number; a ValueError listing the legal moves."""
    text = text.strip()
    legal = list(state.legal_actions())
    for action in legal:
        if P.action_to_string(state, action) == text:
            return action
    parser = getattr(state, "string_to_action", None)
    if callable(parser) and not hasattr(state, "get_game"):   # OpenSpiel's prints its errors
        try:
            action = parser(text)
        except (ValueError, TypeError, KeyError, IndexError, RuntimeError):
            action = None
        if action is not None and action in legal:
            return action
    if text.lstrip("-").isdigit() and int(text) in legal:
        return int(text)
    raise ValueError(_("{text} is not a legal move here; legal: {moves}").format(
        text=repr(text), moves=", ".join(move_names(state))))


def roll(state, rng: random.Random):
    """A chance outcome drawn with ``rng`` by its probability: ``(action, probability)``."""
    outcomes = P.chance_outcomes(state)
    if not outcomes:
        raise ValueError(f"{type(state).__name__} is at a chance node but lists no "
                         "chance_outcomes()")
    actions, probs = zip(*outcomes, strict=True)
    k = rng.choices(range(len(actions)), probs)[0]
    return actions[k], probs[k]


def describe_result(result, engine=None) -> str:
    """``value +0.5 for the engine, 1,234 nodes, 0.01 s, compiled engine`` for a search
    result ("its only move" for None); with the ``engine`` (a player of
    :mod:`qsearch.arena.players`) that searched, a proven result says so
    (``value +412 for the engine: it wins with best play``)."""
    if result is None:
        return _("its only move")
    value = result.value + 0.0
    text = _("value {value} for the engine").format(value=formatted(value, "+.3g"))
    verdict = proven_result(value, engine)
    if verdict:
        text += f": {verdict}"
    return _("{text}, {nodes} nodes, {seconds} s, {engine} engine").format(
        text=text, nodes=number(result.nodes), seconds=number(result.elapsed, 2, grouped=False),
        engine=engine_word(getattr(result, "engine", None)))


def proven_result(value: float, engine) -> str:
    """``"it wins with best play"`` / ``"it loses with best play"`` when a minimax search's
    ``value`` (the engine's view) lies beyond every value its evaluation can give, so only a
    finished game can score it; ``""`` otherwise (MCTS and expectiminimax average, and say
    nothing)."""
    algorithm = getattr(engine, "algorithm", None)
    if not isinstance(algorithm, str) or algorithm in ("expectiminimax", "mcts"):
        return ""
    evaluate = getattr(engine, "evaluate", None)
    if evaluate is None:
        proven = value != 0             # leaves score 0: only a finished game scores else
    else:
        bounds = getattr(evaluate, "bounds", None)
        if bounds is None:
            proven = math.isinf(value)  # a win worth inf
        else:
            low, high = bounds
            proven = value > high or value < low
    if not proven:
        return ""
    return _("it wins with best play") if value > 0 else _("it loses with best play")


def outcome_text(returns, human: int) -> str:
    """``You win!`` / ``You lose.`` / ``Draw.``, with the margin when the returns are not
    +-1 (``You win by 5!``): you win when your return is above every other player's."""
    returns = [float(r) for r in returns]
    mine = returns[human]
    best_other = max(r for p, r in enumerate(returns) if p != human)
    margin = abs(mine - best_other) / (2 if len(returns) == 2 and sum(returns) == 0 else 1)
    if mine > best_other:
        text = _("You win!") if margin == 1 else _("You win by {margin}!")
    elif mine < best_other:
        text = _("You lose.") if margin == 1 else _("You lose by {margin}.")
    else:
        text = _("Draw.")
    return text.format(margin=formatted(margin, "g"))


def play_in_terminal(state, engine: Callable, human: int, *, seed: int = 0,
                     read: Callable[[str], str] = input, write: Callable = print) -> int:
    """Play ``state`` to the end: the human (seat ``human``) reads moves from ``read``, the
    ``engine`` (an arena player) answers. Returns 0 (the game ended, or ``q``, or end of
    input). ``state`` is played on in place."""
    chance_rng, engine_rng = random.Random(seed), random.Random(seed + 1)
    before_mine: list = []          # the state before each of the human's moves, for undo
    while not state.is_terminal():
        if P.is_chance_node(state):
            action, prob = roll(state, chance_rng)
            write(_("chance: {outcome} (probability {p})").format(
                outcome=P.action_to_string(state, action), p=formatted(prob, ".3g")))
            state.apply_action(action)
            continue
        write(f"\n{state}\n")
        if state.current_player() == human:
            write(_("legal: {moves}").format(moves="  ".join(move_names(state))))
            try:
                text = read(_("your move> ")).strip()
            except EOFError:
                return 0
            if text in ("q", "quit"):
                return 0
            if text == "u":
                if before_mine:
                    state = before_mine.pop()
                else:
                    write(_("nothing to undo"))
                continue
            try:
                action = parse_move(state, text)
            except ValueError as err:
                write(_("not a legal move: {error}").format(error=err))
                continue
            before_mine.append(state.clone())
            state.apply_action(action)
            continue
        action = engine(state, engine_rng)
        result = getattr(engine, "last_result", None)
        write(_("engine plays {move} ({how})").format(move=P.action_to_string(state, action),
                                                      how=describe_result(result, engine)))
        state.apply_action(action)
    write(f"\n{state}\n")
    write(outcome_text(state.returns(), human))
    return 0


__all__ = ["describe_result", "move_names", "outcome_text", "parse_move", "play_in_terminal",
           "proven_result", "roll"]
