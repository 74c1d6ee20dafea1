"""Agents of a class league: a Python file, a notebook function, or one of the course's bots.

The contract (``docs/LEAGUE.md``): a file defines ``choose(state)`` returning a legal action,
or a class ``Agent`` with ``choose(state)`` and an optional ``new_game(player)``; optional
module-level ``NAME`` and ``AUTHOR`` strings. Before the file runs, the league puts ``SEED``
(this game's seed for this agent) and ``MOVE_TIME`` (seconds a move) in its namespace and
seeds :mod:`random` with ``SEED``; the file runs afresh for every game, so module-level
memory lasts one game.

The parent process never runs an agent's code: :func:`read_agent` reads ``NAME`` and
``AUTHOR`` with :mod:`ast`. :func:`load_chooser` runs it, in the agent's own process
(:mod:`qsearch.league.worker`) or in this one (:class:`~qsearch.league.sandbox.InProcessAgent`,
for trusted code).
"""
from __future__ import annotations

import ast
import collections
import dis
import hashlib
import importlib
import inspect
import os
import random
import re
import stat
import sys
import tempfile
import textwrap
import traceback
import types
import unicodedata
import warnings
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from qsearch.league import display

KINDS = ("file", "player")
EXCERPT = 1500          # characters of a traceback kept in a record
HERE = Path(__file__).resolve().parent


class AgentError(Exception):
    """An agent lost a game by its own doing: ``reason`` (see :data:`REASONS`) and ``detail``
    (a message or the end of a traceback)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


# Why an agent lost a game without finishing it (the leaderboard counts each).
REASONS = {
    "timeout": "no move within the time limit (the process is killed)",
    "import error": "the file raised an exception while it ran (a syntax error, a bad import)",
    "import timeout": "the file (or new_game) ran past the load time limit",
    "no choose": "the file defines neither choose(state) nor a class Agent with choose",
    "exception": "choose or new_game raised an exception",
    "memory": "choose or new_game ran out of memory (MemoryError under the memory limit)",
    "illegal": "choose returned an action that is not legal in the position",
    "malformed": "choose returned something that is not an int action",
    "flood": "the agent printed more than the output limit",
    "crash": "the agent's process died (os._exit, a segfault, a kill)",
    "cpu": "the agent's process used up its CPU-time limit",
    "protocol": "the agent's process broke the league's protocol (an answer that is not one "
                "line of JSON of the expected shape); the process is killed",
}


@dataclass(frozen=True)
class AgentSpec:
    """One entry of a league.

    ``id``: the key in the records (a file's stem; unique in a league); ``name`` and
    ``author``: what the leaderboard shows; ``kind``: ``"file"`` (``target`` is the path of an
    agent file) or ``"player"`` (``target`` is ``"module:callable"``, a factory of an
    :mod:`qsearch.arena` player ``(state, rng) -> action``, called with ``args``);
    ``digest``: sha256 of the file (or of the target), so records of an older file are not
    reused; ``fixed``: one of the course's own bots.
    """

    id: str
    name: str
    author: str
    kind: str
    target: str
    digest: str
    args: tuple = ()
    fixed: bool = False

    def to_dict(self) -> dict:
        """A JSON-able form (the worker protocol, the records' agent list)."""
        out = asdict(self)
        out["args"] = list(self.args)
        return out

    @classmethod
    def from_dict(cls, data: dict) -> AgentSpec:
        """The spec :meth:`to_dict` wrote."""
        return cls(**{**data, "args": tuple(data.get("args", ()))})


def _literal_strings(tree: ast.Module) -> dict[str, str]:
    """Module-level ``NAME = "..."`` style assignments of string constants."""
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) \
                and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


def read_agent(path, agent_id: str | None = None) -> AgentSpec:
    """The :class:`AgentSpec` of the agent file ``path``, without running it.

    ``NAME`` and ``AUTHOR`` are read when they are plain strings; a file that does not even
    parse still becomes an entry (it loses its games with reason ``"import error"``). A link
    is refused (:func:`read_own_file`).
    """
    path = Path(path)
    if path.suffix != ".py":
        raise ValueError(f"an agent file is a .py file, not {path}")
    data = read_own_file(path)
    try:
        names = _literal_strings(ast.parse(data, filename=str(path)))
    except (SyntaxError, ValueError):
        names = {}
    agent_id = agent_id or path.stem
    return AgentSpec(id=agent_id, name=names.get("NAME", agent_id).strip() or agent_id,
                     author=names.get("AUTHOR", "").strip(), kind="file",
                     target=str(path.resolve()), digest=hashlib.sha256(data).hexdigest())


def agents_in(directory) -> list[AgentSpec]:
    """Every agent file in ``directory`` (``*.py`` not starting with ``_`` or ``.``), by name."""
    directory = Path(directory)
    if not directory.is_dir():
        raise ValueError(f"{directory} is not a folder of agent files")
    files = sorted(p for p in directory.glob("*.py") if not p.name.startswith(("_", ".")))
    specs = []
    for p in files:
        try:
            specs.append(read_agent(p))
        except LinkedFile as err:
            warnings.warn(str(err), RuntimeWarning, stacklevel=2)
    return specs


class LinkedFile(ValueError):
    """A submission that is a link (symbolic or hard), refused: the league would read and
    play the file it points to (a teacher's private file, another student's agent)."""


def read_own_file(path) -> bytes:
    """The bytes of the agent file ``path``, a regular file of its own: a symbolic link or a
    file with other hard links is a :class:`LinkedFile` (a ValueError) and is not read; the
    file is opened without following a link swapped in after the check."""
    path = Path(path)
    shown = display.terminal(str(path))
    if path.is_symlink():
        raise LinkedFile(f"{shown} is a link (to {display.terminal(os.readlink(path))}): "
                         "refused; a submission must be a file of its own, not a link")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
    except FileNotFoundError:
        raise FileNotFoundError(f"no agent file at {shown}") from None
    except OSError as err:
        raise LinkedFile(f"{shown} cannot be opened as a file of its own ({err.strerror}): "
                         "refused") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(f.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise FileNotFoundError(f"no agent file at {shown} (not a regular file)")
        if info.st_nlink > 1:
            raise LinkedFile(f"{shown} has {info.st_nlink - 1} other hard links: refused; a "
                             "submission must be a file of its own, not a link")
        return f.read()


def name_key(name: str) -> str:
    """What two names that look the same share: shown on a terminal, NFKC, case-folded,
    without spaces or zero-width characters (``Ana``, ``ana `` and ``ａｎａ`` clash)."""
    text = unicodedata.normalize("NFKC", display.terminal(name)).casefold()
    return re.sub(r"[\s\u200b-\u200d\u2060]+", "", text)


def distinct_names(specs) -> list[AgentSpec]:
    """``specs`` with every ``NAME`` shared by two entries (or equal to another entry's id)
    shown as ``"NAME (id)"``: two students cannot take the same row's name; the id column
    of the leaderboard tells every entry apart anyway."""
    names = collections.Counter(name_key(s.name) for s in specs)
    ids = {name_key(s.id): s.id for s in specs}
    out = []
    for s in specs:
        key = name_key(s.name)
        if names[key] > 1 or ids.get(key, s.id) != s.id:
            s = replace(s, name=f"{s.name} ({s.id})")
        out.append(s)
    return out


def player_agent(target: str, *args, agent_id: str, name: str, author: str = "",
                 fixed: bool = True) -> AgentSpec:
    """An entry played by an importable :mod:`qsearch.arena` player factory
    (``"module:callable"``, called with ``args``): the course's own bots."""
    module, _, attr = target.partition(":")
    if not module or not attr:
        raise ValueError(f"a player target is 'module:callable', not {target!r}")
    digest = hashlib.sha256(f"{target}{args!r}".encode()).hexdigest()
    return AgentSpec(id=agent_id, name=name, author=author, kind="player", target=target,
                     digest=digest, args=tuple(args), fixed=fixed)


def course_agents(game: str) -> list[AgentSpec]:
    """The course's own bots for ``game`` as fixed opponents: for ParCheckers, document
    004's agents 0-3 (:mod:`qsearch.arena.parcheckers_agents`); a ValueError elsewhere."""
    if game != "parcheckers":
        raise ValueError(f"the course's own agents exist for parcheckers (document 004), "
                         f"not {game!r}")
    from qsearch.arena.parcheckers_agents import agent

    return [player_agent("qsearch.arena.parcheckers_agents:agent", k, agent_id=f"course-{k}",
                         name=agent(k).name, author="document 004") for k in range(4)]


# --------------------------------------------------------------------- notebook functions
def agent_from_function(function, directory=None, *, name: str | None = None,
                        author: str = "") -> AgentSpec:
    """Write ``function`` (a ``choose(state)`` defined in a notebook or a script) as an agent
    file in ``directory`` (a new temporary folder by default) and return its entry.

    A spawned process cannot see a notebook's functions, so the function crosses as source
    code: its own source, plus every global it uses that can be written down (modules, other
    plain functions of the notebook, numbers, strings and tuples/lists/dicts of them). A
    TypeError names a global that cannot (an object of a class defined in the notebook, for
    instance: define it inside the function, or in a module the function imports).
    """
    if not isinstance(function, types.FunctionType):
        raise TypeError(f"an agent function is a plain def function, not {function!r}")
    fname = function.__name__
    if fname == "<lambda>":
        raise TypeError("a lambda cannot become an agent file: write def choose(state): ...")
    parts = _function_parts(function, seen=set())
    directory = Path(directory) if directory is not None else \
        Path(tempfile.mkdtemp(prefix="qsearch-league-"))
    directory.mkdir(parents=True, exist_ok=True)
    header = [f'"""Agent written by qsearch.league.agent_from_function from {fname}()."""',
              f"NAME = {(name or fname)!r}", f"AUTHOR = {author!r}", ""]
    body = parts + ([] if fname == "choose" else [f"choose = {fname}", ""])
    path = directory / f"{fname}.py"
    path.write_text("\n".join(header + body))
    return read_agent(path)


def _function_parts(function, seen: set) -> list[str]:
    """Import lines, constants and sources needed by ``function``, its own source last."""
    if function.__closure__:
        raise TypeError(f"{function.__name__} is defined inside another function (it has a "
                        "closure): define it at the top level of the notebook")
    try:
        source = textwrap.dedent(inspect.getsource(function))
    except (OSError, TypeError) as err:
        raise TypeError(f"the source of {function.__name__} is not available ({err}): "
                        "write it in a file instead") from None
    if source.lstrip().startswith("@"):
        raise TypeError(f"{function.__name__} is decorated: an agent function is a plain def")
    seen.add(function.__name__)
    lines: list[str] = []
    for global_name in sorted(_global_names(function.__code__)):
        if global_name in seen or global_name not in function.__globals__:
            continue                # a builtin, or a function already written
        value = function.__globals__[global_name]
        lines += _global_line(global_name, value, function, seen)
    return lines + [source]


def _global_names(code) -> set[str]:
    """The global names ``code`` (and the code nested in it) reads."""
    names = {ins.argval for ins in dis.get_instructions(code)
             if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME")}
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names |= _global_names(const)
    return names


def _global_line(name: str, value, function, seen: set) -> list[str]:
    if isinstance(value, types.ModuleType):
        module = value.__name__
        return [f"import {module}" if module == name else f"import {module} as {name}"]
    if isinstance(value, types.FunctionType) and value.__globals__ is function.__globals__:
        seen.add(name)                  # another function of the same notebook: its source
        return _function_parts(value, seen) + [""]
    module = getattr(value, "__module__", None)
    qualname = getattr(value, "__qualname__", None)
    if module and qualname and module != "__main__" and "<" not in qualname \
            and isinstance(value, (type, types.FunctionType, types.BuiltinFunctionType)):
        if "." in qualname:
            raise TypeError(f"{function.__name__} uses {name} ({module}.{qualname}), which "
                            "cannot be imported by name: import its module inside the function")
        return [f"from {module} import {qualname}" +
                ("" if qualname == name else f" as {name}")]
    if _plain_data(value):
        return [f"{name} = {value!r}"]
    raise TypeError(f"{function.__name__} uses the global {name!r} (a {type(value).__name__}), "
                    "which cannot be written into an agent file: define it inside the "
                    "function, or in a module the function imports")


def _plain_data(value, depth: int = 0) -> bool:
    if depth > 20:
        return False
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return True
    if isinstance(value, (tuple, list, frozenset, set)):
        return all(_plain_data(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(_plain_data(k, depth + 1) and _plain_data(v, depth + 1)
                   for k, v in value.items())
    return False


# ------------------------------------------------------------------- running an agent
def excerpt(text: str, limit: int = EXCERPT) -> str:
    """The end of ``text`` (where a traceback names the error), at most ``limit`` characters."""
    text = text.rstrip()
    return text if len(text) <= limit else "..." + text[-limit:]


def _agent_traceback(err: BaseException) -> str:
    """The traceback from the agent's first frame on (the league's own frames left out)."""
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None \
            and Path(tb.tb_frame.f_code.co_filename).parent == HERE:
        tb = tb.tb_next
    return excerpt("".join(traceback.format_exception(type(err), err, tb)))


def load_chooser(spec: AgentSpec, player: int, seed: int, move_time: float):
    """Run ``spec``'s file afresh (or build its player) for one game as seat ``player``;
    return ``choose(state) -> action``. An :class:`AgentError` says why it cannot play
    (``"import error"``, ``"no choose"``, ``"exception"`` in ``new_game``, ``"memory"``).
    This runs the agent's code: call it in the agent's own process."""
    random.seed(seed)
    _seed_numpy(seed)
    if spec.kind == "player":
        return _player_chooser(spec, seed)
    if spec.kind != "file":
        raise ValueError(f"unknown agent kind {spec.kind!r}; one of {KINDS}")
    path = Path(spec.target)
    module = types.ModuleType("league_agent")
    module.__file__ = str(path)
    module.SEED, module.MOVE_TIME = seed, move_time
    folder = str(path.parent)
    if folder not in sys.path:
        # the agent may import its own helper modules (``_*``), found after every installed
        # one: a ``numpy.py`` beside it shadows nothing (issue 42)
        sys.path.append(folder)
    sys.modules["league_agent"] = module
    data = path.read_bytes()
    if hashlib.sha256(data).hexdigest() != spec.digest:
        raise AgentError("import error", f"the file changed since the league read it (its "
                         f"sha256 is not {spec.digest[:12]}...): the records would not say "
                         "which file played")
    try:
        code = compile(data, str(path), "exec")
        exec(code, module.__dict__)
    except MemoryError as err:
        raise AgentError("memory", _agent_traceback(err)) from None
    except (Exception, SystemExit) as err:   # sys.exit() must not end the process
        raise AgentError("import error", _agent_traceback(err)) from None
    return _chooser_of(module, player)


def _chooser_of(module, player: int):
    agent_class = getattr(module, "Agent", None)
    if isinstance(agent_class, type):
        try:
            agent = agent_class()
        except (Exception, SystemExit) as err:
            raise AgentError(_error_reason(err), _agent_traceback(err)) from None
        owner = agent
    else:
        owner = module
    choose = getattr(owner, "choose", None)
    if not callable(choose):
        defined = sorted(n for n in vars(module) if not n.startswith("_")
                         and n not in ("SEED", "MOVE_TIME"))
        where = "class Agent has no choose(state) method" if owner is not module else \
            "the file defines neither choose(state) nor a class Agent"
        raise AgentError("no choose", f"{where}; it defines: {', '.join(defined) or 'nothing'}")
    new_game = getattr(owner, "new_game", None)
    if callable(new_game):
        try:
            new_game(player)
        except (Exception, SystemExit) as err:
            raise AgentError(_error_reason(err), _agent_traceback(err)) from None
    return choose


def _player_chooser(spec: AgentSpec, seed: int):
    module_name, _, attr = spec.target.partition(":")
    factory = getattr(importlib.import_module(module_name), attr)
    player = factory(*spec.args)
    if hasattr(player, "reset"):
        player.reset()
    rng = random.Random(seed)
    return lambda state: player(state, rng)


def _seed_numpy(seed: int) -> None:
    numpy = sys.modules.get("numpy")
    if numpy is not None:
        numpy.random.seed(seed % 2**32)


def _error_reason(err: BaseException) -> str:
    return "memory" if isinstance(err, MemoryError) else "exception"


def check_choice(value):
    """``value`` as an int action, or an :class:`AgentError` ``"malformed"`` (a bool, a
    float, a string, None, ... are not actions)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise AgentError("malformed", f"choose returned {_short_repr(value)} "
                         f"({type(value).__name__}), not an int action")
    return int(value.__index__())


def _short_repr(value, limit: int = 200) -> str:
    try:
        text = repr(value)
    except Exception:               # a broken __repr__ is the agent's mistake, not ours
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[:limit] + "..."


def call_choose(choose, state):
    """``choose(state)`` checked: an int action, or an :class:`AgentError`."""
    try:
        value = choose(state)
    except MemoryError as err:
        raise AgentError("memory", _agent_traceback(err)) from None
    except (Exception, SystemExit) as err:
        raise AgentError("exception", _agent_traceback(err)) from None
    return check_choice(value)
