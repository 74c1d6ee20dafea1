"""Hypothesis strategies: a case is a game, a seeded position, a depth, an evaluation from
:func:`cases.make_evaluation` (or none) and the win options."""
from __future__ import annotations

import math

from hypothesis import strategies as st

from . import cases

SEEDS = st.integers(0, 10**6)
DECAYS = st.sampled_from([0.0, 0.0, 0.0, 0.5, 0.01, 1.0])


@st.composite
def evaluations(draw, allow_none=True):
    """None, or a hash evaluation of any kind, bounded or not, zero-sum or not."""
    if allow_none and draw(st.integers(0, 4)) == 0:
        return None
    return cases.make_evaluation(draw(st.sampled_from(cases.KINDS)), draw(st.integers(0, 999)),
                                 bounded=draw(st.booleans()), zero_sum=draw(st.booleans()))


@st.composite
def win_options(draw, evaluate):
    """(win_value, win_decay): the defaults, a decay, or an explicit win value large enough
    that every win (to the table's 256-ply horizon) outranks every evaluation value."""
    decay = draw(DECAYS)
    if draw(st.integers(0, 3)):
        return None, decay
    top = 0.0 if evaluate is None else evaluate.top
    extra = draw(st.sampled_from([0.0, 0.5, 7.0]))
    return float(math.floor(top + 256 * decay) + 1) + extra, decay


@st.composite
def positions(draw, games):
    name = draw(st.sampled_from(games))
    if name == "toytree":
        name = f"toytree{draw(st.integers(0, 999))}"
    seed = draw(SEEDS)
    return name, seed, cases.position(name, seed)


UNLIMITED_OK = {"tictactoe", "nim", "takeaway", "os_tictactoe"}


@st.composite
def deterministic_cases(draw, games, *, max_depth=None):
    """``(state, depth, evaluate, win_value, win_decay, label)``."""
    name, seed, state = draw(positions(games))
    base = name.rstrip("0123456789") if name.startswith("toytree") else name
    if base == "toytree" or (base in UNLIMITED_OK and draw(st.integers(0, 3)) == 0):
        depth = None
    else:
        top = cases.DEPTHS[base] if max_depth is None else min(max_depth, cases.DEPTHS[base])
        depth = draw(st.integers(1, top))
    evaluate = draw(evaluations())
    win_value, decay = draw(win_options(evaluate))
    return state, depth, evaluate, win_value, decay, f"position({name!r}, {seed})"
