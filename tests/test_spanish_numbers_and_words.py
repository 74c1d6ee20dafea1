"""The Spanish edition speaks Spanish in what it shows, not only in its prose (issue 45):
at most 5% of the lines each Spanish lesson prints or draws are English
(scripts/english_lines.py counts them), and its prose writes numbers the Spanish way."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import polib
import pytest

from qsearch import i18n

ROOT = Path(__file__).parents[1]
SPANISH = ROOT / "notebooks" / "es"
EDITION = sorted(SPANISH.glob("[01][0-9]_*.ipynb"))


def _script(name):
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


english_lines = _script("english_lines")


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_a_spanish_lesson_shows_at_most_five_percent_english_lines(spanish):
    lines = english_lines.lesson_lines(spanish)
    english = [f"[{cell}] {text[:100]}" for cell, text, eng in lines if eng]
    assert lines, f"{spanish.name}: no output lines were counted"
    assert len(english) <= english_lines.LIMIT * len(lines), (
        f"{spanish.name}: {len(english)} of {len(lines)} lines are English:\n"
        + "\n".join(english[:40]))


def test_the_counter_sees_english_and_spanish_and_leaves_out_code():
    assert english_lines.is_english("x wins")
    assert english_lines.is_english("does not hold: rarer")
    assert not english_lines.is_english("gana x")
    assert not english_lines.is_english("no se cumple: más raro")
    assert not english_lines.is_english("2   random_agent   aleatorio   games.jsonl")
    stream = {"output_type": "stream", "text": ["nodos: 8\n", "nodes: 8\n"]}
    assert english_lines.output_lines(stream) == ["nodos: 8", "nodes: 8"]
    svg = {"output_type": "display_data",
           "data": {"image/svg+xml": "<svg><text x='1'>win rate</text></svg>",
                    "text/plain": "<Figure>"}}
    assert english_lines.output_lines(svg) == ["win rate"]


# numbers the English way: 1,000 / 12,345,678 (grouping commas), 0.81 (a leading zero and a point)
# (a Spanish decimal such as 0,546 is not English grouping: grouping never starts with 0)
ENGLISH_NUMBER = re.compile(r"(?<![\w.,])(\d+\.\d+\s?%|[1-9]\d{0,2}(?:,\d{3})+|0\.\d+)(?![\w,])")
NOT_PROSE = re.compile(r"`[^`]*`|\$[^$]*\$|«[^»]*»|\]\([^)]*\)|<[^>]+>", re.S)


def prose_numbers_written_the_english_way(text: str) -> list[str]:
    """The numbers of ``text`` written the English way, code, formulas, links and «quotations»
    (which keep the document's own writing) left out."""
    return ENGLISH_NUMBER.findall(NOT_PROSE.sub(" ", text))


def test_the_number_check_finds_english_numbers_and_spares_quotations_and_code():
    assert prose_numbers_written_the_english_way("de 549,946 nodos, un 0.81% y 0.5") == [
        "549,946", "0.81%", "0.5"]
    assert prose_numbers_written_the_english_way(
        "549.946 nodos, 0,81 %, 0,546, §4.2, `x = 0.5`, «1,000 partidas», $0.5$") == []


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_the_spanish_prose_writes_numbers_the_spanish_way(spanish):
    po = polib.pofile(str(SPANISH / "po" / f"{spanish.stem}.po"))
    found = [(e.msgctxt or e.msgid[:30], n) for e in po.translated_entries()
             for n in prose_numbers_written_the_english_way(e.msgstr)]
    assert not found, f"{spanish.stem}: numbers written the English way: {found[:20]}"


@pytest.mark.parametrize("value, english, spanish", [
    (549946, "549,946", "549.946"),
    (-24.93, "-24.93", "-24,93"),
    (42100357, "42,100,357", "42.100.357"),
])
def test_numbers_follow_the_language_in_use(value, english, spanish):
    try:
        i18n.set_language("en")
        assert i18n.number(value) == english
        i18n.set_language("es")
        assert i18n.number(value) == spanish
        assert i18n.percent(0.0081, 2) == "0,81\u00a0%"
        i18n.set_language("en")
        assert i18n.percent(0.0081, 2) == "0.81%"
    finally:
        i18n.set_language(None)


def test_numbers_refuse_what_is_not_a_number():
    with pytest.raises(TypeError, match="number"):
        i18n.number("12")
    with pytest.raises(ValueError, match="decimals"):
        i18n.number(1.5, decimals=-1)


def _fields(text: str) -> set[str]:
    import string

    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_each_printed_message_keeps_its_placeholders_in_spanish(spanish):
    """A code cell's message and its Spanish take the same ``{fields}``: a Spanish lesson
    cannot fail (KeyError) or lose a value where the English one prints it."""
    po = polib.pofile(str(SPANISH / "po" / f"{spanish.stem}.po"))
    wrong = [(e.msgid, e.msgstr) for e in po.translated_entries()
             if not e.msgctxt and _fields(e.msgid) != _fields(e.msgstr)]
    assert not wrong, f"{spanish.stem}: placeholders differ: {wrong[:5]}"
