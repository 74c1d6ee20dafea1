"""Attack: shield itself from the OOM killer (oom_score_adj -1000), then hold 2 GiB in
memfd files, so the kernel would kill the league's processes instead."""
import os

from _hostile import report


def attempt(value):
    try:
        with open("/proc/self/oom_score_adj", "w") as adj:
            adj.write(str(value))
    except OSError as err:
        return type(err).__name__
    return "done"


def choose(state):
    shield = attempt(-1000)
    fds, chunk = [os.memfd_create(f"shield{k}") for k in range(512)], b"x" * 2**20
    for k in range(2048):
        os.write(fds[k // 4], chunk)
    report(shield=shield, held=2048)
