"""Tree counts: the compiled module against published numbers and its pure-Python twin.

Numbers: document 002 (Carrillo Redondo, TFG UCM 2023), Ex. 1.4, for tic-tac-toe; the
standard Connect-4 perft; OEIS A212693 for Connect-4 positions per ply.
"""
import pytest

import qsearch.search.tree_stats as compiled
from qsearch.games import Connect4, TicTacToe
from qsearch.reference import tree_stats as ref
from qsearch.search.tree_stats import (
    TreeStats,
    count_positions,
    perft,
    positions_per_ply,
    tree_stats,
)

C4_PERFT = [1, 7, 49, 343, 2401, 16807, 117649, 823536, 5673234]   # depths 0..8
A212693 = [1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275]         # plies 0..8
TTT_PER_DEPTH = (1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872)


@pytest.fixture(scope="module")
def ttt_stats():
    return tree_stats(TicTacToe())


# ------------------------------------------------------------------ tic-tac-toe
def test_tictactoe_tree_matches_document_002(ttt_stats):
    assert ttt_stats.nodes == 549_946
    assert ttt_stats.internal == 294_778
    assert ttt_stats.branching_factor == 1.8656243003209194   # exactly, as printed in 002
    assert ttt_stats.branching_factor == (549_946 - 1) / 294_778


def test_tictactoe_games_by_result(ttt_stats):
    assert ttt_stats.terminals == ttt_stats.games == 255_168
    assert ttt_stats.wins == (131_184, 77_904)
    assert ttt_stats.draws == 46_080
    assert sum(ttt_stats.wins) + ttt_stats.draws == ttt_stats.terminals


def test_tictactoe_nodes_per_depth(ttt_stats):
    assert ttt_stats.nodes_per_depth == TTT_PER_DEPTH
    assert sum(ttt_stats.nodes_per_depth) == ttt_stats.nodes
    assert ttt_stats.max_depth == 9
    assert ttt_stats.nodes == ttt_stats.internal + ttt_stats.terminals


def test_tictactoe_positions():
    assert count_positions(TicTacToe()) == 5_478
    assert count_positions(TicTacToe(), canonical=TicTacToe.canonical_key) == 765


@pytest.mark.compiled_speed
def test_tictactoe_perft_is_nodes_per_depth():
    assert tuple(perft(TicTacToe(), d) for d in range(10)) == TTT_PER_DEPTH


def test_stats_of_a_terminal_state():
    # x x x
    # o o .
    # . . .
    won = TicTacToe.from_board("xxx/oo./...")
    s = tree_stats(won)
    assert (s.nodes, s.internal, s.terminals, s.wins, s.draws) == (1, 0, 1, (1, 0), 0)
    assert s.nodes_per_depth == (1,)
    with pytest.raises(ZeroDivisionError):
        _ = s.branching_factor
    assert perft(won, 0) == 1 and perft(won, 1) == 0
    assert positions_per_ply(won, 2) == [1, 0, 0]
    assert count_positions(won) == 1


def test_stats_of_a_midgame_position():
    # x o x
    # . o .
    # . . .      x to move, 5 empty cells
    state = TicTacToe.from_board("xox/.o./...")
    s = tree_stats(state)
    assert s.nodes == sum(perft(state, d) for d in range(6))
    assert s == ref.tree_stats(state)
    assert s.nodes_per_depth[1] == 5


# --------------------------------------------------------------------- Connect-4
@pytest.mark.compiled_speed
def test_connect4_perft_1_to_8():
    assert [perft(Connect4(), d) for d in range(9)] == C4_PERFT


@pytest.mark.compiled_speed
def test_connect4_positions_per_ply_is_oeis_a212693():
    assert positions_per_ply(Connect4(), 8) == A212693


def test_positions_per_ply_zero_is_the_state_itself():
    assert positions_per_ply(Connect4(), 0) == [1]
    assert positions_per_ply(Connect4.from_moves("4453"), 2) == [1, 7, 49]


# ------------------------------------------------------- the twin agrees with us
def test_twin_tree_stats_tictactoe(ttt_stats):
    twin = ref.tree_stats(TicTacToe())
    assert isinstance(twin, TreeStats)
    assert twin == ttt_stats
    assert twin.branching_factor == ttt_stats.branching_factor


def test_twin_perft_connect4():
    assert [ref.perft(Connect4(), d) for d in range(6)] == C4_PERFT[:6]


def test_twin_positions_per_ply_connect4():
    assert ref.positions_per_ply(Connect4(), 6) == A212693[:7]


def test_twin_count_positions_tictactoe():
    assert ref.count_positions(TicTacToe()) == 5_478
    assert ref.count_positions(TicTacToe(), TicTacToe.canonical_key) == 765


def test_twin_runs_on_openspiel():
    pyspiel = pytest.importorskip("pyspiel")
    c4 = pyspiel.load_game("connect_four").new_initial_state()
    assert [ref.perft(c4, d) for d in range(5)] == C4_PERFT[:5]
    assert ref.positions_per_ply(c4, 4) == A212693[:5]
    ttt = pyspiel.load_game("tic_tac_toe").new_initial_state()
    assert ref.count_positions(ttt) == 5_478


# ------------------------------------------------------------------- the contract
@pytest.mark.parametrize(
    "call",
    [
        lambda s: perft(s, 3),
        lambda s: tree_stats(s),
        lambda s: positions_per_ply(s, 3),
        lambda s: count_positions(s),
        lambda s: count_positions(s, TicTacToe.canonical_key),
    ],
)
def test_input_state_unchanged(call):
    s = TicTacToe.from_actions([4, 0])
    before = (s.position_key(), s.history(), s.board_string(), s.current_player())
    call(s)
    assert (s.position_key(), s.history(), s.board_string(), s.current_player()) == before
    s.undo_action()                   # the history still works
    assert s.board_string() == ".../.x./..."


@pytest.mark.parametrize("module", ["compiled", "reference"])
@pytest.mark.parametrize("not_a_game", [None, "xox/.o./...", 42, [0, 1]])
def test_type_error_for_a_non_game(module, not_a_game):
    m = ref if module == "reference" else compiled
    for call, args in (
        (m.perft, (not_a_game, 1)),
        (m.tree_stats, (not_a_game,)),
        (m.positions_per_ply, (not_a_game, 1)),
        (m.count_positions, (not_a_game,)),
    ):
        with pytest.raises(TypeError):
            call(*args)


@pytest.mark.parametrize("module", ["compiled", "reference"])
def test_bad_depths_and_canonical(module):
    m = ref if module == "reference" else compiled
    with pytest.raises(ValueError, match="depth"):
        m.perft(Connect4(), -1)
    with pytest.raises(ValueError, match="max_ply"):
        m.positions_per_ply(Connect4(), -1)
    with pytest.raises(TypeError):
        m.perft(Connect4(), 2.5)
    with pytest.raises(TypeError):
        m.perft(Connect4(), True)
    with pytest.raises(TypeError):
        m.count_positions(TicTacToe(), canonical=3)


def test_tree_stats_is_frozen(ttt_stats):
    with pytest.raises(AttributeError):
        ttt_stats.nodes = 0
