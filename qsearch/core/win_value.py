"""What a finished game is worth in a heuristic search: more than any heuristic value.

A search scores a won game ``win_value - win_decay * ply`` (a lost one the negative) and an
unfinished leaf with the evaluation. If a win were worth less than some heuristic value, the
search would turn down a win in one for a position that merely *looks* good (a Connect-4
table evaluation of +130 against a win worth 1). So the default is derived from the
evaluation's declared range, its ``bounds = (L, U)`` attribute (every qsearch heuristic has
one; give your own function one with ``f.bounds = (L, U)``):

* no evaluation (every leaf scores 0, as a draw does): a win is worth 1, or with a decay the
  smallest whole number above ``|win_decay| * 256``, so that a win 256 plies away still
  scores above a draw (``win_decay=0.1``: 26);
* declared bounds: the smallest whole number above ``max(|L|, |U|) + |win_decay| * 256``, so
  even a win 256 plies away (the transposition table's horizon) outranks every heuristic
  value: 58 for Connect-4's ``line_weights`` (|v| <= 57.5), 415 for ``evaluation_table``, 83
  for hypergammon's ``pip_race``. As small as that, because Star1/Star2 must widen their
  bounds to every finished game's score, and wider bounds cut less;
* no declared bounds: ``inf`` (a win beats any number) in the searches that only compare
  values; the searches that *average* them (expectiminimax, MCTS with an evaluation) need a
  finite value and ask for the bounds or an explicit ``win_value``.

An explicit ``win_value`` whose wins (``win_value - win_decay * ply`` at any ply the search can
reach: the depth, or 256 plies for a search to the end) do not lie above the declared bounds,
or above a draw's 0, is refused with a ValueError. A decay must be finite.
"""
from __future__ import annotations

import math
import numbers

from qsearch.core.checks import as_float
from qsearch.i18n import _, general

TABLE_HORIZON = 256     # plies: the transposition table's win band (reference._common.MAX_PLY)


def _number(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    value = as_float(value, name)
    if math.isnan(value):
        raise ValueError(f"{name} must be a number, not NaN")
    return value


def evaluation_bounds(evaluate, bounds=None) -> tuple[float, float] | None:
    """The range ``(L, U)`` every value of ``evaluate`` lies in: ``bounds`` if given, else the
    evaluation's ``bounds`` attribute (a plain function's too, behind a FunctionHeuristic),
    else None (undeclared)."""
    if bounds is None:
        bounds = getattr(evaluate, "bounds", None)
        if bounds is None:
            bounds = getattr(getattr(evaluate, "function", None), "bounds", None)
    if bounds is None:
        return None
    try:
        lo, hi = (float(b) for b in bounds)
    except (TypeError, ValueError):
        raise TypeError(f"bounds must be two numbers (L, U), not {bounds!r}") from None
    if not (math.isfinite(lo) and math.isfinite(hi) and lo <= hi):
        raise ValueError(f"bounds must be finite with L <= U, not {bounds!r}")
    return lo, hi


def default_win_value(bounds: tuple[float, float] | None, win_decay: float = 0.0) -> float:
    """The smallest whole number above every value in ``bounds`` plus ``|win_decay| * 256``
    (1 for ``bounds=(0, 0)``); ``inf`` for undeclared bounds (None)."""
    if bounds is None:
        return math.inf
    reach = max(abs(bounds[0]), abs(bounds[1])) + abs(win_decay) * TABLE_HORIZON
    return float(math.floor(reach) + 1)


def smallest_win(win_value: float, win_decay: float, depth) -> tuple[float, int]:
    """The least a win can score in a search of ``depth`` plies (None: to the end, up to the
    table's horizon of 256 plies) and the ply where it scores it."""
    if depth is None or isinstance(depth, bool) or not hasattr(depth, "__index__"):
        deepest = TABLE_HORIZON
    else:
        deepest = min(max(int(depth), 1), TABLE_HORIZON)
    ply = deepest if win_decay > 0 else 1
    return win_value - win_decay * ply, ply


def resolve_win_value(evaluate, win_value=None, win_decay: float = 0.0, *, depth=None,
                      bounds=None, averages: str | None = None) -> float:
    """The ``win_value`` a search of ``evaluate`` uses: ``win_value`` checked, or the default.

    ``averages``: the search's name when it averages values (expectiminimax, MCTS): then an
    undeclared range is a ValueError instead of ``inf``. Raises ValueError for an explicit
    value whose wins do not outrank the declared bounds, TypeError for a non-number.
    """
    win_decay = _number(win_decay, "win_decay")
    if math.isinf(win_decay):
        raise ValueError(f"win_decay must be finite, not {win_decay}")
    # Without an evaluation every leaf scores 0, as a draw does: the range (0, 0).
    declared = (0.0, 0.0) if evaluate is None else evaluation_bounds(evaluate, bounds)
    if win_value is None:
        if declared is None and averages:
            raise ValueError(
                f"{averages} averages a finished game's value with the evaluation's, so a win "
                f"needs a finite value above every value {_name(evaluate)} can return: "
                "declare its range (f.bounds = (L, U), as qsearch's heuristics do) or pass "
                "win_value")
        return default_win_value(declared, win_decay)
    value = _positive(win_value)
    least, ply = smallest_win(value, win_decay, depth)
    where = "" if win_decay == 0 else _(" at ply {ply} (win_decay={decay})").format(
        ply=ply, decay=general(win_decay))
    if declared is None or declared == (0.0, 0.0):
        if not least > 0:               # a win must score above a draw
            raise ValueError(_(
                "win_value={value} makes a win worth {least}{where}, no more than a draw "
                "(0): the search could not tell that win from a draw or a loss. Leave "
                "win_value out (the default is above every such score), raise it above "
                "{above} or search less deep").format(
                    value=general(value), least=general(least), where=where,
                    above=general(win_decay * ply)))
        return value
    top = max(abs(declared[0]), abs(declared[1]))
    if not least > top:
        raise ValueError(_(   # a lesson shows it to students: in the language in use
            "win_value={value} makes a win worth {least}{where}, not more than every value "
            "{evaluation} can return (its bounds are ({low}, {high})): the search would prefer "
            "a good-looking position to a win. Leave win_value out (default {default}) or "
            "raise it above {top}").format(
                value=general(value), least=general(least), where=where,
                evaluation=_name(evaluate), low=general(declared[0]),
                high=general(declared[1]),
                default=general(default_win_value(declared, win_decay)), top=general(top)))
    return value


MAX_PLIES_READ = 10_000         # the farthest win read_win looks for


def read_win(value: float, win_value: float, win_decay: float):
    """``(return, plies)`` with ``value == return * (win_value - win_decay * plies)``: the
    nearest win whose return is a whole number (plies None without a decay), else None."""
    if win_decay <= 0:
        margin = value / win_value
        return (round(margin), None) if abs(margin - round(margin)) < 1e-6 else None
    for plies in range(MAX_PLIES_READ):
        scale = win_value - win_decay * plies
        if scale <= 0:
            return None
        margin = value / scale
        if round(margin) >= 1 and abs(margin - round(margin)) < 1e-6:
            return round(margin), plies
    return None


def _positive(win_value) -> float:
    value = _number(win_value, "win_value")
    if not value > 0:
        raise ValueError(f"win_value must be > 0, not {value:g}")
    return value


def _name(evaluate) -> str:
    function = getattr(evaluate, "function", evaluate)
    return getattr(function, "__name__", None) or repr(function)
