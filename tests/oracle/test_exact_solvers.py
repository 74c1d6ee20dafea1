"""The exact solvers against a naive memoised negamax of their documented score scales.

* Connect-4 (``solve_connect4``, ``analyze_connect4``; Pons' scale: ``(44 - n) // 2`` for a
  win with the ``n``-th stone on the board, 0 a draw, negative a loss), on late positions;
* Quarto, both variants (``quarto_solver.solve``/``QuartoSolver.analyze``; ``17 - n`` for a win
  with the ``n``-th piece placed), near the end; ``weak=True`` gives the sign;
* tic-tac-toe solved by alpha-beta with a table and no depth limit (a draw, every reply).
"""
from hypothesis import given
from hypothesis import strategies as st

from qsearch import search as qs
from qsearch.games import TicTacToe
from qsearch.search import quarto_solver

from . import cases
from .check import TALLY
from .settings import deterministic
from .strategies import SEEDS


def _sign(x):
    return (x > 0) - (x < 0)


def connect4_scores(state):
    """(score of the position, {column action: score}) for the player to move, Pons' scale."""
    memo = {}

    def _solve(s):
        k = s.position_key()
        if k in memo:
            return memo[k]
        best = max(score_of_move(s, a) for a in s.legal_actions())
        memo[k] = best
        return best

    def score_of_move(s, a):
        child = s.child(a)
        stones = len(child.history()) if hasattr(child, "history") else None
        if child.is_terminal():
            r = child.returns()[s.current_player()]
            return 0 if r == 0 else (44 - stones) // 2 * _sign(r)
        return -_solve(child)

    moves = {a: score_of_move(state, a) for a in state.legal_actions()}
    return max(moves.values()), moves


def quarto_scores(state):
    """(score, {action: score}) for the player to move: ``17 - n`` for a win with the ``n``-th
    piece placed (negative for a loss), 0 for a draw; a gift keeps the turn's bookkeeping."""
    memo = {}

    def solve(s):
        k = (s.position_key(), s.current_player())
        if k not in memo:
            memo[k] = max(move(s, a) for a in s.legal_actions())
        return memo[k]

    def move(s, a):
        child = s.child(a)
        if child.is_terminal():
            r = child.returns()[s.current_player()]
            return 0 if r == 0 else int(r) * (17 - child.num_placed())
        v = solve(child)
        return v if child.current_player() == s.current_player() else -v

    moves = {a: move(state, a) for a in state.legal_actions()}
    return max(moves.values()), moves


@st.composite
def late_connect4(draw):
    seed = draw(SEEDS)
    plies = draw(st.integers(28, 36))
    return seed, plies, cases.position("connect4", seed, plies)


@deterministic(40)
@given(late_connect4())
def test_connect4_solver(drawn):
    seed, plies, state = drawn
    score, moves = connect4_scores(state)
    label = f"position('connect4', {seed}, {plies})"
    got = qs.solve_connect4(state).score
    TALLY.record("solve_connect4", got == score, f"solve_connect4({label}) = {got}, "
                 f"expected {score}")
    weak = qs.solve_connect4(state, weak=True).score
    TALLY.record("solve_connect4 weak", weak == _sign(score),
                 f"solve_connect4({label}, weak=True) = {weak}, expected {_sign(score)}")
    columns = qs.analyze_connect4(state)
    expected = [moves.get(c) for c in range(7)]
    TALLY.record("analyze_connect4", columns == expected,
                 f"analyze_connect4({label}) = {columns}, expected {expected}")


@st.composite
def late_quarto(draw):
    name = draw(st.sampled_from(["quarto", "quarto_own"]))
    seed = draw(SEEDS)
    lo, hi = (20, 27) if name == "quarto" else (10, 13)
    plies = draw(st.integers(lo, hi))
    return name, seed, plies, cases.position(name, seed, plies)


@deterministic(30)
@given(late_quarto())
def test_quarto_solver(drawn):
    name, seed, plies, state = drawn
    score, moves = quarto_scores(state)
    label = f"position({name!r}, {seed}, {plies})"
    got = quarto_solver.solve(state).score
    TALLY.record(f"quarto_solver.solve {name}", got == score,
                 f"quarto_solver.solve({label}) = {got}, expected {score}")
    weak = quarto_solver.solve(state, weak=True).score
    TALLY.record(f"quarto_solver.solve weak {name}", weak == _sign(score),
                 f"quarto_solver.solve({label}, weak=True) = {weak}, expected {_sign(score)}")
    analysed = quarto_solver.QuartoSolver(16).analyze(state)
    TALLY.record(f"QuartoSolver.analyze {name}", analysed == moves,
                 f"QuartoSolver(16).analyze({label}) = {analysed}, expected {moves}")


def test_tictactoe_full_solve():
    """Tic-tac-toe is a draw, and so is every first move, by every search with a table."""
    state = TicTacToe()
    for name, fn, kw in (("alphabeta", qs.alphabeta, {"tt": True}),
                         ("alphabeta hard strict", qs.alphabeta,
                          {"tt": True, "fail_hard": True, "strict": True}),
                         ("pvs", qs.pvs, {"tt": True})):
        res = fn(state, None, **kw)
        TALLY.record(f"tictactoe full solve {name}", res.value == 0 and res.complete,
                     f"{name}(TicTacToe(), None, {kw}) = {res.value}")
        for a in state.legal_actions():
            child = state.child(a)
            res = fn(child, None, **kw)
            TALLY.record(f"tictactoe full solve {name}", res.value == 0,
                         f"{name}(TicTacToe().child({a}), None, {kw}) = {res.value}, "
                         "expected 0")
