"""Attack: a grandchild in a session of its own (setsid, double fork) that should outlive
the game and the league."""
import os
import sys

from _hostile import PARAMS


def choose(state):
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(300)",
                                      PARAMS["marker"]])
        os._exit(0)
    os.wait()
    return state.legal_actions()[0]
