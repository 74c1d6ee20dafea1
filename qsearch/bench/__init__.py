"""Speed tables (``python -m qsearch bench``): one module per topic, found automatically.

Every module of this package (other than those starting with ``_``) defines
``sections(options) -> list[Section]``; ``options`` has ``quick`` (bool: fewer positions,
about a minute in all) and whatever options the CLI adds. A :class:`Section` is a name for
``--only``, a title, and a function returning the rows (a list of dicts) that
:func:`markdown` prints. Every number comes from the run that prints it.

Times are CPU times, a fast side is timed in batches of about its peer's duration, and every
row records the load average it was measured under (:mod:`qsearch.bench._timing`): a module
that measures its rows one by one gives each its own ``load``; the rows of any other table
get the table's (read before and after it), added here.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import NamedTuple

from qsearch.bench._timing import Load, cpu_best_of, load_note
from qsearch.core.tables import best_of, format_seconds, markdown


class Section(NamedTuple):
    name: str
    title: str
    rows: Callable[[], list[dict]]


def with_load(section: Section, load: Callable[[], Load] = Load) -> Section:
    """``section`` whose rows all have a ``load`` (the table's own where a row has none) and
    whose title says what the column means."""
    def rows() -> list[dict]:
        probe = load()
        out = section.rows()
        cell = probe.cell()
        for row in out:
            row.setdefault("load", cell)
        return out

    return Section(section.name, f"{section.title} ({load_note()})", rows)


def all_sections(options) -> list[Section]:
    """Every section of every benchmark module, modules in alphabetical order."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found += [with_load(Section(*s)) for s in module.sections(options)]
    return found


__all__ = ["Section", "all_sections", "best_of", "cpu_best_of", "format_seconds", "markdown",
           "with_load"]
