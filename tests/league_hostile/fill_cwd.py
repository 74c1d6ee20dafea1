"""Attack: fill the disk through the working directory."""
import os

from _hostile import PARAMS, fill, report


def choose(state):
    written, error = fill(os.getcwd(), PARAMS["marker"])
    report(written=written, error=error, cwd=os.getcwd())
