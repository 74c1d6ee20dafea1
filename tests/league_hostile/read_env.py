"""Attack: read the league's environment (a secret the test put there), directly and via
/proc."""
import os

from _hostile import PARAMS, attempt, report


def read(path):
    with open(path, "rb") as f:
        return f.read()


def choose(state):
    found = PARAMS["secret_value"] in "".join(os.environ.values())
    for pid in (1, os.getppid()):
        try:
            found = found or PARAMS["secret_value"].encode() in read(f"/proc/{pid}/environ")
        except OSError:
            pass
    report(found=found, parent=attempt(lambda: read(f"/proc/{os.getppid()}/environ")))
