"""The Spanish catalogue covers the package: every message qsearch passes to ``_()`` has a
Spanish translation in qsearch/locale/es/LC_MESSAGES/qsearch.po (not empty, not fuzzy, with
the same ``{placeholders}``), and the compiled qsearch.mo says what the .po says.

The messages are read from the source: ``_("literal")`` (implicitly concatenated literals
included), ``_(NAME)``, ``_(NAME[key])`` or ``_(self.NAME)`` where NAME is a string (or a
dict/tuple/list of strings) assigned at module or class level in the same file, and
``_(x)`` where ``x`` is the variable of a loop or comprehension over such constants or
literal lists (``for h in HEADINGS + ["more"]``). A ``_()`` of anything else (a name read
at run time, such as an agent's) cannot be checked here and is left out.
"""
from __future__ import annotations

import ast
import gettext
import re
import string
from pathlib import Path

import polib

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "qsearch"
PO = PACKAGE / "locale" / "es" / "LC_MESSAGES" / "qsearch.po"
# In Cython sources (.pyx), only literal calls are read: _("...") with one literal.
_PYX_CALL = re.compile(r"""(?<![\w.])_\(\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\)""")


def _strings(node) -> list[str]:
    """The string literals in a constant's value (a str, or a dict/tuple/list of them)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.Dict):
        return [s for v in node.values for s in _strings(v)]
    if isinstance(node, (ast.Tuple, ast.List)):
        return [s for v in node.elts for s in _strings(v)]
    return []


def _constants(tree: ast.Module) -> dict[str, list[str]]:
    """Name -> the strings it holds, for names assigned at module or class level."""
    found: dict[str, list[str]] = {}
    bodies = [tree.body] + [n.body for n in tree.body if isinstance(n, ast.ClassDef)]
    for body in bodies:
        for stmt in body:
            targets, value = [], None
            if isinstance(stmt, ast.Assign):
                targets, value = stmt.targets, stmt.value
            elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
                targets, value = [stmt.target], stmt.value
            for t in targets:
                if isinstance(t, ast.Name) and _strings(value):
                    found[t.id] = _strings(value)
    return found


def _iterated(node, constants: dict[str, list[str]]) -> list[str] | None:
    """The strings a loop over ``node`` takes (None when they cannot be read)."""
    if isinstance(node, ast.Name):
        return constants.get(node.id)
    if isinstance(node, (ast.List, ast.Tuple)):
        parts = [_iterated(e, constants) if not isinstance(e, ast.Constant) else
                 ([e.value] if isinstance(e.value, str) else None) for e in node.elts]
        return None if any(p is None for p in parts) else [s for p in parts for s in p]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _iterated(node.left, constants), _iterated(node.right, constants)
        return None if left is None or right is None else left + right
    if isinstance(node, ast.IfExp):
        yes, no = _iterated(node.body, constants), _iterated(node.orelse, constants)
        return None if yes is None or no is None else yes + no
    return None


def _loop_variables(tree: ast.Module, constants: dict[str, list[str]]) -> dict[str, list[str]]:
    """Name -> the strings it takes, for the variables of loops and comprehensions over
    constants or literal lists (anywhere in the module)."""
    found: dict[str, list[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, (ast.For, ast.comprehension)):
            continue
        target, over = node.target, node.iter
        if (isinstance(target, ast.Tuple) and len(target.elts) == 2
                and isinstance(over, ast.Call) and not over.keywords and len(over.args) <= 1):
            # for k, x in enumerate(X) / for key, x in X.items(): x takes X's strings
            if isinstance(over.func, ast.Name) and over.func.id == "enumerate" and over.args:
                target, over = target.elts[1], over.args[0]
            elif isinstance(over.func, ast.Attribute) and over.func.attr == "items":
                target, over = target.elts[1], over.func.value
        if isinstance(over, ast.Call) and isinstance(over.func, ast.Attribute) \
                and over.func.attr == "values" and not over.args:
            over = over.func.value                  # for x in X.values()
        if isinstance(target, ast.Name):
            texts = _iterated(over, constants)
            if texts is not None:
                found.setdefault(target.id, []).extend(texts)
    return found


def messages_in_python(source: str, where: str = "<source>") -> dict[str, str]:
    """msgid -> where it is used, for every message a Python source passes to ``_()`` as a
    literal or a constant (see the module docs; other arguments are left out)."""
    tree = ast.parse(source)
    constants = _constants(tree)
    variables = _loop_variables(tree, constants)
    found: dict[str, str] = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "_" and len(node.args) == 1):
            continue
        arg = node.args[0]
        if isinstance(arg, ast.Subscript):
            arg = arg.value
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            texts = [arg.value]
        elif isinstance(arg, ast.Name) and arg.id in constants:
            texts = constants[arg.id]
        elif isinstance(arg, ast.Name) and arg.id in variables:
            texts = variables[arg.id]
        elif isinstance(arg, ast.Attribute) and arg.attr in constants:
            texts = constants[arg.attr]
        else:                           # known only at run time: not checkable here
            continue
        for text in texts:
            found.setdefault(text, f"{where}:{node.lineno}")
    return found


def package_messages() -> dict[str, str]:
    """msgid -> first place of use, over every qsearch/**/*.py and *.pyx."""
    found: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        where = str(path.relative_to(ROOT))
        for msgid, at in messages_in_python(path.read_text(encoding="utf-8"), where).items():
            found.setdefault(msgid, at)
    for path in sorted(PACKAGE.rglob("*.pyx")):
        for m in _PYX_CALL.finditer(path.read_text(encoding="utf-8")):
            found.setdefault(ast.literal_eval(m.group(1)), str(path.relative_to(ROOT)))
    return found


def placeholders(text: str) -> set[str]:
    """The ``{names}`` of a format string (``{{`` is no placeholder)."""
    return {field for _lit, field, _spec, _conv in string.Formatter().parse(text)
            if field is not None}


def catalogue_problems(messages: dict[str, str], po: polib.POFile) -> list[str]:
    """What is wrong with ``po`` for ``messages``: a msgid missing, untranslated or fuzzy, or a
    msgstr whose placeholders are not the msgid's."""
    entries = {e.msgid: e for e in po if not e.obsolete}
    problems = []
    for msgid, where in sorted(messages.items(), key=lambda kv: kv[1]):
        entry = entries.get(msgid)
        if entry is None:
            problems.append(f"{where}: no Spanish entry for {msgid!r}")
        elif not entry.msgstr.strip() or "fuzzy" in entry.flags:
            problems.append(f"{where}: {msgid!r} is not translated (empty or fuzzy)")
        elif placeholders(entry.msgstr) != placeholders(msgid):
            problems.append(f"{where}: {msgid!r} has the placeholders "
                            f"{sorted(placeholders(msgid))}, its Spanish "
                            f"{sorted(placeholders(entry.msgstr))}")
    return problems


def test_the_collector_reads_literals_constants_and_refuses_the_rest():
    source = ('X = "one"\nLABELS = {"a": "two", "b": "three"}\n'
              'class W:\n    text_form = "four"\n'
              'def f(self, k):\n'
              '    return _("five " "{n}"), _(X), _(LABELS[k]), _(self.text_form)\n'
              'def g():\n'
              '    return [_(h) for h in [X, "six"] + (["seven"] if k else [])]\n'
              'T = ("eight",)\nD = {1: "nine"}\n'
              'def h():\n'
              '    return [_(t) for k, t in enumerate(T)] + [_(v) for k, v in D.items()]\n')
    assert set(messages_in_python(source)) == {"one", "two", "three", "four", "five {n}",
                                               "six", "seven", "eight", "nine"}
    assert messages_in_python("def f(x):\n    return _(x), _(x.name), g(_)\n") == {}


def test_the_package_uses_messages():
    messages = package_messages()
    # the leaderboard's and the steppers' messages, at least
    assert "rank" in messages and "{node} is a leaf: its static value is {value}." in messages


def test_every_message_of_the_package_has_its_spanish():
    problems = catalogue_problems(package_messages(), polib.pofile(str(PO)))
    assert not problems, "\n".join(problems)


def test_a_missing_or_broken_translation_is_reported(tmp_path):
    """The check fails on a catalogue that lacks a msgid, leaves one empty or fuzzy, or
    loses a placeholder."""
    po = polib.pofile(str(PO))
    messages = {"rank": "x.py:1", "{node} is a leaf: its static value is {value}.": "x.py:2"}
    assert catalogue_problems(messages, po) == []
    po.remove(po.find("rank"))
    assert catalogue_problems(messages, po) == ["x.py:1: no Spanish entry for 'rank'"]
    leaf = po.find("{node} is a leaf: its static value is {value}.")
    leaf.msgstr = leaf.msgstr.replace("{value}", "{valor}")
    assert "placeholders" in catalogue_problems(messages, po)[1]
    leaf.msgstr = ""
    assert "not translated" in catalogue_problems(messages, po)[1]
    path = tmp_path / "broken.po"
    po.save(str(path))
    assert len(catalogue_problems(messages, polib.pofile(str(path)))) == 2


def test_the_mo_file_is_compiled_from_the_po_file(tmp_path):
    """qsearch.mo holds exactly the .po's messages (recompile after each edit of the .po:
    ``scripts/build_spanish.py``'s compile_package_catalogue)."""
    po = polib.pofile(str(PO))
    fresh = tmp_path / "fresh.mo"
    po.save_as_mofile(str(fresh))
    with fresh.open("rb") as f:
        want = gettext.GNUTranslations(f)._catalog
    with PO.with_suffix(".mo").open("rb") as f:
        have = gettext.GNUTranslations(f)._catalog
    assert have == want
