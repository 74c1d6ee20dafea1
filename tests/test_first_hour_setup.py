"""Issue 47's first hour: the snags a new teacher or contributor met in setting up, each tried
again here the way they met it."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.slow
def test_pytest_runs_without_pytest_xdist():
    """A teacher checking a laptop installs only pytest and nbval: pyproject's addopts must not
    need pytest-xdist (``--dist`` is set by conftest.py only when ``-n`` is given)."""
    (addopts,) = re.findall(r'^addopts = "(.*)"$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert "--dist" not in addopts and "-n " not in addopts
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:xdist", "-p",
                          "no:cacheprovider", "-q", "tests/test_plumbing.py"],
                         cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert re.search(r"\d+ passed", run.stdout)


def test_setup_checks_the_compiler_before_translating_anything(tmp_path):
    """Without a working compiler setup.py says so at once and lists no extension, instead of
    Cython-translating all 26 modules first (78 s of CPU for nothing)."""
    env = dict(os.environ, CC="false", CXX="false", LDSHARED="false")
    env.pop("QSEARCH_PURE", None)
    run = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "warning: qsearch's compiled modules could not be built (no working C compiler" \
        in run.stderr
    assert "Compiling qsearch" not in run.stdout + run.stderr      # Cython's own message


@pytest.mark.skipif(sys.platform == "win32", reason="bash")
def test_install_waits_for_another_package_manager(tmp_path):
    """install.sh's apt_get retries while apt/dpkg's lock is held (it used to exit 100 at once),
    and after APT_LOCK_WAIT seconds says what to do."""
    fake = tmp_path / "bin"
    fake.mkdir()
    count = tmp_path / "count"
    (fake / "apt-get").write_text(
        "#!/bin/bash\n"
        f"n=$(cat {count} 2>/dev/null || echo 0); echo $((n + 1)) > {count}\n"
        "if [ \"$n\" -lt \"$LOCKED_CALLS\" ]; then\n"
        "  echo 'E: Could not get lock /var/lib/dpkg/lock-frontend.' >&2\n"
        "  exit 100\nfi\necho installed \"$@\"\n")
    (fake / "apt-get").chmod(0o755)
    script = (ROOT / "scripts" / "install.sh").read_text()
    function = script[script.index("APT_LOCK_WAIT="):script.index("\n}\n") + 3]

    def run(locked: int, wait: int):
        count.unlink(missing_ok=True)
        env = dict(os.environ, PATH=f"{fake}:{os.environ['PATH']}", LOCKED_CALLS=str(locked),
                   APT_LOCK_WAIT=str(wait), APT_LOCK_POLL="0", SUDO="")
        return subprocess.run(["bash", "-c", function + "\napt_get install -y graphviz"],
                              env=env, capture_output=True, text=True)

    waited = run(locked=3, wait=10)
    assert waited.returncode == 0, waited.stderr
    assert "waiting for it to finish" in waited.stdout
    assert "installed install -y graphviz" in waited.stdout
    assert count.read_text().strip() == "4"
    stuck = run(locked=1000, wait=0)
    assert stuck.returncode == 100
    assert "let it finish" in stuck.stderr and "run this script again" in stuck.stderr
