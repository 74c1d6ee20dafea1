"""A student's game in a stepper, in a real Chromium: the tree is thousands of pixels wide,
and the node of every step stays in view, in a normal and in a narrow window; the view menu
shows the whole tree (scrolled) or the tree fitted to the cell.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (see browser_kit.py).
"""
from __future__ import annotations

import re

import pytest
from browser_kit import (
    ARTIFACTS,
    STEP_TIMEOUT_MS,
    browser_only,
    drawn_scale,
    go_to_step,
    launch,
    open_and_run_all,
    overflow,
    run,
    slider_step,
    wait_until_idle,
    write_cells_notebook,
)

pytestmark = browser_only

NOTEBOOK = "wide.ipynb"
CELLS = ["from qsearch.games import Connect4\nfrom qsearch.viz import AlphaBetaStepper\n"
         "stepper = AlphaBetaStepper(Connect4(), depth=3)\nstepper"]
CURRENT = "#ffe08a"             # qsearch.viz.tree.CURRENT_FILL: the node of the step


def current_node_shown(stepper) -> dict:
    """Where the highlighted node is drawn, and the part of the picture a student sees."""
    return stepper.locator(".qsearch-stepper-tree").evaluate(f"""el => {{
        const node = el.querySelector('svg [fill="{CURRENT}"]');
        const r = node.getBoundingClientRect(), box = el.getBoundingClientRect();
        return {{left: r.left, right: r.right, top: r.top, bottom: r.bottom,
                 boxLeft: box.left, boxRight: box.right, window: window.innerWidth,
                 svgWidth: el.querySelector('svg').getBoundingClientRect().width,
                 scrollWidth: el.scrollWidth, clientWidth: el.clientWidth}};
    }}""")


def assert_in_view(stepper, what: str) -> dict:
    where = current_node_shown(stepper)
    left, right = max(where["boxLeft"], 0), min(where["boxRight"], where["window"])
    assert left - 1 <= where["left"] and where["right"] <= right + 1, (what, where)
    return where


def drive(page, base: str, token: str, width: int) -> None:
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, NOTEBOOK, None)
    stepper = page.locator(".qsearch-stepper").first
    expect(stepper.locator(".qsearch-stepper-caption")).to_contain_text("step 1 of")
    stepper.scroll_into_view_if_needed()
    first = assert_in_view(stepper, "step 1: the root")
    assert first["scrollWidth"] <= first["clientWidth"] + 1     # nothing to scroll sideways
    assert overflow(stepper.locator(".qsearch-stepper-tree")) <= 0
    svg = stepper.locator(".qsearch-stepper-tree svg")
    assert drawn_scale(svg) == pytest.approx(4 / 3, rel=0.02)   # 1 pt = 4/3 px: never shrunk
    page.screenshot(path=str(ARTIFACTS / f"wide_tree_{width}_step1.png"))
    following = stepper.locator(".qsearch-stepper-tree svg").evaluate(
        "el => el.viewBox.baseVal.x")
    nxt = stepper.locator("button", has_text="next")
    for k in (2, 3):
        nxt.click()
        expect(stepper.locator(".qsearch-stepper-caption")).to_contain_text(f"step {k} of")
        assert_in_view(stepper, f"step {k}")
    nxt.dblclick()                                         # a double click: two steps
    wait_until_idle(base, token)
    expect(stepper.locator(".qsearch-stepper-caption")).to_contain_text("step 5 of")
    assert_in_view(stepper, "after a double click")
    windows = {following}
    for k in (40, 90, 150, 179):
        go_to_step(page, stepper, k)
        expect(stepper.locator(".qsearch-stepper-caption")).to_contain_text(f"step {k} of")
        assert_in_view(stepper, f"step {k}")
        windows.add(stepper.locator(".qsearch-stepper-tree svg").evaluate(
            "el => el.viewBox.baseVal.x"))
    assert len(windows) >= 4                               # the window followed the search
    page.screenshot(path=str(ARTIFACTS / f"wide_tree_{width}_step179.png"))

    menu = stepper.locator(".qsearch-stepper-view")
    menu.locator("button", has_text="whole tree").click()
    wait_until_idle(base, token)
    whole = current_node_shown(stepper)
    assert whole["scrollWidth"] > 3 * whole["clientWidth"]   # at its size: the cell scrolls
    menu.locator("button", has_text="fit to width").click()
    wait_until_idle(base, token)
    fit = current_node_shown(stepper)
    assert fit["scrollWidth"] <= fit["clientWidth"] + 1 and fit["svgWidth"] <= fit["clientWidth"]
    page.screenshot(path=str(ARTIFACTS / f"wide_tree_{width}_fit.png"))
    menu.locator("button", has_text="follow the step").click()
    wait_until_idle(base, token)
    assert_in_view(stepper, "back to following")
    assert slider_step(stepper) == 179

    # big trees: lower subtrees drawn as their node counts, opened from the expand menu
    tree = stepper.locator(".qsearch-stepper-tree")
    counts = tree.locator("svg text", has_text="▸")
    folded = counts.count()
    assert folded >= 1 and "nodes" in counts.first.text_content()
    nodes = tree.locator("svg g.node").count()
    expand = stepper.locator(".qsearch-stepper-expand select")
    collapse = stepper.locator("button", has_text="collapse all")
    expect(collapse).to_be_disabled()
    expand.select_option(index=1)
    wait_until_idle(base, token)
    expect(collapse).to_be_enabled()
    expect(expand).to_have_value(re.compile(r"^expand… \(\d+ collapsed\)$"))   # back at it
    assert tree.locator("svg g.node").count() > nodes                 # the subtree is drawn
    assert counts.count() < folded
    assert_in_view(stepper, "after expanding")
    page.screenshot(path=str(ARTIFACTS / f"wide_tree_{width}_expanded.png"))
    collapse.click()
    wait_until_idle(base, token)
    expect(counts).to_have_count(folded)


@pytest.mark.parametrize("width", [1400, 600])
def test_the_node_of_every_step_stays_in_view(lab, lab_dir, width):
    from playwright.sync_api import expect, sync_playwright

    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)
    base, token = lab
    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser, page = launch(p, width=width)
        try:
            run(f"wide_tree_{width}", page, drive, base, token, width)
        finally:
            browser.close()
