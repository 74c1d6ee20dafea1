"""Attack: SIGKILL the parent process (the league itself, without a jail)."""
import os
import signal


def choose(state):
    os.kill(os.getppid(), signal.SIGKILL)
    return state.legal_actions()[0]
