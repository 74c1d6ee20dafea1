"""The JupyterLite site (``scripts/build_lite.sh``) in a real browser, offline.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (``.ci/browser_test.sh`` sets it). Builds ``_site/``
when it is missing (``QSEARCH_LITE_REBUILD=1`` forces it), serves it on 127.0.0.1 and opens
it in Debian's Chromium with every other host unresolvable, as a student would meet it on a
machine with no network:

* the Pyodide kernel boots from the site's own files, and notebook 01's install cell installs
  qsearch's pure wheel (and ipywidgets, graphviz) from the site;
* the example-4 alpha-beta stepper (the cells above it run first): step 1 of 17 with nothing
  cut, the last step with the cut of C7 drawn (the pure-Python layout: no ``dot`` in the
  browser), two steps back the caption of the cut;
* exercise A (minimax values on a random tree): a wrong value is graded wrong and named, the
  right values (computed here by a minimax of this test's own) pass;
* no request left 127.0.0.1, and none failed.

Screenshots go to ``tests/browser/artifacts/`` (the paths are printed).
"""
from __future__ import annotations

import functools
import http.server
import os
import re
import shutil
import subprocess
import threading
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("QSEARCH_BROWSER_TESTS") != "1",
    reason="browser test: run .ci/browser_test.sh (or set QSEARCH_BROWSER_TESTS=1)",
)

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "_site"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("QSEARCH_CHROMIUM", "/usr/bin/chromium")
# No network but this machine: every other host name fails to resolve, in the page, its
# workers and the service worker alike.
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync",
                  "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]
NOTEBOOK = "01_minimax_and_alphabeta.ipynb"
STEPPER_CELL = "stepper4 = AlphaBetaStepper(example3"     # example 4, in the lesson
EXERCISE_TREES_CELL = "from qsearch.games.toytrees import random_tree"
BOOT_TIMEOUT_MS = 180_000       # the kernel: Pyodide, then IPython from the site's wheels
STEP_TIMEOUT_MS = 120_000


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """A static host, as GitHub Pages is: the types the site needs, and a log of misses."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".mjs": "text/javascript",
                      ".whl": "application/octet-stream", ".json": "application/json"}
    misses: list[str] = []

    def log_message(self, format, *args):      # noqa: A002  (the base class's name)
        pass

    def send_error(self, code, message=None, explain=None):
        SiteHandler.misses.append(f"{code} {self.path}")
        super().send_error(code, message, explain)


@pytest.fixture(scope="module")
def site():
    """The built site served on 127.0.0.1: its base URL."""
    if os.environ.get("QSEARCH_LITE_REBUILD") == "1" or not (SITE / "jupyter-lite.json").exists():
        if shutil.which("node") is None or shutil.which("npm") is None:
            pytest.skip("building the site needs Node.js and npm (the pyodide package)")
        subprocess.run(["bash", str(REPO / "scripts" / "build_lite.sh")], cwd=REPO, check=True)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(SITE)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def minimax_values(tree) -> dict:
    """{inner node name: minimax value} by a plain recursion (MAX moves at even depths)."""
    values = {}

    def value(node, maximising: bool) -> float:
        if node.is_terminal():
            return node.leaf_value()
        children = [value(node.child(a), not maximising) for a in node.legal_actions()]
        best = max(children) if maximising else min(children)
        values[node.node_name()] = best
        return best

    value(tree, True)
    return values


def test_lesson_01_runs_offline_in_jupyterlite(site):
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(STEP_TIMEOUT_MS)
        failed = []
        page.on("requestfailed", lambda request: failed.append(request.url))
        try:
            drive_lesson(page, site)
        except Exception:
            shot = ARTIFACTS / "lite_failure.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"\nscreenshot of the failure: {shot}")
            raise
        finally:
            browser.close()
    assert failed == [], f"requests that failed (offline?): {failed}"
    print(f"\nnot on the site (the app probes a server it does not need): {SiteHandler.misses}")
    assert SiteHandler.misses == [] or all(" /api/" in m or "favicon" in m
                                            for m in SiteHandler.misses), SiteHandler.misses
    print(f"\nscreenshots: {ARTIFACTS / 'lite_stepper.png'} {ARTIFACTS / 'lite_exercise.png'}")


def active_cell(page):
    return page.locator(".jp-Notebook .jp-Cell.jp-mod-active")


def run_through(page, text: str, limit: int = 120) -> None:
    """Shift+Enter from the active cell on, until the cell containing ``text`` has run."""
    for _ in range(limit):
        found = text in active_cell(page).inner_text()
        page.keyboard.press("Shift+Enter")
        if found:
            return
    raise AssertionError(f"no cell with {text!r} within {limit} cells")


def move_to(page, text: str, limit: int = 120) -> None:
    """Select (without running) the next cell containing ``text``."""
    page.keyboard.press("Escape")
    for _ in range(limit):
        if text in active_cell(page).inner_text():
            return
        page.keyboard.press("ArrowDown")
    raise AssertionError(f"no cell with {text!r} within {limit} cells")


def drive_lesson(page, base: str) -> None:
    from playwright.sync_api import expect

    from qsearch.games.toytrees import tree_from_text

    page.goto(f"{base}/lab/index.html?path={NOTEBOOK}")
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                           timeout=BOOT_TIMEOUT_MS)
    page.locator(".jp-Notebook .jp-Cell").first.click()        # the install cell
    run_through(page, STEPPER_CELL)

    stepper = page.locator(".qsearch-stepper").first
    stepper.wait_for(state="attached", timeout=BOOT_TIMEOUT_MS)
    stepper.scroll_into_view_if_needed()
    caption = stepper.locator(".qsearch-stepper-caption")
    tree = stepper.locator(".qsearch-stepper-tree")
    expect(caption).to_contain_text("step 1 of 17")
    assert "β ≤ α at C3" not in tree.inner_text()             # nothing is cut at step 1
    expect(stepper.locator("button", has_text="previous")).to_be_disabled()
    stepper.locator(".widget-slider .noUi-handle").first.focus()
    page.keyboard.press("End")                                  # the last step
    expect(stepper.locator(".widget-readout").first).to_have_text("17")
    expect(caption).to_contain_text("C1 (MAX) returns 2: the best move is C2.")
    expect(tree).to_contain_text("β ≤ α at C3")
    assert "C7" in tree.inner_text()
    expect(stepper.locator("button", has_text="next")).to_be_disabled()
    for _ in range(2):                                          # back to the cut
        stepper.locator("button", has_text="previous").click()
    expect(caption).to_contain_text("At C3 (MIN) β = 1 ≤ α = 2: C7 is cut.")
    stepper.screenshot(path=str(ARTIFACTS / "lite_stepper.png"))

    # exercise A: the random trees' cell prints them; the exercise is the cell after next
    move_to(page, EXERCISE_TREES_CELL)
    trees_cell = page.locator(".jp-Notebook .jp-CodeCell", has_text=EXERCISE_TREES_CELL)
    run_through(page, "MinimaxExercise(tree_a")
    expect(trees_cell.locator(".jp-OutputArea")).to_contain_text("tree A:")
    printed = re.search(r"tree A: (\S.*)", trees_cell.locator(".jp-OutputArea").inner_text())
    values = minimax_values(tree_from_text(printed.group(1).strip()))
    exercise = page.locator(".qsearch-exercise").first
    exercise.wait_for(state="visible", timeout=STEP_TIMEOUT_MS)
    exercise.scroll_into_view_if_needed()
    grade = exercise.locator(".qsearch-exercise-grade")
    first = next(iter(values))                  # the first inner node the recursion finished
    wrong = {name: (value + 1 if name == first else value) for name, value in values.items()}
    for name, value in wrong.items():
        box = exercise.locator(f".qsearch-exercise-node-{name} .qsearch-exercise-value input")
        box.fill(f"{value:g}")
        box.press("Tab")
    exercise.locator("button", has_text="Check").click()
    expect(grade).to_contain_text(f"{len(values) - 1} of {len(values)} right")
    expect(grade).to_contain_text(f"{first} (")
    box = exercise.locator(f".qsearch-exercise-node-{first} .qsearch-exercise-value input")
    box.fill(f"{values[first]:g}")
    box.press("Tab")
    expect(grade).to_have_text("")                             # an edit clears the old grade
    exercise.locator("button", has_text="Check").click()
    expect(grade).to_contain_text(f"All {len(values)} answers are right.")
    exercise.screenshot(path=str(ARTIFACTS / "lite_exercise.png"))
