"""Pure-Python mode: qsearch without its compiled modules (qsearch/_mode.py).

Each check runs in a fresh interpreter: with ``QSEARCH_PURE=1``, with a copy of the package
whose extensions were never built (what ``pip install .`` without a compiler leaves), and with
one extension broken. In all three every public name exists, no extension module is loaded,
and the smoke test's facts hold (tic-tac-toe is a draw, Nim (1, 3, 5) a first-player win...).
"""
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import qsearch
from qsearch import _mode

ROOT = Path(__file__).resolve().parents[1]
SMOKE = ROOT / "scripts" / "wheel_smoke_test.py"

NO_EXTENSIONS = textwrap.dedent("""
    import sys
    loaded = [m for m, mod in list(sys.modules.items())
              if m.startswith("qsearch") and str(getattr(mod, "__file__", "")).endswith(
                  (".so", ".pyd"))]
    assert not loaded, loaded
""")

EVERY_NAME = textwrap.dedent("""
    import importlib, warnings
    import qsearch
    assert qsearch.compiled is False
    from qsearch import _mode
    for name in _mode.COMPILED_MODULES:
        module = importlib.import_module(name)
        assert module.__file__.endswith(".py"), module.__file__
    import qsearch.games, qsearch.search, qsearch.heuristics, qsearch.viz, qsearch.arena
    for package in (qsearch.games, qsearch.search):
        for name in package.__all__:
            assert getattr(package, name) is not None, name
""")


def run(code: str, env_extra=None, path=None, cwd=None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env.pop("QSEARCH_PURE", None)
    env.update(env_extra or {})
    if path is not None:
        env["PYTHONPATH"] = str(path)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, cwd=cwd or "/", timeout=600)


def test_the_list_of_compiled_modules_is_the_list_of_pyx_files():
    pyx = {".".join(p.relative_to(ROOT).with_suffix("").parts)
           for p in (ROOT / "qsearch").rglob("*.pyx")}
    assert set(_mode.COMPILED_MODULES) == pyx
    for name in _mode.COMPILED_MODULES:             # each has its stand-in beside it
        assert _mode.source_path(name, ".py").exists(), name


@pytest.mark.compiled
def test_this_build_is_compiled():
    # The test suite's own interpreter runs the compiled build (the CI builds it); pure mode
    # is checked in subprocesses below.
    assert qsearch.compiled and _mode.REASON == ""


@pytest.mark.slow
def test_qsearch_pure_runs_every_name_and_the_smoke_test_without_extensions():
    out = run(EVERY_NAME + NO_EXTENSIONS, {"QSEARCH_PURE": "1"})
    assert out.returncode == 0, out.stderr
    assert "pure-Python mode" not in out.stderr        # asked for: no warning
    smoke = subprocess.run([sys.executable, str(SMOKE), "--pure"], capture_output=True,
                           text=True, env={**os.environ, "QSEARCH_PURE": "1"}, cwd="/",
                           timeout=600)
    assert smoke.returncode == 0 and smoke.stdout.rstrip().endswith("ok"), smoke.stderr


def copy_of_package(tmp_path: Path, keep_extensions: bool) -> Path:
    ignore = ["*.c", "__pycache__"] + ([] if keep_extensions else ["*.so", "*.pyd"])
    shutil.copytree(ROOT / "qsearch", tmp_path / "qsearch",
                    ignore=shutil.ignore_patterns(*ignore))
    return tmp_path


@pytest.mark.slow
def test_a_copy_never_compiled_runs_pure_and_says_why(tmp_path):
    path = copy_of_package(tmp_path, keep_extensions=False)
    out = run(EVERY_NAME + NO_EXTENSIONS, path=path)
    assert out.returncode == 0, out.stderr
    assert "qsearch runs in pure-Python mode: the compiled modules are not built" in out.stderr
    assert "install a C compiler" in out.stderr
    assert out.stderr.count("pure-Python mode") == 1        # one warning


@pytest.mark.slow
def test_a_broken_extension_switches_everything_to_pure(tmp_path):
    path = copy_of_package(tmp_path, keep_extensions=True)
    broken = _mode.extension_path("qsearch.search.mcts")
    assert broken is not None
    (path / broken.relative_to(ROOT)).write_bytes(b"not a shared library")
    out = run(EVERY_NAME + NO_EXTENSIONS, path=path)
    assert out.returncode == 0, out.stderr
    assert "a compiled module does not import" in out.stderr
