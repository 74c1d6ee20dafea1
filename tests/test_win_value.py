"""A finished game outranks every heuristic value by default (qsearch.core.win_value).

The audit's repros (a bear-off win turned down by expectiminimax, a Connect-4 win in one
skipped by alpha-beta and by ``qsearch play connect4``) with an oracle that is not a twin:
the child is a finished game won by the mover.
"""
import math
import random
import subprocess
import sys

import pytest

from qsearch import reference as twins
from qsearch import search
from qsearch.core.win_value import default_win_value, evaluation_bounds, resolve_win_value
from qsearch.games import Connect4, Hypergammon, ParCheckers, Quarto, Reversi
from qsearch.heuristics import connect4 as c4
from qsearch.heuristics.hypergammon import pip_race
from qsearch.heuristics.parcheckers import valoracion_test
from qsearch.heuristics.quarto import LineCredit
from qsearch.heuristics.reversi import disc_difference
from qsearch.reference import heuristics as c4_twins
from qsearch.reference.hypergammon_heuristics import pip_race as twin_pip_race
from qsearch.reference.parcheckers_heuristics import valoracion_test as twin_valoracion
from qsearch.reference.quarto_heuristics import line_credit as twin_line_credit
from qsearch.reference.reversi import disc_difference as twin_disc_difference
from tests.helpers import random_position


def winning_moves(state):
    """The moves after which the mover has won (the oracle: the rules, not a search)."""
    me = state.current_player()
    return [a for a in state.legal_actions()
            if state.child(a).is_terminal() and state.child(a).returns()[me] > 0]


# ------------------------------------------------------------------- the audit's repros
@pytest.mark.parametrize("expectiminimax, evaluate", [
    (search.expectiminimax, pip_race), (twins.expectiminimax, twin_pip_race)])
def test_expectiminimax_bears_off_to_win_with_the_defaults(expectiminimax, evaluate):
    state = Hypergammon.from_points([1, 2, 0], [20, 20, 20], to_move=0, dice=(1, 2))
    wins = winning_moves(state)
    assert wins and len(wins) < len(state.legal_actions())
    res = expectiminimax(state, 1, evaluate)
    assert res.action in wins and res.value == 83.0         # one more than pip_race's 82


@pytest.mark.parametrize("heuristic", sorted(c4.HEURISTICS))
def test_alphabeta_takes_connect4_win_in_one_at_every_depth(heuristic):
    state = Connect4.from_moves("121217")
    assert winning_moves(state) == [0]
    for depth in range(1, 9):
        res = search.alphabeta(state, depth, c4.HEURISTICS[heuristic])
        assert res.action == 0, (heuristic, depth, res)
        assert res.value == default_win_value(c4.HEURISTICS[heuristic].bounds)
    for depth in range(1, 4):                       # the twins, on their twin heuristics
        res = twins.alphabeta(state, depth, getattr(c4_twins, heuristic))
        assert res.action == 0


@pytest.mark.compiled_speed
def test_every_search_takes_a_win_in_one_on_random_connect4_positions():
    rng = random.Random(4)
    found = 0
    while found < 25:
        state = random_position(Connect4, rng, 24, min_plies=6)
        wins = winning_moves(state) if not state.is_terminal() else []
        if not wins:
            continue
        found += 1
        # without a decay a forced win later is worth as much; with one the quickest wins
        for name in ("minimax", "alphabeta", "pvs"):
            for evaluate in (c4.evaluation_table, c4.potential_lines, c4.line_weights):
                res = search.ALGORITHMS[name](state, 3, evaluate, win_decay=1)
                assert res.action in wins and res.value == evaluate.bounds[1] // 1 + 256
                assert search.ALGORITHMS[name](state, 3, evaluate).value \
                    == default_win_value(evaluate.bounds)
        deep = search.iterative_deepening(state, 5, c4.evaluation_table, win_decay=1)
        assert deep.action in wins


@pytest.mark.compiled_speed
def test_the_cli_engine_no_longer_skips_a_win_in_one():
    moves = "7\n7\n7\n6\n6\n6\n5\n5\n5\n"
    out = subprocess.run([sys.executable, "-m", "qsearch", "play", "connect4", "--first",
                          "engine"], input=moves, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.rstrip().endswith("You lose.")
    # the engine ends the game before the human's moves run out, and says when it wins
    assert out.stdout.count("your move>") < moves.count("\n")
    assert "for the engine: it wins with best play" in out.stdout


def test_a_plain_function_without_bounds_makes_a_win_infinite():
    state = Connect4.from_moves("121217")

    def flattering(s, player):          # every unfinished position looks superb
        return 1e12

    for impl in (search, twins):
        res = impl.alphabeta(state, 3, flattering)
        assert res.action == 0 and res.value == math.inf
        flattering.bounds = (-1e12, 1e12)               # declared: a finite win above them
        res = impl.alphabeta(state, 3, flattering)
        assert res.action == 0 and res.value == 1e12 + 1
        del flattering.bounds


# ------------------------------------------------------------------------- refusals
INSIDE = pytest.mark.parametrize("call", [
    pytest.param(lambda impl: impl.minimax(Connect4(), 2, c4.evaluation_table, win_value=100),
                 id="minimax"),
    pytest.param(lambda impl: impl.alphabeta(Connect4(), 2, c4.evaluation_table, win_value=1),
                 id="alphabeta"),
    pytest.param(lambda impl: impl.pvs(Connect4(), 5, c4.line_weights, win_value=60,
                                       win_decay=1), id="pvs-decay"),
    pytest.param(lambda impl: impl.iterative_deepening(Connect4(), 4, c4.line_weights,
                                                       win_value=57.5), id="deepening"),
])


@INSIDE
def test_a_win_value_inside_the_bounds_is_refused(call):
    for impl in (search, twins):
        with pytest.raises(ValueError, match=r"not more than every value .* can return "
                                             r"\(its bounds are"):
            call(impl)


@pytest.mark.parametrize("impl", [search, twins])
def test_chance_searches_refuse_a_win_inside_the_bounds_or_undeclared(impl):
    state = Hypergammon.from_points([1, 2, 0], [20, 20, 20], to_move=0, dice=(1, 2))
    with pytest.raises(ValueError, match="its bounds are \\(-75, 82\\)"):
        impl.expectiminimax(state, 1, pip_race, win_value=1)
    with pytest.raises(ValueError, match="averages a finished game's value"):
        impl.expectiminimax(state, 1, lambda s, p: 0.0)
    assert impl.expectiminimax(state, 1, lambda s, p: 0.0, win_value=1).value == 1.0
    reversi = Reversi.from_moves("f5d6c3")
    with pytest.raises(ValueError, match="its bounds are \\(-64, 64\\)"):
        impl.mcts(reversi, 10, evaluate=disc_difference, rollout_depth=2, win_value=64)
    with pytest.raises(ValueError, match="mcts averages"):
        impl.mcts(reversi, 10, evaluate=lambda s, p: 0.0, rollout_depth=2)


def test_bad_win_values_are_clear_errors():
    with pytest.raises(TypeError, match="win_value must be a number"):
        search.alphabeta(Connect4(), 2, c4.evaluation_table, win_value="big")
    with pytest.raises(ValueError, match="win_value must be > 0"):
        search.alphabeta(Connect4(), 2, win_value=-1)
    with pytest.raises(ValueError, match="NaN"):
        twins.alphabeta(Connect4(), 2, win_value=math.nan)
    with pytest.raises(ValueError, match="bounds must be finite"):
        evaluation_bounds(c4.evaluation_table, (0, math.inf))


# -------------------------------------------------------- the declared bounds hold
def sample_positions(game, count, seed, plies):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = random_position(game, rng, plies)
        if not state.is_terminal() and not state.is_chance_node():
            out.append(state)
    return out


BOUNDED = [
    pytest.param(Connect4, c4.evaluation_table, c4_twins.evaluation_table, 42, id="table"),
    pytest.param(Connect4, c4.potential_lines, c4_twins.potential_lines, 42, id="potential"),
    pytest.param(Connect4, c4.book_rules, c4_twins.book_rules, 42, id="book"),
    pytest.param(Connect4, c4.line_weights, c4_twins.line_weights, 42, id="line_weights"),
    pytest.param(Reversi, disc_difference, twin_disc_difference, 60, id="reversi"),
    pytest.param(Hypergammon, pip_race, twin_pip_race, 200, id="hypergammon"),
    pytest.param(Quarto, LineCredit(), twin_line_credit, 16, id="quarto"),
    pytest.param(ParCheckers, valoracion_test, twin_valoracion, 400, id="parcheckers"),
]


@pytest.mark.parametrize("game, compiled, twin, plies", BOUNDED)
def test_heuristic_values_lie_within_their_declared_bounds(game, compiled, twin, plies):
    lo, hi = compiled.bounds
    assert evaluation_bounds(twin) == (lo, hi)
    seen = []
    for state in sample_positions(game, 150, 11, plies):
        for player in (0, 1):
            seen.append(compiled(state, player))
            assert lo <= seen[-1] <= hi, (repr(state), player, seen[-1])
    assert max(seen) > min(seen)         # the sample is not degenerate


def test_default_win_values_are_one_above_the_largest_heuristic_value():
    assert default_win_value(pip_race.bounds) == 83.0
    assert default_win_value(c4.evaluation_table.bounds) == 415.0
    assert default_win_value(c4.line_weights.bounds) == 58.0
    assert default_win_value(c4.line_weights.bounds, win_decay=1) == 57.5 + 256 + 0.5
    assert default_win_value(c4.Viewpoint(c4.evaluation_table, 0).bounds) == 415.0
    assert default_win_value(None) == math.inf
    assert resolve_win_value(None) == 1.0                      # no heuristic: a win is 1
    assert resolve_win_value(lambda s, p: 0.0, 5) == 5.0       # undeclared: any value


def test_explicit_bounds_narrower_than_the_declared_ones_serve_both_implementations():
    # bounds=(-40, 40) on pip_race (declared (-75, 82)): a win is then worth 41 in both
    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    fast = search.expectiminimax(state, 2, pip_race, bounds=(-40, 40), prune="star1")
    twin = twins.expectiminimax(state, 2, twin_pip_race, bounds=(-40, 40), prune="star1")
    assert (fast.value, fast.action, fast.nodes) == (twin.value, twin.action, twin.nodes)
