"""Attack: write beside its own file and at the jail's root (folders bubblewrap made in a
tmpfs of no size limit; an ordinary user's agent owned them), to fill the memory."""
import os

from _hostile import attempt, report


def write(folder):
    def action():
        with open(os.path.join(folder, "stash.bin"), "wb") as f:
            f.write(b"x" * 2**20)
    return attempt(action)


def choose(state):
    report(beside=write(os.path.dirname(os.path.abspath(__file__))), root=write("/"),
           mkdir=attempt(lambda: os.mkdir("/stash")))
