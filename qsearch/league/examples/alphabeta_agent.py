"""Example agent: alpha-beta (qsearch's compiled search on qsearch's games, the readable
twin on any other) to a fixed depth, with a heuristic: the course's for Connect-4 (document
002's line weights) and Reversi (disc difference), mobility for other games. Equal moves
are ordered at random once a game, so ties are broken at random."""
import random

from qsearch.search import alphabeta

NAME = "alpha-beta depth 4"
AUTHOR = "qsearch examples"
DEPTH = 4

order = None                  # this game's random move order (set at the first move)


def mobility(state, player):
    """How many moves the player to move has: good for ``player`` if it is theirs."""
    moves = len(state.legal_actions()) / 100
    return moves if state.current_player() == player else -moves


def heuristic(state):
    """The evaluation this game gets."""
    from qsearch.games import Connect4, Reversi  # compiled, or their pure stand-ins
    if isinstance(state, Connect4):
        from qsearch.heuristics.connect4 import line_weights
        return line_weights
    if isinstance(state, Reversi):
        from qsearch.heuristics.reversi import disc_difference
        return disc_difference
    return mobility


def choose(state):
    """The best action of a depth-``DEPTH`` alpha-beta search."""
    global order
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    if order is None and hasattr(state, "num_distinct_actions"):
        size = state.num_distinct_actions()
        order = random.sample(range(size), size)
    result = alphabeta(state, DEPTH, heuristic(state), order=order)
    return result.action if result.action is not None else actions[0]
