"""Running a league: resuming after a kill, replaying records, executors, the CLI end to end,
the course's bots, a class's own game and notebook functions as agents."""
import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("choix")        # imported at collection: it takes seconds

from qsearch.games import load  # noqa: E402
from qsearch.league import (  # noqa: E402
    Limits,
    check,
    course_agents,
    example_agents,
    replay,
    run_league,
    try_agent,
)
from qsearch.league.ratings import sequential_elo  # noqa: E402
from qsearch.league.runner import elo_ordered_games  # noqa: E402
from qsearch.league.schedule import RECORDS  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def keyed(result):
    return {(r["a"], r["b"], r["g"]): (r["actions"], r["winner"], r["seed"])
            for r in result.records}


def test_a_killed_league_resumes_with_nothing_lost_or_played_twice(tmp_path):
    whole = run_league("tictactoe", example_agents(), tmp_path / "whole", games_per_pair=4,
                       isolated=False, progress=False, samples=0)
    assert whole.played == 12 and whole.skipped == 0
    path = tmp_path / "cut" / RECORDS
    path.parent.mkdir()
    data = (tmp_path / "whole" / RECORDS).read_bytes()
    lines = data.splitlines(keepends=True)
    keep = sum(len(line) for line in lines[:6]) + len(lines[6]) // 2   # header, 5 games, half
    path.write_bytes(data[:keep])
    resumed = run_league("tictactoe", example_agents(), tmp_path / "cut", games_per_pair=4,
                         isolated=False, progress=False, samples=0)
    assert (resumed.played, resumed.skipped) == (7, 5)
    assert keyed(resumed) == keyed(whole)
    lines = path.read_text().splitlines()[1:]
    games = [json.loads(line) for line in lines if line.endswith("}")]
    assert len(lines) == len(games) + 1                 # the cut line, left as it was
    assert sorted((g["a"], g["b"], g["g"]) for g in games) == sorted(keyed(whole))
    again = run_league("tictactoe", example_agents(), tmp_path / "cut", games_per_pair=4,
                       isolated=False, progress=False, samples=0)
    assert (again.played, again.skipped) == (0, 12)
    with pytest.raises(ValueError, match="other settings.*games_per_pair"):
        run_league("tictactoe", example_agents(), tmp_path / "cut", games_per_pair=2,
                   isolated=False, progress=False, samples=0)


def test_a_changed_agent_file_replays_only_its_games(tmp_path):
    folder = tmp_path / "agents"
    folder.mkdir()
    for spec in example_agents():
        (folder / Path(spec.target).name).write_text(Path(spec.target).read_text())
    run_league("tictactoe", folder, tmp_path / "out", games_per_pair=2, isolated=False,
               progress=False, samples=0)
    path = folder / "random_agent.py"
    path.write_text(path.read_text().replace('NAME = "random"', 'NAME = "random v2"'))
    second = run_league("tictactoe", folder, tmp_path / "out", games_per_pair=2,
                        isolated=False, progress=False, samples=0)
    assert (second.played, second.skipped, second.stale) == (4, 2, 4)
    assert second.row("random_agent")["agent"] == "random v2"


@pytest.mark.slow
def test_records_replay_and_positions_follow_from_them(tmp_path):
    result = run_league("connect4", example_agents(), tmp_path, games_per_pair=4, seed=2,
                        isolated=False, progress=False, samples=0)
    record = result.records[-1]
    states = result.states(record)
    assert len(states) == record["plies"] + 1 and states[-1].is_terminal()
    assert [float(r) for r in states[-1].returns()] == record["returns"]
    assert replay(result, record, isolated=False)["actions"] == record["actions"]
    tampered = dict(record, actions=record["actions"][:-1])
    with pytest.raises(AssertionError, match="actions differ"):
        replay(result, tampered, isolated=False)
    assert check(result, 3) == 3               # in the agents' own processes
    ids = [spec.id for spec in result.agents]
    ordered = elo_ordered_games(ids, result.records)       # the leaderboard's Elo order
    assert sorted((g.a, g.b, g.score) for g in ordered) == sorted(
        (r["a"], r["b"], r["score_a"]) for r in result.records if r["score_a"] is not None)
    elo = sequential_elo(ids, ordered)
    assert all(elo[i] == pytest.approx(result.row(i)["elo"]) for i in ids)


def test_forfeits_at_load_and_a_double_forfeit(tmp_path):
    (tmp_path / "steady.py").write_text("def choose(state):\n    return state.legal_actions()[0]\n")
    (tmp_path / "no_file_choose.py").write_text("X = 1\n")
    (tmp_path / "bad_import.py").write_text("import nowhere_to_be_found\n")
    result = run_league("tictactoe", tmp_path, None, games_per_pair=2, isolated=False,
                        progress=False, samples=20)
    both = [r for r in result.records if {r["a"], r["b"]} == {"bad_import", "no_file_choose"}]
    assert all(r["score_a"] is None and len(r["forfeits"]) == 2 for r in both)
    assert result.row("steady")["points"] == 4 and result.row("steady")["rank"] == 1
    for name, reason in (("bad_import", "import error"), ("no_file_choose", "no choose")):
        row = result.row(name)
        assert row["forfeits"] == {reason: 4} and row["losses"] == 4 and row["points"] == 0


def test_a_game_time_limit_loses_the_game_on_time(tmp_path):
    (tmp_path / "slowish.py").write_text(
        "import time\ndef choose(state):\n    time.sleep(0.04)\n"
        "    return state.legal_actions()[0]\n")
    (tmp_path / "quick.py").write_text("def choose(state):\n    return state.legal_actions()[-1]\n")
    result = run_league("connect4", tmp_path, None, games_per_pair=2, isolated=False,
                        progress=False, samples=0, move_time=1.0, game_time=0.1)
    reasons = {f["agent"]: f["detail"] for f in result.forfeits()}
    assert set(reasons) == {"slowish"} and "0.1 s for the game" in reasons["slowish"]


def test_bad_input_is_refused_with_a_clear_message(tmp_path):
    with pytest.raises(ValueError, match="needs 2 agents or more, not 1"):
        run_league("tictactoe", [example_agents()[0]], None, progress=False)
    with pytest.raises(ValueError, match="two-player"):
        run_league("openspiel:kuhn_poker(players=3)", example_agents(), None, progress=False)
    with pytest.raises(ValueError, match="executor or workers"):
        run_league("tictactoe", example_agents(), None, workers=2, executor=object())
    with pytest.raises(ValueError, match="workers"):
        run_league("tictactoe", example_agents(), None, workers=0)
    with pytest.raises(ValueError, match="not both"):
        run_league("tictactoe", example_agents(), None, move_time=1, limits=Limits())
    twin = tmp_path / "random_agent.py"
    twin.write_text("def choose(state):\n    return 0\n")
    with pytest.raises(ValueError, match="same id|id 'random_agent'"):
        run_league("tictactoe", [*example_agents(), twin], None, progress=False)


@pytest.mark.slow
def test_the_cli_plays_tictactoe_with_the_examples(tmp_path):
    def cli(*args):
        return subprocess.run([sys.executable, "-m", "qsearch", "league", "tictactoe",
                               "--examples", "--out", str(tmp_path), "--games-per-pair", "2",
                               "--no-progress", "--samples", "100", *args],
                              capture_output=True, text=True, cwd=ROOT)

    first = cli()
    assert first.returncode == 0, first.stderr
    assert "6 games played (0 already recorded)" in first.stderr
    assert "| 1 | alphabeta_agent | alpha-beta depth 4 |" in first.stdout
    with (tmp_path / "leaderboard.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert sorted(r["id"] for r in rows) == ["alphabeta_agent", "greedy_agent", "random_agent"]
    assert sum(float(r["points"]) for r in rows) == 6
    assert (tmp_path / "head_to_head.png").stat().st_size > 1000
    again = cli("--replay", "2")
    assert again.returncode == 0, again.stderr
    assert "0 games played (6 already recorded)" in again.stderr
    assert "2 recorded games re-played, identical" in again.stderr
    bad = subprocess.run([sys.executable, "-m", "qsearch", "league", "tictactoe", "--out",
                          str(tmp_path / "x")], capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "name a folder of agent files" in bad.stderr


@pytest.mark.slow
def test_a_pool_and_dask_play_the_same_games(tmp_path):
    distributed = pytest.importorskip("dask.distributed")
    here = run_league("connect4", example_agents(), None, games_per_pair=2, progress=False,
                      samples=0)
    pooled = run_league("connect4", example_agents(), None, games_per_pair=2, progress=False,
                        samples=0, workers=2)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        on_dask = run_league("connect4", example_agents(), tmp_path, games_per_pair=2,
                             progress=False, samples=0, executor=client.get_executor())
    assert keyed(here) == keyed(pooled) == keyed(on_dask)


@pytest.mark.slow
def test_the_course_bots_are_fixed_opponents_on_parcheckers(tmp_path):
    random_agent = [s for s in example_agents() if s.id == "random_agent"]
    result = run_league("parcheckers", random_agent + course_agents("parcheckers")[1:3],
                        tmp_path, games_per_pair=2, progress=False, samples=100)
    assert result.row("random_agent")["beats_course"] is False
    assert result.row("course-2")["beats_course"] is None
    assert "beats the course" in (tmp_path / "leaderboard.md").read_text()
    with pytest.raises(ValueError, match="parcheckers"):
        run_league("tictactoe", example_agents(), None, course=True, progress=False)
    # one student's agent against the course: the bots make it a league
    lone = run_league("parcheckers", random_agent, tmp_path / "lone", course=True,
                      games_per_pair=2, progress=False, samples=50, focus="random_agent")
    assert lone.row("random_agent")["beats_course"] is False


@pytest.mark.slow
def test_a_class_game_and_a_notebook_function_cross_to_the_agents(tmp_path, monkeypatch):
    from qsearch.games import registry

    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    (tmp_path / "takeaway_game.py").write_text(
        "from qsearch.games import register\n"
        "class TakeAway:\n"
        "    def __init__(self, counters=9):\n"
        "        self.counters, self.player, self.winner = counters, 0, None\n"
        "    def current_player(self):\n"
        "        return -4 if self.winner is not None else self.player\n"
        "    def legal_actions(self):\n"
        "        return [] if self.winner is not None else "
        "[k for k in (1, 2, 3) if k <= self.counters]\n"
        "    def apply_action(self, k):\n"
        "        self.counters -= k\n"
        "        if self.counters == 0:\n"
        "            self.winner = self.player\n"
        "        self.player = 1 - self.player\n"
        "    def clone(self):\n"
        "        c = TakeAway(self.counters)\n"
        "        c.player, c.winner = self.player, self.winner\n"
        "        return c\n"
        "    def is_terminal(self):\n"
        "        return self.winner is not None\n"
        "    def returns(self):\n"
        "        if self.winner is None:\n"
        "            return [0.0, 0.0]\n"
        "        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]\n"
        "register('league_takeaway', TakeAway)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import takeaway_game  # noqa: F401  (registers the game here)

    def perfect(state):
        """Leave a multiple of 4 when possible."""
        return state.counters % 4 or 1

    result = run_league("league_takeaway", [perfect, *example_agents()], tmp_path / "out",
                        games_per_pair=2, progress=False, samples=50)
    assert result.game.module == "takeaway_game"
    assert (tmp_path / "out" / "agents" / "perfect.py").exists()
    assert result.row("perfect")["forfeits"] == {} and result.row("perfect")["rank"] == 1
    assert result.row("perfect")["wins"] >= 5
    by_path = run_league("takeaway_game:TakeAway", [perfect, *example_agents()[:1]], None,
                         games_per_pair=2, progress=False, samples=0)
    assert by_path.game.factory and by_path.row("perfect")["points"] == 2


@pytest.mark.slow
def test_try_agent_plays_a_student_file_against_the_examples(tmp_path):
    from qsearch.league.examples import write_template

    mine = write_template(tmp_path / "mine.py")
    result = try_agent(mine, "tictactoe", games_per_pair=2)
    assert sorted(r["id"] for r in result.rows) == [
        "alphabeta_agent", "greedy_agent", "mine", "random_agent"]
    assert result.row("mine")["games"] == 6 and result.row("random_agent")["games"] == 2
    assert load("tictactoe").legal_actions()       # nothing of the league leaks into games
