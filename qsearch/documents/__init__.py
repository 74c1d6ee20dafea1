"""The course documents' own programs, transliterated line by line into Python.

They are not twins of compiled code (those live in :mod:`qsearch.reference`): they are the
documents' code as the documents wrote it, kept to reproduce their numbers exactly and to
compare against qsearch's general algorithms.

* :mod:`qsearch.documents.quarto_ab_minimax`: document 000's R ``AB_MINIMAX`` (Quarto).
* :mod:`qsearch.documents.connect4_practice`: document 001's Java practice (Connect-4).
"""
