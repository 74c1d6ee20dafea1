"""The hostile class's data (issue 42): what a student wrote (NAME, AUTHOR, file names, what
the agent printed) is shown as data everywhere, the league's process imports nothing from the
submissions, and linked submissions are refused.

The agents of tests/league_hostile_data/ (one attack each, said in its docstring) play one
league in this process (their code is harmless: only their names attack); each output is
checked for what the attacks did: a tag or a forged row in the Markdown, an escape sequence on
the terminal, a formula in the CSV, a heatmap that fails to draw. The imports and links are
tried on the command line, as a class would."""
import csv
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from qsearch.league import display, run_league
from qsearch.league.agent_file import LinkedFile, agents_in, name_key, read_agent

ROOT = Path(__file__).resolve().parents[1]
HERE = Path(__file__).resolve().parent / "league_hostile_data"
GAME_FILE = ROOT / "tests" / "data" / "student_game.py"
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")

# (hostile string, what it tries) for the table of every output
HOSTILE = [
    ('<img src=x onerror="alert(1)">', "HTML tag"),
    ("<script>alert(1)</script>", "script"),
    ("a'b\"c&d", "quotes, entity"),
    ("x |\n| 1 | forged | 9999 |", "newline forges a row"),
    ("x\r\n| 2 | forged |", "CR LF"),
    ("\x1b[2J\x1b[H| 1 | fake |", "clear screen, cursor home"),
    ("\x1b]8;;http://evil\x07click\x1b]8;;\x07", "OSC 8 hyperlink"),
    ("\x1b]0;title\x1b\\", "OSC title, ST"),
    ("\x9b31mred", "8-bit CSI"),
    ("\u202eretsam", "bidi override"),
    ("=HYPERLINK(\"http://evil\")", "CSV formula ="),
    ("+cmd|' /C calc'!A0", "CSV formula +"),
    ("-2+3", "CSV formula -"),
    ("@SUM(A1)", "CSV formula @"),
    ("\t=1", "CSV tab"),
    ("$\\notacommand{$", "mathtext"),
    ("[x](javascript:alert(1))", "Markdown link"),
    ("![x](http://evil/x.png)", "Markdown image"),
    ("**b** _i_ `c` ~~s~~", "emphasis, code, strike"),
    ("a\\|b", "escaped pipe"),
    ("\x00\x07\x08\x7f", "NUL, BEL, BS, DEL"),
]


def unescaped_pipes(line: str) -> int:
    """The cell separators of a Markdown table row (a pipe not escaped by a backslash)."""
    return len(re.findall(r"(?<!\\)(?:\\\\)*\|", line))


@pytest.mark.parametrize("text, attack", HOSTILE, ids=[a for _, a in HOSTILE])
def test_every_output_shows_a_hostile_string_as_data(text, attack, tmp_path):
    cell = display.markdown_cell(text)
    assert "\n" not in cell and "\r" not in cell and not CONTROL.search(cell)
    assert not re.search(r"[<>]", cell), "no tag: < and > are entities"
    assert unescaped_pipes(cell) == 0, "no extra cell"
    assert not re.search(r"(?<!\\)[`*\[\]~$]", cell), "Markdown specials escaped"
    shown = display.terminal(text)
    assert "\x1b" not in shown and "\x9b" not in shown and not CONTROL.search(shown)
    assert display.terminal(text, newlines=True).count("\n") == text.replace(
        "\r\n", "\n").count("\n")
    assert not display.csv_cell(text).startswith(display.FORMULA)
    label = display.plot_label(text)
    assert "\n" not in label and len(label) <= display.LABEL_CHARS


def test_ordinary_names_are_unchanged():
    for name in ["blocker", "random_agent", "alpha-beta depth 4", "Ana M.", "coin flip",
                 "course-0", "José", "agent #2 (v3)", "O'Brien", "first's points"]:
        assert display.markdown_cell(name) == name
        assert display.terminal(name) == name
        assert display.csv_cell(name) == name


def test_matplotlib_draws_every_hostile_label(tmp_path):
    import matplotlib

    matplotlib.use("Agg")
    from qsearch.league.leaderboard import heatmap

    rows = [{"id": f"a{k}", "agent": text} for k, (text, _) in enumerate(HOSTILE)]
    records = [{"a": "a0", "b": "a1", "score_a": 1.0}]
    ax = heatmap(rows, records)
    ax.figure.savefig(tmp_path / "h.png")       # mathtext would raise on "$\notacommand{$"
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert "$\\notacommand{$" in labels


@pytest.fixture(scope="module")
def league(tmp_path_factory):
    """The corpus's league, one game a pair, its agents in this process (only their names
    and what they print attack)."""
    import matplotlib

    matplotlib.use("Agg")
    out = tmp_path_factory.mktemp("data-league")
    return run_league("tictactoe", HERE, out, games_per_pair=1, isolated=False,
                      progress=False, samples=20, move_time=5.0), out


def markdown_rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|")]


def test_the_leaderboard_markdown_has_one_row_an_agent_and_no_html(league):
    result, out = league
    for text in (result.to_markdown(), result._repr_markdown_(),
                 (out / "leaderboard.md").read_text()):
        rows = markdown_rows(text)
        assert len(rows) == 2 + len(result.agents), "no forged row"
        assert {unescaped_pipes(r) for r in rows} == {unescaped_pipes(rows[0])}, "no forged cell"
        assert "<" not in text and ">" not in text
        assert not CONTROL.search(text.replace("\n", ""))
        assert not re.search(r"(?<!\\)[`\[\]$]", text)


def test_every_agent_has_a_unique_id_and_a_name_of_its_own(league):
    result, _ = league
    ids = [r["id"] for r in result.rows]
    assert sorted(ids) == sorted(p.stem for p in HERE.glob("*.py"))
    keys = [name_key(r["agent"]) for r in result.rows]
    assert len(set(keys)) == len(keys), "two rows show the same name"
    assert not set(keys) & {name_key(i) for i in ids} - {name_key(r["agent"]) for r in
                                                         result.rows if r["agent"] == r["id"]}
    shown = {r["id"]: r["agent"] for r in result.rows}
    assert shown["duplicate_a"] == "ana (duplicate_a)"
    assert shown["duplicate_b"] == "An\u200ba (duplicate_b)"
    assert shown["impersonate_id"] == "duplicate_a (impersonate_id)"
    assert "| duplicate_a | ana (duplicate_a) |" in result.to_markdown()


def test_the_csv_runs_no_formula(league):
    _, out = league
    with (out / "leaderboard.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == len(list(HERE.glob("*.py")))
    for row in rows:
        for column in ("id", "agent", "author"):
            assert not row[column].startswith(display.FORMULA), row[column]
            assert not CONTROL.search(row[column]) and "\n" not in row[column]
    by_id = {r["id"]: r for r in rows}
    assert by_id["csv_formula"]["agent"].startswith("'=HYPERLINK(")
    assert by_id["csv_formula"]["author"].startswith("'+cmd")


def test_the_heatmap_is_drawn_and_details_are_shown_clean(league):
    result, out = league
    assert (out / "head_to_head.png").stat().st_size > 1000
    details = [f for f in result.forfeits() if f["agent"] == "ansi_detail"]
    assert details and all(f["reason"] == "exception" for f in details)
    for f in details:
        assert "\x1b" not in f["detail"] and "\x07" not in f["detail"]
        assert "<script>" in f["detail"]        # data, kept: shown as text, never as Markdown
    raw = [f for r in result.records for f in r["forfeits"] if f["agent"] == "ansi_detail"]
    assert "\x1b]0;owned" in raw[0]["detail"], "the record keeps what happened"


def cli(*args, cwd, env=None, timeout=240):
    """``python -m qsearch ARGS`` in a fresh process started in ``cwd``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MPLBACKEND": "Agg", **(env or {})}
    return subprocess.run([sys.executable, "-m", "qsearch", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=timeout, env=env)


@pytest.mark.slow
def test_the_cli_draws_a_mathtext_name_and_prints_no_escape(tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    for name in ("mathtext_name", "ansi_name", "newline_row"):
        (subs / f"{name}.py").write_bytes((HERE / f"{name}.py").read_bytes())
    run = cli("league", "tictactoe", str(subs), "--out", str(tmp_path / "out"),
              "--games-per-pair", "1", "--no-progress", "--samples", "20", "--no-sandbox",
              cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "\x1b" not in run.stdout + run.stderr
    assert len(markdown_rows(run.stdout)) == 2 + 3
    assert (tmp_path / "out" / "head_to_head.png").exists()


def test_a_hostile_file_name_is_an_id_shown_as_data(tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    hostile = "\x1b[2J<b>x\n| forged |"
    for name in (hostile, "plain"):
        (subs / f"{name}.py").write_text(agent_text("x") if name == "plain" else
                                         "def choose(s):\n    return s.legal_actions()[0]\n")
    result = run_league("tictactoe", subs, None, games_per_pair=1, isolated=False,
                        progress=False, samples=0)
    assert hostile in [r["id"] for r in result.rows]
    text = result.to_markdown()
    assert len(markdown_rows(text)) == 4 and "<b>" not in text and "\x1b" not in text


# --------------------------------------------------------------------------- links
def agent_text(name: str) -> str:
    return f"NAME = {name!r}\n\n\ndef choose(state):\n    return state.legal_actions()[0]\n"


def test_linked_submissions_are_refused(tmp_path):
    subs, private = tmp_path / "subs", tmp_path / "teacher"
    subs.mkdir()
    private.mkdir()
    secret = private / "grades.py"
    secret.write_text("SECRET = 'grades'\n")
    secret.chmod(0o600)
    (subs / "ana.py").write_text(agent_text("ana"))
    (subs / "bo.py").write_text(agent_text("bo"))
    (subs / "copier.py").symlink_to(subs / "ana.py")          # another student's file
    (subs / "snoop.py").symlink_to(secret)                     # the teacher's private file
    os.link(subs / "bo.py", subs / "hardcopy.py")              # a hard link (own attack)
    with pytest.warns(RuntimeWarning) as caught:
        specs = agents_in(subs)
    assert [s.id for s in specs] == ["ana"]      # bo.py has a second link too: refused
    said = " ".join(str(w.message) for w in caught)
    assert "copier.py is a link" in said and "snoop.py is a link" in said
    assert "hard links" in said
    with pytest.raises(LinkedFile, match="is a link"):
        read_agent(subs / "snoop.py")
    assert issubclass(LinkedFile, ValueError)


@pytest.mark.slow
def test_the_cli_warns_of_a_linked_submission_and_plays_without_it(tmp_path):
    subs = tmp_path / "subs"
    subs.mkdir()
    for name in ("ana", "bo"):
        (subs / f"{name}.py").write_text(agent_text(name))
    (subs / "copier.py").symlink_to(subs / "ana.py")
    run = cli("league", "tictactoe", str(subs), "--out", str(tmp_path / "out"),
              "--games-per-pair", "1", "--no-progress", "--samples", "20", "--no-sandbox",
              cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "copier.py is a link" in run.stderr and "refused" in run.stderr
    assert "copier" not in run.stdout


# --------------------------------------------------------------------------- imports
PLANTED = ("choix", "numpy", "random", "tempfile", "json", "matplotlib", "tqdm", "qsearch")


def plant(folder: Path, markers: Path, names=PLANTED) -> None:
    """A module for each of ``names`` in ``folder`` that leaves a marker when imported (in
    ``markers``, holding the command line of the process that imported it). In the
    submissions folder these are agents too: an agent's own worker may run them."""
    for name in names:
        (folder / f"{name}.py").write_text(
            "import sys\n"
            f"with open({str(markers / name)!r} + '-' + __file__.replace('/', '_'), 'w') as f:\n"
            "    f.write(' '.join(sys.orig_argv))\n"
            f"raise SystemExit('planted {name} imported')\n")


def imported_by_the_league(markers: Path) -> list[str]:
    """The markers left by a process of the league's own (not an agent's worker)."""
    return [f"{p.name}: {p.read_text()}" for p in sorted(markers.iterdir())
            if "qsearch.league.worker" not in p.read_text()]


def league_folder(tmp_path: Path, markers: Path, game_beside: bool) -> Path:
    subs = tmp_path / "subs"
    subs.mkdir()
    for name in ("ana", "bo"):
        (subs / f"{name}.py").write_text(agent_text(name))
    plant(subs, markers, [n for n in PLANTED if n != "qsearch" or not game_beside])
    if game_beside:
        (subs / "_game.py").write_bytes(GAME_FILE.read_bytes())
    return subs


@pytest.mark.slow
def test_nothing_is_imported_from_the_folder_the_league_starts_in(tmp_path):
    """From inside the submissions folder, with its game module beside the agents, as
    the issue's class did: ``python -m qsearch league ... .`` (a ``qsearch.py`` there would
    be run by Python itself before qsearch: docs/LEAGUE.md says to start elsewhere)."""
    markers = tmp_path / "markers"
    markers.mkdir()
    subs = league_folder(tmp_path, markers, game_beside=True)
    run = cli("league", "student_take_away", ".", "--game-module", "_game.py", "--out",
              str(tmp_path / "out"), "--games-per-pair", "2", "--no-progress", "--samples",
              "20", "--workers", "2", cwd=subs)
    assert run.returncode == 0, run.stderr
    assert imported_by_the_league(markers) == []
    assert "| ana | ana |" in run.stdout


@pytest.mark.slow
def test_nothing_is_imported_from_the_agents_or_the_game_modules_folder(tmp_path):
    markers = tmp_path / "markers"
    markers.mkdir()
    subs = league_folder(tmp_path, markers, game_beside=False)
    games = tmp_path / "games"
    games.mkdir()
    (games / "take_away.py").write_bytes(GAME_FILE.read_bytes())
    plant(games, markers)
    run = cli("league", "student_take_away", str(subs), "--game-module",
              str(games / "take_away.py"), "--out", str(tmp_path / "out"),
              "--games-per-pair", "2", "--no-progress", "--samples", "20", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert imported_by_the_league(markers) == []


def test_the_api_takes_the_agents_folder_off_sys_path_while_it_runs(tmp_path, monkeypatch):
    """In a notebook whose folder holds the submissions: off ``sys.path`` while the league
    runs (even without the late imports done first), put back afterwards."""
    markers = tmp_path / "markers"
    markers.mkdir()
    subs = league_folder(tmp_path, markers, game_beside=False)
    (subs / "venv").mkdir()                     # a virtual environment's site-packages
    monkeypatch.syspath_prepend(str(subs / "venv"))
    monkeypatch.syspath_prepend(str(subs))
    monkeypatch.chdir(subs)
    seen = []
    from qsearch.league import trust

    def probe():
        seen.append(list(sys.path))
    monkeypatch.setattr(trust, "late_imports", probe)
    run_league("tictactoe", ["ana.py", "bo.py"], None, games_per_pair=1, progress=False,
               samples=0, isolated=False)
    assert seen and all(os.path.realpath(p or ".") != str(subs.resolve()) for p in seen[0])
    assert str(subs / "venv") in seen[0], "a folder inside it is not the folder"
    assert str(subs) in sys.path, "put back afterwards"
    assert os.listdir(markers) == []


def test_a_second_game_module_is_refused(tmp_path):
    run = cli("league", "student_take_away", "--examples", "--game-module", str(GAME_FILE),
              "--game-module", str(tmp_path / "other.py"), "--out", str(tmp_path / "out"),
              cwd=tmp_path)
    assert run.returncode == 2
    assert "--game-module given twice" in run.stderr


def test_the_help_says_the_game_module_runs_unjailed():
    run = cli("league", "--help", cwd=ROOT)
    text = " ".join(run.stdout.split())
    assert "UNJAILED" in text and "untrusted" in text
