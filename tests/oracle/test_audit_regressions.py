"""Issue 31's audit examples, each asserting the answer of the naive oracle (naive.py).

1. pvs with an evaluation without ``bounds`` (win value ``inf``): the null window must not
   collapse at alpha = -inf.
2. alphabeta with ``fail_hard=True, strict=True`` and a table (fresh) must be exact.
3. ``win_decay`` without an evaluation: a win must score above a draw at any distance the
   search reaches: the win value is derived from the decay (``floor(256 * decay) + 1``), an
   absurd decay (1e6) included.
4. ``depth`` / ``max_nodes`` as numpy integers, 2**63 or 2**70: they work (beyond the C range:
   no limit), the same in both builds.
"""
import numpy as np
import pytest

from qsearch import reference as ref
from qsearch import search as qs
from qsearch.games import Connect4, TicTacToe

from . import naive


def key_mod_101(state, player):
    return state.position_key() % 101 - 50


def frac_hash(state, player):
    return (state.position_key() * 2654435761 % 1000) / 1000 * 3 - 1.5


frac_hash.bounds = (-1.5, 1.5)


def test_pvs_with_an_evaluation_without_bounds():
    state = Connect4.from_moves("4453")
    value, children = naive.Minimax(key_mod_101).root(state, 3)
    assert value == 39
    best = {a for a, v in children.items() if v == value}
    assert best == {5}
    for search in (qs.pvs, ref.pvs):
        for kw in ({}, {"tt": 16}, {"null_window": 0.001}):
            res = search(state, 3, key_mod_101, **kw)
            assert (res.value, res.action) == (39, 5), (search, kw)


def test_pvs_with_an_evaluation_without_bounds_iterative_deepening():
    state = Connect4.from_moves("4453")
    res = qs.iterative_deepening(state, 3, key_mod_101, algorithm="pvs")
    assert (res.value, res.action) == (39, 5)


def tictactoe_0_5():
    state = TicTacToe()
    state.apply_action(0)
    state.apply_action(5)
    return state


def test_fail_hard_strict_with_a_fresh_table():
    state = tictactoe_0_5()
    value, children = naive.Minimax(frac_hash).root(state, 4)
    assert round(value, 3) == -0.429
    best = {a for a, v in children.items() if v == value}
    for search in (qs.alphabeta, ref.alphabeta):
        for tt in (None, 16, True):
            res = search(state, 4, frac_hash, fail_hard=True, strict=True, tt=tt)
            assert res.value == value and res.action in best, (search, tt, res)


def test_fail_hard_strict_table_iterative_deepening():
    state = tictactoe_0_5()
    value, children = naive.Minimax(frac_hash).root(state, 4)
    res = qs.iterative_deepening(state, 4, frac_hash, fail_hard=True, strict=True)
    assert res.value == value and children[res.action] == value


C4_AUDIT = "345756137475624216"          # the audit's position (18 stones)
C4_LATE = "3457561374756242166114411222"  # 10 moves of best play later: still a win at the
                                          # 41st stone, 13 plies away


def _decayed_win(moves, decay):
    """The exact answer for ``moves`` searched to the end with ``win_decay`` and no
    evaluation: the mover (an even number of stones on the board) wins at the earliest with
    the stone the solver names (the solver is checked against the oracle in
    test_exact_solvers), so at ply n - stones."""
    state = Connect4.from_moves(moves)
    stones = len(moves)
    assert stones % 2 == 0
    score = qs.solve_connect4(state).score
    assert score > 0
    stone = 43 - 2 * score               # Pons: score = (44 - n) // 2, n odd for this mover
    columns = qs.analyze_connect4(state)
    fastest = {c for c, s in enumerate(columns) if s == score}
    win_value = naive.default_win_value(None, decay)
    return state, win_value - decay * (stone - stones), fastest


def _check_decayed_win(fn, moves, decay):
    state, expected, fastest = _decayed_win(moves, decay)
    res = fn(state, None, None, win_decay=decay, tt=20)
    assert res.value > 0, "a win scored no more than a draw"
    assert res.value == expected
    assert res.action in fastest


@pytest.mark.parametrize("decay", [0.1, 0.5, 1e6])
@pytest.mark.parametrize("search", ["alphabeta", "pvs", "alphabeta_twin"])
def test_win_decay_without_an_evaluation(decay, search):
    if search == "alphabeta_twin" and decay != 0.1:
        pytest.skip("one twin run is enough (pure Python)")
    fn = {"alphabeta": qs.alphabeta, "pvs": qs.pvs, "alphabeta_twin": ref.alphabeta}[search]
    _check_decayed_win(fn, C4_LATE, decay)


@pytest.mark.slow
@pytest.mark.compiled_speed
def test_win_decay_without_an_evaluation_audit_position():
    """The audit's own call (179 million nodes with the derived win value: ~45 s)."""
    _check_decayed_win(qs.alphabeta, C4_AUDIT, 0.1)


def test_win_decay_without_an_evaluation_small_game():
    """The same on a game the oracle searches whole: tic-tac-toe, every decay."""
    state = TicTacToe()
    for a in (4, 0, 8):
        state.apply_action(a)
    for decay in (0.1, 0.5, 2.0, 1e6):
        oracle = naive.Minimax(None, win_decay=decay)
        value, children = oracle.root(state, None)
        res = qs.alphabeta(state, None, None, win_decay=decay)
        assert res.value == value and children[res.action] == value, decay


HUGE = [2 ** 63, 2 ** 70]


def _limit_cases():
    for name in ("minimax", "negamax", "alphabeta", "pvs", "iterative_deepening"):
        for what in ("depth", "max_nodes"):
            for value in [np.int64(4), np.int32(4), *HUGE]:
                yield name, what, value


def _id(x):
    return f"2**{x.bit_length() - 1}" if isinstance(x, int) and x > 2 ** 32 else str(x)


@pytest.mark.parametrize("name,what,value", list(_limit_cases()), ids=_id)
def test_integer_depth_and_node_limit(name, what, value):
    state = TicTacToe()
    for a in (4, 0):
        state.apply_action(a)
    fn = getattr(qs, name)
    plain = int(value)
    if what == "depth":
        expected = fn(state, min(plain, 9))
        call = lambda: fn(state, value)                        # noqa: E731
    else:
        expected = fn(state, 9, max_nodes=plain if plain < 2 ** 62 else None)
        call = lambda: fn(state, 9, max_nodes=value)           # noqa: E731
    res = call()                     # beyond the C range: no limit, never an error
    assert (res.value, res.action, res.complete) == (
        expected.value, expected.action, expected.complete)


@pytest.mark.compiled
@pytest.mark.parametrize("value", HUGE + [np.int64(3)])
@pytest.mark.parametrize("what", ["depth", "max_nodes"])
def test_integers_same_in_both_builds(value, what):
    """The compiled search and its twin accept the same integers, and answer alike."""
    state = TicTacToe()
    outcomes = []
    for fn in (qs.alphabeta, ref.alphabeta):
        try:
            res = fn(state, value, max_nodes=None) if what == "depth" else fn(
                state, 3, max_nodes=value)
            outcomes.append(("ok", res.value, res.action))
        except ValueError:
            outcomes.append(("ValueError",))
        except (TypeError, OverflowError) as error:
            outcomes.append((type(error).__name__,))
    assert outcomes[0] == outcomes[1]
    assert outcomes[0][0] == "ok"


def test_an_explicit_win_value_at_or_below_a_draw_is_refused():
    """Without an evaluation a win that would score <= 0 (a draw) somewhere the search reaches
    is refused by name; the same value is accepted where the depth keeps wins above 0."""
    state = tictactoe_0_5()
    for search in (qs.alphabeta, ref.alphabeta, qs.pvs, qs.minimax):
        with pytest.raises(ValueError, match="no more than a draw"):
            search(state, None, None, win_value=1, win_decay=0.1)
        res = search(state, 5, None, win_value=1, win_decay=0.1)
        value, _ = naive.Minimax(None, win_value=1, win_decay=0.1).root(state, 5)
        assert res.value == value
    with pytest.raises(ValueError, match="finite"):
        qs.alphabeta(state, 3, None, win_decay=float("inf"))


def test_strict_with_a_table_and_a_decay():
    """Found by this suite on the old build: strict=True hands children the empty window
    (beta, beta), which any table entry 'closed', so a lower bound came back as the value
    (a draw scored 195.5, a win)."""
    oracle, _ = naive.Minimax(None, win_value=200, win_decay=0.5).root(TicTacToe(), None)
    assert oracle == 0
    for search in (qs.alphabeta, ref.alphabeta):
        for fail_hard in (False, True):
            for win_value in (200, None):
                res = search(TicTacToe(), None, None, win_value=win_value, win_decay=0.5,
                             strict=True, fail_hard=fail_hard, tt=12)
                assert res.value == 0, (search, fail_hard, win_value)
