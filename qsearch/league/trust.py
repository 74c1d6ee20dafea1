"""The league's trust boundary (issue 42): what its own process may import.

Trusted: qsearch, the Python runtime and its site-packages, and the teacher's game module
(``--game-module``), which runs **unjailed, with the teacher's rights**, in the league's
process and in every agent's worker. Untrusted: everything in the submissions folder(s).

So the league's process (the CLI and :func:`~qsearch.league.run_league`) imports nothing from
a submissions folder or the game module's folder, whatever the current folder is and whatever
``python -m`` put first on ``sys.path``:

* :func:`trusted_path`: while a league runs, the ``sys.path`` entries that are those folders
  are taken out (``""``, ``"."`` and relative entries are read as the current folder; a
  folder inside one, such as a virtual environment's site-packages, stays: Python imports
  from a folder, not from the folders in it), the modules the league imports late
  (``choix``, ``tqdm``, ``matplotlib``) are imported then, and ``PYTHONSAFEPATH=1`` keeps
  the interpreters it starts (a process pool, the agents' workers) from putting their
  current folder first;
* ``python -m qsearch league`` drops the current folder Python put first on ``sys.path``
  before qsearch imports anything else (the first lines of ``qsearch/__init__.py``);
* :func:`game_module`: a game module given as a path is imported by path from a private copy,
  alone in a folder of its own at the end of ``sys.path`` (where the agents' workers import it
  by name): its own folder never goes on ``sys.path``.

What no package can stop: a ``qsearch.py`` (or a ``qsearch/`` folder) in the folder
``python -m qsearch`` starts in is run by Python instead of qsearch; Python 3.10 ignores
``PYTHONSAFEPATH`` (its pool's interpreters put the folder they start in first). Start the
league from another folder, or with the ``qsearch`` command, or ``python -P -m qsearch``.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

LATE_IMPORTS = ("choix", "tqdm.auto", "matplotlib.pyplot")
_COPIES: dict[str, str] = {}        # digest of a game module -> its private folder


def _entry_path(entry: str) -> str:
    """A ``sys.path`` entry as a real path (``""`` and relative entries: the current folder)."""
    return os.path.realpath(os.path.join(os.getcwd(), entry or "."))




def untrusted_folders(agents, game_module=None) -> list[str]:
    """The real paths of the folders a league's ``agents`` (folders, files, entries) come
    from, and of ``game_module``'s folder when it is a path."""
    from qsearch.league.agent_file import AgentSpec

    items = [agents] if isinstance(agents, (str, os.PathLike, AgentSpec)) else \
        list(agents or [])
    folders = []
    for item in items:
        if isinstance(item, AgentSpec):
            if item.kind == "file":
                folders.append(Path(item.target).parent)
        elif isinstance(item, (str, os.PathLike)):
            path = Path(item)
            folders.append(path if path.is_dir() else path.parent)
    if isinstance(game_module, str) and is_module_path(game_module):
        folders.append(Path(game_module).parent)
    return sorted({os.path.realpath(f) for f in folders})


@contextmanager
def trusted_path(folders):
    """While it runs: ``sys.path`` without ``folders``, the late imports done,
    ``PYTHONSAFEPATH=1``; all put back afterwards (an entry the run added for one of those
    folders taken out)."""
    folders = [os.path.realpath(f) for f in folders]
    removed = [(k, p) for k, p in enumerate(sys.path) if _entry_path(p) in folders]
    for k, _ in reversed(removed):
        del sys.path[k]
    safe = os.environ.get("PYTHONSAFEPATH")
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        if removed:
            late_imports()
        yield [p for _, p in removed]
    finally:
        # an entry the run added in those folders (an in-process agent's own) goes too
        sys.path[:] = [p for p in sys.path if _entry_path(p) not in folders]
        for k, p in removed:
            sys.path.insert(min(k, len(sys.path)), p)
        if safe is None:
            os.environ.pop("PYTHONSAFEPATH", None)
        else:
            os.environ["PYTHONSAFEPATH"] = safe


def late_imports() -> None:
    """Import now, from trusted folders only, what the league would import later."""
    import importlib

    for name in LATE_IMPORTS:
        try:
            importlib.import_module(name)
        except ImportError:
            pass                        # optional: the league says so when it needs one


def is_module_path(spec: str) -> bool:
    """Whether ``--game-module``'s ``spec`` is a path to a file (not a module name)."""
    return spec.endswith(".py") or os.sep in spec or "/" in spec


def game_module(spec: str | None) -> str | None:
    """The importable name of a game module: a module name as it is (imported from the
    trusted ``sys.path``; a name found only as ``NAME.py`` in the current folder is read as
    that path); a path imported by path from a private copy (see the module's docstring)."""
    from qsearch.games.registry import import_game_module

    if spec is None:
        return None
    if not isinstance(spec, str) or not spec.strip():
        raise TypeError(f"a game module is a module name or a path to a .py file, not {spec!r}")
    spec = spec.strip()
    if not is_module_path(spec):
        import importlib.util

        if spec.isidentifier() and importlib.util.find_spec(spec) is None \
                and os.path.isfile(spec + ".py"):
            spec += ".py"
        else:
            return import_game_module(spec)
    path = os.path.realpath(spec)
    stem = os.path.splitext(os.path.basename(path))[0]
    if not stem.isidentifier():
        raise ValueError(f"game module {spec!r}: the league's processes import it by name, "
                         f"and {stem!r} is not a Python name: rename the file")
    if not os.path.isfile(path):
        raise ValueError(f"game module {spec!r}: no such file")
    data = Path(path).read_bytes()
    key = hashlib.sha256(data + stem.encode()).hexdigest()
    if key not in _COPIES:
        folder = tempfile.mkdtemp(prefix="qsearch-game-")
        Path(folder, stem + ".py").write_bytes(data)
        _COPIES[key] = folder
        import atexit

        atexit.register(shutil.rmtree, folder, True)
    folder = _COPIES[key]
    if folder not in sys.path:
        sys.path.append(folder)         # last: it holds this one file and shadows nothing
    return import_game_module(os.path.join(folder, stem + ".py"))
