"""expectiminimax (plain, Star1, Star2, limited; chance levels counted or not) against the
naive expectiminimax oracle on Pig, hypergammon and OpenSpiel's Pig.

Values are compared with a relative tolerance of 1e-9 (a chance node's mean may be summed
in another order); the move must be within that tolerance of the oracle's best. Star1 and
Star2 need bounds: the evaluation's, or ``bounds=`` (an evaluation without bounds, or none,
then gets ``bounds=``, and the oracle's default win value comes from them). A chance root is
searched for ``player`` and has no move.
"""
import math

from hypothesis import given
from hypothesis import strategies as st

from qsearch import search as qs

from . import cases, naive
from .check import TALLY
from .settings import deterministic
from .strategies import SEEDS

TOL = 1e-9
DEPTH = {"pig": 5, "os_pig": 4, "hypergammon": 2}


class _Bounded:
    """An evaluation seen with other declared bounds (what ``bounds=`` does)."""

    def __init__(self, evaluate, bounds):
        self.evaluate, self.bounds = evaluate, bounds

    def __call__(self, state, player):
        return self.evaluate(state, player)


@st.composite
def chance_cases(draw):
    name = draw(st.sampled_from(sorted(DEPTH)))
    seed = draw(SEEDS)
    state = cases.position(name, seed)
    count_chance = draw(st.booleans()) if name != "hypergammon" else True
    depth = draw(st.integers(1, DEPTH[name] if count_chance else 3))
    kind = draw(st.sampled_from(["none"] + list(cases.KINDS)))
    evaluate = None if kind == "none" else cases.make_evaluation(
        kind, draw(st.integers(0, 999)), bounded=draw(st.booleans()),
        zero_sum=draw(st.booleans()))
    decay = draw(st.sampled_from([0.0, 0.0, 0.25, -0.25, 1.0]))
    prune = draw(st.sampled_from([None, "star1", "star2"]))
    limit = draw(st.sampled_from([None, None, 1, 2]))
    player = draw(st.integers(0, 1))
    return name, seed, state, depth, evaluate, decay, prune, limit, count_chance, player


def _oracle_win_value(evaluate, bounds, decay):
    return naive.default_win_value(evaluate if bounds is None else _Bounded(evaluate, bounds),
                                   decay)


@deterministic(60)
@given(chance_cases())
def test_expectiminimax_variants(drawn):
    name, seed, state, depth, evaluate, decay, prune, limit, count_chance, player = drawn
    kwargs = {"prune": prune, "limit": limit, "count_chance": count_chance}
    if decay:
        kwargs["win_decay"] = decay
    declared = naive.declared_bounds(evaluate)
    bounds = None
    win_value = None
    if evaluate is None and prune:
        bounds = (-1.0, 1.0)
    elif evaluate is not None and declared is None:
        if prune or (seed % 2):
            bounds = (-evaluate.top, evaluate.top)
        else:
            win_value = float(math.floor(evaluate.top + 256 * abs(decay)) + 3)
    if bounds is not None:
        kwargs["bounds"] = bounds
    if win_value is not None:
        kwargs["win_value"] = win_value
    oracle = naive.Expectiminimax(
        evaluate, limit=limit, count_chance=count_chance, win_decay=decay, key=cases.memo_key,
        win_value=win_value if win_value is not None else _oracle_win_value(
            evaluate, bounds if evaluate is not None else None, decay))
    label = (f"expectiminimax(position({name!r}, {seed}), {depth}, "
             f"{cases.describe(evaluate)}, {kwargs})")
    group = (f"expectiminimax prune={prune} limit={limit} count_chance={count_chance} "
             f"{'eval=None' if evaluate is None else 'eval'}{' decay' if decay else ''}")
    if state.is_chance_node():
        res = qs.expectiminimax(state, depth, evaluate, player=player, **kwargs)
        expected = oracle.root_chance(state, depth, player)
        ok = naive.close(res.value, expected, TOL) and res.action is None
        TALLY.record(group + " chance-root", ok,
                     f"{label}, player={player}: expected {expected!r}, got {res.value!r} "
                     f"action {res.action!r}")
        return
    rp = state.current_player()
    values = {}
    for a in state.legal_actions():
        child = naive.child_of(state, a)
        values[a] = oracle.value_at(child, depth - 1, 1, rp)
    best = max(values.values())
    res = qs.expectiminimax(state, depth, evaluate, **kwargs)
    problems = []
    if not naive.close(res.value, best, TOL):
        problems.append(f"value {res.value!r} (expected {best!r})")
    if res.action not in values or not naive.close(values[res.action], best, TOL):
        problems.append(f"action {res.action!r} worth {values.get(res.action)!r} "
                        f"(best {best!r})")
    if res.pv and res.pv[0] != res.action:
        problems.append(f"pv {res.pv} does not start with the action")
    if not res.complete:
        problems.append("complete=False")
    TALLY.record(group, not problems, f"{label}: {'; '.join(problems)}")
