"""Each agent in its own process, with limits: :class:`Sandbox` (and :class:`InProcessAgent`
for trusted code such as the examples, when speed matters more than isolation).

A :class:`Sandbox` starts ``python -m qsearch.league.worker`` (a new interpreter, not a fork
of the league), talks to it over pipes (:mod:`qsearch.league.worker`) and enforces:

* the time per move (and per game, optionally), measured here, in the parent: past it the
  process is killed and the game is lost with reason ``"timeout"``;
* the output: what the agent prints (standard output and error) is counted by a thread here;
  past ``output_bytes`` in one game the process is killed (``"flood"``);
* the memory (``RLIMIT_AS``) and CPU time per game (``RLIMIT_CPU``) with :mod:`resource`
  on Linux and macOS (macOS may refuse the memory limit; Windows has neither).

This isolates mistakes, not malice: an agent can still read files, open sockets or start
processes of its own. One process serves many games of one agent: the file runs afresh for
each game, so a game never sees the memory of the last.
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

from qsearch.league.agent_file import AgentError, AgentSpec, call_choose, excerpt, load_chooser

START_TIME = 60.0           # seconds for a new interpreter to import qsearch and say ready
MIN_MEMORY_MB = 256         # below this the agent's process could not even load the game
POSIX = os.name == "posix"


@dataclass(frozen=True)
class Limits:
    """What an agent may use. ``move_time``: seconds a move (wall clock, measured by the
    league); ``game_time``: seconds a game in total (None: no total); ``load_time``: seconds
    to run the file and ``new_game``; ``memory_mb``: address space of the agent's process (None:
    no limit); ``cpu_time``: CPU seconds a game (None: no limit); ``output_bytes``: what the
    agent may print in one game."""

    move_time: float = 1.0
    game_time: float | None = None
    load_time: float = 10.0
    memory_mb: int | None = 1024
    cpu_time: float | None = 600.0
    output_bytes: int = 100_000

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

    def to_dict(self) -> dict:
        return asdict(self)


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
    next ``new_game``). ``enforced`` says which OS limits the process could set."""

    def __init__(self, spec: AgentSpec, limits: Limits, *, imports=()):
        self.spec, self.limits, self.imports = spec, limits, tuple(imports)
        self.proc = None
        self.meter = None
        self.answers: queue.Queue | None = None
        self.enforced: dict = {}
        self.starts = 0
        self.ready = False

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
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONUNBUFFERED="1",
                   OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1", MKL_NUM_THREADS="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "qsearch.league.worker"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
            start_new_session=POSIX)    # its own process group: a kill takes its children
        self.starts += 1
        self.meter = OutputMeter(self.proc.stderr, self.limits.output_bytes, self.kill)
        self.answers = queue.Queue()
        threading.Thread(target=_lines, args=(self.proc.stdout, self.answers),
                         daemon=True).start()
        config = {"agent": self.spec.to_dict(), "limits": self.limits.to_dict(),
                  "sys_path": [p for p in sys.path if p], "imports": list(self.imports)}
        self._send(config)
        self.ready = False

    def _wait_ready(self) -> None:
        reply = self._receive(START_TIME)
        if not isinstance(reply, dict) or "ready" not in reply:
            output = self.meter.text() if self.meter else ""
            self.close()
            raise RuntimeError(f"the process for agent {self.spec.id} did not start "
                               f"(answer {reply!r}); its output:\n{excerpt(output)}")
        self.enforced = reply["ready"]
        self.ready = True

    def kill(self) -> None:
        """End the process and everything it started."""
        proc = self.proc
        if proc is None or proc.poll() is not None:
            return
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
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            if POSIX:
                try:
                    os.killpg(proc.pid, signal.SIGKILL)
                except (ProcessLookupError, PermissionError):
                    pass
            else:
                proc.kill()
            proc.wait()
        for stream in (proc.stdout, proc.stderr):
            stream.close()

    def _send(self, msg: dict) -> None:
        self.proc.stdin.write((json.dumps(msg) + "\n").encode())
        self.proc.stdin.flush()

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
            raise AgentError(late, late_detail)
        if reply is None:
            raise self._death()
        if "fatal" in reply:
            self.kill()
            raise RuntimeError(f"agent {self.spec.id}'s process: {reply['fatal']}")
        if "error" in reply:
            raise AgentError(reply["error"], reply.get("detail", ""))
        return reply

    def _flood(self) -> AgentError:
        return AgentError("flood", f"printed more than {self.limits.output_bytes:,} bytes in "
                          f"one game; it began:\n{self.meter.start(400)}")

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


def _signal_name(number: int) -> bool:
    try:
        signal.Signals(number)
    except ValueError:
        return False
    return True


def _lines(stream, out: queue.Queue) -> None:
    """Put each JSON line of ``stream`` on ``out``; None at the end."""
    for line in stream:
        try:
            out.put(json.loads(line))
        except json.JSONDecodeError:
            out.put({"fatal": f"unreadable answer {line[:200]!r}"})
    out.put(None)


class InProcessAgent:
    """An agent run in this process: no isolation and no limits but the time, checked after
    the move (a slow move still loses, once it ends). For trusted code (the examples, the
    course's bots) where starting processes would cost more than the games."""

    def __init__(self, spec: AgentSpec, limits: Limits | None = None):
        self.spec = spec
        self.limits = limits or Limits()
        self.state = None
        self.choose_fn = None
        self.random_state = None

    def new_game(self, game: dict, opening, player: int, seed: int) -> None:
        from qsearch.league.schedule import GameSpec

        self.state = GameSpec.from_dict(game).start(opening)
        self.choose_fn = None
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
        the other agent's draws in this process must not change its moves)."""
        numpy = sys.modules.get("numpy")
        outside = random.getstate(), numpy.random.get_state() if numpy else None
        if not fresh and self.random_state is not None:
            random.setstate(self.random_state[0])
            if numpy and self.random_state[1] is not None:
                numpy.random.set_state(self.random_state[1])
        try:
            yield
        finally:
            self.random_state = random.getstate(), \
                numpy.random.get_state() if numpy else None
            random.setstate(outside[0])
            if numpy:
                numpy.random.set_state(outside[1])

    def launch(self) -> None:
        """Nothing to start: the agent runs here."""

    def close(self) -> None:
        self.state = self.choose_fn = None

    def __repr__(self) -> str:
        return f"InProcessAgent({self.spec.id})"
