"""League schedule: pairs, colours, openings, seeds, round order, and the records file."""
import json
from collections import Counter

import pytest

from qsearch.arena.positions import position
from qsearch.games import register
from qsearch.league.schedule import (
    Fixture,
    GameSpec,
    RecordWriter,
    fixtures,
    openings,
    openings_needed,
    pairings,
    read_header,
    read_records,
    resolve_game,
    round_order,
)


def test_every_pair_plays_both_colours_of_each_opening():
    games = fixtures(["c", "a", "b"], 8)
    assert {(f.a, f.b) for f in games} == {("a", "b"), ("a", "c"), ("b", "c")}
    pair = [f for f in games if (f.a, f.b) == ("a", "b")]
    assert [f.a_seat for f in pair] == [0, 1] * 4
    assert [f.opening(4) for f in pair] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert openings_needed(8) == 4 and openings_needed(1) == 1 and openings_needed(60) == 10
    assert pairings("abcd", focus="c") == [("a", "c"), ("b", "c"), ("c", "d")]
    with pytest.raises(ValueError, match="unique"):
        pairings(["a", "a"])
    with pytest.raises(ValueError, match="not an agent"):
        pairings("ab", focus="z")
    with pytest.raises(ValueError, match="games_per_pair"):
        fixtures("ab", 0)


def test_seeds_depend_on_the_names_only():
    small = {f.key: f.seed(5) for f in fixtures("ab", 4)}
    large = {f.key: f.seed(5) for f in fixtures("abcxyz", 4)}
    assert all(large[k] == s for k, s in small.items())     # a late entry changes nothing
    assert len(set(large.values())) == len(large)
    assert Fixture("a", "b", 0).seed(5) != Fixture("a", "b", 0).seed(6)


@pytest.mark.parametrize("n", [2, 5, 8])
def test_round_order_has_everyone_once_a_round(n):
    ids = [f"agent{k}" for k in range(n)]
    rounds = round_order(ids)
    assert len(rounds) == n * (n - 1) // 2
    for r in set(rounds.values()):
        playing = Counter(x for pair, k in rounds.items() if k == r for x in pair)
        assert set(playing.values()) == {1}
        assert len(playing) == n - n % 2


@pytest.mark.compiled_speed
def test_connect4_openings_are_the_tournament_positions():
    spec = resolve_game("connect4")
    starts = openings(spec, 4)
    assert starts[0] == [] and len(starts) == 4
    for k, history in enumerate(starts[1:], start=2):
        assert spec.start(history) == position("connect4", k)
    assert openings(resolve_game("tictactoe"), 5) == [[]]


def test_a_registered_game_crosses_by_its_module(monkeypatch):
    from qsearch.games import nim, registry

    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))   # undone after
    register("league_test_nim", nim.Nim)
    assert resolve_game("league_test_nim") == GameSpec("league_test_nim", "qsearch.games.nim")

    def made_in_a_notebook():
        return nim.Nim()

    made_in_a_notebook.__module__ = "__main__"
    register("league_test_notebook", made_in_a_notebook)
    with pytest.raises(ValueError, match="module file"):
        resolve_game("league_test_notebook")
    made_in_a_notebook.__qualname__ = "made_in_a_notebook"
    with pytest.raises(ValueError, match="notebook or script"):
        resolve_game(made_in_a_notebook)
    spec = resolve_game(nim.Nim)
    assert spec == GameSpec("qsearch.games.nim:Nim", None, True)
    assert resolve_game("qsearch.games.nim:Nim") == spec
    assert spec.new_state().legal_actions() == nim.Nim().legal_actions()
    with pytest.raises(TypeError, match="game"):
        resolve_game(3)


def record(a, b, g, digests=("x", "y")):
    return {"a": a, "b": b, "g": g, "actions": [g], "digests": list(digests)}


def test_records_resume_skip_a_cut_line_and_refuse_other_settings(tmp_path):
    path = tmp_path / "games.jsonl"
    settings = {"game": "tictactoe", "seed": 1}
    with RecordWriter(path, settings) as out:
        out.write([record("a", "b", 0), record("a", "b", 1), record("a", "c", 0, ("x", "z"))])
    text = path.read_text()
    path.write_text(text[:-20])                                 # a kill mid-line
    done, stale = read_records(path, settings, {"a": "x", "b": "y", "c": "z"})
    assert sorted(done) == [("a", "b", 0), ("a", "b", 1)] and stale == 0
    done, stale = read_records(path, settings, {"a": "x", "b": "changed"})
    assert done == {} and stale == 2                            # b's file changed
    with RecordWriter(path, settings) as out:                   # the cut line is ended first
        out.write([record("a", "c", 0, ("x", "z"))])
    lines = path.read_text().splitlines()
    assert json.loads(lines[-1])["b"] == "c"
    done, _ = read_records(path, settings, {"a": "x", "b": "y", "c": "z"})
    assert len(done) == 3
    with pytest.raises(ValueError, match="other settings.*seed"):
        read_records(path, {"game": "tictactoe", "seed": 2})
    path.write_text('{"leag')
    with pytest.raises(ValueError, match="league header"):
        read_header(path)
    assert read_records(tmp_path / "missing.jsonl") == ({}, 0)
