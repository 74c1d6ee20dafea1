"""Pure-Python stand-in of the compiled :mod:`qsearch.search.plumbing` (``plumbing.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The
compiled module wraps the inline C helpers of ``qsearch/core/bits.pxd`` so that tests can
compare them with their Python twins; here the twins answer: the hash mixers and SplitMix64
of :mod:`qsearch.core.rng`, the bit counts in plain Python. Arguments are checked as C's
unsigned integers are (TypeError for a non-int, OverflowError out of range).
"""
from __future__ import annotations

from qsearch.core import rng
from qsearch.core.constants import CHANCE, TERMINAL  # noqa: F401 (as the compiled module)
from qsearch.reference.toytree import MAX_ACTIONS  # noqa: F401 (the engines' bound on moves)


def _unsigned(x, bits: int) -> int:
    """``x`` as a C unsigned integer of ``bits`` bits: TypeError, or OverflowError if it
    does not fit (the conversions of the compiled wrappers)."""
    if not isinstance(x, int):
        raise TypeError(f"an integer is required, not {type(x).__name__}")
    if x < 0:
        raise OverflowError(f"can't convert negative value {x} to an unsigned {bits}-bit int")
    if x >> bits:
        raise OverflowError(f"{x} does not fit in an unsigned {bits}-bit int")
    return x


def popcount32(x) -> int:
    """The set bits of a 32-bit ``x``."""
    return bin(_unsigned(x, 32)).count("1")


def popcount64(x) -> int:
    """The set bits of a 64-bit ``x``."""
    return bin(_unsigned(x, 64)).count("1")


def _lowest_bit(x: int, name: str) -> int:
    if x == 0:
        raise ValueError(f"{name}(0) is undefined")
    return (x & -x).bit_length() - 1


def ctz32(x) -> int:
    """The index of the lowest set bit of a 32-bit ``x`` (ValueError for 0: undefined in C)."""
    return _lowest_bit(_unsigned(x, 32), "ctz32")


def ctz64(x) -> int:
    """The index of the lowest set bit of a 64-bit ``x`` (ValueError for 0: undefined in C)."""
    return _lowest_bit(_unsigned(x, 64), "ctz64")


def murmur_finalise(x) -> int:
    """MurmurHash3's finaliser, as the transposition tables compute it."""
    return rng.murmur_finalise(_unsigned(x, 64))


def splitmix_finalise(z) -> int:
    """SplitMix64's output function, as the generator and the Quarto solver compute it."""
    return rng.splitmix_finalise(_unsigned(z, 64))


def splitmix_next(state) -> tuple:
    """``(new state, number)``: one SplitMix64 step."""
    return rng.splitmix_next(_unsigned(state, 64))


def splitmix_uniform(state) -> tuple:
    """``(new state, a double in [0, 1))``: one SplitMix64 step, as MCTS draws it."""
    return rng.splitmix_uniform(_unsigned(state, 64))


def multiply_shift_below(r, n) -> int:
    """A number in ``range(n)`` from ``r``'s top 32 bits, as the random playouts draw it."""
    return rng.multiply_shift_below(_unsigned(r, 64), _unsigned(n, 32))
