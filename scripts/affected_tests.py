"""Run only the tests a change touches: the test files and lessons whose imports reach a
changed file.

    python scripts/affected_tests.py                 # what the working tree changed (vs HEAD)
    python scripts/affected_tests.py --base main     # what this branch changed since main
    python scripts/affected_tests.py qsearch/games/pig.pyx --run -m "not slow"
    python scripts/affected_tests.py --explain       # why each test was picked

The selection follows the import graph, read from the sources without importing anything:
every ``import``/``cimport`` of a ``qsearch`` module in the package, the tests and the
lessons' code cells, and every ``"qsearch.x.y"`` or ``"qsearch.x.y:name"`` string (the
registry's lazily imported factories and drawings). A module's files are all of its
``.py``, ``.pyx`` and ``.pxd`` (a compiled module and its pure stand-in are one module).
A test file is picked when its closure reaches a changed file; a ``conftest.py`` or
``tests/helpers.py`` change picks what it serves. A changed file the graph cannot place
(``setup.py``, a data file no source names, the CI scripts) picks everything, and says so:
the selection never silently leaves a test out.
"""
from __future__ import annotations

import argparse
import ast
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "qsearch"
_CIMPORT = re.compile(r"^\s*(?:from\s+([\w.]+)\s+c?import|cimport\s+([\w.]+))", re.M)
_NAMED = re.compile(r"""["'](qsearch(?:\.\w+)+)(?::\w+)?["']""")
# Files that only describe the project: a change to them needs no test but tests/test_project.py,
# which checks the documents' commands and counts.
_DOCS = re.compile(r"(^docs/.*|^README\.md|^LICENSE|\.md$)")
_PROJECT_TESTS = ("tests/test_project.py",)
# A test whose text matches this walks every registered game (or every entry point), so it
# depends on every module the registry names.
_WALKS_ALL = re.compile(r"\bregistry\b|(?<![.\w])names\(|\bentries\b|\bgame_names\b|\ball_games\b"
                        r"|\bqsearch\.__main__\b|-m\s*qsearch|\"-m\", \"qsearch|\bcli\b")
EVERY_IMPORT = {"qsearch", "qsearch._mode", "qsearch._lazy"}


def module_files() -> dict[str, set[Path]]:
    """``{"qsearch.games.pig": {.../pig.py, .../pig.pyx, .../pig.pxd}, ...}``."""
    found: dict[str, set[Path]] = {}
    for path in (ROOT / PACKAGE).rglob("*"):
        if path.suffix not in (".py", ".pyx", ".pxd") or "__pycache__" in path.parts:
            continue
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found.setdefault(".".join(parts), set()).add(path)
    return found


def _resolve(name: str, level: int, importer: str, is_package: bool) -> str:
    if not level:
        return name
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[:len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


def imported_names(source: str, *, importer: str = "", is_package: bool = False,
                   python: bool = True) -> set[str]:
    """Every module name ``source`` imports or names in a ``"qsearch.x"`` string (with each
    ``from m import a`` also giving ``m.a``, in case ``a`` is a submodule)."""
    names: set[str] = {"?" + m.group(0)[1:-1] for m in _NAMED.finditer(source)}
    tree = None
    if python:
        try:
            tree = ast.parse(source)
        except SyntaxError:
            tree = None
    if tree is None:                        # Cython (or a cell with IPython magics)
        for match in _CIMPORT.finditer(source):
            names.add(_resolve((match.group(1) or match.group(2)).lstrip("."),
                               len(match.group(1) or "") - len((match.group(1) or "").lstrip(".")),
                               importer, is_package))
        for match in re.finditer(r"^\s*import\s+([\w.]+)", source, re.M):
            names.add(match.group(1))
        for match in re.finditer(r"^\s*from\s+([\w.]+)\s+import\s+\(?([\w ,]+)", source, re.M):
            for alias in match.group(2).split(","):
                if alias.strip():
                    names.add(f"{match.group(1)}.{alias.split()[0]}")
        return names
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(node.module or "", node.level, importer, is_package)
            names.add("~" + base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


class Graph:
    """The import graph of the package, the tests and the lessons.

    A package's ``__init__`` (and a lazy-export table) is a *hub*: passing through it to a
    name it re-exports (``from qsearch.games import Pig``) depends on that name's module
    only, not on everything the hub imports; ``import qsearch.games`` itself depends on all
    of it. The modules every import runs (``qsearch/__init__``, ``qsearch._mode``) pick
    every test when they change."""

    def __init__(self):
        self.modules = module_files()
        self.owner = {path: name for name, paths in self.modules.items() for path in paths}
        self.hubs = {name for name, paths in self.modules.items()
                     if any(p.stem == "__init__" for p in paths)}
        self._edges: dict[str, set[str]] = {}
        self._exports: dict[str, dict[str, str]] = {}
        for name, paths in self.modules.items():
            names: set[str] = set()
            for path in paths:
                text = path.read_text(encoding="utf-8", errors="replace")
                names |= imported_names(text, importer=name, is_package=path.stem == "__init__",
                                        python=path.suffix == ".py")
                if name in self.hubs and path.suffix == ".py":
                    self._exports[name] = _exports(text, name)
            # What every import runs picks every test when it changes (select()); its own
            # references (``_mode``'s list of compiled modules) are not a test's dependencies.
            self._edges[name] = set() if name in EVERY_IMPORT else names

    def _targets(self, name: str, mentions: frozenset | None = None) -> set[str]:
        """The modules a reference ``name`` depends on (see the class's docstring); a name
        in a string only when ``mentions`` (the words a test uses; None: every word) has it."""
        if name.startswith("?"):                   # "qsearch.games.pig:Pig", loaded by name
            module, _, attr = name[1:].partition(":")
            words = {module.rsplit(".", 1)[-1].lower(), attr.lower()} - {""}
            if mentions is not None and not words & mentions:
                return set()
            return self._targets(module)
        passthrough = name.startswith("~")
        name = name.lstrip("~")
        if name in self.modules:
            return set() if passthrough and name in self.hubs else {name}
        head, _, attr = name.rpartition(".")
        if head in self.hubs and attr in self._exports.get(head, {}):
            return self._targets(self._exports[head][attr])
        if head in self.modules and head not in self.hubs:
            return {head}
        return set()

    def closure(self, names: set[str], text: str = "") -> set[str]:
        """Every module reachable from ``names``; a module named in a string (a registry's
        factory, loaded by name) only when ``text`` (the test's) names it or walks every
        game (see ``_WALKS_ALL``)."""
        mentions = (None if _WALKS_ALL.search(text.lower())
                    else frozenset(re.findall(r"\w+", text.lower())))
        seen: set[str] = set()
        todo = [t for n in names for t in self._targets(n, mentions)]
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo.extend(t for n in self._edges.get(name, ())
                            for t in self._targets(n, mentions))
        return seen


def _exports(source: str, package: str) -> dict[str, str]:
    """``{name: "module.name"}`` for each name package ``package`` imports or lazily exports."""
    found: dict[str, str] = {}
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return found
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _resolve(node.module or "", node.level, package, True)
            for alias in node.names:
                found[alias.asname or alias.name] = f"{base}.{alias.name}"
        elif isinstance(node, ast.Dict):              # lazy_exports' {name: submodule} table
            for key, value in zip(node.keys, node.values, strict=True):
                if (isinstance(key, ast.Constant) and isinstance(key.value, str)
                        and isinstance(value, ast.Constant) and isinstance(value.value, str)
                        and re.fullmatch(r"[\w.]+", value.value)):
                    found[key.value] = f"{package}.{value.value}.{key.value}"
    return found


def _notebook_code(path: Path) -> str:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            lines += [line for line in source.splitlines()
                      if not line.lstrip().startswith(("%", "!"))]
    return "\n".join(lines)


def test_targets() -> list[Path]:
    """The test files and lessons pytest collects."""
    tests = sorted(p for p in (ROOT / "tests").rglob("test_*.py") if "data" not in p.parts)
    return tests + sorted((ROOT / "notebooks").glob("*.ipynb"))


def _local_helpers(path: Path, text: str) -> set[Path]:
    """The test-side modules a test file imports (``from helpers import``, ``from . import``)."""
    found = set()
    for name in imported_names(text, importer="", python=True):
        name = name.lstrip("~?")
        for candidate in (path.parent / f"{name.lstrip('.')}.py",
                          ROOT / "tests" / f"{name}.py"):
            if candidate.exists() and candidate != path:
                found.add(candidate)
    for match in re.finditer(r"^from \.(\w*) import ([\w, ]+)", text, re.M):
        names = ([match.group(1)] if match.group(1)
                 else [n.strip() for n in match.group(2).split(",")])
        for name in names:
            candidate = path.parent / f"{name}.py"
            if candidate.exists():
                found.add(candidate)
    return found


def _closures(graph: Graph, targets: list[Path]) -> dict[Path, tuple[set[str], set[Path]]]:
    """For each test file or lesson: the package modules it reaches, and the test-side
    modules (``tests/helpers.py``...) it imports (kept on ``graph`` for the next call)."""
    cached = getattr(graph, "_closures", None)
    if cached is not None and list(cached) == targets:
        return cached
    closures = {}
    for target in targets:
        if target.suffix == ".ipynb":
            text = _notebook_code(target)
            helpers: set[Path] = set()
        else:
            text = target.read_text(encoding="utf-8", errors="replace")
            helpers = _local_helpers(target, text)
            for helper in list(helpers):
                helpers |= _local_helpers(helper, helper.read_text(encoding="utf-8"))
                text += "\n" + helper.read_text(encoding="utf-8")
        closures[target] = (graph.closure(imported_names(text, python=target.suffix == ".py"),
                                          text), helpers)
    graph._closures = closures
    return closures


def select(changed: list[str], graph: Graph | None = None) -> tuple[list[str], dict[str, str]]:
    """The tests (paths relative to the root) that ``changed`` files touch, and for each
    changed file what it picked; an empty changed list picks nothing."""
    graph = graph or Graph()
    targets = test_targets()
    reasons: dict[str, str] = {}
    picked: set[Path] = set()
    everything = False
    closures = _closures(graph, targets)
    for rel in changed:
        path = (ROOT / rel).resolve()
        hits: set[Path] = set()
        if path in closures:                                  # a test file or a lesson
            hits.add(path)
        elif path.name == "conftest.py":
            hits = ({t for t in targets if t.is_relative_to(path.parent)}
                    if path.parent != ROOT else set(targets))
        elif path in graph.owner and graph.owner[path] in EVERY_IMPORT:
            everything = True
            reasons[rel] = "runs at every import of qsearch: every test"
            continue
        elif path in graph.owner:
            module = graph.owner[path]
            hits = {t for t, (mods, _) in closures.items() if module in mods}
        elif path.is_relative_to(ROOT / "tests") and path.suffix == ".py":
            hits = {t for t, (_, helpers) in closures.items() if path in helpers}
        elif _DOCS.search(rel):
            hits = {ROOT / p for p in _PROJECT_TESTS}
        else:
            # A data file is served by the modules whose source names it.
            owners = {graph.owner[p] for p in graph.owner
                      if path.name in p.read_text(encoding="utf-8", errors="replace")}
            if owners and path.is_relative_to(ROOT / PACKAGE):
                hits = {t for t, (mods, _) in closures.items() if mods & owners}
            else:
                everything = True
                reasons[rel] = "not in the import graph: every test"
                continue
        picked |= hits
        reasons[rel] = f"{len(hits)} test file(s)"
    if everything:
        picked = set(targets)
    order = {t: i for i, t in enumerate(targets)}
    return [str(p.relative_to(ROOT)) for p in sorted(picked, key=order.get)], reasons


def changed_files(base: str) -> list[str]:
    """Files changed since ``base`` (committed, staged, unstaged and untracked), deleted
    ones left out."""
    def git(*args):
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.split()
    names = set(git("diff", "--name-only", base)) | set(git("ls-files", "--others",
                                                             "--exclude-standard"))
    return sorted(n for n in names if (ROOT / n).exists())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", help="changed files (default: from git)")
    parser.add_argument("--base", default="HEAD", help="git revision to compare with (HEAD)")
    parser.add_argument("--explain", action="store_true", help="say what each file picked")
    parser.add_argument("--run", action="store_true",
                        help="run pytest on the selection; arguments after --run go to pytest")
    argv = sys.argv[1:] if argv is None else list(argv)
    # everything after --run is pytest's, verbatim: `-m "not slow"` must not make "not slow" a
    # changed file
    own, pytest_args = argv, []
    if "--run" in argv:
        at = argv.index("--run")
        own, pytest_args = argv[:at + 1], argv[at + 1:]
    args, unknown = parser.parse_known_args(own)
    if unknown:
        parser.error(f"unknown arguments {unknown} (pytest's arguments go after --run)")
    try:
        changed = args.paths or changed_files(args.base)
    except subprocess.CalledProcessError as err:
        print(f"affected_tests: git failed: {err.stderr.strip()}", file=sys.stderr)
        return 2
    tests, reasons = select(changed)
    if args.explain or not args.run:
        for rel, why in reasons.items():
            print(f"# {rel}: {why}", file=sys.stderr)
    if not tests:
        print("# no test is affected" if changed else "# nothing changed", file=sys.stderr)
        return 0
    if not args.run:
        print("\n".join(tests))
        return 0
    return subprocess.call([sys.executable, "-m", "pytest", *pytest_args, *tests], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main())
