"""The command line in Spanish (``QSEARCH_LANG=es python -m qsearch ...``): what ``solve``,
``play``, ``bench``, ``games``, ``tournament`` and ``league`` print, their ``--help``, and
argparse's own words ("usage:", "options:", its error messages) through qsearch's catalogue;
the same commands in English print what they always printed, and argparse outside the
command line is left as it was."""
from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from helpers import WaitingSolver

import qsearch
from qsearch.__main__ import _nothing_to_play, describe_score, main
from qsearch.arena.exact import Exact
from qsearch.cli_language import ARGPARSE_MESSAGES, argparse_language, formatted

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "qsearch" / "locale" / "es" / "LC_MESSAGES" / "qsearch.po"


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    """Each test chooses its language; English (the environment unset) afterwards."""
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


def run(capsys, *argv) -> tuple[int, str, str]:
    """``main(argv)`` in this process: (exit status, stdout, stderr); --help's exit too."""
    try:
        status = main(list(argv))
    except SystemExit as stop:
        status = stop.code
    out = capsys.readouterr()
    return status, out.out, out.err


def test_solve_tictactoe_answers_in_spanish_from_the_environment():
    done = subprocess.run([sys.executable, "-m", "qsearch", "solve", "tictactoe"],
                          capture_output=True, text=True, timeout=120, cwd=ROOT / "docs",
                          env={**os.environ, "QSEARCH_LANG": "es"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == (
        "valor +0 para el jugador que mueve; mejor acción (0,0); 18.297 nodos")


def test_solve_tictactoe_in_english_is_unchanged(capsys):
    status, out, _ = run(capsys, "solve", "tictactoe", "408")
    assert status == 0
    assert out == "o..\n.x.\n..x\nvalue +0 for the side to move; best action (0,2); 279 nodes\n"


def test_solve_any_game_speaks_spanish_with_spanish_numbers(capsys):
    qsearch.set_language("es")
    status, out, err = run(capsys, "solve", "nim")
    assert status == 0
    assert "valor +1: el jugador 0 (que mueve) gana con juego perfecto; mejor jugada 2:3" in out
    assert re.search(r"^6\.077 nodos en \d+,\d ms \(motor (Python|compilado)\)$", out, re.M)
    assert "jugadas (valor para el jugador 0): 0:1 -1, " in out
    assert err == "resolviendo con alfa-beta a profundidad completa (como máximo 10.000.000 " \
                  "nodos) ...\n"
    qsearch.set_language("en")
    status, out, err = run(capsys, "solve", "nim", "--no-analyze")
    assert "value +1: player 0 (to move) wins with perfect play; best move 2:3" in out
    assert re.search(r"^6,077 nodes in \d+\.\d ms \((python|compiled) engine\)$", out, re.M)
    assert "(at most 10,000,000 nodes)" in err


def test_the_words_for_scores_and_verdicts():
    assert describe_score(0, 5) == "draw with perfect play"
    assert describe_score(-1, 5) == ("the side to move loses (the winning stone is at most "
                                     "stone 42; 5 on the board now)")
    assert formatted(0.5) == "+0.5" and formatted(-1.0) == "-1" and formatted(2) == "+2"
    assert formatted(1234.5, "+.3g") == "+1.23e+03" and formatted(0.125, "g") == "0.125"
    qsearch.set_language("es")
    assert describe_score(0, 5) == "empate con juego perfecto"
    assert describe_score(2, 9) == ("gana el jugador que mueve (la ficha ganadora es como "
                                    "mucho la ficha 40; ahora hay 9 en el tablero)")
    assert formatted(0.5) == "+0,5" and formatted(-1.25) == "-1,25" and formatted(-1.0) == "-1"
    assert formatted(1234.5, "+.3g") == "+1.23e+03" and formatted(0.125, "g") == "0,125"
    draw, loss, half = (Exact(v, 0, 1, 10, 0.0, "python") for v in (0.0, -1.0, 0.5))
    assert draw.verdict() == "empate con juego perfecto"
    assert loss.verdict() == "el jugador 1 (que mueve) pierde con juego perfecto"
    assert half.verdict() == "valor +0,5 para el jugador 1 (que mueve) con juego perfecto"


def test_help_is_spanish_with_argparse_own_words(capsys):
    qsearch.set_language("es")
    status, out, _ = run(capsys, "--help")
    assert status == 0
    assert out.startswith("uso: python -m qsearch [-h] {solve,")
    assert "\nargumentos posicionales:\n" in out and "\nopciones:\n" in out
    assert "muestra este mensaje de ayuda y termina" in out
    assert "valor exacto de una posición" in out and "Línea de órdenes" in out
    status, out, _ = run(capsys, "bench", "--help")
    assert "la N de cada «mejor de N»" in out and "show this help" not in out
    status, out, _ = run(capsys, "league", "--help")
    assert "segundos por jugada (por defecto 1.0)" in out        # argparse's %(default)s


def test_help_in_english_keeps_argparse_words(capsys):
    status, out, _ = run(capsys, "--help")
    assert status == 0 and out.startswith("usage: python -m qsearch [-h]")
    assert "\noptions:\n" in out and "show this help message and exit" in out
    status, out, _ = run(capsys, "bench", "--help")
    assert "N of every best-of-N (default: each table's own" in " ".join(out.split())


def test_argparse_errors_are_spanish_and_argparse_is_restored_after(capsys):
    original = argparse._
    qsearch.set_language("es")
    status, _, err = run(capsys, "solve")
    assert status == 2
    assert "uso: python -m qsearch solve" in err
    assert "python -m qsearch solve: error: faltan estos argumentos obligatorios: game" in err
    status, _, err = run(capsys, "play", "tictactoe", "--algorithm", "foo")
    assert "error: argumento --algorithm: opción no válida: 'foo' (elige entre" in err
    assert argparse._ is original                   # put back, even after a parse error
    # another parser in the same process still speaks argparse's English
    assert "show this help message and exit" in argparse.ArgumentParser().format_help()
    with argparse_language():
        assert argparse._ is not original
    assert argparse._ is original
    qsearch.set_language("en")
    with argparse_language():                       # English: nothing is touched
        assert argparse._ is original


def test_every_argparse_message_has_its_spanish_with_the_same_placeholders():
    entries = {e.msgid: e for e in polib.pofile(str(PO))}
    for message in ARGPARSE_MESSAGES:
        assert message in entries, message
        translated = entries[message].msgstr
        assert translated and "fuzzy" not in entries[message].flags, message
        assert sorted(re.findall(r"%(?:\(\w+\))?[sr]", translated)) == \
            sorted(re.findall(r"%(?:\(\w+\))?[sr]", message)), message
    qsearch.set_language("es")
    assert qsearch.i18n._("usage: ") == "uso: "


def test_our_own_errors_are_spanish(capsys, tmp_path):
    qsearch.set_language("es")
    assert run(capsys, "play", "tictactoe", "--depth", "-1")[1:] == (
        "", "error: --depth debe ser >= 0\n")
    status, _, err = run(capsys, "bench", "--only", "nope")
    assert status == 2 and err.startswith("error: tabla desconocida nope; elige entre ")
    status, _, err = run(capsys, "solve", "tictactoe", "--check", "1")
    assert status == 2 and "no para tictactoe" in err
    status, _, err = run(capsys, "tournament", "--workers", "0")
    assert (status, err) == (2, "error: --workers debe ser >= 1, no 0\n")
    status, _, err = run(capsys, "solve", "nim", "0:1", "9:9")
    assert status == 2 and err.startswith("error: jugada 2: ")


def test_league_messages_are_spanish(capsys, tmp_path):
    qsearch.set_language("es")
    status, _, err = run(capsys, "league", "tictactoe", str(tmp_path / "none"), "--out",
                         str(tmp_path / "out"))
    assert status == 2
    assert "none no existe: pon en ella los archivos de agente de la clase (.py)" in err
    status, _, err = run(capsys, "league", "tictactoe", "--out", str(tmp_path / "out"))
    assert err == "error: nombra una carpeta de archivos de agente (o pasa --examples)\n"
    status, _, err = run(capsys, "league", "tictactoe", "--out", "o", "--game-module", "a",
                         "--game-module", "b")
    assert status == 2
    assert "error: --game-module dado dos veces ('a' y 'b'): una liga juega a un solo juego" \
        in err


def test_games_and_tournament_messages_are_spanish(capsys, tmp_path):
    qsearch.set_language("es")
    status, out, _ = run(capsys, "games")
    assert status == 0 and out.startswith("juegos de qsearch: tictactoe, connect4")
    assert "juegos de OpenSpiel: " in out
    assert _nothing_to_play(tmp_path, False) == (
        f"0 partidas jugadas: todas las partidas de estos cuadros ya están registradas en "
        f"{tmp_path}; otro --out DIR las vuelve a jugar en DIR")
    status, _, err = run(capsys, "tournament", "4.3", "--tables-only", "--out", str(tmp_path))
    assert status == 2 and err.startswith(f"error: no hay registros de torneo en {tmp_path}")


def test_play_speaks_spanish_in_the_terminal():
    done = subprocess.run([sys.executable, "-m", "qsearch", "play", "tictactoe", "--depth", "2"],
                          input="zz\nu\n(1,1)\nq\n", capture_output=True, text=True,
                          timeout=120, cwd=ROOT / "docs", env={**os.environ, "QSEARCH_LANG": "es"})
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Jugadas: por su nombre (se enumeran antes de cada una tuya) o por su "
                          "número de acción; u = deshacer, q = salir. Motor: ")
    assert "legales: (0,0)  (0,1)" in out and "tu jugada> " in out
    assert "jugada no legal: 'zz' no es una jugada legal aquí; legales: (0,0), (0,1)" in out
    assert "no hay nada que deshacer" in out
    assert re.search(r"el motor juega \(\d,\d\) \(valor [+-]\d+ para el motor, \d+ nodos, "
                     r"\d+,\d\d s, motor (compilado|Python)\)", out)
    assert not re.search(r"^legal:|engine plays|your move|nothing to undo", out, re.M)


def test_the_end_of_a_game_and_the_engines_answer_in_both_languages():
    from types import SimpleNamespace

    from qsearch.arena.terminal import describe_result, outcome_text

    result = SimpleNamespace(value=0.5, nodes=12345, elapsed=0.25, engine="python")
    assert describe_result(result) == "value +0.5 for the engine, 12,345 nodes, 0.25 s, " \
                                      "python engine"
    assert outcome_text([5.0, -5.0], 0) == "You win by 5!"
    assert outcome_text([-1, 1], 0) == "You lose." and outcome_text([0, 0], 1) == "Draw."
    qsearch.set_language("es")
    assert describe_result(result) == "valor +0,5 para el motor, 12.345 nodos, 0,25 s, " \
                                      "motor Python"
    assert describe_result(None) == "su única jugada"
    assert outcome_text([2.5, -2.5], 0) == "¡Ganas por 2,5!"
    assert outcome_text([1, -1], 0) == "¡Ganas!" and outcome_text([-1, 1], 0) == "Pierdes."
    assert outcome_text([0, 0], 1) == "Empate."


def test_the_solvers_progress_lines_are_spanish(monkeypatch):
    import io

    import qsearch.__main__ as cli
    from qsearch.games import load

    qsearch.set_language("es")
    state = load("connect4")
    for column in (3, 3, 3, 3, 3, 3):            # column 4 is full
        state.apply_action(column)
    monkeypatch.setattr(cli, "PROGRESS_FIRST", 0.0)

    stream = io.StringIO()
    scores = cli._score_columns(WaitingSolver((1234, -3, 5)), state, stream=stream)
    assert scores == [0, 0, 0, None, 0, 0, 0]
    text = stream.getvalue()
    assert re.search(r"^  puntuando la columna 1 \(1 de 6\): \d+ s, 1\.234 nodos$", text, re.M)
    assert re.search(r"^  puntuando la columna 7 \(6 de 6\): hecho en \d+,\d s", text, re.M)
    assert re.search(r"^  6 columnas puntuadas en \d+,\d s$", text, re.M)
    stream = io.StringIO()
    solver = WaitingSolver((1234, -3, 5))
    cli._with_progress(solver, lambda: solver.solve(state.child(0)), "resolviendo",
                       stream=stream)
    assert ", puntuación en [-3, +5]" in stream.getvalue()
