"""SplitMix64: the small random generator shared by compiled MCTS and its twin.

Both implementations compute exactly this (the compiled one in C with ``uint64_t``
arithmetic, the twin here with explicit 64-bit masks), so a seed gives the same random
numbers, hence the same search, in both::

    state = state + 0x9E3779B97F4A7C15                     (mod 2**64)
    z = state
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9               (mod 2**64)
    z = (z ^ (z >> 27)) * 0x94D049BB133111EB               (mod 2**64)
    return z ^ (z >> 31)

``below(n)`` is ``next() % n`` (an integer in [0, n); the bias is below 2**-50 for the
branching factors here) and ``uniform()`` is ``(next() >> 11) * 2**-53``, a double in [0, 1).
"""
from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class SplitMix64:
    """SplitMix64 (Steele, Lea and Flood, 2014) with explicit 64-bit masking."""

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        """The next 64-bit number."""
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A number in ``range(n)``."""
        return self.next() % n

    def uniform(self) -> float:
        """A double in [0, 1) with 53 random bits."""
        return (self.next() >> 11) * (1.0 / 9007199254740992.0)
