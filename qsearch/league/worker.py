"""The agent's own process: ``python -m qsearch.league.worker``, driven by
:class:`qsearch.league.sandbox.Sandbox`.

The protocol is one JSON object a line, on two pipes whose descriptors the command line
names (``--requests R --answers W``; standard input and output where there is no
``fork``, on Windows). The parent's first line configures the process (``agent``,
``limits``, ``sys_path``, ``imports``); the worker answers ``{"ready": ...}`` with the limits
the OS let it set. Then, per game, ``{"op": "new_game", "game", "opening", "player", "seed",
"move_time"}`` (answer ``{"ok": true}`` or ``{"error": reason, "detail": ...}``) and, per move,
``{"op": "move", "actions": [...]}`` with the actions played since the agent last moved
(answer ``{"action": n}`` or an error). End of input ends the process.

**The agent's code never holds the protocol's pipes.** This process is a supervisor: it
forks a child that runs the agent (:class:`Worker`), a new child for each game, with the
limits set in the child only (its CPU seconds a hard limit: the agent can neither raise it
nor outlive it by ignoring ``SIGXCPU``), and talks to it over a socket of their own. The
supervisor checks every answer of the child (a JSON object of the expected shape, one short
line) and turns anything else into the reason ``"protocol"``; a child that dies is a
``"crash"`` (``"cpu"`` for ``SIGXCPU``, or for the hard limit's ``SIGKILL``). On
Linux the supervisor is not dumpable, so the child cannot open its descriptors through
``/proc`` or trace it. Between two requests it stops the child (``SIGSTOP``; in a jail
every other process of the jail too): a thread cannot use the CPU while the other agent
thinks. In a jail (``--jailed``, its own PID namespace), a new game first kills every
process the last game left.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import sys

ANSWER_BYTES = 65536        # an answer line longer than this is a protocol violation


def _apply_limits(limits: dict, jailed: bool = False, fresh: bool = False) -> dict:
    """Memory (address space), file size and core-dump limits where :mod:`resource` exists,
    and in a jail the processes (outside one, RLIMIT_NPROC would count every process of the
    user); in a ``fresh`` process (a game's own child) the CPU seconds of the game, hard;
    what was set, for the parent to report."""
    try:
        import resource
    except ImportError:                 # Windows: the parent's time and output limits only
        return {"memory": False, "cpu": False, "processes": False, "file size": False}
    enforced = {"memory": False, "cpu": hasattr(resource, "RLIMIT_CPU"),
                "processes": False, "file size": False}
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))   # a CPU-limit kill leaves no core file
    memory = limits.get("memory_mb")
    if memory:
        enforced["memory"] = _set(resource, "RLIMIT_AS", int(memory) * 2**20)
    processes = limits.get("processes")
    if processes and jailed and os.geteuid() != 0:      # root ignores RLIMIT_NPROC
        enforced["processes"] = _set(resource, "RLIMIT_NPROC", int(processes))
    file_mb = limits.get("file_mb")
    if file_mb:
        enforced["file size"] = _set(resource, "RLIMIT_FSIZE", int(file_mb) * 2**20)
    if fresh and limits.get("cpu_time") and enforced["cpu"]:
        enforced["cpu"] = _hard_cpu_limit(resource, limits["cpu_time"])
    return enforced


def _soft_cpu(seconds) -> int:
    """Whole CPU seconds of a game's soft limit (RLIMIT_CPU counts whole seconds)."""
    import math

    return max(1, math.ceil(float(seconds)))


def _hard_cpu_limit(resource, seconds) -> bool:
    """A new process's CPU seconds: ``SIGXCPU`` at ``seconds`` (rounded up), ``SIGKILL``
    one second later whatever the process does (the hard limit it cannot raise)."""
    soft = _soft_cpu(seconds)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    if hard != resource.RLIM_INFINITY and hard < soft + 1:
        return False
    try:
        resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 1))
    except (ValueError, OSError):
        return False
    return True


def _set(resource, name: str, value: int) -> bool:
    """Lower the limit ``name`` to ``value`` (soft and hard); False where the OS refuses."""
    which = getattr(resource, name, None)
    if which is None:
        return False
    _, hard = resource.getrlimit(which)
    if hard != resource.RLIM_INFINITY:
        value = min(value, hard)
    try:
        resource.setrlimit(which, (value, value))
    except (ValueError, OSError):       # macOS refuses RLIMIT_AS below its current size
        return False
    return True


def _cpu_limit_for_next_game(seconds) -> None:
    """Let this game use ``seconds`` more CPU seconds (RLIMIT_CPU's soft limit; SIGXCPU
    ends the process past it)."""
    if not seconds:
        return
    try:
        import math
        import resource
    except ImportError:
        return
    used = resource.getrusage(resource.RUSAGE_SELF)
    total = used.ru_utime + used.ru_stime + float(seconds)
    _, hard = resource.getrlimit(resource.RLIMIT_CPU)
    soft = math.ceil(total)
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


class Worker:
    """One agent's games, one request at a time (the code that runs the agent)."""

    def __init__(self, config: dict, per_game_cpu: bool = True):
        from qsearch.league.agent_file import AgentSpec

        self.spec = AgentSpec.from_dict(config["agent"])
        self.limits = config.get("limits", {})
        self.state = None
        self.choose = None
        self.per_game_cpu = per_game_cpu    # False: a process of its own per game did it

    def new_game(self, msg: dict) -> dict:
        from qsearch.league.agent_file import AgentError, load_chooser
        from qsearch.league.schedule import GameSpec

        self.choose = None
        try:
            self.state = GameSpec.from_dict(msg["game"]).start(msg["opening"])
        except Exception as err:        # the league's mistake, not the agent's
            return {"fatal": f"cannot set up the game here: {err!r}"}
        if self.per_game_cpu:
            _cpu_limit_for_next_game(self.limits.get("cpu_time"))
        try:
            self.choose = load_chooser(self.spec, msg["player"], msg["seed"], msg["move_time"])
        except AgentError as err:
            return {"error": err.reason, "detail": err.detail}
        return {"ok": True}

    def move(self, msg: dict) -> dict:
        from qsearch.league.agent_file import AgentError, call_choose

        if self.choose is None or self.state is None:
            return {"fatal": "a move was asked before a game was set up"}
        try:
            for action in msg["actions"]:
                self.state.apply_action(action)
        except Exception as err:
            return {"fatal": f"the game's actions do not replay here: {err!r}"}
        try:
            return {"action": call_choose(self.choose, self.state.clone())}
        except AgentError as err:
            return {"error": err.reason, "detail": err.detail}

    def handle(self, msg: dict) -> dict:
        """The answer to one request."""
        op = msg.get("op")
        if op == "new_game":
            return self.new_game(msg)
        if op == "move":
            return self.move(msg)
        return {"fatal": f"unknown request {op!r}"}


# ------------------------------------------------------------------ the child (the agent)
def _child(sock: socket.socket, config: dict) -> None:
    """The forked child: limits, then serve the supervisor's requests until the end."""
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)     # past the file limit: an OSError
    channel = sock.makefile("rw", encoding="utf-8", buffering=1)
    worker = Worker(config, per_game_cpu=False)
    for line in channel:
        reply = worker.handle(json.loads(line))
        sys.stdout.flush()
        channel.write(json.dumps(reply) + "\n")
    os._exit(0)


# ------------------------------------------------------------------ the supervisor
def _not_dumpable() -> None:
    """Linux: no other process of this user may read this one's memory or descriptors
    through /proc, or trace it (prctl PR_SET_DUMPABLE 0)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(4, 0, 0, 0, 0)     # PR_SET_DUMPABLE
    except (OSError, AttributeError):
        pass


def _first_for_the_oom_killer() -> None:
    """Linux: past the jail's memory cgroup limit, the kernel ends the agent's process (and
    what it forks) before the supervisor."""
    try:
        with open("/proc/self/oom_score_adj", "w") as adj:
            adj.write("1000")
    except OSError:
        pass


def _child_died(status: int, cpu_time, used: float = 0.0) -> dict:
    """The answer for a child that ended with wait status ``status`` after ``used`` CPU
    seconds (a SIGKILL past the soft limit is the hard limit's)."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number == getattr(signal, "SIGXCPU", None) or (
                number == signal.SIGKILL and cpu_time and used >= _soft_cpu(cpu_time)):
            return {"error": "cpu", "detail": f"used more than {cpu_time:g} CPU seconds in "
                    "one game (SIGXCPU)"}
        try:
            how = f"signal {signal.Signals(number).name}"
        except ValueError:
            how = f"signal {number}"
    else:
        how = f"exit status {os.WEXITSTATUS(status)}"
    return {"error": "crash", "detail": f"the process ended ({how})"}


class Supervisor:
    """Holds the league's pipes; runs the agent in a forked child and checks its answers."""

    def __init__(self, config: dict, jailed: bool):
        self.config, self.jailed = config, jailed
        self.limits = config.get("limits", {})
        self.pid = None
        self.channel = None

    def start_child(self) -> None:
        """Fork the child that runs the agent (the league's pipes closed in it)."""
        ours, theirs = socket.socketpair()
        pid = os.fork()
        if pid == 0:                    # the child
            try:
                ours.close()
                for fd in self.config.get("_close", ()):
                    os.close(fd)
                if sys.platform.startswith("linux"):
                    import ctypes

                    ctypes.CDLL(None).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
                    _first_for_the_oom_killer()
                _apply_limits(self.limits, self.jailed, fresh=True)
                _child(theirs, self.config)
            finally:
                os._exit(70)
        theirs.close()
        self.pid = pid
        self.channel = ours.makefile("rwb", buffering=0)
        self._sock = ours

    def limits_report(self) -> dict:
        """The limits the OS lets a child set (asked of a short-lived child)."""
        pid = os.fork()
        if pid == 0:
            code = 255
            try:
                enforced = _apply_limits(self.limits, self.jailed, fresh=True)
                code = sum(1 << k for k, v in enumerate(enforced.values()) if v)
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 255
        names = ("memory", "cpu", "processes", "file size")
        return {name: code != 255 and bool(code >> k & 1) for k, name in enumerate(names)}

    def handle(self, msg: dict) -> dict:
        """Forward one request to the child and check its answer."""
        op = msg.get("op")
        if op == "new_game":
            check = self._check_game(msg)
            if check is not None:
                return check
            self._end_child()           # each game a fresh child: a fresh CPU limit
        if self.pid is None:
            if op != "new_game":
                return {"fatal": "a move was asked before a game was set up"}
            self.start_child()
        self._signal_all(signal.SIGCONT)
        reply = self._ask(msg)
        if "error" in reply and reply["error"] in ("protocol", "crash", "cpu"):
            self._end_child()
        else:
            self._signal_all(signal.SIGSTOP)
            self._wait_stopped()
        return reply

    def _check_game(self, msg: dict) -> dict | None:
        """The game must set up here, before the agent's code can touch the modules."""
        from qsearch.league.schedule import GameSpec

        try:
            GameSpec.from_dict(msg["game"]).start(msg["opening"])
        except Exception as err:
            return {"fatal": f"cannot set up the game here: {err!r}"}
        return None

    def _ask(self, msg: dict) -> dict:
        try:
            self.channel.write((json.dumps(msg) + "\n").encode())
        except OSError:
            pass                        # it died: reading says how
        line = self._read_line()
        if line is None:
            return self._reap()
        return _checked(line, msg.get("op"))

    def _read_line(self) -> bytes | None:
        """One line of the child (at most ANSWER_BYTES), None at its end."""
        data = bytearray()
        while len(data) <= ANSWER_BYTES:
            try:
                chunk = self._sock.recv(4096, socket.MSG_PEEK)
            except OSError:
                chunk = b""
            if not chunk:
                return None if not data else bytes(data)
            end = chunk.find(b"\n")
            take = len(chunk) if end < 0 else end + 1
            data += self._sock.recv(take)
            if end >= 0:
                return bytes(data)
        return bytes(data)

    def _reap(self) -> dict:
        """The child's end (it closed its socket or died)."""
        pid, self.pid = self.pid, None
        self._close_channel()
        if pid is None:
            return {"error": "crash", "detail": "the process ended"}
        try:
            os.kill(pid, signal.SIGCONT)
        except OSError:
            pass
        _, status, usage = os.wait4(pid, 0)
        self._kill_leftovers()
        return _child_died(status, self.limits.get("cpu_time") or 0,
                           usage.ru_utime + usage.ru_stime)

    def _end_child(self) -> None:
        pid, self.pid = self.pid, None
        self._close_channel()
        if pid is not None:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass
        if self.jailed:
            self._kill_leftovers()

    def _close_channel(self) -> None:
        if self.channel is not None:
            self.channel.close()
            self._sock.close()
            self.channel = None

    def _signal_all(self, sig) -> None:
        """Stop or continue the agent: every process of the jail (PID namespace) but this
        one, or the child alone outside a jail."""
        if self.pid is None:
            return
        try:
            if self.jailed:
                os.kill(-1, sig)        # all we may signal in the namespace, not us or init
            else:
                os.kill(self.pid, sig)
        except OSError:
            pass

    def _wait_stopped(self) -> None:
        """Return once the child is stopped (or has ended: the next request says so)."""
        if self.pid is None:
            return
        try:
            os.waitpid(self.pid, os.WUNTRACED)
        except ChildProcessError:
            pass

    def _kill_leftovers(self) -> None:
        """In a jail: kill every process but this one and the child (a game's leftovers)."""
        if not self.jailed:
            return
        keep = {1, os.getpid(), self.pid}
        for name in os.listdir("/proc"):
            if name.isdigit() and int(name) not in keep:
                try:
                    os.kill(int(name), signal.SIGKILL)      # the jail's init reaps them
                except OSError:
                    pass

    def close(self) -> None:
        self._end_child()


REPLIES = {"new_game": ("ok",), "move": ("action",)}


# The forfeits the agent's child itself reports (agent_file.AgentError while loading the file
# or calling choose); every other reason is measured by the worker or the league.
CHILD_REASONS = frozenset({"import error", "no choose", "exception", "memory", "malformed"})


def _checked(line: bytes, op) -> dict:
    """The child's answer if it is one line of JSON of the expected shape, else a
    ``"protocol"`` error (the child is then killed)."""

    def bad(why: str) -> dict:
        return {"error": "protocol", "detail": f"{why}: {line[:200]!r}"}

    if not line.endswith(b"\n"):
        return bad(f"an answer longer than {ANSWER_BYTES:,} bytes or cut")
    try:
        reply = json.loads(line)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return bad("an answer that is not JSON")
    if not isinstance(reply, dict):
        return bad("an answer that is not a JSON object")
    keys = set(reply)
    if keys == {"error", "detail"} and reply["error"] in CHILD_REASONS \
            and isinstance(reply["detail"], str):
        return reply
    if keys == {"error", "detail"}:
        # a timeout, a crash, a CPU or output limit is the supervisor's to see, never the
        # child's to say: a child claiming one is forging its answer
        return bad(f"an error the agent's process cannot report ({reply['error']!r})")
    if keys == {"fatal"} and isinstance(reply["fatal"], str):
        # the child could not build the game the supervisor just built: its modules were
        # changed by the agent's code
        return bad("the agent's process could not set up the game")
    if op == "new_game" and reply == {"ok": True}:
        return reply
    if op == "move" and keys == {"action"} and isinstance(reply["action"], int) \
            and not isinstance(reply["action"], bool):
        return reply
    return bad(f"an answer that is not one to {op!r}")


def _serve(requests, answers, handle) -> None:
    for line in requests:
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            msg = {"op": None}
        reply = handle(msg)
        sys.stdout.flush()
        answers.write(json.dumps(reply) + "\n")


def main(argv=None) -> int:
    """Serve the parent until its end of input."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m qsearch.league.worker")
    parser.add_argument("--requests", type=int, default=None)
    parser.add_argument("--answers", type=int, default=None)
    parser.add_argument("--jailed", action="store_true")
    args = parser.parse_args(argv)
    if args.requests is None:           # Windows: the protocol on standard input and output
        requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
        answers = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
        empty = os.open(os.devnull, os.O_RDONLY)
        os.dup2(empty, 0)               # input() in an agent reads nothing, not our protocol
        os.dup2(2, 1)                   # print() in an agent goes to the parent's meter
    else:
        requests = os.fdopen(args.requests, "r", encoding="utf-8")
        answers = os.fdopen(args.answers, "w", encoding="utf-8", buffering=1)
    config = json.loads(requests.readline() or "{}")
    for folder in reversed(config.get("sys_path", [])):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    for module in config.get("imports", []):
        __import__(module)              # a class's own game registers itself on import
    if not hasattr(os, "fork") or args.requests is None:
        enforced = _apply_limits(config.get("limits", {}))
        worker = Worker(config)
        answers.write(json.dumps({"ready": enforced}) + "\n")
        _serve(requests, answers, worker.handle)
        return 0
    _not_dumpable()
    config["_close"] = [requests.fileno(), answers.fileno()]
    supervisor = Supervisor(config, jailed=args.jailed)
    enforced = supervisor.limits_report()
    answers.write(json.dumps({"ready": enforced}) + "\n")
    try:
        _serve(requests, answers, supervisor.handle)
    finally:
        supervisor.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
