"""Attack: ignore SIGXCPU and go on computing past the game's CPU seconds."""
import signal
import time

from _hostile import report

BURN = 5.0                  # CPU seconds; the test's league allows 1 a game


def choose(state):
    signal.signal(signal.SIGXCPU, signal.SIG_IGN)
    while time.process_time() < BURN:
        pass
    report(burned=time.process_time())
