"""qsearch.core.saved_study: a study runs whole and is saved, is checked against its file, and a
pure-Python lesson reads it and re-runs a sample, refusing stale, cut or foreign files."""
import json

import pytest

from qsearch.core.saved_study import StudyMismatch, load, run_or_check


def square(unit):
    return {"seed": unit["seed"], "value": unit["seed"] ** 2, "pair": (unit["seed"], 1)}


UNITS = [{"seed": s} for s in range(10)]


def test_full_run_writes_then_agrees(tmp_path, monkeypatch):
    monkeypatch.delenv("QSEARCH_SAVE_STUDIES", raising=False)
    path = tmp_path / "s.json"
    first = run_or_check(path, "squares", UNITS, square, full=True)
    assert first.wrote and first.full and first.results[3]["value"] == 9
    assert first.results[3]["pair"] == [3, 1]            # as JSON gives it back
    again = run_or_check(path, "squares", UNITS, square, full=True)
    assert not again.wrote and again.results == first.results
    assert load(path, "squares", UNITS) == first.results


def test_a_stale_file_fails_a_full_run(tmp_path, monkeypatch):
    monkeypatch.delenv("QSEARCH_SAVE_STUDIES", raising=False)
    path = tmp_path / "s.json"
    run_or_check(path, "squares", UNITS, square, full=True)
    with pytest.raises(StudyMismatch, match="1 of 10 units"):
        run_or_check(path, "squares", UNITS,
                     lambda u: square(u) if u["seed"] != 4 else {"seed": 4}, full=True)
    monkeypatch.setenv("QSEARCH_SAVE_STUDIES", "1")
    assert run_or_check(path, "squares", UNITS, lambda u: 0, full=True).wrote
    assert load(path, "squares", UNITS) == [0] * 10


def test_sample_run_reads_and_checks(tmp_path):
    path = tmp_path / "s.json"
    run_or_check(path, "squares", UNITS, square, full=True)
    seen = []

    def counting(unit):
        seen.append(unit["seed"])
        return square(unit)
    run = run_or_check(path, "squares", UNITS, counting, full=False, sample=3, seed=5)
    assert not run.full and run.checked == 3 and len(seen) == 3
    assert run.results == load(path, "squares", UNITS)
    assert "3" in run.describe()


@pytest.mark.parametrize("forge, message", [
    (lambda d: d.update(study="other"), "another study"),
    (lambda d: d["units"].pop(), "units are not"),
    (lambda d: d["results"].pop(), "9 results for 10 units"),
    (lambda d: d.update(version=0), "version"),
])
def test_forged_files_are_refused(tmp_path, forge, message):
    path = tmp_path / "s.json"
    run_or_check(path, "squares", UNITS, square, full=True)
    data = json.loads(path.read_text())
    forge(data)
    path.write_text(json.dumps(data))
    with pytest.raises(StudyMismatch, match=message):
        run_or_check(path, "squares", UNITS, square, full=False)


def test_a_forged_result_is_caught_by_the_sample(tmp_path):
    path = tmp_path / "s.json"
    run_or_check(path, "squares", UNITS, square, full=True)
    data = json.loads(path.read_text())
    for r in data["results"]:
        r["value"] += 1                                   # every result forged
    path.write_text(json.dumps(data))
    with pytest.raises(StudyMismatch, match="the file says"):
        run_or_check(path, "squares", UNITS, square, full=False, sample=1)


def test_cut_and_missing_files(tmp_path):
    path = tmp_path / "s.json"
    with pytest.raises(StudyMismatch, match="no saved study"):
        run_or_check(path, "squares", UNITS, square, full=False)
    run_or_check(path, "squares", UNITS, square, full=True)
    path.write_text(path.read_text()[:-20])
    with pytest.raises(StudyMismatch, match="not a whole JSON file"):
        load(path, "squares", UNITS)
    with pytest.raises(ValueError, match="no units"):
        run_or_check(path, "squares", [], square)


def test_the_sample_is_drawn_among_affordable_units(tmp_path):
    path = tmp_path / "s.json"
    run_or_check(path, "squares", UNITS, square, full=True)
    ran = []

    def counting(unit):
        ran.append(unit["seed"])
        return square(unit)
    cheap = run_or_check(path, "squares", UNITS, counting, full=False, sample=5,
                         affordable=lambda unit, saved: saved["value"] < 10)
    assert cheap.checked == 4 and sorted(ran) == [0, 1, 2, 3]
    none = run_or_check(path, "squares", UNITS, counting, full=False,
                        affordable=lambda unit, saved: False)
    assert none.checked == 0 and len(ran) == 4 and none.results == cheap.results
