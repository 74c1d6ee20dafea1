"""The system calls an agent's jail denies: a seccomp filter built with libseccomp (the
library systemd, Podman and Flatpak use; Debian's ``libseccomp2``), loaded through
:mod:`ctypes`, exported as a classic BPF program that bubblewrap installs (``--seccomp FD``)
just before it starts the agent's process.

A game agent computes: it never needs a namespace, a mount, another process's memory, the
kernel's keyrings, eBPF, io_uring or a new kernel. Each of :data:`DENIED` fails with
``EPERM``; ``clone`` fails only when it asks for a new namespace; ``clone3`` (whose flags sit
in memory a filter cannot read) fails with ``ENOSYS``, so the C library falls back to
``clone`` for threads and processes. ``sched_setaffinity`` is denied too: an agent cannot
unpin itself from the core its league worker gave it. A call of another architecture (a
32-bit call on a 64-bit kernel) kills the process: libseccomp checks the architecture first.

:func:`filter_fd` returns a descriptor to pass to ``bwrap``; :func:`available` says whether
libseccomp is here (when it is not, the jail runs without the filter and says so).
"""
from __future__ import annotations

import ctypes
import ctypes.util
import errno
import functools
import os

DENIED = (
    "unshare", "setns", "mount", "umount", "umount2", "pivot_root", "chroot",
    "fsopen", "fsmount", "fsconfig", "fspick", "move_mount", "open_tree", "mount_setattr",
    "ptrace", "process_vm_readv", "process_vm_writev", "kcmp", "pidfd_getfd",
    "bpf", "perf_event_open", "userfaultfd",
    "keyctl", "add_key", "request_key",
    "io_uring_setup", "io_uring_enter", "io_uring_register",
    "kexec_load", "kexec_file_load", "init_module", "finit_module", "delete_module",
    "open_by_handle_at", "name_to_handle_at", "acct", "swapon", "swapoff", "reboot",
    "quotactl", "syslog", "settimeofday", "clock_settime", "clock_adjtime", "adjtimex",
    "iopl", "ioperm", "vhangup", "lookup_dcookie", "sched_setaffinity",
)
CLONE_NEW = {"CLONE_NEWTIME": 0x80, "CLONE_NEWNS": 0x20000, "CLONE_NEWCGROUP": 0x02000000,
             "CLONE_NEWUTS": 0x04000000, "CLONE_NEWIPC": 0x08000000,
             "CLONE_NEWUSER": 0x10000000, "CLONE_NEWPID": 0x20000000,
             "CLONE_NEWNET": 0x40000000}
_ALLOW = 0x7FFF0000                 # SCMP_ACT_ALLOW
_ERRNO = 0x00050000                 # SCMP_ACT_ERRNO(e) = _ERRNO | e
_MASKED_EQ = 7                      # SCMP_CMP_MASKED_EQ: (arg & datum_a) == datum_b
_NR_ERROR = -1                      # __NR_SCMP_ERROR: a name libseccomp does not know


class _ArgCmp(ctypes.Structure):
    _fields_ = [("arg", ctypes.c_uint), ("op", ctypes.c_int),
                ("datum_a", ctypes.c_uint64), ("datum_b", ctypes.c_uint64)]


@functools.lru_cache(maxsize=1)
def _library():
    """libseccomp through ctypes, or the reason it cannot be had."""
    name = ctypes.util.find_library("seccomp") or "libseccomp.so.2"
    try:
        lib = ctypes.CDLL(name, use_errno=True)
    except OSError as err:
        return None, f"libseccomp is not installed (apt-get install libseccomp2): {err}"
    lib.seccomp_init.restype = ctypes.c_void_p
    lib.seccomp_init.argtypes = [ctypes.c_uint32]
    lib.seccomp_release.argtypes = [ctypes.c_void_p]
    lib.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    lib.seccomp_rule_add_array.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_int,
                                           ctypes.c_uint, ctypes.POINTER(_ArgCmp)]
    lib.seccomp_export_bpf.argtypes = [ctypes.c_void_p, ctypes.c_int]
    return lib, ""


@functools.lru_cache(maxsize=1)
def program() -> bytes:
    """The filter as a classic BPF program (for ``bwrap --seccomp``); RuntimeError when
    libseccomp is missing or refuses a rule."""
    lib, why = _library()
    if lib is None:
        raise RuntimeError(why)
    ctx = lib.seccomp_init(_ALLOW)
    if not ctx:
        raise RuntimeError("libseccomp could not start a filter")
    try:
        def deny(name: str, code: int, *compare: _ArgCmp) -> None:
            number = lib.seccomp_syscall_resolve_name(name.encode())
            if number == _NR_ERROR:
                return                  # a call this libseccomp does not know: none here
            args = (_ArgCmp * len(compare))(*compare) if compare else None
            status = lib.seccomp_rule_add_array(ctx, _ERRNO | code, number, len(compare),
                                                args)
            if status < 0:
                raise RuntimeError(f"libseccomp refused the rule for {name}: "
                                   f"{os.strerror(-status)}")

        for name in DENIED:
            deny(name, errno.EPERM)
        deny("clone3", errno.ENOSYS)
        for flag in CLONE_NEW.values():     # clone(flags, ...): any new namespace
            deny("clone", errno.EPERM, _ArgCmp(0, _MASKED_EQ, flag, flag))
        fd = os.memfd_create("seccomp-export", 0)
        try:
            status = lib.seccomp_export_bpf(ctx, fd)
            if status < 0:
                raise RuntimeError(f"libseccomp could not export the filter: "
                                   f"{os.strerror(-status)}")
            os.lseek(fd, 0, os.SEEK_SET)
            return os.read(fd, os.fstat(fd).st_size)
        finally:
            os.close(fd)
    finally:
        lib.seccomp_release(ctx)


@functools.lru_cache(maxsize=1)
def available() -> tuple[bool, str]:
    """``(True, "")`` when the filter can be built here, else ``(False, reason)``."""
    try:
        program()
    except RuntimeError as err:
        return False, str(err)
    return True, ""


def filter_fd() -> int:
    """A new descriptor (a memfd, at offset 0) holding :func:`program`; the caller passes it
    to ``bwrap --seccomp FD`` and closes it."""
    data = program()
    fd = os.memfd_create("seccomp", 0)
    os.write(fd, data)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd
