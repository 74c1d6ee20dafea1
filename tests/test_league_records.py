"""Records are checked before they count: forged results, another seed, impossible actions,
a forfeit turned into a win, a duplicate and a garbage line are each reported by line and
played again (or refused with strict); a forgery that passes every check of a record is
caught by a replay, which runs before the leaderboard is written. The forgeries here are
signed again with the league's key (a forger who holds it), so each check behind the
signature is tried; tests/test_league_signing.py forges without the key."""
import json

import pytest

pytest.importorskip("choix")        # imported at collection: it takes seconds

from qsearch.league import example_agents, run_league  # noqa: E402
from qsearch.league.schedule import RECORDS  # noqa: E402
from qsearch.league.signing import signed  # noqa: E402

RAISER = "NAME = 'raiser'\ndef choose(state):\n    raise ValueError('always')\n"
KEY = bytes(range(32))


def league(folder, out, **kwargs):
    return run_league("tictactoe", folder, out, games_per_pair=4, isolated=False,
                      progress=False, samples=0, key=KEY, **kwargs)


def keyed(result):
    return {(r["a"], r["b"], r["g"]): (r["actions"], r["winner"]) for r in result.records}


@pytest.fixture
def played(tmp_path):
    """A finished league of the examples and an agent that raises on every move."""
    folder = tmp_path / "agents"
    folder.mkdir()
    for spec in example_agents():
        (folder / f"{spec.id}.py").write_bytes(open(spec.target, "rb").read())
    (folder / "raiser.py").write_text(RAISER)
    result = league(folder, tmp_path / "out")
    lines = (tmp_path / "out" / RECORDS).read_text().splitlines()
    return folder, tmp_path / "out", result, lines


def line_of(lines, test, taken=()) -> int:
    """The index of the first record line, not ``taken``, for which ``test(record)`` holds."""
    return next(k for k, line in enumerate(lines)
                if k and k not in taken and test(json.loads(line)))


def edit(lines, k, **changes) -> None:
    """Change line ``k``'s record and sign it again with the league's key."""
    record = json.loads(lines[k])
    record.update(changes)
    lines[k] = json.dumps(signed(record, json.loads(lines[0])["league"], KEY))


def test_every_forged_line_is_reported_and_its_game_played_again(played):
    folder, out, whole, lines = played
    win = line_of(lines, lambda r: r["winner"] is not None and not r["forfeits"])
    record = json.loads(lines[win])
    loser = 1 - record["winner"]
    edit(lines, win, winner=loser, returns=record["returns"][::-1],
         score_a=1.0 - record["score_a"])                       # the result turned round
    reseeded = line_of(lines, lambda r: r["winner"] is None, {win})
    edit(lines, reseeded, seed=json.loads(lines[reseeded])["seed"] + 1)
    illegal = line_of(lines, lambda r: len(r["actions"]) > 3 and not r["forfeits"],
                      {win, reseeded})
    actions = json.loads(lines[illegal])["actions"]
    edit(lines, illegal, actions=[actions[0], actions[0], *actions[2:]])   # a square twice
    raised = line_of(lines, lambda r: any(f["agent"] == "raiser" for f in r["forfeits"]),
                     {win, reseeded, illegal})
    record = json.loads(lines[raised])
    raiser_seat = record["forfeits"][0]["seat"]
    edit(lines, raised, forfeits=[], winner=raiser_seat,       # the raiser given a win
         returns=[1.0, -1.0] if raiser_seat == 0 else [-1.0, 1.0],
         score_a=float(raiser_seat == record["a_seat"]))
    forged = {win, reseeded, illegal, raised}
    assert len(forged) == 4
    good = next(k for k in range(1, len(lines)) if k not in forged)
    lines.insert(7, "this line is garbage")
    lines.append(lines[good + (good >= 7)])                     # a duplicate of a good line
    (out / RECORDS).write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match="6 records fail their checks"):
        league(folder, out, strict=True)                        # refused, nothing played
    assert (out / RECORDS).read_text().splitlines() == lines
    with pytest.warns(RuntimeWarning, match="6 records fail their checks"):
        resumed = league(folder, out)
    numbers = {n: why for n, why in resumed.rejected}
    shifted = {k + 1 + (k >= 7) for k in forged}                # 1-based, after the insert
    assert set(numbers) == shifted | {8, len(lines)}
    assert numbers[8] == "not a JSON record"
    assert "a second record" in numbers[len(lines)]
    assert "returns" in numbers[win + 1 + (win >= 7)]
    assert "seed is" in numbers[reseeded + 1 + (reseeded >= 7)]
    assert "is not legal there" in numbers[illegal + 1 + (illegal >= 7)]
    assert "stop before the end" in numbers[raised + 1 + (raised >= 7)]
    assert resumed.played == 4 and keyed(resumed) == keyed(whole)
    assert [r["points"] for r in resumed.rows] == [r["points"] for r in whole.rows]
    assert resumed.row("raiser")["points"] == 0


def test_a_forgery_of_legal_games_is_caught_by_a_replay_before_the_leaderboard(played):
    folder, out, whole, lines = played
    pair = ("greedy_agent", "random_agent")
    first = line_of(lines, lambda r: (r["a"], r["b"], r["g"]) == (*pair, 0))
    third = line_of(lines, lambda r: (r["a"], r["b"], r["g"]) == (*pair, 2))
    one, two = json.loads(lines[first]), json.loads(lines[third])
    assert one["actions"] != two["actions"]                     # two different games
    play = ("actions", "returns", "winner", "score_a", "plies", "times", "forfeits")
    edit(lines, first, **{k: two[k] for k in play})             # swapped: each one legal
    edit(lines, third, **{k: one[k] for k in play})
    (out / RECORDS).write_text("\n".join(lines) + "\n")
    (out / "leaderboard.md").unlink()
    with pytest.raises(AssertionError, match="differs on replay"):
        league(folder, out, replay=len(lines) - 1)              # every record checked
    assert not (out / "leaderboard.md").exists()
    fine = league(folder, out)                          # the checks alone pass it (signed)
    assert fine.rejected == [] and fine.replayed == 0


def test_another_league_header_is_refused_and_an_empty_file_starts_afresh(played):
    folder, out, _, lines = played
    header = json.loads(lines[0])
    header["league"]["seed"] = 9
    (out / RECORDS).write_text("\n".join([json.dumps(header), *lines[1:]]) + "\n")
    with pytest.raises(ValueError, match="other settings.*seed"):
        league(folder, out)
    (out / RECORDS).write_text("")
    assert league(folder, out).played == 24
