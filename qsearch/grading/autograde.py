"""Grade an assignment's submissions with nbgrader, the students' code jailed as the league's is.

``autograde(course, assignment)`` runs ``nbgrader autograde`` on the course folder
``course`` (nbgrader's layout: ``source/``, ``release/``, ``submitted/<student>/``) and
returns each student's ``(score, max_score)``. Where the league's bubblewrap jail works
(:func:`qsearch.league.jail.choose_jail`), the grading runs inside one: the course folder is
packed into the script the jail runs, unpacked in its private ``/tmp`` (no network, a
read-only runtime, no other file of the machine), graded there, and the graded notebooks and
the gradebook come back on its standard output, into ``course``. ``sandbox="none"`` grades
in a plain process (nbgrader still runs each notebook in a kernel of its own).

nbgrader is not a dependency of qsearch: ``pip install nbgrader`` (the ``test`` extra has it).
"""
from __future__ import annotations

import base64
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

MARK = "qsearch-autograde:"             # the line of the jail's output that carries the results
TMP_BYTES = 512 * 2**20                 # the jail's /tmp: the course, kernels' files, outputs

_SCRIPT = """\
import base64, io, json, os, subprocess, sys, tarfile
course = "/tmp/course"
with tarfile.open(fileobj=io.BytesIO(base64.b64decode(PACKED))) as tar:
    tar.extractall(course, **({"filter": "data"} if hasattr(tarfile, "data_filter") else {}))
run = subprocess.run([sys.executable, "-m", "nbgrader", "autograde", ASSIGNMENT, "--create",
                      "--force"], cwd=course, capture_output=True, text=True)
out = io.BytesIO()
with tarfile.open(fileobj=out, mode="w:gz") as tar:
    for name in ("autograded", "gradebook.db"):
        if os.path.exists(os.path.join(course, name)):
            tar.add(os.path.join(course, name), arcname=name)
print(MARK + json.dumps({"returncode": run.returncode, "log": run.stderr[-4000:],
                         "files": base64.b64encode(out.getvalue()).decode()}))
"""


def _pack(course: Path) -> str:
    """The course folder (its gradebook too: it holds the assignment's tests) as a base64
    tar, without earlier graded notebooks."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for item in sorted(course.iterdir()):
            if item.name not in ("autograded", "feedback"):
                tar.add(item, arcname=item.name)
    return base64.b64encode(out.getvalue()).decode()


def _environment_paths() -> tuple[list[str], list[str]]:
    """``(PYTHONPATH entries, PATH folders)`` the grading needs beyond the jail's own: the
    caller's PYTHONPATH and the folder of nbgrader's ``alembic`` command."""
    python_path = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep)
                   if p and os.path.isdir(p)]
    commands = [str(Path(sys.executable).parent)]
    alembic = shutil.which("alembic")
    if alembic:
        commands.append(str(Path(alembic).parent))
    return python_path, commands


def grade_in_jail(course: Path, assignment: str, jail, timeout: float) -> None:
    """Run ``nbgrader autograde`` on ``course`` in ``jail``; its results land in ``course``."""
    from qsearch.league.jail import jail_env

    script = (f"PACKED = {_pack(course)!r}\nASSIGNMENT = {assignment!r}\nMARK = {MARK!r}\n"
              + _SCRIPT)
    read = os.memfd_create("autograde", 0)
    os.write(read, script.encode())
    os.lseek(read, 0, os.SEEK_SET)
    python_path, commands = _environment_paths()
    env = {"PYTHONPATH": os.pathsep.join([jail_env()["PYTHONPATH"], *python_path]),
           "PATH": os.pathsep.join([*commands, jail_env()["PATH"]])}
    argv = [sys.executable, "/tmp/autograde.py"]
    try:
        done = subprocess.run(
            jail.command(argv, agent_file="/tmp/autograde.py", data_fd=read,
                         binds=[*python_path, *commands], tmp_bytes=TMP_BYTES, env=env),
            pass_fds=(read,), stdin=subprocess.DEVNULL, capture_output=True, text=True,
            timeout=timeout, env={"PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    finally:
        os.close(read)
    lines = [line for line in done.stdout.splitlines() if line.startswith(MARK)]
    if not lines:
        raise RuntimeError(f"the jailed grading gave no result (exit {done.returncode}): "
                           f"{done.stderr[-2000:]}")
    result = json.loads(lines[-1][len(MARK):])
    if result["returncode"] != 0:
        raise RuntimeError(f"nbgrader autograde failed in the jail: {result['log']}")
    safe = {"filter": "data"} if hasattr(tarfile, "data_filter") else {}   # 3.10.12+, 3.11.4+
    with tarfile.open(fileobj=io.BytesIO(base64.b64decode(result["files"]))) as tar:
        tar.extractall(course, **safe)


def autograde(course, assignment: str, *, sandbox: str = "auto",
              timeout: float = 1800) -> dict[str, tuple[float, float]]:
    """``{student: (score, max_score)}`` of every submission of ``assignment`` in the
    nbgrader course folder ``course``, graded jailed when ``sandbox`` allows (see the module
    docs: ``"auto"``, ``"require"`` or ``"none"``, as in the league)."""
    from qsearch.league.jail import choose_jail

    course = Path(course)
    if not (course / "submitted").is_dir():
        raise ValueError(f"{course} has no submitted/ folder: not an nbgrader course folder "
                         "with submissions")
    jail, _why = choose_jail(sandbox)
    if jail is not None:
        grade_in_jail(course, assignment, jail, timeout)
    else:
        nbgrader(course, "autograde", assignment, "--create", "--force", timeout=timeout)
    return scores(course, assignment)


def nbgrader(course, *args: str, timeout: float = 1800) -> str:
    """Run ``nbgrader ARGS`` in the course folder (its commands, such as ``alembic``, found
    beside this Python even when its folder is not on the PATH); its log, or RuntimeError."""
    _, commands = _environment_paths()
    env = {**os.environ, "PATH": os.pathsep.join([*commands, os.environ.get("PATH", "")])}
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, env=env,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"nbgrader {' '.join(args)} failed: {done.stderr[-3000:]}")
    return done.stderr


def generate_assignment(course, assignment: str) -> Path:
    """The students' notebook of ``assignment`` (solutions and hidden tests taken out,
    ``release/``), and the assignment's tests in the course's gradebook."""
    nbgrader(course, "generate_assignment", assignment, "--force")
    return Path(course) / "release" / assignment


def scores(course, assignment: str) -> dict[str, tuple[float, float]]:
    """``{student: (score, max_score)}`` from the course's gradebook."""
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{Path(course) / 'gradebook.db'}") as book:
        return {s.student.id: (s.score, s.max_score)
                for s in book.assignment_submissions(assignment)}
