"""Lesson 04's saved studies (qsearch.documents.connect4_studies,
notebooks/data/04_connect4_heuristics/): the committed files hold what the compiled engines
compute, pure Python re-runs the lesson's sample to the same results, a forged result is
refused, and a performance-test row computed alone is the whole test's row."""
import json
from pathlib import Path

import pytest
from helpers import check_studies_in_pure_python

from qsearch.arena import match
from qsearch.core.saved_study import StudyMismatch, load, run_or_check
from qsearch.documents import connect4_studies as S
from qsearch.documents.connect4_practice import (
    DOCUMENT_GAMES,
    DOCUMENT_NORMAL,
    performance_row,
    performance_test,
)

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "notebooks" / "data" / "04_connect4_heuristics"
NAME = "04_connect4_heuristics/"


def studies():
    """(file, name, units, compute) of the three studies, as lesson 04 runs them in pure
    Python (the compiled lesson reads the tournament's units off the matches it played)."""
    tournament = (DATA / "tournament.json", NAME + "tournament", S.tournament_units(),
                  S.play_opening)
    return [(DATA / "performance_test.json", NAME + "performance_test", S.performance_units(),
             S.performance_unit),
            (DATA / "iterative_deepening.json", NAME + "iterative_deepening",
             S.deepening_units(), S.deepening_unit),
            tournament,
            (DATA / "move_ordering.json", NAME + "move_ordering", S.ordering_units(),
             S.ordering_unit, S.affordable()),
            (DATA / "deeper_ordering.json", NAME + "deeper_ordering",
             S.deeper_units(first_ten_games(*tournament[:3])), S.deeper_unit, S.affordable())]


def first_ten_games(path, name, units):
    """The first ten games of the tournament's depth-8 match potential vs weights, rebuilt
    from its saved study (the positions of lesson 04's deeper move-ordering study)."""
    wanted = [u for u in units if u[:3] == [8, "potential", "weights"]]
    saved = load(path, name, units)
    pw = S.tournament(wanted, [saved[units.index(u)] for u in wanted])[8, "potential", "weights"]
    return pw.games[:10]


@pytest.mark.compiled_speed             # 30 plies of depth-6 searches: a minute in pure Python
def test_a_row_alone_is_the_whole_tests_row():
    game = DOCUMENT_GAMES["normal"]
    rows = performance_test(game[:30])
    assert [performance_row(game, ply) for ply in (1, 27, 30)] == [rows[0], rows[26], rows[29]]
    assert rows[0].normal == DOCUMENT_NORMAL[0] and rows[26].lost
    with pytest.raises(ValueError, match="ply must be 1 to 42"):
        performance_row(game, 0)


@pytest.mark.slow
@pytest.mark.compiled
def test_the_files_hold_the_compiled_results(monkeypatch):
    monkeypatch.delenv("QSEARCH_SAVE_STUDIES", raising=False)
    for path, name, units, compute in studies()[:2]:
        run = run_or_check(path, name, units, compute, full=True)    # StudyMismatch if stale
        assert not run.wrote and len(run.results) == len(units) in (84, 2100)
    path, name, units, compute = studies()[2]
    run = run_or_check(path, name, units, compute, full=False, sample=12, seed=1)
    assert run.checked == 12 and len(run.results) == 4200
    matches = S.tournament(units, run.results)
    assert len(matches) == 42 and all(len(m.games) == 200 for m in matches.values())
    pw = matches[8, "potential", "weights"]
    assert (pw.a_name, pw.b_name, pw.counts()) == ("potential@8", "weights@8",
                                                    {"a": 92, "draw": 18, "b": 90})
    assert [m.counts()["b"] for (d, a, b), m in matches.items() if a == "table" and
            b == "random"] == [6, 6, 1, 1, 2, 0, 1]          # the lesson's table row


class Unplayable:
    """A player that must not be asked for a move (the match has every game saved)."""

    def __init__(self, name):
        self.name = name

    def __call__(self, state, rng):
        raise AssertionError(f"{self.name} asked to play: the saved match was not resumed")


@pytest.mark.compiled
def test_a_saved_match_resumes_from_the_studys_games(tmp_path):
    """Lesson 04's pure path writes the first run's match file from the study's games:
    ``match`` then resumes from it, replaying nothing, with the same games."""
    path, name, units, _compute = studies()[2]
    wanted = [u for u in units if u[:3] == [8, "potential", "weights"]]
    saved = load(path, name, units)
    pw = S.tournament(wanted, [saved[units.index(u)] for u in wanted])[8, "potential", "weights"]
    assert pw.games[:10] == first_ten_games(path, name, units)
    file = tmp_path / "potential-weights-d8.jsonl"
    S.save_match(file, pw)
    again = match(S.openings(), Unplayable("potential@8"), Unplayable("weights@8"), S.GAMES,
                  seed=8, progress=False, save=file)
    assert [g.actions for g in again.games] == [g.actions for g in pw.games]
    assert again.counts() == pw.counts() == {"a": 92, "draw": 18, "b": 90}


@pytest.mark.slow
def test_pure_python_reruns_the_lessons_sample():
    check_studies_in_pure_python("test_connect4_studies")


@pytest.mark.compiled
def test_a_forged_game_is_refused(tmp_path):
    """The lesson's pure sample (seed 0) draws unit 331; a game changed there is caught."""
    path, name, units, compute = studies()[2]
    data = json.loads(path.read_text())
    games = data["results"][331]
    games[0] = games[0][:-1] + str(8 - int(games[0][-1]))       # another last move
    forged = tmp_path / "tournament.json"
    forged.write_text(json.dumps(data))
    assert load(forged, name, units)[331] == games
    with pytest.raises(StudyMismatch, match="the file says"):
        run_or_check(forged, name, units, compute, full=False, sample=3, seed=0)


@pytest.mark.slow
@pytest.mark.compiled
def test_the_move_ordering_files_hold_the_compiled_results(monkeypatch):
    """Every unit of both move-ordering studies, run compiled, is as saved; the sums are the
    lesson's numbers (the document's 236,622 calls with pruning among them)."""
    monkeypatch.delenv("QSEARCH_SAVE_STUDIES", raising=False)
    (path, name, units, compute, _a), deeper = studies()[3], studies()[4]
    run = run_or_check(path, name, units, compute, full=True)
    assert not run.wrote and [sum(c) for c in zip(*run.results, strict=True)] == [
        1_406_284, 236_622, 115_393, 34_810, 26_270, 33_678]
    path, name, units, compute, _a = deeper
    run = run_or_check(path, name, units, compute, full=True)
    assert not run.wrote and len(units) == 84 + 327
    sums = {}
    for u, r in zip(units, run.results, strict=True):
        key = u[1] if u[0] == "document" else u[0]
        sums[key] = [a + b for a, b in zip(sums.get(key, (0, 0)), r, strict=True)]
    assert sums == {8: [137_862, 146_439], 10: [651_353, 572_739],
                    "tournament": [3_314_864, 2_048_535]}


def test_a_deeper_unit_is_checked():
    with pytest.raises(ValueError, match="'document' or 'tournament'"):
        S.deeper_unit(["other", 8, 0])
    with pytest.raises(ValueError, match="position k must be 0 to 41"):
        S.ordering_unit(["document", 42])
    keep = S.affordable(100)
    assert keep(["document", 0], [60, 40]) and not keep(["document", 0], [60, 41])


@pytest.mark.compiled
def test_a_forged_node_count_is_refused(tmp_path):
    """Every affordable unit's saved count changed by one: the pure sample meets one of them;
    an unaffordable unit is never run again, so its forged count passes unchecked."""
    path, name, units, compute, affordable = studies()[3]
    data = json.loads(path.read_text())
    keep = [i for i, r in enumerate(data["results"]) if affordable(units[i], r)]
    assert 0 < len(keep) < len(units)
    for i in keep:
        data["results"][i][0] += 1
    forged = tmp_path / "move_ordering.json"
    forged.write_text(json.dumps(data))
    with pytest.raises(StudyMismatch, match="the file says"):
        run_or_check(forged, name, units, compute, full=False, sample=3, seed=0,
                     affordable=affordable)


def conclusion_matches():
    """(study, engine, opponent, the lesson's wins-draws-losses) of §10's six saved matches:
    the document's engines (iterative deepening at depth 6, as the tournament's players) against
    their opponents, from the tournament's openings, seed 6."""
    from qsearch.arena import MCTSPlayer, RandomPlayer, SearchPlayer
    from qsearch.heuristics import as_heuristic
    from qsearch.heuristics.connect4 import book_rules

    def engine(f, name):
        return lambda: SearchPlayer("iterative_deepening", 6, f, name=name, search_forced=True,
                                    order=S.CENTRE_FIRST, tt=16, **S.WIN)

    base = engine(as_heuristic(lambda state, player: 0.0), "base cases@6")
    final = engine(book_rules, "book rules@6")
    return [("base_cases_random", base, RandomPlayer, "199-0-1"),
            ("base_cases_table_2", base, lambda: S.player("table", 2), "99-66-35"),
            ("base_cases_table_6", base, lambda: S.player("table", 6), "62-46-92"),
            ("final_engine_random", final, RandomPlayer, "199-0-1"),
            ("final_engine_potential_8", final, lambda: S.player("potential", 8), "67-31-102"),
            ("final_engine_mcts", final, lambda: MCTSPlayer(2_000), "98-11-91")]


@pytest.mark.slow
def test_the_conclusions_matches_recheck_on_a_sample():
    """Each of §10's matches is rebuilt from its file to the lesson's record, and two of its
    games (drawn among those of at most 50,000 nodes, as the lesson's pure path) play again
    here move for move as saved; a changed move is refused."""
    from qsearch.arena.saved_match import saved_match, within_nodes

    for study, engine, opponent, record in conclusion_matches():
        run, m = saved_match(DATA / f"{study}.json", NAME + study, S.openings(), engine(),
                             opponent(), S.GAMES, seed=6, full=False,
                             affordable=within_nodes(50_000))
        c = m.counts()
        assert (run.checked, f"{c['a']}-{c['draw']}-{c['b']}") == (2, record), study
        assert [g.index for g in m.games] == list(range(S.GAMES))


def test_a_changed_conclusion_game_is_refused(tmp_path):
    """A game of §10's matches with a move changed no longer ends the game legally, or plays
    differently here: either way the saved match is refused."""
    from qsearch.arena.saved_match import saved_match, within_nodes

    study, engine, opponent, _record = conclusion_matches()[0]
    data = json.loads((DATA / f"{study}.json").read_text())
    actions = data["results"][0][0]
    actions[-1] = next(c for c in range(7) if c != actions[-1])
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    with pytest.raises((StudyMismatch, ValueError)):
        saved_match(forged, NAME + study, S.openings(), engine(), opponent(), S.GAMES, seed=6,
                    full=False, sample=200, affordable=within_nodes(10**9))
