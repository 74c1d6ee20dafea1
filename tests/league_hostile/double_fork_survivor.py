"""Attack: a daemon by double fork in a process group of its own, ignoring SIGHUP."""
import os
import signal
import sys

from _hostile import PARAMS


def choose(state):
    if os.fork() == 0:
        if os.fork() == 0:
            os.setpgid(0, 0)
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            os.execv(sys.executable, [sys.executable, "-c", "import time; time.sleep(300)",
                                      PARAMS["marker"]])
        os._exit(0)
    os.wait()
    return state.legal_actions()[0]
