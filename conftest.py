"""What every test run shares: the slow tier and paths that do not depend on the working
directory.

``python -m pytest -m "not slow"`` is the quick loop: it leaves out every test marked
``@pytest.mark.slow`` (over ~2 s each), every notebook and the real-browser tests, which
are marked here. The shared helper functions are in ``tests/helpers.py``.
"""
import os
import tempfile
from pathlib import Path

import pytest

# The league signs its records with a key in the teacher's configuration folder, made on
# first use: a test run (its subprocesses and notebooks too) keeps its own, not the user's.
os.environ.setdefault("QSEARCH_CONFIG_DIR", tempfile.mkdtemp(prefix="qsearch-config-"))


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """With ``-n N`` (pytest-xdist), hand each test file and notebook whole to one worker
    (``--dist loadfile``) unless another ``--dist`` was asked for. Set here rather than in
    pyproject.toml's addopts, where ``--dist`` would stop a run without pytest-xdist ("unrecognized
    arguments"): a teacher checking the lessons needs only ``pip install pytest nbval``."""
    option = config.option
    if getattr(option, "numprocesses", None) and getattr(option, "dist", None) == "no":
        option.dist = "loadfile"


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
# (``--spanish-edition``): each is its English lesson's code cells, which every run checks,
# printing through catalogues that every run checks too (tests/test_spanish_edition.py: the
# code cells and the prose; tests/test_spanish_numbers_and_words.py: each message's
# placeholders, the English share and the numbers; tests/test_i18n_catalogue.py: qsearch's).
SPANISH_EVERY_RUN = ("00_game_trees.ipynb", "01_minimax_and_alphabeta.ipynb")


# How long each test file and notebook took in a whole run, per build (compiled, pure), and each
# real-browser test, written by scripts/record_durations.py: the longest start first.
DURATIONS = Path(__file__).parent / "tests" / "durations.json"


def longest_first_key(root: Path, compiled: bool):
    """A sort key that starts the files that took longest first: each runs whole on one
    worker (--dist loadfile), so one of them started last would keep a worker busy long after
    the other is done. Files missing from DURATIONS (new ones) start after the others; a stale
    record costs only time, never a result."""
    import json

    try:
        record = json.loads(DURATIONS.read_text(encoding="utf-8"))
        by_file, by_test = record["compiled" if compiled else "pure"], record["browser"]
    except (OSError, ValueError, KeyError):
        by_file = by_test = {}

    def key(item) -> float:
        if item.path.is_relative_to(BROWSER):           # dealt out a test at a time
            return -by_test.get(item.nodeid, 0.0)
        path = item.path
        name = path.relative_to(root).as_posix() if path.is_relative_to(root) else ""
        return -by_file.get(name, 0.0)

    return key


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
    items.sort(key=longest_first_key(config.rootpath, qsearch.compiled))   # stable
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
