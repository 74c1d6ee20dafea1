"""The hostile-agent corpus: one file an attack in tests/league_hostile/, all played in one
jailed league (tic-tac-toe, one game each against a harmless agent). Each attack is
asserted on its own: the league finishes with every game recorded; the attacker forfeits
with the expected reason, or its attack came to nothing (it says what it managed in a
report, the end of its move); and nothing outside its jail changed: file digests, the
records, marker files, processes, the listeners."""
import hashlib
import json
import os
import select
import shutil
import socket
import sys
import tempfile
from pathlib import Path
from types import SimpleNamespace

import pytest

import qsearch
from qsearch.league import Limits, run_league
from qsearch.league.jail import find_jail
from qsearch.league.schedule import RECORDS

HERE = Path(__file__).resolve().parent / "league_hostile"
ATTACKS = sorted(p.stem for p in HERE.glob("*.py") if not p.name.startswith("_"))
VICTIM = "aaa_victim"           # first by id: it moves first in every game
MARKER = f"qsearch-hostile-{os.getpid()}"
SECRET = f"secret-{os.getpid()}-do-not-leak"
LIMITS = Limits(move_time=2.0, load_time=3.0, output_bytes=20_000, memory_mb=512,
                cpu_time=10.0, processes=16, file_mb=8)
JAIL, WHY = find_jail()
REQUIRED = bool(os.environ.get("CI")) and sys.platform.startswith("linux")
jailed = pytest.mark.skipif(JAIL is None, reason=f"no sandbox here: {WHY}")
pytestmark = pytest.mark.slow


def sha(path) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def marked_processes() -> list[str]:
    """Command lines of live processes that carry this run's marker."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if MARKER in cmdline:
                found.append(cmdline)
    return found


def league_processes() -> set[int]:
    """Pids of live jails and agents' workers that are this test process's descendants or
    orphans (a worker that outlived its league is re-parented to init); another test file's
    league, running at the same time on another pytest-xdist worker, is not counted."""
    parents, workers = {}, set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
            if b"qsearch.league.worker" in cmdline:
                workers.add(int(entry.name))

    def ours(pid):
        if parents.get(pid) == 1:
            return True
        while pid in parents and pid > 1:
            if pid == os.getpid():
                return True
            pid = parents[pid]
        return False

    return {pid for pid in workers if ours(pid)}


@pytest.fixture(scope="module")
def attacked(tmp_path_factory):
    """The league of every attack against the victim, and what was outside the jails."""
    if JAIL is None:
        pytest.skip(f"no sandbox here: {WHY}")
    folder = agents_folder(tmp_path_factory)
    out = tmp_path_factory.mktemp("out")
    teacher = tmp_path_factory.mktemp("teacher")
    (teacher / "grades.txt").write_text(SECRET)
    tcp = socket.socket()
    tcp.bind(("127.0.0.1", 0))
    tcp.listen(8)
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    params = {"league_pid": os.getpid(), "victim": str(folder / f"{VICTIM}.py"),
              "records": str(out / RECORDS), "secret_file": str(teacher / "grades.txt"),
              "home": str(Path.home()), "marker": MARKER, "secret_value": SECRET,
              "tcp_port": tcp.getsockname()[1], "udp_port": udp.getsockname()[1]}
    helper = (HERE / "_hostile.py").read_text().replace("PARAMS = {}",
                                                        f"PARAMS = {params!r}")
    (folder / "_hostile.py").write_text(helper)
    for name in ATTACKS:
        shutil.copy(HERE / f"{name}.py", folder / f"{name}.py")
    (folder / f"{VICTIM}.py").write_text("NAME = 'victim'\ndef choose(state):\n"
                                         "    return state.legal_actions()[0]\n")
    package = Path(qsearch.__file__).parent
    watched = [folder / f"{VICTIM}.py", package / "__init__.py",
               package / "league" / "referee.py"]
    before = {str(p): sha(p) for p in watched}
    workers_before = league_processes()
    os.environ["QSEARCH_HOSTILE_SECRET"] = SECRET
    try:
        result = run_league("tictactoe", folder, out, limits=LIMITS, games_per_pair=1,
                            focus=VICTIM, sandbox="require", progress=False, samples=0)
    finally:
        del os.environ["QSEARCH_HOSTILE_SECRET"]
        stray = package / f"{MARKER}.py"
        planted = stray.exists()
        stray.unlink(missing_ok=True)
    waiting = select.select([tcp, udp], [], [], 0)[0]
    tcp.close()
    udp.close()
    yield SimpleNamespace(
        result=result, out=out, before=before, after={p: sha(p) for p in before},
        planted=planted, waiting=waiting, survivors=marked_processes(),
        new_workers=league_processes() - workers_before,
        tmp_files=sorted(str(p) for p in Path("/tmp").glob(f"{MARKER}*")),
        forfeit={f["agent"]: f for f in result.forfeits() if f["agent"] != VICTIM})
    shutil.rmtree(folder, ignore_errors=True)


def agents_folder(factory) -> Path:
    """The agents' folder, outside /tmp where it can be, as a class's is (a folder under
    /tmp is inside the jail's own /tmp, which the agent may write)."""
    if os.access("/var/tmp", os.W_OK):
        return Path(tempfile.mkdtemp(prefix="qsearch-hostile-", dir="/var/tmp"))
    return factory.mktemp("agents")


def reported(attacked, name) -> dict:
    """The outcome an attack reported (the last line of its forfeit's detail)."""
    forfeit = attacked.forfeit[name]
    assert forfeit["reason"] == "exception", forfeit
    line = [x for x in forfeit["detail"].splitlines() if "REPORT " in x][-1]
    return json.loads(line.split("REPORT ", 1)[1])


def test_the_corpus_has_an_attack_a_file():
    assert len(ATTACKS) >= 20
    assert set(ATTACKS) == set(EXPECTED)


def test_a_sandbox_is_available_where_ci_runs():
    if REQUIRED:
        assert JAIL is not None, WHY
    elif JAIL is None:
        pytest.skip(WHY)


@jailed
def test_the_league_finishes_and_records_every_game(attacked):
    result = attacked.result
    assert result.played == len(ATTACKS) and not result.rejected
    lines = (attacked.out / RECORDS).read_text().splitlines()
    assert len(lines) == 1 + len(ATTACKS)
    assert all(json.loads(line)["jail"].startswith("bubblewrap") for line in lines[1:])
    assert result.row(VICTIM)["forfeits"] == {}           # nothing reached the victim
    assert not result.note()
    assert attacked.new_workers == set()                  # every jail is gone


@jailed
def test_nothing_outside_the_jails_changed(attacked):
    assert attacked.after == attacked.before              # the victim's file, qsearch
    assert not attacked.planted
    assert attacked.waiting == []                         # no connection, no datagram
    assert attacked.survivors == []
    assert attacked.tmp_files == []
    records = (attacked.out / RECORDS).read_text()
    assert "forged" not in records and SECRET not in records


def forfeits(reason):
    def check(attacked, name):
        assert attacked.forfeit[name]["reason"] == reason, attacked.forfeit.get(name)
    return check


def harmless(attacked, name):
    """It played its game to the end (what it started is checked by the other tests)."""
    assert name not in attacked.forfeit
    record = next(r for r in attacked.result.records if name in (r["a"], r["b"]))
    assert record["forfeits"] == [] and record["plies"] >= 5


def blocked(*keys, **exact):
    """It reported that each of ``keys`` failed (and ``exact`` values)."""
    def check(attacked, name):
        outcome = reported(attacked, name)
        for key in keys:
            assert outcome[key] != "done", (key, outcome)
        for key, value in exact.items():
            assert outcome[key] == value, (key, outcome)
    return check


def filled(attacked, name):
    outcome = reported(attacked, name)
    assert outcome["written"] <= LIMITS.file_mb * 2**20
    assert "No space left" in outcome["error"] or "too large" in outcome["error"]


def fork_bomb(attacked, name):
    outcome = reported(attacked, name)
    assert outcome["error"] == "BlockingIOError" and outcome["made"] < LIMITS.processes


def read_others(attacked, name):
    blocked("victim", "records", "via_cwd")(attacked, name)
    assert set(reported(attacked, name)["folder"]) <= {"_hostile.py", f"{name}.py"}


def read_home(attacked, name):
    blocked("secret", "passwd")(attacked, name)
    home = reported(attacked, name)["home"]
    if home != "FileNotFoundError":                     # the runtime may live in the home
        runtime = {Path(p).relative_to(Path.home()).parts[0] for p in
                   (sys.prefix, sys.base_prefix) if Path(p).is_relative_to(Path.home())}
        assert set(home) <= runtime


def whole_jail(part, check):
    """``check`` where the jail has ``part`` ("seccomp", "memory_cgroups"); where it does
    not (no libseccomp; an ordinary user without a delegated cgroup), the jail says so."""
    def either(attacked, name):
        if getattr(JAIL, part):
            check(attacked, name)
        else:
            assert JAIL.missing() and JAIL.describe() not in ("", None)
    return either


def denied(*keys):
    """Each of ``keys`` failed; with the seccomp filter, with EPERM (ENOSYS for clone3)."""
    def check(attacked, name):
        blocked(*keys)(attacked, name)
        if JAIL.seccomp:
            outcome = reported(attacked, name)
            for key in keys:
                assert outcome[key] == ("ENOSYS" if key == "clone3" else "EPERM"), outcome
    return check


def seccomp_calls(attacked, name):
    outcome = reported(attacked, name)
    assert outcome.pop("mode") == "2"                   # a filter is on
    denied(*outcome)(attacked, name)


def shm_fill(attacked, name):
    outcome = reported(attacked, name)
    assert outcome["written"] <= LIMITS.file_mb * 2**20, outcome
    assert outcome["error"] == "No space left on device", outcome    # its own, full


def fork_memory(attacked, name):
    assert reported(attacked, name)["held_mb"] <= LIMITS.memory_mb


def cgroup_escape(attacked, name):
    outcome = reported(attacked, name)
    assert not outcome["sys"] and "done" not in outcome["writes"].values()


JAIL_ATTACKS = {            # issue 42: the jail's memory, namespaces, mounts, system calls
    "memfd_hog": whole_jail("memory_cgroups", forfeits("memory")),
    "oom_shield": whole_jail("memory_cgroups", forfeits("memory")),
    "fork_memory": whole_jail("memory_cgroups", fork_memory),
    "shm_fill": shm_fill,
    "nested_userns": denied("userns", "netns", "both", "clone", "setns"),
    "mount_tmpfs": denied("unshare", "mount", "fsopen", "pivot_root", "umount"),
    "seccomp_calls": whole_jail("seccomp", seccomp_calls),
    "cgroup_escape": cgroup_escape,
    "write_beside": blocked("beside", "root", "mkdir"),
}


EXPECTED = {
    "kill_parent": forfeits("crash"),                  # its parent is its jail's worker
    "kill_grandparent": blocked("league"),
    "proc_mem": blocked("parent", "parent_fds", "league"),
    "ptrace": blocked("parent", "league"),
    "read_others": read_others,
    "write_others": blocked("victim", "records"),
    "read_home": read_home,
    "setsid_survivor": harmless,
    "double_fork_survivor": harmless,
    "fork_bomb": fork_bomb,
    "tcp_listener": blocked("tcp"),
    "dns": blocked("dns"),
    "fill_tmp": filled,
    "fill_cwd": filled,
    "memory_hog": forfeits("memory"),
    "cpu_thread": harmless,
    "flood_stdout": forfeits("flood"),
    "flood_stderr": forfeits("flood"),
    "garbage_fds": forfeits("protocol"),
    "ignore_sigterm": forfeits("timeout"),
    "slow_import": forfeits("import timeout"),
    "exit_import": forfeits("crash"),
    "edit_qsearch": blocked("existing", "new_module", "referee"),
    "read_env": blocked("parent", found=False),
    "sys_modules": forfeits("illegal"),
    **JAIL_ATTACKS,
}


@jailed
@pytest.mark.parametrize("name", ATTACKS)
def test_each_attack_forfeits_or_is_harmless(attacked, name):
    EXPECTED[name](attacked, name)
