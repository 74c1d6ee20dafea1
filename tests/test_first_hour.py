"""Issue 34, "the first hour": the command line explains a missing or empty folder and a
tournament with nothing to play, and scoring Connect-4's columns reports which column it is on."""
import io
import shutil
from pathlib import Path

import pytest
from helpers import WaitingSolver

import qsearch.__main__ as cli
from qsearch.__main__ import main
from qsearch.games import load
from qsearch.league.cli import _check_agents_path

COMMITTED = Path(cli.__file__).resolve().parents[1] / "benchmarks" / "tournaments"


# --------------------------------------------------------------------------- league
def test_league_names_a_missing_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["league", "connect4", "submissions/", "--examples", "--out", "league/"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["error: submissions/ does not exist: put the class's agent files (.py) in "
                   "it, or give the files"]
    assert not (tmp_path / "league").exists()


def test_league_names_an_empty_folder(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "submissions").mkdir()
    (tmp_path / "submissions" / "_helper.py").write_text("")
    (tmp_path / "submissions" / "notes.txt").write_text("")
    assert main(["league", "connect4", "submissions/", "--out", "league/"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: submissions/ holds no agent files")
    # with --examples the examples still play: a warning, not an error
    _check_agents_path("submissions/", examples=True)
    assert capsys.readouterr().err.startswith("warning: submissions/ holds no agent files")
    # a folder with an agent file, or a file, passes
    (tmp_path / "submissions" / "ann.py").write_text("def choose(state):\n    return 0\n")
    _check_agents_path("submissions/")
    _check_agents_path("submissions/ann.py")
    assert capsys.readouterr().err == ""


# --------------------------------------------------------------------------- tournament
def _recorded_run(folder: Path) -> Path:
    folder.mkdir()
    for name in ("4.3.jsonl", "calibration.json"):
        shutil.copy(COMMITTED / name, folder / name)
    return folder


@pytest.mark.skipif(not (COMMITTED / "4.3.jsonl").exists(), reason="a source checkout only")
def test_tournament_says_why_it_plays_no_game(tmp_path, monkeypatch, capsys):
    # without --out: the committed run, every game already there (here a copy of it)
    run = _recorded_run(tmp_path / "committed")
    monkeypatch.setattr(cli, "COMMITTED_RUN", run)
    assert main(["tournament", "4.3", "--workers", "2", "--no-progress"]) == 0
    err = capsys.readouterr().err
    assert "table 4.3: 0 games played (360 already recorded)" in err
    assert (f"0 games played: every game of these tables is already recorded in {run}, the "
            "committed run (the folder used without --out); --out DIR plays them afresh "
            "into DIR") in err
    # with --out naming a complete run
    mine = _recorded_run(tmp_path / "mine")
    assert main(["tournament", "4.3", "--out", str(mine), "--no-progress"]) == 0
    assert (f"already recorded in {mine}; another --out DIR plays them afresh"
            in capsys.readouterr().err)


def test_tournament_with_games_to_play_says_nothing_of_the_kind(tmp_path, capsys):
    assert main(["tournament", "4.3", "--out", str(tmp_path), "--limit", "0",
                 "--no-progress"]) == 0
    assert "0 games played: every game" not in capsys.readouterr().err


# --------------------------------------------------------------------------- solve connect4
def test_scoring_the_columns_one_by_one_is_analyze():
    from qsearch.games.connect4 import Connect4
    from qsearch.search.connect4_solver import Solver

    data = Path(__file__).parent / "data" / "connect4" / "Test_L3_R1"   # end-game positions
    positions = [line.split()[0] for line in data.read_text().splitlines()[:30] if line.strip()]
    wins, one_by_one, at_once = 0, Solver(), Solver()     # a Solver's table takes a while
    for moves in positions:
        state = Connect4.from_moves(moves)
        one_by_one.reset()
        at_once.reset()
        scores = cli._score_columns(one_by_one, state, stream=io.StringIO())
        assert scores == at_once.analyze(state), moves
        wins += any(state.child(c).is_terminal() for c in state.legal_actions())
    assert wins                                  # a column that wins at once is among them


def test_scoring_the_columns_reports_the_column_and_k_of_n(monkeypatch):

    state = load("connect4")
    for column in (3, 3, 3, 3, 3, 3):            # column 4 is full
        state.apply_action(column)
    monkeypatch.setattr(cli, "PROGRESS_FIRST", 0.0)

    stream = io.StringIO()
    scores = cli._score_columns(WaitingSolver((1234, -99, 99)), state, stream=stream)
    assert scores == [0, 0, 0, None, 0, 0, 0]
    lines = stream.getvalue().splitlines()
    for k, column in enumerate((1, 2, 3, 5, 6, 7), 1):
        assert any(line.startswith(f"  scoring column {column} ({k} of 6): ")
                   and "1,234 nodes" in line for line in lines), lines
        assert f"  scoring column {column} ({k} of 6): done in" in stream.getvalue()
    assert all("score in" not in line for line in lines)      # no upside-down bounds


# --------------------------------------------------------------------------- set-up
def test_the_readme_says_what_each_extra_installs():
    import tomllib

    root = Path(__file__).resolve().parents[1]
    extras = tomllib.loads((root / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]

    def names(extra):
        found = set()
        for dep in extras[extra]:
            if dep.startswith("qsearch["):
                for other in dep[len("qsearch["):-1].split(","):
                    found |= names(other)
            else:
                found.add(dep.split(">")[0].split("[")[0].split("=")[0])
        return found

    assert {"jupyterlab", "voila"} <= names("lessons") and {"jupyterlab", "voila"} <= names("dev")
    assert not {"jupyterlab", "voila"} & names("test")          # CI's install stays small
    readme = " ".join((root / "README.md").read_text().split())
    assert "but not JupyterLab or Voila, which come with `lessons` and `dev`" in readme
    install = " ".join((root / "docs" / "book" / "install.md").read_text().split())
    assert "Presenter mode (after `install.sh lessons` or `dev`)" in install
    script = (root / "scripts" / "install.sh").read_text()
    assert "no JupyterLab or Voila" in script and "cythonizing" in script
