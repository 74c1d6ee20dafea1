"""Project hygiene: linters clean, the README's commands are the ones CI runs, the CLI works."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    """The shell commands in the README's fenced ``bash`` blocks of the set-up section."""
    text = (ROOT / "README.md").read_text()
    setup = text.split("## Set up", 1)[1].split("\n## ", 1)[0]
    return [c.strip() for c in re.findall(r"```bash\n(.*?)```", setup, re.S)]


def test_readme_has_exactly_two_setup_commands_and_ci_runs_the_test_one():
    commands = readme_commands()
    assert len(commands) == 2
    lessons, tests = commands
    assert "jupyter lab" in lessons and "pytest" in tests
    assert tests in (ROOT / ".ci" / "run").read_text()


def test_readme_is_a_front_door_of_at_most_200_lines_whose_links_resolve():
    """The README is one screenful of what qsearch is; the rest is in the book (docs/book/),
    and every local link of the README names a file of the repository."""
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 200
    for link in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)|src=\"([^\"]+)\"", text):
        path = link[0] or link[1]
        if not path.startswith(("http://", "https://")):
            assert (ROOT / path).exists(), path
    for lesson in sorted((ROOT / "notebooks").glob("[01][0-9]_*.ipynb")):
        assert f"](notebooks/{lesson.name})" in text and f"](notebooks/es/{lesson.name})" in text


@pytest.mark.parametrize("tool,args", [
    ("ruff", ["check", "."]),
    pytest.param("cython-lint", ["qsearch"], marks=pytest.mark.slow),
])
def test_linters_are_clean(tool, args):
    bindir = str(Path(sys.executable).parent)   # the venv's tools, even if it is not activated
    exe = shutil.which(tool, path=bindir) or shutil.which(tool)
    if exe is None:
        pytest.skip(f"{tool} is not installed (pip install -e '.[test]')")
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""))
    run = subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr


def cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "qsearch", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT)


def test_cli_solve_prints_the_published_score():
    out = cli("solve", "connect4", "2252576253462244111563365343671351441")
    assert out.returncode == 0, out.stderr
    assert "score -1" in out.stdout


def test_cli_solve_rejects_a_malformed_position():
    out = cli("solve", "connect4", "4458")
    assert out.returncode == 2
    assert "bad character '8'" in out.stderr


def test_cli_play_answers_a_move_and_rejects_an_illegal_one():
    out = cli("play", "tictactoe", "--depth", "9", stdin="4\n4\nq\n")
    assert out.returncode == 0, out.stderr
    assert "engine plays" in out.stdout
    assert "not a legal move" in out.stdout


def test_the_license_pyproject_declares_is_shipped():
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert project["license"] == "MIT" and project["license-files"] == ["LICENSE"]
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")


def test_the_console_script_names_itself_in_its_usage():
    script = Path(sys.executable).with_name("qsearch")
    out = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.startswith("usage: qsearch ")
    out = subprocess.run([sys.executable, "-m", "qsearch", "--help"], capture_output=True,
                         text=True, timeout=60)
    assert out.stdout.startswith("usage: python -m qsearch ")


def test_every_saved_svg_picture_has_a_png_beside_it():
    """An untrusted notebook (a lesson as first opened) shows PNG, not SVG: the lessons'
    pipeline (scripts/add_png_fallbacks.py) must have run on every committed lesson."""
    lessons = sorted(str(p) for p in (ROOT / "notebooks").glob("[01][0-9]_*.ipynb"))
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "add_png_fallbacks.py"),
                           "--check", *lessons], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
