"""The self-checking exercises and the tree editor in JupyterLab, as a student meets them.

Skipped unless ``QSEARCH_BROWSER_TESTS=1``. One JupyterLab, one small notebook:

* MinimaxExercise on Russell and Norvig's tree: Check with nothing entered says so (and no
  value); a wrong value is graded wrong without the right one; "abc" is "not a number"; the
  right answers pass; "Show me" is live only after a Check;
* MoveOrderingExercise: an order that is not valid typed in a box is graded nothing (never
  the last valid order), then a valid one in lower case is graded;
* TreeEditor: "Add child" on a leaf says its value is dropped, an empty value box adds
  nothing and says so, "Load text" (never cut to "Load t…") loads a tree and clears the
  message;
* an alpha-beta exercise's selected ✂ button looks selected in the dark theme.

Each state is screenshot at 1280 px and at 800 px wide (``tests/browser/artifacts/``).
"""
from __future__ import annotations

import re

import pytest
from browser_kit import (
    ARTIFACTS,
    browser_only,
    in_browser,
    open_and_run_all,
    overflow,
    wait_until_idle,
    write_cells_notebook,
)

pytestmark = browser_only

NOTEBOOK = "exercises.ipynb"
RN = "'A:[B:[B1:3, B2:12, B3:8], C:[C1:2, C2:4, C3:6], D:[D1:14, D2:5, D3:2]]'"
CELLS = [
    "from qsearch.viz.exercise import AlphaBetaExercise, MinimaxExercise, MoveOrderingExercise\n"
    "from qsearch.viz.exercise_editor import TreeEditor\n"
    f"MinimaxExercise({RN}, title='minimax')",
    f"MoveOrderingExercise({RN}, title='ordering')",
    "TreeEditor(title='editor')",
    f"AlphaBetaExercise({RN}, title='alpha-beta')",
]
WIDTHS = (1280, 800)
EDITED = "A:[B:[B1:3, B2:12, B3:8], C:[C1:2, C2:[N1:7], C3:6], D:[D1:14, D2:5, D3:2]]"


@pytest.fixture(autouse=True)
def exercise_notebook(lab_dir):
    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)


def test_exercises_and_editor_in_jupyterlab(lab):
    base, token = lab
    in_browser("exercises", drive, base, token)


def shots(page, widget, name: str) -> None:
    """``widget`` at 1280 and 800 px wide (it must fit its cell at both), back at 1280."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        widget.scroll_into_view_if_needed()
        assert overflow(widget) <= 1, f"{name} sticks out at {width} px"
        widget.screenshot(path=str(ARTIFACTS / f"exercises_{name}_{width}.png"))
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})


def settle(base, token, page) -> None:
    wait_until_idle(base, token, calm=0.5)


def drive(page, base: str, token: str) -> None:
    from playwright.sync_api import expect

    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    open_and_run_all(page, base, token, NOTEBOOK, None)
    exercises = page.locator(".qsearch-exercise")
    expect(exercises).to_have_count(3)
    drive_minimax(page, base, token, exercises.nth(0))
    drive_ordering(page, base, token, exercises.nth(1))
    drive_editor(page, base, token, page.locator(".qsearch-editor").first)
    drive_dark_cut_button(page, base, token, exercises.nth(2))


def type_value(exercise, node: str, text: str) -> None:
    box = exercise.locator(f".qsearch-exercise-node-{node} .qsearch-exercise-value input")
    box.fill(text)
    box.press("Tab")


def drive_minimax(page, base, token, exercise) -> None:
    from playwright.sync_api import expect

    grade = exercise.locator(".qsearch-exercise-grade")
    check = exercise.locator("button", has_text="Check")
    show = exercise.locator("button", has_text="Show me")
    exercise.scroll_into_view_if_needed()
    expect(show).to_be_disabled()
    check.click()
    expect(grade).to_contain_text("Nothing is entered yet")
    assert not any(d in grade.inner_text() for d in "235")     # the answers: 3, 3, 2, 2
    expect(show).to_be_enabled()
    shots(page, exercise, "minimax_empty")

    for node, text in [("A", "3"), ("B", "3"), ("C", "2"), ("D", "5")]:    # D is 2
        type_value(exercise, node, text)
    settle(base, token, page)
    expect(grade).to_have_text("")
    expect(show).to_be_disabled()
    check.click()
    expect(grade).to_contain_text("3 of 4 right")
    expect(grade).to_contain_text("D (MIN) does not return 5")
    assert "2" not in grade.inner_text().replace("D2", "")
    shots(page, exercise, "minimax_wrong")

    type_value(exercise, "B", "abc")
    settle(base, token, page)
    check.click()
    expect(grade).to_contain_text("'abc' is not a number")
    expect(grade).to_contain_text("2 of 4 right")                # the same N every time

    type_value(exercise, "B", "3")
    type_value(exercise, "D", "2")
    settle(base, token, page)
    check.click()
    expect(grade).to_contain_text("All 4 answers are right.")
    shots(page, exercise, "minimax_right")


def drive_ordering(page, base, token, exercise) -> None:
    from playwright.sync_api import expect

    grade = exercise.locator(".qsearch-exercise-grade")
    box = exercise.locator(".qsearch-exercise-order-A input")
    exercise.scroll_into_view_if_needed()
    expect(exercise.locator("button", has_text="Show me")).to_be_disabled()
    box.fill("D, C")
    box.press("Tab")
    expect(grade).to_contain_text("the children of A are B, C and D")
    assert "[" not in grade.inner_text()
    exercise.locator("button", has_text="Check").click()
    expect(grade).to_contain_text("Not graded")
    shots(page, exercise, "ordering_invalid")

    box.fill("d, c, b")
    box.press("Tab")
    settle(base, token, page)
    exercise.locator("button", has_text="Check").click()
    expect(grade).to_contain_text("Look at A (MAX)")
    assert "worth" not in grade.inner_text()
    expect(exercise.locator("button", has_text="Show me")).to_be_enabled()
    shots(page, exercise, "ordering_valid")


def drive_editor(page, base, token, editor) -> None:
    from playwright.sync_api import expect

    status = editor.locator(".qsearch-editor-status")
    text = editor.locator("textarea")
    editor.scroll_into_view_if_needed()
    editor.locator("select").first.select_option("C2")
    value = editor.locator("input[placeholder='leaf value']")
    value.fill("7")
    value.press("Tab")
    settle(base, token, page)
    editor.locator("button", has_text="Add child").click()
    expect(status).to_contain_text("C2 was a leaf")
    expect(status).to_contain_text("value 4 is dropped")
    expect(text).to_have_value(EDITED)
    shots(page, editor, "editor_leaf_child")

    value.fill("")
    value.press("Tab")
    settle(base, token, page)
    editor.locator("button", has_text="Add child").click()
    expect(status).to_contain_text("value box first")
    expect(text).to_have_value(EDITED)                            # nothing added
    shots(page, editor, "editor_empty_value")

    text.fill("[[1, 2], [3, 4]]")
    text.press("Tab")
    settle(base, token, page)
    load = editor.locator("button", has_text="Load text")
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        assert load.evaluate("b => b.scrollWidth <= b.clientWidth"), f"Load text cut at {width}"
    page.set_viewport_size({"width": WIDTHS[0], "height": 900})
    load.click()
    expect(status).to_have_text("")                              # the old message is gone
    expect(editor.locator("select").first.locator("option")).to_have_count(7)
    shots(page, editor, "editor_loaded")


def drive_dark_cut_button(page, base, token, exercise) -> None:
    from playwright.sync_api import expect

    page.locator(".lm-MenuBar-itemLabel", has_text="Settings").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Theme").first.hover()
    page.locator(".lm-Menu-itemLabel", has_text="JupyterLab Dark").first.click()
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false")
    exercise.scroll_into_view_if_needed()
    on = exercise.locator(".qsearch-exercise-cut", has_text="C2")
    off = exercise.locator(".qsearch-exercise-cut", has_text="C3")
    on.click()
    settle(base, token, page)
    expect(on).to_have_class(re.compile("mod-warning"))
    colour = "b => getComputedStyle(b).backgroundColor"
    assert on.evaluate(colour) != off.evaluate(colour)
    shots(page, exercise, "alphabeta_dark_cut")
