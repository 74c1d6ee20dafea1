"""Pure-Python stand-in of the compiled ``qsearch/games/quarto.pyx``
(see :mod:`qsearch._mode`).

Python imports the built extension when there is one; in pure-Python mode it imports this
module, whose names are those of the extension, taken from the readable engine in
:mod:`qsearch.reference.quarto`.
"""
from qsearch.reference.quarto import (
    ATTRIBUTES,
    LINE_MASKS,
    LINE_NAMES,
    PIECES,
    piece_code,
    piece_description,
    piece_from_code,
    square_from_name,
    square_index,
    square_name,
)
from qsearch.reference.quarto import PyOwnPieceQuarto as OwnPieceQuarto
from qsearch.reference.quarto import PyQuarto as Quarto
from qsearch.reference.quarto import PyQuartoBoard as QuartoBoard

__all__ = [
    "ATTRIBUTES", "LINE_MASKS", "LINE_NAMES", "OwnPieceQuarto", "PIECES", "Quarto", "QuartoBoard",
    "piece_code", "piece_description", "piece_from_code", "square_from_name", "square_index",
    "square_name",
]
