"""The jail's parts of issue 42 one by one: the seccomp program, the memory cgroup (and how
each degrades where it cannot be had), the jail's command line, the hard CPU limit's
verdict and the pinning of a pool worker's agents. The attacks themselves are in
tests/test_league_hostile.py and tests/test_league_hostile_cpu.py."""
import os
import signal
import struct
import sys
import warnings

import pytest

from qsearch.league import Limits, Sandbox, read_agent
from qsearch.league import cgroup as C
from qsearch.league import jail as J
from qsearch.league import seccomp as S
from qsearch.league.sandbox import pool_core
from qsearch.league.worker import _child_died

JAIL, WHY = J.find_jail()
GAME = {"name": "tictactoe", "module": None, "factory": False}
linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


@linux
def test_the_seccomp_program_checks_the_architecture_first():
    if not S.available()[0]:
        pytest.skip(S.available()[1])
    program = S.program()
    assert len(program) % 8 == 0 and len(program) > 8 * len(S.DENIED)
    code, _, _, k = struct.unpack("<HBBI", program[:8])
    assert (code, k) == (0x20, 4)               # BPF_LD|BPF_W|BPF_ABS, seccomp_data.arch
    fd = S.filter_fd()
    try:
        assert os.read(fd, len(program) + 1) == program
    finally:
        os.close(fd)


def test_the_jails_command_has_the_filter_a_small_dev_shm_and_a_read_only_root():
    jail = J.Jail("/usr/bin/bwrap", "0.8.0", as_root=False, seccomp=True)
    argv = jail.command(["python"], agent_file="/class/ana.py", data_fd=7, seccomp_fd=9,
                        tmp_bytes=8 * 2**20)
    text = " ".join(argv)
    assert "--seccomp 9" in text
    assert f"--size {8 * 2**20} --tmpfs /dev/shm --chmod 1777 /dev/shm" in text
    assert f"--size {8 * 2**20} --tmpfs /tmp" in text
    assert "--remount-ro /" in text
    assert text.index("--remount-ro /") > text.index("--ro-bind-data 7 /class/ana.py")
    assert "--seccomp" not in jail.command(["python"], agent_file="/a.py", data_fd=7)


def test_a_partial_jail_says_what_it_lacks_and_warns_once(monkeypatch):
    partial = J.Jail("/usr/bin/bwrap", "0.8.0", as_root=False)
    monkeypatch.setattr(J, "find_jail", lambda: (partial, ""))
    missing = " ".join(partial.missing())
    assert "no seccomp filter" in missing and "no memory limit for the whole jail" in missing
    assert "seccomp" not in partial.describe() and "cgroup" not in partial.describe()
    J._warn_partial.cache_clear()
    with pytest.warns(RuntimeWarning, match="the agents' jail is partial here: no seccomp"):
        assert J.choose_jail("require")[0] is partial
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        J.choose_jail("auto")                   # said once a process
    J._warn_partial.cache_clear()
    whole = J.Jail("/usr/bin/bwrap", "0.8.0", as_root=True, seccomp=True, memory_cgroups="/x")
    assert whole.missing() == [] and "memory cgroup" in whole.describe()


def test_no_cgroup_folder_is_a_reason_not_an_error(monkeypatch, tmp_path):
    monkeypatch.setattr(C, "ROOT", tmp_path / "none")
    C.find_parent.cache_clear()
    try:
        assert C.find_parent() == (None, "no /sys/fs/cgroup (not Linux, or cgroups are "
                                         "not mounted)")
        monkeypatch.setattr(C, "ROOT", tmp_path)
        (tmp_path / "unified").mkdir()
        (tmp_path / "unified" / "cgroup.controllers").write_text("")
        (tmp_path / "unified" / "cgroup.subtree_control").write_text("cpu io")
        monkeypatch.setattr(C, "_own_cgroups", lambda: {"": "/"})
        C.find_parent.cache_clear()
        folder, why = C.find_parent()
        assert folder is None and "does not delegate the memory controller" in why
    finally:
        C.find_parent.cache_clear()


def test_a_v1_memory_cgroup_gets_its_limit_and_counts_oom_kills(tmp_path):
    (tmp_path / "memory.limit_in_bytes").write_text("max")     # a v1 cgroup's own file
    group = C.MemoryCgroup(str(tmp_path), 300 * 2**20)
    assert (group.path / "memory.limit_in_bytes").read_text() == str(300 * 2**20)
    assert group.oom_kills() == 0
    (group.path / "memory.oom_control").write_text("oom_kill_disable 0\nunder_oom 0\n"
                                                   "oom_kill 3\n")
    assert group.oom_kills() == 3
    argv = group.enter_argv(["bwrap", "--"])
    assert argv[:2] == ["/bin/sh", "-c"] and argv[3:] == [str(group.path), "bwrap", "--"]
    for child in group.path.iterdir():
        child.unlink()
    group.remove()
    assert not group.path.exists()


def test_a_sigkill_past_the_cpu_limit_is_a_cpu_forfeit():
    killed = signal.SIGKILL                     # a wait status: killed by that signal
    assert _child_died(killed, 1.0, used=2.01)["error"] == "cpu"
    assert _child_died(killed, 1.0, used=0.2)["error"] == "crash"
    assert _child_died(signal.SIGXCPU, 1.0)["error"] == "cpu"
    assert _child_died(killed, None, used=5.0)["error"] == "crash"


def test_the_leagues_own_process_pins_nothing():
    assert pool_core() is None


@pytest.mark.slow
@pytest.mark.skipif(JAIL is None, reason=f"no sandbox here: {WHY}")
def test_a_jailed_sandbox_reports_its_parts_and_removes_its_cgroup(tmp_path):
    (tmp_path / "steady.py").write_text("def choose(state):\n"
                                        "    return state.legal_actions()[0]\n")
    with Sandbox(read_agent(tmp_path / "steady.py"), Limits(memory_mb=300), jail=JAIL) as box:
        box.new_game(GAME, [], 0, 1)
        assert box.choose([], 10.0)[0] == 0
        assert box.enforced["seccomp"] is JAIL.seccomp
        assert box.enforced["jail memory"] is bool(JAIL.memory_cgroups)
        assert box.enforced["cpu"] and box.enforced["core"] is None
        group = box.cgroup
        if group is not None:
            limit = "memory.limit_in_bytes" if group.v1 else "memory.max"
            assert (group.path / limit).read_text().strip() == str(300 * 2**20)
        box.new_game(GAME, [], 0, 2)            # a second game: a new child, same jail
        assert box.choose([], 10.0)[0] == 0 and box.starts == 1
    assert group is None or not group.path.exists()
