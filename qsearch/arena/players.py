"""Players: callables ``player(state, rng) -> action``.

The protocol is deliberately small so that a lambda is a player::

    first_legal = lambda state, rng: state.legal_actions()[0]

A player must not modify ``state`` and must not carry anything from one game to the next
that changes its moves (or define ``reset()``, which :func:`~qsearch.arena.play_game` calls
before each game): that is what makes serial and parallel matches give identical games.
Players that search expose ``last_result`` (the last :class:`~qsearch.search.SearchResult`),
from which the arena adds up the nodes each side searched. A ``name`` attribute, when
present, labels the player in tables.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Player(Protocol):
    """Anything called as ``player(state, rng)`` that returns a legal action."""

    def __call__(self, state: Any, rng: random.Random) -> int: ...


def player_name(player) -> str:
    """The player's ``name``, else its type's name (or the function's name)."""
    name = getattr(player, "name", None)
    if isinstance(name, str):
        return name
    return getattr(player, "__name__", type(player).__name__)


class RandomPlayer:
    """Uniform over the legal actions, like the documents' random players.

    ``RandomPlayer()`` draws from the rng the arena hands it each game (reproducible per
    game seed). ``RandomPlayer(seed)`` uses its own generator instead, seeded once: handy
    outside the arena (``player(state, None)``), but then a match's games depend on the
    order they are played in, so the arena's rng is the one to use in matches.
    """

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self._rng = None if seed is None else random.Random(seed)

    def __call__(self, state, rng: random.Random | None = None) -> int:
        source = self._rng if self._rng is not None else rng
        if source is None:
            source = self._rng = random.Random(self.seed)
        actions = state.legal_actions()
        return actions[source.randrange(len(actions))]

    def __repr__(self) -> str:
        return "RandomPlayer()" if self.seed is None else f"RandomPlayer({self.seed})"


class SearchPlayer:
    """Plays the action a search returns.

    ``algorithm``: a name in :data:`qsearch.search.ALGORITHMS` (``"alphabeta"``,
    ``"minimax"``, ``"negamax"``, ``"pvs"``), the same name prefixed with ``"reference."``
    for the pure-Python twin, ``"iterative_deepening"``, or a search function with the same
    signature ``f(state, depth, evaluate, **options) -> SearchResult``. ``depth``: an int,
    None (to the end), or a function ``depth(state) -> int`` (a document's own depth rule;
    make it a module-level function if the match runs on processes). ``evaluate`` and ``**options``
    are passed to the search (``win_value=10, win_decay=1, tt=True, order=...``).

    With a single legal action the player moves at once, without searching (as the
    documents' game loops do for a forced last move), unless ``search_forced=True``.
    """

    def __init__(self, algorithm: str = "alphabeta", depth: int | None | Callable = 4,
                 evaluate=None, *, name: str | None = None, search_forced: bool = False,
                 **options):
        self._search = _resolve(algorithm)
        if not (depth is None or callable(depth)
                or (isinstance(depth, int) and not isinstance(depth, bool) and depth >= 0)):
            raise ValueError(f"depth must be an int >= 0, None or a function, not {depth!r}")
        self.algorithm = getattr(algorithm, "__name__", algorithm)
        self.depth = depth
        self.evaluate = evaluate
        self.options = options
        self.search_forced = bool(search_forced)
        self.name = name or self._default_name()
        self.last_result = None

    def _default_name(self) -> str:
        depth = getattr(self.depth, "__name__", self.depth)
        text = f"{self.algorithm}(depth={depth}"
        if self.evaluate is not None:
            evaluate = getattr(self.evaluate, "__name__", type(self.evaluate).__name__)
            text += f", evaluate={evaluate}"
        return text + ")"

    def reset(self) -> None:
        self.last_result = None

    def search(self, state):
        """The full search result for ``state`` (``last_result`` is set too)."""
        depth = self.depth(state) if callable(self.depth) else self.depth
        self.last_result = self._search(state, depth, self.evaluate, **self.options)
        return self.last_result

    def __call__(self, state, rng: random.Random | None = None) -> int:
        if not self.search_forced:
            actions = state.legal_actions()
            if len(actions) == 1:
                self.last_result = None
                return actions[0]
        result = self.search(state)
        if result.action is None:       # depth 0: nothing was searched below the root
            return state.legal_actions()[0]
        return result.action

    def __repr__(self) -> str:
        return f"SearchPlayer<{self.name}>"


def _resolve(algorithm: str) -> Callable:
    from qsearch import reference
    from qsearch.search import ALGORITHMS, iterative_deepening

    if callable(algorithm):
        return algorithm
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm must be a name such as 'alphabeta', not {algorithm!r}")
    if algorithm == "iterative_deepening":
        return iterative_deepening
    if algorithm == "reference.iterative_deepening":
        return reference.iterative_deepening
    if algorithm.startswith("reference."):
        table, key = reference.ALGORITHMS, algorithm[len("reference."):]
    else:
        table, key = ALGORITHMS, algorithm
    if key not in table:
        known = sorted(ALGORITHMS) + [f"reference.{k}" for k in sorted(reference.ALGORITHMS)]
        raise ValueError(f"unknown algorithm {algorithm!r}; known: {known}")
    return table[key]
