"""Lesson 07's hypergammon decision study (qsearch.arena.tournament.decisions): the committed
file is what a fresh run gives; the loader refuses files that do not describe the records'
decisions exactly; the sample check catches a forged answer; the pure engines agree with it."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import qsearch
from qsearch.arena import tournament as T
from qsearch.arena.tournament import decisions as D

RECORDS = Path(__file__).resolve().parents[1] / "benchmarks" / "tournaments"


@pytest.fixture(scope="module")
def records():
    return {tid: T.read_records(RECORDS / f"{tid}.jsonl") for tid in D.study_tables()}


@pytest.fixture(scope="module")
def committed(records):
    return D.load_study(RECORDS / D.FILE_NAME, records)


@pytest.fixture(scope="module")
def small_records(records):
    """The shortest recorded game of every hypergammon table."""
    return {tid: dict([min(games.items(), key=lambda item: (item[1]["plies"], item[0]))])
            for tid, games in records.items()}


@pytest.fixture(scope="module")
def small(committed, small_records):
    """The committed study's part on those games (no search)."""
    games = {(tid, key) for tid, recs in small_records.items() for key in recs}
    return D.Study([d for d in committed.decisions if (d.table, d.game) in games],
                   [c for c in committed.chance if (c.table, c.game) in games])


@pytest.fixture
def saved(tmp_path, small):
    path = tmp_path / D.FILE_NAME
    D.save_study(path, small)
    return path


def lines(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


@pytest.mark.release             # half a minute compiled; every run checks a sample below
@pytest.mark.slow
@pytest.mark.compiled_speed      # every decision searched seven times: hours in pure Python
def test_the_committed_study_is_a_fresh_run(records, committed):
    assert D.run_study(records) == committed


def test_the_committed_study_covers_every_recorded_decision(records, committed):
    summary = committed.summary()
    assert sum(summary["decisions"].values()) == len(committed.decisions) > 19_000
    # every decision of the records is its player's own choice on replay
    assert summary["own choice"] == len(committed.decisions)
    assert summary["chance nodes"] == len(committed.chance) > 26_000
    assert {d.table for d in committed.decisions} == set(records) == set(D.study_tables())


def test_a_sample_of_the_committed_study_searches_the_same(records, committed):
    # in the pure tier this is the pure engines answering as the compiled ones did
    k = 500 if qsearch.compiled else 4
    assert D.check_sample(committed, records, k=k, seed=7) == 2 * k


def test_save_then_load_gives_the_same_study(saved, small, small_records):
    assert D.load_study(saved, small_records) == small
    assert D.check_sample(small, small_records, k=len(small.decisions)) == \
        len(small.decisions) + min(len(small.decisions), len(small.chance))


def test_the_summary_counts_what_the_searchers_chose(small):
    summary = small.summary()
    n = len(small.decisions)
    assert sum(summary["decisions"].values()) == n
    for x in D.SEARCHERS:
        assert summary["differ"]["not a double", x, x] == summary["differ"]["a double", x, x] == 0
        assert summary["searched"][x] == sum(d.nodes[D.SEARCHERS.index(x)] for d in small.decisions)
    i, j = D.SEARCHERS.index("em1"), D.SEARCHERS.index("eml4")
    assert summary["differ"]["not a double", "em1", "eml4"] + \
        summary["differ"]["a double", "em1", "eml4"] == \
        sum(d.choices[i] != d.choices[j] for d in small.decisions)


def test_load_or_run_runs_once_then_reads(tmp_path, small_records, small):
    study, ran = D.load_or_run(tmp_path, small_records)
    assert ran and study == small and (tmp_path / D.FILE_NAME).exists()
    again, ran = D.load_or_run(tmp_path, small_records)
    assert not ran and again == small


def rewrite(path: Path, edit) -> None:
    text = lines(path)
    path.write_text("".join(edit(text)))


def edit_game(index: int, change):
    def edit(text):
        item = json.loads(text[index])
        change(item)
        text[index] = json.dumps(item) + "\n"
        return text
    return edit


@pytest.mark.parametrize("edit, message", [
    (lambda t: t[:-1], "has no line for game"),                               # a game cut
    (lambda t: t + [t[-1]], "appears twice"),                                 # a game twice
    (lambda t: ["".join(t)[:-30]], "cut short"),                              # cut mid-line
    (lambda t: t[:1] + [t[1][:40] + "\n"] + t[2:], "is not a game of the study"),
    (lambda t: t[1:], "is not a decision study"),                             # no header
    (edit_game(0, lambda h: h["decision study"].update(searchers=["em1"])), "another study"),
    (edit_game(0, lambda h: h["decision study"].update(decisions=1)), "header's totals"),
    (edit_game(1, lambda g: g["decisions"].pop()), "a decision the file does not have"),
    (edit_game(1, lambda g: g["chance"].pop(0)), "a chance node the file does not have"),
    (edit_game(1, lambda g: g["decisions"].append([999] + g["decisions"][0][1:])),
     "neither a decision"),
    (edit_game(1, lambda g: g["decisions"][0][1].__setitem__(0, 10**6)), "not a legal play"),
    (edit_game(1, lambda g: g["decisions"][0][2].__setitem__(0, 0)), "at least 1"),
    (edit_game(1, lambda g: g["decisions"][0][1].pop()), "7 choices"),
    (edit_game(1, lambda g: g["chance"][0].__setitem__(1, 2)), "is 0 or 1"),
    (edit_game(1, lambda g: g.__setitem__("position", "1")), "must be an integer"),
    (lambda t: t + [t[1].replace('"row":"', '"row":"x')], "not in the records"),
])
def test_the_loader_refuses_a_file_that_is_not_the_records_study(saved, small_records, edit,
                                                                    message):
    rewrite(saved, edit)
    with pytest.raises(ValueError, match=message):
        D.load_study(saved, small_records)


def test_the_loader_refuses_records_without_a_hypergammon_table(saved, small_records):
    records = dict(small_records)
    records.pop(D.study_tables()[-1])
    with pytest.raises(ValueError, match="the records have no table"):
        D.load_study(saved, records)
    with pytest.raises(FileNotFoundError, match="no decision study"):
        D.load_study(saved.with_name("missing.jsonl"), small_records)


def forged_choice(study: D.Study, records) -> D.Study:
    """The study with one decision's Em 1 answer replaced by another legal play."""
    from dataclasses import replace

    from qsearch.arena import positions as P

    for k, d in enumerate(study.decisions):
        s = P.position(D.GAME, d.game[2])
        for a in records[d.table][d.game]["actions"][:d.ply]:
            s.apply_action(a)
        other = [a for a in s.legal_actions() if a != d.choices[0]]
        if other:
            decisions = list(study.decisions)
            decisions[k] = replace(d, choices=(other[0],) + d.choices[1:])
            return D.Study(decisions, study.chance)
    raise AssertionError("no decision with two plays")


def test_the_sample_check_catches_a_forged_answer(small, small_records, tmp_path):
    path = tmp_path / D.FILE_NAME
    D.save_study(path, forged_choice(small, small_records))
    loaded = D.load_study(path, small_records)      # a legal play: the loader cannot tell
    with pytest.raises(ValueError, match="differs from a fresh search .* em1 chooses"):
        D.check_sample(loaded, small_records, k=len(small.decisions))


def test_the_sample_check_catches_a_forged_chance_node(small, small_records):
    from dataclasses import replace

    chance = list(small.chance)
    chance[0] = replace(chance[0], blind=not chance[0].blind)
    with pytest.raises(ValueError, match="chance node"):
        D.check_sample(D.Study(small.decisions, chance), small_records, k=len(chance))


@pytest.mark.parametrize("k", [0, -1, 1.5, True, "3"])
def test_the_sample_size_must_be_a_positive_int(small, small_records, k):
    with pytest.raises(ValueError, match="k must be an int"):
        D.check_sample(small, small_records, k=k)
