"""Lesson 08's agent matches as saved studies (qsearch.documents.parcheckers_studies, over
qsearch.arena.saved_match in chunks, each game's outcome kept): a saved match is the match()
the lesson played, the committed files re-check on a sample in pure and
compiled mode, and a forged game is refused."""
import json
from pathlib import Path

import pytest
from helpers import run_json_check

import qsearch
from qsearch.arena import match
from qsearch.arena.parcheckers_agents import agent
from qsearch.core.saved_study import StudyMismatch
from qsearch.documents import parcheckers_studies as studies
from qsearch.games import ParCheckers

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "notebooks" / "data" / "08_parcheckers"


def test_a_saved_match_is_the_match_played(tmp_path):
    played = match(ParCheckers, agent(1), agent(0), 12, seed=11, progress=False)
    run, result, to_go = studies.agent_match(tmp_path / "m.json", 1, 0, 12, 11, 4, full=True)
    assert run.wrote and len(run.results) == 3
    assert (result.a_name, result.b_name, result.seed) == (played.a_name, played.b_name, 11)
    assert result.table() == played.table()
    for saved, game in zip(result.games, played.games, strict=True):
        assert (saved.winner, saved.plies, saved.nodes, saved.index, saved.a_seat, saved.seed,
                saved.returns) == (game.winner, game.plies, game.nodes, game.index,
                                   game.a_seat, game.seed, game.returns)
        state = ParCheckers()
        for action in game.actions:
            state.apply_action(action)
        assert to_go[game.index] == studies.loser_to_go(state) > 0
    again, rebuilt, to_go_again = studies.agent_match(tmp_path / "m.json", 1, 0, 12, 11, 4,
                                                      full=False, sample=1)
    assert not again.full and again.checked == 1 and to_go_again == to_go
    assert rebuilt.table() == played.table() and [g.plies for g in rebuilt.games] == [
        g.plies for g in played.games]


def test_bad_arguments_are_refused(tmp_path):
    with pytest.raises(ValueError, match="chunk must be"):
        studies.agent_match(tmp_path / "m.json", 1, 0, 10, 11, 0)
    with pytest.raises(ValueError, match="finished ParCheckers game"):
        studies.loser_to_go(ParCheckers())


def test_a_forged_game_is_refused(tmp_path):
    saved = json.loads((FOLDER / "agent1_vs_agent0.json").read_text())
    saved["results"][0][0][0].reverse()                           # game 0's returns: the winner
    forged = tmp_path / "agent1_vs_agent0.json"
    forged.write_text(json.dumps(saved))
    with pytest.raises(StudyMismatch, match="the file says"):
        studies.agent_match(forged, 1, 0, 2000, 11, 100, full=False, sample=1,
                            affordable=lambda unit, games: unit["first"] == 0)


def test_a_search_unit_names_its_position_by_moves(tmp_path):
    from qsearch.heuristics.parcheckers import valoracion_test
    from qsearch.search.limited_minimax import limited_minimax

    state = ParCheckers()
    for _ in range(3):
        state.apply_action(state.legal_actions()[1])
    unit = studies.search_unit(state, 2, 500, root_move="best")
    assert unit["moves"] == studies.moves_of(state) and len(unit["moves"]) == 3
    direct = limited_minimax(state, 2, valoracion_test, max_nodes=500, root_move="best")
    run, (saved,) = studies.saved_searches(tmp_path / "s.json", "s", [unit], full=True)
    assert (saved.value, saved.action, saved.generated, saved.evaluated, saved.limit_reached) == (
        direct.value, direct.action, direct.generated, direct.evaluated, direct.limit_reached)
    assert studies.describe(run) == run.describe()
    again, _ = studies.saved_searches(tmp_path / "s.json", "s", [unit], full=False)
    assert again.checked == 1 and "at most 100,000 nodes" in studies.describe(again)
    with pytest.raises(ValueError, match="not reached by moves"):
        studies.moves_of(ParCheckers.from_transcript(state.transcript()))
    with pytest.raises(ValueError, match="a search unit"):
        studies.limited_search({"moves": []})


def test_a_forged_search_is_refused(tmp_path):
    saved = json.loads((FOLDER / "vector.json").read_text())
    nodes = [r["generated"] + r["evaluated"] for r in saved["results"]]
    saved["results"][nodes.index(min(nodes))]["value"] += 1      # the smallest search's value
    forged = tmp_path / "vector.json"
    forged.write_text(json.dumps(saved))
    with pytest.raises(StudyMismatch, match="the file says"):
        studies.saved_searches(forged, saved["study"], saved["units"], full=False, sample=2,
                               pure_nodes=min(nodes))   # both versions: the same search


CHECK_COMMITTED = """
import json, sys
from pathlib import Path
import qsearch
from qsearch.arena.saved_match import within_nodes
from qsearch.documents.parcheckers_studies import agent_match
folder = Path(sys.argv[1])
out = {"compiled": qsearch.compiled}
for a, b, seed in ((1, 0, 11), (2, 1, 12), (2, 0, 14)):
    run, result, to_go = agent_match(folder / f"agent{a}_vs_agent{b}.json", a, b, 2000, seed,
                                     100, full=False, sample=1)
    out[f"{a}-{b}"] = [run.checked, result.counts()["a"], sum(to_go)]
run, result, to_go = agent_match(folder / "agent3_vs_agent2.json", 3, 2, 200, 13, 1,
                                 full=False, sample=1,  # its shortest search: 263,904 nodes
                                 affordable=within_nodes(270_000))
out["3-2"] = [run.checked, result.counts()["a"], sum(g.nodes[g.a_seat] for g in result.games)]
from qsearch.documents.parcheckers_studies import saved_searches
for path in sorted(folder.glob("*.json")):
    saved = json.loads(path.read_text())
    if all(isinstance(unit, dict) and "moves" in unit for unit in saved["units"]):
        run, results = saved_searches(path, saved["study"], saved["units"], full=False, sample=1)
        out[path.name] = [run.checked, sum(r.total for r in results)]
print(json.dumps(out))
"""


def check_committed(pure: bool) -> dict:
    return run_json_check(CHECK_COMMITTED, str(FOLDER), pure)


@pytest.mark.slow
@pytest.mark.parametrize("pure", [False, True], ids=["compiled", "pure"])
def test_the_committed_matches_recheck_on_a_sample(pure):
    """A chunk of each 2,000-game match played again gives what is saved (agent 3's match is
    checked on its game of fewest nodes, in either mode: about half a minute pure)."""
    if not pure and not qsearch.compiled:
        pytest.skip("the compiled build is not here")
    out = check_committed(pure)
    assert out["compiled"] is (not pure)
    # the games' winners and the losers' squares to go (summed) as the old files had them
    assert out["1-0"] == [1, 1328, 98_832] and out["2-1"] == [1, 1917, 253_950]
    assert out["2-0"] == [1, 1977, 284_983]
    assert out["3-2"] == [1, 191, 126_438_301]
    assert out["plain_minimax.json"] == [0, 7_653_077]         # read: over 100,000 nodes
    assert out["root_move.json"][0] == out["budget_candidates.json"][0] == 0
    assert out["vector.json"][0] == 1                           # a depth-4 search, run again
