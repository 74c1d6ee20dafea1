"""qsearch in two languages: English by default, Spanish with set_language("es") or
QSEARCH_LANG=es, through the gettext catalogue shipped in qsearch/locale/."""
from __future__ import annotations

import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

import qsearch
from qsearch import i18n
from qsearch.i18n import _

ROOT = Path(__file__).parents[1]
PO = ROOT / "qsearch" / "locale" / "es" / "LC_MESSAGES" / "qsearch.po"


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    qsearch.set_language(None)


def test_english_by_default_and_spanish_when_chosen():
    assert qsearch.get_language() == "en" and _("rank") == "rank"
    assert qsearch.set_language("es") == "es"
    assert _("rank") == "puesto" and _("95% interval") == "intervalo del 95 %"
    assert _("a message with no translation") == "a message with no translation"
    assert qsearch.set_language("en") == "en" and _("rank") == "rank"


def test_regional_codes_mean_the_language():
    for code in ("es_ES", "es-AR", "ES", "es_ES.UTF-8"):
        assert qsearch.set_language(code) == "es"


def test_the_environment_chooses_and_set_language_overrides_it(monkeypatch):
    monkeypatch.setenv("QSEARCH_LANG", "es")
    assert qsearch.get_language() == "es" and _("games") == "partidas"
    qsearch.set_language("en")
    assert _("games") == "games"
    qsearch.set_language(None)
    assert _("games") == "partidas"


def test_a_new_process_reads_qsearch_lang():
    code = "from qsearch.i18n import _; print(_('points'))"
    for lang, expected in (("es", "puntos"), ("", "points")):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env={**os.environ, "QSEARCH_LANG": lang}, cwd=ROOT)
        assert out.stdout.strip() == expected, out.stderr


def test_bad_languages_are_named():
    with pytest.raises(ValueError, match="unknown language 'fr'.*'en', 'es'"):
        qsearch.set_language("fr")
    with pytest.raises(TypeError, match="must be a string"):
        qsearch.set_language(3)
    assert qsearch.get_language() == "en"


def test_a_bad_qsearch_lang_is_named(monkeypatch):
    monkeypatch.setenv("QSEARCH_LANG", "klingon")
    with pytest.raises(ValueError, match="QSEARCH_LANG: unknown language 'klingon'"):
        _("rank")


def test_the_compiled_catalogue_is_the_po_file():
    """qsearch.mo must be rebuilt (scripts/build_spanish.py) whenever qsearch.po changes."""
    import gettext

    import polib

    po = polib.pofile(str(PO))
    assert po.percent_translated() == 100 and not po.fuzzy_entries()
    with PO.with_suffix(".mo").open("rb") as f:
        mo = gettext.GNUTranslations(f)
    for entry in po:
        assert mo.gettext(entry.msgid) == entry.msgstr, entry.msgid


def test_the_package_data_ships_the_catalogue():
    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "locale/*/LC_MESSAGES/*.mo" in data["package-data"]["qsearch"]
    assert i18n.LOCALE_DIR == Path(qsearch.__file__).resolve().parent / "locale"


def _rows(course: bool):
    row = {"rank": 1, "id": "bot", "agent": "bot", "author": "Ana", "fixed": course, "rating": 10.0,
           "low": 1.0, "high": 20.0, "elo": 1500.0, "points": 1.5, "games": 2, "wins": 1,
           "draws": 1, "losses": 0, "forfeits": {}, "mean_move_time": 0.002,
           "beats_course": None}
    mine = dict(row, id="mine", agent="mine", fixed=False, beats_course=True,
                mean_move_time=math.nan)
    return [row, mine] if course else [mine | {"beats_course": None}]


def test_the_leaderboard_headings_in_both_languages():
    pytest.importorskip("numpy")
    from qsearch.league.leaderboard import HEADINGS, to_markdown

    english = to_markdown(_rows(course=True))
    head = english.splitlines()[0]
    assert head == "| " + " | ".join(HEADINGS + ["beats the course"]) + " |"
    assert "| bot (course) |" in english and english.splitlines()[3].endswith("| yes |")
    qsearch.set_language("es")
    spanish = to_markdown(_rows(course=True))
    assert spanish.splitlines()[0] == (
        "| puesto | id | agente | autor | valoración | intervalo del 95 % | Elo | puntos "
        "| partidas | G-E-P | partidas perdidas por falta | tiempo medio por jugada "
        "| supera a los agentes del curso |")
    assert "| bot (del curso) |" in spanish and spanish.splitlines()[3].endswith("| sí |")
    # the rows' numbers do not change with the language, only their decimal sign (issue 45)
    assert [line.split("|")[5:-2] for line in english.splitlines()[2:]] == \
        [line.replace(",", ".").split("|")[5:-2] for line in spanish.splitlines()[2:]]
    assert "| 1,5 |" in spanish and "| 2,0 ms |" in spanish
    assert "beats" not in to_markdown(_rows(course=False))


@pytest.mark.parametrize("text, english, spanish", [
    ("[[1, 2], [3", "malformed tree: expected ']' or ',' at the end of '[[1, 2], [3'",
     "árbol mal escrito: se esperaba ']' o ',' en el final de '[[1, 2], [3'"),
    ("[1, 2]; 3", "malformed tree: unexpected ';' at character 7 of '[1, 2]; 3'",
     "árbol mal escrito: ';' inesperado en el carácter 7 de '[1, 2]; 3'"),
    ("7", "the root of a tree must be a list of children, not a single leaf",
     "la raíz de un árbol debe ser una lista de hijos, no una sola hoja"),
])
def test_a_tree_typed_wrong_is_explained_in_the_language_in_use(english_after, text, english,
                                                                spanish):
    """The tree editor shows these errors to a student as they are (its Load text)."""
    from qsearch.games.toytrees import tree_from_text

    with pytest.raises(ValueError) as raised:
        tree_from_text(text)
    assert str(raised.value) == english
    qsearch.set_language("es")
    with pytest.raises(ValueError) as raised:
        tree_from_text(text)
    assert str(raised.value) == spanish
