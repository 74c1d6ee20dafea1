"""One game between two seated agents (:class:`~qsearch.league.sandbox.Sandbox` or
:class:`~qsearch.league.sandbox.InProcessAgent`), refereed here.

The referee keeps the real state: it draws chance outcomes (its own generator), sends each
agent the actions played since its last move, checks that the answer is legal, and times
it. An agent that cannot play (it does not load, runs out of time, raises, prints too much,
answers something illegal or malformed, or its process dies) loses the game; the record
says why. When both fail to load, neither gets a point (a double forfeit).
"""
from __future__ import annotations

import random

from qsearch.arena.match import game_seed
from qsearch.games import protocol as P
from qsearch.league.agent_file import AgentError


def agent_seed(seed: int, seat: int) -> int:
    """The seed the agent in ``seat`` gets for the game seeded ``seed``."""
    return game_seed(seed, f"agent{seat}")


def draw_chance(chance: random.Random, state) -> int:
    """The chance outcome the referee's generator ``chance`` draws at ``state`` (records
    are checked with the same draws)."""
    outcomes, probs = zip(*P.chance_outcomes(state), strict=True)
    return chance.choices(outcomes, probs)[0]


def play(game, opening, seats, seed: int, limits, slack: float = 1.0) -> dict:
    """Play ``seats[0]`` against ``seats[1]`` from ``game.start(opening)``.

    ``game``: a :class:`~qsearch.league.schedule.GameSpec`; ``limits``: a
    :class:`~qsearch.league.sandbox.Limits`; ``slack``: the time a move (and a game) is
    allowed, times the limits' (a replay on a busy machine: the agents still read
    ``MOVE_TIME`` as the league's). Returns ``actions`` (after the opening),
    ``returns``, ``winner`` (seat, or None), ``forfeits`` (``[{"seat", "reason", "detail"}]``)
    and ``times`` (seconds of each move, per seat).
    """
    state = game.start(opening)
    forfeits = []
    for seat in (0, 1):
        try:
            seats[seat].new_game(game.to_dict(), opening, seat, agent_seed(seed, seat))
        except AgentError as err:
            forfeits.append(_forfeit(seat, err))
    actions: list[int] = []
    times: list[list[float]] = [[], []]
    if forfeits:
        return _result(state, actions, times, forfeits)
    chance = random.Random(game_seed(seed, "chance"))
    seen = [0, 0]                   # actions each agent has been sent
    used = [0.0, 0.0]
    while not state.is_terminal():
        if P.is_chance_node(state):
            action = draw_chance(chance, state)
        else:
            seat = state.current_player()
            if seat not in (0, 1):
                raise ValueError(f"a league plays two-player games: current_player() is "
                                 f"{seat!r} in a game that is not over")
            limit, why = limits.move_time * slack, None
            game_time = None if limits.game_time is None else limits.game_time * slack
            if game_time is not None and game_time - used[seat] < limit:
                limit, why = max(game_time - used[seat], 1e-3), "game"
            try:
                action, seconds = seats[seat].choose(actions[seen[seat]:], limit)
            except AgentError as err:
                if why == "game" and err.reason == "timeout":
                    err = AgentError("timeout", f"used up its {limits.game_time:g} s for the "
                                     "game")
                forfeits.append(_forfeit(seat, err))
                break
            seen[seat] = len(actions)
            used[seat] += seconds
            times[seat].append(round(seconds, 5))
            legal = state.legal_actions()
            if action not in legal:
                forfeits.append(_forfeit(seat, AgentError(
                    "illegal", f"chose {action} after {len(actions)} actions; legal: "
                    f"{_names(state, legal)}")))
                break
        state.apply_action(action)
        actions.append(int(action))
    return _result(state, actions, times, forfeits)


def _names(state, legal, limit: int = 20) -> str:
    shown = ", ".join(f"{a} ({P.action_to_string(state, a)})" for a in legal[:limit])
    return shown + (", ..." if len(legal) > limit else "")


def _forfeit(seat: int, err: AgentError) -> dict:
    return {"seat": seat, "reason": err.reason, "detail": err.detail}


def _result(state, actions, times, forfeits) -> dict:
    if len(forfeits) == 2:
        returns, winner = [0.0, 0.0], None
    elif forfeits:
        loser = forfeits[0]["seat"]
        returns = [-1.0, 1.0] if loser == 0 else [1.0, -1.0]
        winner = 1 - loser
    else:
        returns = [float(r) for r in state.returns()]
        winner = None if returns[0] == returns[1] else (0 if returns[0] > returns[1] else 1)
    return {"actions": actions, "returns": returns, "winner": winner, "forfeits": forfeits,
            "times": times, "plies": len(actions)}
