"""The browser site's path (Pyodide has no numpy offline): the league's head-to-head without
numpy gives the same values in lists, and everything lessons 03, 08, 09 and 11 import from
qsearch imports in pure mode with numpy, scipy, choix and matplotlib unimportable."""
from __future__ import annotations

import json
import math
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import load_without

from qsearch.league import leaderboard as with_numpy

ROOT = Path(__file__).resolve().parents[1]
SAVED = ROOT / "notebooks" / "data" / "11_class_league"
HIDDEN = ("numpy", "scipy", "choix", "matplotlib")
LESSONS = ("03_quarto_simulation", "08_parcheckers", "09_solving_quarto", "11_class_league")


@pytest.fixture(scope="module")
def plain():
    """qsearch.league.leaderboard loaded a second time with numpy unimportable."""
    return load_without(with_numpy)


def saved_records(name: str) -> list[dict]:
    with (SAVED / name / "games.jsonl").open() as f:
        return [json.loads(line) for line in f][1:]


@pytest.mark.parametrize("league", ["class", "gauntlet"])
def test_head_to_head_without_numpy_is_the_same_in_lists(plain, league):
    records = saved_records(league)
    records.append(dict(records[0], score_a=None))       # a double forfeit: a game, no points
    ids = sorted({r["a"] for r in records} | {r["b"] for r in records}, reverse=True)
    rows = [{"id": name, "agent": name} for name in ids]
    names, points, games = plain.head_to_head(rows, records)
    their_names, their_points, their_games = with_numpy.head_to_head(rows, records)
    assert plain.np is None and isinstance(points, list) and isinstance(games[0], list)
    assert names == their_names == ids
    assert points == their_points.tolist() and games == their_games.tolist()
    assert sum(map(sum, games)) == 2 * len(records)
    assert sum(map(sum, points)) == len(records) - 1


def test_the_heatmap_without_numpy_draws_the_same_shares(plain):
    pytest.importorskip("matplotlib")
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    records = saved_records("class")
    rows = [{"id": name, "agent": name, "author": "a student"}
            for name in sorted({r["a"] for r in records} | {r["b"] for r in records})]
    drawn = [module.heatmap(rows, records) for module in (plain, with_numpy)]
    ours, theirs = ([[None if math.isnan(x) else x for x in row]
                     for row in ax.images[0].get_array().filled(math.nan).tolist()]
                    for ax in drawn)
    assert ours == theirs and ours[0][0] is None and ours[0][1] is not None
    assert [t.get_text() for t in drawn[0].texts] == [t.get_text() for t in drawn[1].texts]
    for ax in drawn:
        plt.close(ax.figure)


def lesson_imports() -> list[str]:
    """The import statements of the lessons' code cells (English and Spanish) that do not
    name numpy, scipy, matplotlib or IPython (the lesson itself must do without those)."""
    found = {}
    for lesson in LESSONS:
        for path in (ROOT / "notebooks" / f"{lesson}.ipynb",
                     ROOT / "notebooks" / "es" / f"{lesson}.ipynb"):
            for cell in json.loads(path.read_text())["cells"]:
                if cell["cell_type"] != "code":
                    continue
                source = "".join(cell["source"])
                for m in re.finditer(r"^(from [\w.]+ import \([^)]*\)|from [\w.]+ import .*|"
                                     r"import .*)", source, re.M):
                    line = " ".join(re.sub(r"#[^\n]*", "", m.group(1)).split())
                    if not re.search(r"numpy|scipy|matplotlib|IPython", line):
                        found[line] = None
    return list(found)


def test_what_the_lessons_import_needs_no_numpy_in_pure_mode():
    lines = lesson_imports()
    assert any("qsearch.league" in line for line in lines) and len(lines) > 30
    script = "\n".join([
        "import sys",
        *(f"sys.modules[{name!r}] = None" for name in HIDDEN),
        "failed = []",
        "for line in sys.argv[1:]:",
        "    try:",
        "        exec(line, {})",
        "    except Exception as err:",
        "        failed.append(f'{line}: {type(err).__name__}: {err}')",
        "import qsearch",
        "from qsearch.league import ratings",
        "print(qsearch.compiled, ratings.BACKEND)",
        "print(*failed, sep='\\n')"])
    env = dict(os.environ, QSEARCH_PURE="1", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", script, *lines], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    first, *failed = done.stdout.strip().split("\n")
    assert first == "False plain Python"
    assert failed == [], failed


def test_the_svg_heatmap_and_the_files_without_matplotlib(tmp_path, monkeypatch):
    """The browser site's head-to-head: a plain SVG heatmap, and head_to_head.svg written
    where matplotlib cannot be imported (head_to_head.png where it can)."""
    import xml.etree.ElementTree as ET

    from qsearch.league import example_agents, run_league

    plain = load_without(with_numpy, HIDDEN)
    records = saved_records("class")
    rows = [{"id": name, "agent": name, "author": "a student"}
            for name in sorted({r["a"] for r in records} | {r["b"] for r in records})]
    svg = plain.heatmap_svg(rows, records)
    assert svg == with_numpy.heatmap_svg(rows, records)
    texts = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    ids, points, games = plain.head_to_head(rows, records)
    assert f"{points[0][1]:g}/{games[0][1]}" in texts and "blocker" in texts
    league = run_league("tictactoe", example_agents(), None, games_per_pair=2,
                        isolated=False, progress=False, samples=0)
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    written = with_numpy.write(tmp_path, league.rows, league.records)
    assert [p.name for p in written] == ["leaderboard.md", "leaderboard.csv",
                                         "head_to_head.svg"]
    assert (tmp_path / "head_to_head.svg").read_text() == league.heatmap_svg()
