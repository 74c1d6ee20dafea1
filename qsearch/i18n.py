"""The language qsearch speaks: English by default, Spanish with ``set_language("es")`` or the
environment variable ``QSEARCH_LANG=es``.

Translated text goes through :func:`_` (``from qsearch.i18n import _``): the English message
is the key, looked up in the gettext catalogue shipped as package data
(``qsearch/locale/<lang>/LC_MESSAGES/qsearch.mo``, compiled from the ``.po`` beside it by
``python scripts/build_spanish.py --catalogue``). A message the catalogue lacks is shown in
English. The language is read at each call, so switching it changes what is printed next.
"""
from __future__ import annotations

import gettext as _gettext
import os
from decimal import Decimal
from pathlib import Path

DOMAIN = "qsearch"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "es")
ENVIRONMENT = "QSEARCH_LANG"

_chosen: str | None = None          # set_language's choice; None: the environment decides
_catalogues: dict[str, _gettext.NullTranslations] = {}
_lesson: tuple[str, _gettext.GNUTranslations] | None = None   # (its language, its messages)


def _checked(language, where: str) -> str:
    if not isinstance(language, str):
        raise TypeError(f"{where}: the language must be a string such as 'es', "
                        f"not {type(language).__name__}")
    code = language.strip().lower().replace("-", "_").split("_")[0].split(".")[0]
    if code not in LANGUAGES:
        raise ValueError(f"{where}: unknown language {language!r}; qsearch speaks "
                         + ", ".join(repr(c) for c in LANGUAGES))
    return code


def set_language(language: str | None, lesson: str | os.PathLike | None = None) -> str:
    """Choose the language of qsearch's messages: ``"en"`` or ``"es"`` (``"es_ES"`` and
    ``"es-AR"`` also mean Spanish); ``None`` goes back to ``QSEARCH_LANG`` (English when
    unset). Returns the language now in use.

    ``lesson`` is a lesson's own compiled catalogue (a ``.mo`` file, such as
    ``notebooks/es/po/01_minimax_and_alphabeta.mo``): the messages a lesson's code cells print
    through :func:`_` are looked up there first while its language (its header's ``Language``)
    is the one in use. Each call replaces the lesson catalogue given before (``None`` removes
    it)."""
    global _chosen, _lesson
    code = None if language is None else _checked(language, "set_language")
    if lesson is not None:
        if not isinstance(lesson, (str, os.PathLike)):
            raise TypeError("set_language: lesson must be the path of a .mo file, not "
                            f"{type(lesson).__name__}")
        path = Path(lesson)
        if not path.is_file():
            raise ValueError(f"set_language: no lesson catalogue at {str(path)!r}")
        with path.open("rb") as handle:
            try:
                lesson_messages = _gettext.GNUTranslations(handle)
            except OSError as err:  # gettext reports a file that is not a catalogue this way
                raise ValueError(f"set_language: {str(path)!r} is not a compiled gettext "
                                 f"catalogue (.mo): {err}") from None
        written = lesson_messages.info().get("language")        # the .po header's Language
        for_language = _checked(written, str(path)) if written else code or get_language()
        lesson_messages.add_fallback(catalogue(for_language))   # then qsearch's own messages
        _lesson = (for_language, lesson_messages)
    else:
        _lesson = None
    _chosen = code
    return get_language()


def get_language() -> str:
    """The language in use: ``set_language``'s choice, else ``QSEARCH_LANG``, else ``"en"``."""
    if _chosen is not None:
        return _chosen
    given = os.environ.get(ENVIRONMENT, "").strip()
    return _checked(given, ENVIRONMENT) if given else "en"


def catalogue(language: str) -> _gettext.NullTranslations:
    """The gettext catalogue of ``language`` (English: no translation)."""
    code = _checked(language, "catalogue")
    if code not in _catalogues:
        if code == "en":
            _catalogues[code] = _gettext.NullTranslations()
        else:
            _catalogues[code] = _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR),
                                                     languages=[code])
    return _catalogues[code]


def _(message: str) -> str:
    """``message`` (English) in the language in use: from the lesson's catalogue if
    :func:`set_language` was given one for this language, else from qsearch's."""
    language = get_language()
    if _lesson is not None and _lesson[0] == language:
        return _lesson[1].gettext(message)
    return catalogue(language).gettext(message)


gettext = _


def _decimal_pattern(decimals: int, grouped: bool) -> str:
    if not isinstance(decimals, int) or isinstance(decimals, bool) or decimals < 0:
        raise ValueError(f"decimals must be a whole number >= 0, not {decimals!r}")
    return ("#,##0" if grouped else "0") + ("." + "0" * decimals if decimals else "")


def number(value, decimals: int | None = None, grouped: bool = True) -> str:
    """``value`` written the way the reader of the language in use writes numbers: English
    ``549,946`` and ``-24.93``; Spanish (Babel's ``es`` locale, CLDR, as the documents write
    them) ``549.946`` and ``-24,93``. ``decimals`` fixes the digits after the point (default:
    none for an integer, as Python's ``str`` for a float); ``grouped=False`` leaves out the
    thousands separator. English output is exactly Python's ``format(value, ",")`` family."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:                                   # numpy scalars and the like
            value = value.item()
        except AttributeError:
            raise TypeError(f"number: expected an int or a float, not "
                            f"{type(value).__name__}") from None
    if get_language() == "en":
        comma = "," if grouped else ""
        if decimals is None:
            return format(value, comma) if isinstance(value, int) else (
                format(value, comma) if grouped else repr(value))
        _decimal_pattern(decimals, grouped)
        return format(value, f"{comma}.{decimals}f")
    from babel.numbers import format_decimal
    if decimals is None:
        if isinstance(value, int):
            pattern = _decimal_pattern(0, grouped)
        else:
            digits = repr(float(value)).partition(".")[2]
            pattern = _decimal_pattern(0 if "e" in digits else len(digits), grouped)
    else:
        pattern = _decimal_pattern(decimals, grouped)
    # Decimal(float) is the float's exact binary value, so a tie rounds as Python's format
    # rounds it (0.4975 is 0.49749999...: 0.497 in both languages)
    return format_decimal(Decimal(value), format=pattern, locale=get_language(),
                          decimal_quantization=True)


def percent(fraction, decimals: int = 1) -> str:
    """``fraction`` (0.0081) as a percentage: English ``0.81%`` (Python's ``format(x, ".2%")``),
    Spanish ``0,81 %`` (Babel's ``es`` locale: decimal comma, a no-break space before ``%``)."""
    if isinstance(fraction, bool) or not isinstance(fraction, (int, float)):
        try:
            fraction = fraction.item()
        except AttributeError:
            raise TypeError(f"percent: expected a number, not "
                            f"{type(fraction).__name__}") from None
    pattern = _decimal_pattern(decimals, False)      # Python groups no percentage either
    if get_language() == "en":
        return format(fraction, f".{decimals}%")
    from babel.numbers import format_decimal
    # Python's "%" format multiplies the float by 100 and rounds that float: the same here
    return format_decimal(Decimal(fraction * 100), format=pattern, locale=get_language(),
                          decimal_quantization=True) + "\u00a0%"


def general(value: float, digits: int | None = None) -> str:
    """``value`` as Python's ``format(value, "g")`` writes it (``".3g"`` with ``digits=3``):
    ``5.5``, ``10``, ``2e+08`` in English; with the decimal comma in Spanish (``5,5``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        try:                                   # numpy scalars and the like
            value = value.item()
        except AttributeError:
            raise TypeError(f"general: expected a number, not {type(value).__name__}") from None
    if digits is not None and (isinstance(digits, bool) or not isinstance(digits, int)
                               or digits < 1):
        raise ValueError(f"general: digits must be a whole number >= 1, not {digits!r}")
    text = format(value, "g" if digits is None else f".{digits}g")
    language = get_language()
    if language == "en":
        return text
    from babel.numbers import get_decimal_symbol
    return text.replace(".", get_decimal_symbol(language))
