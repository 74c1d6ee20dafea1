"""The agent's own process: ``python -m qsearch.league.worker``, driven by
:class:`qsearch.league.sandbox.Sandbox` over its standard input and output.

The protocol is one JSON object a line. The parent's first line configures the process
(``agent``, ``limits``, ``sys_path``); the worker answers ``{"ready": ...}`` with the limits the
OS let it set. Then, per game, ``{"op": "new_game", "game", "opening", "player", "seed",
"move_time"}`` (answer ``{"ok": true}`` or ``{"error": reason, "detail": ...}``) and, per move,
``{"op": "move", "actions": [...]}`` with the actions played since the agent last moved
(answer ``{"action": n}`` or an error). End of input ends the process.

Before the agent runs, the protocol's streams are moved out of its way: what the agent
prints goes to the parent's output meter (standard error), and its standard input is empty.
"""
from __future__ import annotations

import json
import os
import sys


def _apply_limits(limits: dict) -> dict:
    """Memory (address space) and core-dump limits where :mod:`resource` exists; what was
    set, for the parent to report."""
    try:
        import resource
    except ImportError:                 # Windows: the parent's time and output limits only
        return {"memory": False, "cpu": False}
    enforced = {"memory": False, "cpu": hasattr(resource, "RLIMIT_CPU")}
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))   # a CPU-limit kill leaves no core file
    memory = limits.get("memory_mb")
    if memory:
        size = int(memory) * 2**20
        try:
            resource.setrlimit(resource.RLIMIT_AS, (size, size))
            enforced["memory"] = True
        except (ValueError, OSError):   # macOS refuses RLIMIT_AS below its current size
            enforced["memory"] = False
    return enforced


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
    """One agent's games, one request at a time."""

    def __init__(self, config: dict):
        from qsearch.league.agent_file import AgentSpec

        self.spec = AgentSpec.from_dict(config["agent"])
        self.limits = config.get("limits", {})
        self.state = None
        self.choose = None

    def new_game(self, msg: dict) -> dict:
        from qsearch.league.agent_file import AgentError, load_chooser
        from qsearch.league.schedule import GameSpec

        self.choose = None
        try:
            self.state = GameSpec.from_dict(msg["game"]).start(msg["opening"])
        except Exception as err:        # the league's mistake, not the agent's
            return {"fatal": f"cannot set up the game here: {err!r}"}
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


def main() -> int:
    """Serve the parent until its end of input."""
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    answers = os.fdopen(os.dup(1), "w", encoding="utf-8", buffering=1)
    empty = os.open(os.devnull, os.O_RDONLY)
    os.dup2(empty, 0)                   # input() in an agent reads nothing, not our protocol
    os.dup2(2, 1)                       # print() in an agent goes to the parent's meter
    config = json.loads(requests.readline() or "{}")
    for folder in reversed(config.get("sys_path", [])):
        if folder not in sys.path:
            sys.path.insert(0, folder)
    enforced = _apply_limits(config.get("limits", {}))
    for module in config.get("imports", []):
        __import__(module)              # a class's own game registers itself on import
    worker = Worker(config)
    answers.write(json.dumps({"ready": enforced}) + "\n")
    for line in requests:
        msg = json.loads(line)
        op = msg.get("op")
        if op == "new_game":
            reply = worker.new_game(msg)
        elif op == "move":
            reply = worker.move(msg)
        else:
            reply = {"fatal": f"unknown request {op!r}"}
        sys.stdout.flush()
        answers.write(json.dumps(reply) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
