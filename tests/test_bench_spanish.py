"""The bench tables in Spanish (issue 45): titles, headers, words and numbers, same shape as
the English ones, English unchanged. Small tables only, and no assertion on a time."""
from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from qsearch.bench import all_sections
from qsearch.bench._words import COLUMNS, agreement, headers, significant, table
from qsearch.i18n import set_language

BENCH = Path(__file__).parents[1] / "qsearch" / "bench"
OPTIONS = SimpleNamespace(quick=True, repeats=None, only=None, game=None)


@pytest.fixture
def language():
    """Set the language for one test, English again afterwards."""
    yield set_language
    set_language(None)


def _cells(text: str) -> list[list[str]]:
    return [line.strip("|").split("|") for line in text.splitlines()]


def _demo_table(language_code: str, set_lang) -> tuple[list[dict], str]:
    from qsearch.bench.quarto import demo_call_table

    set_lang(language_code)
    rows = demo_call_table(repeats=1)
    return rows, table(rows)


def test_the_quarto_demo_table_in_spanish_has_spanish_headers_words_and_numbers(language):
    rows_en, english = _demo_table("en", language)
    rows_es, spanish = _demo_table("es", language)
    assert [list(r) for r in rows_es] == [list(r) for r in rows_en]   # keys stay English
    assert [len(r) for r in _cells(spanish)] == [len(r) for r in _cells(english)]
    head_en, head_es = english.splitlines()[0], spanish.splitlines()[0]
    assert head_en == ("| implementation | source | median time | x our Python "
                       "transliteration | load/core | x document's R |")
    assert head_es == ("| implementación | origen | mediana del tiempo | x nuestra "
                       "transcripción en Python | carga/núcleo | x R del documento |")
    # the document's quoted rows: the same numbers, written each language's way
    assert "| document: R | quoted from document 000 (its microbenchmark, its machine) | " \
           "16.81 ms |" in english
    assert "| documento: R | citado del documento 000 (su microbenchmark, su máquina) | " \
           "16,81 ms |" in spanish
    assert english.rstrip().endswith("| 52.1 |") and spanish.rstrip().endswith("| 52,1 |")
    assert "medido aquí, mediana de 1" in spanish and "measured here" not in spanish


def test_every_section_title_is_translated(language):
    language("en")
    english = {s.name: s.title for s in all_sections(OPTIONS)}
    language("es")
    spanish = {s.name: s.title for s in all_sections(OPTIONS)}
    assert spanish.keys() == english.keys() and len(english) >= 10
    same = [name for name in english if spanish[name] == english[name]]
    assert same == []
    assert all("la carga media de 1 minuto" in t for t in spanish.values())
    assert "el mejor de 1" in spanish["quarto-games"]
    # the MCTS title's sizes are numbers written the Spanish way
    assert "10.000" in spanish["mcts"] and "10,000" in english["mcts"]


def test_the_repeats_note_and_its_error_are_spanish(language):
    language("es")
    titles = {s.name: s.title for s in all_sections(SimpleNamespace(**{**vars(OPTIONS),
                                                                      "repeats": 2}))}
    assert "`--repeats` no se aplica a esta tabla: la mediana de 100 llamadas" in titles["quarto"]
    with pytest.raises(ValueError, match="no se aplica a las tablas nombradas"):
        all_sections(SimpleNamespace(**{**vars(OPTIONS), "repeats": 2, "only": "quarto"}))


def test_small_tables_are_spanish_and_keep_their_english_shape(language):
    from qsearch.bench.connect4_heuristics import search_table
    from qsearch.bench.expectiminimax import star_table
    from qsearch.bench.game import game_speed_rows

    built = {}
    for code in ("en", "es"):
        language(code)
        built[code] = [table(search_table(depth=2, repeats=1)),
                       table(star_table(depths=(1,), repeats=1)),
                       table(game_speed_rows("nim", quick=True))]
    for english, spanish in zip(built["en"], built["es"], strict=True):
        assert [len(r) for r in _cells(spanish)] == [len(r) for r in _cells(english)]
        assert spanish.splitlines()[0] != english.splitlines()[0]
    heuristics, star, nim = built["es"]
    assert "| de izquierda a derecha |" in heuristics and "| el centro primero |" in heuristics
    assert "| left to right |" in built["en"][0]
    assert "| mismo valor y jugada |" in star.splitlines()[0]
    assert "\u00a0%" in star and "\u00a0%" not in built["en"][1]    # the node saving
    assert "| sí |" in star and "| yes |" in built["en"][1]
    assert "alfa-beta, profundidad completa, 20.000 nodos como máximo" in nim
    assert "alpha-beta, full depth, 20,000 nodes at most" in built["en"][2]


def test_words_and_significant_digits(language):
    language("en")
    assert (agreement(True), agreement(False)) == ("yes", "NO")
    assert [significant(x, 4) for x in (0.012345, 12.5, 123456.0, 3.0)] == \
        ["0.01235", "12.5", "1.235e+05", "3"]
    language("es")
    assert (agreement(True), agreement(False)) == ("sí", "NO")
    assert [significant(x, 4) for x in (0.012345, 12.5, 123456.0, 3.0)] == \
        ["0,01235", "12,5", "1,235e+05", "3"]
    assert table([]) == "(no rows)\n"


def test_every_column_has_its_spanish_header(language):
    language("es")
    words = headers()
    assert len(set(COLUMNS)) == len(COLUMNS)
    untranslated = [c for c in COLUMNS if words[c] == c and not re.fullmatch(
        r"[nx]|perft|x Pons|OpenSpiel kn/s|x OpenSpiel|NO", c)]
    assert untranslated == []


def _row_keys(tree: ast.Module) -> set[str]:
    """The keys of the rows a bench module's functions build: the string keys of a dict
    literal that has a key which is not a Python name (a column such as "CPU time"), and
    ``row[...] = `` / ``rows[i][...] = `` keys."""
    keys = set()
    functions = [f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)]
    for node in (n for f in functions for n in ast.walk(f)):
        if isinstance(node, ast.Dict):
            found = [k.value for k in node.keys
                     if isinstance(k, ast.Constant) and isinstance(k.value, str)]
            if any(not k.isidentifier() for k in found):
                keys.update(found)
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store):
            base = node.value
            while isinstance(base, ast.Subscript):
                base = base.value
            if isinstance(base, ast.Name) and base.id.startswith("row") and \
                    isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                keys.add(node.slice.value)
    return keys


def test_every_column_the_bench_modules_write_is_in_columns():
    keys = set()
    for path in sorted(BENCH.glob("*.py")):
        keys |= _row_keys(ast.parse(path.read_text()))
    assert len(keys) > 80
    assert sorted(keys - set(COLUMNS) - {"load/core"}) == []
