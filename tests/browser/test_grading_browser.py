"""A student's own search stepped beside alpha-beta's (issue 44), in a real Chromium: the two
steppers side by side, each with its own controls; the student's steps are its own calls,
in its order, with the window it passed, up to the child alpha-beta cuts.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (see browser_kit.py).
"""
from __future__ import annotations

from browser_kit import (
    ARTIFACTS,
    browser_only,
    go_to_step,
    in_browser,
    open_and_run_all,
    wait_until_idle,
    write_cells_notebook,
)

from qsearch.grading.examples import source

pytestmark = browser_only

NOTEBOOK = "own_search.ipynb"
# lesson 12's search with the late cut test, as the lesson shows it
CELLS = ["import math\nfrom qsearch.grading import check_search\n\nINF = math.inf\n\n"
         + source("late_cut_test") + "\n\ncheck_search(late_cut_test).stepper()"]


def drive(page, base: str, token: str) -> None:
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, NOTEBOOK, None)
    pair = page.locator(".qsearch-grading-steppers")
    expect(pair.locator(".qsearch-stepper")).to_have_count(2)
    student, reference = pair.locator(".qsearch-stepper").nth(0), pair.locator(
        ".qsearch-stepper").nth(1)
    caption = student.locator(".qsearch-stepper-caption")
    expect(caption).to_contain_text("step 1 of 18")
    expect(caption).to_contain_text("Start at the root N1 (MAX) with α = −∞, β = ∞.")
    expect(reference.locator(".qsearch-stepper-caption")).to_contain_text("step 1 of 16")
    expect(student.locator(".qsearch-stepper-tree svg text", has_text="Your search")) \
        .to_have_count(1)
    box = [x.bounding_box() for x in (student, reference)]
    assert box[0]["x"] + box[0]["width"] <= box[1]["x"] + 1     # side by side, left to right
    student.locator("button", has_text="next").click()
    expect(caption).to_contain_text("step 2 of 18")
    expect(caption).to_contain_text("Visit N2 (MIN) with α = −∞, β = ∞.")
    go_to_step(page, student, 14)
    wait_until_idle(base, token)
    expect(caption).to_contain_text("Visit N7.")     # the child alpha-beta cuts, visited
    expect(reference.locator(".qsearch-stepper-caption")).to_contain_text("step 1 of 16")
    page.screenshot(path=str(ARTIFACTS / "own_search_step14.png"), full_page=True)


def test_a_students_search_is_stepped_beside_alphabeta(lab, lab_dir):
    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)
    base, token = lab
    in_browser("own_search", drive, base, token)
