"""Reversi: perft against Bik's published counts, OpenSpiel's ``othello`` in lockstep, the
plain-Python twin, make/unmake, notation, the disc heuristic and bad input."""

import pickle
import random

import pytest

from qsearch import IllegalMoveError
from qsearch.games.reversi import Reversi
from qsearch.heuristics.reversi import DiscDifference, disc_difference
from qsearch.reference.reversi import PyReversi
from qsearch.reference.reversi import disc_difference as py_disc_difference
from qsearch.search.tree_stats import perft

# Perft from the start (Aart Bik's counts; passes count as a move).
BIK_PERFT = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288]


@pytest.mark.compiled_speed
@pytest.mark.parametrize("depth", range(1, 10))
def test_perft_matches_bik(depth):
    assert perft(Reversi(), depth) == BIK_PERFT[depth - 1]


def cells(state) -> str:
    """The 64 cells, row 1 first, as ``x``/``o``/``.`` (our boards and OpenSpiel's alike)."""
    text = str(state)
    rows = [line for line in text.splitlines() if line[:1].isdigit()]
    return "/".join("".join(ch for ch in row[1:] if ch in "xo.-").replace("-", ".")
                    for row in rows)


@pytest.mark.slow
def test_lockstep_with_openspiel_othello():
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("othello")
    rng = random.Random(15)
    passes = 0
    for _ in range(500):
        ours, theirs = Reversi(), game.new_initial_state()
        while True:
            where = f"{ours!r}\n{ours}"
            assert ours.legal_actions() == theirs.legal_actions(), where
            assert ours.is_terminal() == theirs.is_terminal(), where
            assert ours.current_player() == theirs.current_player(), where
            assert cells(ours) == cells(theirs), where
            if ours.is_terminal():
                assert ours.returns() == list(theirs.returns()), where
                break
            action = rng.choice(ours.legal_actions())
            passes += action == 64
            mover = theirs.current_player()
            assert ours.action_to_string(action) == theirs.action_to_string(mover, action)
            ours.apply_action(action)
            theirs.apply_action(action)
    assert passes > 0          # the games did exercise the pass


def test_twin_agrees_and_undo_restores():
    rng = random.Random(7)
    for _ in range(40):
        ours, twin = Reversi(), PyReversi()
        keys = []
        while not ours.is_terminal():
            assert ours.legal_actions() == twin.legal_actions()
            assert ours.board_string() == twin.board_string()
            assert disc_difference(ours, 0) == py_disc_difference(twin, 0)
            assert disc_difference(ours, 1) == py_disc_difference(twin, 1)
            keys.append((ours.position_key(), ours.board_string()))
            action = rng.choice(ours.legal_actions())
            ours.apply_action(action)
            twin.apply_action(action)
        assert twin.is_terminal() and ours.returns() == twin.returns()
        while keys:                       # unmake walks back through the same positions
            ours.undo_action()
            twin.undo_action()
            assert (ours.position_key(), ours.board_string()) == keys.pop()
            assert twin.board_string() == ours.board_string()
        assert ours == Reversi()


def test_notation_round_trip():
    s = Reversi()
    assert [s.action_to_string(a) for a in s.legal_actions()] == ["d3", "c4", "f5", "e6"]
    assert s.string_to_action("D3") == 19 and s.string_to_action("pass") == 64
    assert s.action_to_string(64) == "pass"
    for a in range(65):
        assert s.string_to_action(s.action_to_string(a)) == a
    t = Reversi.from_moves("f5d6c3d3c4")
    assert t.history() == [37, 43, 18, 19, 26]
    assert Reversi.from_moves(t.history()) == t
    assert eval(repr(t)) == t
    assert pickle.loads(pickle.dumps(t)) == t


def test_pass_is_the_only_move_when_blocked():
    # Black on a1, white on c2 and h7: no two discs share a line, so nobody can flank
    # anything: the game is over at once and white wins 2-1.
    board = "x......." + "..o....." + "." * 32 + ".......o" + "." * 8
    s = Reversi.from_board(board, player=0)
    assert s.legal_actions() == [] and s.is_terminal() and s.returns() == [-1.0, 1.0]
    # x x o on row 1, white to move: white cannot flank (a1 is the edge) and must pass;
    # black then plays d1, flanking c1 with b1, and no white disc is left.
    s = Reversi.from_board("xxo....." + "." * 56, player=1)
    assert s.legal_actions() == [64]                  # white must pass
    s.apply_action(64)
    assert s.current_player() == 0 and s.legal_actions() == [3]
    s.apply_action(3)
    assert s.is_terminal() and s.discs() == (4, 0) and s.returns() == [1.0, -1.0]
    s.undo_action()
    s.undo_action()
    assert s.board_string().startswith("xxo.....") and s.current_player() == 1


def test_disc_difference_heuristic():
    s = Reversi.from_moves("d3")
    assert disc_difference(s, 0) == 3.0 and disc_difference(s, 1) == -3.0
    assert isinstance(disc_difference, DiscDifference)
    from qsearch.games import TicTacToe
    with pytest.raises(TypeError, match="Reversi"):
        disc_difference(TicTacToe(), 0)
    with pytest.raises(ValueError, match="player"):
        disc_difference(s, 2)


def test_bad_input_raises_and_leaves_state():
    s = Reversi.from_moves("d3")
    before = (s.board_string(), s.history())
    with pytest.raises(IllegalMoveError, match="legal actions"):
        s.apply_action(0)
    with pytest.raises(IllegalMoveError):
        s.apply_action(64)                            # white can move: no pass
    with pytest.raises(TypeError):
        s.apply_action("c3")
    assert (s.board_string(), s.history()) == before
    with pytest.raises(ValueError, match="not a Reversi cell"):
        s.string_to_action("i9")
    with pytest.raises(ValueError, match="token 2"):
        Reversi.from_moves("d3zz")
    with pytest.raises(ValueError, match="move 2"):
        Reversi.from_moves("d3d3")
    with pytest.raises(ValueError, match="64 cells"):
        Reversi.from_board("x" * 63)
    with pytest.raises(ValueError, match="player"):
        Reversi.from_board("." * 64, player=2)
    with pytest.raises(TypeError):
        Reversi("d3")


def test_svg_board():
    svg = Reversi.from_moves("d3")._repr_svg_()
    assert svg.startswith("<svg") and "viewBox" in svg
    assert svg.count('class="stone p0"') == 4 and svg.count('class="stone p1"') == 1


def test_alphabeta_twin_and_openspiel_search_the_same_tree():
    # The compiled alpha-beta on Reversi, the reference alpha-beta on the plain-Python twin, and
    # OpenSpiel's alpha_beta_search on its othello: same value, move and leaf count.
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.minimax import alpha_beta_search

    from qsearch.reference import alphabeta as ref_alphabeta
    from qsearch.search import alphabeta

    game = pyspiel.load_game("othello")
    rng = random.Random(8)
    for plies, depth in ((0, 5), (12, 4), (30, 3), (50, 4)):
        ours, twin, theirs = Reversi(), PyReversi(), game.new_initial_state()
        for _ in range(plies):
            action = rng.choice(ours.legal_actions())
            for s in (ours, twin, theirs):
                s.apply_action(action)
        if ours.is_terminal():
            continue
        me = ours.current_player()
        # OpenSpiel scores a finished game +-1 beside disc differences up to 64: the same
        # scale needs our heuristics without their declared bounds (else win_value=1 is
        # refused as ranking a win below a heuristic value).
        fast = alphabeta(ours, depth, lambda s, p: disc_difference(s, p), win_value=1.0)
        slow = ref_alphabeta(twin, depth, lambda s, p: py_disc_difference(s, p), win_value=1.0)
        assert (fast.value, fast.action, fast.nodes, fast.leaves) == \
               (slow.value, slow.action, slow.nodes, slow.leaves)
        leaves = [0]

        def value(state, me=me, leaves=leaves):
            leaves[0] += 1
            rows = str(state).split("\n", 1)[1]
            v = rows.count("x") - rows.count("o")
            return float(v if me == 0 else -v)

        v, a = alpha_beta_search(game, theirs, value, depth, me)
        assert (v, a, leaves[0]) == (fast.value, fast.action, fast.leaves)
