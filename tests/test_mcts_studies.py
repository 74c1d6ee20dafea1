"""Lesson 06's saved studies (qsearch.documents.mcts_studies, notebooks/data/06_mcts/): the
committed files hold exactly a whole compiled run, pure Python re-runs a sample to the same
results, and a forged result is refused."""
import json
from pathlib import Path

import pytest
from helpers import check_studies_in_pure_python

from qsearch.core.saved_study import StudyMismatch, load, run_or_check
from qsearch.documents import mcts_studies as M

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data" / "06_mcts"
ITERATIONS = [30, 100, 300, 1_000, 3_000, 10_000, 30_000]     # lesson 06's


def studies():
    """(file, name, units, compute) of both studies, as lesson 06 runs them."""
    visits = M.visit_units({"connect4": ITERATIONS, "reversi": ITERATIONS[:-1]}, seeds=3)
    positions = M.connect4_units(n=12, seed=4) + M.reversi_units(n=10, seed=5)
    return [(DATA / "visit_shares.json", "06_mcts/visit_shares", visits, M.root_visits),
            (DATA / "right_moves.json", "06_mcts/right_moves", positions, M.judge)]


@pytest.mark.slow
@pytest.mark.compiled
def test_the_files_hold_a_whole_compiled_run(monkeypatch):
    monkeypatch.delenv("QSEARCH_SAVE_STUDIES", raising=False)
    for path, name, units, compute in studies():
        run = run_or_check(path, name, units, compute, full=True)   # StudyMismatch if stale
        assert run.full and not run.wrote and run.checked == len(units)
    visits, positions = (load(p, n, u) for p, n, u, _f in studies())
    units = studies()[0][2]
    assert [round(y, 2) for y in M.visit_shares(units, visits, "connect4")[3]] == \
        [0.17, 0.22, 0.37, 0.46, 0.64, 0.77, 0.84]            # the lesson's printed shares
    rows = M.rows(studies()[1][2], positions)
    reversi = [r for r in rows if r["game"] == "reversi"]
    assert len(rows) == 22 and len(reversi) == 10
    assert all(r["ab right"] and r["mcts right"] for r in rows if r["game"] == "connect4")
    assert (sum(r["mcts right"] for r in reversi), sum(r["ab right"] for r in reversi)) == (9, 7)


@pytest.mark.slow
def test_pure_python_reruns_a_sample_to_the_saved_results():
    """As the lesson's pure path does (three units drawn with seed 0), plus one Connect-4
    position (the solver, alpha-beta and 20,000 MCTS iterations) and one Reversi end-game
    value, each computed again by the pure-Python engines."""
    check_studies_in_pure_python("test_mcts_studies", """
        from qsearch.core.saved_study import load
        (path, name, positions, judge), = studies()[1:]
        saved = load(path, name, positions)
        moves = next(i for i, u in enumerate(positions) if "move" in u)
        for i in (0, moves):
            assert judge(positions[i]) == saved[i], positions[i]
    """)


@pytest.mark.compiled
def test_a_forged_result_is_refused(tmp_path):
    path, name, units, compute = studies()[1]
    data = json.loads(path.read_text())
    i = next(i for i, u in enumerate(units) if u["game"] == "connect4")
    data["results"][i][1] = (data["results"][i][1] + 1) % 7      # MCTS's move, forged
    forged = tmp_path / "right_moves.json"
    forged.write_text(json.dumps(data))
    with pytest.raises(StudyMismatch, match="the file says"):
        run_or_check(forged, name, units, compute, full=False, sample=len(units))
    with pytest.raises(StudyMismatch, match="1 of 101 units"):
        run_or_check(forged, name, units, compute, full=True)


def test_units_and_their_errors():
    assert M.visit_units({"connect4": [10]}, seeds=2) == [
        {"game": "connect4", "iterations": 10, "seed": 0},
        {"game": "connect4", "iterations": 10, "seed": 1}]
    with pytest.raises(ValueError, match="seeds must be >= 1"):
        M.visit_units({"connect4": [10]}, seeds=0)
    with pytest.raises(ValueError, match="names its game"):
        M.root_visits({"game": "chess", "iterations": 10, "seed": 0})
    units = M.visit_units({"connect4": [20]}, seeds=2)
    results = [M.root_visits(u) for u in units]
    assert all(sum(r) == 20 and len(r) == 7 for r in results)
    shares = M.visit_shares(units, results, "connect4")
    assert list(shares) == list(range(7))
    assert sum(s[0] for s in shares.values()) == pytest.approx(1.0)
    reversi = M.reversi_units(n=1, seed=5)
    assert "seed" in reversi[0] and all("move" in u for u in reversi[1:])
    assert [u["move"] for u in reversi[1:]] == M._state(reversi[0]).legal_actions()
