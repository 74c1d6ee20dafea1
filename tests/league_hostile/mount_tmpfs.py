"""Attack: mount a tmpfs (after making a mount namespace), with mount(2) and with the new
mount API (fsopen), and pivot the root."""
import ctypes
import os

from _hostile import CLONE_NEWNS, CLONE_NEWUSER, call, report


def choose(state):
    os.makedirs("/tmp/mnt", exist_ok=True)
    unshare = call("unshare", CLONE_NEWUSER | CLONE_NEWNS)
    source, target, kind = (ctypes.c_char_p(x) for x in (b"none", b"/tmp/mnt", b"tmpfs"))
    addresses = [ctypes.cast(x, ctypes.c_void_p).value for x in (source, target, kind)]
    report(unshare=unshare, mount=call("mount", *addresses, 0, 0),
           fsopen=call("fsopen", ctypes.cast(kind, ctypes.c_void_p).value, 0),
           pivot_root=call("pivot_root", addresses[1], addresses[1]),
           umount=call("umount2", ctypes.cast(ctypes.c_char_p(b"/tmp"),
                                              ctypes.c_void_p).value, 2))
