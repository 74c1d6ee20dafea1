"""``bench --game`` on dice games: expectiminimax and MCTS, from the first decision.

Pig (qsearch's, which says it has chance), Hypergammon (whose start is the opening roll) and
a class's own dice race (tests/data/dice_race.py, which says nothing of its chance and starts
with a roll), at tiny sizes: each row must be the search it names, run on the position it
names, with the nodes that search counts there.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from qsearch import search as S
from qsearch.bench import game as bench_game
from qsearch.games import GameInfo, load, register, registry
from qsearch.games.registry import import_game_module

ROOT = Path(__file__).resolve().parents[1]
DICE_FILE = ROOT / "tests" / "data" / "dice_race.py"


@pytest.fixture
def tiny(monkeypatch):
    """The quick table's budgets made tiny: 300 nodes, 20 MCTS iterations."""
    monkeypatch.setitem(bench_game.NODES, True, 300)
    monkeypatch.setitem(bench_game.ITERATIONS, True, 20)


@pytest.fixture(scope="module")
def dice_race():
    import_game_module(str(DICE_FILE))
    return sys.modules["dice_race"]


def check_rows(rows, start, rolls):
    """Every row is expectiminimax or MCTS on ``start`` (reached by ``rolls``), with the
    nodes the search counts there."""
    after = f" (after {', '.join(rolls)})" if rolls else ""
    ours = [r for r in rows if r["engine"] != "python (twin)"]
    assert [r["search"] for r in ours] == [
        f"expectiminimax, depth 6, 300 nodes at most{after}", f"MCTS, 20 iterations{after}"]
    assert ours[0]["nodes"] == S.expectiminimax(start, 6, max_nodes=300).nodes
    assert ours[1]["nodes"] == S.mcts(start, 20, seed=0).nodes
    for twin in (r for r in rows if r["engine"] == "python (twin)"):
        same = next(r for r in ours if r["search"] == twin["search"])
        assert twin["nodes"] == same["nodes"]          # the twins count the same nodes


def test_first_decision_rolls_seeded_and_leaves_the_state_alone(dice_race):
    start = dice_race.DiceRace()
    state, rolls = bench_game.first_decision(start)
    assert start.is_chance_node() and start.roll is None          # untouched
    assert not state.is_chance_node() and state.current_player() == 0
    assert rolls == [f"roll {state.roll}"]
    again, rolls_again = bench_game.first_decision(dice_race.DiceRace())
    assert (again.roll, rolls_again) == (state.roll, rolls)
    decided = load("connect4")
    assert bench_game.first_decision(decided) == (decided, [])     # no roll: itself


def test_pig_is_timed_with_expectiminimax_and_mcts(tiny):
    rows = bench_game.game_speed_rows("pig", quick=True)
    start, rolls = bench_game.first_decision(load("pig"))
    check_rows(rows, start, rolls)


def test_a_game_that_starts_with_a_roll_is_searched_after_it(tiny):
    rows = bench_game.game_speed_rows("hypergammon", quick=True)
    start, rolls = bench_game.first_decision(load("hypergammon"))
    assert len(rolls) == 1 and rolls[0].startswith("roll ")        # the opening roll
    check_rows(rows, start, rolls)


def test_a_class_dice_game_is_found_to_have_chance(tiny, dice_race):
    rows = bench_game.game_speed_rows("student_dice_race", quick=True)
    start, rolls = bench_game.first_decision(dice_race.DiceRace())
    assert {r["engine"] for r in rows} == {"python"}                # no twin row: it is Python
    check_rows(rows, start, rolls)


def test_a_class_game_that_says_it_has_chance(tiny, dice_race, monkeypatch):
    monkeypatch.setattr(registry, "_REGISTERED", {})                # undone after
    register("dice_race_said", dice_race.DiceRace, GameInfo(name="dice_race_said", chance=True))
    assert registry.game_info(dice_race.DiceRace()).chance          # said, not looked for
    rows = bench_game.game_speed_rows("dice_race_said", quick=True)
    check_rows(rows, *bench_game.first_decision(dice_race.DiceRace()))


def test_bench_on_a_dice_game_from_its_file():
    out = subprocess.run(
        [sys.executable, "-m", "qsearch", "bench", "--game", "student-dice-race",
         "--game-module", str(DICE_FILE), "--quick", "--repeats", "1"],
        capture_output=True, text=True, cwd=ROOT / "docs", timeout=300, env=dict(os.environ))
    assert out.returncode == 0, out.stderr
    assert "Search speed on student_dice_race" in out.stdout
    rows = [line for line in out.stdout.splitlines() if line.startswith("| ")][1:]
    assert [row.split(" | ")[0] for row in rows] == [
        "| expectiminimax, depth 6, 20,000 nodes at most (after roll 3)",
        "| MCTS, 200 iterations (after roll 3)"]
