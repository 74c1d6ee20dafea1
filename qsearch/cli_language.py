"""argparse's own words in the language in use, for the command line (``QSEARCH_LANG=es``),
and the few words and numbers the command line's modules share (:func:`formatted`,
:func:`engine_word`).

argparse passes every word it writes itself ("usage: ", "options", "show this help message
and exit", its error messages) through :func:`gettext.gettext`, looked up at each call as its
module's ``_`` (the Python documentation's "How to translate the argparse output"). Rather than
change the process's gettext domain, :func:`argparse_language` points that one lookup at
qsearch's catalogue while the command line builds its parser and reads its arguments, and
puts argparse's own back afterwards: another parser in the same process (pytest's, a
notebook's) never sees it, and in English nothing is changed at all. The Spanish of the
messages below is in qsearch's catalogue (qsearch/locale/es/LC_MESSAGES/qsearch.po); a
message argparse has that is not listed stays English.
"""
from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator

from qsearch.i18n import _, get_language, number

# argparse's messages (Python 3.9-3.13) a user of qsearch's command line can meet
ARGPARSE_MESSAGES = (
    "usage: ",
    "positional arguments",
    "options",
    "show this help message and exit",
    "%(prog)s: error: %(message)s\n",
    "argument %(argument_name)s: %(message)s",
    "the following arguments are required: %s",
    "unrecognized arguments: %s",
    "invalid choice: %(value)r (choose from %(choices)s)",
    "invalid %(type)s value: %(value)r",
    "expected one argument",
    "not allowed with argument %s",
    "ambiguous option: %(option)s could match %(matches)s",
)


@contextlib.contextmanager
def argparse_language() -> Iterator[None]:
    """Within the block, argparse writes its own words through qsearch's :func:`_` (in the
    language in use when the block starts); outside it, as argparse always does."""
    if get_language() == "en" or not hasattr(argparse, "_"):
        yield
        return
    saved = argparse._
    argparse._ = _
    try:
        yield
    finally:
        argparse._ = saved


def formatted(value, spec: str = "+g") -> str:
    """``format(value, spec)`` (a float format: ``"+g"``, ``"+.3g"``, ``"g"``) as English
    writes it, and in Spanish with a decimal comma (``+0,5``; :func:`qsearch.i18n.number`);
    an exponent (``1e+06``) is left as Python writes it."""
    text = format(value + 0.0, spec)
    if get_language() == "en" or "e" in text or "." not in text:
        return text
    sign = text[0] if text[0] in "+-" else ""
    digits = text[len(sign):]
    return sign + number(float(digits), len(digits.partition(".")[2]), grouped="," in spec)


def engine_word(engine: str | None) -> str:
    """The name of the engine that searched (``"compiled"``, ``"python"``) in the language in
    use; another name as it is."""
    return {"compiled": _("compiled"), "python": _("python")}.get(engine or "compiled", engine)


__all__ = ["ARGPARSE_MESSAGES", "argparse_language", "engine_word", "formatted"]
