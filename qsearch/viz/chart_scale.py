"""The scales of :mod:`qsearch.viz.svg_chart`'s charts: ranges, ticks and their labels.

A linear axis gets "nice" ticks (1, 2 or 5 times a power of ten apart); a log axis ticks the
powers of ten (values <= 0 are not drawn, as in matplotlib). Ranges are the data's widened by
5% on each side, as matplotlib's default margins.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

from qsearch.i18n import general, number

MARGIN = 0.05               # of the data range, on each side (matplotlib's default margins)
SUPERSCRIPT = str.maketrans("0123456789-", "⁰¹²³⁴⁵⁶⁷⁸⁹⁻")


def nice_ticks(lo: float, hi: float, target: int = 6) -> list[float]:
    """Ticks 1, 2 or 5 times a power of ten apart, about ``target`` of them, in [lo, hi]."""
    if not hi > lo:
        return [lo]
    raw = (hi - lo) / target
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.ceil(lo / step - 1e-9)
    ticks = []
    k = first
    while k * step <= hi + 1e-9 * step:
        ticks.append(round(k * step, 12))
        k += 1
    return ticks


def log_ticks(lo: float, hi: float) -> list[float]:
    """Powers of ten in [lo, hi] (every second or third one over many decades); when the
    range holds fewer than two, 1, 2 and 5 times them."""
    first, last = math.ceil(math.log10(lo) - 1e-9), math.floor(math.log10(hi) + 1e-9)
    if last - first >= 1:
        every = 1 + (last - first) // 8
        return [10.0 ** k for k in range(first, last + 1, every)]
    ticks = [m * 10.0 ** k for k in range(first - 1, last + 1) for m in (1, 2, 5)]
    return [t for t in ticks if lo * (1 - 1e-9) <= t <= hi * (1 + 1e-9)] or [lo]


def tick_text(value: float, step: float, log: bool = False) -> str:
    """A tick's label: ``10³`` on a log axis at a power of ten, else the number (``12,000``)."""
    if log and value > 0:
        k = math.log10(value)
        if abs(k - round(k)) < 1e-9:
            return "10" + str(round(k)).translate(SUPERSCRIPT)
    if abs(value) < 1e-12:
        value = 0.0
    if abs(value) >= 1e7:
        return general(value, 3)
    if float(value).is_integer() and (log or step >= 1 or step == 0):
        return number(float(value), 0)
    decimals = max(1, -math.floor(math.log10(step))) if step > 0 else 2
    return number(float(value), decimals, grouped=False)


def tick_step(ticks: Sequence[float]) -> float:
    """The smallest gap between successive ticks (1 if there is none)."""
    return min((b - a for a, b in zip(ticks, ticks[1:], strict=False) if b > a), default=1.0)


def limits(values: list[float], log: bool, sticky_zero: bool,
           headroom: float = 1) -> tuple[float, float]:
    """The range an axis shows: the values' (only those > 0 on a log axis), widened by
    ``MARGIN`` each side (``headroom`` times that above; none below 0 when ``sticky_zero``:
    bars standing on it)."""
    values = [v for v in values if math.isfinite(v) and (v > 0 or not log)]
    if not values:
        return (1.0, 10.0) if log else (0.0, 1.0)
    lo, hi = min(values), max(values)
    if log:
        a, b = math.log10(lo), math.log10(hi)
        pad = MARGIN * (b - a) if b > a else 0.5
        return 10 ** (a - pad), 10 ** (b + headroom * pad)
    pad = MARGIN * (hi - lo) if hi > lo else max(abs(lo) * 0.1, 0.5)
    low = lo if sticky_zero and lo == 0 else lo - pad
    return low, hi + headroom * pad


def fraction(v: float, lo: float, hi: float, log: bool) -> float:
    """Where ``v`` lies between ``lo`` (0) and ``hi`` (1) on a linear or log axis."""
    if log:
        return (math.log10(v) - math.log10(lo)) / (math.log10(hi) - math.log10(lo))
    return (v - lo) / (hi - lo)
