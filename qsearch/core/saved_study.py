"""A lesson's long experiment, saved once and checked on a sample where it is too slow to run.

Some lessons reproduce a document's experiment at its full size: millions of random games,
thousands of searches. The compiled engines run them in seconds; pure Python (a class laptop
without a compiler, the browser site) would take many minutes a cell. So an experiment is cut
into *units*, each fully determined by its JSON parameters (a seed and a game count, a position
and a depth...), and :func:`run_or_check` does one of two things:

* **full** (the compiled build, by default): every unit runs; the results are compared with the
  saved file, which must hold exactly them (a stale file fails loudly), or written when there is
  none (or when ``QSEARCH_SAVE_STUDIES=1`` asks for a new one);
* **sample** (pure Python): the saved file is read, refused unless its name and units are the
  ones asked for, and ``sample`` units drawn with ``seed`` run again here; each must give exactly
  its saved result. The saved results are returned.

The engines' compiled modules and their pure twins give the same results for the same
parameters (the tests prove it), so a sample run in pure Python checks the compiled run's file.
The file is JSON: ``{"study": name, "version": 1, "units": [...], "results": [...]}``.
"""
from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from qsearch.i18n import _, number

VERSION = 1


class StudyMismatch(ValueError):
    """A saved study that does not hold what is asked for, or that a re-run contradicts."""


@dataclass(frozen=True)
class StudyRun:
    """What :func:`run_or_check` did: the results (one per unit) and how they were obtained."""

    name: str
    results: list
    full: bool          # every unit ran here (else: read from the file, a sample re-run)
    checked: int        # units run again here and compared with the file
    wrote: bool         # the file was (re)written

    def describe(self) -> str:
        """One line for the lesson: which path ran."""
        if self.full:
            line = _("{name}: every unit ran here ({n})").format(name=self.name,
                                                                n=number(len(self.results)))
            return line + (_("; saved for pure Python") if self.wrote
                           else _("; the same as the saved study"))
        return _("{name}: read the saved study ({n} units) and ran {k} of them again here, drawn "
                 "with a fixed seed: each as saved").format(
            name=self.name, n=number(len(self.results)), k=number(self.checked))


def _plain(value: Any) -> Any:
    """``value`` as JSON gives it back (tuples become lists), so results compare as saved."""
    return json.loads(json.dumps(value))


def load(path: str | Path, name: str, units: Sequence) -> list:
    """The results saved at ``path`` for study ``name`` over ``units``; StudyMismatch if the file
    is for another study, other units, or is cut."""
    path = Path(path)
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise StudyMismatch(f"no saved study at {path}: run the lesson once on the compiled "
                            f"build to write it") from None
    except json.JSONDecodeError as error:
        raise StudyMismatch(f"{path} is not a whole JSON file ({error})") from None
    if not isinstance(saved, dict) or saved.get("study") != name:
        raise StudyMismatch(f"{path} holds another study, not {name!r}")
    if saved.get("version") != VERSION:
        raise StudyMismatch(f"{path}: study version {saved.get('version')!r}, expected {VERSION}")
    if saved.get("units") != _plain(list(units)):
        raise StudyMismatch(f"{path}: its units are not the ones {name!r} asks for")
    results = saved.get("results")
    if not isinstance(results, list) or len(results) != len(saved["units"]):
        raise StudyMismatch(f"{path}: {len(results) if isinstance(results, list) else 'no'} "
                            f"results for {len(saved['units'])} units")
    return results


def save(path: str | Path, name: str, units: Sequence, results: Sequence) -> None:
    """Write study ``name``: its units and their results, one unit a line."""
    units, results = _plain(list(units)), _plain(list(results))
    lines = [json.dumps({"study": name, "version": VERSION})[:-1] + ', "units": [']
    lines.append(",\n".join(json.dumps(u) for u in units) + '], "results": [')
    lines.append(",\n".join(json.dumps(r) for r in results) + "]}")
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def run_or_check(path: str | Path, name: str, units: Sequence, compute: Callable[[Any], Any], *,
                 full: bool | None = None, sample: int = 3, seed: int = 0,
                 progress: Callable[[Any], Any] | None = None,
                 affordable: Callable[[Any, Any], bool] | None = None) -> StudyRun:
    """Run study ``name`` (``compute(unit)`` for every unit) or check its saved file on a sample.

    ``full`` defaults to ``qsearch.compiled``. ``progress`` (e.g. a tqdm-like wrapper) wraps
    the units that run. ``affordable(unit, saved_result)``: when given, the sample is drawn
    only among the units it accepts (a search of a hundred million nodes is read, not run
    again in pure Python); :attr:`StudyRun.checked` may then be 0. Raises StudyMismatch when
    a result differs from the file."""
    import qsearch

    units = list(units)
    if not units:
        raise ValueError(f"study {name!r} has no units")
    if sample < 0:
        raise ValueError(f"sample must be >= 0, got {sample}")
    full = qsearch.compiled if full is None else full
    wrap = progress or (lambda items: items)
    path = Path(path)
    if full:
        results = [_plain(compute(unit)) for unit in wrap(units)]
        rewrite = os.environ.get("QSEARCH_SAVE_STUDIES", "").strip() not in ("", "0")
        if path.exists() and not rewrite:
            saved = load(path, name, units)
            differ = [i for i, (a, b) in enumerate(zip(results, saved, strict=True)) if a != b]
            if differ:
                raise StudyMismatch(f"{path}: {len(differ)} of {len(units)} units of {name!r} "
                                    f"differ from this run (first: unit {units[differ[0]]}); "
                                    f"QSEARCH_SAVE_STUDIES=1 writes the new results")
            return StudyRun(name, saved, True, len(units), False)
        save(path, name, units, results)
        return StudyRun(name, results, True, len(units), True)
    saved = load(path, name, units)
    pool = [i for i in range(len(units)) if affordable is None or affordable(units[i], saved[i])]
    drawn = sorted(random.Random(seed).sample(pool, min(sample, len(pool))))
    for i in wrap(drawn):
        again = _plain(compute(units[i]))
        if again != saved[i]:
            raise StudyMismatch(f"{path}: unit {units[i]} of {name!r} gives {again!r} here, "
                                f"the file says {saved[i]!r}")
    return StudyRun(name, saved, False, len(drawn), False)
