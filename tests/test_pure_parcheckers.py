"""PyParCheckers, the readable ParCheckers, against two oracles.

* The course simulator's own transcripts (``data/parcheckers``: a whole random game and the
  rule scenarios, every child in the simulator's order), independent of both engines: the
  pure engine replays them as the compiled one does (``test_parcheckers.py``).
* The compiled :class:`qsearch.games.ParCheckers`, in lockstep on seeded random games:
  everything either engine lets a caller see (legal actions and their order, player, end,
  returns, chance nodes, strings, repr, position keys, hands, pieces, flags, move
  descriptions), every error (type and message), undo back to the start, copies, pickles,
  pictures, the searches (the twins on the pure engine against the compiled searches on the
  compiled engine), the heuristic twin, the document's agents and the play widget.

Where the two cannot agree, by nature, the difference is listed and tested as such.
"""
import copy
import json
import pickle
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import lopsided, same_result

from qsearch import search
from qsearch.arena import play_game
from qsearch.arena.parcheckers_agents import MinimaxAgent, agent
from qsearch.core.constants import TERMINAL
from qsearch.core.errors import IllegalMoveError
from qsearch.games import check_game, parcheckers_text
from qsearch.games import parcheckers as compiled_module
from qsearch.games.parcheckers import ParCheckers
from qsearch.heuristics.parcheckers import GANA, valoracion_test
from qsearch.reference import parcheckers as pure_module
from qsearch.reference.limited_minimax import limited_minimax as twin_limited_minimax
from qsearch.reference.parcheckers import PyParCheckers
from qsearch.reference.parcheckers_heuristics import valoracion_test as twin_valoracion
from qsearch.search.limited_minimax import limited_minimax

DATA = Path(__file__).parent / "data" / "parcheckers"
ROOT = Path(__file__).parent.parent


# ------------------------------------------------------------------ reading the oracles
def read_trace():
    """``[(state line, nchildren, pick, move)]`` and the final line of the simulator's game."""
    steps, line = [], None
    for text in (DATA / "trace_2425.txt").read_text().splitlines():
        number, rest = text.split(" ", 1)
        if rest.startswith("turn="):
            line = rest
            continue
        m = re.match(r"^nchildren=(\d+) pick=(\d+) move (.+)$", rest)
        steps.append((line, int(m.group(1)), int(m.group(2)), m.group(3)))
    return steps, line


def read_scenarios():
    """``{name: (start line, [(move, child line), ...])}``."""
    out, name = {}, None
    for text in (DATA / "scenarios_out.txt").read_text().splitlines():
        if text.startswith("=== "):
            name = text[4:]
            out[name] = [None, []]
        elif out[name][0] is None:
            out[name][0] = re.sub(r"^start ", "", text.strip())
        else:
            m = re.match(r"^\s+([YBRG]) (-?\d+) d=(\S+) -> (.*)$", text)
            out[name][1].append((f"{m.group(1)} {m.group(2)} {m.group(3)}", m.group(4)))
    return out


TRACE, FINAL_LINE = read_trace()
SCENARIOS = read_scenarios()


# ------------------------------------------------------------------ what a caller can see
def observe(state) -> tuple:
    """Everything the public API tells about a state (the same calls on either engine)."""
    legal = state.legal_actions()
    values = state.available_values()
    pieces = [(c, i) for c in "YBRG" for i in (0, 1)]
    return (
        legal, state.current_player(), state.is_terminal(), state.returns(),
        [state.player_return(p) for p in (0, 1)], state.is_chance_node(),
        state.chance_outcomes(), str(state), repr(state), state.position_key(),
        state.history(), [state.action_to_string(a) for a in legal],
        [state.string_to_action(state.action_to_string(a)) for a in legal],
        state.transcript(), state.current_colour(), state.turn_number(), state.locations(),
        [state.hand_values(p) for p in (0, 1)], state.pending_bonus(), values,
        [state.movable_pieces(v) for v in values], state.is_eating_move(),
        state.is_goal_move(), state.is_bounce_move(), state.winner_player(),
        [state.bounce_count(c) for c in "YBRG"],
        [(state.piece_location(c, i), state.distance_to_goal(c, i), state.is_safe_piece(c, i))
         for c, i in pieces],
        state.num_players(), state.num_distinct_actions(),
    )


def outcome(call) -> tuple:
    """``("ok", value)`` or ``(exception type, message)``: what a call did."""
    try:
        return "ok", call()
    except Exception as err:                 # any error: its type and message are compared
        return type(err), str(err)


def play_lockstep(seed: int, compiled=None, pure=None) -> int:
    """Play a seeded random game on both engines, comparing everything at every step, then
    undo it back to the start comparing again; returns the number of moves."""
    compiled = ParCheckers() if compiled is None else compiled
    pure = PyParCheckers() if pure is None else pure
    rng = random.Random(seed)
    seen = []
    while True:
        now = observe(pure)
        assert now == observe(compiled), f"seed {seed}, move {len(seen)}"
        seen.append(now)
        if compiled.is_terminal():
            break
        action = rng.choice(compiled.legal_actions())
        assert pure.move_info(action) == compiled.move_info(action)
        compiled.apply_action(action)
        pure.apply_action(action)
    for before in reversed(seen[:-1]):
        assert pure.undo_action() == compiled.undo_action()
        assert observe(pure) == observe(compiled) == before
    assert outcome(pure.undo_action) == outcome(compiled.undo_action)
    return len(seen) - 1


def both_at(history) -> tuple:
    """The compiled and the pure engine after ``history`` (actions) from the start."""
    return ParCheckers.from_moves(history), PyParCheckers.from_moves(history)


def game_positions(seed: int, every: int = 1) -> list:
    """Histories along one seeded random game (every ``every``-th move)."""
    rng, state, out = random.Random(seed), ParCheckers(), []
    while not state.is_terminal():
        if len(state.history()) % every == 0:
            out.append(state.history())
        state.apply_action(rng.choice(state.legal_actions()))
    out.append(state.history())
    return out


# ------------------------------------------------------------------ no compiled code
def test_the_module_imports_and_plays_with_every_compiled_module_blocked():
    """In a fresh interpreter where loading any of qsearch's compiled modules fails: import,
    play a seeded game, take keys and run the twin alpha-beta with the twin heuristic; the
    same game on the compiled engine here gives the same keys and search."""
    script = """
import importlib.machinery as machinery, json, random, sys
load = machinery.ExtensionFileLoader.exec_module
def refuse(self, module):
    if module.__name__.startswith("qsearch"):
        raise ImportError("blocked " + module.__name__)
    return load(self, module)
machinery.ExtensionFileLoader.exec_module = refuse
from qsearch.reference.alphabeta import alphabeta
from qsearch.reference.parcheckers import PyParCheckers
from qsearch.reference.parcheckers_heuristics import valoracion_test
state, rng, keys = PyParCheckers(), random.Random(11), []
while not state.is_terminal():
    state.apply_action(rng.choice(state.legal_actions()))
    keys.append(state.position_key())
middle = PyParCheckers()
for action in state.history()[:60]:
    middle.apply_action(action)
found = alphabeta(middle, 3, valoracion_test, win_value=1e9)
compiled = sorted(name for name, module in sys.modules.items() if name.startswith("qsearch")
                  and getattr(module, "__file__", "").endswith((".so", ".pyd")))
print(json.dumps({"history": state.history(), "keys": keys, "returns": state.returns(),
                  "search": [found.value, found.action, found.nodes], "compiled": compiled}))
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=False)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["compiled"] == []
    state, keys = ParCheckers(), []
    rng = random.Random(11)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        keys.append(state.position_key())
    assert out["history"] == state.history() and out["keys"] == keys
    assert out["returns"] == state.returns()
    middle = ParCheckers.from_moves(state.history()[:60])
    found = search.alphabeta(middle, 3, valoracion_test, win_value=GANA)
    assert out["search"] == [found.value, found.action, found.nodes]


# ------------------------------------------------------------------ the same API
# Names the compiled class has and the pure one has not, each C-only by nature.
C_ONLY = {
    "__pyx_vtable__": "Cython's table of the cdef methods (make, unmake, key...)",
    "_reset": "the compiled playout loop's reset in place (the pure one starts a new state)",
}


def public(names) -> set:
    return {n for n in names if not n.startswith("_")}


@pytest.mark.compiled
def test_the_public_names_are_the_compiled_ones():
    assert public(dir(PyParCheckers())) == public(dir(ParCheckers()))
    assert public(dir(PyParCheckers)) == public(dir(ParCheckers))
    missing = set(dir(ParCheckers())) - set(dir(PyParCheckers()))
    assert missing == set(C_ONLY)
    for name in ("__eq__", "__hash__", "__str__", "__repr__", "__reduce__", "_repr_svg_"):
        assert name in vars(PyParCheckers), name
    assert isinstance(PyParCheckers.__dict__["random_playouts"], staticmethod)
    for name in ("from_moves", "from_transcript"):
        assert isinstance(PyParCheckers.__dict__[name], classmethod)


def test_the_module_offers_what_the_compiled_module_does():
    # FULL_HAND is the compiled engine's hand bit mask; the pure hands are sets (NEW_HAND).
    names = public(dir(compiled_module)) - {"ParCheckers", "IllegalMoveError", "np", "re",
                                            "FULL_HAND"}
    for name in names:
        assert hasattr(pure_module, name), name
    for name in names - {"make_action", "skip_action", "action_parts"}:
        assert getattr(pure_module, name) == getattr(compiled_module, name), name
    assert pure_module.NEW_HAND == {v for v in range(6) if compiled_module.FULL_HAND >> v & 1}
    for name in ("COLOURS", "COLOUR_NAMES", "VALUE_NAMES", "SKIP_TURN"):
        assert getattr(pure_module, name) == getattr(parcheckers_text, name), name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        pure_module.nothing  # noqa: B018


def test_actions_by_parts_as_the_compiled_module():
    for action in range(72):
        assert pure_module.action_parts(action) == compiled_module.action_parts(action)
        colour, piece, value = compiled_module.action_parts(action)
        if colour is None:
            assert pure_module.skip_action(value) == compiled_module.skip_action(value) == action
        else:
            assert pure_module.make_action(colour, piece, value) == action
    for colour in ("y", "green", 2):
        assert pure_module.make_action(colour, 1, "yinyang") == \
            compiled_module.make_action(colour, 1, "yinyang")


# ------------------------------------------------------------------ the simulator's games
def test_the_simulators_game_replays_on_the_pure_engine():
    state = PyParCheckers()
    for k, (line, nchildren, pick, move) in enumerate(TRACE):
        assert state.transcript() == line, f"turn {k + 1}"
        actions = state.legal_actions()
        assert len(actions) == nchildren, f"turn {k + 1}: children"
        assert state.action_to_string(actions[pick]) == move, f"turn {k + 1}: child picked"
        state.apply_action(actions[pick])
    assert len(TRACE) == 99 and state.transcript() == FINAL_LINE
    assert state.is_terminal() and state.winner_player() == 1 and state.returns() == [-1, 1]
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    for line, *_ in reversed(TRACE):
        state.undo_action()
        assert state.transcript() == line
    assert state.history() == []


def test_the_simulators_positions_read_back_with_their_children():
    for line, nchildren, pick, move in TRACE:
        state = PyParCheckers.from_transcript(line)
        assert state.transcript() == line and len(state.legal_actions()) == nchildren
        assert state.action_to_string(state.legal_actions()[pick]) == move


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_children_in_the_simulators_order(name):
    start, children = SCENARIOS[name]
    state = PyParCheckers.from_transcript(start)
    assert state.transcript(flags=True) == start
    actions = state.legal_actions()
    assert [state.action_to_string(a) for a in actions] == [m for m, _ in children]
    for action, (_, line) in zip(actions, children, strict=True):
        assert state.child(action).transcript(flags=True) == line
    assert observe(state) == observe(ParCheckers.from_transcript(start))


# ------------------------------------------------------------------ lockstep
def test_lockstep_on_random_games_quick():
    moves = sum(play_lockstep(seed) for seed in range(8))
    assert moves > 800


@pytest.mark.release
def test_lockstep_on_200_random_games():
    moves = sum(play_lockstep(seed) for seed in range(1000, 1200))
    assert moves > 20_000


def test_lockstep_from_transcripts_with_hidden_state():
    """Positions read from transcript lines, with the 6 repeat and bounce counts that the
    lines do not show (29 and 30: the next bounce may lose the game), then random play."""
    lost_by_bouncing = 0
    for k, history in enumerate(game_positions(5, every=9)[:-1]):
        line = ParCheckers.from_moves(history).transcript(flags=True)
        bounces = tuple(random.Random(k).choice((0, 3, 29, 30)) for _ in range(4))
        options = {"remember6": k % 3 == 0, "bounces": bounces}
        compiled = ParCheckers.from_transcript(line, **options)
        pure = PyParCheckers.from_transcript(line, **options)
        play_lockstep(100 + k, compiled, pure)
        compiled = ParCheckers.from_transcript(line, **options)
        rng = random.Random(100 + k)
        while not compiled.is_terminal():
            compiled.apply_action(rng.choice(compiled.legal_actions()))
        lost_by_bouncing += max(compiled.bounce_count(c) for c in "YBRG") > 30
    assert lost_by_bouncing > 0


def test_the_31st_bounce_loses_on_both():
    line = SCENARIOS["bounce"][0]
    for cls in (ParCheckers, PyParCheckers):
        state = cls.from_transcript(line, bounces=(30, 0, 0, 0))
        state.play("Y 0 6")
        assert state.is_terminal() and state.winner_player() == 1
        assert state.bounce_count("Y") == 31 and state.is_bounce_move()
        state.undo_action()
        assert not state.is_terminal() and state.bounce_count("Y") == 30
    assert observe(PyParCheckers.from_transcript(line, bounces=(30, 0, 0, 0))) == \
        observe(ParCheckers.from_transcript(line, bounces=(30, 0, 0, 0)))


def test_the_rules_contract_holds():
    assert check_game(PyParCheckers, games=3, seed=4) > 300


# ------------------------------------------------------------------ text and copies
def test_text_round_trips():
    for history in game_positions(8, every=7):
        compiled, pure = both_at(history)
        line = pure.transcript(flags=True)
        again = PyParCheckers.from_transcript(line)
        assert again.transcript(flags=True) == line == compiled.transcript(flags=True)
        assert observe(again) == observe(ParCheckers.from_transcript(line))
        assert repr(pure) == repr(compiled)
        rebuilt = eval(repr(pure), {"ParCheckers": PyParCheckers})  # noqa: S307
        assert observe(rebuilt) == observe(pure)
        texts = [pure.action_to_string(a) for a in history]
        replayed = PyParCheckers.from_moves("; ".join(texts))
        assert replayed.position_key() == pure.position_key()
        assert replayed.history() == history
    loaded = PyParCheckers.from_transcript(SCENARIOS["bounce"][0], remember6=True,
                                           bounces=(3, 0, 0, 1))
    assert repr(loaded) == repr(ParCheckers.from_transcript(SCENARIOS["bounce"][0],
                                                            remember6=True, bounces=(3, 0, 0, 1)))
    copy_ = eval(repr(loaded), {"ParCheckers": PyParCheckers})  # noqa: S307
    assert copy_.position_key() == loaded.position_key() and copy_.bounce_count("G") == 1


def test_skip_strings():
    for cls in (ParCheckers, PyParCheckers):
        state = cls.from_transcript(SCENARIOS["wall"][0])
        skip = pure_module.skip_action("6")
        assert state.action_to_string(skip) == "Y -9999 6"
        assert state.string_to_action("SKIP 6") == state.string_to_action("y skip 6") == skip
    rng, state = random.Random(0), ParCheckers()
    while not state.history() or state.history()[-1] % 9 != 8:   # agent 0 until it skips
        state.apply_action(agent(0)(state, rng))
    history = state.history()
    compiled, pure = both_at(history)
    assert "SKIP" in repr(pure) and repr(pure) == repr(compiled)
    assert eval(repr(pure), {"ParCheckers": PyParCheckers}).history() == history  # noqa: S307


@pytest.mark.compiled
def test_pickles_and_copies_keep_the_position_and_the_history():
    for history in game_positions(9, every=40):
        compiled, pure = both_at(history)
        for copied in (pickle.loads(pickle.dumps(pure)), copy.copy(pure), copy.deepcopy(pure),
                       pure.clone()):
            assert observe(copied) == observe(pure) == observe(compiled)
            assert copied == pure and hash(copied) == hash(pure) and copied is not pure
            if not copied.is_terminal():
                copied.apply_action(copied.legal_actions()[-1])
                assert observe(pure) == observe(compiled)         # the copy is its own
    # A position read from a line, then moved: the history does not replay from the start,
    # so a pickle keeps the position and drops the history, as the compiled engine's does.
    line = SCENARIOS["eat partner green"][0]
    compiled, pure = ParCheckers.from_transcript(line), PyParCheckers.from_transcript(line)
    for state in (compiled, pure):
        state.play("Y 0 2")
    assert observe(pickle.loads(pickle.dumps(pure))) == \
        observe(pickle.loads(pickle.dumps(compiled)))
    assert pickle.loads(pickle.dumps(pure)).history() == []
    line = SCENARIOS["after eat"][0]                 # a 20 bonus: illegal at the start
    compiled, pure = ParCheckers.from_transcript(line), PyParCheckers.from_transcript(line)
    for state in (compiled, pure):
        state.apply_action(state.legal_actions()[0])
    assert repr(pure) == repr(compiled) and "from_transcript" in repr(pure)
    assert observe(pickle.loads(pickle.dumps(pure))) == \
        observe(pickle.loads(pickle.dumps(compiled)))
    assert (pure == compiled) is False and pure != 5


def test_pictures_are_the_compiled_engines():
    for history in game_positions(2, every=30):
        compiled, pure = both_at(history)
        assert pure._repr_svg_() == compiled._repr_svg_()


# ------------------------------------------------------------------ errors
def bad_calls(cls) -> list:
    """Bad input of every kind, as calls on ``cls`` (the same list for both engines)."""
    start = SCENARIOS["after eat"][0]
    return [
        lambda: cls().apply_action("G 0 5"), lambda: cls().apply_action(2.0),
        lambda: cls().apply_action(True), lambda: cls().apply_action(None),
        lambda: cls().apply_action(-1), lambda: cls().apply_action(72),
        lambda: cls().apply_action(2**70), lambda: cls().child(200),
        lambda: cls().child(2.5), lambda: cls().move_info(40), lambda: cls().move_info("x"),
        lambda: cls().play("B 0 5"), lambda: cls().play("Y 0 20"),
        lambda: cls().play("Y -9999 5"), lambda: cls().play("G 0 20"),
        lambda: cls.from_transcript(start).play("Y 0 5"),
        lambda: cls.from_transcript(start).play("Y -9999 20"),
        lambda: cls.from_moves(["G 0 5", "B 0 5", "R 0 5"]).play("G 0 5"),
        *[lambda text=text: cls().string_to_action(text) for text in
          ("", "G 0", "X 0 5", "G 2 5", "G 0 3", "G 0 5 6", "skip", "skip 7", "Y -9999 30")],
        lambda: cls().string_to_action(5), lambda: cls().string_to_action(None),
        lambda: cls().action_to_string(72), lambda: cls().action_to_string(-1),
        lambda: cls().action_to_string(None), lambda: cls().action_to_string("5"),
        lambda: cls().piece_location("X", 0), lambda: cls().piece_location("Y", 2),
        lambda: cls().piece_location(True, 0), lambda: cls().piece_location("Y", True),
        lambda: cls().hand_values(2), lambda: cls().hand_values(-1),
        lambda: cls().player_return(2), lambda: cls().bounce_count("X"),
        lambda: cls().bounce_count(4), lambda: cls().distance_to_goal("Y", 5),
        lambda: cls().is_safe_piece("Q", 0), lambda: cls().movable_pieces("3"),
        lambda: cls().movable_pieces(None), lambda: cls().movable_pieces("20"),
        lambda: cls().undo_action(),
        lambda: cls.from_transcript(5), lambda: cls.from_transcript("foo"),
        lambda: cls.from_transcript(TRACE[0][0].replace("player=0", "player=1")),
        lambda: cls.from_transcript(TRACE[0][0].replace("Y:4,13", "Y:21,21")),
        lambda: cls.from_transcript(TRACE[0][0], bounces=(1, 2)),
        lambda: cls.from_transcript(TRACE[0][0], bounces=5),
        lambda: cls.from_transcript(TRACE[0][0], bounces=(0, 0, 0, 31)),
        lambda: cls.from_transcript(TRACE[0][0], bounces=(0, 0, 0, "x")),
        lambda: cls.from_moves(5), lambda: cls.from_moves(["G 0 5", 2.5]),
        lambda: cls.from_moves("G 0 5; B 0 9"), lambda: cls.from_moves([40]),
        lambda: cls.from_moves("G 0 5\nB 1 2\nY 0 5"),
        lambda: cls.from_transcript(SCENARIOS["win"][0]).apply_action(0),
        lambda: cls.random_playouts(-1), lambda: cls.random_playouts(1, max_moves=0),
    ]


# Calls where only the exception type is compared: the compiled engine's message comes from
# Cython's argument conversion or the interpreter's signature check, not from our code.
TYPE_ONLY = ("an integer is required",)


def test_every_error_is_the_compiled_engines():
    for k, (ours, theirs) in enumerate(zip(bad_calls(PyParCheckers), bad_calls(ParCheckers),
                                           strict=True)):
        got, expected = outcome(ours), outcome(theirs)
        assert got[0] == expected[0], (k, got, expected)
        if got[0] == "ok" or not any(t in expected[1] for t in TYPE_ONLY):
            assert got[1] == expected[1], k           # (a few calls are fine: same answer)
    assert outcome(lambda: PyParCheckers(5))[0] is outcome(lambda: ParCheckers(5))[0] is \
        TypeError
    for module in (pure_module, compiled_module):
        for call in (lambda m=module: m.make_action("Y", 0, "7"),
                     lambda m=module: m.make_action("Y", 3, "5"),
                     lambda m=module: m.make_action("X", 0, "5"),
                     lambda m=module: m.make_action("Y", True, "5"),
                     lambda m=module: m.skip_action("3"),
                     lambda m=module: m.action_parts(72)):
            assert outcome(call)[0] is ValueError
        assert outcome(lambda m=module: m.action_parts("5"))[0] is TypeError


def test_illegal_actions_name_the_problem_as_the_compiled_engine_does():
    """Every action of the range that is not legal, and a few outside it, at positions along
    a game: the same IllegalMoveError message, and neither state changes."""
    for history in game_positions(4, every=11):
        compiled, pure = both_at(history)
        before = observe(pure)
        legal = set(compiled.legal_actions())
        for action in [a for a in range(72) if a not in legal] + [-3, 72, 500]:
            got = outcome(lambda a=action, s=pure: s.apply_action(a))
            assert got == outcome(lambda a=action, s=compiled: s.apply_action(a))
            assert got[0] is IllegalMoveError
        assert observe(pure) == observe(compiled) == before


@pytest.mark.compiled
def test_what_differs_on_bad_numbers_and_why():
    """Cython converts ``int`` arguments the C way: it truncates a float (piece 0.5 is piece
    0) and raises OverflowError beyond C's range. The pure engine refuses a float (TypeError)
    and names the range (ValueError)."""
    compiled, pure = ParCheckers(), PyParCheckers()
    assert compiled.piece_location("Y", 0.5) == 4 and compiled.player_return(1.0) == 0.0
    with pytest.raises(TypeError, match="piece must be an int, not float"):
        pure.piece_location("Y", 0.5)
    with pytest.raises(TypeError, match="player must be an int, not float"):
        pure.player_return(1.0)
    with pytest.raises(OverflowError):
        compiled.hand_values(2**40)
    with pytest.raises(ValueError, match="player must be 0 or 1"):
        pure.hand_values(2**40)
    with pytest.raises(OverflowError):
        ParCheckers.random_playouts(1, seed=-1)
    with pytest.raises(ValueError, match="seed must be 0..2"):
        PyParCheckers.random_playouts(1, seed=-1)
    with pytest.raises(TypeError, match="games must be an int"):
        PyParCheckers.random_playouts(2.0)


# ------------------------------------------------------------------ playouts
def test_random_playouts_are_the_compiled_engines():
    for args in [(25,), (30, 7), (3, 1, 5), (0,)]:
        ours, theirs = PyParCheckers.random_playouts(*args), ParCheckers.random_playouts(*args)
        for a, b in zip(ours, theirs, strict=True):
            assert a.dtype == b.dtype and a.tolist() == b.tolist()
    assert PyParCheckers.random_playouts(3, 1, 5)[0].tolist() == [-1, -1, -1]


def test_random_playouts_without_numpy_are_lists(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)          # import numpy fails
    ours = PyParCheckers.random_playouts(10, 3)
    monkeypatch.undo()
    assert ours == tuple(a.tolist() for a in ParCheckers.random_playouts(10, 3))


# ------------------------------------------------------------------ heuristic and searches
def test_the_heuristic_twin_on_the_pure_engine_is_the_compiled_heuristic():
    checked = 0
    for seed in (21, 22, 23, 24):
        for history in game_positions(seed, every=3):
            compiled, pure = both_at(history)
            for player in (0, 1):
                assert twin_valoracion(pure, player) == valoracion_test(compiled, player)
                checked += 1
    won = PyParCheckers.from_transcript(SCENARIOS["win"][0])
    assert twin_valoracion(won, 0) == GANA == -twin_valoracion(won, 1)
    assert checked > 200


def search_positions() -> list:
    """Histories of a few positions of different kinds: the start, a pending bonus, a
    pending 6 repeat, the middle and the end of games."""
    out = [[]]
    for seed in (31, 32):
        histories = game_positions(seed)
        out += [histories[len(histories) // 3], histories[2 * len(histories) // 3],
                histories[-6]]
    state = ParCheckers()
    rng = random.Random(3)
    while not (state.pending_bonus() and len(state.history()) > 20):
        state.apply_action(rng.choice(state.legal_actions()))
    return out + [state.history()]


SEARCHES = [
    ("minimax", 2, {}), ("alphabeta", 3, {}), ("alphabeta", 3, {"fail_hard": True}),
    ("alphabeta", 3, {"tt": 16}), ("pvs", 3, {}), ("negamax", 2, {}),
    ("expectiminimax", 2, {}),
]


@pytest.mark.compiled
@pytest.mark.parametrize("name, depth, options", SEARCHES,
                         ids=[f"{n}-{d}-{'-'.join(o) or 'plain'}" for n, d, o in SEARCHES])
def test_the_twins_on_the_pure_engine_find_what_the_compiled_searches_find(name, depth,
                                                                           options):
    """qsearch.search on the pure engine runs the twin (result.engine == "python"); with the
    heuristic twin it gives the compiled search's value, action, PV and counts; with a
    heuristic read from the position key too (both engines have the same keys)."""
    run = getattr(search, name)
    for history in search_positions():
        compiled, pure = both_at(history)
        if compiled.is_terminal():
            continue
        theirs = run(compiled, depth, valoracion_test, win_value=GANA, **options)
        ours = run(pure, depth, twin_valoracion, win_value=GANA, **options)
        assert (theirs.engine, ours.engine) == ("compiled", "python")
        assert same_result(ours, theirs), (name, history)
        theirs = run(compiled, depth, lopsided, win_value=10.0, **options)
        ours = run(pure, depth, lopsided, win_value=10.0, **options)
        assert same_result(ours, theirs), (name, history)
        assert observe(pure) == observe(compiled)                  # searched on clones


def test_mcts_on_the_pure_engine_is_the_compiled_mcts():
    for k, history in enumerate(search_positions()[::3]):
        compiled, pure = both_at(history)
        options = {"seed": k, "evaluate": lopsided, "rollout_depth": 6, "win_value": 10.0}
        theirs = search.mcts(compiled, 40, **options)
        ours = search.mcts(pure, 40, **options)
        assert ours.engine == "python" and ours.children == theirs.children
        assert (ours.action, ours.value, ours.pv) == (theirs.action, theirs.value, theirs.pv)
        assert (ours.nodes, ours.generated, ours.simulations, ours.rollout_moves) == \
            (theirs.nodes, theirs.generated, theirs.simulations, theirs.rollout_moves)
    compiled, pure = both_at([])
    theirs, ours = search.mcts(compiled, 30, seed=5), search.mcts(pure, 30, seed=5)
    assert (ours.children, ours.action, ours.rollout_moves) == \
        (theirs.children, theirs.action, theirs.rollout_moves)


def test_document_004s_limited_minimax_twin_on_the_pure_engine():
    for history in search_positions()[:6]:
        compiled, pure = both_at(history)
        if compiled.is_terminal():
            continue
        for depth, budget, root_move in ((2, None, "document"), (3, 1_500, "document"),
                                         (3, 1_500, "best")):
            theirs = limited_minimax(compiled, depth, valoracion_test, max_nodes=budget,
                                     root_move=root_move)
            ours = twin_limited_minimax(pure, depth, twin_valoracion, max_nodes=budget,
                                        root_move=root_move)
            assert (ours.value, ours.action, ours.generated, ours.evaluated,
                    ours.limit_reached) == (theirs.value, theirs.action, theirs.generated,
                                            theirs.evaluated, theirs.limit_reached)


# ------------------------------------------------------------------ agents and widget
@pytest.mark.parametrize("a, b, seed", [(0, 1, 3), (2, 1, 4), (1, 2, 5), (2, 0, 6)])
def test_the_documents_agents_play_the_same_games_on_the_pure_engine(a, b, seed):
    ours = play_game(PyParCheckers(), [agent(a), agent(b)], seed=seed)
    theirs = play_game(ParCheckers(), [agent(a), agent(b)], seed=seed)
    assert (ours.actions, ours.winner) == (theirs.actions, theirs.winner)


def test_the_minimax_agent_with_the_heuristic_twin_moves_as_agent_3():
    ours = MinimaxAgent(depth=2, evaluate=twin_valoracion)
    theirs = MinimaxAgent(depth=2)
    for history in search_positions()[:8]:
        compiled, pure = both_at(history)
        if not compiled.is_terminal():
            assert ours(pure, random.Random(0)) == theirs(compiled, random.Random(0))


def test_the_play_widget_plays_on_the_pure_engine(monkeypatch):
    pytest.importorskip("ipywidgets")
    import qsearch.viz.play_parcheckers as play

    def session(engine):
        monkeypatch.setattr(play, "ParCheckers", engine)
        game = play.PlayParCheckers(opponent=agent(1), human=1, seed=2)
        rng, seen = random.Random(8), []
        for _ in range(60):
            if game.state.is_terminal():
                break
            value = rng.choice(game.state.available_values())
            game.choose_value(value)
            pieces = game.state.movable_pieces(value)
            if pieces:
                game.choose_piece(*rng.choice(pieces))
            else:
                game.choose_piece(None, None)
            seen.append((type(game.state), game.status_text, game.svg(),
                         game.state.transcript(), game._values.options,
                         [b.description for b in game._pieces.children]))
        seen.append((game.undo(), game.state.transcript(), game.status_text))
        return seen

    ours, theirs = session(PyParCheckers), session(ParCheckers)
    assert ours[0][0] is PyParCheckers and theirs[0][0] is ParCheckers
    assert [s[1:] for s in ours[:-1]] == [s[1:] for s in theirs[:-1]]
    assert ours[-1] == theirs[-1] and len(ours) > 20
