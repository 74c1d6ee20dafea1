"""Players: callables ``player(state, rng) -> action``.

The protocol is deliberately small so that a lambda is a player::

    first_legal = lambda state, rng: state.legal_actions()[0]

A player must not modify ``state`` and must not carry anything from one game to the next
that changes its moves (or define ``reset()``, which :func:`~qsearch.arena.play_game` calls
before each game): that is what makes serial and parallel matches give identical games.
Players that search expose ``last_result`` (the last :class:`~qsearch.search.SearchResult`),
from which the arena adds up the nodes each side searched. A ``name`` attribute, when
present, labels the player in tables.

Every player here plays any game that follows :class:`qsearch.games.GameProtocol` (a
class's own game, an OpenSpiel state, qsearch's engines): the searches of
:mod:`qsearch.search` run compiled on qsearch's engines and as their readable twins
elsewhere. :func:`engine_player` picks a search suited to a game (alpha-beta without chance,
MCTS or expectiminimax with it).
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
    ``"minimax"``, ``"negamax"``, ``"pvs"``), ``"iterative_deepening"``,
    ``"expectiminimax"``, the same names prefixed with ``"reference."`` for the pure-Python
    twin (on any game: the state is wrapped by
    :func:`qsearch.games.adapter.as_protocol_state`), or a search function with the same
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


class MCTSPlayer:
    """MCTS (UCT, random rollouts; document 002's, c = sqrt 2) with a fixed iteration count.

    The search's seed is drawn from the rng the arena hands the player, so games are
    reproducible from the game's seed. ``**options`` go to :func:`qsearch.search.mcts`
    (``c``, ``evaluate``, ``rollout_depth``). Plays any game, chance nodes included.
    """

    def __init__(self, iterations: int, name: str | None = None, **options):
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be an int >= 1, not {iterations!r}")
        self.iterations = iterations
        self.name = name or f"MCTS {iterations}"
        self.options = options
        self.last_result = None

    def reset(self) -> None:
        """Forget the last search (the arena calls this before each game)."""
        self.last_result = None

    def __call__(self, state, rng: random.Random | None = None) -> int:
        from qsearch.search import mcts

        rng = rng if rng is not None else random.Random(0)
        self.last_result = mcts(state, self.iterations, seed=rng.getrandbits(63),
                                **self.options)
        return self.last_result.action

    def __repr__(self) -> str:
        return f"MCTSPlayer({self.iterations})"


CHANCE_PROBES = 4               # random games has_chance plays to look for a chance node
CHANCE_PROBE_MOVES = 200        # moves of each at most


def has_chance(state, *, probes: int = CHANCE_PROBES, moves: int = CHANCE_PROBE_MOVES,
               seed: int = 0) -> bool:
    """Whether ``state``'s game has chance nodes: as :func:`qsearch.games.game_info` says
    (qsearch's table, OpenSpiel's chance mode), else found by looking: ``state`` itself, then
    ``probes`` seeded random games of at most ``moves`` moves from it (on clones; ``state``
    is left as it was). A class's own game says nothing of itself, and a dice game's first
    roll may come only after the first move."""
    from qsearch.games.protocol import is_chance_node
    from qsearch.games.registry import game_info

    info = game_info(state)
    if info.chance or is_chance_node(state):
        return True
    if info.source != "python":          # qsearch's and OpenSpiel's games say it themselves
        return False
    rng = random.Random(seed)
    for _ in range(probes):
        probe = state.clone()
        for _ in range(moves):
            if probe.is_terminal():
                break
            if is_chance_node(probe):
                return True
            actions = list(probe.legal_actions())
            if not actions:
                break
            probe.apply_action(rng.choice(actions))
    return False


def require_no_chance(state, search: str) -> None:
    """A ValueError when ``search`` (a minimax search) cannot play ``state``'s game because
    it has chance nodes (:func:`has_chance`)."""
    from qsearch.games.registry import TWO_PLAYER_SEARCHES, game_info

    if search in TWO_PLAYER_SEARCHES and has_chance(state):
        raise ValueError(f"{game_info(state).name} has chance nodes, which {search} cannot "
                         "search: use expectiminimax or mcts")


ENGINES = ("alphabeta", "pvs", "minimax", "negamax", "mcts", "expectiminimax")


def engine_player(state, algorithm: str | None = None, *, depth: int | None = 4,
                  iterations: int = 1000, time_limit: float | None = None, evaluate=None,
                  **options):
    """A player that searches ``state``'s game with a search suited to it.

    ``algorithm``: None picks alpha-beta for a game without chance and MCTS for one with
    chance nodes (as :func:`qsearch.games.game_info` says, or ``state`` is one); otherwise
    a name in :data:`ENGINES` (alpha-beta and the other minimax searches refuse games with
    chance nodes, naming the searches that apply).
    ``depth`` is the depth of the minimax searches and expectiminimax, ``iterations`` MCTS's.
    ``time_limit``: seconds a move at most; alpha-beta then deepens iteratively (depth 1, 2,
    ... ``depth``) and plays the deepest complete search's move, so a game too big for
    ``depth`` still gets an answer in time (and a small one the same move as without it).
    A ValueError says when no search here plays the game (more than two players, hidden
    information).
    """
    from qsearch.games.protocol import check_protocol
    from qsearch.games.registry import require_searchable

    check_protocol(state, "engine_player")
    if algorithm is None:
        algorithm = "mcts" if has_chance(state) else "alphabeta"
    if algorithm not in ENGINES:
        raise ValueError(f"unknown engine {algorithm!r}; choose from {', '.join(ENGINES)}")
    require_searchable(state, algorithm)
    require_no_chance(state, algorithm)
    if time_limit is not None:
        options["time_limit"] = time_limit
    if algorithm == "mcts":
        return MCTSPlayer(iterations, evaluate=evaluate, **options)
    if algorithm == "alphabeta" and time_limit is not None:
        name = f"alphabeta(depth={depth}, iterative deepening, {time_limit:g} s a move)"
        return SearchPlayer("iterative_deepening", depth, evaluate, name=name, **options)
    return SearchPlayer(algorithm, depth, evaluate, **options)


def _resolve(algorithm: str) -> Callable:
    from qsearch import reference
    from qsearch.search import ALGORITHMS, expectiminimax, iterative_deepening

    if callable(algorithm):
        return algorithm
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm must be a name such as 'alphabeta', not {algorithm!r}")
    extra = {"iterative_deepening": iterative_deepening, "expectiminimax": expectiminimax}
    twins = {"iterative_deepening": reference.iterative_deepening,
             "expectiminimax": reference.expectiminimax}
    if algorithm.startswith("reference."):
        table, key = {**reference.ALGORITHMS, **twins}, algorithm[len("reference."):]
    else:
        table, key = {**ALGORITHMS, **extra}, algorithm
    if key not in table:
        known = sorted({**ALGORITHMS, **extra})
        known += [f"reference.{k}" for k in sorted({**reference.ALGORITHMS, **twins})]
        raise ValueError(f"unknown algorithm {algorithm!r}; known: {known}")
    if algorithm.startswith("reference."):
        return TwinOnAnyState(table[key])
    return table[key]


class TwinOnAnyState:
    """A twin of :mod:`qsearch.reference` run on
    :func:`~qsearch.games.adapter.as_protocol_state` of its state, so that a class's own game
    (which may lack ``child`` and the like) can be searched by name; picklable, for matches
    on processes."""

    def __init__(self, twin: Callable):
        self.twin = twin
        self.__name__ = twin.__name__
        self.__doc__ = twin.__doc__

    def __call__(self, state, *args, **kwargs):
        from qsearch.games.adapter import as_protocol_state

        return self.twin(as_protocol_state(state, self.__name__), *args, **kwargs)
