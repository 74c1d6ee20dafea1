"""The differential suite's settings: a deterministic hypothesis profile (derandomized, no
example database, no deadline) and, at the end of a run, how many searches were compared
with the oracle and how many answers were wrong, by algorithm and flags (see check.py;
``ORACLE_TALLY=1`` counts wrong answers instead of failing at the first)."""
import os

from .check import TALLY


def pytest_terminal_summary(terminalreporter):
    if TALLY.total():
        terminalreporter.write_line(TALLY.report())
        path = os.environ.get("ORACLE_TALLY_FILE")
        if path:
            TALLY.dump(path)
