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

**Bounds.** Star1 and Star2 need ``L <= value <= U`` for every value a search can return at
a node with no children searched: the evaluation declares ``bounds = (L, U)`` (from the
evaluated player's view, and symmetric use: the other player's leaves lie in ``(-U, -L)``),
or the search is given ``bounds=``. A finished game scores ``u * (win_value - win_decay *
ply)`` (``u`` = +1, 0, -1), which the declared bounds need not cover: a negative decay makes
later wins worth more than ``win_value``, and a decay with ``win_decay * ply > 2 *
win_value`` makes a late win worth less than ``-win_value``. So the bounds are widened to
every score a finished game can have up to the deepest ply the search reaches
(:func:`terminal_score_bound`); cutting with narrower ones made Star1/Star2 return wrong
values and moves. A finished game whose returns exceed +-1 (a Python game's, say) still
falls outside: the searches then stop with a ValueError rather than cut wrongly.

**Probabilities** must be positive and sum to 1 within :data:`PROBABILITY_TOLERANCE` (the
rule :func:`qsearch.games.check_game` checks): qsearch's games do; a Python game's
``chance_outcomes`` may not, and neither renormalising them (what expectiminimax did) nor
giving the missing mass to the last outcome (what MCTS did) is the game the user wrote.
"""
from __future__ import annotations

import math
import numbers

from qsearch.core.checks import UNLIMITED_DEPTH, check_depth, check_integer

PRUNE_MODES = (None, "star1", "star2")


def check_prune(prune) -> int:
    """``None`` -> 0, ``"star1"`` -> 1, ``"star2"`` -> 2; anything else is a ValueError."""
    if prune is not None and not isinstance(prune, str):
        raise TypeError(f"prune must be None, 'star1' or 'star2', not {type(prune).__name__}")
    if prune not in PRUNE_MODES:
        raise ValueError(f"prune must be None, 'star1' or 'star2', not {prune!r}")
    return PRUNE_MODES.index(prune)


MAX_LIMIT = (1 << 31) - 1    # the compiled search's C int: more outcomes than any node has


def check_limit(limit) -> int:
    """``None`` -> 0 (every outcome), else an int >= 1 (any integral type); a limit above
    :data:`MAX_LIMIT` keeps every outcome, as that one does."""
    if limit is None:
        return 0
    limit = check_integer(limit, "limit", "None or an int >= 1")
    if limit < 1:
        raise ValueError(f"limit must be >= 1 outcomes, not {limit}")
    return min(limit, MAX_LIMIT)


def check_expectiminimax_depth(depth) -> int:
    """Expectiminimax's ``depth``: an int >= 0 (any integral type). None, and a depth of
    :data:`~qsearch.core.checks.UNLIMITED_DEPTH` or more (which the other searches read as
    None, no limit), are a ValueError: dice games rarely end in reach."""
    if depth is not None:
        depth = check_depth(depth)
    if depth is None or depth >= UNLIMITED_DEPTH:
        raise ValueError("expectiminimax needs a depth: dice games rarely end in reach (None, "
                         "or a depth of 2**30 or more, would search without limit)")
    return depth


PROBABILITY_TOLERANCE = 1e-9


def check_probabilities(outcomes) -> None:
    """ValueError unless ``[(outcome, probability), ...]`` is a distribution: every
    probability in (0, 1], their sum (added in the game's order) 1 within
    :data:`PROBABILITY_TOLERANCE`."""
    if not outcomes:
        raise ValueError("a chance node has no chance outcomes")
    total = 0.0
    for outcome, p in outcomes:
        if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 < p <= 1:
            raise ValueError(f"chance outcome {outcome!r} has probability {p!r}, not in (0, 1]")
        total += p
    if abs(total - 1.0) > PROBABILITY_TOLERANCE:
        raise ValueError(
            f"the chance outcomes' probabilities sum to {total!r}, not 1 (within "
            f"{PROBABILITY_TOLERANCE:g}): fix the game's chance_outcomes(); the searches "
            "neither renormalise them nor give the missing mass to an outcome"
        )


MAX_PLY = 128      # expectiminimax scores a leaf at ply MAX_PLY - 1 (its principal-line table)


def deepest_ply(depth: int, count_chance: bool) -> int:
    """The deepest ply an expectiminimax search of ``depth`` can reach: ``depth`` when every
    level counts, else (chance levels are free, any number of them in a row) the cap."""
    return min(depth, MAX_PLY - 1) if count_chance else MAX_PLY - 1


def terminal_score_bound(win_value: float, win_decay: float, max_ply: int) -> float:
    """The largest ``|win_value - win_decay * ply|`` for ``ply`` in 1..max_ply: a finished
    game's score (``u * (win_value - win_decay * ply)``, ``|u| <= 1``) lies within +- it.

    The score is linear in the ply, so the extremes are at ply 1 and ``max_ply``; computed
    with the searches' own operations, so rounding cannot put a score outside.
    """
    last = max(1, max_ply)
    return max(abs(win_value - win_decay * 1), abs(win_value - win_decay * last))


def resolve_bounds(prune: int, evaluate, bounds, win_value: float, win_decay: float = 0.0,
                   max_ply: int = 1):
    """The (L, U) bounds Star1/Star2 use (root player's view), or None without pruning: the
    evaluation's, widened to every finished game's score up to ``max_ply`` plies from the
    root (:func:`terminal_score_bound`)."""
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
    except OverflowError:               # an int beyond a float's range
        raise ValueError(f"bounds must be finite with L <= U, not {bounds!r}") from None
    except (TypeError, ValueError):
        raise TypeError(f"bounds must be two numbers (L, U), not {bounds!r}") from None
    # L == U is an evaluation that always returns one value (none: every leaf scores 0).
    if not (math.isfinite(lo) and math.isfinite(hi) and lo <= hi):
        raise ValueError(f"bounds must be finite with L <= U, not {bounds!r}")
    reach = terminal_score_bound(float(win_value), float(win_decay), max_ply)
    lo, hi = min(lo, -reach), max(hi, reach)
    if not lo < hi:
        raise ValueError(f"Star1/Star2 need bounds with L < U once widened to a finished "
                         f"game's scores; bounds={bounds!r} and win_value={win_value:g} give "
                         f"({lo:g}, {hi:g})")
    return lo, hi


def outcome_weights(outcomes, limit: int = 0):
    """``[(outcome, weight), ...]`` and the total weight for a chance node's outcomes.

    Weights are small integers when the probabilities are multiples of the smallest one,
    else the probabilities. With ``limit`` only the ``limit`` most probable are kept. The
    probabilities must form a distribution (:func:`check_probabilities`).
    """
    outcomes = list(outcomes)
    check_probabilities(outcomes)
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
