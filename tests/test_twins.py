"""Every compiled game against its readable twin, read from the games' entries.

An entry (:mod:`qsearch.core.game_entries`) names its engine (``factory``) and its twin;
nothing here is written per game, so a new compiled game is checked by adding its entry. The
twin imports no compiled code, has the engine's API, and plays ``entry.lockstep`` seeded random
games beside the engine (everything observable equal at every step, then undone back to the
start). The engine-specific files (tests/test_pure_<game>.py) add every error path and the
game's own rules.
"""
import importlib
import random

import pytest
from pure_engine_checks import imports_without_compiled_code, observe, own_dunders, public_names

from qsearch.core.game_entries import ENTRIES

TWINNED = [pytest.param(e, id=e.name) for e in ENTRIES if e.twin]


def named(path: str):
    module, name = path.split(":")
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("entry", TWINNED)
def test_the_twin_imports_no_compiled_module(entry):
    module = entry.twin.split(":")[0]
    loaded = imports_without_compiled_code(module)
    assert module in loaded and "qsearch.games" not in loaded and "qsearch.viz" not in loaded


@pytest.mark.parametrize("entry", TWINNED)
def test_the_twin_has_the_engines_api(entry):
    engine, twin = named(entry.factory), named(entry.twin)
    assert public_names(twin) == public_names(engine)
    assert own_dunders(twin) == own_dunders(engine)


def lockstep(twin, engine, rng) -> int:
    """One random game (chance outcomes drawn by their probabilities) on both states, equal at
    every step, then undone to the start; the plies played."""
    plies = 0
    while not engine.is_terminal():
        assert observe(twin) == observe(engine)
        if engine.is_chance_node():
            outcomes = engine.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(engine.legal_actions())
            text = engine.action_to_string(action)
            assert twin.string_to_action(text) == engine.string_to_action(text) == action
        twin.apply_action(action)
        engine.apply_action(action)
        plies += 1
    assert observe(twin) == observe(engine)
    for _ in range(plies):
        assert twin.undo_action() == engine.undo_action()
        assert observe(twin) == observe(engine)
    return plies


@pytest.mark.parametrize("entry", TWINNED)
def test_the_twin_plays_random_games_in_lockstep_with_the_engine(entry):
    assert entry.lockstep >= 1, f"{entry.name}: its entry gives no lockstep games"
    rng = random.Random(entry.name)
    engine, twin = named(entry.factory), named(entry.twin)
    plies = [lockstep(twin(), engine(), rng) for _ in range(entry.lockstep)]
    assert min(plies) >= 1
