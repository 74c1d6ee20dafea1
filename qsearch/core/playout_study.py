"""A lesson's millions of random playouts, run whole once and checked on a sample elsewhere.

Lessons 03 and 08 play random games at their documents' size with an engine's
``random_playouts(games, seed=...)``: a second on the compiled engines, minutes in pure
Python (the browser site). :func:`playout_study` cuts each *stream* (a game class, a seed and a
number of games: the games ``random_playouts(games, seed=seed)`` plays) into chunks of
``chunk`` games, the units of a :func:`qsearch.core.saved_study.run_or_check` study.

A chunk goes on where the one before it left the seed's random stream: every engine's playouts
draw two numbers a ply (a move), return the plies second and take ``skip``, the draws to
skip. So the chunks together are exactly the stream's games, whatever the cut, and the
lesson prints the numbers the whole stream gives. A chunk keeps only what the lesson reads of
each array the playouts return: the histogram of its values (``"histogram"``) or its sum
(``"sum"``), plus the draws it made (``2 * sum(plies)``). In the sample (pure Python) run, a
drawn chunk starts after the draws the saved chunks before it record.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from qsearch.core.saved_study import StudyMismatch, StudyRun, load, run_or_check

KEEP = ("histogram", "sum")


@dataclass(frozen=True)
class Playouts:
    """One stream's games, as the chunks kept them: per returned array, a histogram
    ``{value: games}`` or a sum."""

    games: int
    kept: tuple          # per array: a dict (histogram) or an int (sum)

    def histogram(self, i: int) -> dict[int, int]:
        """Array ``i``'s values and how many games had each (sorted by value)."""
        if not isinstance(self.kept[i], dict):
            raise ValueError(f"array {i} was kept as a sum, not a histogram")
        return dict(sorted(self.kept[i].items()))

    def count(self, i: int, value: int) -> int:
        """The games whose array ``i`` holds ``value``."""
        return self.histogram(i).get(value, 0)

    def total(self, i: int) -> int:
        """The sum of array ``i`` over the games."""
        kept = self.kept[i]
        return sum(v * n for v, n in kept.items()) if isinstance(kept, dict) else kept

    def mean(self, i: int) -> float:
        """The mean of array ``i``."""
        return self.total(i) / self.games

    def median(self, i: int) -> float:
        """The median of array ``i`` (the mean of the two middle values for an even count,
        as ``statistics.median`` and ``numpy.median``)."""
        middle = [(self.games - 1) // 2, self.games // 2]
        values, seen = [], 0
        for value, n in self.histogram(i).items():
            while middle and middle[0] < seen + n:
                values.append(value)
                middle.pop(0)
            seen += n
        return (values[0] + values[1]) / 2

    def max(self, i: int) -> int:
        """The largest value of array ``i``."""
        return max(self.histogram(i))


@dataclass(frozen=True)
class PlayoutStudy:
    """What :func:`playout_study` gives: each stream's :class:`Playouts` and the study's run."""

    streams: dict[str, Playouts]
    run: StudyRun

    def __getitem__(self, label: str) -> Playouts:
        return self.streams[label]

    def describe(self) -> str:
        """Which path ran (:meth:`StudyRun.describe`)."""
        return self.run.describe()


def _game_name(game) -> str:
    """The game's name in a unit: the same for the compiled class and its pure twin."""
    return game.__name__.removeprefix("Py")


def _units(streams: Mapping[str, tuple], chunk: int) -> list[dict]:
    units = []
    for label, (game, seed, games) in streams.items():
        if not isinstance(games, int) or games < 1:
            raise ValueError(f"stream {label!r}: games must be a positive int, not {games!r}")
        units += [{"stream": label, "game": _game_name(game), "seed": seed, "first": first,
                   "games": min(chunk, games - first)} for first in range(0, games, chunk)]
    return units


def _saved_skips(path: Path, name: str, units: list[dict]) -> dict:
    """Each unit's draws to skip, from the draws the saved chunks before it record."""
    skips, running = {}, Counter()
    for unit, result in zip(units, load(path, name, units), strict=True):
        draws = result.get("draws") if isinstance(result, dict) else None
        if not isinstance(draws, int) or draws < 0:
            raise StudyMismatch(f"{path}: unit {unit} has no count of its draws")
        skips[unit["stream"], unit["first"]] = running[unit["stream"]]
        running[unit["stream"]] += draws
    return skips


def _keep(array: Sequence, how: str) -> Any:
    values = array.tolist() if hasattr(array, "tolist") else list(array)
    if how == "sum":
        return sum(values)
    return sorted([v, n] for v, n in Counter(values).items())


def playout_study(path: str | Path, name: str, streams: Mapping[str, tuple],
                  keep: Sequence[str], *, chunk: int, full: bool | None = None,
                  sample: int = 3, seed: int = 0,
                  progress: Callable[[Any], Any] | None = None) -> PlayoutStudy:
    """Play (or check on a sample) the random games of ``streams``, ``label: (game class,
    seed, games)``, in chunks of ``chunk`` games: the study ``name`` saved at ``path``.

    ``keep`` says, per array ``random_playouts`` returns, what a chunk keeps: ``"histogram"``
    or ``"sum"``. ``full``, ``sample``, ``seed`` and ``progress`` are
    :func:`~qsearch.core.saved_study.run_or_check`'s (``full`` defaults to
    ``qsearch.compiled``). Raises StudyMismatch when a chunk differs from the file."""
    import qsearch

    keep = tuple(keep)
    if not keep or any(how not in KEEP for how in keep):
        raise ValueError(f"keep must name 'histogram' or 'sum' per array, not {keep!r}")
    if not isinstance(chunk, int) or chunk < 1:
        raise ValueError(f"chunk must be a positive int, not {chunk!r}")
    units = _units(streams, chunk)
    full = qsearch.compiled if full is None else full
    path = Path(path)
    skips = ({(label, 0): 0 for label in streams} if full
             else _saved_skips(path, name, units))

    def compute(unit: dict) -> dict:
        label = unit["stream"]
        skip = skips[label, unit["first"]]
        arrays = streams[label][0].random_playouts(unit["games"], seed=unit["seed"], skip=skip)
        if len(arrays) != len(keep):
            raise ValueError(f"{unit['game']}.random_playouts returns {len(arrays)} arrays; "
                             f"keep names {len(keep)}")
        draws = 2 * _keep(arrays[1], "sum")
        skips[label, unit["first"] + unit["games"]] = skip + draws   # the next chunk's start
        kept = [_keep(a, how) for a, how in zip(arrays, keep, strict=True)]
        return {"draws": draws, "arrays": kept}

    run = run_or_check(path, name, units, compute, full=full, sample=sample, seed=seed,
                       progress=progress)
    merged: dict[str, list] = {}
    for unit, result in zip(units, run.results, strict=True):
        kept = merged.setdefault(unit["stream"], [0, [Counter() if how == "histogram" else 0
                                                      for how in keep]])
        kept[0] += unit["games"]
        for i, how in enumerate(keep):
            if how == "histogram":
                kept[1][i].update({v: n for v, n in result["arrays"][i]})
            else:
                kept[1][i] += result["arrays"][i]
    return PlayoutStudy({label: Playouts(games, tuple(dict(k) if isinstance(k, Counter) else k
                                                      for k in kept))
                         for label, (games, kept) in merged.items()}, run)
