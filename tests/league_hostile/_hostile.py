"""Shared by the hostile agents (a helper module beside them, as a student's may be): how an
attack says what it managed. The test reads the report from the forfeit's detail."""
import json

PARAMS = {}         # replaced by the test: paths, ports and pids the attacks aim at


def report(**outcome):
    """End the move with the attack's outcome (the league records it as an exception)."""
    raise RuntimeError("REPORT " + json.dumps(outcome, sort_keys=True))


def attempt(action) -> str:
    """``"done"`` when ``action()`` worked, else the name of the exception it raised."""
    try:
        action()
    except Exception as err:        # the attack's outcome is the exception's name
        return type(err).__name__
    return "done"


def fill(folder, name):
    """Write 1 GiB files in ``folder`` until the disk (or the jail's /tmp) is full; the bytes
    written and the error that stopped it."""
    import os

    chunk, written, error = b"x" * 2**20, 0, "none"
    for k in range(10_000):
        try:
            with open(os.path.join(folder, f"{name}-{k}"), "wb") as f:
                for _ in range(1024):
                    f.write(chunk)
                    written += len(chunk)
        except OSError as err:
            error = os.strerror(err.errno) if err.errno else type(err).__name__
            if err.errno == 28:         # ENOSPC: the whole folder is full
                break
    return written, error
