"""What a student wrote is data: ``NAME``, ``AUTHOR``, file names, recorded details and
printed output made safe for each place the league shows them (issue 42).

One function a place, each a pure function of a string:

* :func:`terminal`: control characters and escape sequences removed (ANSI colours, cursor
  moves, screen clears, OSC titles and links), and the bidirectional overrides that show
  text in another order than it is read; one line unless ``newlines=True``;
* :func:`markdown_cell`: one line of text for a Markdown table cell that a notebook, Voila or
  a Markdown viewer shows: HTML-escaped (``< > & "``: no tag, no script; an apostrophe, as
  in ``O'Brien``, stays: outside a tag it opens nothing) and the Markdown specials escaped
  (no emphasis, link, image, code span, math or extra cell); ordinary names (``alpha-beta``,
  ``random_agent``, ``Ana M.``, ``first's``) come out unchanged;
* :func:`csv_cell`: a cell a spreadsheet opens as text: a leading ``= + - @``, tab or carriage
  return (a formula) gets a ``'`` first;
* :func:`plot_label`: a label for matplotlib, drawn with mathtext off (``parse_math=False``
  where it is used): one line, at most :data:`LABEL_CHARS` characters;
* :func:`table`: rows of dicts as a Markdown table, every text cell through
  :func:`markdown_cell` (:func:`qsearch.core.tables.markdown` with escaping).
"""
from __future__ import annotations

import html
import re

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ESC \), other two-character escapes, then any
# C0/C1 control character; the Unicode bidi embeddings, overrides and isolates.
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x9b[0-?]*[ -/]*[@-~]"
                      r"|[\x1b\x9d]\][^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)?|\x1b[@-_]?")
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f"
                       r"\u061c\ufeff]")
_NEWLINES = re.compile(r"[\t\n\r\x0b\x0c\x85\u2028\u2029]+")
# Markdown's inline specials; "_" only where it could open or close emphasis (not inside a
# word: random_agent stays as it is).
_MARKDOWN = re.compile(r"([\\`*\[\]~|$]|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9]))")
FORMULA = ("=", "+", "-", "@", "\t", "\r")
LABEL_CHARS = 40


def _text(value) -> str:
    if not isinstance(value, str):
        raise TypeError(f"a shown name or detail is a str, not {type(value).__name__}")
    return value


def terminal(text: str, newlines: bool = False) -> str:
    """``text`` safe to print on a terminal: escape sequences and control characters removed,
    runs of line breaks and tabs made one space (``newlines=True``: line breaks kept)."""
    text = _ESCAPES.sub("", _text(text))
    if newlines:
        lines = [_NEWLINES.sub(" ", line) for line in text.replace("\r\n", "\n").split("\n")]
        return "\n".join(_CONTROLS.sub("", line) for line in lines)
    return _CONTROLS.sub("", _NEWLINES.sub(" ", text))


def markdown_cell(text: str) -> str:
    """``text`` as one Markdown table cell: one line, HTML-escaped, Markdown specials
    escaped with a backslash."""
    text = html.escape(terminal(text).strip(), quote=False).replace('"', "&quot;")
    return _MARKDOWN.sub(r"\\\1", text)


def csv_cell(text: str) -> str:
    """``text`` as a CSV cell a spreadsheet shows as text (a formula prefix neutralised)."""
    text = terminal(text)
    return "'" + text if text.startswith(FORMULA) else text


def plot_label(text: str, limit: int = LABEL_CHARS) -> str:
    """``text`` as a matplotlib label (one line, at most ``limit`` characters); draw it with
    ``parse_math=False``, so a ``$`` is a dollar sign."""
    text = terminal(text).strip()
    return text if len(text) <= limit else text[:limit - 1] + "\u2026"


def table(rows: list[dict]) -> str:
    """Rows of dicts as a Markdown table whose text cells are :func:`markdown_cell` (for a
    table of agents' names: ``show_table(table(rows))``)."""
    from qsearch.core.tables import markdown

    return markdown([{markdown_cell(str(k)): markdown_cell(v) if isinstance(v, str) else v
                      for k, v in row.items()} for row in rows])


# The referee's and the jail's own details, as the records keep them (in English: records are
# data, signed, the same whatever language wrote them), and how each is shown in the language
# in use. A detail that is not one of these (a student's traceback or output) is shown as is.
_REFEREE_DETAILS = (
    (re.compile(r"chose (?P<action>.+?) after (?P<n>\d+) actions; legal: (?P<legal>.*)", re.S),
     "chose {action} after {n} actions; legal: {legal}"),
    (re.compile(r"no move within (?P<seconds>[0-9.e+-]+) s"), "no move within {seconds} s"),
    (re.compile(r"used up its (?P<seconds>[0-9.e+-]+) s for the game"),
     "used up its {seconds} s for the game"),
)


def referee_detail(text: str) -> str:
    """A recorded forfeit detail in the language in use, when the referee or the jail wrote
    it (``chose 4 after 2 actions; legal: ...``, ``no move within 0.5 s``); anything else (what
    a student's code printed or raised) unchanged. Records stay English either way."""
    from qsearch.i18n import _, get_language, number

    text = _text(text)
    if get_language() == "en":
        return text
    for pattern, message in _REFEREE_DETAILS:
        found = pattern.fullmatch(text)
        if found:
            values = found.groupdict()
            if "seconds" in values:
                try:
                    values["seconds"] = number(float(values["seconds"]))
                except ValueError:
                    pass
            return _(message).format(**values)
    return text
