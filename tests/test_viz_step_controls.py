"""The steppers' shared controls (qsearch.viz.step_controls): ■ pauses instead of going back
to the first step, the Play ticks move the slider, the speed menu sets the Play's interval,
every control has a tooltip. The three steppers are checked through their widgets."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from qsearch.games import Hypergammon, TicTacToe  # noqa: E402
from qsearch.games.toytree import ExplicitTree  # noqa: E402
from qsearch.heuristics.hypergammon import pip_race  # noqa: E402
from qsearch.viz.chance_stepper import ExpectiminimaxStepper  # noqa: E402
from qsearch.viz.mcts import MCTSStepper  # noqa: E402
from qsearch.viz.step_controls import SPEEDS, StepControls, speed_options  # noqa: E402
from qsearch.viz.stepper import AlphaBetaStepper  # noqa: E402

RUSSELL_NORVIG = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def alphabeta_stepper():
    return AlphaBetaStepper(ExplicitTree(RUSSELL_NORVIG), fail_hard=True)


def mcts_stepper():
    return MCTSStepper(TicTacToe.from_board("x../o.x/xoo"), 12, seed=0)


def chance_stepper():
    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    return ExpectiminimaxStepper(state, 2, pip_race, bounds=(-40, 40), limit=3)


STEPPERS = [alphabeta_stepper, mcts_stepper, chance_stepper]


def caption_step(stepper) -> str:
    """The "step k of n" / "Iteration k of n" part of the widget's caption."""
    return stepper.caption_html.value.split("</b>")[0].split("<b>")[1]


@pytest.mark.parametrize("make", STEPPERS, ids=lambda f: f.__name__)
def test_play_ticks_move_the_slider_and_stop_pauses_there(make):
    s = make()
    _ = s.widget
    n = s.n_steps
    s.play.playing = True                        # ▶: the browser's Play ticks 2, 3, 4
    for k in (2, 3, 4):
        s.play.value = k
    assert s.slider.value == 4 and caption_step(s).endswith(f"4 of {n}")
    # ■ as the browser sends it: playing off, then the value back to the minimum.
    s.play.set_state({"playing": False})
    s.play.set_state({"value": 1})
    assert s.slider.value == 4 and s.play.value == 4, "■ must pause, not go back to step 1"
    assert caption_step(s).endswith(f"4 of {n}")
    # Both changes in one message (the browser may merge them): the same.
    s.play.playing = True
    s.play.value = 5
    s.play.set_state({"playing": False, "value": 1})
    assert s.slider.value == 5 and s.play.value == 5
    s.play.playing = True                        # ▶ again resumes from the step shown
    s.play.value = 6
    assert s.slider.value == 6


@pytest.mark.parametrize("make", STEPPERS, ids=lambda f: f.__name__)
def test_slider_and_buttons_move_the_play_too(make):
    s = make()
    _ = s.widget
    s.next.click()
    s.next.click()
    assert s.slider.value == 3 and s.play.value == 3   # Play would resume from step 3
    s.slider.value = s.n_steps
    assert s.next.disabled and not s.previous.disabled and s.play.value == s.n_steps
    s.previous.click()
    assert s.slider.value == s.n_steps - 1


@pytest.mark.parametrize("make", STEPPERS, ids=lambda f: f.__name__)
def test_speed_menu_sets_the_interval_and_every_control_has_a_tooltip(make):
    s = make()
    _ = s.widget
    values = [value for _label, value in s.speed.options]
    assert values == sorted(values) and s.speed.value == s.interval == s.play.interval
    for _label, ms in SPEEDS:
        s.speed.value = ms
        assert s.play.interval == ms
    for control in (s.play, s.speed, s.previous, s.next):
        assert control.tooltip, f"{type(control).__name__} has no tooltip"
    assert "pause" in s.play.tooltip and s.play.description == ""   # the tooltip shows


def test_a_stepper_interval_not_on_the_menu_is_added_to_it():
    assert ("0.15 s a step", 150) in speed_options(150)
    assert speed_options(1000) == list(SPEEDS)
    s = MCTSStepper(TicTacToe.from_board("x../o.x/xoo"), 5, seed=0, interval=150)
    _ = s.widget
    assert s.speed.value == 150 == s.play.interval


@pytest.mark.parametrize("bad", [0, -5, 2.5, True, "1000"])
def test_bad_intervals_and_steps_are_refused(bad):
    with pytest.raises(ValueError, match="interval"):
        AlphaBetaStepper(ExplicitTree(RUSSELL_NORVIG), interval=bad)
    with pytest.raises(ValueError, match="interval"):
        StepControls(3, print, interval=bad)


def test_go_checks_the_step():
    shown = []
    controls = StepControls(4, shown.append)
    controls.go(3)
    assert shown == [3] and controls.step == 3 == controls.play.value
    with pytest.raises(ValueError, match="1..4"):
        controls.go(5)
    with pytest.raises(TypeError, match="int"):
        controls.go("2")
    with pytest.raises(ValueError, match="at least one step"):
        StepControls(0, shown.append)


def test_text_controls_are_as_wide_as_their_text():
    """Issue 45: no fixed widths that cut a longer (Spanish) label; the browser measures it
    (tests/browser/test_labels_fit.py)."""
    from qsearch.viz.play import PlayTicTacToe
    from qsearch.viz.play_toggle import PlayPruningToggle
    from qsearch.viz.step_controls import fit_content

    layout = fit_content(margin="1px")
    assert (layout.width, layout.flex, layout.margin) == ("auto", "0 0 auto", "1px")
    controls = StepControls(5, lambda k: None)
    toggle, game = PlayPruningToggle(depth=2), PlayTicTacToe()
    for w in (controls.speed, controls.previous, controls.next, toggle.toggle,
              toggle.fill_button, toggle.both_checkbox, game.depth_dropdown,
              game.algorithm_dropdown, game.first_checkbox, game.new_button, game.undo_button):
        assert w.layout.width == "auto" and w.layout.flex == "0 0 auto", w.description
