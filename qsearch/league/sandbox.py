"""Each agent in its own process, with limits: :class:`Sandbox` (and :class:`InProcessAgent`
for trusted code such as the examples, when speed matters more than isolation).

A :class:`Sandbox` starts ``python -m qsearch.league.worker`` (a new interpreter, not a fork
of the league), inside a bubblewrap jail when one is given (:mod:`qsearch.league.jail`),
talks to it over two pipes of its own (:mod:`qsearch.league.worker`) and enforces:

* the time per move (and per game, optionally), measured here, in the parent: past it the
  process (the whole jail) is killed and the game is lost with reason ``"timeout"``;
* the output: what the agent prints (standard output and error) is counted by a thread here;
  past ``output_bytes`` in one game the process is killed (``"flood"``);
* the protocol: an answer that is not one line of JSON of the expected shape is a forfeit
  (``"protocol"``) and the process is killed, never an exception here;
* the memory (``RLIMIT_AS``), CPU time per game (``RLIMIT_CPU``, hard), processes
  (``RLIMIT_NPROC``) and file size (``RLIMIT_FSIZE``) with :mod:`resource` on Linux and
  macOS (macOS may refuse the memory limit; Windows has none); in a jail, the memory of the
  whole jail too, in a memory cgroup of its own where one can be made
  (:mod:`qsearch.league.cgroup`: past it, a ``"memory"`` forfeit);
* in a worker of a process pool, one core for all the processes it starts (:func:`pool_core`).

Without a jail this isolates mistakes, not malice (``docs/LEAGUE.md`` has the threat
model). One process serves many games of one agent: the file runs afresh for each game, so
a game never sees the memory of the last.
"""
from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from qsearch.league.agent_file import AgentError, AgentSpec, call_choose, excerpt, load_chooser

START_TIME = 60.0           # seconds for a new interpreter to import qsearch and say ready
MIN_MEMORY_MB = 256         # below this the agent's process could not even load the game
POSIX = os.name == "posix"
POOL_NAMES = ("SpawnProcess-", "ForkProcess-", "ForkServerProcess-")  # a pool's workers
WORKER_ENV = {"PYTHONHASHSEED": "0", "PYTHONUNBUFFERED": "1", "OMP_NUM_THREADS": "1",
              "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}


@dataclass(frozen=True)
class Limits:
    """What an agent may use. ``move_time``: seconds a move (wall clock, measured by the
    league); ``game_time``: seconds a game in total (None: no total); ``load_time``: seconds
    to run the file and ``new_game``; ``memory_mb``: address space of each of the agent's
    processes, and in a jail with a memory cgroup the memory of the whole jail (None: no
    limit); ``cpu_time``: CPU seconds a game (None: no limit); ``output_bytes``: what the
    agent may print in one game; ``processes``: processes and threads the agent may run at
    once (RLIMIT_NPROC; not for root outside a jail); ``file_mb``: the largest file it may
    write, and the size of its ``/tmp`` and ``/dev/shm`` in a jail."""

    move_time: float = 1.0
    game_time: float | None = None
    load_time: float = 10.0
    memory_mb: int | None = 1024
    cpu_time: float | None = 600.0
    output_bytes: int = 100_000
    processes: int | None = 32
    file_mb: int | None = 64

    def __post_init__(self):
        for name in ("move_time", "load_time"):
            _positive(name, getattr(self, name))
        for name in ("game_time", "cpu_time"):
            if getattr(self, name) is not None:
                _positive(name, getattr(self, name))
        if self.memory_mb is not None and (isinstance(self.memory_mb, bool) or
                                           not isinstance(self.memory_mb, int) or
                                           self.memory_mb < MIN_MEMORY_MB):
            raise ValueError(f"memory_mb must be an int >= {MIN_MEMORY_MB} (Python with qsearch "
                             f"and numpy needs about 150) or None, not {self.memory_mb!r}")
        if isinstance(self.output_bytes, bool) or not isinstance(self.output_bytes, int) \
                or self.output_bytes < 0:
            raise ValueError(f"output_bytes must be an int >= 0, not {self.output_bytes!r}")
        for name, low in (("processes", 4), ("file_mb", 1)):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or value < low):
                raise ValueError(f"{name} must be an int >= {low} or None, not {value!r}")

    def to_dict(self) -> dict:
        return asdict(self)


def flood_error(limit: int, began: str) -> AgentError:
    """The forfeit of an agent that printed more than ``limit`` bytes in a game (``began``:
    the first lines it printed)."""
    return AgentError("flood", f"printed more than {limit:,} bytes in one game; it "
                      f"began:\n{began}")


IN_PROCESS_ENV = "QSEARCH_LEAGUE_IN_PROCESS"


def no_processes() -> str:
    """Why agents cannot play in processes of their own here, or "" when they can: in a
    browser (Pyodide, the lessons' site) Python starts no process. Setting the environment
    variable ``QSEARCH_LEAGUE_IN_PROCESS=1`` makes any computer behave so (to try the
    browser's path). Leagues then play in the league's own process
    (:class:`InProcessAgent`)."""
    from qsearch.i18n import _

    if sys.platform == "emscripten":
        return _("Python runs in a browser here (Pyodide), which starts no processes")
    if os.environ.get(IN_PROCESS_ENV, "") not in ("", "0"):
        return _("{variable} is set").format(variable=IN_PROCESS_ENV)
    return ""


def _positive(name: str, value) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0 \
            or value != value or value == float("inf"):
        raise ValueError(f"{name} must be a number of seconds > 0, not {value!r}")


class OutputMeter:
    """Reads an agent's output pipe on a thread: counts the bytes of the current game, keeps
    its first and last 2,000, and calls ``on_flood`` once the count passes ``limit``."""

    KEEP = 2000

    def __init__(self, stream, limit: int, on_flood):
        self.limit, self.on_flood = limit, on_flood
        self.count, self.flooded = 0, False
        self.head, self.tail = bytearray(), collections.deque(maxlen=self.KEEP)
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, args=(stream,), daemon=True)
        self._thread.start()

    def _read(self, stream) -> None:
        fd = stream.fileno()
        while True:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            with self._lock:
                self.count += len(chunk)
                if len(self.head) < self.KEEP:
                    self.head += chunk[:self.KEEP - len(self.head)]
                self.tail.extend(chunk[-self.KEEP:])
                flood = self.count > self.limit and not self.flooded
                if flood:
                    self.flooded = True
            if flood:
                self.on_flood()

    def reset(self) -> None:
        """A new game: nothing printed yet."""
        with self._lock:
            self.count, self.flooded = 0, False
            self.head.clear()
            self.tail.clear()

    def start(self, limit: int) -> str:
        """At most ``limit`` characters of what this game printed first (whole lines when it
        printed lines)."""
        with self._lock:
            text = bytes(self.head[:limit]).decode("utf-8", "replace")
        cut = text.rfind("\n")
        return text[:cut] if cut > 0 else text

    def text(self) -> str:
        """What was kept of this game's output (its start, and its end when it was long)."""
        with self._lock:
            head = bytes(self.head).decode("utf-8", "replace")
            if self.count <= self.KEEP:
                return head
            tail = bytes(self.tail).decode("utf-8", "replace")
            return f"{head}\n[... {self.count:,} bytes in all ...]\n{tail}"

    def join(self, timeout: float = 1.0) -> None:
        self._thread.join(timeout)


class Sandbox:
    """One agent's process; ``new_game`` and ``choose`` raise :class:`AgentError` when the
    agent loses the game (the process is killed when it must be, and started again at the
    next ``new_game``). ``jail``: a :class:`qsearch.league.jail.Jail` to run it in (None: an
    ordinary process); ``enforced`` says which OS limits the process could set."""

    def __init__(self, spec: AgentSpec, limits: Limits, *, imports=(), jail=None):
        self.spec, self.limits, self.imports = spec, limits, tuple(imports)
        self.jail = jail
        self.proc = None
        self.meter = None
        self.answers: queue.Queue | None = None
        self.requests = None
        self.enforced: dict = {}
        self.starts = 0
        self.ready = False
        self.cgroup = None              # the jail's memory cgroup, made at the first start
        self.oom_seen = 0

    # ---------------------------------------------------------------- process
    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def launch(self) -> None:
        """Start the process if it is not running, without waiting for it (starting several
        at once overlaps their imports); the next game waits until it is ready."""
        if not self.alive():
            self._spawn()

    def start(self) -> None:
        """Start the process and wait until it has imported qsearch (not the agent)."""
        self._spawn()
        self._wait_ready()

    def _spawn(self) -> None:
        self.close()
        worker = [sys.executable, "-m", "qsearch.league.worker"]
        fds: list[int] = []
        if POSIX:
            req_read, req_write = os.pipe()
            ans_read, ans_write = os.pipe()
            worker += ["--requests", str(req_read), "--answers", str(ans_write)]
            fds = [req_read, ans_write]
            answers = os.fdopen(ans_read, "rb")
            self.requests = os.fdopen(req_write, "wb")
        if self.jail is not None:
            argv = self._jailed_argv([*worker, "--jailed"], fds)
            env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
        else:
            argv = worker
            env = {**os.environ, **WORKER_ENV}
        core = pool_core()
        try:
            with _pinned(core):         # the process, and all it starts, on one core
                self.proc = subprocess.Popen(
                    argv, stdin=subprocess.DEVNULL if POSIX else subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.STDOUT if POSIX else subprocess.PIPE,
                    env=env, pass_fds=tuple(fds), start_new_session=POSIX)
        finally:
            for fd in fds:
                os.close(fd)
        if not POSIX:                   # Windows: the protocol on standard input and output
            answers, self.requests = self.proc.stdout, self.proc.stdin
            output = self.proc.stderr
        else:
            output = self.proc.stdout
        self.starts += 1
        self.meter = OutputMeter(output, self.limits.output_bytes, self.kill)
        self.answers = queue.Queue()
        threading.Thread(target=_lines, args=(answers, self.answers), daemon=True).start()
        config = {"agent": self.spec.to_dict(), "limits": self.limits.to_dict(),
                  "sys_path": [p for p in sys.path if p], "imports": list(self.imports)}
        self._send(config)
        self.ready = False

    def _wait_ready(self) -> None:
        reply = self._receive(START_TIME)
        if not isinstance(reply, dict) or not isinstance(reply.get("ready"), dict):
            output = self.meter.text() if self.meter else ""
            self.close()
            raise RuntimeError(f"the process for agent {self.spec.id} did not start "
                               f"(answer {reply!r}); its output:\n{excerpt(output)}")
        self.enforced = {**reply["ready"],
                         "jail": self.jail.version if self.jail is not None else None,
                         "seccomp": bool(self.jail is not None and self.jail.seccomp),
                         "jail memory": self.cgroup is not None, "core": pool_core()}
        self.ready = True

    def _jailed_argv(self, worker: list[str], fds: list[int]) -> list[str]:
        """The jail's command for ``worker`` (the descriptors it needs appended to ``fds``),
        started in the jail's memory cgroup when there is one."""
        from qsearch.league import seccomp
        from qsearch.league.agent_file import read_own_file
        from qsearch.league.cgroup import MemoryCgroup

        # never a link followed: a file swapped for a link since the league read it is refused
        data = _memfd(read_own_file(self.spec.target)) if self.spec.kind == "file" \
            else _memfd(b"")
        fds.append(data)
        target = self.spec.target if self.spec.kind == "file" else "/tmp/.player"
        filter_fd = None
        if self.jail.seccomp:
            filter_fd = seccomp.filter_fd()
            fds.append(filter_fd)
        argv = self.jail.command(
            worker, agent_file=target, data_fd=data, helpers=_helpers(self.spec),
            binds=_game_binds(self.imports), tmp_bytes=(self.limits.file_mb or 64) * 2**20,
            env=WORKER_ENV, seccomp_fd=filter_fd)
        if self.jail.memory_cgroups and self.limits.memory_mb:
            if self.cgroup is None:
                self.cgroup = MemoryCgroup(self.jail.memory_cgroups,
                                           self.limits.memory_mb * 2**20)
            self.oom_seen = self.cgroup.oom_kills()
            argv = self.cgroup.enter_argv(argv)
        return argv

    def _out_of_memory(self) -> bool:
        """Whether the kernel ended a process of the jail for its memory cgroup since the
        last look."""
        if self.cgroup is None:
            return False
        kills = self.cgroup.oom_kills()
        seen, self.oom_seen = self.oom_seen, kills
        return kills > seen

    def _memory_forfeit(self) -> AgentError:
        return AgentError("memory", f"the jail's processes, files in memory (/tmp, /dev/shm, "
                          f"memfd) together passed {self.limits.memory_mb} MB: the kernel "
                          "ended a process")


    def kill(self) -> None:
        """End the process and everything it started (in a jail: the jail's first process,
        whose end makes the kernel kill every process of the jail before this returns)."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
        if self.jail is not None:
            inits = _children(proc.pid)
            for child in inits:
                try:
                    os.kill(child, signal.SIGKILL)
                except OSError:
                    pass
            if inits:           # bwrap ends once the kernel has killed the whole jail
                try:
                    proc.wait(timeout=10)
                    return
                except subprocess.TimeoutExpired:
                    pass
        try:
            if POSIX:
                os.killpg(proc.pid, signal.SIGKILL)
            else:
                proc.kill()
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass

    def close(self) -> None:
        """Stop the process (end of its input, then a kill if it lingers)."""
        proc, self.proc = self.proc, None
        requests, self.requests = self.requests, None
        if proc is None:
            return
        try:
            if requests is not None:
                requests.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc = proc
            self.kill()
            self.proc = None
            proc.wait()
        if POSIX and self.jail is None:
            try:                        # what the agent started in the worker's group
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.cgroup is not None:     # the jail is gone (bwrap ended after it)
            self.cgroup.remove()
            self.cgroup = None
        for stream in (proc.stdout, proc.stderr, proc.stdin):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass

    def _send(self, msg: dict) -> None:
        self.requests.write((json.dumps(msg) + "\n").encode())
        self.requests.flush()

    def _receive(self, timeout: float):
        """The next answer, ``"timeout"``, or None when the process ended."""
        try:
            return self.answers.get(timeout=timeout)
        except queue.Empty:
            return "timeout"

    # ---------------------------------------------------------------- games
    def new_game(self, game: dict, opening, player: int, seed: int) -> None:
        """Set up a game (the agent's file runs afresh); AgentError if it cannot play."""
        if not self.alive():
            self._spawn()
        if not self.ready:
            self._wait_ready()
        self.meter.reset()
        msg = {"op": "new_game", "game": game, "opening": list(opening), "player": player,
               "seed": seed, "move_time": self.limits.move_time}
        self._ask(msg, self.limits.load_time, "import timeout",
                  f"the file (and new_game) did not finish within {self.limits.load_time:g} s")

    def choose(self, actions, time_limit: float) -> tuple[int, float]:
        """The agent's action after ``actions`` (the ones played since its last move) and the
        seconds it took; AgentError on a timeout, a crash, an exception, a flood, ..."""
        msg = {"op": "move", "actions": list(actions)}
        start = time.perf_counter()
        reply = self._ask(msg, time_limit, "timeout",
                          f"no move within {time_limit:.3g} s")
        return reply["action"], time.perf_counter() - start

    def _ask(self, msg: dict, limit: float, late: str, late_detail: str) -> dict:
        try:
            self._send(msg)
        except (BrokenPipeError, OSError):
            pass                        # it died already: the answer below says how
        reply = self._receive(limit)
        if self.meter.flooded:
            self.kill()
            raise self._flood()
        if reply == "timeout":
            self.kill()
            raise self._memory_forfeit() if self._out_of_memory() else \
                AgentError(late, late_detail)
        if reply is None:
            raise self._death()
        problem = _shape_problem(reply, msg["op"])
        if problem:
            self.kill()
            raise AgentError("protocol", problem)
        if "fatal" in reply:
            self.kill()
            raise RuntimeError(f"agent {self.spec.id}'s process: {reply['fatal']}")
        if "error" in reply:
            detail = reply["detail"]
            if reply["error"] == "crash" and self._out_of_memory():
                raise self._memory_forfeit()
            if reply["error"] == "crash":
                output = self.meter.text().strip()
                detail += f"; its last output:\n{excerpt(output, 800)}" if output else ""
            raise AgentError(reply["error"], detail)
        return reply

    def _flood(self) -> AgentError:
        return flood_error(self.limits.output_bytes, self.meter.start(400))

    def _death(self) -> AgentError:
        """Why the process ended (it was not killed for time)."""
        try:
            code = self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.proc.wait()
        self.meter.join()
        if self.meter.flooded:
            return self._flood()
        if self._out_of_memory():
            return self._memory_forfeit()
        xcpu = getattr(signal, "SIGXCPU", None)
        if xcpu is not None and code == -xcpu:
            return AgentError("cpu", f"used more than {self.limits.cpu_time:g} CPU seconds in "
                              "one game (SIGXCPU)")
        how = f"signal {signal.Signals(-code).name}" if code < 0 and _signal_name(-code) \
            else f"exit status {code}"
        output = self.meter.text().strip()
        return AgentError("crash", f"the process ended ({how})" +
                          (f"; its last output:\n{excerpt(output, 800)}" if output else ""))

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self) -> str:
        state = "running" if self.alive() else "stopped"
        return f"Sandbox({self.spec.id}, {state})"


def _shape_problem(reply, op: str) -> str:
    """What is wrong with an answer to ``op`` ("" when nothing is): the worker's answers
    have few shapes, and anything else is a protocol violation."""
    from qsearch.league.agent_file import REASONS

    if not isinstance(reply, dict):
        return f"an answer that is not a JSON object: {str(reply)[:200]!r}"
    if "unreadable" in reply and len(reply) == 1:
        return f"an answer that is not JSON: {reply['unreadable']!r}"
    keys = set(reply)
    if keys == {"fatal"} and isinstance(reply["fatal"], str):
        return ""
    if keys == {"error", "detail"} and reply["error"] in REASONS \
            and isinstance(reply["detail"], str):
        return ""
    if op == "new_game" and reply == {"ok": True}:
        return ""
    if op == "move" and keys == {"action"} and isinstance(reply["action"], int) \
            and not isinstance(reply["action"], bool):
        return ""
    return f"an answer that is not one to {op!r}: {json.dumps(reply)[:200]!r}"


def _memfd(data: bytes) -> int:
    """A descriptor to read ``data`` from (the agent's file, copied into its jail)."""
    fd = os.memfd_create("agent", 0)
    os.write(fd, data)
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


def pool_core() -> int | None:
    """The core this process's agents are pinned to: in a worker of a process pool (the
    league's ``workers=N``: a process ``multiprocessing`` named ``SpawnProcess-k``), the
    pool's k-th process gets the k-th core this process may use, round robin; None in the
    league's own process, in a Dask worker (whose threads each play games: one core would
    serve them all) or with one core. One game's spinning threads then slow only the games
    of the same worker."""
    import multiprocessing

    if not hasattr(os, "sched_getaffinity") or multiprocessing.parent_process() is None:
        return None
    process = multiprocessing.current_process()
    identity = getattr(process, "_identity", ())
    cores = sorted(os.sched_getaffinity(0))
    if not identity or len(cores) < 2 or not process.name.startswith(POOL_NAMES):
        return None
    return cores[(identity[0] - 1) % len(cores)]


@contextlib.contextmanager
def _pinned(core: int | None):
    """Run the block with this thread on ``core`` only (Linux sets the calling thread's
    affinity, which a process it starts inherits), then restore it."""
    if core is None:
        yield
        return
    before = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {core})
    try:
        yield
    finally:
        os.sched_setaffinity(0, before)


def _helpers(spec: AgentSpec) -> list[str]:
    """The class's helpers beside an agent's file (every file or folder whose name starts
    with ``_``: modules, packages, data), shown read-only in its jail; never other agents'
    files (a league skips names that start with ``_``)."""
    if spec.kind != "file":
        return []
    folder = Path(spec.target).parent
    return sorted(str(p) for p in folder.glob("_*")
                  if p.name != "__pycache__" and not p.is_symlink())   # no way out of the folder


def _game_binds(imports) -> list[str]:
    from qsearch.league.jail import module_paths

    return [p for module in imports for p in module_paths(module)]


def _children(pid: int) -> list[int]:
    """The child processes of ``pid`` (Linux); [] when /proc does not say."""
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(x) for x in text.split()]


def _signal_name(number: int) -> bool:
    try:
        signal.Signals(number)
    except ValueError:
        return False
    return True


def _lines(stream, out: queue.Queue) -> None:
    """Put each JSON line of ``stream`` on ``out`` (``{"unreadable": ...}`` for a line that
    is not JSON); None at the end."""
    try:
        for line in stream:
            try:
                out.put(json.loads(line))
            except (json.JSONDecodeError, UnicodeDecodeError):
                out.put({"unreadable": line[:200].decode("utf-8", "replace")})
    except (OSError, ValueError):       # closed under us
        pass
    finally:
        out.put(None)
        try:
            stream.close()
        except OSError:
            pass


class _Flooded(BaseException):
    """Raised in an in-process agent's ``print`` past its output limit (a BaseException:
    the agent's ``except Exception`` does not swallow it)."""


class _Printed:
    """An in-process agent's standard output and error for one game: counted, its first 400
    characters kept; past ``limit`` bytes every write raises :class:`_Flooded`."""

    def __init__(self, limit: int):
        self.limit, self.count, self.head = limit, 0, ""

    def write(self, text) -> int:
        text = str(text)
        self.count += len(text.encode("utf-8", "replace"))
        if len(self.head) < 400:
            self.head += text[:400 - len(self.head)]
        if self.flooded():
            raise _Flooded
        return len(text)

    def flush(self) -> None:
        """Nothing to flush: nothing is shown."""

    def flooded(self) -> bool:
        return self.count > self.limit

    def error(self) -> AgentError:
        cut = self.head.rfind("\n")
        return flood_error(self.limit, self.head[:cut] if cut > 0 else self.head)


class InProcessAgent:
    """An agent run in this process: no isolation and no limits but the time, checked after
    the move (a slow move still loses, once it ends), and the output: what it prints is
    counted, not shown, and past ``output_bytes`` in a game it loses by ``"flood"`` as in a
    process of its own. For trusted code (the examples, the course's bots) where starting
    processes would cost more than the games, and where no process can be started (a
    browser: :func:`no_processes`). An agent that never returns stops the league."""

    def __init__(self, spec: AgentSpec, limits: Limits | None = None):
        self.spec = spec
        self.limits = limits or Limits()
        self.state = None
        self.choose_fn = None
        self.random_state = None
        self.printed = _Printed(self.limits.output_bytes)

    def new_game(self, game: dict, opening, player: int, seed: int) -> None:
        from qsearch.league.schedule import GameSpec

        self.state = GameSpec.from_dict(game).start(opening)
        self.choose_fn = None
        self.printed = _Printed(self.limits.output_bytes)
        start = time.perf_counter()
        with self._own_random(fresh=True):
            self.choose_fn = load_chooser(self.spec, player, seed, self.limits.move_time)
        if time.perf_counter() - start > self.limits.load_time:
            raise AgentError("import timeout", f"the file (and new_game) took more than "
                             f"{self.limits.load_time:g} s")

    def choose(self, actions, time_limit: float) -> tuple[int, float]:
        for action in actions:
            self.state.apply_action(action)
        start = time.perf_counter()
        with self._own_random():
            action = call_choose(self.choose_fn, self.state.clone())
        seconds = time.perf_counter() - start
        if seconds > time_limit:
            raise AgentError("timeout", f"took {seconds:.3g} s, more than {time_limit:.3g} s")
        return action, seconds

    @contextlib.contextmanager
    def _own_random(self, fresh: bool = False):
        """Give the agent its own stream of :mod:`random` (as its own process would have:
        the other agent's draws in this process must not change its moves), and its own
        standard output and error (counted: past the limit, a flood)."""
        numpy = sys.modules.get("numpy")
        outside = random.getstate(), numpy.random.get_state() if numpy else None
        if not fresh and self.random_state is not None:
            random.setstate(self.random_state[0])
            if numpy and self.random_state[1] is not None:
                numpy.random.set_state(self.random_state[1])
        try:
            with contextlib.redirect_stdout(self.printed), \
                    contextlib.redirect_stderr(self.printed):
                yield
        except _Flooded:
            raise self.printed.error() from None
        finally:
            self.random_state = random.getstate(), \
                numpy.random.get_state() if numpy else None
            random.setstate(outside[0])
            if numpy:
                numpy.random.set_state(outside[1])
        if self.printed.flooded():          # the agent caught the flood and went on
            raise self.printed.error()

    def launch(self) -> None:
        """Nothing to start: the agent runs here."""

    def close(self) -> None:
        self.state = self.choose_fn = None

    def __repr__(self) -> str:
        return f"InProcessAgent({self.spec.id})"
