"""How the bench tables time a run and record the machine's load.

* **CPU time, not wall time.** Every time in a table is the process CPU time of the side
  measured (:func:`cpu_clock`, ``time.process_time``: user + system time of this process, all
  its threads), so other jobs on the machine do not count; a peer run in a subprocess
  (Pons' solver) is timed by the CPU time of that child (:func:`children_cpu_clock`, from
  ``getrusage(RUSAGE_CHILDREN)``, which counts a child once it has been waited for) or by
  the CPU time the child reports of itself. Load still slows CPU time a little (caches and
  memory bandwidth are shared), never by the factor a busy run queue adds to wall time.
* **The sides in turn, batches of about the slowest side's duration.** In a comparison
  (:func:`interleave`, :func:`compare`) every side runs once to size the batches, then the
  sides are timed in rounds, one batch of each side a round, in the order given (peer, ours,
  peer, ours, ...), so a change of load falls on every side alike; a faster side is repeated
  until its batch lasts about as long as the slowest side's run (:func:`batch_count`; at
  most :data:`MAX_BATCH` seconds), its time per run the batch's / the number of runs. Every
  side is timed best of the same N (N batches).
* **The load of every row, graded.** :class:`Load` reads the 1-minute load average when a
  row starts and when it ends, keeps the higher and gives it per core (:data:`LOAD_KEY`, a
  number: 0.5 is half the cores busy, 1 one job per core, 2.5 two and a half jobs per core,
  so each row's figure says how much the machine was shared; :func:`load_note` says so under
  the table's title).

Every clock and the load average can be injected (tests use fake ones).
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from qsearch.i18n import _

MAX_BATCH = 10.0        # seconds: the longest batch of the fast side, whatever the peer's time
LOAD_KEY = "load/core"  # the column: the 1-minute load average per core
Clock = Callable[[], float]


def cpu_clock() -> float:
    """CPU time of this process (user + system, all threads), in seconds."""
    return time.process_time()


def children_cpu_clock() -> float:
    """CPU time of this process's finished, waited-for children (user + system), seconds."""
    import resource  # here, not at the top: not every platform has it (Pyodide)

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cores() -> int:
    """The machine's cores (``os.cpu_count()``, 1 if unknown)."""
    return os.cpu_count() or 1


def batch_count(single: float, target: float, most: int = 1_000_000) -> int:
    """How many runs of ``single`` seconds make a batch of about ``target`` seconds: the
    nearest whole number, at least 1, at most ``most`` (a run the clock saw as taking no time
    at all gets ``most``)."""
    if target <= single:
        return 1
    if single <= 0:
        return most
    return max(1, min(most, round(target / single)))


class Timing(NamedTuple):
    """``seconds``: CPU time of one run (the best batch / ``runs``); ``result``: the last
    run's result; ``runs``: runs per batch; ``batches``: batches timed."""
    seconds: float
    result: object
    runs: int = 1
    batches: int = 1


def cpu_time(run: Callable[[], object], repeats: int = 3, target: float = 0.0,
             clock: Clock = cpu_clock, max_batch: float = MAX_BATCH) -> Timing:
    """Time ``run`` by ``clock`` (CPU time): best of ``repeats`` batches, each lasting about
    ``min(target, max_batch)`` seconds (one run if a run already lasts that long).

    A first run is timed alone to size the batch; when the batch is that one run, it is the
    first of the ``repeats`` batches."""
    if repeats < 1:
        raise ValueError(f"repeats must be >= 1, not {repeats}")
    start = clock()
    result = run()
    single = clock() - start
    runs = batch_count(single, min(target, max_batch))
    best, left = (single, repeats - 1) if runs == 1 else (float("inf"), repeats)
    for _i in range(left):
        start = clock()
        for _i in range(runs):
            result = run()
        best = min(best, clock() - start)
    return Timing(best / runs, result, runs, repeats)


def cpu_best_of(repeats: int, run: Callable[[], object],
                clock: Clock = cpu_clock) -> tuple[float, object]:
    """:func:`qsearch.core.tables.best_of` on the CPU clock: the least CPU time of
    ``repeats`` runs, and the last result."""
    timing = cpu_time(run, repeats, 0.0, clock)
    return timing.seconds, timing.result


def interleave(runs: Sequence[Callable[[], object]], repeats: int = 3,
               clock: Clock | Sequence[Clock] = cpu_clock,
               batched: Sequence[bool] | None = None,
               max_batch: float = MAX_BATCH) -> list[Timing]:
    """Time the sides of a comparison in turn: best of ``repeats`` batches each, by CPU time.

    Every side runs once, in order, to size the batches; then ``repeats`` rounds, each timing
    one batch of every side in the order given (so the timed batches alternate: side 0,
    side 1, ..., side 0, side 1, ...). A side marked in ``batched`` (default: every side) runs
    in batches of about the slowest side's single run (at most ``max_batch`` seconds); a side
    whose batch is that single run has its sizing run as its first batch. ``clock`` is one
    clock for every side or one per side (a subprocess peer is timed by its own CPU time).
    Returns one :class:`Timing` per side, in order."""
    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:
        raise ValueError(f"repeats must be an int >= 1, not {repeats!r}")
    runs = list(runs)
    clocks = list(clock) if isinstance(clock, (list, tuple)) else [clock] * len(runs)
    batched = [True] * len(runs) if batched is None else list(batched)
    if not runs or not len(runs) == len(clocks) == len(batched):
        raise ValueError("interleave needs one clock and one batched flag per side, and a side")
    singles, results = [], []
    for run, clk in zip(runs, clocks, strict=True):
        start = clk()
        results.append(run())
        singles.append(clk() - start)
    goal = min(max(singles), max_batch)
    counts = [batch_count(t, goal) if b else 1 for t, b in zip(singles, batched, strict=True)]
    best = [t if n == 1 else float("inf") for t, n in zip(singles, counts, strict=True)]
    for round_ in range(repeats):
        for i, (run, clk) in enumerate(zip(runs, clocks, strict=True)):
            if round_ == 0 and counts[i] == 1:
                continue            # its sizing run was its first batch
            start = clk()
            for _i in range(counts[i]):
                results[i] = run()
            best[i] = min(best[i], clk() - start)
    return [Timing(best[i] / counts[i], results[i], counts[i], repeats)
            for i in range(len(runs))]


def compare(peer: Callable[[], object], ours: Callable[[], object], repeats: int = 3,
            clock: Clock = cpu_clock, peer_clock: Clock | None = None) -> tuple[Timing, Timing]:
    """:func:`interleave` of two sides, the peer (on ``peer_clock``, default ``clock``) and
    ours, batched to the slower one's time: ``(peer timing, our timing)``; the ratio is
    ``peer.seconds / ours.seconds``."""
    theirs, mine = interleave([peer, ours], repeats, [peer_clock or clock, clock])
    return theirs, mine


def ratio(slow: float, fast: float) -> float:
    """How many times faster ``fast`` is than ``slow`` (seconds against seconds)."""
    return slow / fast


def per_node_ratio(slow_seconds: float, slow_nodes: int, fast_seconds: float,
                   fast_nodes: int) -> float:
    """How many times less time a node costs on the fast side: (slow s/node) / (fast s/node),
    for searches that do not visit the same number of nodes."""
    return (slow_seconds / slow_nodes) / (fast_seconds / fast_nodes)


class Load:
    """The load of one row: the 1-minute load average read at construction (the row's start)
    and by :meth:`cells` (its end), the higher kept, given per core."""

    def __init__(self, getloadavg: Callable[[], tuple[float, float, float]] = os.getloadavg,
                 ncores: int | None = None):
        self._get = getloadavg
        self.ncores = ncores if ncores is not None else cores()
        self.first = self._get()[0]
        self.value = self.first

    def end(self) -> float:
        """The row's load average: the higher of its start and now."""
        self.value = max(self.first, self._get()[0])
        return self.value

    def per_core(self) -> float:
        """The row's load average per core (read now, as its end)."""
        return round(self.end() / self.ncores, 2)

    def cells(self) -> dict[str, float]:
        """The row's load column, ``{LOAD_KEY: load average per core}``."""
        return {LOAD_KEY: self.per_core()}


def load_note(ncores: int | None = None) -> str:
    """What the load column means, for a table's title."""
    n = ncores if ncores is not None else cores()
    return _("`{key}`: the 1-minute load average over the machine's {n} cores while the row "
             "was measured, the higher of its start and end: 1 is one job per core, 2.5 two "
             "and a half").format(key=_(LOAD_KEY), n=n)


def repeats_of(options, full: int = 3, quick: int = 1) -> int:
    """N of a table's best-of-N: ``--repeats`` when given (an int >= 1, else ValueError),
    else the table's default, ``quick`` with ``--quick`` and ``full`` without."""
    repeats = getattr(options, "repeats", None)
    if repeats is None:
        return quick if getattr(options, "quick", False) else full
    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:
        raise ValueError(_("--repeats must be >= 1, not {value}").format(value=repr(repeats)))
    return repeats
