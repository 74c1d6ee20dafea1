"""Document 004's ParCheckers agents as :mod:`qsearch.arena` players, by the ids it gives them.

The tutorial (Dpto. CCIA, Universidad de Granada, 2024-25) grows one agent at a time inside
``AIPlayer::think``, switching on the agent's ``id``:

* **0** ``thinkAleatorio``: a random value among the available ones, then a random piece
  that can move with it, SKIP_TURN if none can;
* **1** ``thinkFichaMasAdelantada``: the value as agent 0, then the movable piece closest to
  the goal (``distanceToGoal``; the first one in the simulator's order on a tie);
* **2** ``thinkMejorOpcion``: the first child (simulator's order) that captures, reaches the
  goal or wins; otherwise as agent 1;
* **3** ``Minimax`` at depth 4 with ``ValoracionTest`` (our compiled ``minimax``: the same
  values and move as the document's MAX/MIN code, checked in the tests).

:class:`LimitedMinimaxAgent` is §3.4's ``Minimax_Limitado`` with the course's node budget.
Players take ``(state, rng)`` and draw only from ``rng``, so matches are reproducible.
"""
from __future__ import annotations

from qsearch.arena.players import SearchPlayer
from qsearch.heuristics.parcheckers import GANA as WIN_SCORE  # the course's gana
from qsearch.heuristics.parcheckers import valoracion_test
from qsearch.reference.parcheckers import make_action, skip_action  # pure: any engine

PLAYER_COLOURS = {0: ("Y", "G"), 1: ("B", "R")}


def _random_value(state, rng) -> str:
    values = state.available_values()        # getAvailableNormalDices(player)
    return values[rng.randrange(len(values))]


class RandomAgent:
    """Agent 0 (``thinkAleatorio``): random value, then random movable piece, else skip."""

    name = "agent 0 (random)"
    agent_id = 0

    def __call__(self, state, rng) -> int:
        value = _random_value(state, rng)
        pieces = state.movable_pieces(value)   # getAvailablePieces(player, dice)
        if not pieces:
            return skip_action(value)
        colour, piece = pieces[rng.randrange(len(pieces))]
        return make_action(colour, piece, value)

    def __repr__(self) -> str:
        return "RandomAgent()"


def most_advanced(state, value):
    """``(colour, id)`` of the movable piece nearest its goal for ``value``, or None."""
    best, best_distance = None, 9999
    for colour, piece in state.movable_pieces(value):
        distance = state.distance_to_goal(colour, piece)
        if distance < best_distance:          # strict: the first one wins a tie
            best, best_distance = (colour, piece), distance
    return best


class MostAdvancedAgent:
    """Agent 1 (``thinkFichaMasAdelantada``): random value, the most advanced piece."""

    name = "agent 1 (most advanced)"
    agent_id = 1

    def __call__(self, state, rng) -> int:
        value = _random_value(state, rng)
        best = most_advanced(state, value)
        if best is None:
            return skip_action(value)
        return make_action(best[0], best[1], value)

    def __repr__(self) -> str:
        return "MostAdvancedAgent()"


class BestOptionAgent:
    """Agent 2 (``thinkMejorOpcion``): take a capture, a goal or a win at once; else agent 1.

    ``last_choice`` says why the last move was chosen (``"capture"``, ``"goal"``, ``"win"``
    or ``"advance"``) and ``last_capture_partner`` whether a capture took the agent's own
    partner colour (the document's warning: it often does).
    """

    name = "agent 2 (best option)"
    agent_id = 2

    def __init__(self):
        self.fallback = MostAdvancedAgent()
        self.last_choice = None
        self.last_capture_partner = False

    def reset(self) -> None:
        self.last_choice = None
        self.last_capture_partner = False

    def __call__(self, state, rng) -> int:
        me = state.current_player()
        self.last_capture_partner = False
        for action in state.legal_actions():   # the ParchisBros iterator's order
            child = state.child(action)
            if child.is_eating_move() or child.is_goal_move() or \
                    (child.is_terminal() and child.winner_player() == me):
                if child.is_eating_move():
                    self.last_choice = "capture"
                    self.last_capture_partner = captured_colour(state, child) in \
                        PLAYER_COLOURS[me]
                else:
                    self.last_choice = "goal" if child.is_goal_move() else "win"
                return action
        self.last_choice = "advance"
        return self.fallback(state, rng)

    def __repr__(self) -> str:
        return "BestOptionAgent()"


def captured_colour(before, after):
    """The colour letter of the piece the move from ``before`` to ``after`` sent home."""
    for colour in "YBRG":
        for piece in (0, 1):
            if before.piece_location(colour, piece) != 0 and \
                    after.piece_location(colour, piece) == 0:
                return colour
    return None


class MinimaxAgent(SearchPlayer):
    """Agent 3: the document's ``Minimax`` at ``depth`` (4) with ``ValoracionTest``.

    Runs the compiled generalised-negamax ``minimax`` with ``win_value = gana`` (1e9), so a
    won or lost position scores as ``ValoracionTest`` scores it.
    """

    agent_id = 3

    def __init__(self, depth: int = 4, evaluate=valoracion_test, algorithm="minimax",
                 name=None):
        super().__init__(algorithm, depth, evaluate, win_value=WIN_SCORE,
                         name=name or f"agent 3 (minimax depth {depth})")


class LimitedMinimaxAgent:
    """Document §3.4's ``Minimax_Limitado``: depth ``depth``, budget ``max_nodes``."""

    def __init__(self, depth: int = 4, max_nodes: int | None = 3_500_000,
                 evaluate=valoracion_test, root_move: str = "document", name=None):
        self.depth = depth
        self.max_nodes = max_nodes
        self.evaluate = evaluate
        self.root_move = root_move
        self.name = name or f"limited minimax (depth {depth}, {max_nodes} nodes)"
        self.last_result = None

    def reset(self) -> None:
        self.last_result = None

    def __call__(self, state, rng=None) -> int:
        from qsearch.search.limited_minimax import limited_minimax
        self.last_result = limited_minimax(state, self.depth, self.evaluate,
                                           max_nodes=self.max_nodes, root_move=self.root_move)
        return self.last_result.action


def agent(agent_id: int):
    """The document's agent ``agent_id`` (0, 1, 2 or 3) as a new player."""
    makers = {0: RandomAgent, 1: MostAdvancedAgent, 2: BestOptionAgent, 3: MinimaxAgent}
    if agent_id not in makers:
        raise ValueError(f"document 004's agents are 0, 1, 2 and 3, not {agent_id!r}")
    return makers[agent_id]()
