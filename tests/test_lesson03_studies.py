"""Lesson 03's saved studies: matches a game a unit (qsearch.arena.saved_match) and the lesson's
searches (qsearch.documents.quarto_simulation_studies); the committed files re-check on a
sample on both builds, and forged ones are refused."""
import json
from dataclasses import asdict
from pathlib import Path

import pytest
from helpers import check_studies_in_pure_python

from qsearch.arena import RandomPlayer, SearchPlayer, match
from qsearch.arena.saved_match import game_unit, rebuild, saved_match, within_nodes
from qsearch.core.saved_study import StudyMismatch, run_or_check
from qsearch.documents import quarto_simulation_studies as S
from qsearch.documents.quarto_ab_minimax import DOCUMENT_OPTIONS
from qsearch.games import OwnPieceQuarto
from qsearch.search import alphabeta, minimax
from qsearch.search.quarto_ab import ab_minimax

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks" / "data" / "03_quarto_simulation"


def small_player():
    return SearchPlayer(ab_minimax, depth=2, win_check=True, name="ab2")


def test_a_saved_match_is_rebuilt_game_for_game(tmp_path):
    path = tmp_path / "m.json"
    played = match(OwnPieceQuarto, small_player(), RandomPlayer(), 6, seed=9, progress=False)
    run, first = saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), 6, seed=9,
                             full=True)
    assert run.full and run.wrote and [asdict(g) for g in first.games] == [
        asdict(g) for g in played.games]
    again, rebuilt = saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), 6,
                                 seed=9, full=False, sample=6)
    assert not again.full and again.checked == 6
    assert [asdict(g) for g in rebuilt.games] == [asdict(g) for g in played.games]
    assert (rebuilt.a_name, rebuilt.b_name, rebuilt.seed) == (played.a_name, played.b_name, 9)
    assert rebuilt.counts(0) == played.counts(0) and rebuilt.counts(1) == played.counts(1)


def test_a_saved_match_from_openings(tmp_path):
    openings = [OwnPieceQuarto.from_actions(g.actions[:2]) for g in
                match(OwnPieceQuarto, RandomPlayer(), RandomPlayer(), 2, seed=3,
                      progress=False).games]
    path = tmp_path / "duel.json"
    _run, played = saved_match(path, "d", openings, small_player(), RandomPlayer(), 4, seed=5,
                               full=True)
    _again, rebuilt = saved_match(path, "d", openings, small_player(), RandomPlayer(), 4,
                                  seed=5, full=False, sample=4)
    assert [asdict(g) for g in rebuilt.games] == [asdict(g) for g in played.games]
    assert rebuilt.games[2].actions[:0] == [] and rebuilt.games[3].a_seat == 1


def test_a_forged_game_is_refused(tmp_path):
    path = tmp_path / "m.json"
    saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), 4, seed=9, full=True)
    saved = json.loads(path.read_text())
    forged = json.loads(json.dumps(saved))
    seat = 0                                    # game 0: the alpha-beta moves first
    forged["results"][0][1 + seat] += 1         # one node more than it searched
    path.write_text(json.dumps(forged))
    with pytest.raises(StudyMismatch, match="the file says"):
        saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), 4, seed=9,
                    full=False, sample=4)
    forged = json.loads(json.dumps(saved))
    forged["results"][1][0] = forged["results"][1][0][:3]   # a game cut short
    path.write_text(json.dumps(forged))
    with pytest.raises(ValueError, match="do not end the game"):
        saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), 4, seed=9,
                    full=False, sample=0)
    forged["results"][1][0] = [forged["results"][1][0][0]] * 2      # a square used twice
    path.write_text(json.dumps(forged))
    with pytest.raises(ValueError, match="illegal"):
        rebuild(OwnPieceQuarto, 9, 1, forged["results"][1])


def test_affordable_rules():
    assert within_nodes(10)(0, [[1, 2], 4, 6]) and not within_nodes(10)(0, [[1], 5, 6])
    with pytest.raises(ValueError):
        within_nodes(-1)
    assert S.nodes_within(10)(None, 10) and not S.nodes_within(10)(None, [6, 5])
    assert S.nodes_within(10, lambda r: r[2:])(None, [9, 300, 4, 6])


def position(placed=9, seed=2):
    game = match(OwnPieceQuarto, RandomPlayer(), RandomPlayer(), 1, seed=seed,
                 progress=False).games[0]
    return game.actions[:placed]


def test_the_search_units():
    actions = position()
    s = OwnPieceQuarto.from_actions(actions)
    exact, fast = ab_minimax(s), ab_minimax(s, win_check=True)
    assert S.point_unit(actions) == [exact.value, exact.action, exact.nodes, fast.nodes]
    assert S.depth_unit(["minimax", 2, actions]) == minimax(s, 2, **DOCUMENT_OPTIONS).nodes
    assert S.depth_unit(["alpha-beta", 2, actions]) == alphabeta(
        s, 2, **DOCUMENT_OPTIONS).nodes
    assert S.depth_unit(["wins first", 2, actions]) == alphabeta(
        s, 2, order=S.wins_first, **DOCUMENT_OPTIONS).nodes
    with pytest.raises(ValueError, match="unknown search"):
        S.depth_unit(["best first", 2, actions])
    nodes = S.payoff_unit(actions)
    assert len(nodes) == 3 and nodes[0] == fast.nodes


def fast_player():
    from qsearch.documents.quarto_ab_minimax import document_depth

    return SearchPlayer(ab_minimax, depth=document_depth, win_check=True, name="AB_MINIMAX")


def studies():
    """(file, name, units, compute, affordable) of the lesson's studies, as lesson 03 runs them
    in pure Python (its 2000-game match for the matches)."""
    out = []
    for name, compute, rule in (
            ("search_points", S.point_unit,
             S.nodes_within(50_000, lambda r: r[2:])),
            ("nodes_by_depth", S.depth_unit, S.nodes_within(20_000)),
            ("payoff_nodes", S.payoff_unit, S.nodes_within(20_000))):
        path = FOLDER / f"{name}.json"
        out.append((path, f"03 {name}", json.loads(path.read_text())["units"], compute, rule))
    out.append((FOLDER / "match_2000.json", "03 match_2000", range(2000),
                lambda i: game_unit(OwnPieceQuarto, fast_player(), RandomPlayer(), 666, i),
                within_nodes(110_000)))
    return out


def test_the_committed_studies_recheck_on_a_sample():
    """On this build (compiled in CI): three affordable units of each, as saved; the match's
    counts are the lesson's."""
    for path, name, units, compute, rule in studies():
        run = run_or_check(path, name, units, compute, full=False, sample=3, affordable=rule)
        assert run.checked == (1 if name == "03 search_points" else 3)
    _run, large = saved_match(FOLDER / "match_2000.json", "03 match_2000", OwnPieceQuarto,
                              fast_player(), RandomPlayer(), 2000, seed=666, full=False,
                              sample=0)
    assert large.counts() == {"a": 1986, "draw": 14, "b": 0}       # the lesson's 2000 games
    assert sum(g.plies for g in large.games) > 2000 * 8


@pytest.mark.slow
def test_pure_python_reruns_the_lessons_sample():
    check_studies_in_pure_python("test_lesson03_studies")


def test_a_forged_committed_unit_is_refused(tmp_path):
    path, name, units, compute, rule = studies()[2]
    saved = json.loads(path.read_text())
    cheap = next(i for i, r in enumerate(saved["results"]) if sum(r) < 2_000)
    saved["results"][cheap][1] += 1
    forged = tmp_path / path.name
    forged.write_text(json.dumps(saved))
    with pytest.raises(StudyMismatch, match="the file says"):
        run_or_check(forged, name, units, compute, full=False, sample=1,
                     affordable=lambda u, r: r == saved["results"][cheap])
