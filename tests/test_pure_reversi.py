"""PyReversi, the plain-Python Reversi, against the compiled Reversi.

Lockstep on seeded random games from the start and from ``from_board`` positions (every
observation and every error path at every step, then undo back to the start; 200 games in the
slow tier, a few in the quick one); passes; the bitboards and keys, text forms, copies and
pickles; the contract suite; the disc-difference twin and the readable searches on the pure
engine against the compiled ones on the compiled engine; and the drawings. The compiled
engine is the oracle for the pure one.
"""
import random

import pytest
from helpers import same_result
from pure_engine_checks import (
    copies_agree,
    observe,
    outcome,
    own_dunders,
    play_in_lockstep,
    public_names,
    same_error,
)

import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import Reversi, check_game
from qsearch.heuristics.reversi import disc_difference
from qsearch.reference.reversi import PASS, PyReversi
from qsearch.reference.reversi import disc_difference as twin_disc_difference
from qsearch.viz.mcts import move_text
from qsearch.viz.reversi_svg import reversi_svg
from qsearch.viz.tree import draw_search

# White (o) to move has no placement, black has: white must pass (from a random game).
WHITE_PASSES = "xxxxxxox/ooooooox/.ooxooxx/oooxxoox/xooxxxox/xxxooxxx/xxooooxx/xxxxxxxx"
# Neither can place a disc (a terminal position), white ahead.
OVER = "oooooooo/" * 7 + "ooooooo."


def random_actions(rng, *, low=0, high=70) -> list:
    """The actions of a random game from the start, stopped at a random length in
    ``low..high`` or at the end (found on the compiled engine)."""
    state, target = Reversi(), rng.randint(low, high)
    while state.num_moves() < target and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.history()


def both(actions):
    return PyReversi.from_moves(actions), Reversi.from_moves(actions)


def both_boards(board: str, player: int):
    return PyReversi.from_board(board, player), Reversi.from_board(board, player)


def open_positions(count, seed, *, low=8, high=50):
    """``count`` seeded positions, neither over, as (pure, compiled) pairs."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        pure, compiled = both(random_actions(rng, low=low, high=high))
        if not compiled.is_terminal():
            out.append((pure, compiled))
    return out


def test_same_public_api_as_the_compiled_engine():
    assert public_names(PyReversi) == public_names(Reversi)
    assert own_dunders(PyReversi) == own_dunders(Reversi)
    assert isinstance(PyReversi.__dict__["from_moves"], classmethod)
    assert isinstance(PyReversi.__dict__["from_board"], classmethod)


@pytest.mark.parametrize("games", [pytest.param(200, marks=pytest.mark.release), 12])
def test_random_games_in_lockstep(games):
    rng = random.Random(games)
    lengths = [play_in_lockstep(PyReversi(), Reversi(), rng) for _ in range(games)]
    assert max(lengths) >= 58


@pytest.mark.parametrize("games", [pytest.param(60, marks=pytest.mark.slow), 4])
def test_random_games_from_boards_in_lockstep(games):
    """From a board with no history (the repr and pickles are from_board's; undo stops at the
    board), with either side to move, including one that must pass."""
    rng = random.Random(games + 1)
    for k in range(games):
        board = Reversi.from_moves(random_actions(rng, low=10, high=40)).board_string()
        play_in_lockstep(*both_boards(board, k % 2), rng)
    play_in_lockstep(*both_boards(WHITE_PASSES, 1), rng)


def test_passes_and_the_end_agree():
    pure, compiled = both_boards(WHITE_PASSES, 1)
    assert observe(pure) == observe(compiled)
    assert pure.legal_actions() == [PASS] and pure.action_to_string(PASS) == "pass"
    pure.apply_action(PASS)
    compiled.apply_action(PASS)
    assert observe(pure) == observe(compiled) and pure.mover() == compiled.mover() == 0
    assert pure.legal_actions() == compiled.legal_actions() == [16]      # a3
    pure, compiled = both_boards(OVER, 0)
    assert observe(pure) == observe(compiled)
    assert pure.is_terminal() and pure.returns() == [-1.0, 1.0] and pure.mover() == 0
    # random games do reach passes, and both engines agree there
    rng, passes = random.Random(2), 0
    for _ in range(60):
        pure, compiled = PyReversi(), Reversi()
        while not compiled.is_terminal():
            a = rng.choice(compiled.legal_actions())
            passes += a == PASS
            pure.apply_action(a)
            compiled.apply_action(a)
            assert pure.legal_actions() == compiled.legal_actions()
        assert observe(pure) == observe(compiled)
    assert passes > 0


def test_bitboards_keys_and_counts_agree():
    rng = random.Random(5)
    for _ in range(100):
        pure, compiled = both(random_actions(rng))
        assert pure.bitboards() == compiled.bitboards()
        assert pure.position_key() == compiled.position_key()
        assert pure.discs() == compiled.discs()
        assert pure.mover() == compiled.mover()
        assert pure.num_moves() == compiled.num_moves() == len(compiled.history())
        assert [pure.cell(i) for i in range(64)] == [compiled.cell(i) for i in range(64)]
        board = compiled.board_string()
        for player in (0, 1):         # the key depends on the mover, also without history
            a, b = both_boards(board, player)
            assert a.position_key() == b.position_key() and a.num_moves() == b.num_moves() == 0


def test_the_bitboards_layout_as_documented():
    pure = PyReversi()
    black, white = pure.bitboards()
    assert (black, white) == ((1 << 28) | (1 << 35), (1 << 27) | (1 << 36))   # e4 d5; d4 e5
    assert (black, white) == Reversi().bitboards()


def test_text_forms_round_trip():
    rng = random.Random(6)
    for _ in range(40):
        pure, compiled = both(random_actions(rng))
        assert repr(pure) == repr(compiled) and str(pure) == str(compiled)
        # the repr is the compiled engine's text, which evaluates in either namespace
        rebuilt = eval(repr(pure), {"Reversi": PyReversi})
        assert type(rebuilt) is PyReversi and observe(rebuilt) == observe(pure)
        assert observe(PyReversi.from_moves(pure.moves_string())) == observe(pure)
        assert PyReversi.from_moves(pure.moves_string().replace(" ", "")) == pure
        for sep in ("/", "\n", "", " "):
            board = compiled.board_string(sep)
            assert pure.board_string(sep) == board
            a, b = both_boards(board, compiled.mover())
            assert observe(a) == observe(b) and a == pure
            assert eval(repr(a), {"Reversi": PyReversi}) == a
        for a in range(65):
            text = compiled.action_to_string(a)
            assert pure.action_to_string(a) == text
            for variant in (text, text.upper(), f" {text} "):
                assert pure.string_to_action(variant) == compiled.string_to_action(variant) == a
    assert PyReversi().string_to_action("--") == Reversi().string_to_action("--") == PASS


@pytest.mark.parametrize("moves", [
    "", "d3", "D3 C5", "d3c5f6", "d3, c5", "d9", "z1", "d3d3", "d3 x", "pass", "--", "d3 pass",
    "d", "d3c", [19, 18], [19, 19], [19, "c5"], ["d3"], [True], [64], [], (19,),
])
def test_move_lists_err_or_succeed_alike(moves):
    got = outcome(lambda: PyReversi.from_moves(moves))
    assert got == outcome(lambda: Reversi.from_moves(moves))


@pytest.mark.parametrize("moves", [19, None])
def test_moves_that_are_neither_text_nor_a_list_are_the_same_type_error(moves):
    got = outcome(lambda: PyReversi.from_moves(moves))
    assert got == outcome(lambda: Reversi.from_moves(moves)) and got[0] is TypeError


@pytest.mark.parametrize(("board", "player"), [
    ("x", 0), ("." * 65, 0), ("." * 63 + "?", 0), ("." * 64, 2), ("." * 64, -1),
    (OVER, 1), (WHITE_PASSES.replace("/", "|"), 1), ("-" * 64, 1), (12, 0), (None, 0),
    (["x"] * 64, 0), ("X" * 32 + "O" * 32, 1),
])
def test_boards_err_or_succeed_alike(board, player):
    got = outcome(lambda: PyReversi.from_board(board, player))
    assert got == outcome(lambda: Reversi.from_board(board, player))


def test_other_error_paths():
    pure, compiled = both([19, 18])
    for i in (-1, 64, 65):
        same_error(pure, compiled, lambda s, i=i: s.cell(i))
    for p in (-1, 2):
        same_error(pure, compiled, lambda s, p=p: s.player_return(p))
    # the compiled engine's C int parameters refuse these too (their messages are Cython's)
    for call in (lambda s: s.cell("4"), lambda s: s.cell(None), lambda s: s.player_return("0"),
                 lambda s: type(s).from_board("." * 64, "0")):
        kinds = {outcome(lambda s=state, f=call: f(s))[0] for state in (pure, compiled)}
        assert kinds == {TypeError}
    for cls in (PyReversi, Reversi):
        with pytest.raises(TypeError):
            cls("d3")                        # no silent start position


@pytest.mark.compiled
def test_copies_pickles_equality_and_hashes():
    rng = random.Random(3)
    pairs = [both(random_actions(rng, high=10)) for _ in range(120)]
    for pure, compiled in pairs[:30]:
        copies_agree(pure, compiled)
        copies_agree(*both_boards(compiled.board_string(), 1 - compiled.mover()))
    for i in range(0, 120, 7):
        for j in range(120):
            pi, ci = pairs[i]
            pj, cj = pairs[j]
            assert (pi == pj) == (ci == cj)
            if pi == pj:
                assert hash(pi) == hash(pj)
    # two move orders reaching the same board, the same player to move: the same position
    a, b = PyReversi.from_moves("d3c3c4e3"), PyReversi.from_moves("c4c3d3e3")
    assert a == b and hash(a) == hash(b) and a.history() != b.history()
    assert a.position_key() == Reversi.from_moves("c4c3d3e3").position_key()
    same = PyReversi.from_board(a.board_string(), a.mover())
    assert same == a and repr(same) != repr(a)
    assert PyReversi() != Reversi()          # different engines never compare equal


def test_the_contract_suite():
    assert check_game(PyReversi, games=3, seed=4) > 3 * 55
    assert check_game(PyReversi.from_board(WHITE_PASSES, 1), games=2, seed=5) > 2


# ------------------------------------------------------------------ heuristic and searches
def test_disc_difference_twin_on_pure_equals_the_compiled_heuristic():
    rng = random.Random(11)
    for _ in range(20):
        pure, compiled = PyReversi(), Reversi()
        while True:
            for player in (0, 1):
                assert twin_disc_difference(pure, player) == disc_difference(compiled, player)
            if compiled.is_terminal():
                break
            a = rng.choice(compiled.legal_actions())
            pure.apply_action(a)
            compiled.apply_action(a)


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "pvs"])
def test_readable_searches_on_pure_equal_compiled_searches(algorithm):
    twin, compiled_search = getattr(ref, algorithm), getattr(fast, algorithm)
    depth = 2 if algorithm in ("minimax", "negamax") else 3
    for pure, compiled in open_positions(3, 8):
        a = twin(pure, depth, twin_disc_difference, trace=True)
        b = compiled_search(compiled, depth, disc_difference, trace=True)
        assert same_result(a, b) and a.trace == b.trace, repr(compiled)
        # the public search runs the twin on the pure engine (the dispatch)
        c = compiled_search(pure, depth, twin_disc_difference)
        assert c.engine == "python" and same_result(c, b)


def test_searches_with_order_table_and_to_the_end():
    corners_first = (0, 7, 56, 63, *[a for a in range(65) if a not in (0, 7, 56, 63)])
    for pure, compiled in open_positions(3, 9, low=20, high=40):
        a = ref.alphabeta(pure, 3, twin_disc_difference, order=corners_first, tt=12)
        b = fast.alphabeta(compiled, 3, disc_difference, order=corners_first, tt=12)
        assert same_result(a, b), repr(compiled)
        a = ref.iterative_deepening(pure, 3, twin_disc_difference)
        b = fast.iterative_deepening(compiled, 3, disc_difference)
        assert same_result(a, b), repr(compiled)
    for pure, compiled in open_positions(2, 10, low=54, high=56):     # a few empty cells left
        assert same_result(ref.alphabeta(pure, None, tt=True), fast.alphabeta(compiled, None,
                                                                               tt=True))


def test_mcts_twin_on_pure_equals_compiled_mcts():
    for k, (pure, compiled) in enumerate(open_positions(2, 11, low=40, high=50)):
        a = ref.mcts(pure, 40, seed=k, trace=True, keep_tree=True)
        b = fast.mcts(compiled, 40, seed=k, trace=True, keep_tree=True)
        assert a.children == b.children and (a.value, a.action, a.nodes) == (
            b.value, b.action, b.nodes)
        assert a.trace == b.trace and a.tree == b.tree
    # notebook 06's cheaper rollout: cut off after a few plies and scored by disc difference
    for k, (pure, compiled) in enumerate(open_positions(2, 12, low=10, high=30)):
        a = ref.mcts(pure, 40, seed=k, evaluate=twin_disc_difference, rollout_depth=3)
        b = fast.mcts(compiled, 40, seed=k, evaluate=disc_difference, rollout_depth=3)
        assert a.children == b.children and (a.value, a.action, a.nodes) == (
            b.value, b.action, b.nodes)


# ------------------------------------------------------------------ drawings
def test_drawings_are_the_same():
    rng = random.Random(13)
    for _ in range(15):
        pure, compiled = both(random_actions(rng))
        assert pure._repr_svg_() == compiled._repr_svg_() == reversi_svg(compiled)
        for a in compiled.legal_actions():
            assert move_text(pure, a) == move_text(compiled, a)
    pure, compiled = PyReversi(), Reversi()
    for node_label in (None, "board"):
        a = draw_search(ref.alphabeta(pure, 2, twin_disc_difference, trace=True), state=pure,
                        node_label=node_label)
        b = draw_search(fast.alphabeta(compiled, 2, disc_difference, trace=True),
                        state=compiled, node_label=node_label)
        assert a.source == b.source
