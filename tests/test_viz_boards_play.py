"""Boards that draw themselves, the play-against-the-engine widgets, the node-count plots."""
import random
import xml.etree.ElementTree as ET

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

from qsearch.core.errors import IllegalMoveError  # noqa: E402
from qsearch.games import Connect4, TicTacToe  # noqa: E402
from qsearch.viz.boards import board_svg, connect4_svg, tictactoe_svg  # noqa: E402
from qsearch.viz.play import PlayConnect4, PlayTicTacToe  # noqa: E402
from qsearch.viz.plots import plot_node_comparison, plot_nodes_per_move  # noqa: E402

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    return root


def stones(root: ET.Element, player: int) -> int:
    return sum(1 for el in root.iter() if el.get("class") == f"stone p{player}")


def random_state(cls, rng, plies):
    state = cls()
    for _ in range(plies):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def count_owners(state, cells):
    owners = [state.cell(*c) if isinstance(c, tuple) else state.cell(c) for c in cells]
    return owners.count(0), owners.count(1)


TTT_CELLS = list(range(9))
C4_CELLS = [(r, c) for r in range(6) for c in range(7)]


# ------------------------------------------------------------------------------- boards
@pytest.mark.parametrize("cls,cells,max_plies", [(TicTacToe, TTT_CELLS, 9),
                                                 (Connect4, C4_CELLS, 42)])
def test_svg_is_well_formed_and_draws_every_stone(cls, cells, max_plies):
    rng = random.Random(7)
    for _ in range(40):
        state = random_state(cls, rng, rng.randint(0, max_plies))
        root = parse(board_svg(state))
        assert root.get("viewBox", "").startswith("0 0 ")
        assert (stones(root, 0), stones(root, 1)) == count_owners(state, cells)


def test_repr_svg_on_both_games():
    #  x . .
    #  . o .
    #  . . x
    ttt = TicTacToe.from_actions([0, 4, 8])
    root = parse(ttt._repr_svg_())
    assert (stones(root, 0), stones(root, 1)) == (2, 1)
    c4 = Connect4.from_moves("4453")
    root = parse(c4._repr_svg_())
    assert (stones(root, 0), stones(root, 1)) == (2, 2)
    assert ttt._repr_svg_() == tictactoe_svg(ttt)
    assert c4._repr_svg_() == connect4_svg(c4)


def test_svg_scales_with_size_and_keeps_the_viewbox():
    state = Connect4.from_moves("44")
    small, large = parse(connect4_svg(state, size=140)), parse(connect4_svg(state, size=700))
    assert small.get("viewBox") == large.get("viewBox")
    assert (small.get("width"), large.get("width")) == ("140", "700")


def test_highlights_and_last_move_are_drawn():
    state = Connect4.from_moves("4453")
    root = parse(connect4_svg(state, highlight_columns=[2, 5], highlight_cells=[(0, 3)]))
    marks = [el.get("class") for el in root.iter()]
    assert marks.count("highlight") == 3
    assert marks.count("last") == 1
    assert parse(connect4_svg(Connect4())).find(f".//{SVG}circle[@class='last']") is None
    root = parse(tictactoe_svg(TicTacToe.from_actions([4]), highlight=[0, 8]))
    assert [el.get("class") for el in root.iter()].count("highlight") == 2


def test_board_svg_rejects_other_objects():
    with pytest.raises(TypeError, match="no SVG drawing"):
        board_svg("x.o/.x./..o")


# --------------------------------------------------------------------------------- play
def test_human_move_then_engine_reply_is_legal():
    for game in (PlayConnect4(depth=3), PlayTicTacToe()):
        first = game.state.legal_actions()[0]
        game.human_move(first)
        assert game.state.history() == [first]
        legal = game.state.legal_actions()
        result = game.engine_move()
        assert result.action in legal
        assert game.state.history() == [first, result.action]
        assert result.nodes > 0
        assert "nodes searched" in game.status_text
        assert "Your move" in game.status_text


def test_illegal_human_move_raises_and_leaves_the_state_unchanged():
    game = PlayTicTacToe()
    game.play(4)
    before = game.state.history()
    with pytest.raises(IllegalMoveError):
        game.human_move(4)                       # occupied
    with pytest.raises(IllegalMoveError):
        game.human_move(before[-1])              # the engine's cell
    assert game.state.history() == before


def test_full_column_button_is_disabled_and_a_click_changes_nothing():
    game = PlayConnect4(depth=2)
    game.set_position(Connect4.from_moves("444444"))   # column 4 full, first player to move
    assert game.column_buttons[3].disabled
    assert not game.column_buttons[0].disabled
    game._click(3)
    assert game.state.moves_string() == "444444"
    assert "Not played" in game.status_text
    with pytest.raises(IllegalMoveError):
        game.human_move(3)


def test_engine_turn_disables_human_moves():
    game = PlayConnect4(depth=2)
    game.human_move(0)
    assert all(b.disabled for b in game.column_buttons)
    with pytest.raises(IllegalMoveError, match="engine's turn"):
        game.human_move(1)


def test_engine_takes_immediate_win_connect4():
    # . . . . . . .
    # . . . . . . .
    # . . . . . . .
    # x . . o . . .
    # x . . o . . .
    # x . . o . . .      x (the human) to move; o wins in column 4
    game = PlayConnect4(depth=4)
    game.set_position(Connect4.from_moves("141414"))
    game.human_move(6)
    result = game.engine_move()
    assert result.action == 3
    assert game.state.winner_player() == game.engine
    assert "the engine wins" in game.status_text
    assert all(b.disabled for b in game.column_buttons)


def test_engine_takes_immediate_win_tictactoe():
    # x . x
    # o o .      o (the engine) to move: 5 wins at once (1 would only block)
    # x . .
    game = PlayTicTacToe()
    game.set_position(TicTacToe.from_actions([0, 3, 2, 4, 6]))   # the engine replies at once
    result = game.last_result
    assert result.action == 5
    assert game.state.winner_player() == 1
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.human_move(1)


def test_engine_opens_when_the_human_moves_second():
    game = PlayTicTacToe(human_first=False)
    assert len(game.state.history()) == 1
    assert game.state.current_player() == game.human == 1


def test_undo_returns_to_the_humans_previous_turn():
    game = PlayConnect4(depth=2)
    game.play(2)
    game.play(4)
    assert len(game.state.history()) == 4
    assert game.undo() == 2
    assert game.state.history()[:1] == [2] and len(game.state.history()) == 2
    assert game.undo() == 2
    assert game.state.history() == []
    assert game.undo() == 0
    second = PlayTicTacToe(human_first=False)
    opening = second.state.history()
    assert second.undo() == 0 and second.state.history() == opening
    second.play(second.state.legal_actions()[0])
    assert second.undo() == 2 and second.state.history() == opening


def test_set_position_checks_the_game():
    with pytest.raises(TypeError, match="TicTacToe"):
        PlayTicTacToe().set_position(Connect4())


def test_new_game_and_dropdowns():
    game = PlayTicTacToe(depth=2, algorithm="minimax")
    game.play(0)
    game.algorithm_dropdown.value = "pvs"
    game.depth_dropdown.value = 0              # "to the end"
    assert (game.algorithm, game.depth) == ("pvs", None)
    game.new_game()
    assert game.state.history() == [] and game.last_result is None
    with pytest.raises(ValueError):
        PlayConnect4(algorithm="random")
    with pytest.raises(ValueError):
        PlayConnect4(depth=0)


def test_widget_displays():
    game = PlayConnect4(depth=2)
    bundle = game._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "<svg" in game.board_html.value


# -------------------------------------------------------------------------------- plots
def test_plot_nodes_per_move_returns_axes_with_one_line_per_label():
    counts = {"minimax": [100, 80, 60], "alpha-beta": [30, 20, 10], "pvs": [25, 20, 9]}
    ax = plot_nodes_per_move(counts, cumulative=True, log=True)
    assert len(ax.get_lines()) == 3
    assert list(ax.get_lines()[0].get_ydata()) == [100, 180, 240]
    assert ax.get_yscale() == "log"
    plt.close("all")


def test_plot_node_comparison_on_given_axes():
    _, ax = plt.subplots()
    out = plot_node_comparison([100, 100], [20, 30], ax=ax)
    assert out is ax
    assert len(ax.get_lines()) == 2
    assert ax.get_title() == "75.00% of the nodes pruned"
    with pytest.raises(ValueError, match="same moves"):
        plot_node_comparison([1, 2], [1], ax=ax)
    plt.close("all")
