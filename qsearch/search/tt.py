"""Pure-Python stand-in of the compiled :mod:`qsearch.search.tt` (``tt.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The
readable table is :class:`qsearch.reference._common.ReferenceTable`, which the twins of the
searches probe and fill: the same slots (MurmurHash3's finaliser of the key, then the low
``bits`` bits), always replace, one entry per slot.
:class:`TranspositionTable` adds the compiled table's Python API to it (the size check,
``stores`` and ``probes``, ``clear``, ``filled``, ``len``), so a table made by the user can be
passed as ``tt=`` to any search, as in the compiled build.
"""
from __future__ import annotations

from qsearch.core import checks as _checks
from qsearch.reference._common import ReferenceTable

# The compiled table's flag numbers, and their names (what get() returns).
EXACT, LOWER, UPPER = 1, 2, 3
FLAG_NAMES = {EXACT: "EXACT", LOWER: "LOWER", UPPER: "UPPER"}
_KEY_LIMIT = 1 << 64          # keys are unsigned 64-bit words in the compiled table


class TranspositionTable(ReferenceTable):
    """``TranspositionTable(bits=20)``: 2**bits slots (a dict here: only used slots take memory)."""

    def __init__(self, bits=20):
        super().__init__(_checks.check_bits(bits, "bits", *_checks.TABLE_BITS))
        self._stores = self._probes = 0

    @property
    def stores(self) -> int:
        """Entries stored since the table was made or cleared."""
        return self._stores

    @property
    def probes(self) -> int:
        """Look-ups since the table was made or cleared."""
        return self._probes

    def entry(self, key: int):
        """The entry stored for ``key``, or None (a probe)."""
        self._probes += 1
        return super().entry(key)

    def put(self, key: int, value: float, depth: int, move, flag: str, ply: int = 0,
            root: int = 0, unit: float = 0.0, settled: bool = False) -> None:
        """Store an entry in ``key``'s slot, replacing whatever was there."""
        self._stores += 1
        super().put(key, value, depth, move, flag, ply, root, unit, settled)

    def clear(self) -> None:
        """Empty every slot."""
        self.slots.clear()
        self._stores = self._probes = 0

    def twin(self):
        """The table the readable twins fill when this table is passed to a search of a Python
        game: this table itself (in pure-Python mode every search is a twin)."""
        return self

    def get(self, key):
        """``(value, depth, move, flag name)`` stored for ``key``, or None.

        Win scores are stored relative to the node (see :mod:`qsearch.search._engine`).
        """
        if isinstance(key, bool) or not isinstance(key, int):
            raise TypeError(f"a key is an int, not {type(key).__name__}")
        if not 0 <= key < _KEY_LIMIT:
            raise OverflowError(f"a key is an unsigned 64-bit int, not {key}")
        return super().get(key)

    def __len__(self):
        return 1 << self.bits

    def filled(self) -> int:
        """Number of slots in use."""
        return len(self.slots)

    def __repr__(self):
        return f"TranspositionTable(bits={self.bits})"
