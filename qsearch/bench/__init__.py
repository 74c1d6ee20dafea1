"""Speed tables (``python -m qsearch bench``): one module per topic, found automatically.

Every module of this package (other than those starting with ``_``) defines
``sections(options) -> list[Section]``; ``options`` has ``quick`` (bool: fewer positions,
about a minute in all) and whatever options the CLI adds. A :class:`Section` is a name for
``--only``, a title, and a function returning the rows (a list of dicts) that :func:`table`
prints (:func:`markdown`, its header in the language in use). Every number comes from the
run that prints it.

Times are CPU times, the sides of a comparison are timed in turn, a fast side in batches of
about its peer's duration, and every row records the load average per core it was measured
under (:mod:`qsearch.bench._timing`): a module that measures its rows one by one gives each
its own; the rows of any other table get the table's (read before and after it), added here.

``--repeats N`` sets the N of every best-of-N. A table whose runs are fixed by what it
reproduces (the Quarto demo call: the median of 100 calls, as the document's microbenchmark)
says so in its :class:`Section`'s ``fixed_runs``; with ``--repeats`` its title says that the
option does not apply and why, and :func:`all_sections` refuses ``--repeats`` when ``--only``
names no table that takes it.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import NamedTuple

from qsearch.bench._timing import Load, cpu_best_of, load_note, repeats_of
from qsearch.bench._words import table
from qsearch.core.tables import best_of, format_seconds, markdown
from qsearch.i18n import _


class Section(NamedTuple):
    """A table: ``name`` for ``--only``, ``title``, ``rows()``; ``fixed_runs``: why the table
    does not take ``--repeats`` (None: it does)."""
    name: str
    title: str
    rows: Callable[[], list[dict]]
    fixed_runs: str | None = None


def with_load(section: Section, load: Callable[[], Load] = Load) -> Section:
    """``section`` whose rows all have a load per core (the table's own where a row has none)
    and whose title says what the column means."""
    def rows() -> list[dict]:
        probe = load()
        out = section.rows()
        cells = probe.cells()
        for row in out:
            for key, value in cells.items():
                row.setdefault(key, value)
        return out

    return section._replace(title=_("{title} ({load})").format(title=section.title,
                                                               load=load_note()), rows=rows)


def with_repeats_note(section: Section, options) -> Section:
    """``section``, its title saying that ``--repeats`` does not apply when it was given to a
    table with fixed runs."""
    if section.fixed_runs is None or getattr(options, "repeats", None) is None:
        return section
    return section._replace(title=_("{title}; `--repeats` does not apply to this table: "
                                    "{why}").format(title=section.title, why=section.fixed_runs))


def all_sections(options) -> list[Section]:
    """Every section of every benchmark module, modules in alphabetical order.

    ``--repeats`` is checked here (an int >= 1), and refused (ValueError) when every table
    ``--only`` names has fixed runs."""
    if getattr(options, "repeats", None) is not None:
        repeats_of(options)
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found += [with_load(with_repeats_note(Section(*s), options))
                  for s in module.sections(options)]
    only = [n for n in (getattr(options, "only", None) or "").split(",") if n]
    named = [s for s in found if s.name in only]
    if getattr(options, "repeats", None) is not None and named and \
            all(s.fixed_runs for s in named):
        why = "; ".join(f"{s.name}: {s.fixed_runs}" for s in named)
        raise ValueError(_("--repeats does not apply to the tables named ({why})")
                         .format(why=why))
    return found


__all__ = ["Section", "all_sections", "best_of", "cpu_best_of", "format_seconds", "markdown",
           "table", "with_load", "with_repeats_note"]
