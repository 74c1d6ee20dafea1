"""SplitMix64 and the 64-bit hash mixers, in plain Python: the twins of ``qsearch/core/bits.pxd``.

The compiled modules inline the C versions (``uint64_t`` arithmetic); the readable twins use
these, with explicit 64-bit masks, under the same names, so both compute the same numbers
(``tests/test_plumbing.py`` checks it on many inputs). Two mixers, on purpose:

* :func:`murmur_finalise`, MurmurHash3's finaliser: the slot of a key in the transposition
  tables (:class:`qsearch.reference.ReferenceTable`, the Connect-4 solver's twin);
* :func:`splitmix_finalise`, SplitMix64's output function: the generator's numbers and the
  Quarto solver's bucket hash (its twin mirrors the compiled table exactly).

SplitMix64, shared by compiled MCTS and its twin so that a seed gives the same random numbers,
hence the same search, in both::

    state = state + 0x9E3779B97F4A7C15                     (mod 2**64)
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9               (mod 2**64)
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB               (mod 2**64)
    return z ^ (z >> 31)

``below(n)`` is ``next() % n`` (an integer in [0, n); the bias is below 2**-50 for the
branching factors here) and ``uniform()`` is ``(next() >> 11) * 2**-53``, a double in [0, 1).
"""
from __future__ import annotations

MASK = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15


def murmur_finalise(x: int) -> int:
    """MurmurHash3's 64-bit finaliser (fmix64): a bijection on 64-bit words that scatters very
    regular keys (board bits) over all bits, so that the low bits pick a table slot evenly."""
    x &= MASK
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & MASK
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & MASK
    return x ^ (x >> 33)


def splitmix_finalise(z: int) -> int:
    """SplitMix64's output function (Stafford's Mix13), a bijection on 64-bit words."""
    z &= MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def splitmix_next(state: int) -> tuple[int, int]:
    """``(new state, number)``: one SplitMix64 step (the C version updates the state in place)."""
    state = (state + GOLDEN) & MASK
    return state, splitmix_finalise(state)


def splitmix_uniform(state: int) -> tuple[int, float]:
    """``(new state, a double in [0, 1))`` from the next number's top 53 bits."""
    state, z = splitmix_next(state)
    return state, (z >> 11) * (1.0 / 9007199254740992.0)


def multiply_shift_below(r: int, n: int) -> int:
    """A number in ``range(n)`` from ``r``'s top 32 bits by multiply-shift (``n < 2**32``)."""
    return (((r & MASK) >> 32) * n) >> 32


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood, 2014) with explicit 64-bit masking."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self.state, z = splitmix_next(self.state)
        return z

    def below(self, n: int) -> int:
        """A number in ``range(n)``."""
        return self.next() % n

    def uniform(self) -> float:
        """A double in [0, 1) with 53 random bits."""
        self.state, u = splitmix_uniform(self.state)
        return u
