"""What every exercise grades with: the student's entries read as numbers (:func:`parse_entry`),
each wrong entry (:class:`Mistake`), the result (:class:`Grade`), the feedback shown in the
widgets (its colours, :func:`grade_html`, :func:`error_html`), the order both exercises
read a tree in (:func:`walk_named`), and the words every check uses.

Two wordings, kept apart everywhere: **a cut happens at X** (the search of node X stops
before all its children are searched, because its window closed) and **the branch to Y is
pruned** (Y is a child that the cut at its parent leaves unsearched; the ✂ buttons mark
these). A check says what is right or wrong and which step to look at, never the right
number; only ``reveal=True`` (an instructor's switch) or **Show me** shows values.

The exercises themselves are in :mod:`qsearch.viz.exercise_tree` and
:mod:`qsearch.viz.exercise_ordering` (both importable from :mod:`qsearch.viz.exercise`).
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass

from qsearch.i18n import _
from qsearch.viz.searchtree import list_in_words

RIGHT = "#1b7f3b"
WRONG = "#c0262d"
ASKED = "#1f5fbf"
CUT = "#8c8c8c"


@dataclass(frozen=True)
class Mistake:
    """One wrong (or missing) entry: at ``node``, ``what`` ("value", "alpha", "beta", "cut",
    "order"). ``asked`` is False for an entry nobody asked for (a value in a node the search
    never reaches, a ✂ on a branch that is searched): a mistake that does not change the
    count of answers."""

    node: str
    what: str
    expected: object
    given: object
    step: int               # the trace index where the search settles this entry
    message: str
    asked: bool = True

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Grade:
    """The result of an exercise's ``check()``: ``right`` entries of ``total``, the mistakes
    in the order the search meets them."""

    right: int
    total: int
    mistakes: tuple
    summary: str = ""       # said instead of the list of mistakes (e.g. nothing entered yet)

    @property
    def passed(self) -> bool:
        """True when every entry is right."""
        return not self.mistakes

    def __str__(self) -> str:
        if self.passed:
            return (_("Right.") if self.total == 1 else
                    _("All {total} answers are right.").format(total=self.total))
        if self.summary:
            return self.summary
        lines = [_("{right} of {total} right. To look at again:").format(right=self.right,
                                                                          total=self.total)]
        seen = set()
        for m in self.mistakes:                 # several entries can share one explanation
            if m.message not in seen:
                seen.add(m.message)
                lines.append(f"- {m}")
        return "\n".join(lines)


def in_words(names) -> str:
    """``["A"]`` -> ``A``; ``["A", "B", "C"]`` -> ``A, B and C`` (never a Python list; ``y``
    for ``and`` in Spanish)."""
    return list_in_words(names)


def find_name(name, names, what: str = "node") -> str:
    """``name`` among ``names``, ignoring case (an exact match wins); ValueError listing the
    names in words when there is none."""
    if not isinstance(name, str):
        raise TypeError(f"a {what} is named by text such as 'B', not {type(name).__name__}")
    names = list(names)
    if name in names:
        return name
    folded = [n for n in names if n.lower() == name.strip().lower()]
    if len(folded) == 1:
        return folded[0]
    raise ValueError(f"there is no {what} called {name!r}: it must be one of "
                     f"{in_words(names)}")


def parse_entry(text):
    """A student's entry as a number: ``3``, ``-2.5`` (or ``-2,5``, a decimal comma), ``inf``,
    ``-∞``; None when blank.

    Raises ValueError for anything else (the widget shows that message instead of a grade).
    """
    if text is None:
        return None
    if isinstance(text, bool):
        raise TypeError("an entry must be a number, not a bool")
    if isinstance(text, (int, float)):
        if text != text:
            raise ValueError(_("an entry must be a number, not NaN"))
        return text
    if not isinstance(text, str):
        raise TypeError(f"an entry must be a number or text, not {type(text).__name__}")
    t = text.strip().replace("−", "-").replace("∞", "inf").lower()
    if t.count(",") == 1 and "." not in t:       # 2,5: a decimal comma, as Spanish writes it
        t = t.replace(",", ".")
    if not t:
        return None
    if t in ("inf", "+inf", "infinity", "+infinity"):
        return math.inf
    if t in ("-inf", "-infinity"):
        return -math.inf
    try:
        value = float(t)
    except ValueError:
        raise ValueError(_("{text} is not a number (write 3, -2, inf or -inf)").format(
            text=repr(text))) from None
    if value != value:
        raise ValueError(_("an entry must be a number, not NaN"))
    return int(value) if value.is_integer() else value


def grade_html(text: str, passed: bool) -> str:
    """The feedback box: ``text`` (escaped, one line per line) green when ``passed``, else red,
    on white (readable in dark themes)."""
    colour = RIGHT if passed else WRONG
    body = html.escape(text).replace("\n", "<br>")
    return f"<div style='color:{colour};background:white;padding:4px'>{body}</div>"


def error_html(err: Exception) -> str:
    """An entry the exercise cannot read, in red (shown instead of a grade)."""
    return f"<span style='color:{WRONG}'>{html.escape(str(err))}</span>"


def walk_named(named):
    """Every ``(name, body)`` pair of a named tree (:func:`qsearch.games.toytrees.named_nodes`),
    breadth-first."""
    queue = [named]
    while queue:
        level = []
        for name, body in queue:
            yield name, body
            if isinstance(body, list):
                level.extend(body)
        queue = level
