"""What every benchmark module shares: best-of-N timing and the markdown table."""
from __future__ import annotations

import time
from collections.abc import Callable

from qsearch.i18n import number


def best_of(repeats: int, run: Callable[[], object]) -> tuple[float, object]:
    """Shortest wall time of ``repeats`` runs, and the last result."""
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def format_seconds(t: float) -> str:
    """1.2 us / 3.4 ms / 5.6 s (1,2 us / 3,40 ms / 5,60 s in Spanish:
    :func:`qsearch.i18n.number`)."""
    if t < 1e-3:
        return f"{number(t * 1e6, 1, grouped=False)} us"
    if t < 1:
        return f"{number(t * 1e3, 2, grouped=False)} ms"
    return f"{number(t, 2, grouped=False)} s"


def markdown(rows: list[dict]) -> str:
    """Rows of dicts as a markdown table (floats shortened, times formatted, numbers written
    the way the language in use writes them: :func:`qsearch.i18n.number`)."""
    if not rows:
        return "(no rows)\n"
    keys = list(rows[0])
    for r in rows[1:]:
        keys += [k for k in r if k not in keys]

    def cell(key, value):
        if value is None:
            return ""
        if "time" in key and not isinstance(value, str):
            return format_seconds(value)
        if isinstance(value, float):
            return number(value, 1) if value >= 10 else number(value, 2, grouped=False)
        if isinstance(value, bool):
            return format(value, ",")          # 1 / 0, as tables always wrote a bool
        if isinstance(value, int):
            return number(value)
        return str(value)

    lines = ["| " + " | ".join(keys) + " |", "|" + "---|" * len(keys)]
    lines += ["| " + " | ".join(cell(k, r.get(k)) for k in keys) + " |" for r in rows]
    return "\n".join(lines) + "\n"
