"""PyConnect4, the plain-Python Connect-4, against the compiled Connect4.

Lockstep on 200 seeded random games (every observation and every error path at every step,
then undo back to the start); the bitboards, text forms, copies and pickles;
the contract suite; the readable searches and heuristics on the pure engine against the
compiled ones on the compiled engine; the solver twin reading the pure engine's bitboards; and
the drawings the lessons show. The compiled engine is the oracle for the pure one.
"""
import random

import pytest
from helpers import same_result
from pure_engine_checks import (
    copies_agree,
    observe,
    outcome,
    own_dunders,
    play_in_lockstep,
    public_names,
    same_error,
)

import qsearch.heuristics.connect4 as fast_heuristics
import qsearch.reference as ref
import qsearch.reference.heuristics as twin_heuristics
import qsearch.search as fast
from qsearch.games import Connect4, check_game
from qsearch.reference import connect4_solver as twin_solver
from qsearch.reference.connect4 import PyConnect4
from qsearch.search import connect4_solver as fast_solver
from qsearch.viz.boards import connect4_svg
from qsearch.viz.mcts import move_text
from qsearch.viz.tree import draw_search

HEURISTICS = ["evaluation_table", "potential_lines", "book_rules", "line_weights"]


def random_moves(rng, *, low=0, high=41) -> str:
    """The moves of a random game from the empty board, stopped at a random length in
    ``low..high`` or at the end, as a move string (found on the compiled engine)."""
    state, target = Connect4(), rng.randint(low, high)
    while state.num_moves() < target and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.moves_string()


def both(moves: str):
    return PyConnect4.from_moves(moves), Connect4.from_moves(moves)


def open_positions(count, seed, *, low=4, high=30):
    """``count`` seeded positions, neither over, as (pure, compiled) pairs."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        pure, compiled = both(random_moves(rng, low=low, high=high))
        if not compiled.is_terminal():
            out.append((pure, compiled))
    return out


def test_same_public_api_as_the_compiled_engine():
    assert public_names(PyConnect4) == public_names(Connect4)
    assert own_dunders(PyConnect4) == own_dunders(Connect4)
    assert isinstance(PyConnect4.__dict__["from_moves"], classmethod)


def test_200_random_games_in_lockstep():
    rng = random.Random(200)
    lengths = [play_in_lockstep(PyConnect4(), Connect4(), rng) for _ in range(200)]
    assert min(lengths) >= 7 and max(lengths) > 30


def test_bitboards_cells_and_counts_agree():
    rng = random.Random(5)
    for _ in range(150):
        pure, compiled = both(random_moves(rng))
        assert pure.bitboards() == compiled.bitboards()
        assert pure.num_moves() == compiled.num_moves() == len(pure.moves_string())
        assert pure.winner_player() == compiled.winner_player()
        assert ([pure.cell(r, c) for r in range(6) for c in range(7)]
                == [compiled.cell(r, c) for r in range(6) for c in range(7)])


def test_the_bitboards_layout_as_documented():
    pure = PyConnect4.from_moves("4453")          # x: d1 e1; o: d2 c1
    x, o = pure.bitboards()
    assert x == (1 << 7 * 3) | (1 << 7 * 4)
    assert o == (1 << (7 * 3 + 1)) | (1 << 7 * 2)
    assert (x, o) == Connect4.from_moves("4453").bitboards()


def test_text_forms_round_trip():
    rng = random.Random(6)
    for _ in range(60):
        pure, compiled = both(random_moves(rng))
        assert repr(pure) == repr(compiled) and str(pure) == str(compiled)
        # the repr is the compiled engine's text, which evaluates in either namespace
        rebuilt = eval(repr(pure), {"Connect4": PyConnect4})
        assert type(rebuilt) is PyConnect4 and observe(rebuilt) == observe(pure)
        assert PyConnect4.from_moves(pure.moves_string()) == pure
        for a in range(7):
            text = compiled.action_to_string(a)
            assert pure.action_to_string(a) == text
            assert pure.string_to_action(f" {text} ") == compiled.string_to_action(f" {text} ")


@pytest.mark.parametrize("moves", [
    "0", "8", "44a", "4 4", "1212121", "12121212", "4444444", "4.4", "١", "",
])
def test_move_strings_err_or_succeed_alike(moves):
    got = outcome(lambda: PyConnect4.from_moves(moves))
    assert got == outcome(lambda: Connect4.from_moves(moves))
    if moves not in ("", "1212121"):
        assert got[0] is ValueError


@pytest.mark.parametrize("moves", [[4, 4, 5], 4453, None, b"4453"])
def test_move_strings_that_are_not_text_are_a_type_error(moves):
    # same type; the compiled message is Cython's check of the ``moves: str`` annotation
    with pytest.raises(TypeError, match="moves must be a str"):
        PyConnect4.from_moves(moves)
    with pytest.raises(TypeError, match="moves"):
        Connect4.from_moves(moves)


def test_other_error_paths():
    pure, compiled = both("4453")
    for row, col in ((-1, 0), (6, 0), (0, -1), (0, 7)):
        same_error(pure, compiled, lambda s, r=row, c=col: s.cell(r, c))
    for p in (-1, 2):
        same_error(pure, compiled, lambda s, p=p: s.player_return(p))
    # the compiled engine's C int parameters refuse these too (their messages are Cython's)
    for call in (lambda s: s.cell("0", 0), lambda s: s.cell(0, None),
                 lambda s: s.player_return("0")):
        kinds = {outcome(lambda s=state, f=call: f(s))[0] for state in (pure, compiled)}
        assert kinds == {TypeError}
    for cls in (PyConnect4, Connect4):
        with pytest.raises(TypeError):
            cls("4453")                      # no silent empty board


@pytest.mark.compiled
def test_copies_pickles_equality_and_hashes():
    rng = random.Random(3)
    pairs = [both(random_moves(rng, high=12)) for _ in range(200)]
    for pure, compiled in pairs[:60]:
        copies_agree(pure, compiled)
    for i in range(0, 200, 9):
        for j in range(200):
            pi, ci = pairs[i]
            pj, cj = pairs[j]
            assert (pi == pj) == (ci == cj)
            if pi == pj:
                assert hash(pi) == hash(pj)
    # a different move order reaching the same board is the same position
    assert PyConnect4.from_moves("4453") == PyConnect4.from_moves("5344")
    assert PyConnect4() != Connect4()        # different engines never compare equal


def test_the_contract_suite():
    assert check_game(PyConnect4, games=30, seed=4) > 30 * 7


# ------------------------------------------------------------------ heuristics and searches
@pytest.mark.slow
@pytest.mark.compiled_speed
def test_heuristic_twins_on_pure_equal_compiled_heuristics_on_compiled():
    rng = random.Random(11)
    for _ in range(25):
        pure, compiled = PyConnect4(), Connect4()
        while True:
            for name in HEURISTICS:
                twin, compiled_h = getattr(twin_heuristics, name), getattr(fast_heuristics, name)
                for player in (0, 1):
                    assert twin(pure, player) == compiled_h(compiled, player), (
                        name, player, compiled.moves_string())
            if compiled.is_terminal():
                break
            a = rng.choice(compiled.legal_actions())
            pure.apply_action(a)
            compiled.apply_action(a)


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "pvs"])
def test_readable_searches_on_pure_equal_compiled_searches(algorithm):
    twin, compiled_search = getattr(ref, algorithm), getattr(fast, algorithm)
    for k, (pure, compiled) in enumerate(open_positions(4, 8)):
        name = HEURISTICS[k % len(HEURISTICS)]
        a = twin(pure, 3, getattr(twin_heuristics, name), trace=True)
        b = compiled_search(compiled, 3, getattr(fast_heuristics, name), trace=True)
        assert same_result(a, b) and a.trace == b.trace, compiled.moves_string()
        # the public search runs the twin on the pure engine (the dispatch)
        c = compiled_search(pure, 3, getattr(twin_heuristics, name))
        assert c.engine == "python" and same_result(c, b)


def test_searches_with_order_table_and_no_heuristic():
    centre_first = (3, 2, 4, 1, 5, 0, 6)
    for pure, compiled in open_positions(5, 9, low=14, high=26):
        a = ref.alphabeta(pure, 5, twin_heuristics.line_weights, order=centre_first, tt=14)
        b = fast.alphabeta(compiled, 5, fast_heuristics.line_weights, order=centre_first, tt=14)
        assert same_result(a, b), compiled.moves_string()
        a = ref.iterative_deepening(pure, 4, twin_heuristics.evaluation_table)
        b = fast.iterative_deepening(compiled, 4, fast_heuristics.evaluation_table)
        assert same_result(a, b), compiled.moves_string()
    # notebook 10's comparison: alpha-beta without a heuristic, depth 6
    pure, compiled = both("4453")
    assert same_result(ref.alphabeta(pure, 6), fast.alphabeta(compiled, 6))


def test_mcts_twin_on_pure_equals_compiled_mcts():
    for k, (pure, compiled) in enumerate(open_positions(4, 10, low=16, high=30)):
        a = ref.mcts(pure, 80, seed=k, trace=True, keep_tree=True)
        b = fast.mcts(compiled, 80, seed=k, trace=True, keep_tree=True)
        assert a.children == b.children and (a.value, a.action, a.nodes) == (
            b.value, b.action, b.nodes)
        assert a.trace == b.trace and a.tree == b.tree


def test_the_solver_twin_reads_the_pure_engines_bitboards(monkeypatch):
    """In pure mode the solver twin's ``Connect4`` is PyConnect4: it solves from the pure
    engine's bitboards exactly as the compiled solver does from the compiled engine's."""
    monkeypatch.setattr(twin_solver, "Connect4", PyConnect4)
    for pure, compiled in open_positions(4, 12, low=28, high=32):
        a, b = twin_solver.solve(pure), fast_solver.solve(compiled)
        assert (a.score, a.nodes) == (b.score, b.nodes), compiled.moves_string()
        assert twin_solver.analyze(pure) == fast_solver.analyze(compiled)


# ------------------------------------------------------------------ drawings and widgets
def test_drawings_are_the_same():
    rng = random.Random(13)
    for _ in range(20):
        pure, compiled = both(random_moves(rng))
        assert pure._repr_svg_() == compiled._repr_svg_() == connect4_svg(compiled)
        for a in compiled.legal_actions():
            assert move_text(pure, a) == move_text(compiled, a)
    pure, compiled = both("4453")
    for node_label in (None, "board"):
        a = draw_search(ref.alphabeta(pure, 2, trace=True), state=pure, node_label=node_label)
        b = draw_search(fast.alphabeta(compiled, 2, trace=True), state=compiled,
                        node_label=node_label)
        assert a.source == b.source


def test_the_play_widget_plays_the_pure_engine_as_the_compiled_one():
    """PlayConnect4 on the pure engine and its heuristic twin (what pure mode gives) and on the
    compiled ones: the same replies, texts and pictures."""
    from qsearch.viz.play import PlayConnect4

    class PurePlay(PlayConnect4):
        game_cls = PyConnect4

    games = []
    for widget, cls in ((PurePlay(depth=3, evaluate=twin_heuristics.evaluation_table),
                         PyConnect4),
                        (PlayConnect4(depth=3), Connect4)):
        widget.set_position(cls.from_moves("4453"))
        seen = [widget.status_text]
        widget.play(2)
        seen += [str(widget.state), widget.status_text, widget.svg()]
        widget.play(widget.state.legal_actions()[0])
        seen += [widget.status_text, widget.undo(), str(widget.state), widget.svg()]
        games.append(seen)
    assert games[0] == games[1]
