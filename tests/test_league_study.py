"""The separation study (qsearch.league.study): its rows follow from the games it played,
and a study kept in a folder resumes from its records, checked, instead of playing again."""
from __future__ import annotations

import json

import pytest

from qsearch.arena import wilson_interval
from qsearch.league import example_agents, games_needed, separation_study
from qsearch.league.leaderboard import points_of
from qsearch.league.runner import run_league
from qsearch.league.study import records_folder


@pytest.fixture(scope="module")
def pair():
    agents = {s.id: s for s in example_agents()}
    return agents["greedy_agent"], agents["random_agent"]


def test_rows_are_the_games_of_each_repeat(pair):
    rows = separation_study("tictactoe", [pair], sizes=(2, 4), repeats=2, seed=5, samples=20)
    assert [(r["games"]) for r in rows] == [2, 4] and rows.played == 8 and rows.resumed == 0
    runs = [run_league("tictactoe", list(pair), None, games_per_pair=4, seed=5 + r,
                       isolated=False, progress=False, samples=0).records for r in range(2)]
    for row in rows:
        n = row["games"]
        scores = [sum(points_of(rec, pair[0].id) for rec in run[:n]) for run in runs]
        assert row["mean score"] == pytest.approx(sum(s / n for s in scores) / 2)
        apart = [not (lambda lo, hi: lo <= 0.5 <= hi)(*wilson_interval(s, n)) for s in scores]
        assert row["Wilson apart"] == sum(apart) / 2
    assert set(games_needed(rows)) == {rows[0]["pair"]}


def test_a_study_kept_in_a_folder_resumes_and_a_forged_record_is_played_again(pair, tmp_path):
    first = separation_study("tictactoe", [pair], sizes=(2, 4), repeats=2, seed=1,
                             samples=20, out=tmp_path)
    assert (first.played, first.resumed) == (8, 0)
    again = separation_study("tictactoe", [pair], sizes=(2, 4), repeats=2, seed=1,
                             samples=20, out=tmp_path)
    assert (again.played, again.resumed) == (0, 8) and list(again) == list(first)

    # a record whose result was changed by hand fails its checks and is played again
    path = records_folder(tmp_path, pair[0].id, pair[1].id, 1) / "games.jsonl"
    lines = path.read_text().splitlines()
    record = json.loads(lines[1])
    record["returns"] = [-x for x in record["returns"]] if any(record["returns"]) else [1, -1]
    lines[1] = json.dumps(record)
    path.write_text("\n".join(lines) + "\n")
    with pytest.warns(RuntimeWarning, match="fail their checks"):
        third = separation_study("tictactoe", [pair], sizes=(2, 4), repeats=2, seed=1,
                                 samples=20, out=tmp_path)
    assert (third.played, third.resumed) == (1, 7) and list(third) == list(first)


@pytest.mark.parametrize("bad, match", [({"sizes": ()}, "sizes"), ({"repeats": 0}, "repeats"),
                                        ({"repeats": True}, "repeats")])
def test_bad_settings_are_refused(pair, bad, match):
    with pytest.raises(ValueError, match=match):
        separation_study("tictactoe", [pair], **bad)
