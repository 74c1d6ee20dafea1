"""The compiled plumbing (``qsearch/core/bits.pxd``, ``games/_game.pxd``) against its Python twins.

The C helpers are reached through the ``def`` wrappers of :mod:`qsearch.search.plumbing`, which
call the very same inline code the engines use; the twins are :mod:`qsearch.core.rng` and
:mod:`qsearch.core.constants`. Also here: the node budget has one name, ``max_nodes``.
"""
import random
import warnings

import pytest

from qsearch.core import constants, rng
from qsearch.games import OwnPieceQuarto
from qsearch.search import plumbing
from qsearch.search.quarto_solver import QuartoSolver, solve

M64 = (1 << 64) - 1


def words(bits, count=2000, seed=1):
    """Edge cases and ``count`` random ``bits``-bit words of every density."""
    r = random.Random(seed)
    top = (1 << bits) - 1
    out = [0, 1, 2, 3, top, top - 1, 1 << (bits - 1), (1 << (bits - 1)) - 1]
    out += [1 << i for i in range(bits)] + [top ^ (1 << i) for i in range(bits)]
    for _ in range(count):
        w = r.getrandbits(bits)
        out.append(w & r.getrandbits(bits) if r.random() < 0.3 else w)   # sparse ones too
    return out


def test_popcount_and_ctz_agree_with_python():
    for x in words(32):
        assert plumbing.popcount32(x) == x.bit_count()
        if x:
            assert plumbing.ctz32(x) == (x & -x).bit_length() - 1
    for x in words(64):
        assert plumbing.popcount64(x) == x.bit_count()
        if x:
            assert plumbing.ctz64(x) == (x & -x).bit_length() - 1
    with pytest.raises(ValueError):
        plumbing.ctz64(0)


def test_hash_mixers_agree_with_their_twins():
    for x in words(64):
        assert plumbing.murmur_finalise(x) == rng.murmur_finalise(x)
        assert plumbing.splitmix_finalise(x) == rng.splitmix_finalise(x)


def test_the_two_mixers_are_different_bijections():
    xs = set(words(64, count=500)) - {0}                # both map 0 to 0
    assert len({rng.murmur_finalise(x) for x in xs}) == len(xs)
    assert len({rng.splitmix_finalise(x) for x in xs}) == len(xs)
    assert all(rng.murmur_finalise(x) != rng.splitmix_finalise(x) for x in xs)


def test_splitmix_sequences_agree():
    for seed in [0, 1, 42, M64, 0x9E3779B97F4A7C15, *words(64, count=20)]:
        c_state = py_state = seed
        gen = rng.SplitMix64(seed)
        for _ in range(200):
            c_state, c_z = plumbing.splitmix_next(c_state)
            py_state, py_z = rng.splitmix_next(py_state)
            assert (c_state, c_z) == (py_state, py_z) and gen.next() == c_z
        for _ in range(50):
            c_state, c_u = plumbing.splitmix_uniform(c_state)
            py_state, py_u = rng.splitmix_uniform(py_state)
            assert (c_state, c_u) == (py_state, py_u) and gen.uniform() == c_u
            assert 0.0 <= c_u < 1.0


def test_splitmix_known_values():
    # Vigna's splitmix64.c from seed 0; the finaliser of 0 is 0 (a bijection fixing 0).
    assert rng.splitmix_next(0) == (0x9E3779B97F4A7C15, 0xE220A8397B1DCDAF)
    assert rng.splitmix_finalise(0) == rng.murmur_finalise(0) == 0


def test_multiply_shift_below_agrees_and_stays_in_range():
    r = random.Random(3)
    for x in words(64, count=500):
        for n in (1, 2, 7, 16, 100, r.randrange(1, 1 << 32), (1 << 32) - 1):
            got = plumbing.multiply_shift_below(x, n)
            assert got == rng.multiply_shift_below(x, n)
            assert 0 <= got < n


def test_constants_are_the_compiled_enum():
    assert (constants.CHANCE, constants.TERMINAL) == (plumbing.CHANCE, plumbing.TERMINAL)
    from qsearch import games
    assert (games.CHANCE, games.TERMINAL) == (plumbing.CHANCE, plumbing.TERMINAL)
    assert plumbing.MAX_ACTIONS >= 256        # Quarto's 256 placements fit


def test_reference_modules_use_the_shared_twins():
    from qsearch.reference import _common, connect4_solver, quarto_solver
    assert _common.murmur_finalise is rng.murmur_finalise
    assert connect4_solver.murmur_finalise is rng.murmur_finalise
    assert quarto_solver.splitmix_finalise is rng.splitmix_finalise
    for module in (_common, connect4_solver, quarto_solver):
        assert not hasattr(module, "mix64")


POSITION = "(1,1) 1357; (2,3) 2468"


def test_quarto_solver_node_budget_is_max_nodes():
    state = OwnPieceQuarto.from_placements(POSITION)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = QuartoSolver(16).solve(state, weak=True, max_nodes=5000)
        assert res.score is None and 5000 <= res.nodes < 5000 + 4096   # read every 4096 nodes
        again = solve(state, weak=True, max_nodes=5000, table_bits=16)
        assert (again.score, again.nodes) == (res.score, res.nodes)
    with pytest.raises(ValueError, match="max_nodes"):
        QuartoSolver(16).solve(state, max_nodes=0)


@pytest.mark.compiled_speed
def test_quarto_solver_node_limit_still_works_with_a_warning():
    state = OwnPieceQuarto.from_placements(POSITION)
    new = QuartoSolver(16).solve(state, weak=True, max_nodes=5000)
    with pytest.warns(DeprecationWarning, match="max_nodes") as caught:
        old = QuartoSolver(16).solve(state, weak=True, node_limit=5000)
    assert caught[0].filename == __file__          # points at the caller's line
    assert (old.score, old.nodes) == (new.score, new.nodes)
    with pytest.warns(DeprecationWarning):
        old = solve(state, weak=True, node_limit=5000, table_bits=16)
    assert (old.score, old.nodes) == (new.score, new.nodes)
    with pytest.raises(TypeError, match="max_nodes only"):
        QuartoSolver(16).solve(state, max_nodes=10, node_limit=10)
