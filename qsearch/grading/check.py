"""``check_search``: run a student's search on the checker's positions and report."""
from __future__ import annotations

from qsearch.grading.cases import default_cases
from qsearch.grading.diagnose import ALGORITHMS, expected, findings
from qsearch.grading.report import Report
from qsearch.grading.sandbox import LINES, QUESTIONS, SECONDS, run_search
from qsearch.grading.signature import call_form


def check_search(fn, algorithm: str = "alphabeta", *, cases=None, questions: int = QUESTIONS,
                 lines: int = LINES, seconds: float | None = SECONDS) -> Report:
    """Check a student's search ``fn`` as ``algorithm`` (``"minimax"``, ``"negamax"`` or
    ``"alphabeta"``) and return a :class:`~qsearch.grading.report.Report`.

    ``fn(state, depth, evaluate, ...)`` returns the value of ``state`` for the player to
    move there, or ``(value, action)``; ``evaluate(state, player)`` scores a position for
    ``player`` (a finished game too: it agrees with ``state.returns()``). The signatures
    accepted (:mod:`qsearch.grading.signature`)::

        fn(state, depth, evaluate)                           # any form
        fn(state, depth, evaluate, maximizing)               # minimax with a flag (True)
        fn(state, depth, evaluate, alpha, beta)              # negamax alpha-beta (-inf, inf)
        fn(state, depth, evaluate, alpha, beta, maximizing)  # MAX/MIN alpha-beta

    Any other is a TypeError. The positions (:mod:`qsearch.grading.cases`): toy trees,
    trees with ties, tic-tac-toe and Connect-4, smallest first; ``cases`` replaces them.
    The values are compared with a naive minimax; for ``"alphabeta"`` the nodes visited,
    in order, with qsearch's alpha-beta in the game's move order (cut on α ≥ β or on
    α > β, fail-hard or fail-soft: all accepted); minimax and negamax visit every node.
    ``questions``, ``lines`` and ``seconds`` (None: no alarm) bound each run on a position
    (:mod:`qsearch.grading.sandbox`).
    """
    if algorithm not in ALGORITHMS:
        raise ValueError(f"algorithm must be one of {ALGORITHMS}, not {algorithm!r}")
    form = call_form(fn)
    for name, limit in (("questions", questions), ("lines", lines)):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
            raise ValueError(f"{name} must be a positive int, not {limit!r}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(
            seconds, (int, float)) or not seconds > 0):
        raise ValueError(f"seconds must be a positive number or None, not {seconds!r}")
    cases = default_cases() if cases is None else list(cases)
    if not cases:
        raise ValueError("cases is empty: give at least one position to check")
    runs = []
    for case in cases:
        run = run_search(fn, form, case, questions=questions, lines=lines, seconds=seconds)
        runs.append((case, run, expected(case)))
        if run.error in ("loops", "recursion"):     # slow to reach: once is enough
            break
    return Report(algorithm, findings(algorithm, runs), runs)
