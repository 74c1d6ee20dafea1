"""Attack: read the memory of the parent and of the league through /proc/<pid>/mem."""
import os

from _hostile import PARAMS, attempt, report


def read_mem(pid):
    with open(f"/proc/{pid}/mem", "rb") as f:
        f.read(1)


def choose(state):
    report(parent=attempt(lambda: read_mem(os.getppid())),
           parent_fds=attempt(lambda: os.listdir(f"/proc/{os.getppid()}/fd")),
           league=attempt(lambda: read_mem(PARAMS["league_pid"])))
