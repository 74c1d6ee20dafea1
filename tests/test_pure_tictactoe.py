"""PyTicTacToe, the plain-Python tic-tac-toe, against the compiled TicTacToe.

Lockstep on 300 seeded random games (every observation and every error path at every step,
then undo back to the start), and on every one of the 5,478 positions of the game; the text
forms, copies and pickles; the contract suite; the readable searches on the pure engine
against the compiled searches on the compiled one; and the drawings the lessons show.
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

import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import TicTacToe, check_game
from qsearch.reference import tree_stats as twin_stats
from qsearch.reference.tictactoe import PyTicTacToe
from qsearch.search import tree_stats as fast_stats
from qsearch.viz.boards import tictactoe_svg
from qsearch.viz.mcts import move_text
from qsearch.viz.tree import draw_search

WORKED = "x../o.x/xoo"      # notebook 02's position (document 002, Ex. 2.2)


def both_from_actions(actions):
    return PyTicTacToe.from_actions(actions), TicTacToe.from_actions(actions)


def every_position():
    """Every position of tic-tac-toe reachable from the empty board, as action lists (one
    way to reach each), found on the compiled engine."""
    seen, todo = {TicTacToe().position_key(): []}, [[]]
    while todo:
        actions = todo.pop()
        state = TicTacToe.from_actions(actions)
        for a in state.legal_actions():
            key = state.child(a).position_key()
            if key not in seen:
                seen[key] = actions + [a]
                todo.append(actions + [a])
    return list(seen.values())


ALL_POSITIONS = every_position()


def test_same_public_api_as_the_compiled_engine():
    assert public_names(PyTicTacToe) == public_names(TicTacToe)
    assert own_dunders(PyTicTacToe) == own_dunders(TicTacToe)
    assert isinstance(PyTicTacToe.__dict__["from_board"], classmethod)
    assert isinstance(PyTicTacToe.__dict__["from_actions"], classmethod)


def test_the_pure_base_mirrors_the_compiled_base_type():
    """PyGame (qsearch/reference/_game.py), the base of the pure engines, has the Python API
    of the compiled Game base type, and a bare state answers alike."""
    from qsearch.games import Game
    from qsearch.reference._game import PyGame

    assert public_names(PyGame) == public_names(Game)
    assert own_dunders(PyGame) == own_dunders(Game)
    bare, compiled_bare = PyGame(), Game.__new__(Game)
    for name in ("legal_actions", "is_terminal", "returns", "current_player", "is_chance_node",
                 "chance_outcomes", "position_key", "history", "num_players"):
        assert getattr(bare, name)() == getattr(compiled_bare, name)(), name
    for call in (lambda s: s.clone(), lambda s: s.undo_action(), lambda s: s.apply_action(0),
                 lambda s: s.string_to_action("x")):
        assert outcome(lambda f=call: f(bare))[0] is outcome(lambda f=call: f(compiled_bare))[0]


def test_300_random_games_in_lockstep():
    rng = random.Random(20)
    lengths = [play_in_lockstep(PyTicTacToe(), TicTacToe(), rng) for _ in range(300)]
    assert min(lengths) >= 5 and max(lengths) == 9


def test_every_position_agrees():
    assert len(ALL_POSITIONS) == 5478        # the known count of tic-tac-toe positions
    for actions in ALL_POSITIONS:
        pure, compiled = both_from_actions(actions)
        assert observe(pure) == observe(compiled)
        assert pure.canonical_key() == compiled.canonical_key()
        assert pure.board_string() == compiled.board_string()
        assert pure.num_moves() == compiled.num_moves() == len(actions)
        assert pure.winner_player() == compiled.winner_player()
        assert [pure.cell(i) for i in range(9)] == [compiled.cell(i) for i in range(9)]


def test_text_forms_round_trip():
    for actions in ALL_POSITIONS[::7]:
        pure, compiled = both_from_actions(actions)
        for sep in ("/", "\n", "|", ""):
            board = compiled.board_string(sep)
            assert pure.board_string(sep) == board
            a, b = PyTicTacToe.from_board(board), TicTacToe.from_board(board)
            assert observe(a) == observe(b) and a == pure
        # the repr is the compiled engine's text, which evaluates in either namespace
        assert repr(pure) == repr(compiled)
        assert eval(repr(pure), {"TicTacToe": PyTicTacToe}) == pure
        assert str(pure) == str(compiled)


@pytest.mark.parametrize("board", [
    "x", "xxxxxxxxxx", "abc/def/ghi", "x../.../..", "xx./.../...", "o../.../...",
    "xxx/oo./o..", "ooo/xx./xx.", "xxx/ooo/...", "xxx/ooo/x..",
])
def test_bad_boards_raise_the_same_error(board):
    got_pure = outcome(lambda: PyTicTacToe.from_board(board))
    assert got_pure == outcome(lambda: TicTacToe.from_board(board))
    assert got_pure[0] is ValueError


@pytest.mark.parametrize("board", [12, None, ["x"]])
def test_a_board_that_is_not_text_is_a_type_error(board):
    # same type; the compiled message is Cython's check of the ``board: str`` annotation
    with pytest.raises(TypeError, match="board must be a str"):
        PyTicTacToe.from_board(board)
    with pytest.raises(TypeError, match="board"):
        TicTacToe.from_board(board)


@pytest.mark.parametrize("actions", [[0, 0], [4, 9], ["4"], [0, 3, 1, 4, 2, 5], [True]])
def test_bad_action_lists_raise_the_same_error(actions):
    got = outcome(lambda: PyTicTacToe.from_actions(actions))
    assert got == outcome(lambda: TicTacToe.from_actions(actions)) and got[0] != "ok"


def test_other_error_paths():
    pure, compiled = both_from_actions([4, 0])
    for i in (-1, 9):
        same_error(pure, compiled, lambda s, i=i: s.cell(i))
    for p in (-1, 2):
        same_error(pure, compiled, lambda s, p=p: s.player_return(p))
    # the compiled engine's C int parameters refuse these too (their messages are Cython's)
    for call in (lambda s: s.cell("4"), lambda s: s.cell(None), lambda s: s.player_return("0")):
        kinds = {outcome(lambda s=state, f=call: f(s))[0] for state in (pure, compiled)}
        assert kinds == {TypeError}
    for cls in (PyTicTacToe, TicTacToe):
        with pytest.raises(TypeError):
            cls("x..")                       # no silent empty board


@pytest.mark.compiled
def test_copies_pickles_equality_and_hashes():
    rng = random.Random(3)
    for actions in rng.sample(ALL_POSITIONS, 60):
        copies_agree(*both_from_actions(actions))
    pure = [PyTicTacToe.from_actions(a) for a in ALL_POSITIONS[:300]]
    compiled = [TicTacToe.from_actions(a) for a in ALL_POSITIONS[:300]]
    for i in range(0, 300, 17):
        for j in range(300):
            assert (pure[i] == pure[j]) == (compiled[i] == compiled[j])
            if pure[i] == pure[j]:
                assert hash(pure[i]) == hash(pure[j])
    # a different move order reaching the same board is the same position
    assert PyTicTacToe.from_actions([0, 4, 8]) == PyTicTacToe.from_actions([8, 4, 0])
    assert PyTicTacToe() != TicTacToe()      # different engines never compare equal


def test_the_contract_suite():
    assert check_game(PyTicTacToe, games=40, seed=4) > 40


def positions(count, seed):
    rng = random.Random(seed)
    return [both_from_actions(a) for a in rng.sample(ALL_POSITIONS, count)
            if not TicTacToe.from_actions(a).is_terminal()]


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "pvs"])
def test_readable_searches_on_pure_equal_compiled_searches(algorithm):
    twin, compiled_search = getattr(ref, algorithm), getattr(fast, algorithm)
    for k, (pure, compiled) in enumerate(positions(25, 8)):
        depth = None if k % 2 else 3
        a = twin(pure, depth, trace=True)
        b = compiled_search(compiled, depth, trace=True)
        assert same_result(a, b) and a.trace == b.trace
        # the public search runs the twin on the pure engine (the dispatch)
        c = compiled_search(pure, depth)
        assert c.engine == "python" and same_result(c, b)


def test_searches_with_order_table_and_heuristic():
    def open_lines(state, player):                    # notebook 01's heuristic
        lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8),
                 (2, 4, 6)]

        def count(p):
            return sum(all(state.cell(i) != 1 - p for i in line) for line in lines)
        return count(player) - count(1 - player)

    centre_first = (4, 0, 2, 6, 8, 1, 3, 5, 7)
    for pure, compiled in positions(12, 9):
        a = ref.alphabeta(pure, 4, open_lines, order=centre_first, tt=12)
        b = fast.alphabeta(compiled, 4, open_lines, order=centre_first, tt=12)
        assert same_result(a, b)


def test_mcts_twin_on_pure_equals_compiled_mcts():
    for k, (pure, compiled) in enumerate(positions(20, 10)):
        a = ref.mcts(pure, 60, seed=k, trace=True, keep_tree=True)
        b = fast.mcts(compiled, 60, seed=k, trace=True, keep_tree=True)
        assert a.children == b.children and (a.value, a.action, a.nodes) == (
            b.value, b.action, b.nodes)
        assert a.trace == b.trace and a.tree == b.tree


def test_tree_statistics_twin_on_pure_equals_compiled():
    late = ("xox/oxo/...", "x../o.x/xoo", "x../.o./...")
    for board in late:
        pure, compiled = PyTicTacToe.from_board(board), TicTacToe.from_board(board)
        assert twin_stats.tree_stats(pure) == fast_stats.tree_stats(compiled)
        assert ([twin_stats.perft(pure, d) for d in range(4)]
                == [fast_stats.perft(compiled, d) for d in range(4)])
        assert (twin_stats.count_positions(pure, canonical=PyTicTacToe.canonical_key)
                == fast_stats.count_positions(compiled, canonical=TicTacToe.canonical_key))


@pytest.mark.slow
def test_whole_game_statistics_as_notebook_00():
    assert twin_stats.tree_stats(PyTicTacToe()) == fast_stats.tree_stats(TicTacToe())
    assert (twin_stats.count_positions(PyTicTacToe(), canonical=PyTicTacToe.canonical_key)
            == fast_stats.count_positions(TicTacToe(), canonical=TicTacToe.canonical_key) == 765)


def test_drawings_are_the_same():
    for actions in ALL_POSITIONS[::50]:
        pure, compiled = both_from_actions(actions)
        assert pure._repr_svg_() == compiled._repr_svg_() == tictactoe_svg(compiled)
        for a in compiled.legal_actions():
            assert move_text(pure, a) == move_text(compiled, a)
    pure, compiled = PyTicTacToe.from_board(WORKED), TicTacToe.from_board(WORKED)
    for node_label in (None, "board"):
        a = draw_search(ref.alphabeta(pure, trace=True), state=pure, node_label=node_label)
        b = draw_search(fast.alphabeta(compiled, trace=True), state=compiled,
                        node_label=node_label)
        assert a.source == b.source


def test_the_play_widget_plays_the_pure_engine_as_the_compiled_one():
    """Notebook 02's demo, on a widget whose game is the pure engine (what pure mode gives)
    and on the compiled one: the same replies, texts and pictures."""
    from qsearch.viz.play import PlayTicTacToe

    class PurePlay(PlayTicTacToe):
        game_cls = PyTicTacToe

    games = []
    for widget, cls in ((PurePlay(depth=None, algorithm="pvs"), PyTicTacToe),
                        (PlayTicTacToe(depth=None, algorithm="pvs"), TicTacToe)):
        widget.set_position(cls.from_board(WORKED))
        seen = [widget.status_text]
        widget.play(2)
        seen += [str(widget.state), widget.status_text, widget.svg()]
        widget.play(widget.state.legal_actions()[0])
        seen += [widget.status_text, widget.undo(), str(widget.state), widget.svg()]
        games.append(seen)
    assert games[0] == games[1]
