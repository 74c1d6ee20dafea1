"""What every test run shares: the slow tier and paths that do not depend on the working
directory.

``python -m pytest -m "not slow"`` is the quick loop: it leaves out every test marked
``@pytest.mark.slow`` (over ~2 s each), every notebook and the real-browser tests, which
are marked here. The shared helper functions are in ``tests/helpers.py``.
"""
from pathlib import Path

import pytest


def pytest_configure(config):
    """Read ``--nbval-sanitize-with`` (a relative path in pyproject.toml's addopts) from the
    project's root when it is not found from the working directory, so that a run started
    elsewhere (``cd /tmp && pytest /path/to/qsearch``) checks the notebooks the same way."""
    given = getattr(config.option, "nbval_sanitize_with", None)
    if given and not Path(given).is_absolute() and not Path(given).exists():
        at_root = config.rootpath / given
        if at_root.exists():
            config.option.nbval_sanitize_with = str(at_root)


BROWSER = Path(__file__).parent / "tests" / "browser"
SPANISH = Path(__file__).parent / "notebooks" / "es"
# The Spanish lessons nbval checks in every run; the others are the release check
# (``--spanish-edition``), as each is its English lesson's code cells, which every run checks,
# with the prose translated (tests/test_spanish_edition.py guards both in every run).
SPANISH_EVERY_RUN = ("00_game_trees.ipynb", "01_minimax_and_alphabeta.ipynb")


# The files that took longest in a whole run (--durations, 2026-11-28), longest first: they
# start first on the workers. A stale list costs only time, never a result.
LONGEST_FIRST = [
    "notebooks/09_solving_quarto.ipynb", "tests/oracle/test_slow.py",
    "notebooks/04_connect4_heuristics.ipynb", "tests/test_quarto_standard_proof.py",
    "tests/test_search.py", "tests/test_quarto_proof_checker.py",
    "tests/oracle/test_audit_regressions.py", "tests/test_quiescence.py",
    "notebooks/03_quarto_simulation.ipynb", "tests/test_tournament.py", "tests/test_pyodide.py",
    "notebooks/11_class_league.ipynb", "tests/test_quarto_solver.py",
]


def pytest_addoption(parser):
    parser.addoption("--release", action="store_true",
                     help="also run the @pytest.mark.release tests (the release check)")
    parser.addoption("--spanish-edition", action="store_true",
                     help="check every Spanish lesson (notebooks/es/) with nbval, not only "
                          + " and ".join(n.split("_")[0] for n in SPANISH_EVERY_RUN))


def pytest_ignore_collect(collection_path, config):
    """Leave out the Spanish lessons of the release check unless ``--spanish-edition`` is
    given (a lesson named on the command line is always collected)."""
    if (collection_path.suffix == ".ipynb" and collection_path.parent == SPANISH
            and collection_path.name not in SPANISH_EVERY_RUN
            and not config.getoption("--spanish-edition")):
        return True
    return None


def pytest_collection_modifyitems(config, items):
    """Every notebook cell is slow (one notebook runs for tens of seconds to minutes), and so
    is every real-browser test (skipped unless .ci/browser_test.sh enables them).

    In pure-Python mode (``QSEARCH_PURE=1``, or no compiled build) two kinds of tests are
    skipped: ``@pytest.mark.compiled`` ones, which compare with or inspect the compiled build,
    and ``@pytest.mark.compiled_speed`` ones, whose searches are sized for the compiled
    engines (minutes each in pure Python; the twins they run are checked against the
    compiled code in compiled mode, and on smaller inputs by the tests that stay)."""
    import qsearch

    pure_skips = {} if qsearch.compiled else {
        "compiled": pytest.mark.skip(reason="compares with the compiled build (pure mode)"),
        "compiled_speed": pytest.mark.skip(
            reason="sized for the compiled engines: minutes in pure-Python mode"),
    }
    # The longest files first: each runs whole on one worker (--dist loadfile), so one of
    # them started last would keep a worker busy long after the other is done.
    root = config.rootpath
    items.sort(key=lambda item: LONGEST_FIRST.index(item.path.relative_to(root).as_posix())
               if item.path.is_relative_to(root)
               and item.path.relative_to(root).as_posix() in LONGEST_FIRST
               else len(LONGEST_FIRST))
    release = None if config.getoption("--release") else pytest.mark.skip(
        reason="the release check's larger sample (run with --release)")
    for item in items:
        if item.path.suffix == ".ipynb" or item.path.is_relative_to(BROWSER):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("release"):
            item.add_marker(pytest.mark.slow)
            if release is not None:
                item.add_marker(release)
        for name, skip in pure_skips.items():
            if item.get_closest_marker(name):
                item.add_marker(skip)
