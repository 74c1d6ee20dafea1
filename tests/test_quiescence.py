"""Quiescence search (document 002 §2.4, Alg. 4 and 5) and the python-chess adapter.

Oracles: python-chess's own move generator and OpenSpiel's chess in lockstep, published
perft counts, the plain reference searches (which Alg. 5 must reproduce node for node when
nothing is volatile or the second depth is 0), minimax against alpha-beta, and the heuristic
wrapper against the traced search.
"""
import random

import chess
import pytest
from helpers import random_position, same_result

import qsearch.reference as ref
from qsearch import IllegalMoveError
from qsearch.games import Connect4, TicTacToe
from qsearch.games.chess_adapter import (
    ChessState,
    action_to_move,
    captures,
    material,
    move_to_action,
    volatile,
)
from qsearch.reference.quiescence import QuiescentEvaluation, normal_search, quiescence_search
from qsearch.viz.searchtree import build_search_tree

# Ex. 2.12 rebuilt: White to move; Qxh5 wins a knight that the g6 pawn defends.
#   . . . . . . . .
#   . . . . . k . .
#   . . . p . . p .
#   . . . P . . . n
#   . . . . . . . .
#   . . . . . . . .
#   . . P . . . . .
#   . . . . . K . Q
EX_2_12 = "8/5k2/3p2p1/3P3n/8/8/2P5/5K1Q w - - 0 1"
WIN = 1000.0


def random_chess(rng, max_plies=40):
    """A position after up to ``max_plies`` random moves from the start (never finished)."""
    s = ChessState()
    for _ in range(rng.randrange(max_plies + 1)):
        actions = s.legal_actions()
        child = s.child(rng.choice(actions))
        if child.is_terminal():
            break
        s = child
    return s


def plain_trace(result):
    return [e for e in result.trace if e.kind != "quiesce"]


# ----------------------------------------------------------------- the adapter
@pytest.mark.slow
def test_adapter_moves_match_python_chess_on_random_games():
    rng = random.Random(7)
    for _ in range(15):
        s = ChessState()
        while not s.is_terminal() and len(s.history()) < 80:
            actions = s.legal_actions()
            assert actions == sorted(move_to_action(m) for m in s.board.legal_moves)
            assert all(action_to_move(a) in s.board.legal_moves for a in actions)
            for a in actions:                                   # SAN round trip
                assert s.string_to_action(s.action_to_string(a)) == a
            fen, a = s.fen(), rng.choice(actions)
            s.apply_action(a)
            assert s.undo_action() == a and s.fen() == fen      # undo restores the position
            s.apply_action(a)
        assert (s.legal_actions() == []) == s.is_terminal()


@pytest.mark.parametrize("games,min_plies", [
    pytest.param(10, 400, marks=pytest.mark.slow, id="10-games"),
    pytest.param(1, 100, id="the-first-game"),
])
def test_adapter_in_lockstep_with_openspiel_chess(games, min_plies):
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("chess")
    rng = random.Random(11)
    plies = 0
    for _ in range(games):
        ours, theirs = ChessState(), game.new_initial_state()
        # OpenSpiel also draws at threefold repetition and 50 moves; python-chess (without
        # claims) at fivefold and 75: compare while neither rule can apply.
        while not theirs.is_terminal() and ours.board.halfmove_clock < 90 \
                and not ours.board.is_repetition(2):
            san = sorted(ours.action_to_string(a).rstrip("+#") for a in ours.legal_actions())
            assert san == sorted(theirs.action_to_string(a).rstrip("+#")
                                 for a in theirs.legal_actions()), ours.fen()
            assert ours.current_player() == 1 - theirs.current_player()   # their 1 is White
            a = rng.choice(theirs.legal_actions())
            ours.apply_action(ours.string_to_action(theirs.action_to_string(a)))
            theirs.apply_action(a)
            assert ours.board.fen(en_passant="xfen") == str(theirs)
            plies += 1
        if theirs.is_terminal() and not ours.board.is_repetition(3):
            assert ours.is_terminal()
            assert ours.returns() == list(reversed(theirs.returns()))
    assert plies > min_plies


@pytest.mark.parametrize("depth,count", [(1, 20), (2, 400), (3, 8902)])
def test_perft_of_the_start_position(depth, count):
    def perft(s, d):
        if d == 0:
            return 1
        n = 0
        for a in s.legal_actions():
            s.apply_action(a)
            n += perft(s, d - 1)
            s.undo_action()
        return n

    s = ChessState()
    assert perft(s, depth) == count
    assert s.fen() == chess.STARTING_FEN


def test_mate_and_returns():
    s = ChessState.from_moves("f3 e5 g4 Qh4")                  # fool's mate
    assert s.is_terminal() and s.legal_actions() == []
    assert s.returns() == [-1.0, 1.0] and s.current_player() == -4
    stalemate = ChessState("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_terminal() and stalemate.returns() == [0.0, 0.0]


def test_material_volatile_and_captures():
    s = ChessState(EX_2_12)
    assert material(s, 0) == 6.0 and material(s, 1) == -6.0   # Q+2P against N+2P
    assert [s.action_to_string(a) for a in captures(s)] == ["Qxh5"]
    assert volatile(s)
    assert not volatile(ChessState())
    promo = ChessState("8/P6k/8/8/8/8/8/K7 w - - 0 1")           # a promotion, no capture
    assert volatile(promo) and len(captures(promo)) == 4
    assert {promo.action_to_string(a) for a in captures(promo)} == {"a8=Q", "a8=R", "a8=B",
                                                                    "a8=N"}


def test_bad_input_leaves_the_state_unchanged():
    s = ChessState(EX_2_12)
    fen = s.fen()
    for text in ["Qxh6", "xx", "", "--", "0000", "h1h8", "e2e4", "Qh1h5h6"]:
        with pytest.raises(IllegalMoveError, match="legal moves"):
            s.string_to_action(text)
    for action in [0, -1, 4096 * 7, 10**9, 7 * 64 + 63]:
        with pytest.raises(IllegalMoveError, match="illegal"):
            s.apply_action(action)
        with pytest.raises(IllegalMoveError):
            s.child(action)
    with pytest.raises(TypeError):
        s.apply_action("Qxh5")
    with pytest.raises(TypeError):
        s.apply_action(1.5)
    with pytest.raises(TypeError):
        s.string_to_action(7)
    assert s.fen() == fen and s.history() == []
    with pytest.raises(ValueError, match="no action to undo"):
        s.undo_action()
    with pytest.raises(ValueError, match="not a valid FEN"):
        ChessState("not a fen")
    with pytest.raises(ValueError, match="not a legal chess position"):
        ChessState("8/8/8/8/8/8/8/8 w - - 0 1")
    done = ChessState.from_moves("f3 e5 g4 Qh4")
    with pytest.raises(IllegalMoveError, match="game is over"):
        done.apply_action(0)


# ---------------------------------------------------------------- Ex. 2.12
def test_ex_2_12_minimax_takes_the_defended_knight():
    s = ChessState(EX_2_12)
    r = ref.minimax(s, 1, material, win_value=WIN)
    assert s.action_to_string(r.action) == "Qxh5" and r.value == 9.0


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
@pytest.mark.parametrize("moves,stand_pat", [(None, False), (captures, True)])
def test_ex_2_12_quiescence_does_not(algorithm, moves, stand_pat):
    s = ChessState(EX_2_12)
    qxh5 = s.string_to_action("Qxh5")
    opts = dict(volatile=volatile, moves=moves, stand_pat=stand_pat, algorithm=algorithm,
                win_value=WIN, trace=True)
    for r in (normal_search(s, 1, 2, material, **opts), quiescence_search(s, 3, material, **opts)):
        assert r.value == 6.0 and r.action != qxh5            # keeps the extra queen
        tree = build_search_tree(r.trace)
        knight = next(n for n in tree.nodes.values() if n.ply == 1 and n.action == qxh5)
        assert knight.value <= 0.0                            # ... gxh5 and the queen is gone
    r = normal_search(s, 1, 2, material, **opts)
    marked = {n.id for n in build_search_tree(r.trace).nodes.values() if n.quiescent}
    assert marked == {n.id for n in build_search_tree(r.trace).nodes.values()
                      if n.path[:1] == (qxh5,)}               # only the extension is marked


def test_ex_2_12_tree_is_drawn_with_the_extension_shaded():
    pytest.importorskip("graphviz")
    from qsearch.viz import draw_search
    from qsearch.viz.tree import QUIESCE_FILL

    s = ChessState(EX_2_12)
    r = normal_search(s, 1, 2, material, volatile=volatile, moves=captures, stand_pat=True,
                      trace=True, win_value=WIN)
    source = draw_search(r, state=s).source
    assert source.count(QUIESCE_FILL) == 2                  # Qxh5 and gxh5
    assert "gxh5" in source and "[−∞, ∞]" not in source     # minimax: no windows drawn


# -------------------------------------------- Alg. 5 reduces to the plain search
@pytest.mark.slow
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_nothing_volatile_is_the_plain_search(algorithm):
    rng = random.Random(3)
    plain = ref.ALGORITHMS[algorithm]
    for cls in (TicTacToe, Connect4):
        for i in range(40):
            s, depth = random_position(cls, rng, 8), 1 + i % 4
            a = plain(s, depth, material_free, trace=True)
            for d2 in (0, 3):
                b = normal_search(s, depth, d2, material_free, volatile=lambda _: False,
                                  algorithm=algorithm, trace=True)
                assert same_result(a, b) and a.trace == b.trace, (repr(s), depth, d2)
    # chess: after any first move Black has nothing to capture
    s = ChessState()
    a = plain(s, 1, material, trace=True)
    b = normal_search(s, 1, 4, material, volatile=volatile, algorithm=algorithm, trace=True)
    assert same_result(a, b) and a.trace == b.trace and b.nodes == 21


def material_free(state, player):
    """A zero-sum toy heuristic for the non-chess games (the key mixed to a number)."""
    k = state.position_key()
    v = ((k * 2654435761) % 97) / 10.0 - 4.8
    return v if player == 0 else -v


@pytest.mark.parametrize("algorithm", [pytest.param("minimax", marks=pytest.mark.slow),
                                       "alphabeta"])
def test_second_depth_zero_is_the_plain_search_on_chess(algorithm):
    rng = random.Random(5)
    plain = ref.ALGORITHMS[algorithm]
    for i in range(12):
        s, depth = random_chess(rng), 1 + i % 2
        a = plain(s, depth, material, trace=True, win_value=WIN)
        b = normal_search(s, depth, 0, material, volatile=volatile, algorithm=algorithm,
                          trace=True, win_value=WIN)
        assert same_result(a, b) and a.trace == plain_trace(b), (s, depth)


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_alg4_with_everything_volatile_is_the_plain_search(algorithm):
    rng = random.Random(9)
    for i in range(40):
        s, depth = random_position(Connect4, rng, 10), 1 + i % 4
        a = ref.ALGORITHMS[algorithm](s, depth, material_free, trace=True)
        b = quiescence_search(s, depth, material_free, volatile=lambda _: True,
                              algorithm=algorithm, trace=True)
        assert same_result(a, b) and a.trace == b.trace


def test_alg4_stops_at_once_in_a_quiet_root():
    s = ChessState()                                        # nothing to capture
    r = quiescence_search(s, 3, material, volatile=volatile)
    assert (r.value, r.action, r.nodes, r.leaves) == (0.0, None, 1, 1)


# --------------------------------------------- the extension on real positions
def extension_cases(count=6):
    """``count`` random positions with a volatile child (a smaller count: the first ones)."""
    rng = random.Random(21)
    cases = []
    while len(cases) < count:
        s = random_chess(rng, 50)
        if any(volatile(s.child(a)) for a in s.legal_actions()):
            cases.append(s)
    return cases


@pytest.mark.slow
@pytest.mark.parametrize("moves,stand_pat", [(None, False), (captures, True)])
def test_alphabeta_agrees_with_minimax_and_the_wrapper(moves, stand_pat):
    check_extension_agrees(extension_cases(), moves, stand_pat)


@pytest.mark.parametrize("moves,stand_pat", [(None, False), (captures, True)])
def test_alphabeta_agrees_with_minimax_and_the_wrapper_on_the_first_position(moves, stand_pat):
    check_extension_agrees(extension_cases(1), moves, stand_pat)


def check_extension_agrees(cases, moves, stand_pat):
    """Alg. 5 by alpha-beta and by minimax agree, and so do the plain searches with the
    extension as their heuristic; minimax's nodes are the plain ones plus the extension's."""
    for s in cases:
        depth2 = 1 if moves is None else 2
        opts = dict(volatile=volatile, moves=moves, stand_pat=stand_pat, win_value=WIN)
        mm = normal_search(s, 1, depth2, material, algorithm="minimax", **opts)
        ab = normal_search(s, 1, depth2, material, algorithm="alphabeta", **opts)
        assert (ab.value, ab.action) == (mm.value, mm.action), s
        assert ab.nodes <= mm.nodes
        for algorithm, search in [("alphabeta", ref.minimax), ("minimax", ref.alphabeta),
                                  ("alphabeta", ref.negamax), ("alphabeta", ref.pvs)]:
            q = QuiescentEvaluation(material, volatile, depth2, moves=moves,
                                    stand_pat=stand_pat, algorithm=algorithm, win_value=WIN)
            r = search(s, 1, q, win_value=WIN)
            assert (r.value, r.action) == (mm.value, mm.action), (s, search)
        # minimax: the traced search visits the plain nodes plus the extensions' nodes
        q = QuiescentEvaluation(material, volatile, depth2, moves=moves, stand_pat=stand_pat,
                                win_value=WIN)
        plain = ref.minimax(s, 1, q, win_value=WIN)
        assert mm.nodes == plain.nodes + q.nodes


def test_stand_pat_never_makes_a_capture_compulsory():
    # Black to move; the queen's only capture, Qxd4, loses her to cxd4.
    #   . . . q k . . .
    #   . . . . . . . .
    #   . . . . . . . .
    #   . . . . . . . .
    #   . . . P . . . .
    #   . . P . . . . .
    #   . . . . . . . .
    #   . . . . K . . .
    s = ChessState("3qk3/8/8/8/3P4/2P5/8/4K3 b - - 0 1")
    assert material(s, 0) == -7.0 and len(captures(s)) == 1
    forced = QuiescentEvaluation(material, volatile, 3, moves=captures)
    assert forced(s, 0) == 1.0 and forced(s, 1) == -1.0    # ... Qxd4 cxd4, forced
    for q in (QuiescentEvaluation(material, volatile, 3, moves=captures, stand_pat=True),
              QuiescentEvaluation(material, volatile, 2)):   # or: every move searched
        assert q(s, 0) == -7.0 and q(s, 1) == 7.0            # Black keeps the queen


# ------------------------------------------------------------------- bad input
def test_bad_search_arguments():
    s = ChessState(EX_2_12)
    with pytest.raises(ValueError, match="depth2 must be >= 0"):
        normal_search(s, 1, -1, material, volatile=volatile)
    with pytest.raises(TypeError, match="depth2"):
        normal_search(s, 1, 1.5, material, volatile=volatile)
    with pytest.raises(ValueError, match="depth must be >= 0"):
        quiescence_search(s, -2, material, volatile=volatile)
    with pytest.raises(ValueError, match="needs a depth"):
        quiescence_search(s, None, material, volatile=volatile)
    with pytest.raises(TypeError, match="volatile"):
        quiescence_search(s, 1, material, volatile=True)
    with pytest.raises(TypeError, match="moves"):
        quiescence_search(s, 1, material, volatile=volatile, moves=[1, 2])
    with pytest.raises(ValueError, match="algorithm"):
        normal_search(s, 1, 1, material, volatile=volatile, algorithm="pvs")
    with pytest.raises(ValueError, match="game is over"):
        normal_search(ChessState.from_moves("f3 e5 g4 Qh4"), 1, 1, material, volatile=volatile)
    with pytest.raises(ValueError, match="depth2"):
        QuiescentEvaluation(material, volatile, -1)
    with pytest.raises(TypeError, match="evaluate"):
        QuiescentEvaluation(None, volatile, 1)
    assert s.fen() == EX_2_12


def test_repr_rebuilds_and_svg_draws():
    s = ChessState.from_moves("e4 e5 Nf3")
    assert eval(repr(s), {"ChessState": ChessState}) == s
    assert "<svg" in s._repr_svg_() and str(s).splitlines()[0] == "r n b q k b n r"
    assert s.position_key() == s.clone().position_key() != ChessState().position_key()


def test_a_volatile_node_with_no_move_to_extend_is_a_leaf():
    # volatile says "yes" everywhere, moves keeps nothing: the horizon nodes are scored.
    s = ChessState(EX_2_12)
    r = normal_search(s, 1, 3, material, volatile=lambda _: True, moves=lambda _: [],
                      win_value=WIN)
    plain = ref.minimax(s, 1, material, win_value=WIN)
    assert (r.value, r.action, r.nodes, r.leaves) == (plain.value, plain.action, plain.nodes,
                                                      plain.leaves)


def test_alphabeta_stand_pat_events_replay_and_draw():
    pytest.importorskip("graphviz")
    from qsearch.viz import draw_search

    s = ChessState(EX_2_12)
    r = normal_search(s, 2, 4, material, volatile=volatile, moves=captures, stand_pat=True,
                      algorithm="alphabeta", trace=True, win_value=WIN)
    stand = [e for e in r.trace if e.kind in ("update", "cutoff") and e.action is None]
    assert stand and all(e.node != 0 for e in stand)         # never at the root
    assert sum(e.kind == "enter" for e in r.trace) == r.nodes
    assert sum(e.kind == "cutoff" for e in r.trace) == r.cutoffs
    tree = build_search_tree(r.trace)
    assert all(n.done for n in tree.nodes.values())
    assert all(n.ply >= 2 for n in tree.nodes.values() if n.quiescent)
    assert "[6, 6]" in draw_search(r, state=s).source       # windows are drawn


def test_chess_state_takes_a_board_as_its_fen():
    import chess

    from qsearch.games.chess_adapter import ChessState

    board = chess.Board()
    board.push_san("e4")
    state = ChessState(board)
    assert state.board.fen() == board.fen() and state == ChessState(board.fen())
    board.push_san("e5")                        # the state is a copy: the board moves on alone
    assert state.board.fen() != board.fen()
    with pytest.raises(TypeError, match="a FEN str or a chess.Board"):
        ChessState(3)
