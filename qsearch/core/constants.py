"""Player numbers every game and search shares, for Python code (OpenSpiel's values).

The compiled modules take the same numbers from ``qsearch/games/_game.pxd``; a test checks
that the two agree.
"""
CHANCE = -1     # current_player() at a chance node (OpenSpiel's kChancePlayerId)
TERMINAL = -4   # current_player() once the game is over (OpenSpiel's kTerminalPlayerId)

__all__ = ["CHANCE", "TERMINAL"]
