"""The plain-Python Quartos (``qsearch.reference.quarto``) against the compiled engines.

``PyOwnPieceQuarto`` and ``PyQuarto`` stand in for ``OwnPieceQuarto`` and ``Quarto`` when
qsearch runs without its compiled modules, so they must be indistinguishable from them: the
same public names, the same answers at every step of seeded random games (legal actions in
order, players, returns, texts, keys), the same errors, the same games from a playout seed,
and the same searches, solver and heuristic results. The compiled engines are the oracle (they
are checked against a brute-force rule checker and the document in ``tests/test_quarto.py``).
"""
import copy
import pickle
import random
import sys
from types import SimpleNamespace

import pytest
from helpers import same_result, snapshot
from pure_engine_checks import check_step, copies_agree, imports_without_compiled_code

import qsearch.games.quarto as compiled_module
import qsearch.reference.quarto as pure_module
from qsearch import reference
from qsearch.documents.quarto_ab_minimax import (
    DOCUMENT_OPTIONS,
    ab_minimax_state,
    document_depth,
    document_search,
)
from qsearch.games import OwnPieceQuarto, Quarto, check_game
from qsearch.games.quarto_symmetry import canonical
from qsearch.heuristics.quarto import LineCredit, line_credit
from qsearch.reference.quarto import PyOwnPieceQuarto, PyQuarto
from qsearch.reference.quarto_heuristics import line_credit as twin_line_credit
from qsearch.reference.quarto_heuristics import make_payoff_order
from qsearch.reference.quarto_solver import ReferenceSolver
from qsearch.search import alphabeta, mcts, minimax
from qsearch.search.quarto_ab import ab_minimax
from qsearch.search.quarto_solver import QuartoSolver

PAIRS = [(OwnPieceQuarto, PyOwnPieceQuarto), (Quarto, PyQuarto)]
PAIR_IDS = ["own", "standard"]
# Names only a compiled class has, and why.
C_ONLY = {"__pyx_vtable__": "Cython's table of the C-level methods (make, unmake, ...)"}
# The special methods the compiled engines define that the pure ones must define too.
SPECIAL = ("__init__", "__eq__", "__hash__", "__reduce__", "__str__", "__repr__", "_repr_svg_")
MODULE_NAMES = ("ATTRIBUTES", "LINE_MASKS", "LINE_NAMES", "PIECES", "piece_code",
                "piece_description", "piece_from_code", "square_from_name", "square_index",
                "square_name")


def observed(state) -> tuple:
    """Everything the public API shows of a Quarto state (both variants)."""
    legal = state.legal_actions()
    seen = (
        snapshot(state), str(state), state.status_line(), state.board_pieces(),
        state.board_codes(), state.document_array(), state.board_string(),
        state.squares_left(), state.pieces_left(), state.num_placed(),
        state.winner_player(), state.winning_lines(), state.is_chance_node(),
        state.num_players(), state.num_distinct_actions(),
        [state.action_to_string(a) for a in legal],
        [state.piece_at(r, c) for r in range(1, 5) for c in range(1, 5)],
    )
    if hasattr(state, "piece_in_hand"):
        return seen + (state.piece_in_hand(),)
    return seen + (state.placements(),)


def lockstep(fast, pure, rng) -> int:
    """Play one random game on both engines, comparing at every step, then undo it all."""
    seen = []
    while True:
        now = observed(fast)
        assert observed(pure) == now, repr(fast)
        seen.append(now)
        if fast.is_terminal():
            break
        action = rng.choice(fast.legal_actions())
        text = fast.action_to_string(action)
        assert pure.string_to_action(text) == fast.string_to_action(text) == action
        fast.apply_action(action)
        pure.apply_action(action)
    assert pure.returns() == fast.returns()
    plies = len(seen)
    while fast.history():
        assert pure.undo_action() == fast.undo_action()
        seen.pop()
        assert observed(pure) == observed(fast) == seen[-1]
    return plies


@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
@pytest.mark.parametrize("games", [pytest.param(200, marks=pytest.mark.slow), 25])
def test_random_games_in_lockstep_with_the_compiled_engine(fast_cls, pure_cls, games):
    rng = random.Random(2020 + games)
    plies = [lockstep(fast_cls(), pure_cls(), rng) for _ in range(games)]
    assert max(plies) >= 12                     # long games, not only early wins


def test_the_pure_module_imports_no_compiled_module():
    loaded = imports_without_compiled_code("qsearch.reference.quarto")
    assert "qsearch.games.quarto" not in loaded and "qsearch.games._game" not in loaded


@pytest.mark.compiled
@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
def test_the_same_public_names_as_the_compiled_class(fast_cls, pure_cls):
    def public(cls):
        return {n for n in dir(cls) if not n.startswith("_")}

    assert public(pure_cls) == public(fast_cls)
    assert set(dir(fast_cls)) - set(dir(pure_cls)) == set(C_ONLY)
    for name in SPECIAL:
        assert getattr(fast_cls, name) is not getattr(object, name, None), name
        assert getattr(pure_cls, name) is not getattr(object, name, None), name
    for name in ("from_actions", "from_placements"):             # classmethods, as compiled
        assert getattr(pure_cls, name).__self__ is pure_cls
        assert getattr(fast_cls, name).__self__ is fast_cls
    assert isinstance(pure_cls.__dict__["random_playouts"], staticmethod)


def test_module_helpers_and_tables_equal_the_compiled_modules():
    for name in MODULE_NAMES:
        assert hasattr(pure_module, name), name
    for name in ("ATTRIBUTES", "LINE_MASKS", "LINE_NAMES", "PIECES"):
        assert getattr(pure_module, name) == getattr(compiled_module, name), name
    for p in range(16):
        assert pure_module.piece_code(p) == compiled_module.piece_code(p)
        assert pure_module.piece_description(p) == compiled_module.piece_description(p)
        code = compiled_module.piece_code(p)
        for text in (code, ",".join(code), " ".join(code), tuple(int(c) for c in code)):
            assert pure_module.piece_from_code(text) == compiled_module.piece_from_code(text) == p
    for s in range(16):
        name = compiled_module.square_name(s)
        assert pure_module.square_name(s) == name
        assert pure_module.square_from_name(name) == compiled_module.square_from_name(name) == s
        assert pure_module.square_from_name(" ( 1 , 2 ) ") == 4
        row, col = s % 4 + 1, s // 4 + 1
        assert pure_module.square_index(row, col) == compiled_module.square_index(row, col)


# ------------------------------------------------------------------ texts and copies
@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
def test_every_action_text_round_trips_as_in_the_compiled_engine(fast_cls, pure_cls):
    fast, pure = fast_cls(), pure_cls()
    for a in range(fast.num_distinct_actions()):
        text = fast.action_to_string(a)
        assert pure.action_to_string(a) == text
        assert pure.string_to_action(text) == a
        assert pure.string_to_action(f"  {text} ") == fast.string_to_action(f"  {text} ")


@pytest.mark.compiled
@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
def test_repr_pickle_copy_and_equality(fast_cls, pure_cls):
    rng = random.Random(7)
    namespace = {"OwnPieceQuarto": PyOwnPieceQuarto, "Quarto": PyQuarto}
    for _ in range(30):
        fast, pure = fast_cls(), pure_cls()
        for _ in range(rng.randint(0, 20)):
            if fast.is_terminal():
                break
            a = rng.choice(fast.legal_actions())
            fast.apply_action(a)
            pure.apply_action(a)
        assert repr(pure) == repr(fast)
        rebuilt = eval(repr(pure), namespace)
        assert type(rebuilt) is pure_cls and snapshot(rebuilt) == snapshot(pure)
        for twin in (pickle.loads(pickle.dumps(pure)), copy.copy(pure), copy.deepcopy(pure),
                     pure.clone()):
            assert type(twin) is pure_cls and twin == pure and hash(twin) == hash(pure)
            assert snapshot(twin) == snapshot(pure)
            if not twin.is_terminal():                # a copy is independent of its original
                twin.apply_action(twin.legal_actions()[-1])
                assert twin != pure and snapshot(pure) == snapshot(fast)
        assert pure != fast and fast != pure          # different types are never equal


def test_transpositions_share_a_key_and_standard_quarto_keys_the_piece_in_hand():
    a = PyOwnPieceQuarto.from_placements(["(1,1) 2358", "(2,2) 1357"])
    b = PyOwnPieceQuarto.from_placements(["(2,2) 1357", "(1,1) 2358"])
    assert a == b and hash(a) == hash(b) and a.history() != b.history()
    given = PyQuarto.from_placements(["(1,1) 2358"], give="1357")
    other = PyQuarto.from_placements(["(1,1) 2358"], give="2468")
    assert given.position_key() != other.position_key()
    fast = Quarto.from_placements(["(1,1) 2358"], give="1357")
    assert given.position_key() == fast.position_key()


def test_from_board_and_the_documents_demo_position():
    rows = [["2358", "2467", "1457", None], ["2357", None, "2367", None],
            ["1468", "1358", "1458", None], ["2368", "1367", "2458", "1467"]]
    fast, pure = OwnPieceQuarto.from_board(rows), PyOwnPieceQuarto.from_board(rows)
    assert observed(pure) == observed(fast) and pure.board_codes() == rows
    same = [["...." if c is None else c for c in row] for row in rows]
    assert PyOwnPieceQuarto.from_board(same) == pure


def test_svg_and_symmetry_classes_read_the_pure_engines_as_the_compiled_ones():
    rng = random.Random(12)
    for fast_cls, pure_cls in PAIRS:
        for _ in range(10):
            fast, pure = fast_cls(), pure_cls()
            for _ in range(rng.randint(0, 24)):
                if fast.is_terminal():
                    break
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                pure.apply_action(a)
            assert pure._repr_svg_() == fast._repr_svg_()
            assert canonical(pure) == canonical(fast)


# ------------------------------------------------------------------ errors
@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
def test_every_action_number_and_bad_input_errs_alike_along_a_game(fast_cls, pure_cls):
    # check_step tries every illegal action number, wrong types, malformed texts and every
    # action's text on both engines: the same exception, the same message, no change.
    rng = random.Random(3)
    fast, pure = fast_cls(), pure_cls()
    while True:
        check_step(pure, fast)
        copies_agree(pure, fast)
        if fast.is_terminal():
            break
        for _ in range(rng.randint(1, 4)):
            if not fast.is_terminal():
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                pure.apply_action(a)


def _won_game(ns):
    # Row 1 of four light pieces: player 1 wins with the fourth.
    return ns.Own.from_placements(["(1,1) 1357", "(1,2) 1358", "(1,3) 1367", "(1,4) 1368"])


def _holding(ns):
    return ns.Std.from_placements(["(1,1) 2358"], give="1357")


# (name, call on an engine namespace, whether the message must be the compiled one's too:
# False where the compiled message is Cython's own, e.g. "an integer is required").
ERROR_CASES = [
    ("taken square", lambda ns: ns.Own.from_placements(["(1,1) 2358"]).apply_action(1), True),
    ("used piece", lambda ns: ns.Own.from_placements(["(1,1) 2358"]).apply_action(16 + 9), True),
    ("out of range", lambda ns: ns.Own().apply_action(256), True),
    ("negative", lambda ns: ns.Own().apply_action(-1), True),
    ("huge", lambda ns: ns.Std().apply_action(10**20), True),
    ("after the end", lambda ns: _won_game(ns).apply_action(16 * 5 + 15), True),
    ("bool action", lambda ns: ns.Own().apply_action(True), True),
    ("float action", lambda ns: ns.Std().apply_action(16.0), True),
    ("text action", lambda ns: ns.Own().apply_action("(1,1) 1357"), True),
    ("none action", lambda ns: ns.Std().child(None), True),
    ("place before a gift", lambda ns: ns.Std().apply_action(0), True),
    ("give while holding", lambda ns: _holding(ns).apply_action(16 + 15), True),
    ("place on a taken square", lambda ns: _holding(ns).apply_action(0), True),
    ("nothing to undo", lambda ns: ns.Own().undo_action(), True),
    ("bad square text", lambda ns: ns.Own().string_to_action("(5,1) 1357"), True),
    ("bad piece text", lambda ns: ns.Own().string_to_action("(1,1) 1257"), True),
    ("no square", lambda ns: ns.Own().string_to_action("1357"), True),
    ("no piece", lambda ns: ns.Own().string_to_action("(1,1)"), True),
    ("empty text", lambda ns: ns.Std().string_to_action(""), True),
    ("placement in standard", lambda ns: ns.Std().string_to_action("(1,1) 1357"), True),
    ("int as text", lambda ns: ns.Own().string_to_action(3), True),
    ("int as text, standard", lambda ns: ns.Std().string_to_action(3), True),
    ("action text out of range", lambda ns: ns.Own().action_to_string(256), True),
    ("standard text out of range", lambda ns: ns.Std().action_to_string(-1), True),
    ("none as action text", lambda ns: ns.Std().action_to_string(None), True),
    ("placements: taken", lambda ns: ns.Own.from_placements(["(1,1) 2358", "(1,1) 1357"]), True),
    ("placements: used", lambda ns: ns.Own.from_placements("(1,1) 2358; (1,2) 2358"), True),
    ("placements: after the end",
     lambda ns: ns.Own.from_placements(["(1,1) 1357", "(1,2) 1358", "(1,3) 1367",
                                        "(1,4) 1368", "(2,1) 2468"]), True),
    ("placements: malformed", lambda ns: ns.Std.from_placements(["x"]), True),
    ("give a used piece", lambda ns: ns.Std.from_placements(["(1,1) 1357"], give="1357"), True),
    ("give a float", lambda ns: ns.Std.from_placements(["(1,1) 1357"], give=3.5), True),
    ("actions: not a list", lambda ns: ns.Own.from_actions(5), True),
    ("actions: illegal", lambda ns: ns.Own.from_actions([0, 0]), True),
    ("board: shape", lambda ns: ns.Own.from_board([[1]]), True),
    ("board: not rows", lambda ns: ns.Own.from_board(5), True),
    ("board: already won",
     lambda ns: ns.Own.from_board([["1357", "2468", None, None], ["1358", None, None, None],
                                   ["1367", None, None, None], ["1368", None, None, None]]), True),
    ("piece_at off the board", lambda ns: ns.Own().piece_at(5, 1), True),
    ("piece_at text", lambda ns: ns.Own().piece_at("a", 1), False),
    ("player_return 2", lambda ns: ns.Std().player_return(2), True),
    ("piece_code 16", lambda ns: ns.mod.piece_code(16), True),
    ("piece_code text", lambda ns: ns.mod.piece_code("a"), False),
    ("piece_description -1", lambda ns: ns.mod.piece_description(-1), True),
    ("piece_from_code bad", lambda ns: ns.mod.piece_from_code("1257"), True),
    ("piece_from_code int", lambda ns: ns.mod.piece_from_code(5), True),
    ("square_name 16", lambda ns: ns.mod.square_name(16), True),
    ("square_from_name bad", lambda ns: ns.mod.square_from_name("(1,5)"), True),
    ("square_from_name int", lambda ns: ns.mod.square_from_name(3), True),
    ("square_index 0", lambda ns: ns.mod.square_index(0, 1), True),
    ("playouts -1", lambda ns: ns.Own.random_playouts(-1), True),
    ("standard playouts -1", lambda ns: ns.Std.random_playouts(-1), True),
    ("playouts text", lambda ns: ns.Std.random_playouts("3"), False),
    ("arguments to the constructor", lambda ns: ns.Own(1), False),
]
COMPILED = SimpleNamespace(Own=OwnPieceQuarto, Std=Quarto, mod=compiled_module)
PURE = SimpleNamespace(Own=PyOwnPieceQuarto, Std=PyQuarto, mod=pure_module)


@pytest.mark.parametrize(("name", "call", "same_message"), ERROR_CASES,
                         ids=[c[0] for c in ERROR_CASES])
def test_errors_are_the_compiled_engines(name, call, same_message):
    with pytest.raises(Exception) as fast:
        call(COMPILED)
    with pytest.raises(Exception) as pure:
        call(PURE)
    assert type(pure.value) is type(fast.value), (pure.value, fast.value)
    assert isinstance(pure.value, (ValueError, TypeError))
    if same_message:
        assert str(pure.value) == str(fast.value)
    else:
        assert str(pure.value)                   # still says what is wrong


def test_an_illegal_action_leaves_the_state_unchanged():
    for state in (PyOwnPieceQuarto.from_placements(["(1,1) 2358"]), _holding(PURE)):
        before = snapshot(state)
        for bad in (0, 16 + 9, -1, 10**20, 2.5, "0", None, True):
            with pytest.raises((ValueError, TypeError)):
                state.apply_action(bad)
            assert snapshot(state) == before


# ------------------------------------------------------------------ playouts
@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
def test_random_playouts_play_the_compiled_engines_games(fast_cls, pure_cls):
    for seed in (0, 1, 2**64 - 1):
        fast_returns, fast_plies = fast_cls.random_playouts(300, seed=seed)
        pure_returns, pure_plies = pure_cls.random_playouts(300, seed=seed)
        assert pure_returns.dtype == fast_returns.dtype and pure_plies.dtype == fast_plies.dtype
        assert pure_returns.tolist() == fast_returns.tolist()
        assert pure_plies.tolist() == fast_plies.tolist()
    assert [x.tolist() for x in pure_cls.random_playouts(0)] == [[], []]
    # the compiled engine raises OverflowError (Cython's conversion to an unsigned C int)
    with pytest.raises(ValueError, match="seed must be an int in 0..2"):
        pure_cls.random_playouts(3, seed=-1)


@pytest.mark.parametrize(("fast_cls", "pure_cls"), PAIRS, ids=PAIR_IDS)
def test_random_playouts_without_numpy_are_lists(monkeypatch, fast_cls, pure_cls):
    monkeypatch.setitem(sys.modules, "numpy", None)          # import numpy fails
    ours = pure_cls.random_playouts(40, seed=5)
    monkeypatch.undo()
    assert ours == tuple(a.tolist() for a in fast_cls.random_playouts(40, seed=5))


# ------------------------------------------------------------------ the contract and searches
@pytest.mark.parametrize("pure_cls", [PyOwnPieceQuarto, PyQuarto], ids=PAIR_IDS)
def test_the_game_contract_holds(pure_cls):
    assert check_game(pure_cls, games=8, seed=1) > 8
    assert check_game(pure_cls(), games=4, seed=2) > 4


def positions(cls, rng, count, low, high):
    """``count`` seeded non-terminal positions of ``cls`` with ``low..high`` pieces placed."""
    out = []
    while len(out) < count:
        state, target = cls(), rng.randint(low, high)
        while state.num_placed() < target and not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        if not state.is_terminal():
            out.append(state)
    return out


def pure_twin(state):
    """The same position on the plain-Python engine, played action by action."""
    cls = PyOwnPieceQuarto if isinstance(state, OwnPieceQuarto) else PyQuarto
    return cls.from_actions(state.history())


@pytest.mark.compiled
def test_twin_searches_on_the_pure_engine_equal_compiled_searches():
    rng = random.Random(31)
    for state in positions(OwnPieceQuarto, rng, 6, 9, 13):
        pure = pure_twin(state)
        depth = document_depth(state)
        for fast, twin in (
                (alphabeta(state, depth, **DOCUMENT_OPTIONS),
                 reference.alphabeta(pure, depth, **DOCUMENT_OPTIONS)),
                (alphabeta(state, depth, line_credit, tt=True, **DOCUMENT_OPTIONS),
                 reference.alphabeta(pure, depth, twin_line_credit, tt=True, **DOCUMENT_OPTIONS)),
                (minimax(state, min(depth, 2), line_credit, **DOCUMENT_OPTIONS),
                 reference.minimax(pure, min(depth, 2), twin_line_credit, **DOCUMENT_OPTIONS)),
                (mcts(state, 200, seed=5), reference.mcts(pure, 200, seed=5))):
            assert same_result(twin, fast), repr(state)
        # the public search runs the twin on a pure state, and says so
        compiled_run = alphabeta(state, depth, **DOCUMENT_OPTIONS)
        python_run = alphabeta(pure, depth, **DOCUMENT_OPTIONS)
        assert (compiled_run.engine, python_run.engine) == ("compiled", "python")
        assert same_result(python_run, compiled_run)


def test_twin_searches_on_pure_standard_quarto_equal_compiled_searches():
    rng = random.Random(32)
    for state in positions(Quarto, rng, 6, 8, 12):
        pure = pure_twin(state)
        for fast, twin in ((alphabeta(state, 3, tt=True, win_value=10, win_decay=1),
                            reference.alphabeta(pure, 3, tt=True, win_value=10, win_decay=1)),
                           (mcts(state, 200, seed=9), reference.mcts(pure, 200, seed=9))):
            assert same_result(twin, fast), repr(state)


def test_the_documents_transliteration_reads_the_pure_engine_as_the_compiled_one():
    rng = random.Random(21)
    for state in positions(OwnPieceQuarto, rng, 3, 10, 13):
        pure = pure_twin(state)
        for variant in ("cpp", "r"):
            assert ab_minimax_state(pure, variant) == ab_minimax_state(state, variant)
            twin = document_search(pure, variant, algorithm=reference.alphabeta)
            assert same_result(twin, document_search(state, variant)), repr(state)


def test_the_payoff_order_twin_on_the_pure_engine_equals_compiled_ab_minimax():
    rng = random.Random(8)
    for state in positions(OwnPieceQuarto, rng, 4, 9, 13):
        depth = document_depth(state)
        pure = pure_twin(state)
        twin = reference.alphabeta(pure, depth, twin_line_credit,
                                   order=make_payoff_order(pure, depth), **DOCUMENT_OPTIONS)
        special = ab_minimax(state, depth, line_credit, order="payoff")
        assert (twin.value, twin.action, twin.nodes, twin.leaves) == (
            special.value, special.action, special.nodes, special.leaves), repr(state)


@pytest.mark.parametrize("cls", [OwnPieceQuarto, Quarto], ids=PAIR_IDS)
def test_the_solver_twin_solves_the_pure_engine_as_the_compiled_solver(cls):
    rng = random.Random(41)
    for state in positions(cls, rng, 4, 9, 11):
        fast = QuartoSolver(10).solve(state)
        twin = ReferenceSolver(10).solve(pure_twin(state))
        assert twin == (fast.score, fast.nodes), repr(state)
    with pytest.raises(TypeError, match="OwnPieceQuarto or Quarto"):
        ReferenceSolver(10).solve(object())


def test_the_heuristic_twin_scores_the_pure_engine_as_the_compiled_heuristic():
    rng = random.Random(4)
    heavy = LineCredit(two=0.25, three=0.75)
    for fast_cls, pure_cls in PAIRS:
        for _ in range(60):
            fast, pure = fast_cls(), pure_cls()
            while True:
                for player in (0, 1):
                    assert twin_line_credit(pure, player) == line_credit(fast, player)
                    assert twin_line_credit(pure, player, 0.25, 0.75) == heavy(fast, player)
                if fast.is_terminal():
                    break
                a = rng.choice(fast.legal_actions())
                fast.apply_action(a)
                pure.apply_action(a)
