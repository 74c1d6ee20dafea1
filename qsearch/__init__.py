"""qsearch: adversarial search for teaching.

Fast Cython game engines (:mod:`qsearch.games`), compiled search algorithms
(:mod:`qsearch.search`) and their readable pure-Python twins (:mod:`qsearch.reference`).

``qsearch.compiled`` is True when the compiled modules run; False in pure-Python mode
(``QSEARCH_PURE=1``, or installed without a C compiler), where every public name still
exists and runs as readable Python (:mod:`qsearch._mode` says how).
"""
import os as _os
import sys as _sys

if _sys.argv[:2] == ["-m", "league"]:
    # `python -m qsearch league` (argv reads so while the package is imported): the folder
    # Python put first on sys.path, maybe the students' submissions, goes before anything else
    # is imported; PYTHONSAFEPATH=1 for the interpreters the league starts (docs/LEAGUE.md's
    # trust boundary, qsearch/league/trust.py)
    _here = _os.path.realpath(_os.getcwd())
    _sys.path[:] = [p for p in _sys.path if _os.path.realpath(p or ".") != _here]
    _os.environ["PYTHONSAFEPATH"] = "1"

from qsearch import _mode  # noqa: E402
from qsearch.core.errors import IllegalMoveError

compiled: bool = _mode.choose()

# After choose(): in pure-Python mode it forgets the qsearch modules imported so far, and the
# language chosen must live in the i18n module every later import sees.
from qsearch.i18n import get_language, set_language  # noqa: E402

__version__ = "0.1.0"
__all__ = ["IllegalMoveError", "__version__", "compiled", "get_language", "set_language"]
