"""Agents in their own processes: every way to lose a game by mistake is caught, recorded
with its reason, and the league goes on; processes are reused and limits hold."""
import json
import sys

import pytest

from qsearch.games import load
from qsearch.league import AgentError, Limits, Sandbox, read_agent, run_league

STEADY = "NAME = 'steady'\ndef choose(state):\n    return state.legal_actions()[0]\n"

# name -> (source, reason, a piece of the recorded detail)
BROKEN = {
    "sleeper": ("def choose(state):\n    while True:\n        pass\n",
                "timeout", "no move within 0.5 s"),
    "crash_at_import": ("import not_a_module_anywhere\n", "import error",
                        "No module named 'not_a_module_anywhere'"),
    "no_choose": ("def chose(state):\n    return 0\n", "no choose", "it defines: chose"),
    "raiser": ("def choose(state):\n    return 1 / 0\n", "exception", "ZeroDivisionError"),
    "reads_input": ("def choose(state):\n    return int(input())\n", "exception", "EOFError"),
    "illegal": ("def choose(state):\n    return 99\n", "illegal", "chose 99"),
    "malformed": ("def choose(state):\n    return 'the centre'\n", "malformed",
                  "'the centre' (str)"),
    "flood": ("def choose(state):\n    while True:\n        print('x' * 1000)\n", "flood",
              "printed more than 20,000 bytes"),
    "loops_at_import": ("while True:\n    pass\n", "import timeout",
                        "did not finish within 1 s"),
    "dies": ("import os\ndef choose(state):\n    os._exit(3)\n", "crash", "exit status 3"),
    "hog": ("def choose(state):\n    return len(bytearray(4 * 1024**3))\n", "memory",
            "MemoryError"),
}
LIMITS = Limits(move_time=0.5, load_time=1.0, output_bytes=20_000, memory_mb=1024)


@pytest.fixture(scope="module")
def broken_league(tmp_path_factory):
    folder = tmp_path_factory.mktemp("agents")
    (folder / "steady.py").write_text(STEADY)
    (folder / "chatty.py").write_text("def choose(state):\n    print('thinking ' * 10)\n"
                                      "    return state.legal_actions()[-1]\n")
    for name, (source, _, _) in BROKEN.items():
        (folder / f"{name}.py").write_text(source)
    return run_league("tictactoe", folder, tmp_path_factory.mktemp("out"), limits=LIMITS,
                      games_per_pair=1, focus="steady", progress=False, samples=50)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(BROKEN))
def test_each_mistake_loses_its_game_with_its_reason(broken_league, name):
    _, reason, detail = BROKEN[name]
    row = broken_league.row(name)
    assert row["forfeits"] == {reason: 1} and row["points"] == 0
    (forfeit,) = [f for f in broken_league.forfeits() if f["agent"] == name]
    assert forfeit["reason"] == reason
    assert detail in forfeit["detail"]


@pytest.mark.slow
def test_the_league_goes_on_and_the_leaderboard_says_why(broken_league):
    steady = broken_league.row("steady")
    assert steady["games"] == len(BROKEN) + 1
    assert all(broken_league.row(name)["rank"] > steady["rank"] for name in BROKEN)
    assert steady["forfeits"] == {} and steady["points"] >= len(BROKEN)
    assert broken_league.row("chatty")["forfeits"] == {}         # a little output is fine
    board = (broken_league.out / "leaderboard.md").read_text()
    for _, reason, _ in BROKEN.values():
        assert f"{reason} 1" in board
    csv = (broken_league.out / "leaderboard.csv").read_text().splitlines()
    assert "forfeit timeout" in csv[0] and len(csv) == len(BROKEN) + 3


@pytest.mark.slow
def test_one_process_serves_many_games_and_a_kill_starts_a_new_one(tmp_path):
    path = tmp_path / "counting.py"
    path.write_text("calls = 0\ndef choose(state):\n    global calls\n    calls += 1\n"
                    "    if calls > 5:\n        return -1\n"    # memory kept across games
                    "    if SEED % 7 == 0 and calls == 2:\n        while True:\n"
                    "            pass\n"
                    "    return state.legal_actions()[0]\n")
    sandbox = Sandbox(read_agent(path), Limits(move_time=0.5))
    game = {"name": "tictactoe", "module": None, "factory": False}

    def play(seed):
        """The agent (seat 0) against 'last legal action'; AgentError when it fails."""
        sandbox.new_game(game, [], 0, seed)
        state, sent = load("tictactoe"), 0
        while not state.is_terminal():
            action, seconds = sandbox.choose(state.history()[sent:], 0.5)
            sent = len(state.history())
            assert action in state.legal_actions() and seconds < 0.5
            state.apply_action(action)
            if not state.is_terminal():
                state.apply_action(state.legal_actions()[-1])

    try:
        for seed in (1, 2, 3):
            play(seed)                  # five moves each: memory kept would end at -1
        assert sandbox.starts == 1
        with pytest.raises(AgentError, match="timeout"):
            play(7)
        assert not sandbox.alive()
        play(8)
        assert sandbox.starts == 2
    finally:
        sandbox.close()
    assert not sandbox.alive()


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_CPU as on Linux")
def test_the_cpu_limit_ends_a_process_that_burns_cpu(tmp_path):
    (tmp_path / "steady.py").write_text(STEADY)
    (tmp_path / "burner.py").write_text(
        "import threading\ndef spin():\n    while True:\n        pass\n"
        "def choose(state):\n    for _ in range(2):\n"
        "        threading.Thread(target=spin, daemon=True).start()\n"
        "    while True:\n        pass\n")
    result = run_league("tictactoe", tmp_path, None, games_per_pair=1, progress=False,
                        samples=0, limits=Limits(move_time=20.0, cpu_time=1.0))
    (forfeit,) = result.forfeits()
    assert forfeit["agent"] == "burner" and forfeit["reason"] == "cpu"
    assert "SIGXCPU" in forfeit["detail"]


@pytest.mark.slow
def test_sandboxed_and_in_process_games_are_the_same(tmp_path):
    from qsearch.league import example_agents

    isolated = run_league("connect4", example_agents(), None, games_per_pair=4, seed=5,
                          progress=False, samples=0)
    here = run_league("connect4", example_agents(), None, games_per_pair=4, seed=5,
                      progress=False, samples=0, isolated=False)
    assert [(r["a"], r["b"], r["g"], r["actions"]) for r in isolated.records] == \
        [(r["a"], r["b"], r["g"], r["actions"]) for r in here.records]
    assert len({tuple(r["start"]) for r in here.records}) == 2      # two openings


def test_limits_refuse_nonsense():
    for bad in ({"move_time": 0}, {"move_time": float("nan")}, {"game_time": -1},
                {"memory_mb": 100}, {"output_bytes": -5}, {"load_time": True}):
        with pytest.raises(ValueError):
            Limits(**bad)
    assert Limits(**Limits(move_time=0.2).to_dict()) == Limits(move_time=0.2)


def test_the_child_cannot_claim_the_supervisors_forfeits():
    """The agent's child may report only what it sees itself (a bad file, an exception, no
    choose, memory, a malformed action); a child answering that it timed out, crashed, used its
    CPU or flooded is forging its answer: a protocol forfeit (it was recorded as it said)."""
    from qsearch.league.worker import CHILD_REASONS, _checked

    for reason in sorted(CHILD_REASONS):
        line = json.dumps({"error": reason, "detail": "d"}).encode() + b"\n"
        assert _checked(line, "move") == {"error": reason, "detail": "d"}
    for reason in ("crash", "timeout", "cpu", "flood", "import timeout", "protocol", "nope"):
        line = json.dumps({"error": reason, "detail": "d"}).encode() + b"\n"
        answer = _checked(line, "move")
        assert answer["error"] == "protocol", (reason, answer)
        assert "cannot report" in answer["detail"]
