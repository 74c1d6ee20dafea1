"""Lessons 03 and 09 in Spanish (issue 45): what the Quarto boards, the Quarto proofs and the
benchmark tables print follows the language in use, and stays the English it was otherwise."""
from __future__ import annotations

import pytest

import qsearch
from qsearch.core.tables import format_seconds, markdown
from qsearch.games import OwnPieceQuarto, Quarto
from qsearch.proofs.quarto_own import DEFAULT_PROOF, check_proof, load_proof, proof_summary
from qsearch.proofs.quarto_own.format import claim_of, describe_start


@pytest.fixture(autouse=True)
def language(monkeypatch):
    """Each test chooses its language; English (the environment unset) afterwards."""
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


@pytest.fixture(scope="module")
def proof():
    return load_proof(DEFAULT_PROOF)


def test_a_quarto_board_prints_its_status_in_the_language_in_use():
    own = OwnPieceQuarto.from_placements(["(1,1) 1357"])
    standard = Quarto.from_placements(["(1,1) 2358"], give="2468")
    qsearch.set_language("en")
    assert str(own).splitlines()[-2].startswith("pieces left: 1358 1367 ")
    assert str(own).splitlines()[-1] == "player 1 to move"
    assert standard.status_line() == "player 0 to move (places 2468)"
    qsearch.set_language("es")
    assert str(own).splitlines()[-2].startswith("piezas que quedan: ")
    assert str(own).splitlines()[-1] == "mueve el jugador 1"
    assert standard.status_line() == "mueve el jugador 0 (coloca 2468)"
    full = OwnPieceQuarto.from_placements(
        ["(3,1) 1357", "(3,2) 1457", "(3,3) 2357", "(3,4) 1467"])
    assert full.status_line() == "ganó el jugador 1"


def test_the_proofs_words_follow_the_language_in_use(proof):
    qsearch.set_language("en")
    english = claim_of(proof)
    assert english == ("document 000's Quarto from the empty board: player 1 (the second "
                       "player) wins with perfect play, completing a line with piece 14 at "
                       "the latest")
    assert describe_start(["1357", "(1,1)"]) == "the position after 2 moves (1357 (1,1))"
    assert proof_summary(proof)["proved"].startswith("player 1 wins, completing a line")
    qsearch.set_language("es")
    assert claim_of(proof) == ("Quarto del documento 000 desde el tablero vacío: con juego "
                               "perfecto gana el jugador 1 (el segundo), y completa una línea "
                               "con la pieza 14 como muy tarde")
    assert describe_start(["1357"]) == "la posición tras 1 jugada (1357)"
    assert proof_summary(proof)["proved"].startswith("gana el jugador 1, y completa una línea")
    assert check_proof(proof, sample=0)["checked"].startswith("la estructura entera")


def test_a_forged_proof_is_rejected_in_the_language_in_use(proof):
    forged = dict(proof, trees=[])
    qsearch.set_language("en")
    with pytest.raises(ValueError, match="no proof trees: the headline value -1 is not proved"):
        check_proof(forged, sample=0)
    qsearch.set_language("es")
    with pytest.raises(ValueError, match="no hay árboles de demostración: el valor de cabecera -1"):
        check_proof(forged, sample=0)


def test_tables_write_numbers_the_way_the_language_in_use_does():
    rows = [{"games": 20000, "rate": 0.9909, "mean": 1234.5, "best time": 0.00298,
             "flag": True, "name": "x"}]
    qsearch.set_language("en")
    assert markdown(rows).splitlines()[-1] == "| 20,000 | 0.99 | 1,234.5 | 2.98 ms | 1 | x |"
    assert format_seconds(2.5e-6) == "2.5 us" and format_seconds(12.3) == "12.30 s"
    qsearch.set_language("es")
    assert markdown(rows).splitlines()[-1] == "| 20.000 | 0,99 | 1.234,5 | 2,98 ms | 1 | x |"
    assert format_seconds(2.5e-6) == "2,5 us"
    # a time already written as text is printed as it is
    assert markdown([{"median time": "2,98 ms"}]).splitlines()[-1] == "| 2,98 ms |"
