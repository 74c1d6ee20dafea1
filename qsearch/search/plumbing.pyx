# cython: language_level=3
"""Python's window on the compiled plumbing, for the tests that compare it with its twins.

The inline helpers of ``qsearch/core/bits.pxd`` (bit tricks, the two hash mixers, SplitMix64)
exist only inside the modules that cimport them; these ``def`` wrappers call the very same
code, so ``tests/test_plumbing.py`` can check it against :mod:`qsearch.core.rng` on many
inputs. The constants of ``qsearch/games/_game.pxd`` are here too, to check them against
:mod:`qsearch.core.constants`. Nothing else in the package imports this module.
"""
cimport qsearch.core.bits as bits
from qsearch.core.bits cimport u32, u64
from qsearch.games._game cimport CHANCE as C_CHANCE
from qsearch.games._game cimport MAX_ACTIONS as C_MAX_ACTIONS
from qsearch.games._game cimport TERMINAL as C_TERMINAL

CHANCE = C_CHANCE
TERMINAL = C_TERMINAL
MAX_ACTIONS = C_MAX_ACTIONS


def popcount32(u32 x) -> int:
    """The set bits of a 32-bit ``x``."""
    return bits.popcount32(x)


def popcount64(u64 x) -> int:
    """The set bits of a 64-bit ``x``."""
    return bits.popcount64(x)


def ctz32(u32 x) -> int:
    """The index of the lowest set bit of a 32-bit ``x`` (ValueError for 0: undefined in C)."""
    if x == 0:
        raise ValueError("ctz32(0) is undefined")
    return bits.ctz32(x)


def ctz64(u64 x) -> int:
    """The index of the lowest set bit of a 64-bit ``x`` (ValueError for 0: undefined in C)."""
    if x == 0:
        raise ValueError("ctz64(0) is undefined")
    return bits.ctz64(x)


def murmur_finalise(u64 x) -> int:
    """MurmurHash3's finaliser, as the transposition tables compute it."""
    return bits.murmur_finalise(x)


def splitmix_finalise(u64 z) -> int:
    """SplitMix64's output function, as the generator and the Quarto solver compute it."""
    return bits.splitmix_finalise(z)


def splitmix_next(u64 state) -> tuple:
    """``(new state, number)``: one SplitMix64 step."""
    cdef u64 z = bits.splitmix_next(&state)
    return state, z


def splitmix_uniform(u64 state) -> tuple:
    """``(new state, a double in [0, 1))``: one SplitMix64 step, as MCTS draws it."""
    cdef double u = bits.splitmix_uniform(&state)
    return state, u


def multiply_shift_below(u64 r, u32 n) -> int:
    """A number in ``range(n)`` from ``r``'s top 32 bits, as the random playouts draw it."""
    return bits.multiply_shift_below(r, n)
