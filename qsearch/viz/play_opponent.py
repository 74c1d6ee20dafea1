"""Who plays against the student in :class:`~qsearch.viz.play_game.PlayGame`: :class:`Opponent`.

An opponent is a search by name (``"alphabeta"`` with a ``depth``, ``"mcts"`` with
``iterations``, ``"expectiminimax"`` for games with chance...), ``"random"``, or any function
``state -> action`` (a class's own player). Searches come from :mod:`qsearch.search`, so they
run compiled on qsearch's engines and as the readable twins on any other game. Whatever it
is, the opponent's move is checked to be legal before it is played.
"""
from __future__ import annotations

import math
from collections.abc import Callable

from qsearch.core.errors import IllegalMoveError
from qsearch.core.win_value import read_win, resolve_win_value
from qsearch.games import protocol
from qsearch.games.registry import require_searchable
from qsearch.i18n import _
from qsearch.viz.play import (
    counted,
    depth_text,
    grouped,
    number_text,
    plural,
    shown_error,
    win_text,
)
from qsearch.viz.think_limit import IterationBudget, cut_note, limit, within_limit

DEPTH_SEARCHES = ("minimax", "negamax", "alphabeta", "pvs", "expectiminimax")
SEARCHES = (*DEPTH_SEARCHES, "mcts")
NAMES = (*SEARCHES, "random")


def _check_positive(name: str, value, allow_none: bool = False):
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        extra = " or None (to the end)" if allow_none else ""
        raise ValueError(f"{name} must be an int >= 1{extra}, not {value!r}")
    return value


class Opponent:
    """``Opponent(spec, state, depth=4, iterations=1000, evaluate=None)``: see the module.

    ``choose(state, rng)`` returns ``(action, result)``: the action it plays in ``state``
    (never changed) and the search's result (None for ``"random"`` and functions).
    """

    def __init__(self, spec, state, *, depth: int | None = 4, iterations: int = 1000,
                 evaluate: Callable | None = None, win_value: float | None = None,
                 win_decay: float = 0.01):
        self.spec = spec
        self.depth = depth
        self.iterations = iterations
        self.evaluate = evaluate
        self.win_decay = float(win_decay)
        self.cut = ""           # the time limit's note on the last search ("" if none cut it)
        self._budget = IterationBudget(limit())
        # A win outranks every value of evaluate (expectiminimax averages: it needs a number).
        self.win_value = resolve_win_value(
            evaluate, win_value, win_decay, depth=depth,
            averages="expectiminimax" if spec == "expectiminimax" else None)
        if isinstance(spec, str):
            if spec not in NAMES:
                raise ValueError(f"opponent must be one of {', '.join(NAMES)} or a function "
                                 f"state -> action, not {spec!r}")
            if spec in SEARCHES:
                require_searchable(state, spec)       # e.g. alpha-beta on dice: use mcts
                from qsearch.arena.players import require_no_chance

                require_no_chance(state, spec)        # a class's dice game says nothing
            if spec == "mcts":
                _check_positive("iterations", iterations)
            elif spec == "expectiminimax":
                _check_positive("depth", depth)
            elif spec in DEPTH_SEARCHES:
                _check_positive("depth", depth, allow_none=True)
        elif not callable(spec):
            raise TypeError(f"opponent must be a search name ({', '.join(NAMES)}) or a "
                            f"function state -> action, not {type(spec).__name__}")
        if evaluate is not None and not callable(evaluate):
            raise TypeError(f"evaluate must be None or a function (state, player) -> float, "
                            f"not {type(evaluate).__name__}")

    @property
    def label(self) -> str:
        """``alphabeta, depth 4``, ``mcts, 1,000 iterations``, ``random``, a function's name."""
        spec = self.spec
        if not isinstance(spec, str):
            return getattr(spec, "__name__", type(spec).__name__)
        if spec == "mcts":
            return f"mcts, {plural(self.iterations, 'iteration')}"
        if spec in DEPTH_SEARCHES:
            return f"{spec}, {'to the end' if self.depth is None else f'depth {self.depth}'}"
        return spec

    def label_text(self) -> str:
        """:attr:`label` in the language in use (what the widget shows)."""
        spec = self.spec
        if spec == "mcts":
            return f"mcts, {counted(self.iterations, 'iteration')}"
        if isinstance(spec, str) and spec in DEPTH_SEARCHES:
            return f"{spec}, {depth_text(self.depth)}"
        return self.label

    def choose(self, state, rng):
        """``(action, result)`` for the player to move in ``state`` (which is left as it was);
        an IllegalMoveError when the choice is not a legal action there."""
        spec, result = self.spec, None
        self.cut = ""
        if spec == "random":
            action = rng.choice(list(state.legal_actions()))
        elif spec == "mcts":
            from qsearch.search import mcts

            seed = rng.randrange(2 ** 32)
            result, ran = self._budget.run(
                lambda n: mcts(state, n, seed=seed, evaluate=self.evaluate), self.iterations)
            self.cut = cut_note(ran, self.iterations, "iterations")
            action = result.action
        elif isinstance(spec, str):
            import qsearch.search as search

            def search_at(depth):
                return getattr(search, spec)(state, depth, self.evaluate,
                                             win_value=self.win_value, win_decay=self.win_decay)
            result, reached = within_limit(search_at, self.depth)
            self.cut = cut_note(reached, self.depth)
            action = result.action
        else:
            action = spec(state.clone())          # a clone: the function cannot change the game
            if isinstance(action, str):
                action = protocol.string_to_action(state, action)
        legal = list(state.legal_actions())
        if action not in legal:
            names = ", ".join(protocol.action_to_string(state, a) for a in legal[:12]) + \
                (", ..." if len(legal) > 12 else "")
            raise shown_error(
                IllegalMoveError(f"the opponent ({self.label}) chose {action!r}, which is not "
                                 f"a legal action here (legal: {names})"),
                _("the opponent ({label}) chose {action}, which is not a legal action here "
                  "(legal: {legal})").format(label=self.label_text(), action=repr(action),
                                             legal=names))
        return action, result

    def result_text(self, result) -> str:
        """What the last search found, for the status line (``""`` without a search)."""
        if result is None:
            return ""
        if self.spec == "mcts":
            visits = max((ch.N for ch in result.children if ch.action == result.action),
                         default=0)
            found = _("{visits} of {playouts}").format(visits=counted(visits, "visit"),
                                                       playouts=grouped(result.leaves))
        else:
            proven = self.spec != "expectiminimax"      # dice average win scores: no proof
            text = value_text(result.value, self.win_value, self.win_decay, proven)
            found = _("value {value}, {nodes} searched").format(
                value=text, nodes=counted(result.nodes, "node"))
        return f"{found} {self.cut}" if self.cut else found


def value_text(value: float, win_value: float, win_decay: float, proven: bool = True) -> str:
    """``0.25``, or ``2.97 (the opponent wins in 3 plies with best play)`` for a win score
    when ``proven``; values are the opponent's. A finished game scores its return times
    ``win_value - win_decay * plies``, so returns other than +-1 (a game won by points) read
    ``14.85 (the opponent wins by 5 in 3 plies with best play)``."""
    if math.isinf(value):                   # a win worth inf: no distance to tell
        return _("the opponent wins") if value > 0 else _("you win")
    shown = number_text(round(value, 6))
    if not proven or abs(value) <= win_value / 2:
        return shown
    found = read_win(abs(value), win_value, win_decay)
    if found is None:
        return shown
    margin, plies = found
    return win_text(shown, _("the opponent wins") if value > 0 else _("you win"), margin, plies)


__all__ = ["NAMES", "Opponent", "SEARCHES", "value_text"]
