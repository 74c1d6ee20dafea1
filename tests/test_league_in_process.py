"""A league in the league's own process (issue 46: the browser site starts no processes):
agents that print too much lose by "flood" as in their own process; where no process can be
started (QSEARCH_LEAGUE_IN_PROCESS, or a browser) a league plays in-process and says so; and
lesson 11's saved records, played by agents in jails, are played again move for move by the
same agents in-process, in the compiled and in the pure build."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from qsearch.league import course_agents, example_agents, run_league
from qsearch.league.runner import SLACK, close_agents, play_fixtures
from qsearch.league.sandbox import IN_PROCESS_ENV, Limits, no_processes

ROOT = Path(__file__).resolve().parents[1]
SAVED = ROOT / "notebooks" / "data" / "11_class_league"
# What a record of a game says of the game itself (not of the machine: times, jail, tag)
SAME = ("a", "b", "g", "a_seat", "opening", "start", "seed", "digests", "actions", "returns",
        "winner", "score_a", "plies")


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).write_text(text)


def test_an_in_process_agent_that_prints_too_much_loses_by_flood(tmp_path, capsys):
    write(tmp_path, "chatterbox.py", "def choose(state):\n    while True:\n        print('hmm')\n")
    write(tmp_path, "stubborn.py",         # catches the flood, and goes on printing a little
          "def choose(state):\n    try:\n        print('x' * 5000)\n    except BaseException:\n"
          "        pass\n    return state.legal_actions()[0]\n")
    write(tmp_path, "polite.py",           # prints under the limit: plays, and is not shown
          "def choose(state):\n    print('my move')\n    return state.legal_actions()[-1]\n")
    result = run_league("tictactoe", tmp_path, None, games_per_pair=2, isolated=False,
                        limits=Limits(output_bytes=1000), progress=False, samples=0)
    reasons = {}
    for f in result.forfeits():
        reasons.setdefault(f["agent"], set()).add(f["reason"])
    assert reasons == {"chatterbox": {"flood"}, "stubborn": {"flood"}}
    detail = next(f["detail"] for f in result.forfeits() if f["agent"] == "chatterbox")
    assert "printed more than 1,000 bytes in one game; it began:\nhmm\nhmm" in detail
    assert result.row("polite")["forfeits"] == {} and result.row("polite")["rank"] == 1
    assert "my move" not in capsys.readouterr().out


def test_where_no_process_can_start_a_league_plays_in_process_and_says_so(
        tmp_path, monkeypatch):
    monkeypatch.delenv(IN_PROCESS_ENV, raising=False)
    if sys.platform != "emscripten":
        assert no_processes() == ""
    monkeypatch.setenv(IN_PROCESS_ENV, "1")
    assert no_processes() == f"{IN_PROCESS_ENV} is set"
    with pytest.warns(RuntimeWarning, match="league's own process, not isolated: "
                                            f"{IN_PROCESS_ENV} is set"):
        result = run_league("tictactoe", example_agents(), None, games_per_pair=2,
                            progress=False, samples=0)
    assert {r["jail"] for r in result.records} == {"in-process"}
    assert result.isolation.startswith("agents ran in the league's own process")
    assert "Agents were not isolated** in 6 of 6 games" in result.to_markdown()
    with pytest.raises(RuntimeError, match="one is required"):
        run_league("tictactoe", example_agents(), None, sandbox="require", progress=False)
    with pytest.raises(ValueError, match="sandbox must be one of"):
        run_league("tictactoe", example_agents(), None, sandbox="jail", progress=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")      # on purpose: no warning
        run_league("tictactoe", example_agents(), None, games_per_pair=2, sandbox="none",
                   progress=False, samples=0)
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.delenv(IN_PROCESS_ENV)
    assert "browser" in no_processes()


def saved(name: str) -> tuple[dict, list[dict]]:
    """A saved league's settings and records (notebooks/data/11_class_league/NAME)."""
    with (SAVED / name / "games.jsonl").open() as f:
        header, *records = (json.loads(line) for line in f)
    return header["league"], records


def replayed_in_process(name: str, agents, pick) -> list[tuple[dict, dict]]:
    """``(record, the same game played again in this process)`` for the records ``pick``
    chooses of the saved league ``name`` (its agents ``agents``), with the replays' slack."""
    settings, records = saved(name)
    chosen = pick(records)
    context = {"game": settings["game"], "limits": settings["limits"],
               "seed": settings["seed"], "agents": [s.to_dict() for s in agents],
               "openings": settings["openings"], "isolated": False, "sandbox": "none"}
    try:
        again = play_fixtures(context, [(r["a"], r["b"], r["g"]) for r in chosen],
                              slack=SLACK)
    finally:
        close_agents()
    return list(zip(chosen, again, strict=True))


def one_game_a_pair(records, agents) -> list[dict]:
    ids = {s.id for s in agents}
    firsts = {}
    for r in records:
        if {r["a"], r["b"]} <= ids:
            firsts.setdefault((r["a"], r["b"]), r)
    return list(firsts.values())


def check_saved_leagues(bots: int = 4) -> int:
    """Play again in this process, and compare, one jailed game of each pair of the lesson's
    saved leagues whose agents all ship with qsearch: the class league's examples on
    Connect-4, the gauntlet's greedy example against the course's first ``bots`` bots on
    ParCheckers. Returns how many games were compared."""
    compared = 0
    examples = example_agents()
    gauntlet = [s for s in examples if s.id == "greedy_agent"] + \
        course_agents("parcheckers")[:bots]
    for name, agents in (("class", examples), ("gauntlet", gauntlet)):
        for record, again in replayed_in_process(
                name, agents, lambda records, agents=agents: one_game_a_pair(records, agents)):
            assert record["jail"].startswith("bubblewrap") and again["jail"] == "in-process"
            assert {k: again[k] for k in SAME} == {k: record[k] for k in SAME}, \
                (name, record["a"], record["b"], record["g"])
            assert [(f["agent"], f["reason"]) for f in again["forfeits"]] == \
                [(f["agent"], f["reason"]) for f in record["forfeits"]]
            compared += 1
    return compared


def test_the_lessons_jailed_games_are_the_same_games_in_process():
    import qsearch

    bots = 4 if qsearch.compiled else 3     # bot 3: about a minute a move in pure Python
    assert check_saved_leagues(bots) == 3 + bots


@pytest.mark.slow
def test_the_lessons_jailed_games_are_the_same_games_in_process_in_pure_python():
    """The same check in the pure build (the browser's), whatever build runs the tests;
    without bot 3, whose minimax to depth 4 takes about a minute a move in pure Python."""
    script = ("import sys; sys.path.insert(0, sys.argv[1]); import qsearch; "
              "import test_league_in_process as t; print(qsearch.compiled, "
              "t.check_saved_leagues(bots=3))")
    env = {**os.environ, "QSEARCH_PURE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", script, str(ROOT / "tests")], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["False", "6"]
