"""The slow tier: the same comparisons as the quick files, on many more cases (over 100,000
searches; a few minutes compiled). Small trees, so that the naive oracle keeps up:
tic-tac-toe, toy trees and the student's game at every flag, the other engines at small
depths, tables along games, chance searches, limits and orders."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from . import test_chance, test_exact_solvers, test_limits_and_order, test_tables
from .check import Case, run_all, run_limits
from .settings import deterministic
from .strategies import deterministic_cases

pytestmark = [pytest.mark.slow, pytest.mark.compiled_speed]


def _run(drawn, **kw):
    state, depth, evaluate, win_value, decay, label = drawn
    run_all(Case(state, depth, evaluate, win_value=win_value, win_decay=decay, label=label),
                 **kw)


@deterministic(2200, slow=True)
@given(deterministic_cases(["tictactoe"]))
def test_tictactoe_every_flag(drawn):
    _run(drawn)


@deterministic(1500, slow=True)
@given(deterministic_cases(["toytree", "takeaway", "nim", "os_tictactoe"]))
def test_small_trees_and_python_games(drawn):
    _run(drawn)


@deterministic(700, slow=True)
@given(deterministic_cases(["connect4", "reversi", "quarto", "quarto_own", "parcheckers",
                            "os_connect4", "os_breakthrough"], max_depth=3))
def test_other_engines_small_depths(drawn):
    _run(drawn)


@deterministic(600, slow=True)
@given(test_tables.lines())
def test_tables_along_games(drawn):
    test_tables.test_one_table_along_a_game_and_across_root_players.hypothesis.inner_test(
        drawn)


@deterministic(1500, slow=True)
@given(test_chance.chance_cases())
def test_chance_searches(drawn):
    test_chance.test_expectiminimax_variants.hypothesis.inner_test(drawn)


@deterministic(400, slow=True)
@given(deterministic_cases(test_limits_and_order.GAMES))
def test_limits(drawn):
    state, depth, evaluate, win_value, decay, label = drawn
    run_limits(Case(state, depth, evaluate, win_value=win_value, win_decay=decay, label=label))


@deterministic(400, slow=True)
@given(deterministic_cases(test_limits_and_order.GAMES),
       st.sampled_from(["reverse", "hash", "list"]))
def test_orders(drawn, kind):
    test_limits_and_order.test_move_ordering.hypothesis.inner_test(drawn, kind)


@deterministic(150, slow=True)
@given(test_exact_solvers.late_connect4())
def test_connect4_solver(drawn):
    test_exact_solvers.test_connect4_solver.hypothesis.inner_test(drawn)


@deterministic(150, slow=True)
@given(test_exact_solvers.late_quarto())
def test_quarto_solver(drawn):
    test_exact_solvers.test_quarto_solver.hypothesis.inner_test(drawn)
