"""Shared by the hostile agents (a helper module beside them, as a student's may be): how an
attack says what it managed. The test reads the report from the forfeit's detail."""
import json
import platform

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


NUMBERS = {   # the system calls the jail attacks try, by architecture
    "x86_64": {"unshare": 272, "setns": 308, "mount": 165, "umount2": 166, "pivot_root": 155,
               "chroot": 161, "fsopen": 430, "ptrace": 101, "process_vm_readv": 310,
               "bpf": 321, "perf_event_open": 298, "userfaultfd": 323, "keyctl": 250,
               "add_key": 248, "request_key": 249, "io_uring_setup": 425,
               "kexec_load": 246, "init_module": 175, "open_by_handle_at": 304,
               "sched_setaffinity": 203, "clone": 56, "clone3": 435},
    "aarch64": {"unshare": 97, "setns": 268, "mount": 40, "umount2": 39, "pivot_root": 41,
                "chroot": 51, "fsopen": 430, "ptrace": 117, "process_vm_readv": 270,
                "bpf": 280, "perf_event_open": 241, "userfaultfd": 282, "keyctl": 219,
                "add_key": 217, "request_key": 218, "io_uring_setup": 425,
                "kexec_load": 104, "init_module": 105, "open_by_handle_at": 265,
                "sched_setaffinity": 122, "clone": 220, "clone3": 435},
}.get(platform.machine(), {})
CLONE_NEWUSER, CLONE_NEWNET, CLONE_NEWNS = 0x10000000, 0x40000000, 0x20000
SIGCHLD = 17


def call(name, *args) -> str:
    """``"done"`` when the call returned >= 0 (a child of ``clone`` exits at once), else
    its errno's name."""
    import ctypes
    import errno

    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    number = NUMBERS[name]
    result = libc.syscall(ctypes.c_long(number), *[ctypes.c_long(a) for a in args])
    if result == 0 and name == "clone":
        libc.syscall(ctypes.c_long(60 if number == 56 else 93), ctypes.c_long(0))   # exit
    if result >= 0:
        return "done"
    return errno.errorcode.get(ctypes.get_errno(), str(ctypes.get_errno()))


def seccomp_mode() -> str:
    """The ``Seccomp:`` line of /proc/self/status (2: a filter is on)."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("Seccomp:"):
                return line.split()[1]
    return "?"
