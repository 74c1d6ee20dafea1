"""What the compiled expectiminimax and its twin share: argument checks, outcome weights, bounds.

**Weights.** A chance node's value is ``sum(w_i * v_i) / sum(w_i)`` with integer weights
``w_i`` proportional to the outcomes' probabilities when they are (1/36 and 2/36 -> 1 and 2),
the probabilities themselves otherwise. It is document 002's ``sum(p_i * v_i)`` (Alg. 6);
integers make the sums exact for integer evaluations, and let Star1/Star2 compare their
bounds with the same arithmetic the unpruned search uses, so pruning never changes a value.

**Limited expectiminimax** (document 002, §4.3, which skips "some dice values" without
saying which): ``limit=k`` keeps at every chance node only the ``k`` most probable outcomes
(ties: the game's order) and renormalises their weights. In hypergammon ``limit=15`` keeps
the 15 non-doubles and drops the 6 doubles (1/6 of the probability, and the widest nodes).

**Bounds.** Star1 and Star2 need ``L <= value <= U`` for every leaf: the evaluation
declares ``bounds = (L, U)`` (from the evaluated player's view, and symmetric use: the
other player's leaves lie in ``(-U, -L)``), or the search is given ``bounds=``; terminal
values ``+-win_value`` widen them.
"""
from __future__ import annotations

import math

PRUNE_MODES = (None, "star1", "star2")


def check_prune(prune) -> int:
    """``None`` -> 0, ``"star1"`` -> 1, ``"star2"`` -> 2; anything else is a ValueError."""
    if prune is not None and not isinstance(prune, str):
        raise TypeError(f"prune must be None, 'star1' or 'star2', not {type(prune).__name__}")
    if prune not in PRUNE_MODES:
        raise ValueError(f"prune must be None, 'star1' or 'star2', not {prune!r}")
    return PRUNE_MODES.index(prune)


def check_limit(limit) -> int:
    """``None`` -> 0 (every outcome), else an int >= 1."""
    if limit is None:
        return 0
    if isinstance(limit, bool) or not isinstance(limit, int):
        raise TypeError(f"limit must be None or an int >= 1, not {type(limit).__name__}")
    if limit < 1:
        raise ValueError(f"limit must be >= 1 outcomes, not {limit}")
    return limit


def resolve_bounds(prune: int, evaluate, bounds, win_value: float):
    """The (L, U) leaf bounds Star1/Star2 use (root player's view), or None without pruning."""
    if bounds is None:
        bounds = getattr(evaluate, "bounds", None)
    if prune == 0:
        return None
    if bounds is None:
        name = "star1" if prune == 1 else "star2"
        raise ValueError(
            f"prune={name!r} needs bounds on the evaluation: give bounds=(L, U) or an "
            f"evaluation with a .bounds attribute (e.g. qsearch.heuristics.hypergammon)"
        )
    try:
        lo, hi = (float(b) for b in bounds)
    except (TypeError, ValueError):
        raise TypeError(f"bounds must be two numbers (L, U), not {bounds!r}") from None
    if not (math.isfinite(lo) and math.isfinite(hi) and lo < hi):
        raise ValueError(f"bounds must be finite with L < U, not {bounds!r}")
    return min(lo, -abs(win_value)), max(hi, abs(win_value))


def outcome_weights(outcomes, limit: int = 0):
    """``[(outcome, weight), ...]`` and the total weight for a chance node's outcomes.

    Weights are small integers when the probabilities are multiples of the smallest one,
    else the probabilities. With ``limit`` only the ``limit`` most probable are kept.
    """
    outcomes = list(outcomes)
    if limit and limit < len(outcomes):
        ranked = sorted(range(len(outcomes)), key=lambda i: -outcomes[i][1])
        keep = sorted(ranked[:limit])
        outcomes = [outcomes[i] for i in keep]
    smallest = min(p for _, p in outcomes)
    weights = [p / smallest for _, p in outcomes]
    if all(abs(w - round(w)) < 1e-9 and round(w) <= 1 << 20 for w in weights):
        weights = [float(round(w)) for w in weights]
    else:
        weights = [float(p) for _, p in outcomes]
    total = 0.0
    for w in weights:
        total += w
    return [(a, w) for (a, _), w in zip(outcomes, weights, strict=True)], total
