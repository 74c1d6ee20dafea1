"""Node limits, time limits and move ordering, where the contract fixes the answer.

* ``max_nodes`` at least what the search needs (or 2**40), or ``time_limit=1e6``: the exact
  answer, ``complete=True``;
* ``max_nodes`` below what it needs: ``complete=False``, at most that many nodes, and a move
  that is legal (or none);
* ``order`` (a list by priority or a function): the value is unchanged and the move is the
  first best move in the ordered search (without a table).
"""
from hypothesis import given
from hypothesis import strategies as st

from .check import Case, run_all, run_limits
from .settings import deterministic
from .strategies import deterministic_cases

GAMES = ["tictactoe", "connect4", "reversi", "takeaway", "nim", "toytree"]


@deterministic(30)
@given(deterministic_cases(GAMES))
def test_node_and_time_limits(drawn):
    state, depth, evaluate, win_value, decay, label = drawn
    run_limits(Case(state, depth, evaluate, win_value=win_value, win_decay=decay, label=label))


def _reverse(state, actions):
    return list(reversed(actions))


def _by_hash(state, actions):
    return sorted(actions, key=lambda a: (a * 7919) % 13)


@deterministic(30)
@given(deterministic_cases(GAMES), st.sampled_from(["reverse", "hash", "list"]))
def test_move_ordering(drawn, kind):
    state, depth, evaluate, win_value, decay, label = drawn
    if kind == "reverse":
        order = _reverse
    elif kind == "hash":
        order = _by_hash
    else:                                   # a priority list naming some of the actions
        order = list(reversed(state.legal_actions()))[::2]
    run_all(Case(state, depth, evaluate, win_value=win_value, win_decay=decay, order=order,
                 label=f"{label}, order={kind}"), deepening=False, invariants=False)
