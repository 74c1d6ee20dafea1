"""Attack: read another student's file and the records (by path and via the parent's cwd),
and list the agents' folder."""
import os

from _hostile import PARAMS, attempt, report


def read(path):
    with open(path, "rb") as f:
        f.read()


def choose(state):
    folder = os.path.dirname(__file__)
    report(victim=attempt(lambda: read(PARAMS["victim"])),
           records=attempt(lambda: read(PARAMS["records"])),
           via_cwd=attempt(lambda: read(f"/proc/{os.getppid()}/cwd/games.jsonl")),
           folder=sorted(os.listdir(folder)))
