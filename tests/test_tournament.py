"""Document 002's tournaments: positions, players, records, resuming, executors (Dask too)."""
import json
import random
import shutil
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from qsearch.__main__ import main
from qsearch.arena import match
from qsearch.arena import positions as P
from qsearch.arena import tournament as T
from qsearch.games import Connect4, Hypergammon, Reversi

# They play real tournament games: sized for the compiled engines.
pytestmark = pytest.mark.compiled_speed


# --------------------------------------------------------------------------- positions
@pytest.mark.parametrize("game", P.GAMES)
def test_ten_positions_with_the_documents_side_to_move(game):
    states = P.positions(game)
    assert len(states) == 10
    start = P.initial(game)
    assert str(states[0]) == str(start)
    for k, s in enumerate(states, 1):
        assert not s.is_terminal()
        assert P._to_move(game, s) == P.first_player(game, k)
    # pure functions of (game, number): rebuilt from scratch they are the same
    P._position.cache_clear()
    assert [str(s) for s in P.positions(game)] == [str(s) for s in states]
    assert len({str(s) for s in states}) == 10


def test_side_to_move_is_the_documents():
    assert [P.first_player("connect4", k) for k in range(1, 11)] == [0, 1, 1, 1, 1, 1, 1, 0, 0, 1]
    assert {P.first_player("reversi", k) for k in range(1, 11)} == {0}
    assert [P.first_player("hypergammon", k) for k in range(1, 11)] == [0] * 7 + [1] * 3
    assert isinstance(P.position("hypergammon", 1), Hypergammon)
    assert isinstance(P.position("reversi", 1), Reversi)
    with pytest.raises(ValueError, match="1-10"):
        P.position("connect4", 11)
    with pytest.raises(ValueError, match="unknown game"):
        P.position("chess", 1)


@pytest.mark.compiled_speed       # Connect-4's rule is alpha-beta at depth 8: minutes in pure
def test_generated_positions_are_judged_balanced():
    for game in P.GAMES:
        for s in P.positions(game)[1:]:
            assert P.balanced(game, s)


@pytest.mark.compiled_speed
@pytest.mark.parametrize("game", P.GAMES)
def test_the_recorded_attempts_are_the_ones_the_rule_finds(game):
    """The entry's ``kept`` attempts (positions made without the balance searches) are the
    ones the rule finds trying attempt after attempt, and give the same positions."""
    searched = [P.searched_position(game, k) for k in range(1, 11)]
    assert tuple(attempt for _, attempt in searched) == P.tournament(game).kept
    assert [str(s) for s, _ in searched] == [str(s) for s in P.positions(game)]


def test_a_wrong_recorded_attempt_gives_another_position(monkeypatch):
    import dataclasses

    record, right = P.tournament("connect4"), str(P.position("connect4", 2))
    wrong = dataclasses.replace(record, kept=(0, 2) + record.kept[2:])
    with monkeypatch.context() as patch:
        patch.setattr(P, "tournament", lambda game: wrong)
        P._position.cache_clear()
        moved = str(P.position("connect4", 2))
    P._position.cache_clear()
    assert moved != right and str(P.position("connect4", 2)) == right


# --------------------------------------------------------------- document 002's heuristic
def _brute_line_weights(state, player):
    """§4.1 from scratch on the printed board: open 2-lines that are not part of an open
    3-line (same player), open 3-lines; 1/6 and 5/6."""
    rows = [r.split() for r in str(state).splitlines()[:6]][::-1]     # row 0 = bottom
    mark = {"x": 0, "o": 1}

    def owner(r, c):
        return mark.get(rows[r][c], -1)

    def counts(p):
        windows = []
        for r in range(6):
            for c in range(7):
                for dr, dc in ((0, 1), (1, 0), (1, 1), (-1, 1)):
                    cells = [(r + k * dr, c + k * dc) for k in range(4)]
                    if all(0 <= a < 6 and 0 <= b < 7 for a, b in cells):
                        windows.append(cells)
        threes, twos = [], []
        for w in windows:
            own = [x for x in w if owner(*x) == p]
            if any(owner(*x) == 1 - p for x in w):
                continue
            (threes if len(own) == 3 else twos if len(own) == 2 else []).append(set(own))
        return sum(1 for t in twos if not any(t <= h for h in threes)), len(threes)

    (a2, a3), (b2, b3) = counts(player), counts(1 - player)
    return (a2 - b2) / 6 + 5 * (a3 - b3) / 6


def test_connect4_heuristic_is_section_4_1():
    from qsearch.heuristics.connect4 import line_weights
    assert T._evaluator("connect4") is line_weights
    rng = random.Random(4)
    seen = 0
    for _ in range(300):
        s = Connect4()
        for _ in range(rng.randrange(3, 30)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        seen += 1
        for p in (0, 1):
            assert line_weights.evaluate(s, p) == pytest.approx(_brute_line_weights(s, p))
    assert seen > 100


# --------------------------------------------------------------------------- tables
def test_document_tables_and_its_sums():
    for table in T.TABLES.values():
        doc = T.DOC_RESULTS[table.doc_id]
        assert len(doc) == len(table.rows) and all(len(r) == len(table.cols) for r in doc)
    # §4.2: alpha-beta self-play at equal depth sums 33.5 - 16.5; MCTS 29 - 31
    assert sum(T.DOC_RESULTS["4.9"][i][i] for i in range(5)) == 33.5
    assert sum(T.DOC_RESULTS["4.10"][i][i] for i in range(6)) == 29
    assert len([t for t in T.TABLES if not t.endswith("t")]) + len(T.DOC_TIMES) == 19


def test_players_and_bad_specs():
    assert T.make_player("connect4", "ab3").name == "Poda 3"
    assert T.make_player("hypergammon", "eml2").options["limit"] == T.LIMIT
    assert T.make_player("reversi", "mcts13", 5).iterations == 5
    for game, spec in (("connect4", "em2"), ("hypergammon", "ab3"), ("reversi", "abx"),
                       ("connect4", "mcts0"), ("connect4", "foo")):
        with pytest.raises(ValueError):
            T.make_player(game, spec)
    with pytest.raises(TypeError):
        T.make_player("connect4", 3)
    with pytest.raises(ValueError, match="unknown table"):
        T.run(["4.99"], "/nonexistent")


def _lines(path):
    return path.read_text().splitlines()


def test_run_resume_and_executor_give_the_same_games(tmp_path):
    serial, pooled = tmp_path / "serial", tmp_path / "pool"
    ids = ["4.3", "4.16"]
    T.run(ids, serial, progress=False, limit=6)
    first = {t: T.read_records(serial / f"{t}.jsonl") for t in ids}
    assert all(len(v) == 6 for v in first.values())
    # a run killed while writing: the cut line is played again, nothing twice
    path = serial / "4.3.jsonl"
    text = path.read_text()
    path.write_text(text[: text.rindex("{") + 20])
    rep = T.run(ids, serial, progress=False, limit=2)
    assert rep.skipped == {"4.3": 5, "4.16": 6} and rep.played == {"4.3": 2, "4.16": 2}
    again = T.read_records(path)
    assert len(again) == 7
    for key, rec in first["4.3"].items():
        assert again[key]["actions"] == rec["actions"]
    with ProcessPoolExecutor(2) as pool:
        T.run(ids, pooled, executor=pool, progress=False, limit=8)
    for t in ids:
        a, b = T.read_records(serial / f"{t}.jsonl"), T.read_records(pooled / f"{t}.jsonl")
        assert set(a) <= set(b) and len(a) >= 7
        for key in a:
            assert a[key]["actions"] == b[key]["actions"]
            assert a[key]["nodes"] == b[key]["nodes"] and a[key]["white"] == b[key]["white"]


def test_records_replay_and_check(tmp_path):
    T.run(["4.17"], tmp_path, progress=False, limit=4)
    records = T.read_records(tmp_path / "4.17.jsonl")
    for rec in records.values():
        T.replay("4.17", rec)
        # the actions replay legally to the recorded winner
        s = P.position("hypergammon", rec["position"])
        for a in rec["actions"]:
            legal = [o for o, _ in s.chance_outcomes()] if s.is_chance_node() \
                else s.legal_actions()
            assert a in legal
            s.apply_action(a)
        assert s.is_terminal() and list(s.returns()) == rec["returns"]
        assert len(rec["nodes"][0]) + len(rec["nodes"][1]) <= rec["plies"]
    bad = dict(next(iter(records.values())))
    bad["actions"] = bad["actions"][:-1] + [bad["actions"][-1] + 1]
    with pytest.raises(AssertionError, match="actions differs"):
        T.replay("4.17", bad)


def test_a_file_of_another_configuration_is_refused_and_kept(tmp_path):
    T.run(["4.9"], tmp_path, progress=False, limit=2)
    path = tmp_path / "4.9.jsonl"
    header = json.loads(_lines(path)[0])
    header["tournament"]["seed"] = 7
    shutil.copy(path, tmp_path / "keep")
    lines = _lines(path)
    path.write_text("\n".join([json.dumps(header)] + lines[1:]) + "\n")
    before = path.read_text()
    with pytest.raises(ValueError, match="another configuration.*seed"):
        T.run(["4.9"], tmp_path, progress=False, limit=2)
    assert path.read_text() == before


def test_time_pairing_needs_a_calibration(tmp_path):
    with pytest.raises(ValueError, match="calibrate"):
        T.run(["4.5t"], tmp_path, progress=False, limit=1)
    cal = {"iterations": {"connect4": dict.fromkeys(T.MATCHED["connect4"], 3)}}
    cfg = T.config(T.TABLES["4.5t"], cal)
    assert cfg["iterations"]["mcts170"] == 3
    rec = T.play_one(cfg, "mcts170", "ab3", 1)
    assert all(n <= 4 for n in rec["nodes"][1])       # 3 iterations: at most 4 tree nodes


def test_table_text(tmp_path):
    T.run(["4.18"], tmp_path, progress=False, limit=10)
    text = T.write_tables(tmp_path)
    assert "Table 4.18" in text and "| Em 1 |" in text and "(6 - 4)" in text
    assert (tmp_path / "tables.csv").read_text().startswith("table,white,first")
    assert T.grid(T.TABLES["4.18"], T.read_records(tmp_path / "4.18.jsonl"))[0][0] is not None


# --------------------------------------------------------------------------- command line
@pytest.mark.slow
def test_cli_errors(tmp_path, capsys):
    assert main(["tournament", "4.77", "--out", str(tmp_path)]) == 2
    assert "unknown table '4.77'" in capsys.readouterr().err
    assert main(["tournament", "4.3", "--out", str(tmp_path), "--limit", "1",
                 "--no-progress"]) == 0
    kept = (tmp_path / "4.3.jsonl").read_text()
    code = main(["tournament", "4.3", "--out", str(tmp_path), "--scheduler",
                 "tcp://127.0.0.1:1", "--timeout", "1s"])
    assert code == 2 and "cannot reach the Dask scheduler" in capsys.readouterr().err
    assert (tmp_path / "4.3.jsonl").read_text() == kept
    # recalibrating over time-matched records would orphan them: refused, files kept
    (tmp_path / "calibration.json").write_text("{}")
    (tmp_path / "4.5t.jsonl").write_text("{}\n")
    assert main(["tournament", "4.3", "--out", str(tmp_path), "--calibrate"]) == 2
    assert "already holds time-matched records" in capsys.readouterr().err
    assert (tmp_path / "calibration.json").read_text() == "{}"


# --------------------------------------------------------------------------- Dask
@pytest.mark.slow
def test_dask_local_cluster_equals_serial(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    from qsearch.arena import SearchPlayer
    from qsearch.heuristics.connect4 import line_weights

    a = SearchPlayer("alphabeta", 2, line_weights, win_value=1000.0)
    b = T.MCTSPlayer(30)
    starts = P.positions("connect4")[:4]
    serial = match(starts, a, b, 8, seed=3, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = match(starts, a, b, 8, seed=3, progress=False, executor=client.get_executor())
        T.run(["4.17"], tmp_path / "dask", executor=client.get_executor(), progress=False,
              limit=8)
        # the command line, pointed at the cluster's scheduler address (as at a real one)
        assert main(["tournament", "4.17", "--out", str(tmp_path / "cli"), "--limit", "8",
                     "--no-progress", "--scheduler", cluster.scheduler_address]) == 0
    assert [g.actions for g in on_dask.games] == [g.actions for g in serial.games]
    assert [g.nodes for g in on_dask.games] == [g.nodes for g in serial.games]
    T.run(["4.17"], tmp_path / "serial", progress=False, limit=8)
    d = T.read_records(tmp_path / "dask" / "4.17.jsonl")
    s = T.read_records(tmp_path / "serial" / "4.17.jsonl")
    c = T.read_records(tmp_path / "cli" / "4.17.jsonl")
    assert {k: v["actions"] for k, v in d.items()} == {k: v["actions"] for k, v in s.items()}
    assert {k: v["actions"] for k, v in c.items()} == {k: v["actions"] for k, v in s.items()}


def test_time_tables_and_bench_section():
    times = T.time_tables(repeats=1)
    assert set(times) == set(T.DOC_TIMES)
    for table_id, (_game, specs) in T.DOC_TIMES.items():
        assert set(times[table_id]) == set(specs)
        assert all(t > 0 for t in times[table_id].values())
    # deeper searches take longer (measured: alpha-beta depth 7 vs 3 is ~40x here)
    assert times["4.1"]["ab7"] > times["4.1"]["ab3"]
    from qsearch.bench.tournaments import sections
    (name, _title, _rows), = sections(type("O", (), {"quick": True, "repeats": None})())
    assert name == "tournament-times"


@pytest.mark.slow
def test_calibration_matches_every_count(tmp_path):
    cal = T.calibrate(tmp_path / "calibration.json", repeats=1)
    assert T.load_calibration(tmp_path) == json.loads(json.dumps(cal))
    assert set(cal["times"]) == set(T.DOC_TIMES)
    for game, matched in T.MATCHED.items():
        assert set(cal["iterations"][game]) == set(matched)
        for spec, n in cal["iterations"][game].items():
            m = cal["matching"][game][spec]
            assert n >= 1 and m["iterations"] == n
            assert (m["partner"], m["target"]) == T.partner_of(game, spec)
            assert m["moves"] > 20 and m["ratio"] > 0
            assert n in [r["iterations"] for r in m["rounds"]]


def test_cli_replay_checks_the_records(tmp_path, capsys):
    assert main(["tournament", "4.16", "4.9", "--out", str(tmp_path), "--limit", "3",
                 "--no-progress"]) == 0
    assert main(["tournament", "4.16", "4.9", "--out", str(tmp_path), "--replay", "2"]) == 0
    assert "table 4.16: 2 recorded games re-played, identical" in capsys.readouterr().err
    path = tmp_path / "4.9.jsonl"
    lines = path.read_text().splitlines()
    rec = json.loads(lines[1])
    rec["actions"][-1] = 99                        # a corrupted record is caught
    path.write_text("\n".join([lines[0], json.dumps(rec)] + lines[2:]) + "\n")
    assert main(["tournament", "4.9", "--out", str(tmp_path), "--replay", "3"]) == 1
    assert "differs on replay" in capsys.readouterr().err
    with pytest.raises(ValueError, match="k must be"):
        T.check(tmp_path, "4.9", 0)


@pytest.mark.parametrize("damage", ["no header", "cut header", "header without iterations"])
def test_a_records_file_without_a_whole_header_is_refused_and_kept(tmp_path, damage):
    T.run(["4.9"], tmp_path, progress=False, limit=3)
    path = tmp_path / "4.9.jsonl"
    lines = _lines(path)
    if damage == "no header":
        lines = lines[1:]
    elif damage == "cut header":
        lines[0] = lines[0][: len(lines[0]) // 2]
    else:
        header = json.loads(lines[0])
        del header["tournament"]["iterations"]
        lines[0] = json.dumps(header)
    path.write_text("\n".join(lines) + "\n")
    before = path.read_text()
    for attempt in (lambda: T.run(["4.9"], tmp_path, progress=False, limit=3),
                    lambda: T.check(tmp_path, ["4.9"]),
                    lambda: T.write_tables(tmp_path)):
        with pytest.raises(ValueError, match="header"):
            attempt()
    assert path.read_text() == before


def test_tables_are_labelled_with_the_iterations_the_games_were_played_with(tmp_path):
    cal = {"iterations": {"connect4": dict.fromkeys(T.MATCHED["connect4"], 3)},
           "times": {}}
    cfg = T.config(T.TABLES["4.5t"], cal)
    path = tmp_path / "4.5t.jsonl"
    rec = T.play_one(cfg, "mcts8", "ab3", 1)
    path.write_text(json.dumps({"tournament": cfg}) + "\n" + json.dumps(rec) + "\n")
    committed = Path(__file__).parent.parent / "benchmarks" / "tournaments" / "calibration.json"
    shutil.copy(committed, tmp_path / "calibration.json")      # other counts (27 for mcts8)
    assert T.load_calibration(tmp_path)["iterations"]["connect4"]["mcts8"] != 3
    text = T.write_tables(tmp_path)
    section = text.split("## Table 4.5t")[1].split("\n## ")[0]     # the table, not the time tables
    assert "| MCTS 3 |" in section
    calibrated = T.load_calibration(tmp_path)["iterations"]["connect4"]["mcts8"]
    assert f"MCTS {calibrated} " not in section and f"MCTS {calibrated}|" not in section


def test_the_cli_reads_the_committed_run_from_any_directory_and_refuses_an_empty_folder(
        tmp_path):
    import subprocess
    import sys

    cli = [sys.executable, "-m", "qsearch", "tournament"]
    out = subprocess.run(cli + ["--replay", "1", "4.3"], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert out.returncode == 0 and "table 4.3: 1 recorded games re-played" in out.stderr
    empty = subprocess.run(cli + ["--tables-only", "--out", str(tmp_path / "none")],
                           capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert empty.returncode == 2 and "no tournament records" in empty.stderr
    fresh = subprocess.run(cli + ["4.5t", "--limit", "2", "--no-progress", "--out",
                                  str(tmp_path / "run")], capture_output=True, text=True,
                           cwd=tmp_path, timeout=300)
    assert fresh.returncode == 0, fresh.stderr
    assert "using the committed calibration" in fresh.stderr
    assert "table 4.5t: 2 games played (0 already recorded)" in fresh.stderr
