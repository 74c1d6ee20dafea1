"""Compiled or pure Python: which implementation of the engines, heuristics and searches runs.

Each compiled module (``qsearch/games/connect4.pyx`` and 25 more) has a plain-Python stand-in
of the same name beside it (``qsearch/games/connect4.py``) with the same public names, built
from the readable twins in :mod:`qsearch.reference`. Python's import system prefers a built
extension to a ``.py`` file, so:

* every extension built and importable: the compiled modules run (``qsearch.compiled`` is
  True);
* ``QSEARCH_PURE=1``, or an extension missing (no C compiler at install time) or failing to
  import: every compiled module is replaced by its stand-in (a finder placed first on
  ``sys.meta_path`` picks the ``.py`` files), ``qsearch.compiled`` is False and one warning
  says why and how to get the compiled build. Never a mix of the two.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path

from qsearch.core.game_entries import compiled_modules

PACKAGE_DIR = Path(__file__).resolve().parent

# The compiled modules, each with a pure stand-in: the shared ones and each game's, read from
# the games' entries (plain data: no game is imported); tests check them against the .pyx files.
COMPILED_MODULES = compiled_modules()

HOW_TO_COMPILE = ("for the compiled build (5 to about 1,000 times faster: the table \"What the "
                  "no-install paths cost\" in qsearch's README) install a C compiler and the "
                  "Python headers and reinstall, or install a binary wheel")

COMPILED = True          # set by choose(); qsearch.compiled mirrors it
REASON = ""              # why the pure stand-ins run ("" when compiled)


def source_path(name: str, suffix: str) -> Path:
    """Where module ``name`` of this package lives with file ``suffix`` (``.py``, ``.so``...)."""
    parts = name.split(".")[1:]
    return PACKAGE_DIR.joinpath(*parts[:-1], parts[-1] + suffix)


def extension_path(name: str) -> Path | None:
    """The built extension of compiled module ``name``, or None if it is not built."""
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = source_path(name, suffix)
        if path.exists():
            return path
    return None


class PureFinder(importlib.abc.MetaPathFinder):
    """Imports the ``.py`` stand-in of every compiled module, built or not."""

    def find_spec(self, fullname, path=None, target=None):
        """The stand-in's spec; a ModuleNotFoundError naming the stand-in when it is missing."""
        if fullname not in COMPILED_MODULES:
            return None
        standin = source_path(fullname, ".py")
        if not standin.is_file():
            raise ModuleNotFoundError(f"pure-Python mode: compiled module {fullname} has no "
                                      f"stand-in {standin}", name=fullname)
        return importlib.util.spec_from_file_location(fullname, standin)


def pure_requested() -> bool:
    """True when the environment asks for the pure stand-ins (``QSEARCH_PURE=1``)."""
    return os.environ.get("QSEARCH_PURE", "").strip().lower() not in ("", "0", "false", "no")


def use_pure(reason: str, *, warn: bool = True) -> None:
    """Switch to the stand-ins (forgetting any compiled module already imported)."""
    global COMPILED, REASON
    COMPILED, REASON = False, reason
    if not any(isinstance(f, PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, PureFinder())
    for name in [n for n in sys.modules if n.startswith("qsearch.")]:
        if name not in ("qsearch._mode",) and not name.startswith("qsearch.core."):
            del sys.modules[name]
    if warn and not show_in_notebook(f"qsearch runs in pure-Python mode: {reason}"):
        warnings.warn(f"qsearch runs in pure-Python mode: {reason}; {HOW_TO_COMPILE}",
                      RuntimeWarning, stacklevel=4)


def show_in_notebook(notice: str) -> bool:
    """In a Jupyter kernel, show ``notice`` once under the cell that imported qsearch, as a
    note rather than a red stderr warning; False (nothing shown) anywhere else.

    The note is published as an update of an empty display: a student sees it in JupyterLab,
    Voila and a saved notebook, while nbval, which compares the outputs a cell publishes and
    not later updates, sees a cell with no output. So a lesson checked in pure-Python mode
    (``.ci/pure_lessons.sh``) passes with the same outputs as the compiled build.
    """
    ipython = sys.modules.get("IPython")     # imported already when a kernel runs us
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None or getattr(shell, "kernel", None) is None:
        return False
    from IPython.display import display
    handle = display({}, raw=True, display_id=True)
    text = f"{notice}. Every lesson runs, its searches more slowly; {HOW_TO_COMPILE}."
    handle.update({"text/plain": text, "text/markdown": f"*Note: {text}*"}, raw=True)
    return True


def choose() -> bool:
    """Decide compiled or pure once, at ``import qsearch``; returns ``COMPILED``."""
    if pure_requested():
        use_pure("QSEARCH_PURE is set", warn=False)
        return COMPILED
    missing = [n for n in COMPILED_MODULES if extension_path(n) is None]
    if len(missing) == len(COMPILED_MODULES):
        if sys.platform == "emscripten":      # Pyodide, JupyterLite: pure is the only way
            use_pure("in the browser (Pyodide) only the pure-Python build runs", warn=False)
            return COMPILED
        use_pure("the compiled modules are not built (no C compiler at install time?)")
        return COMPILED
    if missing:
        shown = ", ".join(n.split(".", 1)[1] for n in missing[:3])
        more = f" and {len(missing) - 3} more" if len(missing) > 3 else ""
        use_pure(f"some compiled modules are not built ({shown}{more} missing)")
        return COMPILED
    try:
        for name in COMPILED_MODULES:
            importlib.import_module(name)
    except ImportError as error:
        use_pure(f"a compiled module does not import ({error})")
    return COMPILED
