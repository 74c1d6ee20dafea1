"""Helpers shared by several test files (seeded, so every run tests the same positions).

Import them as ``from helpers import ...``: pytest puts ``tests/`` on ``sys.path`` (the
directory has no ``__init__.py``), so this works from any working directory.
"""


def random_position(cls, rng, max_plies, min_plies=0):
    """A non-terminal position of game ``cls`` (a class, or any function making the start
    state) after min_plies..max_plies random actions (chance outcomes included)."""
    state = cls()
    for _ in range(rng.randint(min_plies, max_plies)):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            state.undo_action()
            break
    return state


def snapshot(state) -> tuple:
    """Everything observable about a state, to check that an operation left it unchanged."""
    return (
        str(state),
        repr(state),
        state.position_key(),
        state.legal_actions(),
        state.history(),
        state.current_player(),
        state.is_terminal(),
        state.returns(),
        state.chance_outcomes(),
    )


def lopsided(state, player):
    """A deliberately asymmetric heuristic (not zero-sum, values in [-5, 5.5]), to catch sign
    mistakes."""
    k = state.position_key()
    return ((k * 2654435761) % 1000) / 100.0 - 5.0 + (0.5 if player == 0 else -0.25)


def same_result(a, b) -> bool:
    """Two search results agree on value, move, principal variation, counts and completeness."""
    return (a.value, a.action, a.pv, a.counts(), a.complete) == (
        b.value, b.action, b.pv, b.counts(), b.complete)


def random_tree_spec(rng, depth, branching=3):
    """A toy tree as nested lists: 1..branching children a node, leaves (-9..9) at varying
    depths (a node above depth 3 becomes a leaf one time in five)."""
    if depth == 0 or (depth < 3 and rng.random() < 0.2):
        return rng.randint(-9, 9)
    return [random_tree_spec(rng, depth - 1, branching)
            for _ in range(rng.randint(1, branching))]


class FakeClock:
    """A clock the test moves by hand (no sleeps)."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def with_clock(game):
    """``game`` with a :class:`FakeClock` as its click-guard clock."""
    game._clock = FakeClock()
    return game


class WaitingSolver:
    """A stand-in for the Connect-4 solver the command line scores columns with: each solve
    waits until its ``progress`` was read (no sleeps, no timing)."""

    def __init__(self, progress):
        import threading

        self.read = threading.Event()
        self._progress = progress

    @property
    def progress(self):
        self.read.set()
        return self._progress

    def solve(self, child):
        from qsearch.core.results import SolveResult

        assert self.read.wait(30)
        self.read.clear()
        return SolveResult(-child.legal_actions()[0], 1234, 0.1)


def load_without(module, hidden=("numpy",)):
    """``module`` (an imported module) loaded a second time, as a new module, while the
    packages ``hidden`` cannot be imported: its plain-Python path, to compare with the first."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(module.__name__ + "_plain", module.__file__)
    again = importlib.util.module_from_spec(spec)
    saved = {name: sys.modules.get(name) for name in hidden}
    sys.modules.update(dict.fromkeys(hidden))          # import numpy raises ImportError
    sys.modules[spec.name] = again                     # for its dataclasses, while it loads
    try:
        spec.loader.exec_module(again)
    finally:
        del sys.modules[spec.name]
        for name, value in saved.items():
            if value is None:
                del sys.modules[name]
            else:
                sys.modules[name] = value
    return again


def check_studies_in_pure_python(test_module: str, extra: str = "") -> None:
    """In a fresh pure-Python interpreter (``QSEARCH_PURE=1``), check every saved study that
    ``studies()`` of ``tests/<test_module>.py`` lists ((file, name, units, compute) tuples,
    optionally with a fifth, ``affordable``) as a lesson's pure path does: the file read, three
    units drawn with seed 0 (among the affordable ones) computed again, each as saved. Then
    run ``extra`` (code with ``studies`` in scope). Fails with its stderr."""
    import os
    import subprocess
    import sys
    import textwrap
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    code = textwrap.dedent(f"""
        import qsearch
        from qsearch.core.saved_study import run_or_check
        from tests.{test_module} import studies
        assert not qsearch.compiled
        for path, name, units, compute, *affordable in studies():
            run = run_or_check(path, name, units, compute, full=False, sample=3, seed=0,
                               affordable=(affordable or [None])[0])
            assert not run.full and run.checked == 3, name
    """) + textwrap.dedent(extra) + "\nprint('pure sample: as saved')\n"
    env = {**os.environ, "QSEARCH_PURE": "1", "PYTHONPATH": f"{root}{os.pathsep}{root / 'tests'}"}
    done = subprocess.run([sys.executable, "-c", code], env=env, cwd=root, capture_output=True,
                          text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "pure sample: as saved" in done.stdout
