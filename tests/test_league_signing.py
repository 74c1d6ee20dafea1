"""Records that whoever can write the records folder cannot forge (issue 42, item 4): each
line carries an HMAC under the teacher's key, kept outside the folder (made on first use,
mode 600); a line without a valid tag is reported by number and played again, or refused
with strict. The replay sample is drawn from a fresh seed, printed; a replay is judged on
the agents' moves: one that runs out of time says so, not "actions differ"."""
import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("choix")

from qsearch.league import run_league  # noqa: E402
from qsearch.league.runner import ReplayDiffers, ReplayTimeout, replay  # noqa: E402
from qsearch.league.schedule import RECORDS  # noqa: E402
from qsearch.league.signing import config_dir, league_key, tag, write_key  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PLAIN = "def choose(state):\n    return state.legal_actions()[{k}]\n"


def agents(folder: Path) -> Path:
    folder.mkdir()
    for k, name in enumerate(("first", "second", "last")):
        (folder / f"{name}.py").write_text(PLAIN.format(k=-1 if name == "last" else k))
    return folder


def league(folder, out, **kwargs):
    return run_league("tictactoe", folder, out, games_per_pair=2, isolated=False,
                      progress=False, samples=0, **kwargs)


def test_the_key_is_made_on_first_use_outside_the_records_mode_600(tmp_path, monkeypatch):
    monkeypatch.setenv("QSEARCH_CONFIG_DIR", str(tmp_path / "config"))
    assert config_dir() == tmp_path / "config"
    key = league_key()
    path = tmp_path / "config" / "league.key"
    assert len(key) == 32 and league_key() == key
    if sys.platform != "win32":
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        path.chmod(0o644)
        with pytest.raises(ValueError, match="may be read by others"):
            league_key()
    monkeypatch.delenv("QSEARCH_CONFIG_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert config_dir() == tmp_path / "xdg" / "qsearch"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert config_dir() == tmp_path / "home" / ".config" / "qsearch"


def test_bad_keys_are_refused(tmp_path):
    with pytest.raises(ValueError, match="16 bytes"):
        league_key(b"short")
    with pytest.raises(TypeError):
        league_key(42)
    (tmp_path / "k").write_text("not hex\n")
    with pytest.raises(ValueError, match="hex"):
        league_key(tmp_path / "k")
    with pytest.raises(ValueError, match="in the records folder"):
        league(agents(tmp_path / "agents"), tmp_path / "out", key=tmp_path / "out" / "k")
    made = write_key(tmp_path / "course.key")
    assert len(league_key(made)) == 32
    with pytest.raises(ValueError, match="never overwritten"):
        write_key(made)


def test_a_record_edited_without_the_key_is_reported_and_played_again(tmp_path):
    """The issue's forger writes the folder and edits only games a replay would not draw:
    a legal, complete game in another's place, and a line with its tag taken off."""
    folder = agents(tmp_path / "agents")
    whole = league(folder, tmp_path / "out")
    path = tmp_path / "out" / RECORDS
    lines = path.read_text().splitlines()
    records = [json.loads(line) for line in lines[1:]]
    assert all(len(r["tag"]) == 64 for r in records)
    settings = json.loads(lines[0])["league"]
    assert all(r["tag"] == tag(r, settings, league_key()) for r in records)
    one, two = records[0], records[1]
    swapped = {**one, **{k: two[k] for k in ("actions", "returns", "winner", "score_a",
                                            "plies", "times", "forfeits")}}
    unsigned = {k: v for k, v in records[2].items() if k != "tag"}
    lines[1], lines[3] = json.dumps(swapped), json.dumps(unsigned)
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(ValueError, match="2 records fail their checks"):
        league(folder, tmp_path / "out", strict=True)
    with pytest.warns(RuntimeWarning, match="2 records fail") as caught:
        again = league(folder, tmp_path / "out")
    said = str(caught[0].message)
    assert "line 2: its tag is not valid" in said and "line 4: unsigned" in said
    assert again.played == 2 and again.rejected == [(2, said.split("line 2: ")[1].split(
        "\n")[0]), (4, said.split("line 4: ")[1].split("\n")[0])]
    assert [r["actions"] for r in again.records] == [r["actions"] for r in whole.records]
    assert all("tag" not in r for r in again.records)


def test_another_key_does_not_sign_these_records(tmp_path):
    folder = agents(tmp_path / "agents")
    league(folder, tmp_path / "out", key=b"a" * 32)
    with pytest.warns(RuntimeWarning, match="6 records fail"):
        other = league(folder, tmp_path / "out", key=b"b" * 32)
    assert other.played == 6
    assert league(folder, tmp_path / "out", key=b"b" * 32).played == 0


def test_the_replay_sample_comes_from_a_fresh_seed(tmp_path):
    folder = agents(tmp_path / "agents")
    league(folder, tmp_path / "out")
    seeds = {league(folder, tmp_path / "out", replay=1).replay_seed for _ in range(3)}
    assert len(seeds) == 3                      # 2**32 seeds: equal ones would be a bug
    again = league(folder, tmp_path / "out", replay=2, replay_seed=7)
    assert again.replay_seed == 7 and again.replayed == 2


@pytest.mark.slow
def test_the_cli_prints_the_replay_seed(tmp_path):
    folder = agents(tmp_path / "agents")
    command = [sys.executable, "-m", "qsearch", "league", "tictactoe", str(folder), "--out",
               str(tmp_path / "out"), "--games-per-pair", "2", "--no-progress", "--samples",
               "0", "--no-sandbox", "--replay", "2"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path,
                         timeout=240)
    assert run.returncode == 0, run.stderr
    assert "2 recorded games re-played, identical (drawn with --replay-seed " in run.stderr


@pytest.mark.slow
def test_a_replay_out_of_time_is_a_timeout_not_a_difference(tmp_path):
    """A busy machine: the replay's agent takes longer than its time (here it sleeps when a
    flag file exists, a helper beside it that its jail shows); the check says it could not
    replay in time."""
    folder = tmp_path / "agents"
    folder.mkdir()
    flag = folder / "_busy"
    (folder / "slow.py").write_text(
        "import os, time\ndef choose(state):\n"
        f"    if os.path.exists({str(flag)!r}):\n        time.sleep(1.0)\n"
        "    return state.legal_actions()[0]\n")
    (folder / "quick.py").write_text(PLAIN.format(k=0))
    result = run_league("tictactoe", folder, None, games_per_pair=1, progress=False,
                        samples=0, move_time=0.3)
    record = result.records[0]
    assert not record["forfeits"]
    flag.write_text("")
    with pytest.raises(ReplayTimeout, match="could not be replayed in time"):
        replay(result, record, slack=1.0)
    assert not issubclass(ReplayTimeout, ReplayDiffers)
    assert issubclass(ReplayTimeout, AssertionError)
