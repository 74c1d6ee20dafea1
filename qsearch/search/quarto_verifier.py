"""Pure-Python stand-in of the compiled :mod:`qsearch.search.quarto_verifier` (``.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The second
standard-Quarto engine (shares no code with the Quarto solver) is the readable twin,
:class:`qsearch.reference.quarto_verifier.ReferenceVerifier`; :class:`QuartoVerifier` gives it
the compiled API: :class:`SolveResult`, node and time limits read every 4096 nodes.
"""
from __future__ import annotations

import time

from qsearch.core.checks import check_limits
from qsearch.core.results import SolveResult
from qsearch.reference import quarto_verifier as twin
from qsearch.reference.quarto_verifier import check_state

_MIN_BITS, _MAX_BITS = 8, 30    # the compiled verifier's range of table sizes
_TWIN_MAX_BITS = 24             # the twin's table is a Python list: 2**24 slots at most
_CHECK_EVERY = 4095


class _Stopped(Exception):
    """Raised through the search when its node or time limit is spent."""


class QuartoVerifier(twin.ReferenceVerifier):
    """Weak solver of standard Quarto positions, independent of the Quarto solver.

    ``QuartoVerifier(table_bits=22, table=True, order_until=12)``: ``2**table_bits`` table
    slots (at most ``2**24`` here); moves are ordered by the opponent's safe replies while at
    most ``order_until`` pieces are on the board (-1: never).
    """

    def __init__(self, table_bits=22, table=True, order_until=12):
        for name, value in (("table_bits", table_bits), ("order_until", order_until)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
        if not _MIN_BITS <= table_bits <= _MAX_BITS:
            raise ValueError(f"table_bits must be in {_MIN_BITS}..{_MAX_BITS}, not {table_bits}")
        if not -1 <= order_until <= 16:
            raise ValueError(f"order_until must be in -1..16, not {order_until}")
        super().__init__(min(table_bits, _TWIN_MAX_BITS), table=bool(table),
                         order_until=order_until)
        self.table_bits = table_bits
        self._max_nodes, self._deadline = 0, 0.0

    def search(self, pos, hand, alpha, beta) -> int:
        """The twin's search, stopped (as the compiled one) when a limit is spent."""
        if (self.nodes + 1) & _CHECK_EVERY == 0 and (
                (self._max_nodes and self.nodes + 1 >= self._max_nodes)
                or (self._deadline and time.perf_counter() >= self._deadline)):
            self.nodes += 1
            raise _Stopped
        return super().search(pos, hand, alpha, beta)

    def solve(self, state, max_nodes=None, time_limit=None):
        """The value of ``state`` (a non-terminal standard Quarto) for the player to move:
        a :class:`SolveResult` whose ``score`` is +1, 0 or -1, or None if ``max_nodes`` or
        ``time_limit`` (seconds) stopped it. The table is kept between calls."""
        check_state(state)
        self._max_nodes, limit_time = check_limits(max_nodes, time_limit)
        start = time.perf_counter()
        self._deadline = start + limit_time if limit_time > 0 else 0.0
        try:
            score = self.value(state)
        except _Stopped:
            score = None
        finally:
            self._max_nodes, self._deadline = 0, 0.0
        return SolveResult(score, self.nodes, time.perf_counter() - start)
