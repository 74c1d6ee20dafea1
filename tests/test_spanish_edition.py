"""The Spanish edition (notebooks/es/) against its one source: the English lessons plus the
catalogues in notebooks/es/po/ (scripts/build_spanish.py builds it).

The edition's notebooks are also collected by nbval (pyproject's testpaths hold
``notebooks``, which takes in ``notebooks/es``); here, what nbval cannot see: a translation
gone stale, code cells that drifted from the English, and the notebook pipeline's marks.
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).parents[1]
SPANISH = ROOT / "notebooks" / "es"


def _builder():
    spec = importlib.util.spec_from_file_location("build_spanish",
                                                  ROOT / "scripts" / "build_spanish.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _builder()
EDITION = sorted(SPANISH.glob("[01][0-9]_*.ipynb"))


def test_the_edition_has_lessons_and_each_has_its_english_source_and_catalogue():
    assert EDITION, "notebooks/es/ has no lesson"
    for spanish in EDITION:
        assert (ROOT / "notebooks" / spanish.name).exists(), f"{spanish.name}: no English"
        assert build.catalogue_path(spanish).exists(), f"{spanish.name}: no catalogue"


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_every_prose_cell_has_a_current_translation(spanish):
    stale = build.stale_entries(ROOT / "notebooks" / spanish.name)
    assert not stale, ("translations to update in notebooks/es/po/ (then run "
                       "scripts/build_spanish.py):\n" + "\n".join(stale))


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_the_spanish_notebook_is_the_english_one_with_the_catalogue_applied(spanish):
    english = build.read_notebook(ROOT / "notebooks" / spanish.name)
    ours = build.read_notebook(spanish)
    po = polib.pofile(str(build.catalogue_path(spanish)))
    first = ours["cells"][0]
    assert first["id"] == build.LANGUAGE_CELL_ID and first["cell_type"] == "code"
    expected = build.spanish_notebook(ROOT / "notebooks" / spanish.name, po)["cells"][0]
    assert build.text_of(first) == build.text_of(expected), \
        f"{spanish.name}: the language cell is not the one its catalogue asks for (rebuild)"
    assert build.code_cells(ours, spanish=True) == build.code_cells(english, spanish=False), \
        f"{spanish.name}: code cells differ from the English (rebuild the edition)"
    assert [(c["cell_type"], c.get("id")) for c in ours["cells"][1:]] == \
        [(c["cell_type"], c.get("id")) for c in english["cells"]]
    translated = {e.msgctxt: e.msgstr for e in po if not e.obsolete}
    for cell in ours["cells"]:
        if cell["cell_type"] == "markdown":
            assert build.text_of(cell) == translated[cell["id"]], \
                f"{spanish.name} cell {cell['id']}: not the catalogue's text (rebuild)"


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_the_lesson_catalogue_a_notebook_reads_is_current(spanish, tmp_path, monkeypatch):
    """The .mo a Spanish lesson's language cell names holds exactly its catalogue's code
    messages (a .po edited without rebuilding is caught)."""
    english = ROOT / "notebooks" / spanish.name
    po = polib.pofile(str(build.catalogue_path(spanish)))
    committed = build.lesson_mo_path(english)
    monkeypatch.setattr(build, "CATALOGUES", tmp_path)
    fresh = build.compile_lesson_catalogue(english, po)
    if fresh is None:
        assert not committed.exists(), f"{committed.name}: no code messages, yet a .mo"
        return
    assert committed.exists(), f"{committed.name} is missing (run scripts/build_spanish.py)"
    ours, theirs = polib.mofile(str(committed)), polib.mofile(str(fresh))
    assert {(e.msgid, e.msgstr) for e in ours} == {(e.msgid, e.msgstr) for e in theirs}, \
        f"{committed.name} is older than its .po (run scripts/build_spanish.py)"


def test_a_code_cell_message_is_caught_translated_and_printed_in_spanish(tmp_path,
                                                                         monkeypatch):
    import qsearch

    code = {"cell_type": "code", "id": "c", "metadata": {}, "outputs": [],
            "execution_count": None,
            "source": "%time 1\nprint(_('value of C1:'), 2)\nx = _(name)  # not a literal"}
    english = _lesson(tmp_path, [_md("a", "Hello"), code])
    monkeypatch.setattr(build, "CATALOGUES", tmp_path / "po")
    monkeypatch.setattr(build, "SPANISH", tmp_path)
    po = build.updated_catalogue(english, None)
    assert [(e.msgctxt, e.msgid) for e in po] == [("a", "Hello"), (None, "value of C1:")]
    assert len(build.stale_entries_of(po, english)) == 2
    po[0].msgstr, po[1].msgstr = "Hola", "valor de C1:"
    build.save_catalogue(po, build.catalogue_path(english))
    assert build.stale_entries(english) == []
    mo = build.compile_lesson_catalogue(english, po)
    cell = build.spanish_notebook(english, po)["cells"][0]
    assert 'lesson="po/99_demo.mo"' in build.text_of(cell)
    try:
        qsearch.set_language("es", lesson=mo)
        assert qsearch.i18n._("value of C1:") == "valor de C1:"
        assert qsearch.i18n._("rank") == "puesto"          # the package's catalogue behind it
        qsearch.set_language("en", lesson=mo)
        assert qsearch.i18n._("value of C1:") == "value of C1:"
    finally:
        qsearch.set_language(None)
    with pytest.raises(ValueError, match="no lesson catalogue"):
        qsearch.set_language("es", lesson=tmp_path / "missing.mo")
    with pytest.raises(ValueError, match="not a compiled gettext"):
        qsearch.set_language("es", lesson=english)
    with pytest.raises(TypeError, match="path of a .mo"):
        qsearch.set_language("es", lesson=3)
    assert qsearch.get_language() == "en"


@pytest.mark.parametrize("spanish", EDITION, ids=[p.stem for p in EDITION])
def test_the_spanish_notebook_is_executed_stripped_and_has_png_pictures(spanish):
    nb = build.read_notebook(spanish)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert all(c["execution_count"] is not None for c in code), "not executed"
    for script in ("strip_notebooks.py", "add_png_fallbacks.py"):
        done = subprocess.run([sys.executable, str(ROOT / "scripts" / script), "--check",
                               str(spanish)], capture_output=True, text=True)
        assert done.returncode == 0, script + ": " + done.stdout + done.stderr


def _lesson(tmp_path, cells):
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": cells}
    path = tmp_path / "99_demo.ipynb"
    path.write_text(json.dumps(nb))
    return path


def _md(cell_id, text):
    return {"cell_type": "markdown", "id": cell_id, "metadata": {}, "source": text}


def test_a_changed_english_cell_makes_its_entry_fuzzy_and_is_reported(tmp_path, monkeypatch):
    english = _lesson(tmp_path, [_md("a", "Hello"), _md("b", "World"),
                                 {"cell_type": "code", "id": "c", "metadata": {},
                                  "source": "1 + 1", "outputs": [], "execution_count": None}])
    monkeypatch.setattr(build, "CATALOGUES", tmp_path / "po")
    po = build.updated_catalogue(english, None)
    assert [e.msgctxt for e in po] == ["a", "b"] and all(not e.msgstr for e in po)
    for e, text in zip(po, ["Hola", "Mundo"], strict=True):
        e.msgstr = text
    build.save_catalogue(po, build.catalogue_path(english))
    assert build.stale_entries(english) == []

    english.write_text(json.dumps({**json.loads(english.read_text()), "cells": [
        _md("a", "Hello"), _md("b", "World!"), _md("d", "New")]}))
    stale = build.stale_entries(english)
    assert len(stale) == 2
    assert stale[0].startswith("99_demo.ipynb cell 1 (id b): the English changed") and \
        "'World!'" in stale[0]
    assert stale[1].startswith("99_demo.ipynb cell 2 (id d): untranslated")
    again = build.updated_catalogue(english, polib.pofile(str(build.catalogue_path(english))))
    b = next(e for e in again if e.msgctxt == "b")
    assert b.flags == ["fuzzy"] and b.msgstr == "Mundo" and b.previous_msgid == "World"


def test_a_removed_english_cell_becomes_obsolete_and_a_fixed_entry_is_current(tmp_path,
                                                                              monkeypatch):
    english = _lesson(tmp_path, [_md("a", "Hello"), _md("b", "World")])
    monkeypatch.setattr(build, "CATALOGUES", tmp_path / "po")
    po = build.updated_catalogue(english, None)
    po[0].msgstr, po[1].msgstr = "Hola", "Mundo"
    english.write_text(json.dumps({**json.loads(english.read_text()),
                                   "cells": [_md("a", "Hello there")]}))
    again = build.updated_catalogue(english, po)
    assert [(e.msgctxt, e.obsolete, e.flags) for e in again] == \
        [("a", False, ["fuzzy"]), ("b", True, [])]
    again[0].msgstr, again[0].flags = "Hola a todos", []
    build.save_catalogue(again, build.catalogue_path(english))
    assert build.stale_entries(english) == []
    nb = build.spanish_notebook(english, again)
    assert [build.text_of(c) for c in nb["cells"][1:]] == ["Hola a todos"]


def test_code_cells_that_differ_are_seen():
    english = {"cells": [{"cell_type": "code", "id": "x", "metadata": {}, "source": "f(1)"}]}
    spanish = {"cells": [dict(build.LANGUAGE_CELL),
                         {"cell_type": "code", "id": "x", "metadata": {}, "source": "f(2)"}]}
    assert build.code_cells(spanish, spanish=True) != build.code_cells(english, spanish=False)
    spanish["cells"][1]["source"] = "f(1)"
    assert build.code_cells(spanish, spanish=True) == build.code_cells(english, spanish=False)


def test_the_check_command_reports_the_edition_up_to_date():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "build_spanish.py"),
                           "--check"], capture_output=True, text=True)
    assert done.returncode == 0 and "catalogues up to date" in done.stdout, done.stdout
