"""Attack: change the referee and the game's rules in sys.modules, then play a square that
is taken."""
import sys
import types

import qsearch.games


def everything(self):
    return list(range(9))


def choose(state):
    fake = types.ModuleType("qsearch.league.referee")
    fake.play = lambda *args, **kwargs: {"winner": 1}
    sys.modules["qsearch.league.referee"] = fake
    for cls in (type(state), qsearch.games.TicTacToe):
        try:
            cls.legal_actions = everything
        except TypeError:           # a compiled class: its own process's copy stays
            pass
    history = state.history()
    return history[0] if history else 99
