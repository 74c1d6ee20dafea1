"""Check a student's own search: values, nodes, the classic bugs named (issue 44).

``check_search(fn, "alphabeta")`` runs ``fn`` on small positions through states that record
every node it visits, compares it with a naive minimax and with qsearch's alpha-beta, and
returns a :class:`Report` whose findings name the bug on the smallest position that shows it.
``check_evaluation(f, game)`` checks an evaluation's contract
(:mod:`qsearch.grading.evaluation`). See :mod:`qsearch.grading.check` for the signatures
accepted, :mod:`qsearch.grading.sandbox` for what is bounded, and docs/DESIGN.md ("Checking
a student's search").
"""
from qsearch.grading.check import check_search
from qsearch.grading.diagnose import Finding
from qsearch.grading.evaluation import EvaluationReport, check_evaluation
from qsearch.grading.report import Report

__all__ = ["EvaluationReport", "Finding", "Report", "check_evaluation", "check_search"]
