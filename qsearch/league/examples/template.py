"""My agent for a qsearch class league: copy this file, give it your NAME, write choose().

The contract (docs/LEAGUE.md says it all):

* ``choose(state)`` gets a copy of the position (any qsearch or OpenSpiel game: the methods
  ``legal_actions()``, ``current_player()``, ``clone()``, ``apply_action(a)``,
  ``is_terminal()``, ``returns()``) and returns one of ``state.legal_actions()``, an int.
* It has ``MOVE_TIME`` seconds (set by the league before this file runs); past it the agent
  loses the game. Keep a margin: aim for half.
* This file runs afresh for every game, so module-level variables are your memory for one
  game. ``new_game(player)``, if you define it, is called before the first move with your
  seat (0 moves first). Instead of functions you may define ``class Agent`` with the same
  two methods.
* Randomness: the league seeds ``random`` with this game's seed (also in ``SEED``), so a
  game can be replayed exactly; use ``random``, not the clock.
* Do not print much (the league stops an agent that floods its output) and never read
  ``input()``.

Try it in a few seconds: ``python my_agent.py`` plays it against the examples.
"""
import random

NAME = "my agent"             # the name on the leaderboard
AUTHOR = "your name"

me = None                     # my seat in this game (set by new_game)


def new_game(player):
    """Called once before the game's first move: ``player`` is my seat (0 or 1)."""
    global me
    me = player


def choose(state):
    """My move in ``state``: one of ``state.legal_actions()``."""
    actions = state.legal_actions()
    for action in actions:                  # take a win when there is one
        child = state.clone()
        child.apply_action(action)
        if child.is_terminal() and child.returns()[me] > 0:
            return action
    return random.choice(actions)           # otherwise: anything (do better!)


if __name__ == "__main__":                  # python my_agent.py: a quick test
    from qsearch.league import try_agent

    print(try_agent(__file__, "tictactoe").to_markdown())
