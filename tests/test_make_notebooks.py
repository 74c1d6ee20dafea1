"""scripts/make_notebook_11.py and make_notebook_12.py write lessons 11 and 12: what they build
is the committed notebook, cell for cell (id, kind, source and tags), so that editing a lesson
in its script and running the script loses nothing of the notebook."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[1]


def _script(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cells(cells) -> list[tuple]:
    return [(c["id"], c["cell_type"], "".join(c["source"]),
             list(c.get("metadata", {}).get("tags", []))) for c in cells]


@pytest.mark.parametrize("script, notebook", [
    ("make_notebook_11", "11_class_league.ipynb"),
    ("make_notebook_12", "12_check_your_own_search.ipynb")])
def test_the_script_builds_the_committed_notebook(script, notebook):
    pytest.importorskip("nbformat")
    built = _script(script).build()
    committed = json.loads((ROOT / "notebooks" / notebook).read_text(encoding="utf-8"))
    assert _cells(built.cells) == _cells(committed["cells"])
    assert (built.nbformat, built.nbformat_minor) == (committed["nbformat"],
                                                      committed["nbformat_minor"])


def test_lesson_12_shows_the_buggy_searches_of_the_examples_module():
    from qsearch.grading.examples import BUGS, source

    committed = json.loads((ROOT / "notebooks" / "12_check_your_own_search.ipynb").read_text(
        encoding="utf-8"))
    code = ["".join(c["source"]) for c in committed["cells"] if c["cell_type"] == "code"]
    for fn in BUGS:
        assert sum(cell.startswith(source(fn.__name__) + "\n") for cell in code) == 1
    with pytest.raises(ValueError, match="no buggy search 'alphabeta'"):
        source("alphabeta")
