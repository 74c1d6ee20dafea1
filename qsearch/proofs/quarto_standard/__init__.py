"""A checkable proof of standard Quarto's value from the empty board (each player places the
piece the other gave him; Luc Goossens reported it a draw in 1998, with no proof to check).

The proof uses the format of :mod:`qsearch.proofs.quarto_own` on the standard game
(``qsearch-quarto-standard-proof/1``, read and checked by the same
:func:`~qsearch.proofs.quarto_own.format.load_proof` and
:func:`~qsearch.proofs.quarto_own.checker.check_proof`): strategy trees over the standard
game's actions (a gift and a placement are one ply each), one reply per class of symmetric
replies, and solved leaves carrying the solver's value and node count.

* :mod:`~qsearch.proofs.quarto_standard.builder`: :func:`build_standard_proof` proves the
  value from any start position in rounds of independent leaf solves on any executor (a
  process pool, a Dask cluster), resumable from its progress file;
* :mod:`~qsearch.proofs.quarto_standard.format`: where the shipped proof is, and the report
  of its full check by :mod:`qsearch.search.quarto_verifier` (no code shared with the solver);
* :mod:`~qsearch.proofs.quarto_standard.cli`: ``python -m qsearch solve quarto``.
"""
from qsearch._lazy import lazy_exports

_WHERE = {
    "build_standard_proof": "builder", "solve_leaf": "builder",
    "DEFAULT_OUT": "builder", "DEFAULT_PROGRESS": "builder",
    "DEFAULT_PROOF": "format", "FORMAT_STANDARD": "format", "CHECK_REPORT": "format",
    "cli_solve": "cli",
}
__getattr__, __dir__, __all__ = lazy_exports(__name__, _WHERE)
