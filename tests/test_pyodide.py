"""qsearch in the browser's Python: the pure wheel inside Pyodide under Node.js, offline.

``tests/pyodide/run.sh`` builds the pure wheel from a clean copy of the sources, loads it into
Pyodide (the pinned npm package, with fetch switched off) and runs
``tests/pyodide/smoke_checks.py``, which asserts game-theoretic facts. Here its numbers are
also compared with the same checks run by the compiled engines in CPython: C on the one side,
pure Python compiled to WebAssembly on the other, the same nodes, traces and MCTS statistics.

The quick tests check in CPython (compiled and pure) that the core imports without numpy,
scipy and matplotlib, which Pyodide has only from its CDN, and the parts of the JupyterLite
site that ``lite/prepare.py`` makes (the Pyodide distribution, the lessons' copies).
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYODIDE_DIR = ROOT / "tests" / "pyodide"
RUN = PYODIDE_DIR / "run.sh"
CHECKS = PYODIDE_DIR / "smoke_checks.py"
TAG = "SMOKE_RESULTS "

needs_node = pytest.mark.skipif(
    shutil.which("node") is None or shutil.which("npm") is None,
    reason="Node.js and npm are needed to run Pyodide (apt-get install nodejs npm)")

# Refuses numpy, scipy and matplotlib, then imports the core the way a lesson does.
BLOCKED_CORE = f"""
import sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("numpy", "scipy", "matplotlib"):
            raise ImportError("refused in this test: " + name)
sys.meta_path.insert(0, Refuse())
sys.path.insert(0, {str(PYODIDE_DIR)!r})
import smoke_checks
smoke_checks.core_imports()
import qsearch
print("compiled" if qsearch.compiled else "pure")
"""


def results_of(stdout: str) -> dict:
    """The JSON on the smoke suite's ``SMOKE_RESULTS`` line."""
    lines = [line for line in stdout.splitlines() if line.startswith(TAG)]
    assert len(lines) == 1, f"no single {TAG.strip()} line in:\n{stdout[-3000:]}"
    return json.loads(lines[0][len(TAG):])


def run_python(code_or_file: list[str], pure: bool) -> subprocess.CompletedProcess:
    """Run Python (this interpreter) from outside the checkout, in pure mode or not."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("QSEARCH_PURE", None)
    if pure:
        env["QSEARCH_PURE"] = "1"
    return subprocess.run([sys.executable, *code_or_file], cwd=tempfile.gettempdir(), env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.mark.compiled
@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_core_imports_without_numpy_scipy_matplotlib(pure):
    done = run_python(["-c", BLOCKED_CORE], pure)
    assert done.returncode == 0, done.stderr[-3000:]
    import qsearch

    expected = "pure" if pure or not qsearch.compiled else "compiled"
    assert done.stdout.split()[-1] == expected, done.stdout


@pytest.fixture(scope="module")
def compiled_results() -> dict:
    """The smoke suite's numbers from the engines of this checkout in CPython."""
    done = run_python([str(CHECKS)], pure=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return results_of(done.stdout)


def run_pyodide(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(RUN), *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=900, env={**os.environ, "PYTHON": sys.executable})


@pytest.mark.slow
@needs_node
def test_pure_wheel_in_pyodide_matches_the_compiled_engines(compiled_results):
    done = run_pyodide()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "on emscripten" in done.stdout, done.stdout[-3000:]      # really WebAssembly
    in_pyodide = results_of(done.stdout)
    assert in_pyodide["compiled"] is False
    assert "skipped" not in in_pyodide["results"]["toy_tree_picture"]
    assert in_pyodide["results"] == compiled_results["results"]


@pytest.mark.slow
@needs_node
def test_a_failing_check_in_pyodide_fails_the_run(tmp_path):
    script = tmp_path / "fails.py"
    script.write_text("import qsearch\nassert qsearch.compiled, 'pure, as expected'\n")
    done = run_pyodide("--script", str(script))
    assert done.returncode != 0
    assert "AssertionError: pure, as expected" in done.stdout + done.stderr


# ------------------------------------------------------------------ the JupyterLite site's parts
def load_prepare():
    """lite/prepare.py (a script, not a package module)."""
    spec = importlib.util.spec_from_file_location("lite_prepare", ROOT / "lite" / "prepare.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def lock_entry(name: str, version: str, depends=(), file_name=None) -> dict:
    return {"name": name, "version": version, "depends": list(depends), "sha256": "0" * 64,
            "file_name": file_name or f"{name.replace('-', '_')}-{version}-py3-none-any.whl"}


FAKE_LOCK = {"info": {"python": "3.14.2"}, "packages": {
    "micropip": lock_entry("micropip", "0.11.1"),
    "ipython": lock_entry("ipython", "9.12.0", ["traitlets", "Pygments"]),
    "jedi": lock_entry("jedi", "0.19.2", ["parso"]),
    "parso": lock_entry("parso", "0.8.6"),
    "traitlets": lock_entry("traitlets", "5.14.3"),
    "pygments": lock_entry("Pygments", "2.20.0"),
    "numpy": lock_entry("numpy", "2.4.6",
                        file_name="numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl"),
}}


def test_the_kernel_closure_follows_dependencies_and_leaves_out_the_rest():
    prepare = load_prepare()
    names = [e["name"] for e in prepare.kernel_closure(FAKE_LOCK)]
    assert names == ["ipython", "jedi", "micropip", "parso", "Pygments", "traitlets"]


def test_the_kernel_closure_refuses_a_compiled_package():
    prepare = load_prepare()
    lock = json.loads(json.dumps(FAKE_LOCK))
    lock["packages"]["parso"]["file_name"] = "parso-0.8.6-cp314-cp314-pyemscripten_wasm32.whl"
    with pytest.raises(ValueError, match="not pure wheels.*parso"):
        prepare.kernel_closure(lock)


def fake_npm(tmp_path: Path, prepare) -> Path:
    npm = tmp_path / "npm"
    npm.mkdir()
    for name in prepare.NPM_FILES:
        (npm / name).write_text(json.dumps({"version": "314.0.6"}) if name == "package.json"
                                else name)
    (npm / "pyodide-lock.json").write_text(json.dumps(FAKE_LOCK))
    return npm


def test_the_distribution_serves_the_kernel_locally_and_the_rest_from_the_cdn(tmp_path):
    prepare = load_prepare()
    npm, wheels = fake_npm(tmp_path, prepare), tmp_path / "wheels"
    wheels.mkdir()
    for entry in prepare.kernel_closure(FAKE_LOCK):
        (wheels / entry["file_name"]).write_bytes(entry["name"].encode())
    out = tmp_path / "out"
    bundled = prepare.pyodide_dist(npm, wheels, out)
    lock = json.loads((out / "pyodide-lock.json").read_text())["packages"]
    assert len(bundled) == 6 and all((out / name).is_file() for name in bundled)
    parso = lock["parso"]
    assert parso["file_name"] == "parso-0.8.6-py3-none-any.whl"
    assert parso["sha256"] == hashlib.sha256(b"parso").hexdigest()
    assert lock["numpy"]["file_name"] == (
        "https://cdn.jsdelivr.net/pyodide/v314.0.6/full/"
        "numpy-2.4.6-cp314-cp314-pyemscripten_2026_0_wasm32.whl")
    assert lock["numpy"]["sha256"] == "0" * 64          # the CDN's file, the CDN's hash
    assert all((out / name).read_text() == name for name in prepare.NPM_FILES
               if name != "package.json")


def test_the_distribution_names_a_missing_kernel_wheel(tmp_path):
    prepare = load_prepare()
    npm, wheels = fake_npm(tmp_path, prepare), tmp_path / "wheels"
    wheels.mkdir()
    (wheels / "jedi-0.19.1-py2.py3-none-any.whl").write_bytes(b"an older jedi")
    with pytest.raises(ValueError, match="no wheel of .* in"):
        prepare.pyodide_dist(npm, wheels, tmp_path / "out")


def test_a_site_notebook_opens_with_the_install_cell_and_keeps_the_lesson(tmp_path):
    prepare = load_prepare()
    source = ROOT / "notebooks" / "01_minimax_and_alphabeta.ipynb"
    prepare.contents(tmp_path, [source])
    site, lesson = (json.loads(p.read_text()) for p in (tmp_path / source.name, source))
    first = "".join(site["cells"][0]["source"])
    assert "%pip install -q --no-deps qsearch" in first and "ipywidgets graphviz" in first
    assert site["cells"][1:] == lesson["cells"]
    with pytest.raises(ValueError, match="not a notebook"):
        prepare.contents(tmp_path, [ROOT / "README.md"])


def test_a_spanish_site_lesson_goes_under_es_with_the_catalogue_its_language_cell_reads(
        tmp_path):
    prepare = load_prepare()
    notebooks = ROOT / "notebooks"
    source = notebooks / "es" / "01_minimax_and_alphabeta.ipynb"
    prepare.contents(tmp_path, [source], {"es/01_minimax_and_alphabeta": ["chess"]}, notebooks)
    site = json.loads((tmp_path / "es" / source.name).read_text())
    assert "ipywidgets graphviz chess" in "".join(site["cells"][0]["source"])
    language = "".join(site["cells"][1]["source"])       # after the install cell
    catalogue = language.split('lesson="')[1].split('"')[0]
    assert (tmp_path / "es" / catalogue).read_bytes() == (notebooks / "es" / catalogue).read_bytes()


def test_a_folder_a_lesson_reads_is_copied_to_the_same_place_and_is_not_a_package(tmp_path):
    prepare = load_prepare()
    repo = tmp_path / "repo"
    (repo / "notebooks").mkdir(parents=True)
    (repo / "benchmarks" / "tournaments" / "ablation").mkdir(parents=True)
    (repo / "benchmarks" / "tournaments" / "4.3.jsonl").write_text("records\n")
    (repo / "benchmarks" / "tournaments" / "ablation" / "run.log").write_text("log\n")
    lesson = repo / "notebooks" / "07_tournaments.ipynb"
    lesson.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                  "nbformat_minor": 5}))
    listing = tmp_path / "lessons.txt"
    listing.write_text("# comment\n07_tournaments chess benchmarks/tournaments/\n")
    lessons = prepare.read_lessons(listing)
    assert prepare.packages(lessons["07_tournaments"]) == ["chess"]
    assert prepare.folders(lessons["07_tournaments"]) == ["benchmarks/tournaments/"]
    out = tmp_path / "site"
    prepare.contents(out, [lesson], lessons, repo / "notebooks")
    install = "".join(json.loads((out / lesson.name).read_text())["cells"][0]["source"])
    assert "graphviz chess\n" in install
    archive = out / "lesson_data" / "benchmarks_tournaments.zip"
    with zipfile.ZipFile(archive) as z:
        assert sorted(z.namelist()) == ["benchmarks/tournaments/4.3.jsonl",
                                        "benchmarks/tournaments/ablation/run.log"]
    first = archive.read_bytes()
    prepare.contents(out, [lesson], lessons, repo / "notebooks")
    assert archive.read_bytes() == first                # the same files, the same archive
    # the install cell, run from a lesson's folder, unpacks the folder at the root it is given
    kernel_root = tmp_path / "kernel"
    code = install.split("%pip install -q --no-deps qsearch", 1)[1]
    assert 'extractall("/")' in code
    cwd = os.getcwd()
    try:
        os.chdir(out)
        exec(code.replace('extractall("/")', f'extractall({str(kernel_root)!r})'), {})
    finally:
        os.chdir(cwd)
    assert (kernel_root / "benchmarks" / "tournaments" / "4.3.jsonl").read_text() == "records\n"
    listing.write_text("07_tournaments benchmarks/missing/\n")
    with pytest.raises(ValueError, match="not a folder of"):
        prepare.contents(out, [lesson], prepare.read_lessons(listing), repo / "notebooks")
    for outside in ("../secrets/", "/etc/"):
        listing.write_text(f"07_tournaments {outside}\n")
        with pytest.raises(ValueError, match="a relative path inside it"):
            prepare.read_lessons(listing)


@pytest.mark.slow
@needs_node
def test_the_pinned_pyodide_kernel_needs_only_pure_wheels():
    if not (PYODIDE_DIR / "node_modules" / "pyodide").is_dir():    # as run.sh installs it
        subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"],
                       cwd=PYODIDE_DIR, check=True, capture_output=True, timeout=600)
    prepare = load_prepare()
    text = prepare.kernel_requirements(PYODIDE_DIR / "node_modules" / "pyodide" /
                                       "pyodide-lock.json")
    names = {line.split("==")[0].lower() for line in text.splitlines()}
    assert {"micropip", "ipython", "jedi", "traitlets"} <= names
