"""PlayQuarto against the perfect player in JupyterLab, as a student meets it (notebook 09).

Skipped unless ``QSEARCH_BROWSER_TESTS=1``. One JupyterLab, two widgets (each perfect player
has its own solver table), at 1280 px with the file browser open, then at 800 px:

* "Who wins?" before any move gives the proof's verdict (you, moving first, lose);
* a square, then a double click on a piece: one placement, the perfect player's reply named
  in words, nothing left selected, the verdict gone;
* "Who wins?" then Undo: the verdict goes with the move;
* the perfect player opening (New game with "I move first" unticked): "Who wins?" there
  answers at once from the proof (you win); in the second widget a placement off the proof
  makes it search for seconds: the "thinking…" sign, every input disabled, clicks forced on
  the disabled buttons dropped; then the reply;
* New game empties the board; at 800 px nothing sticks out and no button label is cut.

Screenshots go to ``tests/browser/artifacts/quarto_*.png``.
"""
from __future__ import annotations

import pytest
from browser_kit import (
    ARTIFACTS,
    assert_fits,
    browser_only,
    in_browser,
    open_and_run_all,
    shot,
    status_either,
    wait_until_idle,
    write_cells_notebook,
)

pytestmark = browser_only

NOTEBOOK = "play_quarto.ipynb"
CELLS = ['from qsearch.viz import PlayQuarto\ngame = PlayQuarto(opponent="perfect")\ngame',
         'opening = PlayQuarto(opponent="perfect", human_first=False)   # its own table: cold\n'
         'opening']
OFF_THE_PROOF = ("(2,2)", "1358")  # the answer to the opening that the player must solve
LONG_THINK_MS = 120_000          # a solve off the proof: seconds here, more on a slow runner


@pytest.fixture(autouse=True)
def quarto_notebook(lab_dir):
    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)


def test_play_quarto_against_the_perfect_player(lab):
    in_browser("quarto", drive_quarto, *lab)
    print(f"\nscreenshots: {sorted(str(p) for p in ARTIFACTS.glob('quarto_*.png'))}")


def pieces_on_board(game) -> int:
    return game.locator(".qsearch-play-board svg g.piece").count()


def button(game, label: str):
    """The square ``(r,c)`` or piece ``abcd`` button with exactly this label."""
    return game.locator("button.widget-button").filter(has_text=label).first


def enabled_buttons(game, grid: int) -> list[str]:
    """Labels of the enabled buttons of the squares (grid 0) or the pieces (grid 1)."""
    return game.locator(".widget-gridbox").nth(grid).evaluate(
        "el => Array.from(el.querySelectorAll('button')).filter(b => !b.disabled)"
        ".map(b => b.textContent.trim())")


def while_thinking(game) -> dict:
    """One snapshot of the widget while the thinking sign shows, once the browser has applied
    the updates sent with it (ipywidgets applies each widget's update asynchronously, so the
    sign can be drawn a moment before the buttons are greyed): the snapshot is taken when
    every input is disabled or the sign is gone, whichever comes first."""
    game.locator(".qsearch-thinking").wait_for()
    game.page.wait_for_function("""el => !el.querySelector('.qsearch-thinking')
        || Array.from(el.querySelectorAll('button, input')).every(b => b.disabled)""",
                                arg=game.element_handle())
    return game.evaluate("""el => ({
        status: el.querySelector('.qsearch-play-status').textContent,
        enabled: Array.from(el.querySelectorAll('button, input'))
                      .filter(b => !b.disabled).map(b => b.textContent.trim() || b.type)})""")


def force_clicks(game, square: str, piece: str) -> None:
    """An impatient student clicking disabled buttons (forced: the browser would not send)."""
    button(game, square).click(force=True)
    button(game, piece).click(force=True)
    button(game, "New game").click(force=True)


def labels_cut(game) -> list[str]:
    """Buttons whose label does not fit (the browser cuts it with an ellipsis)."""
    return game.evaluate("el => Array.from(el.querySelectorAll('button'))"
                         ".filter(b => b.scrollWidth > b.clientWidth + 1)"
                         ".map(b => b.textContent.trim())")


def drive_quarto(page, base: str, token: str) -> None:
    from playwright.sync_api import expect

    from qsearch.viz.play_quarto import PlayQuarto

    page.set_viewport_size({"width": 1280, "height": 900})
    open_and_run_all(page, base, token, NOTEBOOK, None)
    expect(page.locator(".qsearch-play")).to_have_count(2)
    game = page.locator(".qsearch-play").first
    status = game.locator(".qsearch-play-status")
    fresh = PlayQuarto(opponent="perfect")                  # the same game, headless
    expect(status).to_have_text(fresh.status_text)
    assert pieces_on_board(game) == 0

    # "Who wins?" before any move: the proof's verdict for the side to move (you).
    button(game, "Who wins?").click()
    assert fresh.who_wins() == "lost"
    expect(status).to_have_text(fresh.status_text)
    expect(status).to_contain_text(
        "(you to move), the perfect player wins, completing a line with the 14th piece")
    wait_until_idle(base, token)            # a click just after an answer would be dropped
    shot(game, "quarto_verdict_start")

    # A square, then a double click on a piece: one placement and one reply, in words.
    button(game, "(2,3)").click()
    expect(status).to_contain_text("the square at row 2, column 3; now click a piece")
    button(game, "1357").dblclick()
    # (2,3): squares go column by column; the second click, if sent, is dropped and says so
    either = status_either(fresh, lambda f: (f.select_square(9), f.select_piece(0)))
    expect(status).to_have_text(either)
    wait_until_idle(base, token)
    expect(status).to_have_text(either)
    assert pieces_on_board(game) == 2, f"a double click placed {pieces_on_board(game) - 1}"
    assert "Who wins?" not in status.inner_text() and "illegal" not in status.inner_text()
    expect(game.locator("button.mod-info")).to_have_count(0)  # nothing left selected
    assert "1357" not in enabled_buttons(game, 1) and "(2,3)" not in enabled_buttons(game, 0)
    shot(game, "quarto_placed")

    # The verdict goes with Undo.
    button(game, "Who wins?").click()
    expect(status).to_contain_text("Who wins? With best play on both sides")
    wait_until_idle(base, token)
    button(game, "Undo").click()
    expect(status).to_have_text(PlayQuarto(opponent="perfect").status_text)
    wait_until_idle(base, token)
    assert pieces_on_board(game) == 0

    # The perfect player opens; "Who wins?" then.
    game.locator(".widget-checkbox input").uncheck()
    button(game, "New game").click()
    expect(status).to_contain_text("The perfect player placed")
    wait_until_idle(base, token)
    assert pieces_on_board(game) == 1
    # The verdict now comes from the proof at once (the perfect player opens with the move the
    # proof shows loses latest): too fast to see the sign, or to click during it. Clicks forced
    # right after it would land before or after the click guard's window depending on the
    # machine's speed (a New game after it is a new game), so the sign and the clicks dropped
    # during a think are checked on the second widget, whose search takes seconds.
    button(game, "Who wins?").click()
    expect(status).to_contain_text("(you to move), you win, completing a line with the ",
                                   timeout=LONG_THINK_MS)
    wait_until_idle(base, token)
    assert pieces_on_board(game) == 1
    expect(status).to_contain_text("(you to move), you win, completing a line with the ")

    # Your placement off the proof (the second widget, its solver's table still cold): the
    # perfect player searches for seconds before it answers.
    second = page.locator(".qsearch-play").nth(1)
    second.scroll_into_view_if_needed()
    second_status = second.locator(".qsearch-play-status")
    expect(second_status).to_contain_text("The perfect player placed")
    square, piece = OFF_THE_PROOF
    button(second, square).click()
    button(second, piece).click()
    seen = while_thinking(second)
    shot(second, "quarto_thinking_move")
    assert seen["status"].startswith("thinking…The perfect player is choosing its move"), seen
    assert "Your move" not in seen["status"] and seen["enabled"] == [], seen
    force_clicks(second, "(3,3)", "2468")                  # both free until it answers
    expect(second_status).to_contain_text("Your move", timeout=LONG_THINK_MS)
    wait_until_idle(base, token)
    assert pieces_on_board(second) == 3, "a click made during the think was played"
    expect(second_status).to_contain_text("The perfect player placed the ")
    shot(second, "quarto_second_1280")
    game.scroll_into_view_if_needed()
    shot(game, "quarto_1280")

    # New game (you first again) empties the board.
    game.locator(".widget-checkbox input").check()
    button(game, "New game").click()
    expect(status).to_have_text(PlayQuarto(opponent="perfect").status_text)
    wait_until_idle(base, token)
    assert pieces_on_board(game) == 0

    # At 800 px with the file browser open: nothing sticks out, no label is cut.
    page.set_viewport_size({"width": 800, "height": 1300})   # tall: the whole widget shows
    game.scroll_into_view_if_needed()
    assert_fits(game.locator(".qsearch-play-board svg"), "the Quarto board")
    for k, what in enumerate(("the square buttons", "the piece buttons")):
        assert_fits(game.locator(".widget-gridbox").nth(k), what)
    assert_fits(button(game, "Who wins?"), "the Who wins? button")
    assert_fits(game.locator(".widget-checkbox"), "the I move first box")
    assert labels_cut(game) == [], f"labels cut at 800 px: {labels_cut(game)}"
    shot(game, "quarto_800")
