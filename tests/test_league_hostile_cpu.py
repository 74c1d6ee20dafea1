"""The hostile agents of tests/league_hostile/cpu/, which need a league of their own: one
CPU second a game (the corpus's league allows ten) and two workers (each worker's agents on a
core of their own). Each attack is asserted as in tests/test_league_hostile.py: the CPU
limit is hard (raising it, or ignoring SIGXCPU, still forfeits with ``cpu``), and an agent
cannot unpin itself from its worker's core."""
import json
import os
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from qsearch.league import Limits, run_league
from qsearch.league.jail import find_jail

HERE = Path(__file__).resolve().parent / "league_hostile"
ATTACKS = sorted(p.stem for p in (HERE / "cpu").glob("*.py"))
VICTIM = "aaa_victim"
LIMITS = Limits(move_time=20.0, load_time=5.0, cpu_time=1.0, processes=32, file_mb=8)
JAIL, WHY = find_jail()
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(JAIL is None, reason=f"no sandbox here: {WHY}")]


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    folder = tmp_path_factory.mktemp("agents")
    helper = (HERE / "_hostile.py").read_text().replace("PARAMS = {}", "PARAMS = {'x': 1}")
    (folder / "_hostile.py").write_text(helper)
    for name in ATTACKS:
        shutil.copy(HERE / "cpu" / f"{name}.py", folder / f"{name}.py")
    (folder / f"{VICTIM}.py").write_text("def choose(state):\n"
                                         "    return state.legal_actions()[0]\n")
    result = run_league("tictactoe", folder, tmp_path_factory.mktemp("out"), limits=LIMITS,
                        games_per_pair=1, focus=VICTIM, sandbox="require", progress=False,
                        samples=0, workers=2)
    return SimpleNamespace(result=result, forfeit={f["agent"]: f for f in result.forfeits()})


def report(attacked, name) -> dict:
    forfeit = attacked.forfeit[name]
    assert forfeit["reason"] == "exception", forfeit
    line = [x for x in forfeit["detail"].splitlines() if "REPORT " in x][-1]
    return json.loads(line.split("REPORT ", 1)[1])


def test_the_league_finishes_and_the_victim_never_forfeits(attacked):
    assert attacked.result.played == len(ATTACKS) == 3
    assert VICTIM not in attacked.forfeit


@pytest.mark.parametrize("name", ["raise_cpu_limit", "ignore_sigxcpu"])
def test_the_cpu_limit_holds_whatever_the_agent_does(attacked, name):
    assert attacked.forfeit[name]["reason"] == "cpu", attacked.forfeit[name]


@pytest.mark.skipif(not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2,
                    reason="pinning needs Linux and two cores")
def test_a_workers_agent_stays_on_its_core(attacked):
    outcome = report(attacked, "spin_threads")
    assert len(outcome["pinned"]) == 1 and outcome["now"] == outcome["pinned"]
    assert outcome["unpin"] != "done"
    assert outcome["threads"] == 16                     # its spinners ran, on that core
