"""Standard Quarto's proof file: the format of :mod:`qsearch.proofs.quarto_own.format`
(``qsearch-quarto-standard-proof/1``) on the standard game, and where the shipped proof is."""
from qsearch.proofs.quarto_own.format import DATA, FORMAT_STANDARD

DEFAULT_PROOF = DATA / "quarto_standard_proof.json"     # the committed proof

__all__ = ["DEFAULT_PROOF", "FORMAT_STANDARD"]
