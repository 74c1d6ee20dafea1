"""The games' entries (qsearch.core.game_entries), walked: each names every piece it needs, and
every piece it names is there.

:func:`missing_pieces` lists what an entry lacks, in words that name the file or the name to
add (a compiled module without its ``.pyx`` or its stand-in, a twin, a drawing, a heuristic,
lockstep games, a tournament's data); the real entries lack nothing, and made-up broken
entries are each named for what they lack.
"""
from __future__ import annotations

import dataclasses
import importlib
import re
import sys
from pathlib import Path

import pytest

from qsearch import _mode
from qsearch.core.game_entries import (
    ENTRIES,
    SHARED_COMPILED,
    GameEntry,
    GameInfo,
    Oracle,
    Tournament,
    compiled_modules,
    entry_of_class,
)
from qsearch.games.registry import draw, load, names

ROOT = Path(__file__).resolve().parents[1]


def _resolve(path: str):
    """The object ``"module:name"`` names (``name`` may be dotted), or the reason it is not
    there."""
    module, _, name = path.partition(":")
    try:
        value = importlib.import_module(module)
    except ImportError as error:
        return None, f"module {module} does not import ({error})"
    for part in name.split("."):
        if not hasattr(value, part):
            return None, f"{module} has no {name}"
        value = getattr(value, part)
    return value, ""


def _file(module: str, suffix: str) -> Path:
    return ROOT.joinpath(*module.split(".")[:-1], module.split(".")[-1] + suffix)


def missing_pieces(entry: GameEntry) -> list[str]:
    """What ``entry`` lacks, one phrase each (empty: nothing)."""
    missing = []
    name = entry.name
    factory, why = _resolve(entry.factory)
    if factory is None:
        missing.append(f"{name}: factory {entry.factory}: {why}")
    if entry.info.name != name:
        missing.append(f"{name}: its GameInfo is called {entry.info.name!r}")
    for module in entry.compiled:
        if not _file(module, ".pyx").exists():
            missing.append(f"{name}: compiled module {module} has no {_file(module, '.pyx')}")
        if not _file(module, ".py").exists():
            missing.append(f"{name}: compiled module {module} has no pure stand-in "
                           f"{_file(module, '.py')}")
    game_modules = [m for m in entry.compiled if m.startswith("qsearch.games.")]
    if game_modules and entry.twin is None:
        missing.append(f"{name}: compiled engine {game_modules[0]} has no reference twin "
                       "(twin='qsearch.reference.<game>:Py<Game>')")
    if entry.twin is not None:
        twin, why = _resolve(entry.twin)
        if twin is None:
            missing.append(f"{name}: reference twin {entry.twin}: {why}")
        for module in game_modules:
            standin = _file(module, ".py")
            if standin.exists() and entry.twin.split(":")[0] not in standin.read_text():
                missing.append(f"{name}: stand-in {standin.name} does not take its names from "
                               f"the twin's module {entry.twin.split(':')[0]}")
        if entry.lockstep < 1:
            missing.append(f"{name}: no lockstep test data (lockstep=<games> in its entry)")
    if entry.drawing is not None:
        function, why = _resolve(entry.drawing)
        if not callable(function):
            missing.append(f"{name}: drawing function {entry.drawing}: {why or 'not callable'}")
    for heuristic in entry.heuristics:
        if _resolve(heuristic)[0] is None:
            missing.append(f"{name}: heuristic {heuristic}: {_resolve(heuristic)[1]}")
    if entry.tournament is not None:
        t = entry.tournament
        if len(t.to_move) != 10:
            missing.append(f"{name}: tournament to_move lists {len(t.to_move)} seats, not 10")
        if _resolve(t.heuristic)[0] is None:
            missing.append(f"{name}: tournament heuristic {t.heuristic}: "
                           f"{_resolve(t.heuristic)[1]}")
        if t.start and factory is not None and not hasattr(factory, t.start[0]):
            missing.append(f"{name}: tournament start {t.start[0]} is no method of the game")
    if entry.oracle is not None:
        try:
            load(entry.oracle.start)
        except (ValueError, TypeError) as error:
            missing.append(f"{name}: oracle start {entry.oracle.start!r}: {error}")
    return missing


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: e.name)
def test_every_entry_has_every_piece(entry):
    assert missing_pieces(entry) == []


def test_the_compiled_modules_are_the_entries_and_the_pyx_files():
    pyx = {".".join(p.relative_to(ROOT).with_suffix("").parts)
           for p in (ROOT / "qsearch").rglob("*.pyx")}
    assert set(_mode.COMPILED_MODULES) == set(compiled_modules()) == pyx
    for module in SHARED_COMPILED:
        assert all(module not in e.compiled for e in ENTRIES), module


def test_names_and_aliases_are_each_one_games():
    spellings = [s for e in ENTRIES for s in (e.name, *e.aliases)]
    assert len(spellings) == len(set(spellings))
    assert {e.name for e in ENTRIES} <= set(names())
    for e in ENTRIES:
        for alias in e.aliases:
            assert type(load(alias)) is type(load(e.name))


@pytest.mark.parametrize("entry", [e for e in ENTRIES if e.drawing], ids=lambda e: e.name)
def test_every_drawing_draws_the_engine_and_the_twin(entry):
    engine = load(entry.name)
    assert draw(engine).startswith("<svg") and engine._repr_svg_() == draw(engine)
    twin, _ = _resolve(entry.twin)
    assert entry_of_class(twin) is entry and draw(twin()).startswith("<svg")


def test_a_game_without_a_drawing_says_which_games_have_one():
    with pytest.raises(TypeError, match="no SVG drawing for (Py)?Pig: qsearch draws tictactoe"):
        draw(load("pig"))


# ---- the walk must fail where a piece is missing --------------------------------------------
CONNECT4 = next(e for e in ENTRIES if e.name == "connect4")
HYPERGAMMON = next(e for e in ENTRIES if e.name == "hypergammon")


@pytest.mark.parametrize("changes,words", [
    ({"compiled": ("qsearch.games.dots",)}, "qsearch.games.dots has no .*dots.pyx"),
    ({"compiled": ("qsearch.games.dots",)}, "has no pure stand-in .*dots.py"),
    ({"twin": None}, "compiled engine qsearch.games.connect4 has no reference twin"),
    ({"twin": "qsearch.reference.connect4:PyDots"}, "reference twin .* has no PyDots"),
    ({"twin": "qsearch.reference.tictactoe:PyTicTacToe"},
     "stand-in connect4.py does not take its names from .*reference.tictactoe"),
    ({"drawing": "qsearch.viz.boards:dots_svg"}, "drawing function .* has no dots_svg"),
    ({"heuristics": ("qsearch.heuristics.connect4:nothing",)}, "heuristic .* has no nothing"),
    ({"lockstep": 0}, "no lockstep test data"),
    ({"factory": "qsearch.games.dots:Dots"}, "factory qsearch.games.dots:Dots: module"),
    ({"info": GameInfo("c4")}, "its GameInfo is called 'c4'"),
    ({"oracle": Oracle("dots", (0, 1), 1)}, "oracle start 'dots'"),
])
def test_a_broken_entry_is_named_for_what_it_lacks(changes, words):
    broken = dataclasses.replace(CONNECT4, **changes)
    found = missing_pieces(broken)
    assert found and any(re.search(words, f) for f in found), found


def test_a_broken_tournament_is_named():
    bad = dataclasses.replace(HYPERGAMMON, tournament=dataclasses.replace(
        HYPERGAMMON.tournament, to_move=(0,) * 9, start=("from_nowhere", (), {})))
    found = missing_pieces(bad)
    assert any("lists 9 seats" in f for f in found)
    assert any("from_nowhere is no method" in f for f in found)
    assert isinstance(HYPERGAMMON.tournament, Tournament)


def test_a_missing_stand_in_is_named_when_pure_mode_imports_it(monkeypatch, tmp_path):
    # Pure mode imports every compiled module from its .py stand-in: a stand-in that is not
    # there must be named (a ModuleNotFoundError, so the walk above reports it), not end in a
    # bare FileNotFoundError from the loader.
    monkeypatch.setattr(_mode, "COMPILED_MODULES", (*_mode.COMPILED_MODULES, "qsearch.games.dots"))
    finder = _mode.PureFinder()
    with pytest.raises(ModuleNotFoundError, match=r"pure-Python mode.*qsearch\.games\.dots.*"
                                                  r"no stand-in .*dots\.py") as caught:
        finder.find_spec("qsearch.games.dots")
    assert caught.value.name == "qsearch.games.dots"
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    broken = dataclasses.replace(CONNECT4, factory="qsearch.games.dots:Dots")
    assert any("no stand-in" in f for f in missing_pieces(broken)), missing_pieces(broken)
