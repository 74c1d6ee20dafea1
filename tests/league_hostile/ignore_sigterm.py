"""Attack: ignore SIGTERM (and start a child that does too), then never answer."""
import os
import signal
import sys

from _hostile import PARAMS


def choose(state):
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if os.fork() == 0:
        os.execv(sys.executable, [sys.executable, "-c", "import signal, time; "
                                  "signal.signal(signal.SIGTERM, signal.SIG_IGN); "
                                  "time.sleep(300)", PARAMS["marker"]])
    while True:
        pass
