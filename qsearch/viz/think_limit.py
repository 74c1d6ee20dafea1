"""How long a play widget's engine thinks in the browser: about five seconds a move.

On the compiled build every search runs whole: a depth-6 Connect-4 move takes milliseconds. On
the browser site qsearch runs in pure Python, which Pyodide runs 2-2.5 times slower than
CPython: a depth-8 Connect-4 move took about 40 s there, too long for a student playing. There
the widgets search with a time limit, :func:`limit` seconds:

* a search with a depth deepens (:func:`deepen`): depth 1, 2, ... up to the depth asked, and
  stops before a depth it predicts would end past the limit (from the growth of the last
  two); it plays the deepest search's move, and the status line says the depth it reached;
* MCTS runs fewer iterations (:class:`IterationBudget`): as many as its last move's speed
  says fit in the limit (the first move measures on a short run).

The limit is a prediction, not an interruption: a search that has started runs to its end. The
moves then depend on the machine's speed, which is why only the browser has a limit by default
(everywhere else, tests and nbval included, the widgets play exactly the depth asked).
``QSEARCH_THINK_SECONDS`` sets one anywhere (a laptop without a compiler: ``5``; ``0``: none).
"""
from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from qsearch.i18n import _, number

SECONDS = 5.0           # in the browser: "about 5 s a move"
GROWTH = (2.0, 12.0)    # the bounds of a depth's predicted cost over the last one's
FIRST_GROWTH = 6.0      # before two depths are timed (or when the last took no time)
PROBE = 50              # MCTS iterations timed on a first move
R = TypeVar("R")


def limit() -> float | None:
    """Seconds a widget's engine may think: :data:`SECONDS` in the browser (Pyodide), None (no
    limit) elsewhere, unless ``QSEARCH_THINK_SECONDS`` says otherwise."""
    raw = os.environ.get("QSEARCH_THINK_SECONDS", "").strip()
    if raw:
        try:
            seconds = float(raw)
        except ValueError:
            raise ValueError(f"QSEARCH_THINK_SECONDS must be a number of seconds, not "
                             f"{raw!r}") from None
        return seconds if seconds > 0 else None
    return SECONDS if sys.platform == "emscripten" else None


def deepen(search_at: Callable[[int], R], depth: int, seconds: float | None,
           clock: Callable[[], float] | None = None) -> tuple[R, int]:
    """``(search_at(d), d)`` for the deepest ``d <= depth`` reached by deepening within
    ``seconds`` (``None``: ``search_at(depth)`` at once). Depth 1 always runs."""
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be an int >= 1, not {depth!r}")
    if seconds is None:
        return search_at(depth), depth
    clock = clock or time.perf_counter
    start = clock()
    result, reached, took = search_at(1), 1, [clock() - start]
    while reached < depth:
        growth = FIRST_GROWTH
        if len(took) >= 2 and took[-2] > 1e-3:
            growth = min(max(took[-1] / took[-2], GROWTH[0]), GROWTH[1])
        if clock() - start + took[-1] * growth > seconds:
            break
        before = clock()
        result, reached = search_at(reached + 1), reached + 1
        took.append(clock() - before)
    return result, reached


def within_limit(search_at: Callable[[int | None], R], depth: int | None) -> tuple[R, int | None]:
    """``(result, depth reached)``: :func:`deepen` within :func:`limit`, or ``search_at(depth)``
    at once without a limit or for ``depth=None`` (to the end)."""
    seconds = limit()
    if depth is None or seconds is None:
        return search_at(depth), depth
    return deepen(search_at, depth, seconds)


class IterationBudget:
    """How many MCTS iterations fit in ``seconds``, learnt from the moves already made."""

    def __init__(self, seconds: float | None, clock: Callable[[], float] | None = None):
        self.seconds = seconds
        self.clock = clock or time.perf_counter
        self.per_iteration: float | None = None     # seconds, from the last timed run

    def run(self, search: Callable[[int], R], iterations: int) -> tuple[R, int]:
        """``(search(n), n)``: ``n = iterations`` without a limit or when they fit, else as
        many as fit (at least :data:`PROBE`, or ``iterations`` if fewer)."""
        if self.seconds is None:
            return search(iterations), iterations
        if self.per_iteration is None and iterations > PROBE:
            self._timed(search, PROBE)                # a first move: measure
        n = iterations
        if self.per_iteration is not None:
            n = min(iterations, max(PROBE, int(self.seconds / max(self.per_iteration, 1e-9))))
        return self._timed(search, n), n

    def _timed(self, search: Callable[[int], R], n: int) -> R:
        before = self.clock()
        result = search(n)
        self.per_iteration = (self.clock() - before) / n
        return result


def cut_note(reached, asked, what: str = "depth") -> str:
    """The status line's note when the limit cut a search short ("" when it did not)."""
    if reached == asked:
        return ""
    seconds = limit()
    words = (_("time limit: depth {reached} of {asked}, to answer within {seconds} s")
             if what == "depth" else
             _("time limit: {reached} of {asked} iterations, to answer within {seconds} s"))
    return "(" + words.format(reached=number(reached), asked=number(asked),
                              seconds=number(seconds if seconds is not None else 0, 0)) + ")"
