"""A memory limit for a whole jail: a memory cgroup per agent's process, made under the
league's own cgroup, that counts every process of the jail together, their memfd files and
the jail's ``/tmp`` and ``/dev/shm`` (tmpfs pages are charged to the cgroup that writes them).
Past the limit the kernel's OOM killer ends a process of the jail, and the league, seeing
the cgroup's ``oom_kill`` count grow, records the forfeit as ``"memory"``.

Where it works: the cgroup v1 memory hierarchy (``/sys/fs/cgroup/memory``) or a cgroup v2
whose ``cgroup.subtree_control`` delegates ``memory`` to the league's own cgroup, with the
right to write there (root, or a delegated cgroup). Elsewhere (an ordinary user on most
machines) :func:`find_parent` returns None and the reason, and each process keeps only its
own ``RLIMIT_AS``. The cgroup is entered by the jail's first process before it starts the
jail (:func:`enter_argv`), so nothing of the jail ever runs outside it.
"""
from __future__ import annotations

import atexit
import functools
import itertools
import os
import threading
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PREFIX = "qsearch-league"
_COUNTER = itertools.count()
_MADE: set[str] = set()
_LOCK = threading.Lock()


def _own_cgroups() -> dict[str, str]:
    """``{controller or "": path}`` from ``/proc/self/cgroup`` ("" is cgroup v2's line)."""
    out = {}
    try:
        text = Path("/proc/self/cgroup").read_text()
    except OSError:
        return out
    for line in text.splitlines():
        parts = line.split(":", 2)
        if len(parts) == 3:
            for controller in parts[1].split(",") if parts[1] else [""]:
                out[controller] = parts[2]
    return out


@functools.lru_cache(maxsize=1)
def find_parent() -> tuple[str | None, str]:
    """``(folder, "")``: where this process may make memory cgroups (its own memory cgroup,
    v1 or v2), or ``(None, reason)``."""
    if not ROOT.is_dir():
        return None, "no /sys/fs/cgroup (not Linux, or cgroups are not mounted)"
    own = _own_cgroups()
    candidates = []
    if "memory" in own and (ROOT / "memory").is_dir():
        candidates.append((ROOT / "memory" / own["memory"].lstrip("/"), "v1"))
    if "" in own:
        for base in (ROOT, ROOT / "unified"):
            if (base / "cgroup.controllers").exists():
                candidates.append((base / own[""].lstrip("/"), "v2"))
                break
    reasons = []
    for folder, kind in candidates:
        if kind == "v2":
            try:
                delegated = "memory" in (folder / "cgroup.subtree_control").read_text().split()
            except OSError:
                delegated = False
            if not delegated:
                reasons.append(f"cgroup v2 {folder} does not delegate the memory controller")
                continue
        if not os.access(folder, os.W_OK):
            reasons.append(f"no right to make cgroups in {folder} (run as root, or in a "
                           "delegated cgroup)")
            continue
        _sweep(folder)
        return str(folder), ""
    return None, "; ".join(reasons) or "no memory cgroup controller here"


def _sweep(folder: Path) -> None:
    """Remove the empty cgroups a killed league left here (its process is gone)."""
    for child in folder.glob(f"{PREFIX}-*"):
        try:
            pid = int(child.name.split("-")[2])
        except (IndexError, ValueError):
            continue
        if not Path(f"/proc/{pid}").exists():
            try:
                child.rmdir()
            except OSError:
                pass


class MemoryCgroup:
    """One jail's memory cgroup, ``limit_bytes`` for all its processes and files in memory
    (and no swap). :meth:`remove` when the jail is gone."""

    def __init__(self, parent: str, limit_bytes: int):
        self.path = Path(parent) / f"{PREFIX}-{os.getpid()}-{next(_COUNTER)}"
        self.v1 = (Path(parent) / "memory.limit_in_bytes").exists()
        self.path.mkdir()
        with _LOCK:
            _MADE.add(str(self.path))
        try:
            if self.v1:
                (self.path / "memory.limit_in_bytes").write_text(str(limit_bytes))
                swap = self.path / "memory.memsw.limit_in_bytes"
                if swap.exists():
                    swap.write_text(str(limit_bytes))
            else:
                (self.path / "memory.max").write_text(str(limit_bytes))
                if (self.path / "memory.swap.max").exists():
                    (self.path / "memory.swap.max").write_text("0")
        except OSError:
            self.remove()
            raise

    def oom_kills(self) -> int:
        """How many processes the OOM killer ended in this cgroup so far."""
        name = "memory.oom_control" if self.v1 else "memory.events"
        try:
            text = (self.path / name).read_text()
        except OSError:
            return 0
        for line in text.splitlines():
            key, _, value = line.partition(" ")
            if key == "oom_kill":
                return int(value)
        return 0

    def peak_bytes(self) -> int:
        """The most memory the jail held at once (0 when the kernel does not say)."""
        name = "memory.max_usage_in_bytes" if self.v1 else "memory.peak"
        try:
            return int((self.path / name).read_text())
        except (OSError, ValueError):
            return 0

    def enter_argv(self, argv: list[str]) -> list[str]:
        """``argv`` started by a shell that first moves itself into this cgroup (its
        children, the whole jail, are born in it)."""
        return ["/bin/sh", "-c", 'echo 0 > "$0/cgroup.procs" && exec "$@"', str(self.path),
                *argv]

    def remove(self) -> None:
        """Delete the cgroup (once its processes are gone; quietly when it cannot)."""
        try:
            self.path.rmdir()
        except OSError:
            return
        with _LOCK:
            _MADE.discard(str(self.path))


@atexit.register
def _remove_all() -> None:
    for path in list(_MADE):
        try:
            os.rmdir(path)
        except OSError:
            pass
