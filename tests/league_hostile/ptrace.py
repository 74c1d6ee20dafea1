"""Attack: ptrace(PTRACE_ATTACH) the parent and the league."""
import ctypes
import errno
import os

from _hostile import PARAMS, report

libc = ctypes.CDLL(None, use_errno=True)


def attach(pid):
    if libc.ptrace(16, pid, None, None) == 0:         # PTRACE_ATTACH
        libc.ptrace(17, pid, None, None)              # PTRACE_DETACH
        return "done"
    return errno.errorcode[ctypes.get_errno()]


def choose(state):
    report(parent=attach(os.getppid()), league=attach(PARAMS["league_pid"]))
