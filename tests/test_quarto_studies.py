"""Lesson 09's saved studies (qsearch.documents.quarto_studies): random games in chunks of one
stream, the seat match a game a unit, searches of positions; pure Python re-runs only what it
can afford; the committed files re-check on a sample on both builds, and forged ones fail."""
import json
import random
from pathlib import Path

import pytest
from helpers import run_json_check

import qsearch
from qsearch.core.saved_study import StudyMismatch
from qsearch.documents import quarto_studies as studies
from qsearch.games import OwnPieceQuarto, Quarto

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / studies.FOLDER


def counts(returns):
    returns = [int(r) for r in returns]
    return {"first": returns.count(1), "second": returns.count(-1), "draws": returns.count(0)}


def test_chunks_are_the_games_of_one_call(tmp_path):
    path = tmp_path / "games.json"
    run, got = studies.random_games(path, seed=7, games=3000, chunk=500, full=True)
    assert got == counts(OwnPieceQuarto.random_playouts(3000, seed=7)[0])
    assert run.full and len(run.results) == 6
    units = json.loads(path.read_text())["units"]
    assert units[2] == {"stream": "09", "game": "OwnPieceQuarto", "seed": 7, "first": 1000,
                        "games": 500}                  # a playout study's chunk
    again, got_again = studies.random_games(path, seed=7, games=3000, chunk=500, full=False,
                                            sample=6)
    assert got_again == got and again.checked == 6 and not again.full


def test_the_lessons_games_are_lesson_03s_stream_09():
    """Lesson 09's file holds exactly the chunks of lesson 03's stream "09" (the same seed
    2021, the same cut): the same games, saved twice."""
    ours = json.loads((FOLDER / "random_games.json").read_text())
    lesson_03 = json.loads((ROOT / "notebooks" / "data" / "03_quarto_simulation" /
                            "random_games.json").read_text())
    pairs = [(u, r) for u, r in zip(lesson_03["units"], lesson_03["results"], strict=True)
             if u["stream"] == "09"]
    assert ours["units"] == [u for u, _r in pairs] and len(pairs) == 20
    assert ours["results"] == [r for _u, r in pairs]


def test_a_forged_chunk_or_chain_is_refused(tmp_path):
    path = tmp_path / "games.json"
    studies.random_games(path, seed=7, games=2000, chunk=500, full=True)
    saved = json.loads(path.read_text())
    forged = json.loads(json.dumps(saved))
    forged["results"][1]["arrays"][0][0][1] += 1      # one more game of the first value
    path.write_text(json.dumps(forged))
    with pytest.raises(StudyMismatch, match="the file says"):
        studies.random_games(path, seed=7, games=2000, chunk=500, full=False, sample=4)
    forged = json.loads(json.dumps(saved))
    forged["results"][0]["draws"] += 2                # the next chunk starts elsewhere
    path.write_text(json.dumps(forged))
    with pytest.raises(StudyMismatch, match="the file says"):
        studies.random_games(path, seed=7, games=2000, chunk=500, full=False, sample=4)
    path.write_text(json.dumps(saved))
    with pytest.raises(StudyMismatch, match="units are not"):    # another seed
        studies.random_games(path, seed=8, games=2000, chunk=500, full=False, sample=0)
    with pytest.raises(ValueError):
        studies.random_games(path, games=1000, chunk=0)


def test_the_sample_is_drawn_among_affordable_units(tmp_path):
    path = tmp_path / "s.json"
    units = [{"n": n} for n in (5, 10**9, 7, 10**9)]

    def compute(unit):
        return {"nodes": unit["n"]}
    studies.run_study(path, "costs", units, compute, full=True)
    ran = []
    run = studies.run_study(path, "costs", units, lambda u: ran.append(u) or compute(u),
                            full=False, sample=3, affordable=lambda u, r: r["nodes"] < 100)
    assert run.checked == 2 and sorted(u["n"] for u in ran) == [5, 7]
    assert run.results == [compute(u) for u in units]
    with pytest.raises(StudyMismatch):
        studies.run_study(path, "costs", units, lambda u: {"nodes": 0}, full=False, sample=1,
                          affordable=lambda u, r: True)


def test_seat_games_and_counts():
    assert studies.seat_counts(["a", "b", "draw", "a", "a"], 0) == {"a": 2, "draw": 1, "b": 0}
    assert studies.seat_counts(["a", "b", "draw", "a", "a"], 1) == {"a": 1, "draw": 0, "b": 1}
    assert studies.seat_counts(["a", "b"]) == {"a": 1, "draw": 0, "b": 1}
    from qsearch.arena import RandomPlayer, match
    played = match(OwnPieceQuarto, studies.seat_player(), RandomPlayer(), 4, seed=666,
                   progress=False)
    assert [studies.seat_game(i) for i in range(4)] == [
        "draw" if g.winner is None else "a" if g.winner == g.a_seat else "b"
        for g in played.games]


@pytest.mark.parametrize("game", [OwnPieceQuarto, Quarto])
def test_actions_of_reaches_the_same_position(game):
    rng = random.Random(3)
    for _i in range(100):
        s = game()
        for _ply in range(rng.randint(0, 20)):
            if s.is_terminal():
                break
            s.apply_action(rng.choice(s.legal_actions()))
        if s.is_terminal():
            continue
        again = game.from_actions(studies.actions_of(s))
        assert str(again) == str(s) and again.current_player() == s.current_player()


def test_search_units():
    rng = random.Random(5)
    while True:                              # a random standard position, 9 pieces placed
        s = Quarto()
        while not s.is_terminal() and (s.num_placed() < 9 or s.piece_in_hand() is None):
            s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal():
            break
    actions = studies.actions_of(s)
    solver = studies.search({"game": "standard", "actions": actions, "engine": "solver",
                             "bits": 16, "weak": True})
    verifier = studies.search({"game": "standard", "actions": actions, "engine": "verifier",
                               "bits": 16})
    plain = studies.search({"game": "standard", "actions": actions, "engine": "alphabeta",
                            "depth": 32, "tt": 16})
    assert solver["value"] == verifier["value"] == (plain["value"] > 0) - (plain["value"] < 0)
    for bad in ({"game": "chess", "engine": "solver"}, {"game": "own", "engine": "mcts"}, []):
        with pytest.raises(ValueError):
            studies.search(bad)


def test_folder_is_found_from_the_lessons_folders(tmp_path):
    assert studies.folder(ROOT / "notebooks" / "es") == FOLDER
    assert studies.folder(ROOT / "notebooks") == FOLDER
    with pytest.raises(FileNotFoundError):
        studies.folder(tmp_path)


def committed_search_studies():
    """(path, name, units) of every committed study of searches (read from the files: the
    lesson's nbval run checks that its units are these)."""
    for path in sorted(FOLDER.glob("*.json")):
        saved = json.loads(path.read_text())
        if all(isinstance(u, dict) and "engine" in u for u in saved["units"]):
            yield path, saved["study"], saved["units"]


CHECK_COMMITTED = """
import json, sys
import qsearch
from qsearch.documents import quarto_studies as studies
folder = studies.folder(sys.argv[1])
out = {"compiled": qsearch.compiled}
run, got = studies.random_games(folder / "random_games.json", full=False, sample=1)
out["random games"] = [run.checked, got]
run = studies.seat_match(folder / "seat_match.json", full=False, sample=1)
out["seat match"] = [run.checked, run.results.count("b")]
for path in sorted(folder.glob("*.json")):
    saved = json.loads(path.read_text())
    if all(isinstance(u, dict) and "engine" in u for u in saved["units"]):
        run = studies.searches(path, saved["study"], saved["units"], full=False, sample=1)
        out[path.name] = run.checked
print(json.dumps(out))
"""


def check_committed(pure: bool) -> dict:
    return run_json_check(CHECK_COMMITTED, str(ROOT), pure)


@pytest.mark.slow
@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_the_committed_studies_recheck_on_a_sample(pure):
    if not pure and not qsearch.compiled:
        pytest.skip("the compiled build is not here")
    out = check_committed(pure)
    assert out["compiled"] is (not pure)
    assert out["random games"] == [1, {"first": 486_043, "second": 494_131, "draws": 19_826}]
    assert out["seat match"] == [1, 31]               # 31 games lost to the random player
    searched = {k: v for k, v in out.items() if k.endswith(".json")}
    assert len(searched) >= 5 and sum(searched.values()) >= 4


def test_a_forged_search_result_is_refused(tmp_path):
    path, name, units = next((path, name, units) for path, name, units
                             in committed_search_studies()
                             if any(r["nodes"] < 20_000
                                    for r in json.loads(path.read_text())["results"]))
    saved = json.loads(path.read_text())
    cheap = [i for i, r in enumerate(saved["results"]) if r["nodes"] < 20_000]
    saved["results"][cheap[0]]["nodes"] += 1
    forged = tmp_path / path.name
    forged.write_text(json.dumps(saved))
    with pytest.raises(StudyMismatch, match="the file says"):
        studies.run_study(forged, name, units, studies.search, full=False, sample=len(units),
                          affordable=lambda u, r: r["nodes"] < 20_000)
