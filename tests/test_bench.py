"""The benchmark modules: what they compare is checked, not how fast it is.

Pons' solver is not available in CI; small stand-in programs speak its two output formats
(``moves score`` and ``moves score nodes microseconds``) so that the side-by-side tables, the
score checks and the parsing are exercised end to end.
"""
import argparse
import os
import stat
import sys
from pathlib import Path

import pytest

from qsearch.__main__ import main
from qsearch.bench import all_sections
from qsearch.bench import connect4 as c4
from qsearch.bench.connect4_heuristics import potential_lines_lean, sample_positions
from qsearch.bench.quarto import demo_call_table
from qsearch.heuristics.connect4 import potential_lines
from qsearch.reference import heuristics as twins

DATA = Path(__file__).parent / "data" / "connect4"


def options(**kw):
    base = {"quick": True, "solve_limit": 2, "data": None, "pons": None, "pons_reset": None,
            "only": None, "repeats": None, "hard_limit": None}
    base.update(kw)
    return argparse.Namespace(**base)


def fake_solver(tmp_path, name, body):
    """An executable that answers each stdin line as ``body(moves)`` says (Python code)."""
    published = dict(line.split() for line in (DATA / "Test_L3_R1").read_text().splitlines())
    path = tmp_path / name
    path.write_text(f"#!{sys.executable}\nimport sys\nPUB = {published!r}\n"
                    "for line in sys.stdin:\n    m = line.strip()\n"
                    f"    print({body}, flush=True)\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_lean_potential_lines_gives_the_compiled_and_twin_values():
    for state in sample_positions(150, seed=7):
        for player in (0, 1):
            lean = potential_lines_lean(state, player)
            assert lean == potential_lines(state, player) == twins.potential_lines(state, player)


def test_read_set_and_data_dir():
    pairs = c4.read_set(c4.data_dir() / "Test_L3_R1", limit=5)
    assert len(pairs) == 5 and all(isinstance(s, int) for _, s in pairs)
    assert c4.data_dir(DATA) == DATA
    with pytest.raises(ValueError, match="not a directory"):
        c4.data_dir(DATA / "missing")


def test_pons_rejects_a_path_that_is_not_an_executable(tmp_path):
    with pytest.raises(ValueError, match="not an executable"):
        c4.Pons(tmp_path / "c4solver")
    with pytest.raises(ValueError, match="not an executable"):
        c4.Pons(DATA / "Test_L3_R1")


def test_output_lines_are_parsed_after_the_echoed_moves():
    assert c4._after_moves("p", "4453 -2\n", "4453") == ["-2"]
    assert c4._after_moves("p", "4453 -2 1234 56\n", "4453") == ["-2", "1234", "56"]
    assert c4._after_moves("p", " 1\n", "") == ["1"]          # the empty board
    with pytest.raises(RuntimeError, match="unexpected output"):
        c4._after_moves("p", "4454 -2\n", "4453")
    with pytest.raises(RuntimeError, match="no score"):
        c4._after_moves("p", "4453\n", "4453")


def test_stream_table_checks_both_sides_scores(tmp_path):
    right = c4.Pons(fake_solver(tmp_path, "right", "m + ' ' + PUB.get(m, '0')"))
    rows = c4.pons_stream_table(DATA, right, {"Test_L3_R1": 20}, repeats=1)
    assert [(r["set"], r["positions"], r["scores"]) for r in rows] == [
        ("Test_L3_R1", 20, "all equal")]
    assert rows[0]["x Pons"] == rows[0]["our time"] / rows[0]["Pons time"]
    wrong = c4.Pons(fake_solver(tmp_path, "wrong", "m + ' 0'"))
    with pytest.raises(AssertionError, match="Pons 0"):
        c4.pons_stream_table(DATA, wrong, {"Test_L3_R1": 20}, repeats=1)


def test_reset_table_with_a_driver_sums_its_nodes_and_times(tmp_path):
    pons = c4.Pons(fake_solver(tmp_path, "plain", "m + ' ' + PUB.get(m, '0')"))
    driver = c4.PonsDriver(
        fake_solver(tmp_path, "driver", "m + ' ' + PUB.get(m, '0') + ' 10 1000'"))
    try:
        rows = c4.pons_reset_table(DATA, pons, driver, sets=[("Test_L3_R1", 4)], repeats=2)
    finally:
        driver.close()
    (row,) = rows
    assert row["positions"] == 4 and row["Pons nodes"] == 40
    assert row["Pons time"] == pytest.approx(4 * 1000e-6)
    assert row["nodes ours/Pons"] == row["our nodes"] / 40


def test_reset_table_without_a_driver_runs_one_process_per_position(tmp_path):
    pons = c4.Pons(fake_solver(tmp_path, "plain", "m + ' ' + PUB.get(m, '0')"))
    (row,) = c4.pons_reset_table(DATA, pons, None, sets=[("Test_L3_R1", 3)], repeats=1)
    assert row["positions"] == 3 and row["scores"] == "all equal"
    assert "Pons nodes" not in row and row["Pons start-up time"] > 0


def test_a_driver_must_print_nodes_and_time(tmp_path):
    with pytest.raises(ValueError, match="score nodes microseconds"):
        c4.PonsDriver(fake_solver(tmp_path, "plain", "m + ' 1'"))


def test_a_driver_must_give_the_published_score_at_start_up(tmp_path):
    # the start-up check is one quick published position, not a long solve
    (moves, score), = c4.read_set(c4.data_dir() / "Test_L3_R1", 1)
    body = f"m + ' ' + ('{score + 1}' if m == '{moves}' else '0') + ' 10 1000'"
    with pytest.raises(ValueError, match=f"scores {moves} {score + 1}, published {score}"):
        c4.PonsDriver(fake_solver(tmp_path, "off_by_one", body))


def test_sections_print_no_pons_column_without_pons(tmp_path):
    assert c4.set_limits(fast=7, slow=5, hard=2) == {
        "Test_L3_R1": 7, "Test_L2_R1": 7, "Test_L2_R2": 5, "Test_L1_R1": 7, "Test_L1_R2": 5,
        "Test_L1_R3": 2}
    names = [s.name for s in all_sections(options())]
    assert "pons-stream" not in names and "pons-reset" not in names
    assert "empty-board" not in names                  # minutes: only when asked for
    assert "empty-board" in [s.name for s in all_sections(options(only="empty-board"))]
    exe = fake_solver(tmp_path, "plain", "m + ' 1'")
    names = [s.name for s in all_sections(options(pons=str(exe)))]
    assert "pons-stream" in names and "pons-reset" in names
    with pytest.raises(ValueError, match="needs --pons"):
        all_sections(options(pons_reset=str(exe)))


def test_cli_rejects_unknown_tables_and_bad_paths(capsys, tmp_path):
    assert main(["bench", "--only", "nope"]) == 2
    assert "unknown table nope" in capsys.readouterr().err
    assert main(["bench", "--only", "solve", "--data", str(tmp_path / "none")]) == 2
    assert "not a directory" in capsys.readouterr().err
    assert main(["bench", "--only", "solve", "--pons", os.devnull]) == 2
    assert "not an executable" in capsys.readouterr().err
    assert main(["bench", "--only", "solve", "--repeats", "0"]) == 2
    assert "--repeats must be >= 1" in capsys.readouterr().err
    assert main(["bench", "--only", "solve", "--hard-limit", "0"]) == 2
    assert "--hard-limit must be >= 1" in capsys.readouterr().err


def test_cli_output_file_names_the_command(tmp_path, capsys):
    out = tmp_path / "r.md"
    assert main(["bench", "--only", "solve", "--quick", "--output", str(out)]) == 0
    text = out.read_text()
    assert text.startswith(f"Measured by `python -m qsearch bench --only solve --quick "
                           f"--output {out}`.")
    assert "| Test_L3_R1 | 100 |" in text and "Pons" not in text
    capsys.readouterr()


def test_quarto_table_has_one_baseline_per_ratio_column():
    rows = demo_call_table(repeats=1)
    ours = [r for r in rows if r["source"].startswith("measured")]
    quoted = [r for r in rows if r["source"].startswith("quoted")]
    assert len(ours) == 4 and len(quoted) == 2
    assert all("x document's R" not in r for r in ours)
    assert all("x our Python transliteration" not in r for r in quoted)
    assert ours[0]["x our Python transliteration"] == 1.0
    assert quoted[0]["x document's R"] == 1.0


@pytest.mark.compiled
def test_search_core_table_compares_both_copies_with_perft():
    from qsearch.bench.search_core import core_table

    rows = core_table(repeats=1, quick=True)
    assert [r["game"] for r in rows] == ["Connect-4", "Connect-4", "Reversi", "Reversi"]
    assert rows[0]["nodes"] == 12_574          # the empty board at depth 8, as the README says
    for r in rows:
        assert r["specialised Mn/s"] > 0 and r["generic Mn/s"] > 0
        below = 2 if r["game"] == "Connect-4" else 1
        assert r["perft Mn/s (depth)"].endswith(f"({r['depth'] - below})")


# ------------------------------------------------------------------ timing and load
# Fake clocks and load averages: no test here reads the real time or sleeps.
from qsearch.bench import Section, with_load  # noqa: E402
from qsearch.bench import _timing as T  # noqa: E402


class FakeClock:
    """A CPU clock that only moves when a fake run spends time on it."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now

    def runner(self, seconds, result=None):
        calls = []

        def run():
            calls.append(1)
            self.now += seconds
            return result
        return run, calls


def test_a_short_run_is_batched_to_about_the_peers_time():
    assert T.batch_count(0.004, 0.6) == 150          # a 4 ms run against a 0.6 s peer
    assert T.batch_count(0.004, 0.602) == 150        # the nearest whole number of runs
    assert T.batch_count(0.5, 0.6) == 1 and T.batch_count(0.7, 0.6) == 1
    assert T.batch_count(0.0, 1.0) == 1_000_000      # a run the clock did not see
    clock = FakeClock()
    run, calls = clock.runner(0.004, "r")
    timing = T.cpu_time(run, repeats=3, target=0.6, clock=clock)
    assert (timing.runs, timing.batches, timing.result) == (150, 3, "r")
    assert timing.seconds == pytest.approx(0.004)    # per run: the batch / its runs
    assert len(calls) == 1 + 3 * 150                 # the sizing run, then three batches
    clock = FakeClock()
    run, calls = clock.runner(2.0)
    timing = T.cpu_time(run, repeats=3, target=0.6, clock=clock)
    assert (timing.runs, len(calls), timing.seconds) == (1, 3, 2.0)   # no batch: best of 3
    clock = FakeClock()
    run, calls = clock.runner(0.01)
    assert T.cpu_time(run, 1, target=600.0, clock=clock, max_batch=10.0).runs == 1000
    with pytest.raises(ValueError, match="repeats"):
        T.cpu_time(run, 0)


def test_compare_times_the_peer_first_and_batches_ours_to_it():
    clock = FakeClock()
    order = []
    peer, _ = clock.runner(0.6)
    ours, ours_calls = clock.runner(0.004)
    theirs, mine = T.compare(lambda: order.append("peer") or peer(),
                             lambda: order.append("ours") or ours(), repeats=3, clock=clock)
    assert order[:4] == ["peer"] * 3 + ["ours"]
    assert mine.runs == 150 and len(ours_calls) == 1 + 3 * 150
    assert T.ratio(theirs.seconds, mine.seconds) == pytest.approx(150)


def test_ratios_come_from_cpu_time_not_wall_time(monkeypatch):
    """Under load the wall clock runs on while the process waits; the ratio must not."""
    cpu, wall = FakeClock(), FakeClock()
    monkeypatch.setattr(T.time, "process_time", cpu)
    monkeypatch.setattr(T.time, "perf_counter", wall)

    def loaded(cpu_seconds, waiting):
        def run():
            cpu.now += cpu_seconds
            wall.now += cpu_seconds + waiting      # other jobs held the core meanwhile
        return run

    theirs, mine = T.compare(loaded(0.6, 0.0), loaded(0.004, 0.02), repeats=2)
    assert T.ratio(theirs.seconds, mine.seconds) == pytest.approx(150)


def test_a_subprocess_peer_is_timed_by_its_cpu_time(monkeypatch, tmp_path):
    usage = {"ru_utime": 1.0, "ru_stime": 0.5}
    monkeypatch.setattr(T.resource, "getrusage",
                        lambda who: argparse.Namespace(**usage) if who ==
                        T.resource.RUSAGE_CHILDREN else pytest.fail("not the children"))
    assert T.children_cpu_clock() == 1.5
    ticks = iter([10.0, 10.25])                     # the child's CPU time before and after
    pons = c4.Pons(fake_solver(tmp_path, "right", "m + ' ' + PUB.get(m, '0')"),
                   clock=lambda: next(ticks))
    seconds, out = pons.run(["4453"])
    assert seconds == 0.25 and out == [["0"]]


def test_a_row_above_one_job_per_core_is_flagged():
    readings = iter([(1.5, 1.0, 1.0), (2.5, 1.2, 1.0)])
    load = T.Load(lambda: next(readings), ncores=2)
    assert load.cell() == f"2.50 {T.MARK}" and load.value == 2.5    # the higher of the two
    readings = iter([(1.9, 1.0, 1.0), (0.4, 1.0, 1.0)])
    assert T.Load(lambda: next(readings), ncores=2).cell() == "1.90"
    assert T.load_cell(2.0, 2) == "2.00" and not T.overloaded(2.0, 2)   # one job per core
    assert T.overloaded(2.01, 2) and T.load_cell(8.0, 8) == "8.00"
    assert T.MARK in T.load_note(2) and "more than 2" in T.load_note(2)


def test_every_row_gets_a_load_and_the_title_says_what_it_means():
    readings = iter([(3.0, 0, 0), (3.5, 0, 0)])
    section = Section("x", "A table", lambda: [{"a": 1}, {"a": 2, "load": "0.50"}])
    wrapped = with_load(section, load=lambda: T.Load(lambda: next(readings), ncores=2))
    assert wrapped.title.startswith("A table (`load`") and T.MARK in wrapped.title
    assert wrapped.rows() == [{"a": 1, "load": f"3.50 {T.MARK}"}, {"a": 2, "load": "0.50"}]


def test_per_node_ratio():
    # the audit's expectiminimax figures: 67.6 s / 3,651,023 nodes against 17.0 ms / 99,727
    assert T.ratio(67.6, 0.017) == pytest.approx(3976.5, rel=1e-3)
    assert T.per_node_ratio(67.6, 3_651_023, 0.017, 99_727) == pytest.approx(108.6, rel=1e-3)
    assert T.per_node_ratio(2.0, 100, 1.0, 100) == 2.0      # same nodes: the time ratio


def test_expectiminimax_row_counts_openspiel_calls_and_gives_both_ratios():
    pytest.importorskip("pyspiel")
    import pyspiel
    from open_spiel.python.algorithms import minimax as spiel

    from qsearch.bench.expectiminimax import OPENING, count_openspiel_calls, openspiel_table

    state = pyspiel.load_game("backgammon(hyper_backgammon=true)").new_initial_state()
    state.apply_action(OPENING)

    def walk(s, depth):                 # OpenSpiel's recursion: a call per child made
        if s.is_terminal() or depth == 0:
            return 1
        if s.is_chance_node():
            return 1 + sum(walk(s.child(o), depth) for o, _ in s.chance_outcomes())
        return 1 + sum(walk(s.child(a), depth - 1) for a in s.legal_actions())

    counted = count_openspiel_calls(spiel, state, 1)
    assert counted["calls"] == walk(state, 1) == 1 + len(state.legal_actions())
    assert spiel.expectiminimax.__name__ == "expectiminimax"       # the wrapper is removed
    ticks = iter(range(10_000))
    rows = openspiel_table(1, repeats=1, openspiel_repeats=1, clock=lambda: next(ticks))
    theirs, ours = rows
    assert theirs["nodes"] == counted["calls"] and "calls of its expectiminimax" in \
        theirs["nodes are"]
    assert ours["x whole search"] == 1.0          # each run one tick of the fake clock
    # equal times, so the side with more nodes spends less on each
    assert ours["x per node"] == pytest.approx(ours["nodes"] / theirs["nodes"])
    assert theirs["nodes"] > ours["nodes"]        # ordered rolls, an action per move order
    assert ours["same value"] == ours["same play"] == "yes"
