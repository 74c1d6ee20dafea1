"""Every public search on any game: a class's own game and OpenSpiel's, with oracles that are
not the twins (Nim's nim-sum rule, a brute force written here, qsearch's compiled engines)."""
import functools
import itertools

import pytest

from qsearch import reference
from qsearch.games import Connect4, ExtraTurnNim, Nim, TicTacToe, load
from qsearch.games.adapter import as_protocol_state
from qsearch.search import (
    alphabeta,
    expectiminimax,
    iterative_deepening,
    limited_minimax,
    mcts,
    minimax,
    negamax,
    pvs,
)

pyspiel = pytest.importorskip("pyspiel")
SEARCHES = [minimax, negamax, alphabeta, pvs]
HEAPS = [(1,), (2, 2), (1, 2), (1, 3, 5), (2, 3, 4), (3, 3, 1), (1, 1, 1), (4, 1)]


def nim_sum(heaps) -> int:
    return functools.reduce(lambda a, b: a ^ b, heaps, 0)


@pytest.mark.parametrize("heaps", HEAPS)
@pytest.mark.parametrize("search", SEARCHES, ids=lambda f: f.__name__)
def test_nim_is_won_exactly_when_the_nim_sum_is_not_zero(search, heaps):
    result = search(Nim(heaps))
    assert result.engine == "python" and result.complete
    assert result.value == (1.0 if nim_sum(heaps) else -1.0)
    if nim_sum(heaps):                       # the winning move leaves a nim-sum of zero
        after = Nim(heaps)
        after.apply_action(result.action)
        assert nim_sum(after.heaps) == 0


def brute_force(heaps: tuple, player: int, extra_turns: bool) -> int:
    """+1 if player 0 wins with best play, written without any qsearch code."""
    @functools.cache
    def solve(heaps, player):
        outcomes = []
        for i, size in enumerate(heaps):
            for k in range(1, size + 1):
                after = heaps[:i] + (size - k,) + heaps[i + 1:]
                if not any(after):
                    outcomes.append(1 if player == 0 else -1)
                    continue
                again = extra_turns and after[i] == 0
                outcomes.append(solve(after, player if again else 1 - player))
        return max(outcomes) if player == 0 else min(outcomes)
    return solve(heaps, player)


@pytest.mark.parametrize("heaps", [(2, 3), (1, 2, 2), (3, 1, 2), (2, 2, 2), (4, 1, 1)])
def test_turns_that_do_not_alternate_match_a_brute_force(heaps):
    expected = brute_force(heaps, 0, extra_turns=True)
    for search in SEARCHES:
        assert search(ExtraTurnNim(heaps)).value == expected, search.__name__
    assert iterative_deepening(ExtraTurnNim(heaps), 20).value == expected


@pytest.mark.parametrize("name", ["minimax", "negamax", "alphabeta", "pvs",
                                  "iterative_deepening"])
def test_every_call_that_works_on_the_twin_works_on_qsearch_search(name):
    import qsearch.search as S
    options = {"trace": True}
    if name == "iterative_deepening":
        options["tt"] = None             # its default table needs position keys Nim lacks
    depths = [1, 3, 9] if name == "iterative_deepening" else [1, 3, None]
    for heaps, depth in itertools.product([(1, 3, 5), (2, 2, 3)], depths):
        ours = getattr(S, name)(Nim(heaps), depth, **options)
        twin = getattr(reference, name)(as_protocol_state(Nim(heaps)), depth, **options)
        assert (ours.value, ours.action, ours.nodes, ours.trace) == \
            (twin.value, twin.action, twin.nodes, twin.trace)


def test_mcts_and_limited_minimax_run_their_twins_on_a_python_game():
    ours = mcts(Nim((1, 3, 5)), 500, seed=3)
    twin = reference.mcts(as_protocol_state(Nim((1, 3, 5))), 500, seed=3)
    assert ours.engine == "python"
    assert (ours.action, ours.children) == (twin.action, twin.children)
    from qsearch.reference.limited_minimax import limited_minimax as twin_limited

    def result(state, player):              # the game's result at its end, 0 before
        return state.returns()[player]
    twin_result = twin_limited(as_protocol_state(Nim((2, 3))), 3, result)
    assert limited_minimax(Nim((2, 3)), 3, result).action == twin_result.action


@pytest.mark.compiled
def test_qsearch_engines_still_run_compiled():
    assert alphabeta(Connect4.from_moves("4453"), 4).engine == "compiled"
    assert mcts(TicTacToe(), 50).engine == "compiled"


@pytest.mark.compiled
def test_openspiel_games_agree_with_qsearch_engines():
    theirs = alphabeta(load("openspiel:tic_tac_toe"))
    ours = alphabeta(TicTacToe())
    assert theirs.engine == "python" and ours.engine == "compiled"
    assert theirs.value == ours.value == 0.0
    state = load("openspiel:connect_four")
    for column in (3, 3, 4):
        state.apply_action(column)
    ours_c4 = Connect4()
    for column in (3, 3, 4):
        ours_c4.apply_action(column)
    assert alphabeta(state, 4).value == alphabeta(ours_c4, 4).value


def test_expectiminimax_and_mcts_on_an_openspiel_dice_game():
    state = load("openspiel:pig(winscore=6)")
    ours = expectiminimax(state, 4)
    twin = reference.expectiminimax(state, 4)
    assert ours.engine == "python" and (ours.value, ours.nodes) == (twin.value, twin.nodes)
    assert mcts(state, 200, seed=1).engine == "python"


def test_what_a_search_cannot_play_is_refused_clearly():
    with pytest.raises(ValueError, match="use expectiminimax or mcts"):
        alphabeta(load("openspiel:pig"), 2)
    with pytest.raises(ValueError, match="perfect information"):
        minimax(load("kuhn_poker"), 2)
    with pytest.raises(ValueError, match="has 3 players"):
        alphabeta(load("openspiel:pig(players=3)"), 2)
    with pytest.raises(ValueError, match=r"tt= needs state.position_key\(\).*Nim has none"):
        alphabeta(Nim(), 3, tt=True)
    with pytest.raises(TypeError, match=r"lacks .*returns\(\)"):
        alphabeta(object(), 2)
    with pytest.raises(TypeError, match="not the class Nim"):
        pvs(Nim, 2)
    with pytest.raises(ValueError, match="depth must be >= 0"):
        alphabeta(Nim(), -1)


def test_a_heuristic_that_changes_a_python_game_is_caught():
    def cheat(state, player):
        if state.legal_actions():
            state.apply_action(state.legal_actions()[0])
        return 0.0
    with pytest.raises(ValueError, match="changed the state"):
        alphabeta(Nim((3, 4, 5)), 2, cheat)


def test_a_python_games_own_attributes_reach_its_heuristic():
    def more_stones_for_me(state, player):
        return float(sum(state.heaps))
    result = alphabeta(Nim((3, 4, 5)), 1, more_stones_for_me)
    assert result.leaves > 0 and result.value == 11.0     # the best move takes one stone


def test_quiescence_runs_on_a_python_game_as_readable_python():
    from qsearch.search import normal_search
    volatile = lambda state: sum(state.heaps) <= 3              # noqa: E731
    ours = normal_search(Nim((2, 3, 4)), 1, 3, lambda state, player: 0.0, volatile=volatile)
    twin = reference.normal_search(as_protocol_state(Nim((2, 3, 4))), 1, 3,
                                   lambda state, player: 0.0, volatile=volatile)
    assert ours.engine == "python" and (ours.value, ours.nodes) == (twin.value, twin.nodes)
