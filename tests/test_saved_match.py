"""qsearch.arena.saved_match's chunks and compact mode: a match saved in chunks of games,
keeping each game's actions or only its outcome (and an extra number of its final position),
is rebuilt game for game as match() plays it, on the sample path too; a cut or forged file is
refused. (One game a unit with its actions: tests/test_lesson03_studies.py.)"""
import json
from dataclasses import asdict

import pytest

from qsearch.arena import RandomPlayer, SearchPlayer, match
from qsearch.arena.saved_match import (
    extras,
    game_results,
    rebuild_outcome,
    result_nodes,
    saved_match,
    within_nodes,
)
from qsearch.core.saved_study import StudyMismatch
from qsearch.games import OwnPieceQuarto
from qsearch.search.quarto_ab import ab_minimax

GAMES, SEED, CHUNK = 7, 9, 3          # chunks of 3, 3 and 1 games


def small_player():
    return SearchPlayer(ab_minimax, depth=1, win_check=True, name="ab1")


def placed(state):
    """An extra number of a game's final position: the pieces on the board."""
    return state.num_placed()


def played():
    return match(OwnPieceQuarto, small_player(), RandomPlayer(), GAMES, seed=SEED,
                 progress=False)


def saved(path, full, **options):
    options.setdefault("chunk", CHUNK)
    return saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), GAMES,
                       seed=SEED, full=full, **options)


def outcome(game):
    return (game.returns, game.winner, game.plies, game.nodes, game.index, game.a_seat,
            game.seed)


def test_chunks_of_outcomes_rebuild_the_match_game_for_game(tmp_path):
    path, games = tmp_path / "m.json", played().games
    run, first = saved(path, True, keep="outcome", extra=placed)
    assert run.wrote and len(run.results) == 3 and [len(r) for r in run.results] == [3, 3, 1]
    assert json.loads(path.read_text())["units"][2] == {"first": 6, "games": 1}
    assert [outcome(g) for g in first.games] == [outcome(g) for g in games]
    finals = [OwnPieceQuarto.from_actions(g.actions) for g in games]
    assert extras(run) == [placed(s) for s in finals] and min(extras(run)) >= 4
    again, rebuilt = saved(path, False, keep="outcome", extra=placed, sample=3)
    assert not again.full and again.checked == 3 and extras(again) == extras(run)
    assert [outcome(g) for g in rebuilt.games] == [outcome(g) for g in games]
    assert all(g.actions == [] for g in rebuilt.games)      # not saved in this mode
    assert rebuilt.table() == played().table()
    assert [result_nodes(r) for r in run.results] == [
        sum(sum(g.nodes) for g in games[k:k + CHUNK]) for k in (0, 3, 6)]


def test_chunks_of_actions_rebuild_the_match_whole(tmp_path):
    path = tmp_path / "m.json"
    saved(path, True)
    again, rebuilt = saved(path, False, sample=1, affordable=within_nodes(10**9))
    assert again.checked == 1
    assert [asdict(g) for g in rebuilt.games] == [asdict(g) for g in played().games]
    with pytest.raises(ValueError, match="without an extra"):
        extras(again)
    assert len(game_results(again)) == GAMES


def test_a_cut_or_forged_file_is_refused(tmp_path):
    path = tmp_path / "m.json"
    saved(path, True, keep="outcome", extra=placed)
    text = path.read_text()
    good = json.loads(text)

    def rewrite(change):
        forged = json.loads(json.dumps(good))
        change(forged)
        path.write_text(json.dumps(forged))

    path.write_text(text[:len(text) // 2])                        # cut short
    with pytest.raises(StudyMismatch, match="not a whole JSON file"):
        saved(path, False, keep="outcome", extra=placed, sample=0)
    rewrite(lambda f: f["results"][1].pop())                      # a chunk lost a game
    with pytest.raises(StudyMismatch, match="does not hold its 3 games"):
        saved(path, False, keep="outcome", extra=placed, sample=0)
    rewrite(lambda f: f["results"].pop())                         # a chunk lost
    with pytest.raises(StudyMismatch, match="2 results for 3 units"):
        saved(path, False, keep="outcome", extra=placed, sample=0)
    rewrite(lambda f: f["results"][0][1][0].reverse())            # game 1's returns swapped
    with pytest.raises(StudyMismatch, match="the file says"):
        saved(path, False, keep="outcome", extra=placed, sample=3)
    rewrite(lambda f: f["results"][2][0].__setitem__(4, 99))      # game 6's extra
    with pytest.raises(StudyMismatch, match="the file says"):
        saved(path, False, keep="outcome", extra=placed, sample=3)
    rewrite(lambda f: f["results"][0][0].__setitem__(1, "x"))     # plies not a number
    with pytest.raises(ValueError, match="malformed"):
        saved(path, False, keep="outcome", extra=placed, sample=0)
    with pytest.raises(StudyMismatch, match="units are not"):     # the file of 1-game units
        saved_match(path, "m", OwnPieceQuarto, small_player(), RandomPlayer(), GAMES,
                    seed=SEED, full=False, keep="outcome", extra=placed)


def test_bad_arguments_are_refused(tmp_path):
    path = tmp_path / "m.json"
    for options, error in (({"chunk": 0}, ValueError), ({"chunk": 2.5}, ValueError),
                           ({"keep": "moves"}, ValueError), ({"extra": placed}, TypeError),
                           ({"keep": "outcome", "extra": 3}, TypeError)):
        with pytest.raises(error):
            saved(path, True, **options)
    assert not path.exists()
    with pytest.raises(ValueError, match="a saved outcome is"):
        rebuild_outcome(SEED, 0, [[1, -1], 5])
    with pytest.raises(ValueError):
        within_nodes(-1)


def test_within_nodes_reads_every_form():
    game_actions, game_outcome = [[1, 2, 3], 10, 20], [[1, -1], 3, 10, 20, 4]
    assert result_nodes(game_actions) == result_nodes(game_outcome) == 30
    assert result_nodes([game_outcome, [[0, 0], 16, 5, 0]]) == 35
    assert result_nodes([game_actions]) == 30                     # a chunk of one game
    rule = within_nodes(30)
    assert rule(0, game_actions) and rule({"first": 0, "games": 1}, [game_outcome])
    assert not rule(0, [game_outcome, game_outcome])
