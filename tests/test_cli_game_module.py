"""A class's own game on the command line: ``--game-module`` (a module name or a path to a
``.py`` file) for ``games``, ``solve``, ``play``, ``bench`` and ``league``; game names where
underscores and hyphens are the same; one terminal loop for ``play`` that honours ``--time``.

The student's game is tests/data/student_game.py: take 1-3 from a pile of 7, registered as
``student_take_away``, whose returns are not +-1 (the winner scores 5 minus its moves)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import qsearch.__main__ as cli_module
from qsearch.__main__ import main
from qsearch.games.registry import canonical_name, import_game_module, load

ROOT = Path(__file__).resolve().parents[1]
GAME_FILE = ROOT / "tests" / "data" / "student_game.py"


def cli(*args, stdin="", cwd=None, env=None):
    """``python -m qsearch ARGS`` in a fresh process (so nothing is registered beforehand),
    run from a folder that is not the repository's (the file is found by its path)."""
    return subprocess.run([sys.executable, "-m", "qsearch", *args], input=stdin,
                          capture_output=True, text=True, cwd=cwd or ROOT / "docs",
                          timeout=120, env={**os.environ, **(env or {})})


def test_games_lists_the_game_a_file_registers():
    out = cli("games", "--game-module", str(GAME_FILE))
    assert out.returncode == 0, out.stderr
    assert "registered games: student_take_away" in out.stdout
    plain = cli("games")
    assert "student_take_away" not in plain.stdout


def test_a_module_name_on_the_path_works_too():
    env = {"PYTHONPATH": str(GAME_FILE.parent)}
    out = cli("solve", "student_take_away", "--game-module", "student_game", env=env)
    assert out.returncode == 0, out.stderr
    assert "best move take3" in out.stdout


def test_solve_a_students_game_by_its_name_with_hyphens():
    out = cli("solve", "student-take-away", "--game-module", str(GAME_FILE))
    assert out.returncode == 0, out.stderr
    # taking 3 leaves 4: the opponent cannot stop player 0 taking the last counter on its
    # second move, which scores 5 - 2 = 3
    assert "value +3" in out.stdout and "best move take3" in out.stdout
    assert "take1 -3, take2 -3, take3 +3" in out.stdout
    after = cli("solve", "student_take_away", "take3", "take1", "--game-module",
                str(GAME_FILE))
    assert after.returncode == 0, after.stderr
    assert "pile ||| (3), player 0 to move" in after.stdout


def test_play_a_students_game_through_stdin():
    # you take 3 (pile 4), the engine takes some, you take the rest: you win by 3
    moves = ["take9", "take3"]
    first = cli("play", "student_take_away", "--game-module", str(GAME_FILE), "--time", "30",
                stdin="\n".join(moves) + "\nq\n")
    assert first.returncode == 0, first.stderr
    assert "not a legal move: 'take9'" in first.stdout
    line = next(ln for ln in first.stdout.splitlines() if ln.startswith("engine plays"))
    taken = int(line.split()[2][len("take"):])
    finish = f"take{4 - taken}"
    out = cli("play", "student_take_away", "--game-module", str(GAME_FILE), "--time", "30",
              stdin="\n".join(["take1", "u", "take3", finish]) + "\n")
    assert out.returncode == 0, out.stderr
    assert "Engine: alphabeta(depth=8, iterative deepening, 30 s a move)" in out.stdout
    assert "for the engine: it loses with best play" in out.stdout
    assert out.stdout.rstrip().endswith("You win by 3!")


def test_bench_times_a_students_game():
    out = cli("bench", "--game", "student-take-away", "--game-module", str(GAME_FILE),
              "--quick", "--repeats", "1")
    assert out.returncode == 0, out.stderr
    assert "Search speed on student_take_away" in out.stdout


@pytest.mark.slow
def test_league_plays_a_students_game_from_its_file(tmp_path):
    out = cli("league", "student-take-away", "--examples", "--out", str(tmp_path / "out"),
              "--game-module", str(GAME_FILE), "--games-per-pair", "2", "--no-progress",
              "--samples", "20", "--no-sandbox")
    assert out.returncode == 0, out.stderr
    assert "6 games played" in out.stderr
    assert "alpha-beta depth 4" in out.stdout


@pytest.mark.parametrize("module, words", [
    ("no_such_module_here", "cannot import game module 'no_such_module_here': "
                            "ModuleNotFoundError"),
    ("missing/game.py", "game module 'missing/game.py': no such file"),
])
def test_a_module_that_cannot_be_imported_is_one_line_and_status_2(module, words):
    for command in (["games"], ["solve", "x"], ["play", "x"], ["bench", "--game", "x"]):
        out = cli(*command, "--game-module", module)
        assert out.returncode == 2, (command, out.stderr)
        assert out.stderr.strip() == f"error: {words}" or \
            out.stderr.strip().startswith(f"error: {words}"), out.stderr
        assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1


def test_a_module_that_fails_on_import_names_its_error(tmp_path):
    bad = tmp_path / "broken_game.py"
    bad.write_text("raise RuntimeError('the student forgot something')\n")
    out = cli("games", "--game-module", str(bad))
    assert out.returncode == 2
    assert out.stderr.strip() == (f"error: cannot import game module {str(bad)!r}: "
                                  "RuntimeError: the student forgot something")
    (tmp_path / "typo.py").write_text("def f(:\n")
    with pytest.raises(ValueError, match="cannot import game module .*: SyntaxError"):
        import_game_module(str(tmp_path / "typo.py"))


def test_import_by_path_derives_the_module_name(tmp_path, monkeypatch):
    from qsearch.games import registry

    monkeypatch.setattr(registry, "_REGISTERED", dict(registry._REGISTERED))
    path = tmp_path / "my-own game.py"
    path.write_text("from qsearch.games import register\n"
                    "from qsearch.games.nim import Nim\n"
                    "register('my_own_nim_for_the_test', Nim)\n")
    try:
        _check_the_derived_name(path, tmp_path)
    finally:
        sys.modules.pop("my_own_game", None)


def _check_the_derived_name(path, tmp_path):
    assert import_game_module(str(path)) == "my_own_game"
    assert import_game_module(str(path)) == "my_own_game"     # twice: the same module
    assert load(canonical_name("my-own-nim-for-the-test")).heaps == load("nim").heaps
    other = tmp_path / "sub"
    other.mkdir()
    (other / "my_own_game.py").write_text("")
    with pytest.raises(ValueError, match="taken by another module"):
        import_game_module(str(other / "my_own_game.py"))


@pytest.mark.parametrize("typed, known", [
    ("quarto-own", "quarto_own"), ("quarto_own", "quarto_own"), ("tic-tac-toe", "tictactoe"),
    ("extra-turn-nim(heaps=(1,2))", "extra_turn_nim(heaps=(1,2))"),
    ("openspiel:tic_tac_toe", "openspiel:tic_tac_toe"), ("breakthrough", "breakthrough"),
    ("no-such-game", "no-such-game"),
])
def test_game_names_take_underscores_and_hyphens_alike(typed, known):
    assert canonical_name(typed) == known


def test_solve_quarto_own_is_the_same_command_with_either_spelling(monkeypatch):
    import qsearch.proofs.quarto_own.cli as own

    seen = []
    monkeypatch.setattr(own, "cli_solve", lambda args: seen.append(args.game) or 0)
    assert main(["solve", "quarto_own"]) == 0
    assert main(["solve", "quarto-own"]) == 0
    assert seen == ["quarto_own", "quarto_own"]


def test_play_has_one_terminal_loop_and_honours_time_on_every_game():
    assert not hasattr(cli_module, "_play_loop")
    for game in ("connect4", "tictactoe"):
        out = cli("play", game, "--time", "2.5", "--first", "engine", stdin="q\n")
        assert out.returncode == 0, out.stderr
        assert "iterative deepening, 2.5 s a move" in out.stdout
        assert out.stdout.count("engine plays") == 1


DICE_GAME = '''
from qsearch.games import register


class DiceRace:
    """Move 1 or 2, then a die (1-2) is added; the first to reach 6 wins. The first roll
    comes only after the first move, and the game says nothing of its chance."""

    def __init__(self):
        self.pos, self.player, self.rolling = [0, 0], 0, False

    def current_player(self):
        return -4 if self.is_terminal() else -1 if self.rolling else self.player

    def is_chance_node(self):
        return self.rolling and not self.is_terminal()

    def chance_outcomes(self):
        return [(1, 0.5), (2, 0.5)]

    def legal_actions(self):
        return [] if self.is_terminal() else [1, 2]

    def apply_action(self, a):
        self.pos[self.player] += a
        if self.rolling:
            self.player = 1 - self.player
        self.rolling = not self.rolling

    def clone(self):
        c = DiceRace()
        c.pos, c.player, c.rolling = list(self.pos), self.player, self.rolling
        return c

    def is_terminal(self):
        return max(self.pos) >= 6

    def returns(self):
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.pos[0] >= 6 else [-1.0, 1.0]

    def __str__(self):
        return f"positions {self.pos}, player {self.player}"


register("dice_race", DiceRace)
'''


def test_a_students_dice_game_is_played_by_mcts_and_not_solved(tmp_path):
    path = tmp_path / "dice_race.py"
    path.write_text(DICE_GAME)
    out = cli("play", "dice-race", "--game-module", str(path), "--iterations", "30",
              stdin="2\n1\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Engine: MCTS 30" in out.stdout and "chance: " in out.stdout
    assert "engine plays" in out.stdout
    refused = cli("play", "dice_race", "--game-module", str(path), "--algorithm", "alphabeta")
    assert refused.returncode == 2
    assert refused.stderr.strip() == ("error: dice_race has chance nodes, which alphabeta "
                                      "cannot search: use expectiminimax or mcts")
    solve = cli("solve", "dice_race", "--game-module", str(path))
    assert solve.returncode == 2
    assert solve.stderr.startswith("error: dice_race has chance nodes: solve finds exact "
                                   "values by alpha-beta")
