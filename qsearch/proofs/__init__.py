"""Checkable proofs of solved games: one subpackage per game, each with its proof format,
builder, checker and the perfect player the proof gives.

* :mod:`qsearch.proofs.quarto_own`: document 000's Quarto (each player places a piece of his
  choice) from the empty board;
* :mod:`qsearch.proofs.quarto_standard`: standard Quarto from the empty board (its builder and
  command; the format, loader and checker are quarto_own's, which read both games).
"""
