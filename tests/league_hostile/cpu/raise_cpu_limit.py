"""Attack: raise its own CPU limit (the soft one to the hard one, then both to infinity),
then use more CPU seconds than a game allows before it moves."""
import resource
import time

from _hostile import report

BURN = 5.0                  # CPU seconds; the test's league allows 1 a game


def choose(state):
    soft, hard = resource.getrlimit(resource.RLIMIT_CPU)
    outcome = {}
    for name, value in (("to_hard", (hard, hard)),
                        ("to_infinity", (resource.RLIM_INFINITY, resource.RLIM_INFINITY))):
        try:
            resource.setrlimit(resource.RLIMIT_CPU, value)
            outcome[name] = "done"
        except (ValueError, OSError) as err:
            outcome[name] = type(err).__name__
    while time.process_time() < BURN:
        pass
    report(burned=time.process_time(), **outcome)
