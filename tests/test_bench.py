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
from helpers import run_json_check

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
    assert all(r[T.LOAD_KEY] is None for r in quoted)     # quoted: no load of ours


# The demo table's names in one build, English and Spanish (argv[1] is unused).
DEMO_NAMES = """
import json, qsearch
from qsearch.bench.quarto import demo_call_table
from qsearch.i18n import set_language
names = {}
for language in ("en", "es"):
    set_language(language)
    names[language] = [row["implementation"] for row in demo_call_table(repeats=1)]
print(json.dumps({"compiled": qsearch.compiled, "names": names}))
"""


@pytest.mark.parametrize("pure", [True, False], ids=["pure", "compiled"])
def test_the_quarto_demo_table_names_the_build_that_ran(pure):
    # lesson 03 prints this table on the browser site, which runs pure Python: its two
    # qsearch searches must not be called compiled there
    found = run_json_check(DEMO_NAMES, "", pure=pure)
    if not pure and not found["compiled"]:
        pytest.skip("no compiled build here")
    en, es = found["names"]["en"], found["names"]["es"]
    searches = {"en": en[2:4], "es": es[2:4]}
    if pure:
        assert searches == {"en": ["qsearch alphabeta (pure Python)",
                                   "quarto_ab.ab_minimax (pure Python)"],
                            "es": ["alphabeta de qsearch (Python puro)",
                                   "quarto_ab.ab_minimax (Python puro)"]}
        assert not any("compil" in name for name in en + es)
    else:
        assert searches == {"en": ["qsearch alphabeta (compiled)",
                                   "quarto_ab.ab_minimax (compiled)"],
                            "es": ["alphabeta de qsearch (compilado)",
                                   "quarto_ab.ab_minimax (compilado)"]}
    assert en[:2] == ["Python transliteration", "qsearch reference twin"]


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


def _timed_order(order):
    """The sides in the order their runs came, consecutive runs of one side merged."""
    return [side for k, side in enumerate(order) if k == 0 or order[k - 1] != side]


def test_compare_alternates_the_sides_and_batches_ours_to_the_peer():
    clock = FakeClock()
    order = []
    peer, _ = clock.runner(0.6)
    ours, ours_calls = clock.runner(0.004)
    theirs, mine = T.compare(lambda: order.append("peer") or peer(),
                             lambda: order.append("ours") or ours(), repeats=3, clock=clock)
    # a sizing run each, then three rounds: peer, ours (batch), peer, ours, peer, ours; the
    # peer's sizing run is its first batch, ours runs its first batch right after its own
    assert _timed_order(order) == ["peer", "ours"] * 3
    assert order.count("peer") == 3 and mine.runs == 150 and len(ours_calls) == 1 + 3 * 150
    assert (theirs.batches, mine.batches) == (3, 3)
    assert T.ratio(theirs.seconds, mine.seconds) == pytest.approx(150)


def test_interleave_times_every_side_in_turn_best_of_n_each():
    clock = FakeClock()
    order, times = [], {"a": iter([1.0, 0.9, 1.2, 0.8]), "b": iter([0.5, 0.7, 0.4, 0.6]),
                        "c": iter([2.0, 2.5, 1.5, 3.0])}

    def side(name):
        def run():
            order.append(name)
            clock.now += next(times[name])
            return name
        return run

    a, b, c = T.interleave([side("a"), side("b"), side("c")], repeats=3, clock=clock,
                           batched=[False, False, False])
    assert order == ["a", "b", "c"] * 3      # one sizing round (the first batch), two more
    assert (a.seconds, b.seconds, c.seconds) == pytest.approx((0.9, 0.4, 1.5))   # best of 3
    assert (a.result, a.runs, a.batches) == ("a", 1, 3)
    with pytest.raises(ValueError, match="repeats"):
        T.interleave([side("a")], repeats=0, clock=clock)
    with pytest.raises(ValueError, match="one clock"):
        T.interleave([side("a"), side("b")], clock=[clock], batched=[True, True])


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
    import resource

    monkeypatch.setattr(resource, "getrusage",
                        lambda who: argparse.Namespace(**usage) if who ==
                        resource.RUSAGE_CHILDREN else pytest.fail("not the children"))
    assert T.children_cpu_clock() == 1.5
    ticks = iter([10.0, 10.25])                     # the child's CPU time before and after
    pons = c4.Pons(fake_solver(tmp_path, "right", "m + ' ' + PUB.get(m, '0')"),
                   clock=lambda: next(ticks))
    seconds, out = pons.run(["4453"])
    assert seconds == 0.25 and out == [["0"]]


def test_every_row_grades_its_load_per_core():
    readings = iter([(1.5, 1.0, 1.0), (2.5, 1.2, 1.0)])
    load = T.Load(lambda: next(readings), ncores=2)
    assert load.cells() == {T.LOAD_KEY: 1.25} and load.value == 2.5   # the higher of the two
    readings = iter([(25.0, 1.0, 1.0), (0.4, 1.0, 1.0)])
    assert T.Load(lambda: next(readings), ncores=2).cells() == {T.LOAD_KEY: 12.5}
    readings = iter([(2.1, 0, 0), (2.1, 0, 0)])
    assert T.Load(lambda: next(readings), ncores=2).per_core() == 1.05   # 2.1 and 25 differ
    assert "2 cores" in T.load_note(2) and T.LOAD_KEY in T.load_note(2)


def test_every_row_gets_a_load_and_the_title_says_what_it_means():
    readings = iter([(3.0, 0, 0), (3.5, 0, 0)])
    section = Section("x", "A table", lambda: [{"a": 1}, {"a": 2, T.LOAD_KEY: 0.25}])
    wrapped = with_load(section, load=lambda: T.Load(lambda: next(readings), ncores=2))
    assert wrapped.title.startswith(f"A table (`{T.LOAD_KEY}`")
    assert wrapped.rows() == [{"a": 1, T.LOAD_KEY: 1.75}, {"a": 2, T.LOAD_KEY: 0.25}]


def test_every_table_has_a_load_column_in_its_title():
    for section in all_sections(options()):
        assert f"`{T.LOAD_KEY}`" in section.title, section.name


# ------------------------------------------------------------------ --repeats everywhere
class Stop(Exception):
    """Raised by the spies at a table's first timing, with the N it was asked for."""


def _spy_on_timing(monkeypatch):
    """Every timing function of every bench module (and the tournament's calibration)
    replaced by a spy that stops the table with the repeats it was given."""
    import importlib
    import pkgutil

    import qsearch.arena.tournament as tournament
    import qsearch.bench as bench

    def stop(repeats):
        raise Stop(repeats)

    spies = {"interleave": lambda runs, repeats=3, *a, **k: stop(repeats),
             "compare": lambda peer, ours, repeats=3, *a, **k: stop(repeats),
             "cpu_time": lambda run, repeats=3, *a, **k: stop(repeats),
             "cpu_best_of": lambda repeats, run, *a, **k: stop(repeats)}
    modules = [T] + [importlib.import_module(f"qsearch.bench.{m.name}")
                     for m in pkgutil.iter_modules(bench.__path__) if not m.name.startswith("_")]
    for module in modules:
        for name, spy in spies.items():
            if hasattr(module, name):
                monkeypatch.setattr(module, name, spy)
    monkeypatch.setattr(tournament, "calibrate", lambda _c, repeats: stop(repeats))


# tables timed by the shared functions; the solver tables time single solves in a loop of N
# (tested below), the Quarto demo call's runs are fixed
SPIED = {"search", "heuristics", "heuristic-search", "expectiminimax-openspiel",
         "expectiminimax-star", "mcts", "reversi-perft", "reversi-alphabeta", "parcheckers",
         "parcheckers-games", "quarto-games", "quarto-solver-twin", "quiescence",
         "search-core", "tournament-times"}


@pytest.mark.parametrize("quick", [True, False])
def test_repeats_is_honoured_by_every_table(monkeypatch, quick):
    pytest.importorskip("pyspiel")
    _spy_on_timing(monkeypatch)
    asked = {}
    for section in all_sections(options(repeats=4, quick=quick)):
        if section.name not in SPIED:
            continue
        with pytest.raises(Stop) as stopped:
            section.rows()
        asked[section.name] = stopped.value.args[0]
    expected = SPIED - ({"quiescence"} if "quiescence" not in asked else set())
    assert asked == {name: 4 for name in expected}


def test_the_solver_tables_solve_each_position_best_of_n(monkeypatch):
    from qsearch.bench import quarto_solver as qs
    from qsearch.games import OwnPieceQuarto

    calls = []
    real = c4.cpu_time
    monkeypatch.setattr(c4, "cpu_time", lambda *a, **k: calls.append(1) or real(*a, **k))
    (row,) = c4.solve_table(DATA, {"Test_L3_R1": 2}, repeats=3)
    assert row["positions"] == 2 and len(calls) == 2 * 3
    ticks = []
    monkeypatch.setattr(qs, "cpu_clock", lambda: ticks.append(1) or 0.0)
    qs.cost_table(OwnPieceQuarto, range(12, 11, -1), samples=1, repeats=3)
    assert len(ticks) == 2 * 3                      # start and end of each of 3 solves


def test_repeats_is_refused_by_name_where_runs_are_fixed():
    titles = {s.name: s for s in all_sections(options(repeats=2))}
    assert titles["quarto"].fixed_runs and "`--repeats` does not apply" in titles["quarto"].title
    assert "does not apply" not in titles["quarto-games"].title
    assert "does not apply" not in {s.name: s for s in all_sections(options())}["quarto"].title
    with pytest.raises(ValueError, match="--repeats does not apply.*quarto: the median of 100"):
        all_sections(options(repeats=2, only="quarto"))
    assert all_sections(options(repeats=2, only="quarto,quarto-games"))   # one takes it
    assert main(["bench", "--only", "quarto", "--repeats", "3"]) == 2


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
    ticks = iter(range(100_000))
    rows = openspiel_table(1, repeats=1, clock=lambda: next(ticks))
    with_eval, zero, ours = rows
    assert with_eval["nodes"] == zero["nodes"] == counted["calls"]
    assert "calls of its expectiminimax" in with_eval["nodes are"]
    assert "Python" in with_eval["evaluation"] and zero["evaluation"].startswith("none")
    assert zero["value"] == 0.0 and with_eval["value"] == ours["value"]
    # each run one tick of the fake clock: equal times, no time in the evaluation
    assert with_eval["ours faster, whole search"] == zero["ours faster, whole search"] == 1.0
    assert with_eval["evaluation's share"] == "0%"
    # equal times, so the side with more nodes spends less on each
    assert with_eval["ours faster per node"] == pytest.approx(ours["nodes"] / zero["nodes"])
    assert with_eval["nodes"] > ours["nodes"]        # ordered rolls, an action per move order
    assert ours["same value"] == ours["same play"] == "yes"


def test_mcts_rows_compare_the_same_simulations_on_both_sides():
    pytest.importorskip("pyspiel")
    from qsearch.bench.mcts_reversi import mcts_table

    rows = mcts_table(cpp_sizes=(60, 120), python_iterations=30, twin_iterations=40, repeats=1)
    assert [(r["peer"].split(" (")[0], r["simulations (each side)"]) for r in rows] == [
        ("qsearch reference twin", 40), ("OpenSpiel pyspiel.MCTSBot", 60),
        ("OpenSpiel pyspiel.MCTSBot", 120), ("OpenSpiel mcts.MCTSBot", 30)]
    for r in rows:
        assert r["x peer"] == pytest.approx(r["peer CPU time"] / r["compiled CPU time"])
        assert r["compiled simulations/s"] == pytest.approx(
            r["simulations (each side)"] / r["compiled CPU time"])
        assert T.LOAD_KEY in r


# ------------------------------------------------------------------ benchmarks/pure_speed.py
def _pure_speed():
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "benchmarks" / "pure_speed.py"
    spec = importlib.util.spec_from_file_location("pure_speed", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_pure_speed_takes_the_median_cpu_time_with_the_peer_in_turn(monkeypatch):
    ps = _pure_speed()
    cpu, order = FakeClock(), []
    monkeypatch.setattr(ps.time, "process_time", cpu)
    monkeypatch.setattr(ps.time, "perf_counter", lambda: pytest.fail("wall clock read"))
    ours_times, peer_times = iter([3.0, 1.0, 2.0]), iter([9.0, 7.0, 8.0])

    def ours():
        order.append("ours")
        cpu.now += next(ours_times)
        return {"values": [0.0], "nodes": 5, "leaves": 3}

    def peer():
        order.append("peer")
        cpu.now += next(peer_times)
        return {"values": [0.0], "leaves": 3}

    monkeypatch.setattr(ps, "WORKLOADS", {"w": ours})
    monkeypatch.setattr(ps, "PEERS", {"w": peer})
    monkeypatch.setattr(ps, "has_openspiel", lambda: True)
    out = ps.time_workloads(3)
    assert order == ["ours", "peer"] * 3
    w = out["timings"]["w"]
    assert (w["median"], w["peer"]["median"]) == (2.0, 8.0)      # medians, not the best
    text = ps.table({"compiled": out, "pure": out}, 3)
    assert "median of 3" in text and "CPU times" in text and "load average per core" in text
    row = next(line for line in text.splitlines() if line.startswith("| w "))
    assert row.endswith("| 1.0x | 8.00 s | 0.2x | 4.0x |")   # pure/compiled, peer, ratios


def test_pure_speed_refuses_a_peer_that_searched_another_tree(monkeypatch):
    ps = _pure_speed()
    monkeypatch.setattr(ps, "WORKLOADS", {"w": lambda: {"values": [1.0], "nodes": 5,
                                                       "leaves": 3}})
    monkeypatch.setattr(ps, "PEERS", {"w": lambda: {"values": [1.0], "leaves": 4}})
    monkeypatch.setattr(ps, "has_openspiel", lambda: True)
    with pytest.raises(RuntimeError, match="searched another tree"):
        ps.time_workloads(1)
