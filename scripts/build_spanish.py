"""Build the Spanish edition of the lessons (notebooks/es/) from one source: the English
notebooks plus one gettext catalogue per lesson (notebooks/es/po/NN_name.po).

    python scripts/build_spanish.py              # every lesson that has a catalogue
    python scripts/build_spanish.py 01 00        # those lessons (a new one gets a catalogue)
    python scripts/build_spanish.py --no-execute 01   # write, do not execute
    python scripts/build_spanish.py --check      # change nothing; exit 1 on stale entries

For each lesson it
1. updates the catalogue from the English prose (markdown) cells: one entry per cell, its
   msgctxt the cell's id and its msgid the cell's text. An English cell whose text changed
   keeps its old translation marked *fuzzy* (the old English as ``#| msgid``), a new cell gets
   an empty entry, and a cell that is gone becomes obsolete (``#~``). A translator edits the
   msgstr and removes the fuzzy flag;
2. refuses to go on while an entry is untranslated or fuzzy (it lists them), else writes
   notebooks/es/NN_name.ipynb: a language cell first (``qsearch.set_language("es")``), then
   the English cells in order, code cells identical, markdown replaced by its msgstr;
3. executes it with the lessons' pipeline (nbconvert in notebooks/es/, then
   scripts/strip_notebooks.py and scripts/add_png_fallbacks.py); check it with nbval.

It also compiles the package's own catalogue, qsearch/locale/es/LC_MESSAGES/qsearch.po, to
the qsearch.mo beside it (what ``qsearch.set_language("es")`` reads).
tests/test_spanish_edition.py calls :func:`stale_entries` and :func:`code_cells`.
"""
from __future__ import annotations

import argparse
import ast
import copy
import json
import subprocess
import sys
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
ENGLISH = ROOT / "notebooks"
SPANISH = ENGLISH / "es"
CATALOGUES = SPANISH / "po"
PACKAGE_PO = ROOT / "qsearch" / "locale" / "es" / "LC_MESSAGES" / "qsearch.po"
LANGUAGE_CELL_ID = "qsearch-language"
LANGUAGE_COMMENT = ("# qsearch en español: widgets, pasos, ejercicios y tablas"
                    " (qsearch.set_language)\n")


def language_cell(lesson_mo: str | None = None) -> dict:
    """The Spanish edition's first cell. ``lesson_mo`` (a path relative to notebooks/es/) is
    the lesson's compiled catalogue of the messages its code cells print through ``_()``."""
    # an assignment, so the cell prints nothing ("es"); nbval's runs ignore a trailing ";"
    call = (f'idioma = qsearch.set_language("es", lesson="{lesson_mo}")' if lesson_mo
            else 'idioma = qsearch.set_language("es")')
    comment = LANGUAGE_COMMENT + ("# y lo que imprimen las celdas de esta lección\n"
                                  if lesson_mo else "")
    return {"cell_type": "code", "execution_count": None, "id": LANGUAGE_CELL_ID,
            "metadata": {"tags": ["language"]}, "outputs": [],
            "source": ["import qsearch\n", "\n", comment, call]}


LANGUAGE_CELL = language_cell()
HEADER = {
    "Project-Id-Version": "qsearch lessons",
    "Language": "es",
    "MIME-Version": "1.0",
    "Content-Type": "text/plain; charset=UTF-8",
    "Content-Transfer-Encoding": "8bit",
}


def lessons(selection: list[str] | None = None) -> list[Path]:
    """The English lessons: those named by number or name in ``selection``, else every lesson
    that has a catalogue."""
    every = sorted(ENGLISH.glob("[01][0-9]_*.ipynb"))
    if not selection:
        return [p for p in every if catalogue_path(p).exists()]
    chosen = []
    for name in selection:
        found = [p for p in every if p.stem == name or p.stem.split("_")[0] == name]
        if not found:
            raise SystemExit(f"no English lesson {name!r} in {ENGLISH}")
        chosen += found
    return chosen


def catalogue_path(english: Path) -> Path:
    return CATALOGUES / f"{english.stem}.po"


def read_notebook(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def text_of(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def prose_cells(nb: dict) -> list[tuple[int, dict]]:
    """``(index, cell)`` of every markdown cell; each must have an id (nbformat 4.5)."""
    found = []
    for k, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "markdown":
            if not cell.get("id"):
                raise ValueError(f"markdown cell {k} has no id: the catalogue keys on cell ids")
            found.append((k, cell))
    return found


def code_messages(nb: dict) -> dict[str, list[int]]:
    """``{message: [cell indexes]}`` of the string literals a notebook's code cells pass to
    ``_()`` (the messages its outputs print; the English text is the key)."""
    found: dict[str, list[int]] = {}
    for k, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        lines = [line for line in text_of(cell).splitlines()
                 if not line.lstrip().startswith(("%", "!"))]
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "_" and len(node.args) == 1
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                cells = found.setdefault(node.args[0].value, [])
                if k not in cells:
                    cells.append(k)
    return found


def updated_catalogue(english: Path, old: polib.POFile | None) -> polib.POFile:
    """The catalogue for ``english``'s prose and code messages, carrying the translations of
    ``old`` over. Prose entries have the cell id as msgctxt; code messages have none."""
    po = polib.POFile(wrapwidth=0)
    po.metadata = dict(HEADER, **{"X-Source": f"notebooks/{english.name}"})
    old_live = [e for e in old if not e.obsolete] if old is not None else []
    by_id = {e.msgctxt: e for e in old_live if e.msgctxt}
    by_message = {e.msgid: e for e in old_live if not e.msgctxt}
    nb = read_notebook(english)
    seen = set()
    for k, cell in prose_cells(nb):
        text, before = text_of(cell), by_id.get(cell["id"])
        entry = polib.POEntry(msgctxt=cell["id"], msgid=text, msgstr="",
                              occurrences=[(english.name, str(k))])
        if before is not None:
            entry.msgstr, entry.tcomment = before.msgstr, before.tcomment
            if before.msgid == text:
                entry.flags = list(before.flags)
                entry.previous_msgid = before.previous_msgid
            elif before.msgstr:
                entry.flags = ["fuzzy"]
                entry.previous_msgid = before.previous_msgid if "fuzzy" in before.flags \
                    else before.msgid
        seen.add(cell["id"])
        po.append(entry)
    for message, cells in code_messages(nb).items():
        before = by_message.get(message)
        entry = polib.POEntry(msgid=message, msgstr=before.msgstr if before else "",
                              occurrences=[(english.name, str(k)) for k in cells],
                              comment="printed by a code cell")
        if before is not None:
            entry.tcomment, entry.flags = before.tcomment, list(before.flags)
        seen.add(message)
        po.append(entry)
    for e in (old or []):
        key = e.msgctxt or e.msgid
        if key not in seen and (e.msgstr or e.obsolete):
            gone = copy.copy(e)
            gone.obsolete = True
            po.append(gone)
    return po


def lesson_mo_path(english: Path) -> Path:
    """Where the lesson's compiled catalogue goes (beside its .po)."""
    return catalogue_path(english).with_suffix(".mo")


def stale_entries(english: Path) -> list[str]:
    """What keeps ``english``'s Spanish edition from being current, one line each: prose cells
    without a translation or whose English changed since it was translated (fuzzy), named by
    notebook, cell index and id. Empty when the catalogue is up to date."""
    path = catalogue_path(english)
    if not path.exists():
        return [f"{english.name}: no catalogue {path.relative_to(ROOT)}"]
    return stale_entries_of(updated_catalogue(english, polib.pofile(str(path), wrapwidth=0)),
                            english)


def stale_entries_of(po: polib.POFile, english: Path) -> list[str]:
    """:func:`stale_entries` of a catalogue already brought up to date with ``english``."""
    problems = []
    for e in po:
        if e.obsolete:
            continue
        first = e.msgid.strip().splitlines()[0][:70] if e.msgid.strip() else ""
        where = (f"{english.name} cell {e.occurrences[0][1]} (id {e.msgctxt})" if e.msgctxt
                 else f"{english.name} code cell {e.occurrences[0][1]} (printed message)")
        if not e.msgstr.strip():
            problems.append(f"{where}: untranslated: {first!r}")
        elif "fuzzy" in e.flags:
            problems.append(f"{where}: the English changed since it was translated: {first!r}")
    return problems


def spanish_notebook(english: Path, po: polib.POFile) -> dict:
    """The Spanish notebook: the language cell, then ``english``'s cells with the prose
    translated (outputs kept until it is executed)."""
    nb = read_notebook(english)
    translations = {e.msgctxt: e.msgstr for e in po if not e.obsolete and e.msgctxt}
    for _, cell in prose_cells(nb):
        cell["source"] = translations[cell["id"]].splitlines(keepends=True)
    has_messages = any(not e.obsolete and not e.msgctxt for e in po)
    lesson_mo = lesson_mo_path(english).relative_to(SPANISH).as_posix() if has_messages \
        else None
    nb["cells"].insert(0, language_cell(lesson_mo))
    return nb


def compile_lesson_catalogue(english: Path, po: polib.POFile) -> Path | None:
    """The lesson's code messages compiled to its .mo (None, and no file, if it has none)."""
    mo = lesson_mo_path(english)
    messages = polib.POFile()
    messages.metadata = dict(po.metadata)
    for e in po:
        if not e.obsolete and not e.msgctxt and e.msgstr and "fuzzy" not in e.flags:
            messages.append(polib.POEntry(msgid=e.msgid, msgstr=e.msgstr))
    if not len(messages):
        mo.unlink(missing_ok=True)
        return None
    messages.save_as_mofile(str(mo))
    return mo


def code_cells(nb: dict, spanish: bool) -> list[tuple[str, str, list]]:
    """``(id, source, tags)`` of every code cell (the Spanish language cell left out)."""
    cells = nb["cells"][1:] if spanish and nb["cells"][0].get("id") == LANGUAGE_CELL_ID \
        else nb["cells"]
    return [(c.get("id"), text_of(c), c["metadata"].get("tags", []))
            for c in cells if c["cell_type"] == "code"]


def save_catalogue(po: polib.POFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


def execute(path: Path) -> None:
    """The lessons' pipeline on one notebook: execute in its folder, strip, add PNGs."""
    bin_dir = Path(sys.executable).parent
    jupyter = bin_dir / "jupyter"
    subprocess.run([str(jupyter) if jupyter.exists() else "jupyter", "nbconvert", "--to",
                    "notebook", "--execute", "--inplace", path.name], cwd=path.parent,
                   check=True)
    for script in ("strip_notebooks.py", "add_png_fallbacks.py"):
        subprocess.run([sys.executable, str(ROOT / "scripts" / script), str(path)], check=True)


def compile_package_catalogue() -> Path:
    """qsearch/locale/es/LC_MESSAGES/qsearch.po compiled to the qsearch.mo beside it."""
    mo = PACKAGE_PO.with_suffix(".mo")
    polib.pofile(str(PACKAGE_PO)).save_as_mofile(str(mo))
    return mo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lessons", nargs="*", help="NN or NN_name (default: every lesson "
                        "with a catalogue)")
    parser.add_argument("--no-execute", action="store_true",
                        help="write the Spanish notebooks without executing them")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list stale entries and exit 1 if any")
    args = parser.parse_args(argv)
    chosen = lessons(args.lessons)
    if args.check:
        problems = [line for english in chosen for line in stale_entries(english)]
        print("\n".join(problems) or f"{len(chosen)} catalogues up to date")
        return 1 if problems else 0
    print("compiled", compile_package_catalogue().relative_to(ROOT))
    failed = False
    for english in chosen:
        path = catalogue_path(english)
        old = polib.pofile(str(path), wrapwidth=0) if path.exists() else None
        po = updated_catalogue(english, old)
        save_catalogue(po, path)
        problems = stale_entries(english)
        if problems:
            failed = True
            print(f"{path.relative_to(ROOT)}: {len(problems)} entries to translate; "
                  f"notebooks/es/{english.name} not written:\n  " + "\n  ".join(problems))
            continue
        compile_lesson_catalogue(english, po)
        target = SPANISH / english.name
        target.write_text(json.dumps(spanish_notebook(english, po), indent=1,
                                     ensure_ascii=False) + "\n", encoding="utf-8")
        print("wrote", target.relative_to(ROOT))
        if not args.no_execute:
            execute(target)
            print("executed", target.relative_to(ROOT))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
