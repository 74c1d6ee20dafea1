"""minimax, negamax, alphabeta (fail-soft/hard x strict, no table / a fresh one), pvs (two
null windows, tables) and iterative deepening against the naive oracle, on every game.

Each example draws a game, a seeded position, a depth, an evaluation (integer, tie-heavy,
fractional or wide; bounded or not; zero-sum or not) and the win options; the oracle's
answer is computed once and every search's value must equal it exactly, its move must be
one of the oracle's best moves (without a table: the first best in the search order), and
its principal variation must be a legal line starting with that move (without a table: one
that ends where the root's value comes from).
"""
from hypothesis import given

from .check import Case, run_all
from .settings import deterministic
from .strategies import deterministic_cases

QSEARCH_GAMES = ["tictactoe", "connect4", "reversi", "quarto", "quarto_own", "parcheckers",
                 "toytree"]
PYTHON_GAMES = ["nim", "takeaway"]
OPENSPIEL_GAMES = ["os_tictactoe", "os_connect4", "os_breakthrough"]


def _run(drawn):
    state, depth, evaluate, win_value, decay, label = drawn
    run_all(Case(state, depth, evaluate, win_value=win_value, win_decay=decay, label=label))


@deterministic(70)
@given(deterministic_cases(QSEARCH_GAMES))
def test_qsearch_engines(drawn):
    _run(drawn)


@deterministic(25)
@given(deterministic_cases(PYTHON_GAMES))
def test_a_students_python_game(drawn):
    _run(drawn)


@deterministic(20)
@given(deterministic_cases(OPENSPIEL_GAMES, max_depth=3))
def test_openspiel_games(drawn):
    _run(drawn)
