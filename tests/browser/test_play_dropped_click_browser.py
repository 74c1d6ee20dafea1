"""A click the play widget drops (it came while the engine moved, or just after) says so in
the status line, in a real Chromium; the board and the buttons still agree.

The widget's ``click_guard`` is set to 30 s here so that a student's ordinary second click,
made after the engine's answer is on the screen, is inside it: what a click arriving during a
long think (or the second click of a double click) does, made deterministic.
Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (see browser_kit.py).
"""
from __future__ import annotations

from browser_kit import (
    ARTIFACTS,
    browser_only,
    in_browser,
    open_and_run_all,
    wait_until_idle,
    write_cells_notebook,
)

pytestmark = browser_only

NOTEBOOK = "dropped.ipynb"
CELLS = ["from qsearch.viz.play import PlayConnect4\n"
         "game = PlayConnect4(depth=2)\ngame.click_guard = 30.0\ngame"]
SAID = "Not played: that click came while the engine was moving"


def stones(widget) -> int:
    return widget.locator("svg .stone").count()


def drive(page, base: str, token: str) -> None:
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, NOTEBOOK, None)
    game = page.locator(".qsearch-play").first
    status = game.locator(".qsearch-play-status")
    expect(status).to_contain_text("Your move")
    column = game.locator("button.widget-button", has_text="4").first
    column.dblclick()                                   # one stone each, whatever the timing
    expect(status).to_contain_text("played column")
    wait_until_idle(base, token)
    assert stones(game) == 2
    game.locator("button.widget-button", has_text="3").first.click()    # inside the guard
    expect(status).to_contain_text(SAID)
    expect(status).to_contain_text("click again if you meant it")
    wait_until_idle(base, token)
    assert stones(game) == 2                                            # nothing played
    game.locator("button", has_text="New game").click()                 # dropped too
    expect(status).to_contain_text(SAID)
    wait_until_idle(base, token)
    assert stones(game) == 2
    game.screenshot(path=str(ARTIFACTS / "play_dropped_click.png"))


def test_a_dropped_click_says_why(lab, lab_dir):
    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)
    base, token = lab
    in_browser("play_dropped", drive, base, token)
