"""Symmetry inside the Quarto solver's table (``symmetry_until``; issue 23, item 1).

Oracles: the symmetry module's own canonical form (numpy, written for the proofs; positions
are in one class exactly when both say so), document 000's alpha-beta and the generic
alpha-beta core to the end of the game (the values must not change), the solver without
symmetry, and the readable twin (same values, node counts and table moves).
"""
import random

import pytest

from qsearch.games import OwnPieceQuarto, Quarto
from qsearch.games import quarto_symmetry as sym
from qsearch.reference.quarto_solver import (
    NO_HAND,
    PIECE_PLANES,
    ReferenceSolver,
    class_key,
    move_from_class,
    move_to_class,
    state_bits,
)
from qsearch.search import alphabeta
from qsearch.search import quarto_solver as compiled_solver
from qsearch.search.quarto_ab import ab_minimax
from qsearch.search.quarto_solver import QuartoSolver

pytestmark = pytest.mark.compiled_speed


def random_position(cls, placed, rng):
    """A non-terminal position with ``placed`` pieces (standard Quarto: a piece in hand)."""
    while True:
        g = cls()
        while g.num_placed() < placed and not g.is_terminal():
            g.apply_action(rng.choice(g.legal_actions()))
        if cls is Quarto and g.piece_in_hand() is None and not g.is_terminal():
            g.apply_action(rng.choice(g.legal_actions()))
        if not g.is_terminal():
            return g


def bits_of(board) -> tuple:
    """``(occ, planes)`` of a board of 16 codes."""
    occ = planes = 0
    for s, p in enumerate(board):
        if p != sym.EMPTY:
            occ |= 1 << s
            planes |= PIECE_PLANES[p] << s
    return occ, planes


def key_of(state) -> tuple:
    occ, _, planes = state_bits(state)
    hand = state.piece_in_hand() if isinstance(state, Quarto) else None
    return occ, planes, NO_HAND if hand is None else hand


def test_class_keys_agree_with_the_symmetry_module():
    """An image under any of the 12,288 symmetries has the same class key; two positions
    have the same key exactly when the symmetry module's canonical forms are equal."""
    rng = random.Random(1)
    keys, canon = [], []
    for _ in range(40):
        state = random_position(Quarto, rng.randrange(0, 6), rng)
        board, hand = sym.board_of(state), state.piece_in_hand()
        occ, planes, _ = key_of(state)
        g = rng.randrange(sym.GROUP_ORDER)
        image = sym.transform_board(board, g)
        image_hand = int(sym.PIECE_MAPS[g % 384][hand])
        assert class_key(*bits_of(image), image_hand)[:3] == class_key(occ, planes, hand)[:3]
        keys.append(class_key(occ, planes, hand)[:3])
        canon.append(sym.canonical(board, hand))
    for i in range(len(keys)):
        for j in range(len(keys)):
            assert (keys[i] == keys[j]) == (canon[i] == canon[j])


def test_the_compiled_class_keys_pick_the_twins_symmetry():
    """Key and symmetry element (the first of the smallest images), on random positions and
    on symmetric ones, where many elements give the smallest image."""
    rng = random.Random(6)
    states = [random_position(cls, rng.randrange(0, 9), rng)
              for cls in (Quarto, OwnPieceQuarto) for _ in range(40)]
    states += [Quarto.from_actions(a) for a in ([16], [16, 0, 31], [16, 0, 31, 15, 17],
                                                [16, 0, 31, 15, 17, 5, 30, 10, 18])]
    for state in states:
        key = key_of(state)
        assert compiled_solver.class_key(*key) == class_key(*key)


def test_a_class_key_is_an_image_and_moves_map_both_ways():
    rng = random.Random(2)
    for _ in range(30):
        state = random_position(Quarto, rng.randrange(1, 8), rng)
        occ, planes, hand = key_of(state)
        kocc, kplanes, khand, symmetry = class_key(occ, planes, hand)
        board = [sym.EMPTY] * 16
        for s in range(16):
            if occ >> s & 1:
                board[s] = state.board_pieces()[s]
        image = [sym.EMPTY] * 16
        for t in range(16):
            if kocc >> t & 1:
                image[t] = sum((kplanes >> (16 * k + t) & 1) << (3 - k) for k in range(4))
        assert sym.canonical(image, khand) == sym.canonical(board, hand)
        for move in range(256):
            assert move_from_class(move_to_class(move, symmetry), symmetry) == move
        # a legal move is carried to a legal move of the class's position, and its result
        # to the class of the result
        square = rng.choice(state.legal_actions())
        gift = rng.choice(state.child(square).legal_actions()) - 16
        moved = move_to_class(16 * square + gift, symmetry)
        assert not kocc >> (moved >> 4) & 1 and (moved & 15) != khand
        after = state.child(square).child(16 + gift)
        assert class_key(*key_of(after))[:3] == class_key(
            kocc | 1 << (moved >> 4), kplanes | PIECE_PLANES[khand] << (moved >> 4),
            moved & 15)[:3]


@pytest.mark.parametrize("cls", [OwnPieceQuarto, Quarto], ids=["own", "standard"])
def test_the_twin_gives_the_same_scores_nodes_and_table_moves(cls):
    rng = random.Random(3)
    for placed in (8, 9, 10):
        for until in (8, 10, 16):
            state = random_position(cls, placed, rng)
            for weak in (True, False):
                fast = QuartoSolver(16, symmetry_until=until)
                a = fast.solve(state, weak=weak)
                twin = ReferenceSolver(16, symmetry_until=until)
                assert twin.solve(state, weak=weak) == (a.score, a.nodes)
                moves = twin.lookup(*key_of(state))
                expected = None if moves is None else moves[5]
                if expected is not None and cls is Quarto:
                    expected = (expected >> 4, expected & 15)
                assert fast.table_move(state) == expected


@pytest.mark.parametrize("placed", [6, 7, 8])
def test_symmetry_does_not_change_a_value(placed):
    """Against engines with no symmetry and no shared code: document 000's alpha-beta (the
    variant, exact scores) and the generic alpha-beta core (standard Quarto, signs)."""
    rng = random.Random(placed)
    for _ in range(4):
        own = random_position(OwnPieceQuarto, placed, rng)
        v = ab_minimax(own, depth=16, win_check=True, win_value=100.0, win_decay=1.0).value
        want = 0 if v == 0 else (1 if v > 0 else -1) * (17 - (placed + 100 - abs(round(v))))
        assert QuartoSolver(18, symmetry_until=16).solve(own).score == want
        std = random_position(Quarto, placed + 1, rng)
        v = alphabeta(std, 32, tt=18).value
        assert QuartoSolver(18, symmetry_until=16).solve(std, weak=True).score == (
            (v > 0) - (v < 0))


def test_a_table_kept_across_a_game_with_symmetry_gives_fresh_values():
    rng = random.Random(5)
    kept = QuartoSolver(18, symmetry_until=8)
    for cls in (OwnPieceQuarto, Quarto):
        state = random_position(cls, 5, rng)
        while not state.is_terminal():
            if cls is OwnPieceQuarto or state.piece_in_hand() is not None:
                assert kept.solve(state).score == QuartoSolver(18).solve(state).score
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.slow
def test_a_symmetric_position_costs_fewer_nodes():
    """Standard Quarto after the gift of 0000, placed in a corner, and the gift of 1111: the
    proof's most symmetric kind of leaf, two moves further on (positions with 4 pieces)."""
    state = Quarto.from_actions([16, 0, 31, 15, 17, 5, 30, 10, 18])
    plain = QuartoSolver(20).solve(state, weak=True)
    by_class = QuartoSolver(20, symmetry_until=6).solve(state, weak=True)
    assert by_class.score == plain.score
    assert by_class.nodes < plain.nodes


def test_bad_symmetry_settings_are_refused():
    with pytest.raises(ValueError, match="symmetry_until"):
        QuartoSolver(12, symmetry_until=17)
    with pytest.raises(ValueError, match="symmetry_until"):
        QuartoSolver(12, symmetry_until=-2)
    with pytest.raises(TypeError):
        QuartoSolver(12, symmetry_until="4")
