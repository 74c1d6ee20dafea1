"""Document 004's ``limited_minimax`` and document 002's quiescence search (``normal_search``,
``quiescence_search``) against naive versions of their own contracts.

* ``limited_minimax`` scores a finished game with the heuristic too (the document's
  ``Minimax_Limitado``); with no budget (``max_nodes=None``), or one it does not reach, it is
  plain minimax of those leaves, and its move is the first best child; with no heuristic
  it is a ValueError.
* ``normal_search(state, depth, depth2, volatile=...)``: minimax to ``depth``; a volatile
  leaf there is searched on by Alg. 4 (every move, at most ``depth2`` plies, quiet nodes
  scored at once).
"""
from hypothesis import given
from hypothesis import strategies as st

from qsearch import search as qs

from . import cases, naive
from .check import TALLY
from .settings import deterministic
from .strategies import deterministic_cases

GAMES = ["tictactoe", "connect4", "parcheckers", "reversi", "takeaway", "nim", "toytree"]


@deterministic(40)
@given(deterministic_cases(GAMES, max_depth=4), st.booleans())
def test_limited_minimax(drawn, budget):
    state, depth, evaluate, _, _, label = drawn
    depth = depth or 4
    if evaluate is None:                    # no evaluation: refused, nothing searched
        try:
            qs.limited_minimax(state, depth, None)
            ok = False
        except ValueError as error:
            ok = "needs an evaluation" in str(error)
        TALLY.record("limited_minimax", ok, f"limited_minimax({label}, {depth}, None) did "
                     "not refuse the missing evaluation")
        return
    oracle = naive.Minimax(evaluate, key=cases.memo_key, terminal_as_leaf=True)
    value, children = oracle.root(state, depth)
    first = next(a for a in state.legal_actions() if children[a] == value)
    unlimited = qs.limited_minimax(state, depth, evaluate, max_nodes=None)
    kw = {"max_nodes": unlimited.generated + unlimited.evaluated + 1} if budget else {
        "max_nodes": None}
    res = qs.limited_minimax(state, depth, evaluate, **kw)
    ok = res.value == value and res.action == first and not res.limit_reached
    TALLY.record("limited_minimax", ok,
                 f"limited_minimax({label}, {depth}, {cases.describe(evaluate)}, {kw}) = "
                 f"{res.value}, {res.action} (limit reached {res.limit_reached}); expected "
                 f"{value}, first best {first}")


def volatility(seed):
    def volatile(state):
        return (cases.key_of(state) * 40503 + seed) % 3 == 0
    return volatile


def normal_search_value(oracle, state, depth, depth2, volatile):
    rp = state.current_player()

    def search(s, d, ply, quiescent):
        if s.is_terminal():
            return oracle.terminal_score(s, ply, rp)
        if not quiescent and d == 0:
            if not volatile(s) or depth2 == 0:
                return oracle.leaf_score(s, rp)
            quiescent, d = True, depth2
        elif quiescent and (d == 0 or not volatile(s)):
            return oracle.leaf_score(s, rp)
        values = [search(naive.child_of(s, a), d - 1, ply + 1, quiescent)
                  for a in s.legal_actions()]
        return max(values) if s.current_player() == rp else min(values)

    children = {a: search(naive.child_of(state, a), depth - 1, 1, False)
                for a in state.legal_actions()}
    return max(children.values()), children


@deterministic(30)
@given(deterministic_cases(["tictactoe", "connect4", "takeaway", "toytree"], max_depth=3),
       st.integers(0, 3), st.sampled_from(["minimax", "alphabeta"]), st.integers(0, 99))
def test_normal_search(drawn, depth2, algorithm, vseed):
    state, depth, evaluate, win_value, decay, label = drawn
    depth = depth or 2
    volatile = volatility(vseed)
    oracle = naive.Minimax(evaluate, win_value=win_value, win_decay=decay)
    value, children = normal_search_value(oracle, state, depth, depth2, volatile)
    kw = {"win_decay": decay} if decay else {}
    if win_value is not None:
        kw["win_value"] = win_value
    res = qs.normal_search(state, depth, depth2, evaluate, volatile=volatile,
                           algorithm=algorithm, **kw)
    ok = res.value == value and children.get(res.action) == value
    TALLY.record(f"normal_search/{algorithm}", ok,
                 f"normal_search({label}, {depth}, {depth2}, {cases.describe(evaluate)}, "
                 f"volatile=volatility({vseed}), algorithm={algorithm!r}, {kw}) = "
                 f"{res.value}, {res.action}; expected {value}, best "
                 f"{sorted(a for a, v in children.items() if v == value)}")
