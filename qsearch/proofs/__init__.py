"""Checkable proofs of solved games: one subpackage per game, each with its proof format,
builder, checker and the perfect player the proof gives.

* :mod:`qsearch.proofs.quarto_own`: document 000's Quarto (each player places a piece of his
  choice) from the empty board.
"""
