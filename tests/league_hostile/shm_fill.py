"""Attack: fill /dev/shm (a tmpfs as large as half the machine's memory, outside a jail)."""
import os

from _hostile import PARAMS, report


def choose(state):
    written, error = 0, "none"
    chunk = b"x" * 2**20
    try:
        with open(f"/dev/shm/{PARAMS['marker']}", "wb") as f:
            while written < 256 * 2**20:
                f.write(chunk)
                f.flush()
                written += len(chunk)
    except OSError as err:
        error = os.strerror(err.errno) if err.errno else type(err).__name__
    report(written=written, error=error)
