"""Standard Quarto's proof file: the format of :mod:`qsearch.proofs.quarto_own.format`
(``qsearch-quarto-standard-proof/1``) on the standard game, and where the shipped proof and
the report of its full check are."""
from qsearch.proofs.quarto_own.format import DATA, FORMAT_STANDARD

DEFAULT_PROOF = DATA / "quarto_standard_proof.json"     # the committed proof
# the full check of the committed proof by the verifier, as `solve quarto --check --report`
# wrote it (every leaf: its value, the verifier's nodes beside the solver's, seconds)
CHECK_REPORT = DATA / "quarto_standard_check.json"

__all__ = ["CHECK_REPORT", "DEFAULT_PROOF", "FORMAT_STANDARD"]
