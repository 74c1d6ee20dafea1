"""The lessons' widgets in a real browser: JupyterLab and Voilà headless, Debian's Chromium
driven by Playwright.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (``.ci/browser_test.sh`` sets it after installing
Chromium and Playwright). What is checked, as a student would meet it:

* notebook 01 in JupyterLab: Run All, then the example-4 stepper: Play, the slider's keys,
  the caption ("step k of 17"), the pruned branch (C7, "β ≤ α at C3") in the tree's SVG only
  once the search has cut it, "next" disabled at the last step; the same in a narrow window,
  where the tree shrinks to fit instead of being cut off;
* the play widgets: a double click on a Connect-4 column plays one stone (and the engine
  one), never four; while the engine thinks a sign shows, the status never says "Your move"
  and every input is disabled; New game and Undo leave the tic-tac-toe buttons and the drawn
  board in agreement; the controls fit a narrow window;
* notebook 01 in Voilà (presenter mode): no code, and the stepper steps through the cut;
* a self-checking alpha-beta exercise: a wrong answer typed in and checked is graded wrong
  with the mistakes named, "Show me" opens the stepper at the first one, the right answer
  then passes;
* notebook 06's MCTS stepper: Play, the slider's keys and typed readout, a double click on
  next (two steps), the last step; the caption ("Iteration k of 30: ..."), the tree's root
  (N = k) and the UCT bars (every root move, unvisited ones as ∞, the outline on the move
  the next iteration selects) agree; in a narrow window nothing sticks out;
* notebook 05's expectiminimax stepper (Star1): a chance outcome and its probability, a
  Star1 test that fails at the last outcome (nothing cut, a bound returned), the Star1 cut
  of roll 2-3 in caption and tree, the last step; the tree fits a narrow window;
* ParCheckers against agent 3: value then piece (a double click plays once), the status,
  the value buttons and the drawn board (one "last move" line) agree with the same game
  played headless; Undo; New game with the agent opening (Undo then changes nothing); agents
  0-3 chosen from the opponent menu, two moves each, against a headless twin; a long think (a
  sign saying "thinking" once, no "your move", every input disabled, forced clicks
  dropped); a narrow window;
* every stepper: ■ while playing pauses at the step reached (not back to step 1); the speed
  menu (notebook 05's 320 steps at 0.1 s a step).

Screenshots go to ``tests/browser/artifacts/`` (the paths are printed).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest
from browser_kit import (
    ARTIFACTS,
    STEP_TIMEOUT_MS,
    assert_fits,
    browser_only,
    copy_without_outputs,
    drawn_scale,
    free_port,
    go_to_step,
    in_browser,
    kernel_pythonpath,
    launch,
    open_and_run_all,
    overflow,
    run,
    shot,
    slider_step,
    status_either,
    stop,
    svg_texts,
    wait_for_server,
    wait_until_idle,
    write_cells_notebook,
)

pytestmark = browser_only

NOTEBOOK = "01_minimax_and_alphabeta.ipynb"




PLAY_NOTEBOOK = "play_widgets.ipynb"
PLAY_CELLS = [
    "from qsearch.viz.play import PlayConnect4, PlayTicTacToe\n"
    "c4 = PlayConnect4(depth=7)\nc4",
    "ttt = PlayTicTacToe()\nttt",
    "slow = PlayConnect4(depth=9, algorithm='minimax')   # thinks for seconds\nslow",
]


EXERCISE_NOTEBOOK = "exercise.ipynb"
EXERCISE_CELLS = [
    "from qsearch.viz.exercise import AlphaBetaExercise\n"
    "exercise = AlphaBetaExercise('A:[B:[B1:3, B2:12, B3:8], C:[C1:2, C2:4, C3:6], "
    "D:[D1:14, D2:5, D3:2]]', fail_hard=False)\nexercise",
]


MCTS_NOTEBOOK = "mcts.ipynb"
MCTS_ITERATIONS = 30
MCTS_CELLS = [
    "from qsearch.games import TicTacToe\n"
    "from qsearch.viz.mcts import MCTSStepper\n"
    "worked = TicTacToe.from_board('x../o.x/xoo')      # notebook 06's position\n"
    f"stepper = MCTSStepper(worked, {MCTS_ITERATIONS}, seed=0, interval=150)\nstepper",
]

CHANCE_NOTEBOOK = "chance.ipynb"
CHANCE_CELLS = [                                   # notebook 05's stepper, as the lesson has it
    "from qsearch.games import Hypergammon\n"
    "from qsearch.heuristics.hypergammon import pip_race\n"
    "from qsearch.viz.chance_stepper import ExpectiminimaxStepper\n"
    "ex214 = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))\n"
    "stepper = ExpectiminimaxStepper(ex214, 3, pip_race, prune='star1', bounds=(-40, 40), "
    "limit=6)\nstepper.widget",
]

PARCHECKERS_NOTEBOOK = "parcheckers.ipynb"
SLOW_AGENT = "LimitedMinimaxAgent(depth=8, max_nodes=25_000_000)"
PARCHECKERS_CELLS = [
    "from qsearch.arena.parcheckers_agents import LimitedMinimaxAgent, agent\n"
    "from qsearch.viz.play_parcheckers import PlayParCheckers\n"
    "game = PlayParCheckers(opponent=agent(3))\ngame",
    f"slow = PlayParCheckers(opponent={SLOW_AGENT})   # thinks for seconds\nslow",
]







@pytest.fixture(autouse=True)
def lesson_notebooks(lab_dir):
    """This module's notebooks, in the folder the ``lab`` fixture serves."""
    copy_without_outputs(NOTEBOOK, lab_dir)
    write_cells_notebook(lab_dir, PLAY_NOTEBOOK, PLAY_CELLS)
    write_cells_notebook(lab_dir, EXERCISE_NOTEBOOK, EXERCISE_CELLS)
    write_cells_notebook(lab_dir, MCTS_NOTEBOOK, MCTS_CELLS)
    write_cells_notebook(lab_dir, CHANCE_NOTEBOOK, CHANCE_CELLS)
    write_cells_notebook(lab_dir, PARCHECKERS_NOTEBOOK, PARCHECKERS_CELLS)










@pytest.fixture
def voila(tmp_path):
    """Voilà serving a copy of notebook 01; yields the page's url."""
    work = tmp_path / "voila"
    work.mkdir()
    copy_without_outputs(NOTEBOOK, work)
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = kernel_pythonpath(env)
    port = free_port()
    log = open(tmp_path / "voila.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "voila", str(work / NOTEBOOK), "--no-browser",
         f"--port={port}", "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
        env=env, stdout=log, stderr=subprocess.STDOUT, cwd=work)
    base = f"http://127.0.0.1:{port}"
    try:
        wait_for_server(base, f"{base}/api/status", server, tmp_path / "voila.log")
        yield base
    finally:
        stop(server)
        log.close()
















def test_notebook_01_steppers_run_in_jupyterlab(lab):
    from playwright.sync_api import expect, sync_playwright

    base, token = lab
    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser, page = launch(p)
        try:
            run("notebook01", page, run_and_drive, base, token)
            page.set_viewport_size({"width": 760, "height": 1000})       # a narrow window
            run("notebook01_narrow", page, check_narrow)
        finally:
            browser.close()
    print(f"\nscreenshots: {ARTIFACTS / 'notebook01_stepper.png'} "
          f"{ARTIFACTS / 'notebook01_stepper_playing.png'} {ARTIFACTS / 'notebook01_page.png'} "
          f"{ARTIFACTS / 'notebook01_narrow.png'}")


def run_and_drive(page, base: str, token: str) -> None:
    """Open the notebook, run every cell, and drive the example-4 stepper."""
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, NOTEBOOK, "all checks pass")

    stepper = page.locator(".qsearch-stepper").first
    stepper.wait_for(state="attached", timeout=15_000)
    stepper.scroll_into_view_if_needed()
    caption = stepper.locator(".qsearch-stepper-caption")
    tree = stepper.locator(".qsearch-stepper-tree svg")
    expect(caption).to_contain_text("step 1 of 17")
    first_caption = caption.inner_text()
    assert "β ≤ α at C3" not in tree.inner_html()     # nothing is cut at step 1
    expect(stepper.locator("button", has_text="previous")).to_be_disabled()

    stepper.locator(".widget-play button").first.click()           # Play
    page.wait_for_function(
        "el => parseInt(el.textContent) >= 3",
        arg=stepper.locator(".widget-readout").first.element_handle())
    assert caption.inner_text() != first_caption
    stepper.screenshot(path=str(ARTIFACTS / "notebook01_stepper_playing.png"))
    assert_stop_pauses(page, stepper, base, token, "step", 17)

    handle = stepper.locator(".widget-slider .noUi-handle").first
    handle.focus()
    page.keyboard.press("End")                                      # the last step
    expect(stepper.locator(".widget-readout").first).to_have_text("17")
    expect(caption).to_contain_text("step 17 of 17")
    expect(caption).to_contain_text("C1 (MAX) returns 2: the best move is C2.")
    expect(stepper.locator(".qsearch-stepper-tree")).to_contain_text("β ≤ α at C3")
    expect(stepper.locator("button", has_text="next")).to_be_disabled()
    assert "C7" in tree.text_content()

    for _ in range(2):                                              # back to the cut
        stepper.locator("button", has_text="previous").click()
    expect(caption).to_contain_text("At C3 (MIN) β = 1 ≤ α = 2: C7 is cut.")
    assert slider_step(stepper) == 15

    stepper.screenshot(path=str(ARTIFACTS / "notebook01_stepper.png"))
    page.screenshot(path=str(ARTIFACTS / "notebook01_page.png"))




def assert_stop_pauses(page, stepper, base: str, token: str, word: str, n: int) -> int:
    """■ while playing pauses: the slider, the caption and the Play stay at the step reached
    (they used to jump back to step 1); returns that step."""
    stepper.locator(".widget-play button:has(.fa-stop)").click()
    wait_until_idle(base, token)
    k = slider_step(stepper)
    assert k > 1, "■ went back to the first step"
    caption = stepper.locator(".qsearch-stepper-caption")
    expect_text = f"{word} {k} of {n}"
    assert expect_text in caption.inner_text(), (expect_text, caption.inner_text())
    expect_playing = stepper.locator(".widget-play button .fa-play")  # ▶ shown: paused
    assert expect_playing.count() == 1
    return k


def check_narrow(page) -> None:
    """In a narrow window the trees shrink to the output area instead of being cut off."""
    steppers = page.locator(".qsearch-stepper")
    for k in range(steppers.count()):
        stepper = steppers.nth(k)
        stepper.scroll_into_view_if_needed()
        tree = stepper.locator(".qsearch-stepper-tree")          # scrolls, never shrinks
        out = overflow(tree)
        assert out <= 0, f"stepper {k}: the tree sticks out of its cell by {out:.0f} px"
        assert drawn_scale(tree.locator("svg")) > 0.9, f"stepper {k}: the tree is shrunk"
    steppers.first.screenshot(path=str(ARTIFACTS / "notebook01_narrow.png"))


# ------------------------------------------------------------------ play widgets
def stones(widget) -> int:
    """The stones drawn on the widget's board."""
    return widget.locator("svg .stone").count()


def test_play_widgets_never_mislead(lab):
    from playwright.sync_api import expect, sync_playwright

    base, token = lab
    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser, page = launch(p)
        try:
            run("play", page, drive_play_widgets, base, token)
        finally:
            browser.close()
    print(f"\nscreenshots: {ARTIFACTS / 'play_connect4.png'} {ARTIFACTS / 'play_tictactoe.png'} "
          f"{ARTIFACTS / 'play_thinking.png'} {ARTIFACTS / 'play_connect4_narrow.png'}")


def drive_play_widgets(page, base: str, token: str) -> None:
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, PLAY_NOTEBOOK, None)
    widgets = page.locator(".qsearch-play")
    expect(widgets).to_have_count(3)
    c4, ttt, slow = widgets.nth(0), widgets.nth(1), widgets.nth(2)
    status = c4.locator(".qsearch-play-status")
    expect(status).to_contain_text("Your move: you play red")
    assert stones(c4) == 0

    # A double click on column 4: one stone for the student, one for the engine. The second
    # click reaches the kernel while (or just after) the engine thinks, and is dropped.
    c4.locator("button.widget-button", has_text="4").first.dblclick()
    expect(status).to_contain_text("Engine (alphabeta, depth 7) played column")
    expect(status).to_contain_text("Your move")
    wait_until_idle(base, token)
    assert stones(c4) == 2, f"a double click played {stones(c4)} stones"
    expect(status).not_to_contain_text("thinking")
    c4.screenshot(path=str(ARTIFACTS / "play_connect4.png"))

    # Tic-tac-toe: after a move, Undo and New game empty the buttons and the board together.
    buttons = ttt.locator(".widget-gridbox button")
    expect(buttons).to_have_count(9)
    buttons.nth(4).click()                                          # the centre
    expect(ttt.locator(".qsearch-play-status")).to_contain_text("Your move")
    wait_until_idle(base, token)
    marks = [b.inner_text().strip() for b in buttons.all()]
    assert sorted(m for m in marks if m) == ["O", "X"] and marks[4] == "X", marks
    assert stones(ttt) == 2
    for control in ("Undo", "New game"):
        ttt.locator("button", has_text=control).click()
        expect(ttt.locator("svg .stone")).to_have_count(0)
        wait_until_idle(base, token)
        assert [b.inner_text().strip() for b in buttons.all()] == [""] * 9, control
        if control == "Undo":
            buttons.nth(0).click()                                  # play again, then reset
            expect(ttt.locator("svg .stone")).to_have_count(2)
            wait_until_idle(base, token)
    ttt.screenshot(path=str(ARTIFACTS / "play_tictactoe.png"))

    # While the engine thinks: a sign, no "Your move", every input disabled; a click then
    # (forced on the disabled button, as an impatient student would try) plays nothing.
    slow.scroll_into_view_if_needed()
    slow_status = slow.locator(".qsearch-play-status")
    slow.locator("button.widget-button", has_text="4").first.click()
    expect(slow_status).to_contain_text("The engine is thinking")
    assert "Your move" not in slow_status.inner_text()
    for label in ("3", "New game", "Undo"):
        expect(slow.locator("button", has_text=label).first).to_be_disabled()
    expect(slow.locator("select").first).to_be_disabled()
    slow.screenshot(path=str(ARTIFACTS / "play_thinking.png"))
    slow.locator("button.widget-button", has_text="3").first.click(force=True)
    expect(slow_status).to_contain_text("Your move", timeout=120_000)
    wait_until_idle(base, token)
    assert stones(slow) == 2, f"clicks during the search played {stones(slow) - 2} more stones"

    page.set_viewport_size({"width": 760, "height": 1000})           # a narrow window
    c4.scroll_into_view_if_needed()
    for select in c4.locator("select").all():                       # dropdowns not cut off
        assert select.evaluate("el => el.scrollWidth <= el.clientWidth + 1")
    c4.screenshot(path=str(ARTIFACTS / "play_connect4_narrow.png"))


# ------------------------------------------------------------------ Voilà
def test_notebook_01_in_voila_steps_through_the_cut(voila):
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser, page = launch(p)
        try:
            run("voila", page, drive_voila, voila)
        finally:
            browser.close()
    print(f"\nscreenshot: {ARTIFACTS / 'voila_stepper.png'}")


def drive_voila(page, base: str) -> None:
    from playwright.sync_api import expect

    asked = []                                    # every url the page asks for
    page.on("request", lambda request: asked.append(request.url))
    page.goto(base, timeout=120_000)             # Voilà runs the notebook before it answers
    stepper = page.locator(".qsearch-stepper").first
    stepper.wait_for(state="visible", timeout=120_000)
    expect(page.get_by_text("all checks pass", exact=True)).to_be_visible()
    assert page.locator(".jp-InputArea-editor, .CodeMirror, .cm-editor").count() == 0
    assert "AlphaBetaStepper(example3" not in page.content()      # no code on the page
    caption = stepper.locator(".qsearch-stepper-caption")
    expect(caption).to_contain_text("step 1 of 17")
    stepper.scroll_into_view_if_needed()
    for _ in range(14):
        stepper.locator("button", has_text="next").click()
    expect(caption).to_contain_text("step 15 of 17")
    expect(caption).to_contain_text("At C3 (MIN) β = 1 ≤ α = 2: C7 is cut.")
    expect(stepper.locator(".qsearch-stepper-tree")).to_contain_text("β ≤ α at C3")
    stepper.screenshot(path=str(ARTIFACTS / "voila_stepper.png"))
    # qsearch's Voila template (scripts/install.sh): no stylesheet from a CDN, nothing off-host
    assert "cdn.jsdelivr.net" not in page.content()
    elsewhere = [url for url in asked if urlparse(url).scheme in ("http", "https")
                 and urlparse(url).hostname not in ("127.0.0.1", "localhost")]
    assert not elsewhere, f"Voilà's page asked other hosts for: {elsewhere}"


# ------------------------------------------------------------------ exercises
def test_exercise_grades_a_wrong_and_a_right_answer(lab):
    from playwright.sync_api import expect, sync_playwright

    base, token = lab
    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser, page = launch(p)
        try:
            run("exercise", page, drive_exercise, base, token)
        finally:
            browser.close()
    print(f"\nscreenshots: {ARTIFACTS / 'exercise_wrong.png'} "
          f"{ARTIFACTS / 'exercise_show_me.png'} {ARTIFACTS / 'exercise_right.png'}")


def type_value(exercise, node: str, text: str) -> None:
    box = exercise.locator(f".qsearch-exercise-node-{node} .qsearch-exercise-value input")
    box.fill(text)
    box.press("Tab")


def drive_exercise(page, base: str, token: str) -> None:
    """Russell & Norvig's tree: C typed as 4 (it is 2) and one cut missed, then fixed."""
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, EXERCISE_NOTEBOOK, None)
    exercise = page.locator(".qsearch-exercise").first
    exercise.wait_for(state="visible")
    grade = exercise.locator(".qsearch-exercise-grade")
    for node, text in [("A", "3"), ("B", "3"), ("C", "4"), ("D", "2")]:
        type_value(exercise, node, text)
    exercise.locator(".qsearch-exercise-cut", has_text="C2").click()
    wait_until_idle(base, token)
    exercise.locator("button", has_text="Check").click()
    expect(grade).to_contain_text("4 of 5 right")                 # the 5 entries made
    expect(grade).to_contain_text("C (MIN) does not return 4")
    assert "C3" not in grade.inner_text()                    # the missed ✂: never named
    tree = exercise.locator(".qsearch-exercise-tree svg")
    assert "#c0262d" in tree.inner_html()                    # the wrong node drawn red
    exercise.screenshot(path=str(ARTIFACTS / "exercise_wrong.png"))

    # the stepper at the first mistake the check names (C's value), not at the unmarked cut
    exercise.locator("button", has_text="Show me").click()
    stepper = exercise.locator(".qsearch-stepper")
    expect(stepper.locator(".qsearch-stepper-caption")).to_contain_text(
        "C (MIN) returns 2 to A, a bound")
    exercise.screenshot(path=str(ARTIFACTS / "exercise_show_me.png"))

    type_value(exercise, "C", "2")
    exercise.locator(".qsearch-exercise-cut", has_text="C3").click()
    wait_until_idle(base, token)
    expect(grade).to_have_text("")                           # an edit clears the old grade
    exercise.locator("button", has_text="Check").click()
    expect(grade).to_contain_text("All 6 answers are right.")
    expect(exercise.locator("button", has_text="Show me")).to_be_enabled()   # after a Check
    exercise.screenshot(path=str(ARTIFACTS / "exercise_right.png"))


# ------------------------------------------------------------------ shared by the new widgets












# ------------------------------------------------------------------ MCTS stepper (notebook 06)
def test_mcts_stepper_in_jupyterlab(lab):
    in_browser("mcts", drive_mcts, *lab)


def drive_mcts(page, base: str, token: str) -> None:
    """Play, the slider, previous/next (double clicks) and the last step: the caption, the
    tree's root (N = the iteration) and the UCT bars agree; nothing sticks out when narrow."""
    from playwright.sync_api import expect

    from qsearch.games import TicTacToe
    from qsearch.viz.mcts import MCTSStepper

    headless = MCTSStepper(TicTacToe.from_board("x../o.x/xoo"), MCTS_ITERATIONS, seed=0)
    n = MCTS_ITERATIONS
    open_and_run_all(page, base, token, MCTS_NOTEBOOK, None)
    stepper = page.locator(".qsearch-stepper").first
    stepper.wait_for(state="visible")
    caption = stepper.locator(".qsearch-stepper-caption")
    tree = stepper.locator(".qsearch-stepper-tree")
    bars = stepper.locator(".qsearch-mcts-bars")
    previous = stepper.locator("button", has_text="previous")
    next_ = stepper.locator("button", has_text="next")

    def agrees(k: int) -> None:
        expect(caption).to_have_text(
            headless.caption(k).replace(f"Iteration {k}:", f"Iteration {k} of {n}:"))
        assert svg_texts(tree)[0] == f"N={k}", svg_texts(tree)[:3]        # the root
        labels = [t for t in svg_texts(bars) if "@" in t]
        assert labels == ["x@1", "x@2", "x@4"], labels     # every root move, visited or not

    agrees(1)
    expect(previous).to_be_disabled()
    assert svg_texts(bars).count("unvisited: ∞") == 2      # UCT tries those first

    stepper.locator(".widget-play button").first.click()           # Play
    page.wait_for_function(
        "el => parseInt(el.textContent) >= 4",
        arg=stepper.locator(".widget-readout").first.element_handle())
    shot(stepper, "mcts_playing")
    paused = assert_stop_pauses(page, stepper, base, token, "Iteration", n)
    agrees(paused)
    stepper.locator("select").first.select_option(label="1 s a step")   # the speed menu
    wait_until_idle(base, token)

    go_to_step(page, stepper, 1)
    next_.dblclick()                                                # a double click: 2 steps
    expect(stepper.locator(".widget-readout").first).to_have_text("3")
    wait_until_idle(base, token)
    agrees(3)

    go_to_step(page, stepper, 20)
    wait_until_idle(base, token)             # the caption is sent before the tree is drawn
    agrees(20)
    # The outlined bar is the move the next iteration selects (20 ties x@1 with x@4).
    picked = headless.caption(21).split("selection ")[1].split(" ")[0]
    assert svg_texts(bars.locator("g.chosen"))[0] == picked == "x@1"
    shot(stepper, "mcts_step20")

    handle = stepper.locator(".widget-slider .noUi-handle").first
    handle.focus()
    page.keyboard.press("End")
    expect(stepper.locator(".widget-readout").first).to_have_text(str(n))
    agrees(n)
    expect(next_).to_be_disabled()
    expect(previous).to_be_enabled()
    previous.dblclick()
    expect(stepper.locator(".widget-readout").first).to_have_text(str(n - 2))
    wait_until_idle(base, token)
    agrees(n - 2)
    shot(stepper, "mcts_end")

    page.set_viewport_size({"width": 760, "height": 1000})         # a narrow window
    stepper.scroll_into_view_if_needed()
    assert_fits(tree, "the MCTS tree (it scrolls)")
    assert_fits(bars.locator("svg"), "the UCT bars")
    assert_fits(stepper.locator(".widget-hbox").first, "the stepper's controls")
    shot(stepper, "mcts_narrow")


# ------------------------------------------------------------------ chance stepper (notebook 05)
def test_expectiminimax_stepper_in_jupyterlab(lab):
    in_browser("chance", drive_chance, *lab)


def drive_chance(page, base: str, token: str) -> None:
    """Notebook 05's Star1 stepper: the first Star1 cut in caption and tree, the chance node's
    mean after it, the last step; the tree fits a narrow window."""
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, CHANCE_NOTEBOOK, None)
    stepper = page.locator(".qsearch-stepper").first
    stepper.wait_for(state="visible")
    caption = stepper.locator(".qsearch-stepper-caption")
    tree = stepper.locator(".qsearch-stepper-tree")
    previous = stepper.locator("button", has_text="previous")
    next_ = stepper.locator("button", has_text="next")
    expect(caption).to_contain_text("step 1 of 320")
    expect(caption).to_contain_text("Start at the root (MAX)")
    expect(previous).to_be_disabled()

    speed = stepper.locator("select").first
    assert "0.1 s a step" in speed.inner_text().replace("\xa0", " ")
    speed.select_option(label="0.1 s a step")                      # 320 steps in 32 s
    wait_until_idle(base, token)
    stepper.locator(".widget-play button").first.click()           # Play
    page.wait_for_function(
        "el => parseInt(el.textContent) >= 6",
        arg=stepper.locator(".widget-readout").first.element_handle())
    assert_stop_pauses(page, stepper, base, token, "step", 320)
    go_to_step(page, stepper, 1)

    next_.dblclick()
    expect(caption).to_contain_text("step 3 of 320")
    expect(caption).to_contain_text("the outcome roll 1-2 (p = 1/6) is searched")
    wait_until_idle(base, token)
    assert "p = 1/6" in tree.inner_text()
    assert drawn_scale(tree.locator("svg")) > 0.5, "the tree is drawn too small to read"

    # Step 180: Star1's test fails at [20/16 9/4]'s last outcome: nothing is cut.
    go_to_step(page, stepper, 180)
    expect(caption).to_contain_text("step 180 of 320")
    expect(caption).to_contain_text("none is left to cut (Star1)")
    assert "Star1 bound cuts" not in tree.inner_text()
    next_.click()
    expect(caption).to_contain_text("returns −24.5, a bound: its true value (the "
                                    "probability-weighted mean) is at most −24.5.")
    expect(tree).to_contain_text("≤ −24.5")

    # Step 318: at [20/15 9/5] Star1 cuts roll 2-3, in the caption and in the tree.
    go_to_step(page, stepper, 317)
    assert "Star1 bound cuts" not in tree.inner_text()                  # not cut yet
    next_.click()
    expect(caption).to_contain_text("step 318 of 320")
    expect(caption).to_contain_text("roll 2-3 is cut (Star1).")
    expect(tree).to_contain_text("Star1 bound cuts at [20/15 9/5]")
    assert drawn_scale(tree.locator("svg")) > 0.5, "the tree is drawn too small to read"
    shot(stepper, "chance_star1")

    stepper.locator(".widget-slider .noUi-handle").first.focus()
    page.keyboard.press("End")
    expect(caption).to_contain_text("step 320 of 320")
    expect(caption).to_contain_text("root (MAX) returns −12.2: the best move is [20/15/11*].")
    expect(next_).to_be_disabled()
    expect(tree).to_contain_text("−12.2")
    shot(stepper, "chance_end")

    page.set_viewport_size({"width": 760, "height": 1000})
    stepper.scroll_into_view_if_needed()
    assert_fits(tree, "the expectiminimax tree (it scrolls)")
    shot(stepper, "chance_narrow")


# ------------------------------------------------------------------ ParCheckers (notebook 08)
def test_play_parcheckers_in_jupyterlab(lab):
    in_browser("parcheckers", drive_parcheckers, *lab)


def board_says(widget) -> list[str]:
    """The drawn board's panel: turn, whose move, last move (as texts)."""
    return [t for t in svg_texts(widget.locator(".qsearch-play-board"))
            if t.startswith(("turn ", "to move", "last move", "player ")) and "won" not in t
            or t.endswith("won")]


def play_each_agent(game, base: str, token: str) -> None:
    """Agents 0-3 from the opponent menu, two moves each: the status, the value buttons and
    the drawn board agree with a headless twin given the same clicks (the widget's random
    stream runs on from game to game, so the twin repeats every step since the agent
    opened)."""
    import itertools

    from playwright.sync_api import expect

    from qsearch.arena.parcheckers_agents import agent
    from qsearch.viz.play_parcheckers import PlayParCheckers

    status = game.locator(".qsearch-play-status")
    values = game.locator(".widget-toggle-buttons button")
    pieces = game.locator(".qsearch-play-pieces button")
    twin = PlayParCheckers(opponent=agent(3), human=1)              # where the test stands
    ticks = itertools.count(1e12, 10.0)                             # no twin click is stale
    twin._clock = lambda: next(ticks)
    game.locator(".widget-checkbox input").check()                  # nothing played: at once
    twin._first.value = True
    expect(status).to_have_text(twin.status_text)
    for k in range(4):
        wait_until_idle(base, token)
        game.locator("select").first.select_option(label=agent(k).name)
        twin._agent.value = k
        if twin._last_human_move() is not None:                     # moved: at New game
            expect(game).to_contain_text("takes effect at New game")
            wait_until_idle(base, token)
            game.locator("button", has_text="New game").click()
            twin._new.click()
        expect(status).to_have_text(twin.status_text)
        assert type(twin.opponent) is type(agent(k))
        for _ in range(2):
            wait_until_idle(base, token)
            value = twin.state.available_values()[0]
            values.filter(has_text=value).first.click()
            twin._values.value = value
            assert twin.value == value, twin.status_text
            expect(status).to_have_text(twin.status_text)
            label = twin._pieces.children[0].description             # the first piece (or SKIP)
            pieces.filter(has_text=label).first.click()
            twin._pieces.children[0].click()
            expect(status).to_have_text(twin.status_text)
            wait_until_idle(base, token)
            expect(status).to_have_text(twin.status_text)
            said = board_says(game)
            assert f"turn {twin.state.turn_number()}" in said, (k, said)
            assert [b.inner_text().strip() for b in values.all()] == \
                list(twin._values.options), k
        shot(game, f"parcheckers_agent{k}")


def drive_parcheckers(page, base: str, token: str) -> None:
    """Choose a value then a piece (a double click plays once), New game, Undo, the agent
    opening, a long think (inputs disabled, clicks dropped), a narrow window."""
    from playwright.sync_api import expect

    from qsearch.arena.parcheckers_agents import LimitedMinimaxAgent, agent  # noqa: F401
    from qsearch.viz.play_parcheckers import PlayParCheckers

    open_and_run_all(page, base, token, PARCHECKERS_NOTEBOOK, None)
    widgets = page.locator(".qsearch-play")
    expect(widgets).to_have_count(2)
    game, slow = widgets.nth(0), widgets.nth(1)
    status = game.locator(".qsearch-play-status")
    values = game.locator(".widget-toggle-buttons button")
    pieces = game.locator(".qsearch-play-pieces button")
    fresh = PlayParCheckers(opponent=agent(3))                      # the same game, headless

    expect(status).to_have_text(fresh.status_text)
    assert [b.inner_text().strip() for b in values.all()] == fresh.state.available_values()
    assert pieces.count() == 0
    assert "to move: player 0" in board_says(game) and "turn 1" in board_says(game)
    shot(game, "parcheckers_start")

    values.filter(has_text="5").first.click()
    expect(status).to_contain_text("value 5: choose a piece")
    expect(pieces).to_have_count(4)
    assert [b.inner_text().strip() for b in pieces.all()] == ["Y 0", "Y 1", "G 0", "G 1"]
    pieces.filter(has_text="G 0").dblclick()                        # one move, not two
    either = status_either(fresh, lambda f: (f.choose_value("5"), f.choose_piece("G", 0)))
    expect(status).to_have_text(either)
    wait_until_idle(base, token)
    expect(status).to_have_text(either)
    said = board_says(game)
    assert f"turn {fresh.state.turn_number()}" in said, said
    assert [t for t in said if t.startswith("last move: ")] == [
        f"last move: {fresh.agent_moves[-1]}"], said                 # one line
    assert [b.inner_text().strip() for b in values.all()] == fresh.state.available_values()
    shot(game, "parcheckers_moved")

    game.locator("button", has_text="Undo").click()                  # back to the start
    expect(status).to_have_text(PlayParCheckers(opponent=agent(3)).status_text)
    wait_until_idle(base, token)
    assert "turn 1" in board_says(game)

    # The agent opens: uncheck "I play yellow+green", New game; Undo then has nothing to undo.
    game.locator(".widget-checkbox input").uncheck()
    game.locator("button", has_text="New game").click()
    # the checkbox already started the new game (nothing was played): New game, clicked
    # just after the agent's opening move, may be dropped, and says so
    opened = PlayParCheckers(opponent=agent(3), human=1)
    expect(status).to_have_text(status_either(opened, lambda o: None))
    wait_until_idle(base, token)
    expect(game.locator("button", has_text="Undo")).to_be_disabled()   # nothing to undo
    game.locator("button", has_text="Undo").click(force=True)
    wait_until_idle(base, token)
    expect(status).to_have_text(status_either(opened, lambda o: None))
    assert "to move: player 1" in board_says(game)
    assert [b.inner_text().strip() for b in values.all()] == opened.state.available_values()
    shot(game, "parcheckers_agent_opens")

    play_each_agent(game, base, token)

    # A long think: a sign, every input disabled; clicks then (forced) play nothing.
    slow.scroll_into_view_if_needed()
    slow_status = slow.locator(".qsearch-play-status")
    slow.locator(".widget-toggle-buttons button", has_text="5").first.click()
    expect(slow.locator(".qsearch-play-pieces button")).to_have_count(4)
    slow.locator(".qsearch-play-pieces button", has_text="G 0").click()
    slow.locator(".qsearch-thinking").wait_for()
    seen = slow.evaluate("""el => ({                       // one snapshot while it thinks
        status: el.querySelector('.qsearch-play-status').textContent,
        enabled: Array.from(el.querySelectorAll('button, input, select'))
                      .filter(b => !b.disabled).map(b => b.textContent.trim() || b.type)})""")
    shot(slow, "parcheckers_thinking")
    assert seen["status"].count("thinking") == 1, seen           # said once
    assert "is thinking…" in seen["status"], seen
    assert "your move" not in seen["status"].lower(), seen
    assert seen["enabled"] == [], f"inputs enabled while the agent thinks: {seen}"
    slow.locator("button", has_text="New game").click(force=True)
    slow.locator(".widget-toggle-buttons button").first.click(force=True)
    expect(slow_status).not_to_contain_text("thinking", timeout=120_000)
    wait_until_idle(base, token)
    patient = PlayParCheckers(opponent=eval(SLOW_AGENT))  # noqa: S307 (our own constant)
    patient.choose_value("5")
    patient.choose_piece("G", 0)
    expect(slow_status).to_have_text(patient.status_text)
    assert f"turn {patient.state.turn_number()}" in board_says(slow)

    page.set_viewport_size({"width": 760, "height": 1000})           # a narrow window
    game.scroll_into_view_if_needed()
    assert_fits(game.locator(".qsearch-play-board svg"), "the ParCheckers board")
    assert_fits(game.locator(".widget-toggle-buttons"), "the value buttons")
    shot(game, "parcheckers_narrow")
