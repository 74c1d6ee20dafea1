"""scripts/affected_tests.py picks the tests a change touches, and never silently fewer."""
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("affected_tests",
                                               ROOT / "scripts" / "affected_tests.py")
affected = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(affected)


@pytest.fixture(scope="module")
def graph():
    return affected.Graph()


def every_target():
    return {str(p.relative_to(ROOT)) for p in affected.test_targets()}


def test_a_game_change_picks_its_tests_and_not_unrelated_ones(graph):
    tests, reasons = affected.select(["qsearch/games/pig.pyx"], graph)
    assert "tests/test_pig.py" in tests and "tests/test_pure_pig.py" in tests
    assert "tests/test_game_contract.py" in tests          # walks every registered game
    assert "tests/test_league_ratings.py" not in tests     # ratings never reach a game
    assert len(tests) < len(every_target())
    assert reasons == {"qsearch/games/pig.pyx": f"{len(tests)} test file(s)"}


def test_a_test_file_or_lesson_picks_itself(graph):
    tests, _ = affected.select(["tests/test_pig.py", "notebooks/01_minimax_and_alphabeta.ipynb"],
                               graph)
    assert tests == ["tests/test_pig.py", "notebooks/01_minimax_and_alphabeta.ipynb"]


def test_a_shared_test_helper_picks_the_files_importing_it(graph):
    tests, _ = affected.select(["tests/helpers.py"], graph)
    users = {str(p.relative_to(ROOT)) for p in (ROOT / "tests").rglob("test_*.py")
             if re.search(r"^from helpers import", p.read_text(), re.M)}
    assert users and users <= set(tests)


@pytest.mark.parametrize("changed", ["setup.py", "qsearch/_mode.py", "conftest.py",
                                     ".ci/run"])
def test_what_the_graph_cannot_place_picks_everything(graph, changed):
    tests, reasons = affected.select([changed], graph)
    assert set(tests) == every_target(), reasons


def test_prose_picks_only_the_project_checks(graph):
    assert affected.select(["README.md", "docs/DESIGN.md"], graph)[0] == ["tests/test_project.py"]


def test_a_hub_passes_through_to_the_name_imported():
    names = affected.imported_names("from qsearch.games import Pig\nimport qsearch.viz.tree\n")
    assert {"~qsearch.games", "qsearch.games.Pig", "qsearch.viz.tree"} <= names
    exports = affected._exports("from qsearch.games.pig import Pig\n"
                                "lazy_exports(__name__, {'run_league': 'runner'})\n",
                                "qsearch.games")
    assert exports == {"Pig": "qsearch.games.pig.Pig",
                       "run_league": "qsearch.games.runner.run_league"}


def test_cython_cimports_are_read():
    names = affected.imported_names("from qsearch.games._game cimport Game\n"
                                    "cimport qsearch.core.bits\n", importer="qsearch.games.pig",
                                    python=False)
    assert {"qsearch.games._game", "qsearch.core.bits"} <= names


def test_pytest_arguments_need_run():
    with pytest.raises(SystemExit):
        affected.main(["tests/test_pig.py", "-x"])


def test_everything_after_run_goes_to_pytest_verbatim(monkeypatch):
    """`--run -m "not slow"` (the README's loop): "not slow" is pytest's marker expression, not a
    changed file, and the selection still comes from git (here: one changed test file)."""
    calls = []
    monkeypatch.setattr(affected, "changed_files", lambda base: ["tests/test_pig.py"])
    monkeypatch.setattr(affected, "select",          # the graph itself is tested above
                        lambda changed: (list(changed), {c: "changed" for c in changed}))
    monkeypatch.setattr(affected.subprocess, "call", lambda cmd, cwd: calls.append(cmd) or 0)
    assert affected.main(["--run", "-m", "not slow", "-q"]) == 0
    (cmd,) = calls
    assert cmd[3:6] == ["-m", "not slow", "-q"] and cmd[6:] == ["tests/test_pig.py"]
