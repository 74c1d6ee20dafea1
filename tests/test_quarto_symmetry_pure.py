"""Quarto's symmetries without numpy (the browser site's path) give the same answers as with
numpy: canonical forms, the symmetry found, orbit sizes, and the tables themselves."""
from __future__ import annotations

import random

import pytest
from helpers import load_without

from qsearch.games import quarto_symmetry as with_numpy


@pytest.fixture(scope="module")
def plain():
    """quarto_symmetry loaded a second time with numpy unimportable."""
    return load_without(with_numpy)


def positions(count: int, seed: int = 7):
    rng = random.Random(seed)
    for _ in range(count):
        k = rng.randint(0, 16)
        board = [16] * 16
        for square, piece in zip(rng.sample(range(16), k), rng.sample(range(16), k), strict=True):
            board[square] = piece
        free = [p for p in range(16) if p not in board]
        yield board, (rng.choice(free) if free and rng.random() < 0.5 else None)


def test_without_numpy_the_module_says_so_and_has_the_same_tables(plain):
    assert with_numpy.USES_NUMPY and not plain.USES_NUMPY
    assert [list(p) for p in plain.SQUARE_PERMS] == with_numpy.SQUARE_PERMS.tolist()
    assert [list(m) for m in plain.PIECE_MAPS] == with_numpy.PIECE_MAPS.tolist()
    assert plain.GROUP_ORDER == 12_288


def test_both_paths_give_the_same_canonical_forms_symmetries_and_orbits(plain):
    for board, hand in positions(25):
        assert plain.canonical(board, hand) == with_numpy.canonical(board, hand)
        assert plain.canonical_board(board, hand) == with_numpy.canonical_board(board, hand)
        assert plain.orbit_size(board, hand) == with_numpy.orbit_size(board, hand)
        assert plain.is_canonical(board, hand) == with_numpy.is_canonical(board, hand)
        g = random.Random(len(board) + board[0]).randrange(12_288)
        image = with_numpy.transform_board(board, g)
        assert plain.transform_board(board, g) == image
        assert plain.find_symmetry(board, image) == with_numpy.find_symmetry(board, image)
        action = 16 * (g % 16) + (g // 16) % 16
        assert plain.inverse_action(action, g) == with_numpy.inverse_action(action, g)


def test_the_plain_path_refuses_bad_boards(plain):
    with pytest.raises(ValueError, match="16 codes"):
        plain.canonical([0] * 15)
    with pytest.raises(ValueError, match="twice"):
        plain.canonical([0, 0] + [16] * 14)
    with pytest.raises(ValueError, match="0..15"):
        plain.canonical([17] + [16] * 15)
