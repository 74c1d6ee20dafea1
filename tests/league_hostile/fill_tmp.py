"""Attack: fill the disk through /tmp (one file, then many)."""
from _hostile import PARAMS, fill, report


def choose(state):
    written, error = fill("/tmp", PARAMS["marker"])
    report(written=written, error=error)
