"""The play widgets as a student meets them: buttons agree with the board, double clicks
play one move, inputs are off while the engine thinks, messages in the board's words."""
import pytest
from helpers import with_clock

from qsearch.games import Connect4, TicTacToe
from qsearch.viz.play import BLANK, PlayConnect4, PlayTicTacToe, number_text, plural
from qsearch.viz.play_toggle import PlayDocument001, PlayPruningToggle


def button_marks(game):
    return [b.description for b in game.cell_buttons]


def test_new_game_and_undo_clear_the_tictactoe_buttons():
    game = with_clock(PlayTicTacToe())
    game.play(4)
    engine_cell = game.state.history()[1]
    marks = button_marks(game)
    assert marks[4] == "X" and marks[engine_cell] == "O"
    game.undo()
    assert button_marks(game) == [BLANK] * 9         # never "" (the browser would keep X)
    game.play(0)
    game.new_game()
    assert button_marks(game) == [BLANK] * 9
    assert not any(b.disabled for b in game.cell_buttons)


@pytest.mark.parametrize("cls,action", [(PlayConnect4, 3), (PlayTicTacToe, 4)])
def test_a_double_click_plays_one_move(cls, action):
    game = with_clock(cls(depth=2))
    game._click(action)                   # the first click: the human's move and the answer
    assert len(game.state.history()) == 2
    game._clock.now += 0.05               # the second click reaches the kernel right after
    game._click(action)
    assert len(game.state.history()) == 2 and game.dropped_clicks == 1
    said = "Not played: that click came while the engine was moving (or just after)"
    assert said in game.status_text and said in game.status_html.value     # not silently
    assert "click again if you meant it" in game.status_text
    game._clock.now += 2.0                # a deliberate click later is played
    game._click(game.state.legal_actions()[0])
    assert len(game.state.history()) == 4 and said not in game.status_text


def test_new_game_and_undo_are_dropped_right_after_the_answer_too():
    game = with_clock(PlayConnect4(depth=2))
    game._click(3)
    game.undo_button.click()
    game.new_button.click()
    assert len(game.state.history()) == 2 and game.dropped_clicks == 2
    game._clock.now += 2.0
    game.undo_button.click()
    assert game.state.history() == []


def test_every_input_is_disabled_and_the_status_says_thinking_while_the_engine_searches(
        monkeypatch):
    seen = []
    flushes = []
    game = with_clock(PlayConnect4(depth=2))

    class Stdout:                        # in a kernel, a flush sends the queued widget updates
        def flush(self):
            flushes.append(game.thinking)

    monkeypatch.setattr("sys.stdout", Stdout())

    def spy(*args, **kwargs):           # what the browser sees in the middle of the search
        seen.append((game.status_text, [w.disabled for w in game._inputs()],
                     [b.disabled for b in game.column_buttons], game.status_html.value,
                     list(flushes)))
        return real(*args, **kwargs)

    import qsearch.viz.play as play
    real = play.ALGORITHMS["alphabeta"]
    play.ALGORITHMS["alphabeta"] = spy
    try:
        game._click(3)
        game._clock.now += 0.01
        game._click(2)                   # arrives while (just after) it thinks: dropped
    finally:
        play.ALGORITHMS["alphabeta"] = real
    status, inputs, columns, html, flushed = seen[0]
    assert flushed == [True]             # the updates went out before the search began
    assert "thinking" in status and "Your move" not in status and "qsearch-thinking" in html
    assert all(inputs) and all(columns)
    assert len(seen) == 1 and len(game.state.history()) == 2
    assert "Your move" in game.status_text and not game.column_buttons[0].disabled


def test_messages_use_the_boards_words():
    assert (plural(1, "node"), plural(2431, "node"), plural(1, "ply"), plural(2, "ply")) == (
        "1 node", "2,431 nodes", "1 ply", "2 plies")
    assert (number_text(-0.0), number_text(3.0), number_text(-2.5)) == ("0", "3", "-2.5")
    c4 = with_clock(PlayConnect4(depth=2))
    assert "you play red" in c4.status_text
    c4.set_position(Connect4.from_moves("444444"))
    c4._click(3)
    assert "column 4 is full" in c4.status_text and "legal actions" not in c4.status_text
    c4.play(0)
    assert "played column " in c4.status_text
    # x . x
    # o o .      o (the engine) to move: the centre-right square wins at once
    # x . .
    ttt = PlayTicTacToe()
    ttt.set_position(TicTacToe.from_actions([0, 3, 2, 4, 6]))
    assert "played the right edge" in ttt.status_text
    assert "(0,1)" not in ttt.status_text
    second = PlayTicTacToe(human_first=False)
    assert "you play O (red)" in second.status_text
    assert "value 0," in second.status_text and "-0" not in second.status_text


def test_a_win_in_one_says_one_ply():
    # o . . . . . .
    # o . . x . . .
    # o . . x x x .      o (the engine) to move: column 1 wins at once
    game = PlayConnect4(depth=4)
    game.set_position(Connect4.from_moves("4141516"))
    assert game.state.winner_player() == game.engine
    assert "the engine wins in 1 ply " in game.status_text


@pytest.mark.compiled_speed
def test_the_toggle_runs_only_the_selected_search_and_fills_the_table_on_demand():
    game = with_clock(PlayPruningToggle(depth=4))
    first = game.play(3)
    assert first.normal is not None and first.pruned is None
    game.alphabeta = True
    second = game.play(3)
    assert second.normal is None and second.pruned is not None
    assert game.totals() == (None, None)
    assert "—" in game.table_html()
    game.fill_table()
    both = PlayPruningToggle(depth=4, count_both=True)
    a, b = both.play(3), both.play(3)
    assert [(r.normal, r.pruned) for r in game.rows] == [(a.normal, a.pruned),
                                                         (b.normal, b.pruned)]
    assert game.totals() == (a.normal + b.normal, a.pruned + b.pruned)
    assert "—" not in game.table_html()


def test_the_old_name_of_the_toggle_widget_still_works_and_says_it_is_deprecated():
    with pytest.warns(DeprecationWarning, match="PlayPruningToggle") as caught:
        old = PlayDocument001(depth=2, alphabeta=True)
    assert caught[0].filename == __file__          # points at the caller's line
    assert isinstance(old, PlayPruningToggle) and old.alphabeta and old.toggle.value
    new = PlayPruningToggle(depth=2, alphabeta=True)
    assert old.play(3) == new.play(3)              # same engine, same move and counts


# ------------------------------------------------------------------ what a notebook shows
def _widgets_to_display():
    from qsearch.arena.parcheckers_agents import agent
    from qsearch.games.toytrees import tree_from_text
    from qsearch.viz.exercise import AlphaBetaExercise, MoveOrderingExercise
    from qsearch.viz.exercise_editor import TreeEditor
    from qsearch.viz.mcts import MCTSStepper
    from qsearch.viz.play_parcheckers import PlayParCheckers
    from qsearch.viz.play_quarto import PlayQuarto
    from qsearch.viz.stepper import AlphaBetaStepper

    rn = "A:[B:[B1:3, B2:12, B3:8], C:[C1:2, C2:4, C3:6], D:[D1:14, D2:5, D3:2]]"
    return [AlphaBetaExercise(rn), MoveOrderingExercise(rn), TreeEditor(),
            AlphaBetaStepper(tree_from_text(rn)), MCTSStepper(TicTacToe(), 5),
            PlayTicTacToe(), PlayPruningToggle(depth=2), PlayQuarto(),
            PlayParCheckers(opponent=agent(1), human=1, seed=2)]


def test_every_widget_shows_its_live_view_and_a_static_picture_for_viewers_without_a_kernel():
    from IPython.core.formatters import DisplayFormatter

    from qsearch.viz.lazy_widget import LazyWidget

    show = DisplayFormatter().format
    for obj in _widgets_to_display():
        assert isinstance(obj, LazyWidget)
        first, _ = show(obj)                   # the widget is built once, then shown again
        again, _ = show(obj)
        view = "application/vnd.jupyter.widget-view+json"
        assert first[view] == again[view] == obj.widget._repr_mimebundle_()[view], obj
        assert first["image/svg+xml"].startswith("<svg"), obj


# ------------------------------------------------------------------ steppers and diagrams
def test_captions_name_moves_as_the_edges_do_and_say_root_once():
    from qsearch.viz.stepper import AlphaBetaStepper

    def move_label(state, action):
        return f"{'xo'[state.current_player()]}@{action + 1}"

    # x o x
    # . o .      x to move
    # . . .
    position = TicTacToe.from_actions([0, 1, 2, 4])
    s = AlphaBetaStepper(position, edge_labels=move_label)
    text = " ".join(s.captions())
    assert "x@8" in text and "(2,1)" not in text and "root root" not in text
    assert s.caption(0).startswith("Start at the root (MAX)")
    assert "x@8" in s.final_svg()


def test_a_fail_low_with_every_child_searched_is_called_exact():
    from qsearch.games.toytree import ExplicitTree
    from qsearch.viz.stepper import AlphaBetaStepper

    # A1 (MAX) -> A2 = min(3, 5) = 3, then A3 = min(4, 2) fails low at 2 ≤ α = 3 only after
    # both children: its 2 is exact (nothing was cut at A3); A4 = min(1, cut) is a bound.
    s = AlphaBetaStepper(ExplicitTree([[3, 5], [4, 2], [1, 9]], names="A"))
    text = s.captions()
    exact = [t for t in text if "every child was searched" in t]
    bounds = [t for t in text if ", a bound" in t]
    assert len(exact) == 1 and exact[0].split()[0] == s.names.child_name(0, 1)
    assert len(bounds) == 1 and "at most 1" in bounds[0]


def test_wide_trees_keep_their_size_and_scale_only_when_asked():
    from qsearch.viz.tree import MAX_SIZE, draw_tree, svg_text

    wide = [[i, i + 1, i + 2] for i in range(12)]       # 12 x 3 leaves: far wider than 816 px
    svg = svg_text(draw_tree(wide, "minimax"))          # a notebook scrolls it: text stays
    assert float(svg.split('width="', 1)[1].split("pt", 1)[0]) > 8.5 * 72
    assert 'style="max-width:none;height:auto"' in svg
    scaled = svg_text(draw_tree(wide, "minimax", size=MAX_SIZE))
    assert float(scaled.split('width="', 1)[1].split("pt", 1)[0]) <= 8.5 * 72 + 1


def test_won_boards_show_the_winning_line():
    import xml.etree.ElementTree as ET

    from qsearch.viz.boards import connect4_svg, tictactoe_svg

    def highlighted(svg):
        return sum(1 for el in ET.fromstring(svg).iter() if el.get("class") == "highlight")

    # . . . . . . .
    # o o o . . . .
    # x x x x . . .      x won along the bottom row
    won = Connect4.from_moves("1122334")
    assert won.winner_player() == 0
    assert highlighted(connect4_svg(won)) == 4
    assert highlighted(connect4_svg(won, show_win=False)) == 0
    assert highlighted(connect4_svg(Connect4.from_moves("112233"))) == 0
    # x x x
    # o o .
    # . . .
    assert highlighted(tictactoe_svg(TicTacToe.from_actions([0, 3, 1, 4, 2]))) == 3
    assert highlighted(tictactoe_svg(TicTacToe.from_actions([0, 3, 1, 4]))) == 0


# --------------------------------------------------------------------------------- CLI
@pytest.mark.slow
def test_solve_reports_progress_while_it_runs():
    import io

    from qsearch.__main__ import _with_progress

    class SlowSolver:                    # a solver whose work waits for the report
        progress = (1234, -3, 5)

    stream = io.StringIO()
    import threading
    reported = threading.Event()

    class Watch(io.StringIO):
        def write(self, text):
            reported.set()
            return stream.write(text)

    result = _with_progress(SlowSolver(), lambda: reported.wait(30) and "solved", "solving",
                            stream=Watch())
    assert result == "solved"
    first = stream.getvalue().splitlines()[0]
    assert first.startswith("  solving: 1 s, 1,234 nodes, score in [-3, +5]")
    assert "done in" in stream.getvalue()


def test_ctrl_c_in_play_stops_without_a_traceback():
    import os
    import signal
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "qsearch", "play", "tictactoe"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env=dict(os.environ, PYTHONUNBUFFERED="1"),
                            # a run started in the background inherits an ignored SIGINT
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdout.readline().startswith("Moves:")       # it is waiting for a move
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 130
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert "stopped" in out + err


# ------------------------------------------------------------------ newcomer path
def test_pyproject_uses_an_spdx_license_and_has_a_dev_extra():
    from pathlib import Path

    import tomllib

    meta = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert meta["project"]["license"] == "MIT"
    requires = meta["build-system"]["requires"]
    assert "setuptools>=77" in requires                   # the first to read SPDX strings
    dev = " ".join(meta["project"]["optional-dependencies"]["dev"])
    for need in ("Cython", "setuptools>=77", "wheel", "pre-commit", "test", "lessons"):
        assert need in dev
    assert any(d.startswith("voila") for d in meta["project"]["optional-dependencies"]["lessons"])


def test_committed_notebooks_are_stripped_of_volatile_metadata():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).parents[1]
    notebooks = sorted(str(p) for p in (root / "notebooks").glob("*.ipynb"))
    run = subprocess.run([sys.executable, "scripts/strip_notebooks.py", "--check", *notebooks],
                         cwd=root, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_strip_removes_timestamps_widget_state_and_addresses_but_keeps_outputs():
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location(
        "strip_notebooks", Path(__file__).parents[1] / "scripts" / "strip_notebooks.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    nb = {"metadata": {"widgets": {"state": {}}, "kernelspec": {"name": "python3"}},
          "cells": [{"cell_type": "code", "execution_count": 3,
                     "metadata": {"execution": {"iopub.status.idle": "2026-11-26T00:12:25Z"},
                                  "tags": ["nbval-ignore-output"]},
                     "outputs": [{"output_type": "execute_result", "execution_count": 3,
                                  "metadata": {},
                                  "data": {"text/plain": ["<Play object at 0x7f3a12bc>"],
                                           "image/svg+xml": ["<svg/>"],
                                           mod.WIDGET_VIEW: {"model_id": "abc"}}}]}]}
    out = mod.strip(nb)
    cell = out["cells"][0]
    assert "widgets" not in out["metadata"] and "kernelspec" in out["metadata"]
    assert cell["metadata"] == {"tags": ["nbval-ignore-output"]}
    assert cell["outputs"][0]["data"] == {"text/plain": ["<Play object at 0x...>"],
                                          "image/svg+xml": ["<svg/>"]}
    assert cell["execution_count"] == 3
    assert mod.dumps(mod.strip(out)) == mod.dumps(out)          # stripping twice: no change


# --------------------------------------------------------------------------- plots
def test_nodes_by_depth_sums_over_positions_and_plots_one_line_per_search():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from qsearch.search import alphabeta, minimax
    from qsearch.viz.plots import nodes_by_depth, plot_nodes_by_depth

    a, b = TicTacToe(), TicTacToe.from_actions([4])
    curves = nodes_by_depth([a, b], [1, 2], {"minimax": minimax, "alpha-beta": alphabeta})
    assert curves["minimax"] == [minimax(a, 1).nodes + minimax(b, 1).nodes,
                                 minimax(a, 2).nodes + minimax(b, 2).nodes]
    assert curves["minimax"][0] == (1 + 9) + (1 + 8)          # a root and its children
    ax = plot_nodes_by_depth(curves, [1, 2])
    assert len(ax.get_lines()) == 2 and ax.get_yscale() == "log"
    with pytest.raises(ValueError, match="depths"):
        nodes_by_depth(a, [0], {"minimax": minimax})
    with pytest.raises(ValueError, match="3 depths"):
        plot_nodes_by_depth(curves, [1, 2, 3])
    plt.close("all")
