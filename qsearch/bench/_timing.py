"""How the bench tables time a run and record the machine's load.

* **CPU time, not wall time.** Every time in a table is the process CPU time of the side
  measured (:func:`cpu_clock`, ``time.process_time``: user + system time of this process, all
  its threads), so other jobs on the machine do not count; a peer run in a subprocess
  (Pons' solver) is timed by the CPU time of that child (:func:`children_cpu_clock`, from
  ``getrusage(RUSAGE_CHILDREN)``, which counts a child once it has been waited for) or by
  the CPU time the child reports of itself. Load still slows CPU time a little (caches and
  memory bandwidth are shared), never by the factor a busy run queue adds to wall time.
* **Batches of about the peer's duration.** In a comparison the slower side (the peer:
  OpenSpiel, a twin) is timed first; the faster side is then repeated until a batch lasts
  about as long as the peer's run (:func:`batch_count`; at most :data:`MAX_BATCH` seconds),
  and its time per run is the batch's time / the number of runs. Both sides are timed
  best of the same N (N batches on the fast side).
* **The load of every row.** :class:`Load` reads the 1-minute load average when a row
  starts and when it ends and keeps the higher; a row measured above one job per core
  (load > ``os.cpu_count()``) is marked with :data:`MARK` (:data:`LOAD_NOTE` says so under
  the table's title).

Every clock and the load average can be injected (tests use fake ones).
"""
from __future__ import annotations

import os
import resource
import time
from collections.abc import Callable
from typing import NamedTuple

MAX_BATCH = 10.0        # seconds: the longest batch of the fast side, whatever the peer's time
MARK = "†"              # a row measured above one job per core
Clock = Callable[[], float]


def cpu_clock() -> float:
    """CPU time of this process (user + system, all threads), in seconds."""
    return time.process_time()


def children_cpu_clock() -> float:
    """CPU time of this process's finished, waited-for children (user + system), seconds."""
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
    for _ in range(left):
        start = clock()
        for _ in range(runs):
            result = run()
        best = min(best, clock() - start)
    return Timing(best / runs, result, runs, repeats)


def cpu_best_of(repeats: int, run: Callable[[], object],
                clock: Clock = cpu_clock) -> tuple[float, object]:
    """:func:`qsearch.core.tables.best_of` on the CPU clock: the least CPU time of
    ``repeats`` runs, and the last result."""
    timing = cpu_time(run, repeats, 0.0, clock)
    return timing.seconds, timing.result


def compare(peer: Callable[[], object], ours: Callable[[], object], repeats: int = 3,
            clock: Clock = cpu_clock, peer_repeats: int | None = None,
            peer_clock: Clock | None = None) -> tuple[Timing, Timing]:
    """The peer timed first (best of ``peer_repeats``, default ``repeats``, on
    ``peer_clock``, default ``clock``), then ours in batches of about the peer's time:
    ``(peer timing, our timing)``; the ratio is ``peer.seconds / ours.seconds``."""
    theirs = cpu_time(peer, peer_repeats or repeats, 0.0, peer_clock or clock)
    return theirs, cpu_time(ours, repeats, theirs.seconds, clock)


def ratio(slow: float, fast: float) -> float:
    """How many times faster ``fast`` is than ``slow`` (seconds against seconds)."""
    return slow / fast


def per_node_ratio(slow_seconds: float, slow_nodes: int, fast_seconds: float,
                   fast_nodes: int) -> float:
    """How many times less time a node costs on the fast side: (slow s/node) / (fast s/node),
    for searches that do not visit the same number of nodes."""
    return (slow_seconds / slow_nodes) / (fast_seconds / fast_nodes)


def overloaded(load: float, ncores: int | None = None) -> bool:
    """A load above one job per core."""
    return load > (ncores if ncores is not None else cores())


def load_cell(load: float, ncores: int | None = None) -> str:
    """A load for the table: two decimals, :data:`MARK` after it above one job per core."""
    return f"{load:.2f}" + (f" {MARK}" if overloaded(load, ncores) else "")


class Load:
    """The load of one row: the 1-minute load average read at construction (the row's start)
    and by :meth:`cell` (its end), the higher kept."""

    def __init__(self, getloadavg: Callable[[], tuple[float, float, float]] = os.getloadavg,
                 ncores: int | None = None):
        self._get = getloadavg
        self.ncores = ncores if ncores is not None else cores()
        self.first = self._get()[0]
        self.value = self.first

    def end(self) -> float:
        self.value = max(self.first, self._get()[0])
        return self.value

    def cell(self) -> str:
        """The row's ``load`` column (read at the row's end)."""
        return load_cell(self.end(), self.ncores)


def load_note(ncores: int | None = None) -> str:
    """What the ``load`` column means, for a table's title."""
    n = ncores if ncores is not None else cores()
    return (f"`load`: the 1-minute load average while the row was measured; {MARK}: above one "
            f"job per core (more than {n})")
