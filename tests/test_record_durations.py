"""The order the test runs start files in: scripts/record_durations.py reads pytest's
``--durations`` lines, and conftest.py starts the longest first."""
import importlib.util
import json
from pathlib import Path
from types import SimpleNamespace

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


record_durations = _load("record_durations", ROOT / "scripts" / "record_durations.py")
conftest = _load("root_conftest", ROOT / "conftest.py")     # not tests/browser's conftest

LOG = """\
============================ slowest durations ============================
79.13s call     notebooks/09_solving_quarto.ipynb::Cell 23
53.30s call     notebooks/09_solving_quarto.ipynb::Cell 2
60.94s call     tests/oracle/test_slow.py::test_small_trees_and_python_games
13.10s setup    tests/test_quarto_standard_proof.py::test_the_small_proof[a-b]
11.74s call     tests/test_quarto_standard_proof.py::test_the_small_proof[a-b]
0.50s teardown  tests/test_quarto_standard_proof.py::test_the_small_proof[a-b]
(12 durations < 0.005s hidden.  Use -vv to show these durations.)
3285 passed in 697.94s (0:11:37)
"""


def test_seconds_are_summed_by_file_longest_first():
    seconds = record_durations.seconds_by(LOG)
    assert seconds == {"notebooks/09_solving_quarto.ipynb": 132.4,
                       "tests/oracle/test_slow.py": 60.9,
                       "tests/test_quarto_standard_proof.py": 25.3}
    assert list(seconds) == sorted(seconds, key=seconds.get, reverse=True)


def test_browser_tests_are_timed_one_by_one():
    seconds = record_durations.seconds_by(LOG, per_test=True)
    assert seconds["tests/test_quarto_standard_proof.py::test_the_small_proof[a-b]"] == 25.3
    assert seconds["notebooks/09_solving_quarto.ipynb::Cell 23"] == 79.1


def test_a_log_without_durations_is_refused():
    with pytest.raises(ValueError, match="--durations=0"):
        record_durations.seconds_by("3285 passed in 697.94s\n")


def test_the_longest_files_start_first_and_unknown_ones_last(tmp_path, monkeypatch):
    record = tmp_path / "durations.json"
    record.write_text(json.dumps({"compiled": {"tests/b.py": 5.0, "tests/c.py": 50.0},
                                  "pure": {"tests/b.py": 9.0}, "browser": {}}))
    monkeypatch.setattr(conftest, "DURATIONS", record)
    items = [SimpleNamespace(path=tmp_path / name, nodeid=f"{name}::t{k}")
             for k, name in enumerate(["tests/a.py", "tests/b.py", "tests/c.py", "tests/b.py"])]
    compiled = sorted(items, key=conftest.longest_first_key(tmp_path, compiled=True))
    assert [i.nodeid for i in compiled] == ["tests/c.py::t2", "tests/b.py::t1", "tests/b.py::t3",
                                            "tests/a.py::t0"]
    pure = sorted(items, key=conftest.longest_first_key(tmp_path, compiled=False))
    assert [i.nodeid for i in pure][:2] == ["tests/b.py::t1", "tests/b.py::t3"]


def test_a_missing_or_broken_record_keeps_the_collection_order(tmp_path, monkeypatch):
    items = [SimpleNamespace(path=tmp_path / n, nodeid=n) for n in ("z.py", "a.py")]
    for text in (None, "{not json", json.dumps({"compiled": {}})):
        record = tmp_path / "durations.json"
        record.unlink(missing_ok=True)
        if text is not None:
            record.write_text(text)
        monkeypatch.setattr(conftest, "DURATIONS", record)
        assert sorted(items, key=conftest.longest_first_key(tmp_path, True)) == items


def test_the_committed_record_names_files_that_exist():
    record = json.loads(conftest.DURATIONS.read_text(encoding="utf-8"))
    assert {"compiled", "pure", "browser"} <= set(record)
    files = set(record["compiled"]) | set(record["pure"])
    assert files and all((ROOT / name).exists() for name in files), \
        [name for name in files if not (ROOT / name).exists()]


def test_a_part_without_its_log_keeps_its_recorded_durations(tmp_path):
    out = tmp_path / "durations.json"
    out.write_text(json.dumps({"compiled": {"a.py": 9.0}, "pure": {"b.py": 3.0},
                               "browser": {"old::test": 1.0}}))
    log = tmp_path / "browser.log"
    log.write_text("12.50s call     tests/browser/test_x.py::test_y[07]\n")
    record_durations.main(["--browser", str(log), "--out", str(out)])
    assert json.loads(out.read_text()) == {"compiled": {"a.py": 9.0}, "pure": {"b.py": 3.0},
                                           "browser": {"tests/browser/test_x.py::test_y[07]": 12.5}}
    with pytest.raises(SystemExit):
        record_durations.main(["--out", str(out)])         # no log at all: nothing to record
