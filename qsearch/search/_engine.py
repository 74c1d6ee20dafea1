"""Pure-Python stand-in of the compiled :mod:`qsearch.search._engine` (``_engine.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The
compiled core is one generalised negamax (:class:`Searcher`) that every compiled search runs
on; in this mode there is none: :mod:`qsearch.search.dispatch` runs the readable twins of
:mod:`qsearch.reference` (``minimax.py``, ``negamax.py``, ``alphabeta.py``, ``pvs.py``, with
their bookkeeping in ``_common.py``), which follow the same contract step for step.
"""
from __future__ import annotations

import time

from qsearch.core.trace import TraceEvent  # noqa: F401 (re-exported, as the compiled module)


def monotonic() -> float:
    """The searches' clock, for Python code that must agree with it (the twins'
    ``time.perf_counter``, the clock the compiled core reads on Linux too)."""
    return time.perf_counter()


class Searcher:
    """The compiled search core, which pure-Python mode does not have."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError(
            "qsearch.search._engine.Searcher is the compiled search core, which is not built "
            "(pure-Python mode): call the searches of qsearch.search (or qsearch.reference), "
            "which run the readable twins here")



_specialise = True


def use_specialised(on: bool) -> bool:
    """The compiled core's switch between its Connect-4 / Reversi copies and its generic one,
    kept here for the same calls to work; the twins have one path, which it does not change.
    Returns the previous setting."""
    global _specialise
    before, _specialise = _specialise, bool(on)
    return before
