"""Attack: SIGKILL the grandparent and the league's own pid (which the test gives it)."""
import os
import signal

from _hostile import PARAMS, attempt, report


def parent_of(pid):
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[1])


def choose(state):
    grandparent = parent_of(os.getppid())
    report(grandparent=attempt(lambda: os.kill(grandparent, signal.SIGKILL)),
           league=attempt(lambda: os.kill(PARAMS["league_pid"], signal.SIGKILL)))
