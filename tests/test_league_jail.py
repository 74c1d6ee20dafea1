"""The jail and the protocol: between moves an agent's threads are stopped, garbage on the
protocol is a forfeit even without a jail, a league says when its agents were not isolated
(and refuses with ``sandbox="require"``), and the user-namespace jail an ordinary user gets
runs too."""
import re
import subprocess
import sys
from pathlib import Path

import pytest

from qsearch.league import Limits, Sandbox, read_agent, run_league
from qsearch.league import jail as J
from qsearch.league.schedule import RECORDS

HOSTILE = Path(__file__).resolve().parent / "league_hostile"
ROOT = Path(__file__).resolve().parent.parent
STEADY = "NAME = 'steady'\ndef choose(state):\n    return state.legal_actions()[0]\n"
GAME = {"name": "tictactoe", "module": None, "factory": False}
JAIL, WHY = J.find_jail()
jailed = pytest.mark.skipif(JAIL is None, reason=f"no sandbox here: {WHY}")


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (Linux /proc)."""
    out, todo = [], [pid]
    while todo:
        parent = todo.pop()
        try:
            children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
        except OSError:
            continue
        out += map(int, children)
        todo += map(int, children)
    return out


def thread_states(pid: int) -> list[str]:
    states = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        stat = (task / "stat").read_text()
        states.append(stat.rsplit(")", 1)[1].split()[0])
    return states


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
@pytest.mark.parametrize("in_jail", [True, False], ids=["jail", "no jail"])
def test_between_moves_every_thread_of_the_agent_is_stopped(in_jail):
    if in_jail and JAIL is None:
        pytest.skip(WHY)
    spec = read_agent(HOSTILE / "cpu_thread.py")       # a thread that spins forever
    with Sandbox(spec, Limits(move_time=5.0), jail=JAIL if in_jail else None) as sandbox:
        sandbox.new_game(GAME, [], 0, 1)
        action, _ = sandbox.choose([], 5.0)
        assert action == 0
        agent = descendants(sandbox.proc.pid)[-1]       # the child that runs the agent
        states = thread_states(agent)
        assert len(states) == 2 and set(states) == {"T"}      # main thread and spinner
        sandbox.choose([4], 5.0)                        # it goes on when asked again
        assert set(thread_states(agent)) == {"T"}


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="the agent runs beside the protocol there")
def test_garbage_on_every_descriptor_is_a_forfeit_even_without_a_jail(tmp_path):
    (tmp_path / "steady.py").write_text(STEADY)
    (tmp_path / "garbage.py").write_text((HOSTILE / "garbage_fds.py").read_text())
    result = run_league("tictactoe", tmp_path, tmp_path / "out", games_per_pair=2,
                        sandbox="none", progress=False, samples=0)
    reasons = [f["reason"] for f in result.forfeits()]
    assert reasons == ["protocol", "protocol"]         # a forfeit, never an exception here
    assert result.row("steady")["points"] == 2
    assert all(r["jail"] == "process" for r in result.records)


@pytest.fixture
def no_bwrap(monkeypatch):
    monkeypatch.setattr(J, "find_jail", lambda: (None, "no bubblewrap in this test"))


@pytest.mark.slow
def test_without_a_sandbox_the_league_says_so_or_refuses(tmp_path, no_bwrap):
    (tmp_path / "steady.py").write_text(STEADY)
    (tmp_path / "other.py").write_text(STEADY.replace("steady", "other"))
    with pytest.raises(RuntimeError, match="no sandbox here and one is required: no bubb"):
        run_league("tictactoe", tmp_path, tmp_path / "r", sandbox="require", progress=False)
    assert not (tmp_path / "r").exists()
    with pytest.warns(RuntimeWarning, match="agents were not isolated: no bubblewrap"):
        result = run_league("tictactoe", tmp_path, tmp_path / "auto", games_per_pair=1,
                            progress=False, samples=0)
    assert "**Agents were not isolated** in 1 of 1 games" in result.to_markdown()
    assert "Agents were not isolated" in (tmp_path / "auto" / "leaderboard.md").read_text()
    on_purpose = run_league("tictactoe", tmp_path, None, games_per_pair=1, sandbox="none",
                            progress=False, samples=0)
    assert on_purpose.note() and on_purpose.records[0]["jail"] == "process"
    with pytest.raises(ValueError, match="sandbox must be one of auto, require, none"):
        run_league("tictactoe", tmp_path, None, sandbox="yes", progress=False)
    with pytest.raises(ValueError, match="isolated=False: agents run in the league's own"):
        run_league("tictactoe", tmp_path, None, sandbox="require", isolated=False)


def test_the_cli_refuses_without_a_sandbox_when_asked(tmp_path):
    (tmp_path / "steady.py").write_text(STEADY)
    env = {"PATH": "/usr/bin:/bin", "QSEARCH_BWRAP": str(tmp_path / "no-bwrap-here")}
    run = subprocess.run([sys.executable, "-m", "qsearch", "league", "tictactoe", "--examples",
                          "--out", str(tmp_path / "out"), "--require-sandbox"],
                         capture_output=True, text=True, cwd=ROOT, env=env)
    assert run.returncode == 2
    assert "no sandbox here and one is required" in run.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
@jailed
def test_a_jailed_league_says_so_and_each_record_names_its_jail(tmp_path):
    (tmp_path / "steady.py").write_text(STEADY)
    (tmp_path / "_book.txt").write_text("a class's helper data")
    (tmp_path / "who.py").write_text(
        "import os\ndef choose(state):\n"
        "    raise RuntimeError(f'uid {os.getuid()} pid {os.getpid()} '\n"
        "                       f'files {sorted(os.listdir(os.path.dirname(__file__)))}')\n")
    result = run_league("tictactoe", tmp_path, tmp_path / "out", games_per_pair=1,
                        sandbox="require", progress=False, samples=0)
    assert result.isolation == JAIL.describe() and not result.note()
    (forfeit,) = result.forfeits()
    found = re.search(r"pid (\d+) files \['_book.txt', 'who.py'\]$", forfeit["detail"])
    pid = int(found.group(1))               # it sees the helpers, not the other agent
    assert pid < 10                                     # its own PID namespace
    assert (tmp_path / "out" / RECORDS).read_text().count(f"bubblewrap {JAIL.version}") == 1


@pytest.mark.slow
@jailed
def test_the_user_namespace_jail_of_an_ordinary_user_runs_too(tmp_path):
    """What an unprivileged teacher gets: bubblewrap's user namespace, the agent as nobody,
    no further namespaces (run here by whoever runs the tests)."""
    (tmp_path / "who.py").write_text(
        "import os\ndef choose(state):\n"
        "    raise RuntimeError(f'uid {os.getuid()} userns {os.path.exists(\"/proc/self\")}')\n")
    user = J.Jail(JAIL.bwrap, JAIL.version, as_root=False)
    with Sandbox(read_agent(tmp_path / "who.py"), Limits(), jail=user) as sandbox:
        sandbox.new_game(GAME, [], 0, 1)
        with pytest.raises(Exception, match="uid 65534"):
            sandbox.choose([], 5.0)


def test_the_jail_shows_only_the_runtime_and_its_own_file():
    jail = J.Jail("/usr/bin/bwrap", "0.8.0", as_root=False)
    argv = jail.command(["python", "-m", "w"], agent_file="/class/ana.py", data_fd=7,
                        helpers=["/class/_util.py"])
    text = " ".join(argv)
    for flag in ("--unshare-pid", "--unshare-net", "--die-with-parent", "--clearenv",
                 "--disable-userns", "--new-session"):
        assert flag in argv
    assert "--ro-bind-data 7 /class/ana.py" in text and "--ro-bind /class/_util.py" in text
    assert "--ro-bind /class " not in text and "--bind " not in text   # no folder, no writes
    assert argv[-3:] == ["python", "-m", "w"]
    root = J.Jail("/usr/bin/bwrap", "0.8.0", as_root=True, setpriv="/usr/bin/setpriv")
    argv = root.command(["python"], agent_file="/class/ana.py", data_fd=7, uid=1_800_000_001)
    assert "--reuid=1800000001" in argv and "--no-new-privs" in argv
    assert "--unshare-user" not in argv
