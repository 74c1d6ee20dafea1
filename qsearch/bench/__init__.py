"""Speed tables (``python -m qsearch bench``): one module per topic, found automatically.

Every module of this package (other than those starting with ``_``) defines
``sections(options) -> list[Section]``; ``options`` has ``quick`` (bool: fewer positions,
about a minute in all) and whatever options the CLI adds. A :class:`Section` is a name for
``--only``, a title, and a function returning the rows (a list of dicts) that
:func:`markdown` prints. Every number comes from the run that prints it.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import NamedTuple

from qsearch.core.tables import best_of, format_seconds, markdown


class Section(NamedTuple):
    name: str
    title: str
    rows: Callable[[], list[dict]]


def all_sections(options) -> list[Section]:
    """Every section of every benchmark module, modules in alphabetical order."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found += [Section(*s) for s in module.sections(options)]
    return found


__all__ = ["Section", "all_sections", "best_of", "format_seconds", "markdown"]
