"""Attack: every system call the jail's filter denies, each with arguments that would work
(or fail differently) without the filter: ptrace, another process's memory, eBPF, perf,
userfaultfd, the keyrings, io_uring, kexec, modules, file handles, unpinning, clone3."""
import ctypes
import os

from _hostile import call, report, seccomp_mode


def choose(state):
    name = ctypes.c_char_p(b"user")
    desc = ctypes.c_char_p(b"qsearch")
    mask = ctypes.c_uint64(0xFFFFFFFFFFFFFFFF)
    address = ctypes.cast(name, ctypes.c_void_p).value
    report(
        mode=seccomp_mode(),
        ptrace=call("ptrace", 16, os.getppid(), 0, 0),               # PTRACE_ATTACH
        process_vm_readv=call("process_vm_readv", os.getpid(), 0, 0, 0, 0, 0),
        bpf=call("bpf", 0, 0, 0),
        perf_event_open=call("perf_event_open", 0, 0, -1, -1, 0),
        userfaultfd=call("userfaultfd", 0),
        keyctl=call("keyctl", 0, -3, 0),                      # KEYCTL_GET_KEYRING_ID, session
        add_key=call("add_key", address, ctypes.cast(desc, ctypes.c_void_p).value, 0, 0,
                     -3),
        request_key=call("request_key", address, ctypes.cast(desc, ctypes.c_void_p).value,
                         0, -3),
        io_uring_setup=call("io_uring_setup", 1, 0),
        kexec_load=call("kexec_load", 0, 0, 0, 0),
        init_module=call("init_module", 0, 0, address),
        open_by_handle_at=call("open_by_handle_at", -100, 0, 0),
        chroot=call("chroot", address),
        sched_setaffinity=call("sched_setaffinity", 0, 8, ctypes.addressof(mask)),
        clone3=call("clone3", 0, 0),
    )
