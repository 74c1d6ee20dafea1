"""Attack: leave the jail's memory cgroup or raise its limit (write our pid to the parent's
cgroup.procs, a larger number in memory.limit_in_bytes / memory.max)."""
import os

from _hostile import report

TRIES = ("/sys/fs/cgroup/memory/cgroup.procs", "/sys/fs/cgroup/cgroup.procs",
         "/sys/fs/cgroup/memory/memory.limit_in_bytes", "/sys/fs/cgroup/memory.max")


def write(path, text):
    try:
        with open(path, "w") as f:
            f.write(text)
    except OSError as err:
        return type(err).__name__
    return "done"


def choose(state):
    own = open("/proc/self/cgroup").read()
    found = {path: write(path, str(os.getpid())) for path in TRIES}
    report(sys=os.path.exists("/sys"), own=own.strip(), writes=found)
