"""The pure-Python stand-ins of the compiled heuristics and searches (issue 20, pure mode).

Each compiled module ``qsearch/heuristics/*.pyx`` and ``qsearch/search/*.pyx`` has a ``.py``
stand-in beside it, which :mod:`qsearch._mode` imports in pure-Python mode. Here every
stand-in is imported as pure mode imports it (the finder of :mod:`qsearch._mode` first, every
compiled module forgotten), then the compiled modules are put back, so this interpreter holds
both: the compiled module is the oracle of its stand-in. A stand-in must offer the compiled
module's names, and give the same values, bounds, counts and error types, the compiled code on
a compiled engine and the stand-in on the plain-Python engine of :mod:`qsearch.reference`
replaying the same actions. A last check runs ``QSEARCH_PURE=1`` in a fresh interpreter.
"""
import importlib
import importlib.machinery
import math
import os
import random
import subprocess
import sys
import textwrap
import warnings
from functools import cache, partial
from pathlib import Path

import pytest

import qsearch.search as search
from qsearch import _mode
from qsearch.games import (
    Connect4,
    Hypergammon,
    OwnPieceQuarto,
    ParCheckers,
    Pig,
    Quarto,
    Reversi,
    TicTacToe,
)
from qsearch.reference import alphabeta as reference_alphabeta
from qsearch.reference.connect4 import PyConnect4
from qsearch.reference.hypergammon import PyHypergammon
from qsearch.reference.parcheckers import PyParCheckers
from qsearch.reference.pig import PyPig
from qsearch.reference.quarto import PyOwnPieceQuarto, PyQuarto
from qsearch.reference.reversi import PyReversi
from qsearch.reference.tictactoe import PyTicTacToe

pytestmark = pytest.mark.compiled           # each test compares a stand-in with the extension
ROOT = Path(__file__).resolve().parents[1]
STANDINS = [n for n in _mode.COMPILED_MODULES if n.startswith(("qsearch.heuristics.",
                                                                  "qsearch.search."))]
# Compiled names a stand-in does not have, and why.
C_ONLY = {
    **{("qsearch.heuristics.connect4", n): "a loop variable of the .pyx's table set-up"
       for n in ("_c", "_d", "_dc", "_dr", "_r", "_s")},
    ("qsearch.heuristics.connect4", "_DIRECTIONS"): "the bitboard shifts of the C tables",
    ("qsearch.heuristics.connect4", "_bit"): "a helper of the C tables' set-up",
    ("qsearch.heuristics.parcheckers", "_i"): "a loop variable of the .pyx's table set-up",
    ("qsearch.search.quarto_verifier", "_fill_tables"): "copies the twin's tables into C arrays",
    ("qsearch.search.quarto_solver", "_fill_symmetry"): "copies the twin's symmetries into C "
                                                        "arrays",
    ("qsearch.search.mcts", "_Tree"): "the C node pool (the twin's tree is Python objects)",
    ("qsearch.search.limited_minimax", "_Limited"): "the C search's state (the twin recurses)",
}


# ------------------------------------------------------------------------ both builds
@cache
def standins() -> dict:
    """Every stand-in of STANDINS as pure mode imports it; the compiled modules are put back
    afterwards (sys.modules and the packages' attributes as they were)."""
    # connect4_solver's twin binds qsearch.games.connect4 at import: it must see the stand-in.
    forgotten = set(_mode.COMPILED_MODULES) | {"qsearch.reference.connect4_solver"}
    before = dict(sys.modules)
    packages = {name: dict(vars(module)) for name, module in before.items()
                if name.startswith("qsearch") and hasattr(module, "__path__")}
    for name in forgotten:          # ``from package import module`` reads the attribute first
        sys.modules.pop(name, None)
        parent, _, child = name.rpartition(".")
        if hasattr(sys.modules.get(parent), child):
            delattr(sys.modules[parent], child)
    finder = _mode.PureFinder()
    sys.meta_path.insert(0, finder)
    try:
        loaded = {name: importlib.import_module(name) for name in STANDINS}
    finally:
        sys.meta_path.remove(finder)
        added = [n for n in sys.modules if n.startswith("qsearch") and n not in before]
        for name in added + list(forgotten):
            sys.modules.pop(name, None)
        sys.modules.update({n: m for n, m in before.items() if n in forgotten})
        for parent, _, child in {n.rpartition(".") for n in added + list(forgotten)}:
            if parent in packages:
                saved = packages[parent]
                if child in saved:
                    setattr(sys.modules[parent], child, saved[child])
                elif hasattr(sys.modules[parent], child):
                    delattr(sys.modules[parent], child)
    return loaded


def pure(name: str):
    """The stand-in ``qsearch.<name>`` (``"search.mcts"``...)."""
    return standins()["qsearch." + name]


def compiled(name: str):
    """The compiled ``qsearch.<name>`` this interpreter runs."""
    module = importlib.import_module("qsearch." + name)
    assert module.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    return module


def test_the_standins_load_as_py_files_and_the_compiled_build_stays():
    for name, module in standins().items():
        assert module.__file__ == str(_mode.source_path(name, ".py"))
        assert sys.modules[name] is not module and compiled(name.split(".", 1)[1])


def error_type(call):
    """The type of the exception ``call()`` raises (None if it returns)."""
    try:
        call()
    except Exception as error:          # the type is what is compared
        return type(error)
    return None


def same_errors(cases):
    """Each case is ``(compiled call, pure call)``: both raise, the same type."""
    for fast, slow in cases:
        expected = error_type(fast)
        assert expected is not None and error_type(slow) is expected, (fast, slow)


# ------------------------------------------------------------------------ positions
def random_actions(state, rng, plies, keep_going=True):
    """Play up to ``plies`` random actions (chance outcomes too) on ``state``; the list.
    ``keep_going=False`` only plays actions that do not end the game."""
    actions = []
    for _ in range(plies):
        if state.is_terminal():
            break
        choices = ([o for o, _ in state.chance_outcomes()] if state.is_chance_node()
                   else state.legal_actions())
        if not keep_going:
            choices = [a for a in choices if not state.child(a).is_terminal()]
            if not choices:
                break
        action = rng.choice(choices)
        state.apply_action(action)
        actions.append(action)
    return actions


def pairs(fast_game, slow_game, seed, count, low, high, keep_going=True):
    """``count`` positions as ``(compiled state, pure state)``, the same random actions."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        fast, slow = fast_game(), slow_game()
        for action in random_actions(fast, rng, rng.randint(low, high), keep_going):
            slow.apply_action(action)
        assert fast.history() == slow.history()
        out.append((fast, slow))
    return out


def chosen(positions, cost, low, high, count):
    """The first ``count`` positions whose cost ``cost(compiled state)`` (nodes of the
    compiled search) lies in [low, high]: positions worth checking that the pure stand-in
    still searches in a moment."""
    found = []
    for fast, slow in positions:
        if low <= cost(fast) <= high:
            found.append((fast, slow))
            if len(found) == count:
                return found
    raise AssertionError(f"{len(found)} of the {count} positions needed: widen the sample")


def scores(heuristic, state):
    """The heuristic's values for both players, by ``evaluate`` and by a call."""
    return [heuristic.evaluate(state, p) for p in (0, 1)] + [heuristic(state, p) for p in (0, 1)]


# ------------------------------------------------------------------------ names
def plain(value) -> bool:
    """A constant made of numbers and strings (compared between the two builds)."""
    if isinstance(value, (int, float, str)):
        return True
    if isinstance(value, dict):
        return all(plain(k) and plain(v) for k, v in value.items())
    return isinstance(value, tuple) and all(plain(v) for v in value)


def own_names(module) -> set:
    """A module's names, less dunders, modules and Cython's own (``__pyx_unpickle_*``)."""
    return {n for n in vars(module) if not (n.startswith("__") and n.endswith("__"))
            and not n.startswith("__pyx") and not isinstance(getattr(module, n), type(math))}


@pytest.mark.parametrize("name", STANDINS)
def test_every_compiled_name_is_in_its_standin(name):
    fast, slow = compiled(name.split(".", 1)[1]), standins()[name]
    missing = own_names(fast) - own_names(slow)
    assert {n for n in missing if (name, n) not in C_ONLY} == set()
    for n in own_names(fast) & own_names(slow):
        if not n.startswith("_") and plain(getattr(fast, n)):
            assert getattr(slow, n) == getattr(fast, n), n           # the same constants
    assert slow.__doc__.startswith("Pure-Python stand-in of the compiled")


@pytest.mark.parametrize("name", STANDINS)
def test_a_standin_adds_no_public_name_of_its_own(name):
    fast, slow = compiled(name.split(".", 1)[1]), standins()[name]
    for n in own_names(slow) - own_names(fast):
        value = getattr(slow, n)
        made_elsewhere = getattr(value, "__module__", name) != name
        assert n.startswith("_") or n == "annotations" or made_elsewhere, n


# ------------------------------------------------------------------------ heuristics
def test_connect4_heuristics_agree_on_random_positions():
    fast, slow = compiled("heuristics.connect4"), pure("heuristics.connect4")
    positions = pairs(Connect4, PyConnect4, 1, 40, 0, 30)
    for key in fast.HEURISTICS:
        f, s = fast.HEURISTICS[key], slow.HEURISTICS[key]
        assert (type(s).__name__, s.bounds, repr(s)) == (type(f).__name__, f.bounds, repr(f))
        for c4, py in positions:
            assert scores(s, py) == scores(f, c4), (key, c4)
        for owner in (0, 1):
            vf, vs = fast.Viewpoint(f, owner), slow.Viewpoint(s, owner)
            assert (vs.bounds, repr(vs), vs.owner) == (vf.bounds, repr(vf), vf.owner)
            assert vs.heuristic is s
            for c4, py in positions[:10]:
                assert scores(vs, py) == scores(vf, c4)


def test_connect4_standins_score_as_the_readable_twin():
    """The stand-in scores on bitboards as the compiled module does; the twin, which reads the
    board cell by cell as the documents do, is the definition: the same on every position
    (from the empty board to finished games, early ones for the book rules, colours exchanged)."""
    from qsearch.reference import heuristics as twin
    slow = pure("heuristics.connect4")
    positions = [py for _c4, py in pairs(Connect4, PyConnect4, 7, 150, 0, 42)]
    positions += [py for _c4, py in pairs(Connect4, PyConnect4, 8, 50, 30, 42, False)]
    positions += [py for _c4, py in pairs(Connect4, PyConnect4, 9, 60, 0, 4)]
    positions += [slow.swapped_colours(py) for py in positions[:60]]
    assert max(py.num_moves() for py in positions) >= 36
    assert any(py.is_terminal() for py in positions)
    for key, standin in slow.HEURISTICS.items():
        for py in positions:
            for p in (0, 1):
                assert standin.evaluate(py, p) == getattr(twin, key)(py, p), (key, py, p)


@pytest.mark.parametrize("game", ["reversi", "hypergammon", "parcheckers", "own", "standard"])
def test_the_other_heuristics_agree_on_random_positions(game):
    fast_game, slow_game, plies, module, made = {
        "reversi": (Reversi, PyReversi, 60, "reversi", lambda m: [m.disc_difference]),
        "hypergammon": (Hypergammon, PyHypergammon, 120, "hypergammon",
                        lambda m: [m.pip_race, m.PipRace(3.5, 0.25), m.PipRace(passed_bonus=0)]),
        "parcheckers": (ParCheckers, PyParCheckers, 200, "parcheckers",
                        lambda m: [m.valoracion_test]),
        "own": (OwnPieceQuarto, PyOwnPieceQuarto, 16, "quarto",
                lambda m: [m.line_credit, m.LineCredit(0.3, 1.5)]),
        "standard": (Quarto, PyQuarto, 32, "quarto",
                     lambda m: [m.line_credit, m.LineCredit(two=-1, three=2)]),
    }[game]
    fast_module, slow_module = compiled("heuristics." + module), pure("heuristics." + module)
    positions = pairs(fast_game, slow_game, 2, 30, 0, plies)
    for f, s in zip(made(fast_module), made(slow_module), strict=True):
        assert (type(s).__name__, s.bounds, repr(s)) == (type(f).__name__, f.bounds, repr(f))
        assert getattr(s, "__name__", None) == getattr(f, "__name__", None)
        for fast, slow in positions:
            assert scores(s, slow) == scores(f, fast), (game, f, fast.history())
            if module == "quarto":
                assert s.counts(slow) == f.counts(fast)


def test_heuristic_errors_are_the_compiled_ones():
    fast, slow = compiled("heuristics._heuristic"), pure("heuristics._heuristic")
    c4, py = Connect4.from_moves("4453"), PyConnect4.from_moves("4453")
    bad_value = [float("nan"), "1", True, None]

    def returning(value):
        return lambda state, player: value

    same_errors([(partial(fast.FunctionHeuristic(returning(v)).evaluate, c4, 0),
                  partial(slow.FunctionHeuristic(returning(v)).evaluate, py, 0))
                 for v in bad_value])
    same_errors([(lambda: fast.FunctionHeuristic(5), lambda: slow.FunctionHeuristic(5)),
                 (lambda: fast.as_heuristic(5), lambda: slow.as_heuristic(5)),
                 (lambda: fast.Heuristic().evaluate(c4, 0), lambda: slow.Heuristic()(py, 0))])

    def f(state, player):
        return 2
    f.bounds = (-3, 3)
    for module, state in ((fast, c4), (slow, py)):
        wrapped = module.as_heuristic(f)
        assert (wrapped.evaluate(state, 0), wrapped.bounds, repr(wrapped)) == \
            (2.0, (-3, 3), f"FunctionHeuristic({f!r})")
        assert module.as_heuristic(None) is None and module.as_heuristic(wrapped) is wrapped
        assert module.Heuristic().bounds is None and repr(module.Heuristic()) == "Heuristic()"

    # Each game's heuristic refuses the other games' states and players other than 0 and 1.
    tests = [("connect4", "evaluation_table", "potential_lines", "book_rules", "line_weights"),
             ("reversi", "disc_difference"), ("hypergammon", "pip_race"),
             ("parcheckers", "valoracion_test"), ("quarto", "line_credit")]
    states = [(Connect4(), PyConnect4()), (Reversi(), PyReversi()), (TicTacToe(), PyTicTacToe())]
    for module, *names in tests:
        for name in names:
            hf = getattr(compiled("heuristics." + module), name)
            hs = getattr(pure("heuristics." + module), name)
            same_errors([(partial(hf.evaluate, s, 0), partial(hs.evaluate, t, 0))
                         for s, t in states if error_type(partial(hf.evaluate, s, 0))])
    for module, name, fast_state, slow_state in [
            ("reversi", "disc_difference", Reversi(), PyReversi()),
            ("hypergammon", "pip_race", Hypergammon(), PyHypergammon()),
            ("parcheckers", "valoracion_test", ParCheckers(), PyParCheckers())]:
        hf = getattr(compiled("heuristics." + module), name)
        hs = getattr(pure("heuristics." + module), name)
        same_errors([(partial(hf.evaluate, fast_state, 2), partial(hs.evaluate, slow_state, 2))])
    c4f, c4s = compiled("heuristics.connect4"), pure("heuristics.connect4")
    same_errors([(lambda: c4f.Viewpoint(c4f.potential_lines, 2),
                  lambda: c4s.Viewpoint(c4s.potential_lines, 2)),
                 (lambda: c4f.Viewpoint(c4f.potential_lines, "0"),
                  lambda: c4s.Viewpoint(c4s.potential_lines, "0")),
                 (lambda: c4f.Viewpoint(f, 0), lambda: c4s.Viewpoint(f, 0)),
                 (lambda: c4f.evaluate_many(c4f.line_weights, (c4,), 0),
                  lambda: c4s.evaluate_many(c4s.line_weights, (py,), 0)),
                 (lambda: c4f.swapped_colours(TicTacToe()),
                  lambda: c4s.swapped_colours(PyTicTacToe()))])
    qf, qs = compiled("heuristics.quarto"), pure("heuristics.quarto")
    same_errors([(lambda: qf.LineCredit("0.1"), lambda: qs.LineCredit("0.1"))])


def test_explain_swapped_colours_and_evaluate_many_agree():
    fast, slow = compiled("heuristics.connect4"), pure("heuristics.connect4")
    positions = pairs(Connect4, PyConnect4, 3, 12, 1, 25, keep_going=False)
    for c4, py in positions:
        for player in (None, 0, 1):
            assert [str(c) for c in slow.potential_lines.explain(py, player)] == \
                [str(c) for c in fast.potential_lines.explain(c4, player)]
        f, s = fast.swapped_colours(c4), slow.swapped_colours(py)
        assert str(s) == str(f)
        assert (s.current_player(), s.winner_player(), s.num_moves(), s.returns()) == \
            (f.current_player(), f.winner_player(), f.num_moves(), f.returns())
        for key in fast.HEURISTICS:
            assert scores(slow.HEURISTICS[key], s) == scores(fast.HEURISTICS[key], f)
    for key in fast.HEURISTICS:
        f = fast.evaluate_many(fast.HEURISTICS[key], [c for c, _ in positions], 1, 2)
        s = slow.evaluate_many(slow.HEURISTICS[key], [p for _, p in positions], 1, 2)
        assert s == f


# ------------------------------------------------------------------------ tables, core
def test_the_transposition_table_has_the_compiled_api_and_counts():
    fast, slow = compiled("search.tt"), pure("search.tt")
    same_errors([(partial(fast.TranspositionTable, b), partial(slow.TranspositionTable, b))
                 for b in (0, 31, "12")])
    for c4, py in pairs(Connect4, PyConnect4, 4, 4, 2, 12, keep_going=False):
        f, s = fast.TranspositionTable(10), slow.TranspositionTable(bits=10)
        assert (len(s), repr(s), s.filled(), s.stores, s.probes) == \
            (len(f), repr(f), f.filled(), f.stores, f.probes)
        a = search.alphabeta(c4, 5, tt=f)
        b = reference_alphabeta(py, 5, tt=s)
        assert (b.value, b.action, b.counts()) == (a.value, a.action, a.counts())
        assert (s.filled(), s.stores, s.probes) == (f.filled(), f.stores, f.probes)
        for key in (c4.position_key(), c4.child(c4.legal_actions()[0]).position_key(), 12345):
            assert s.get(key) == f.get(key)
        same_errors([(partial(f.get, k), partial(s.get, k)) for k in (-1, 2**64, "1")])
        f.clear()
        s.clear()
        assert (s.filled(), s.stores, s.probes) == (f.filled(), f.stores, f.probes) == (0, 0, 0)
    assert (slow.EXACT, slow.LOWER, slow.UPPER, slow.FLAG_NAMES) == \
        (fast.EXACT, fast.LOWER, fast.UPPER, fast.FLAG_NAMES)


def test_the_engine_standin_has_a_clock_and_no_core():
    slow = pure("search._engine")
    with pytest.raises(RuntimeError, match="compiled search core, which is not built"):
        slow.Searcher()
    first = slow.monotonic()
    assert isinstance(first, float) and slow.monotonic() >= first


def test_the_plumbing_agrees_bit_for_bit():
    fast, slow = compiled("search.plumbing"), pure("search.plumbing")
    rng = random.Random(5)
    words = [0, 1, 2**32 - 1, 2**64 - 1] + [rng.getrandbits(64) for _ in range(200)]
    for w in words:
        low = w & 0xFFFFFFFF
        for name in ("popcount64", "murmur_finalise", "splitmix_finalise", "splitmix_next",
                     "splitmix_uniform"):
            assert getattr(slow, name)(w) == getattr(fast, name)(w), (name, w)
        assert slow.popcount32(low) == fast.popcount32(low)
        if w:
            assert slow.ctz64(w) == fast.ctz64(w)
        if low:
            assert slow.ctz32(low) == fast.ctz32(low)
        n = 1 + (w >> 40)
        assert slow.multiply_shift_below(w, n) == fast.multiply_shift_below(w, n)
    same_errors([(partial(getattr(fast, n), x), partial(getattr(slow, n), x))
                 for n, x in [("ctz32", 0), ("ctz64", 0), ("popcount32", -1),
                              ("popcount32", 2**32), ("popcount64", 2**64),
                              ("murmur_finalise", "1")]])
    same_errors([(lambda: fast.multiply_shift_below(1, 2**32),
                  lambda: slow.multiply_shift_below(1, 2**32))])


# ------------------------------------------------------------------------ searches
def same_search(a, b) -> bool:
    """The same value, move, line and counts (elapsed aside)."""
    return (a.value, a.action, a.pv, a.counts(), a.complete, a.algorithm, a.depth) == \
        (b.value, b.action, b.pv, b.counts(), b.complete, b.algorithm, b.depth)


def test_expectiminimax_agrees_on_dice_games():
    fast, slow = compiled("search.expectiminimax"), pure("search.expectiminimax")
    pf, ps = compiled("heuristics.hypergammon").pip_race, pure("heuristics.hypergammon").pip_race

    def player(h):                  # whose value: at a chance node, say it
        return 0 if h.is_chance_node() else h.current_player()

    positions = chosen(pairs(Hypergammon, PyHypergammon, 6, 12, 1, 40, keep_going=False),
                       lambda h: fast.expectiminimax(h, 3, pf, player=player(h),
                                                     prune="star1").cutoffs, 1, 10**6, 1)
    for h, py in positions:
        for options in (dict(), dict(prune="star1"), dict(prune="star2"),
                        dict(limit=3, count_chance=False), dict(trace=True, max_nodes=300)):
            depth = 1 if options.get("count_chance") is False else 3
            a = fast.expectiminimax(h, depth, pf, player=player(h), **options)
            b = slow.expectiminimax(py, depth, ps, player=player(h), **options)
            assert same_search(a, b), (h.history(), options)
            assert b.trace == a.trace
    for p, py in pairs(lambda: Pig(win_score=12), lambda: PyPig(win_score=12), 7, 3, 0, 12,
                       keep_going=False):
        player = 1 if p.is_chance_node() else None
        a = fast.expectiminimax(p, 4, player=player, prune="star1", bounds=(-1, 1))
        b = slow.expectiminimax(py, 4, player=player, prune="star1", bounds=(-1, 1))
        assert same_search(a, b)


def test_expectiminimax_errors_are_the_compiled_ones():
    fast, slow = compiled("search.expectiminimax"), pure("search.expectiminimax")
    h, py = Hypergammon(), PyHypergammon()
    cases = [dict(depth=None), dict(depth=-1), dict(depth="2"), dict(evaluate=5),
             dict(max_nodes=0), dict(max_nodes=2.5), dict(time_limit=-1), dict(prune="star3"),
             dict(prune=1), dict(limit=0), dict(prune="star1"), dict(player=None)]
    base = {"depth": 2, "player": 0}
    same_errors([(partial(fast.expectiminimax, h, **{**base, **c}),
                  partial(slow.expectiminimax, py, **{**base, **c})) for c in cases])
    with pytest.raises(RuntimeError, match="compiled search, which is not built"):
        slow.ExpectiSearcher()


def test_mcts_agrees_with_the_same_seed():
    fast, slow = compiled("search.mcts"), pure("search.mcts")
    assert slow.NODE_BYTES == fast.NODE_BYTES
    lf, ls = compiled("heuristics.connect4").line_weights, pure("heuristics.connect4").line_weights
    runs = [
        (TicTacToe(), PyTicTacToe(), dict(iterations=300, seed=3, keep_tree=True, trace=True)),
        (Connect4.from_moves("4453"), PyConnect4.from_moves("4453"),
         dict(iterations=200, seed=1, rollout_depth=4, c=0.7)),
        (Pig(win_score=15), PyPig(win_score=15), dict(iterations=200, seed=2, keep_tree=True)),
        (Connect4(), PyConnect4(), dict(iterations=500, seed=1, max_nodes=150)),
    ]
    for fast_state, slow_state, options in runs:
        with_h = options.get("rollout_depth") is not None
        a = fast.mcts(fast_state, evaluate=lf if with_h else None, **options)
        b = slow.mcts(slow_state, evaluate=ls if with_h else None, **options)
        assert (b.value, b.action, b.pv, b.children, b.counts(), b.simulations,
                b.rollout_moves, b.complete, b.tree, b.trace) == \
            (a.value, a.action, a.pv, a.children, a.counts(), a.simulations,
             a.rollout_moves, a.complete, a.tree, a.trace), options
    assert not b.complete and b.nodes < 150          # the last run was capped


def test_mcts_errors_are_the_compiled_ones():
    fast, slow = compiled("search.mcts"), pure("search.mcts")
    c4, py = Connect4.from_moves("44"), PyConnect4.from_moves("44")
    cases = [dict(iterations=0), dict(iterations=None), dict(c=-1), dict(seed=1.5),
             dict(evaluate=lambda s, p: 0), dict(rollout_depth=2),
             dict(evaluate=5, rollout_depth=2), dict(max_nodes=1), dict(max_nodes=2.0),
             dict(max_nodes=3)]
    same_errors([(partial(fast.mcts, c4, **{"iterations": 10, **c}),
                  partial(slow.mcts, py, **{"iterations": 10, **c})) for c in cases])


def test_limited_minimax_agrees_and_checks_alike():
    fast, slow = compiled("search.limited_minimax"), pure("search.limited_minimax")
    vf = compiled("heuristics.parcheckers").valoracion_test
    vs = pure("heuristics.parcheckers").valoracion_test
    for pc, py in pairs(ParCheckers, PyParCheckers, 8, 3, 0, 60, keep_going=False):
        if pc.is_chance_node():
            continue
        for depth, budget, root_move, children in ((1, None, "best", "iterator"),
                                                   (2, 400, "document", "list"),
                                                   (3, 900, "best", "iterator"),
                                                   (3, 900, "document", "list")):
            a = fast.limited_minimax(pc, depth, vf, max_nodes=budget, root_move=root_move,
                                     children=children)
            b = slow.limited_minimax(py, depth, vs, max_nodes=budget, root_move=root_move,
                                     children=children)
            assert (b.value, b.action, b.generated, b.evaluated, b.limit_reached, b.depth,
                    b.max_nodes) == (a.value, a.action, a.generated, a.evaluated,
                                     a.limit_reached, a.depth, a.max_nodes)
    c4, py = Connect4.from_moves("44"), PyConnect4.from_moves("44")
    cases = [dict(depth=0), dict(depth="2"), dict(depth=201), dict(max_nodes=0),
             dict(max_nodes=1.5), dict(root_move="worst"), dict(children="vector"),
             dict(evaluate=5)]
    same_errors([(partial(fast.limited_minimax, c4, **c), partial(slow.limited_minimax, py, **c))
                 for c in cases])
    same_errors([(lambda: fast.limited_minimax(Connect4.from_moves("1212121")),
                  lambda: slow.limited_minimax(PyConnect4.from_moves("1212121")))])


def test_the_connect4_solver_agrees_with_its_progress():
    fast, slow = compiled("search.connect4_solver"), pure("search.connect4_solver")
    solver_f, solver_s = fast.Solver(table_bits=14), slow.Solver(table_bits=14)

    def cost(c4):                   # nodes of a solve and of analyze's solves of the children
        children = [c4.child(a) for a in c4.legal_actions()]
        return sum(fast.solve(c).nodes for c in [c4] + children if not c.is_terminal())

    positions = chosen(pairs(Connect4, PyConnect4, 9, 40, 12, 24, keep_going=False),
                       cost, 300, 15000, 3)
    for c4, py in positions:
        for weak in (False, True):
            a, b = solver_f.solve(c4, weak=weak), solver_s.solve(py, weak=weak)
            assert (b.score, b.nodes) == (a.score, a.nodes)
            assert solver_s.progress == solver_f.progress
        assert solver_s.analyze(py) == solver_f.analyze(c4)
        a, b = fast.solve(c4), slow.solve(py)
        assert (b.score, b.nodes) == (a.score, a.nodes)
        assert slow.analyze(py) == fast.analyze(c4)
        solver_f.reset()
        solver_s.reset()
    assert solver_s.table_bits == solver_f.table_bits == 14
    same_errors([(lambda: fast.solve(TicTacToe()), lambda: slow.solve(PyTicTacToe())),
                 (lambda: fast.solve(Connect4.from_moves("1212121")),
                  lambda: slow.solve(PyConnect4.from_moves("1212121"))),
                 (lambda: fast.Solver(9), lambda: slow.Solver(9)),
                 (lambda: fast.Solver("20"), lambda: slow.Solver("20"))])


def test_quarto_ab_minimax_agrees_with_and_without_the_win_check():
    fast, slow = compiled("search.quarto_ab"), pure("search.quarto_ab")
    cf, cs = compiled("heuristics.quarto"), pure("heuristics.quarto")
    positions = pairs(OwnPieceQuarto, PyOwnPieceQuarto, 10, 40, 6, 9, keep_going=False)
    # (options, LineCredit weights, the range of compiled nodes to pick positions from): with
    # win_check, more than one node, so no win at the root and the shortcuts are inside
    for options, credit, low, high in [
            (dict(), None, 100, 2500), (dict(), (0.1, 0.5), 100, 2500),
            (dict(win_check=True), None, 2, 100), (dict(win_check=True), None, 500, 3500),
            (dict(win_check=True), (0.3, -1.0), 500, 3500),
            (dict(order="payoff", win_check=True), (0.1, 0.5), 2, 100),
            (dict(depth=2, order="payoff"), (0.3, -1.0), 2, 200),
            (dict(depth=3, win_value=100.0), None, 100, 2500)]:
        def evaluate(module, weights=credit):
            return weights and module.LineCredit(*weights)

        def search_cost(q, options=options, evaluate=evaluate):
            return fast.ab_minimax(q, evaluate=evaluate(cf), **options).nodes

        for q, py in chosen(positions, search_cost, low, high, 1):
            a = fast.ab_minimax(q, evaluate=evaluate(cf), **options)
            b = slow.ab_minimax(py, evaluate=evaluate(cs), **options)
            assert same_search(a, b), (q.history(), options, credit)
    q, py = OwnPieceQuarto(), PyOwnPieceQuarto()
    same_errors([(lambda: fast.ab_minimax(Quarto()), lambda: slow.ab_minimax(PyQuarto())),
                 (lambda: fast.ab_minimax(q, -1), lambda: slow.ab_minimax(py, -1)),
                 (lambda: fast.ab_minimax(q, 1, lambda s, p: 0),
                  lambda: slow.ab_minimax(py, 1, lambda s, p: 0)),
                 (lambda: fast.ab_minimax(q, 1, order="best"),
                  lambda: slow.ab_minimax(py, 1, order="best")),
                 (lambda: fast.ab_minimax(q, 1, win_value="10"),
                  lambda: slow.ab_minimax(py, 1, win_value="10"))])


@pytest.mark.parametrize("fast_game, slow_game", [(OwnPieceQuarto, PyOwnPieceQuarto),
                                                  (Quarto, PyQuarto)], ids=["own", "standard"])
def test_the_quarto_solver_agrees(fast_game, slow_game):
    fast, slow = compiled("search.quarto_solver"), pure("search.quarto_solver")
    solver_f, solver_s = fast.QuartoSolver(16), slow.QuartoSolver(table_bits=16)
    plies = (6, 11) if fast_game is OwnPieceQuarto else (14, 22)

    def cost(q):                    # nodes of a solve with an empty table
        solver_f.reset()
        return solver_f.solve(q).nodes

    positions = chosen(pairs(fast_game, slow_game, 11, 80, *plies, keep_going=False),
                       cost, 100, 1500, 2)
    for q, py in positions:
        solver_f.reset()
        solver_s.reset()
        for weak in (True, False):
            a, b = solver_f.solve(q, weak=weak), solver_s.solve(py, weak=weak)
            assert (b.score, b.nodes, solver_s.nodes) == (a.score, a.nodes, solver_f.nodes)
            assert solver_s.table_move(py) == solver_f.table_move(q)
            assert slow.describe(b.score, py.num_placed()) == fast.describe(a.score,
                                                                           q.num_placed())
        a, b = fast.solve(q), slow.solve(py)
        assert (b.score, b.nodes) == (a.score, a.nodes)

    def analysis_cost(q):           # analyze solves every child
        return sum(cost(c) for c in map(q.child, q.legal_actions()) if not c.is_terminal())

    for q, py in chosen(pairs(fast_game, slow_game, 13, 40, plies[0] + 2, plies[1] + 4,
                              keep_going=False), analysis_cost, 20, 1500, 1):
        solver_f.reset()
        solver_s.reset()
        for weak in (True, False):
            assert solver_s.analyze(py, weak) == solver_f.analyze(q, weak)
    assert slow.describe(None, 3) == fast.describe(None, 3)
    q, py = positions[0]
    same_errors([(lambda: fast.QuartoSolver(7), lambda: slow.QuartoSolver(7)),
                 (lambda: fast.QuartoSolver("16"), lambda: slow.QuartoSolver("16")),
                 (lambda: solver_f.solve(Connect4()), lambda: solver_s.solve(PyConnect4())),
                 (lambda: solver_f.solve(q, max_nodes=0), lambda: solver_s.solve(py, max_nodes=0)),
                 (lambda: solver_f.solve(q, max_nodes=5, node_limit=5),
                  lambda: solver_s.solve(py, max_nodes=5, node_limit=5))])
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        b = slow.solve(py, node_limit=10**6)
    assert [w.category for w in seen] == [DeprecationWarning] and b.score is not None


def test_the_quarto_solver_agrees_with_symmetry_in_its_table():
    fast, slow = compiled("search.quarto_solver"), pure("search.quarto_solver")
    positions = chosen(pairs(Quarto, PyQuarto, 19, 60, 14, 20, keep_going=False),
                       lambda q: fast.QuartoSolver(16, symmetry_until=16).solve(q).nodes,
                       100, 1500, 2)
    for q, py in positions:
        solver_f = fast.QuartoSolver(16, symmetry_until=16)
        solver_s = slow.QuartoSolver(16, symmetry_until=16)
        for weak in (True, False):
            a, b = solver_f.solve(q, weak=weak), solver_s.solve(py, weak=weak)
            assert (b.score, b.nodes) == (a.score, a.nodes)
            assert solver_s.table_move(py) == solver_f.table_move(q)
    same_errors([(lambda: fast.QuartoSolver(16, symmetry_until=17),
                  lambda: slow.QuartoSolver(16, symmetry_until=17)),
                 (lambda: fast.QuartoSolver(16, symmetry_until="1"),
                  lambda: slow.QuartoSolver(16, symmetry_until="1"))])


def test_the_quarto_solver_stops_where_the_compiled_one_does():
    fast, slow = compiled("search.quarto_solver"), pure("search.quarto_solver")

    def stopped(q):                 # a position the compiled solver does not finish in time
        return fast.QuartoSolver(12).solve(q, max_nodes=3000).score is None

    q, py = chosen(pairs(OwnPieceQuarto, PyOwnPieceQuarto, 12, 40, 6, 9, keep_going=False),
                   stopped, True, True, 1)[0]
    a = fast.QuartoSolver(16).solve(q, max_nodes=3000)
    b = slow.QuartoSolver(16).solve(py, max_nodes=3000)
    assert (b.score, b.nodes) == (a.score, a.nodes) == (None, 4096)   # the limit's stride


def test_the_quarto_verifier_agrees():
    """The pure verifier (on PyQuarto) against the compiled one (on Quarto): values, nodes,
    the table kept between solves, the stride of the node limit, the same errors."""
    fast, slow = compiled("search.quarto_verifier"), pure("search.quarto_verifier")
    ver_f, ver_s = fast.QuartoVerifier(16), slow.QuartoVerifier(16)
    positions = chosen(pairs(Quarto, PyQuarto, 17, 60, 13, 22, keep_going=False),
                       lambda q: fast.QuartoVerifier(16).solve(q).nodes, 100, 3000, 3)
    for q, py in positions:
        a, b = ver_f.solve(q), ver_s.solve(py)              # tables kept from one to the next
        assert (b.score, b.nodes, ver_s.nodes) == (a.score, a.nodes, ver_f.nodes)
    q, py = positions[0]
    a = fast.QuartoVerifier(16).solve(q, max_nodes=50)
    b = slow.QuartoVerifier(16).solve(py, max_nodes=50)
    assert (b.score, b.nodes) == (a.score, a.nodes)
    same_errors([(lambda: fast.QuartoVerifier(7), lambda: slow.QuartoVerifier(7)),
                 (lambda: fast.QuartoVerifier("16"), lambda: slow.QuartoVerifier("16")),
                 (lambda: fast.QuartoVerifier(16, order_until=17),
                  lambda: slow.QuartoVerifier(16, order_until=17)),
                 (lambda: ver_f.solve(OwnPieceQuarto()), lambda: ver_s.solve(PyOwnPieceQuarto())),
                 (lambda: ver_f.solve(q, max_nodes=-1), lambda: ver_s.solve(py, max_nodes=-1))])


def test_tree_statistics_agree():
    fast, slow = compiled("search.tree_stats"), pure("search.tree_stats")
    t, py = TicTacToe(), PyTicTacToe()
    for a in (4, 0, 8):
        t.apply_action(a)
        py.apply_action(a)
    assert [slow.perft(py, d) for d in range(5)] == [fast.perft(t, d) for d in range(5)]
    assert slow.tree_stats(py) == fast.tree_stats(t)
    assert slow.positions_per_ply(py, 6) == fast.positions_per_ply(t, 6)
    assert slow.count_positions(py) == fast.count_positions(t)
    same_errors([(lambda: fast.perft(t, -1), lambda: slow.perft(py, -1)),
                 (lambda: fast.perft(t, 1.5), lambda: slow.perft(py, 1.5)),
                 (lambda: fast.positions_per_ply(t, "2"), lambda: slow.positions_per_ply(py, "2")),
                 (lambda: fast.count_positions(t, canonical=3),
                  lambda: slow.count_positions(py, canonical=3))])


# ------------------------------------------------------------------------ pure mode itself
IMPORT_EVERY_STANDIN = textwrap.dedent("""
    import importlib, importlib.machinery, sys
    from pathlib import Path
    import qsearch
    assert qsearch.compiled is False
    names = {names!r}
    for name in names:
        module = importlib.import_module(name)
        assert module.__file__.endswith(".py"), module.__file__
    package = Path(qsearch.__file__).parent
    extensions = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    loaded = [name for name, module in list(sys.modules.items())
              if str(getattr(module, "__file__", None) or "").endswith(extensions)
              and (name.startswith("qsearch") or package in Path(module.__file__).parents)]
    assert not loaded, loaded
    print(len(names), "stand-ins, no extension")
""")


def test_qsearch_pure_imports_every_standin_and_no_extension():
    env = {**os.environ, "QSEARCH_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", IMPORT_EVERY_STANDIN.format(names=STANDINS)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{len(STANDINS)} stand-ins, no extension"
