"""The assignment (issue 44): document 001's practice, alpha-beta for Connect-4, graded by
nbgrader with hidden tests that call check_search; a right submission gets every point, one
without pruning only the value's, and the grading runs jailed where the league's jail works.

Skipped where nbgrader is not installed (the `grading` extra); CI's browser step installs it
beside JupyterLab and runs this file (.ci/browser_test.sh).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

pytest.importorskip("nbgrader")

from qsearch.grading.autograde import autograde, generate_assignment  # noqa: E402
from qsearch.league.jail import find_jail  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ASSIGNMENT = "connect4_alphabeta"
SOURCE = ROOT / "assignments" / ASSIGNMENT


def _solution(notebook: dict) -> str:
    """The instructor's solution, without nbgrader's markers."""
    cell = next(c for c in notebook["cells"] if c["metadata"].get("nbgrader", {})
                .get("solution"))
    return re.sub(r"\s*### (BEGIN|END) SOLUTION", "", "".join(cell["source"]))


def _submit(course: Path, student: str, code: str) -> None:
    """``student``'s submission: the released notebook with ``code`` in the solution cell."""
    released = course / "release" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    nb = json.loads(released.read_text())
    cell = next(c for c in nb["cells"] if c["metadata"].get("nbgrader", {}).get("solution"))
    cell["source"] = code
    folder = course / "submitted" / student / ASSIGNMENT
    folder.mkdir(parents=True)
    (folder / f"{ASSIGNMENT}.ipynb").write_text(json.dumps(nb))


@pytest.mark.slow
def test_a_right_and_a_wrong_submission_are_graded(tmp_path):
    course = tmp_path / "course"
    shutil.copytree(SOURCE, course)
    released = generate_assignment(course, ASSIGNMENT)
    text = (released / f"{ASSIGNMENT}.ipynb").read_text()
    assert "report.ok" not in text and "BEGIN SOLUTION" not in text   # hidden from students
    right = _solution(json.loads((course / "source" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb")
                                 .read_text()))
    no_pruning = right.replace("        if alpha >= beta:\n            break\n", "")
    assert no_pruning != right
    escape = tmp_path / "escaped"
    hostile = right + f"\n\nopen({str(escape)!r}, 'w').write('out of the jail')\n"
    _submit(course, "alice", right)
    _submit(course, "bob", no_pruning)
    jailed = find_jail()[0] is not None
    if jailed:
        _submit(course, "eve", hostile)
    scores = autograde(course, ASSIGNMENT)
    assert scores["alice"] == (8.0, 8.0)
    assert scores["bob"] == (5.0, 8.0)          # the value's 2 + 3 points, not the nodes' 3
    if jailed:                      # the jail shows no folder of the machine to write to
        assert not escape.exists()
        eve = course / "autograded" / "eve" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
        assert re.search(r"(FileNotFoundError|PermissionError|OSError)", eve.read_text())
    graded = course / "autograded" / "bob" / ASSIGNMENT / f"{ASSIGNMENT}.ipynb"
    assert "No pruning: every node is searched" in graded.read_text()
