"""The JupyterLite site (``scripts/build_lite.sh``) in a real browser, offline.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (``.ci/browser_test.sh`` sets it). Builds ``_site/``
when it is missing (``QSEARCH_LITE_REBUILD=1`` forces it), serves it on 127.0.0.1 and opens
it in Debian's Chromium with every other host unresolvable, as a student would meet it on a
machine with no network, and runs every lesson of the site (``lite/lessons.txt``) by
JupyterLab's Run All: the Pyodide kernel boots from the site's own files, the lesson's install
cell installs qsearch's pure wheel (and ipywidgets, graphviz) from the site, and every code cell
runs, in order, with no error output, no request leaving 127.0.0.1 and no output advising
``apt-get`` (the time each lesson took is printed). The Spanish copies' Run All is the release
check (``--release``: their code cells are the English lessons'); every run runs es/01 up to
its first printed line, which its language cell's catalogue, a file on the site, turns Spanish.

After lesson 01's Run All a student's clicks follow:

* the example-4 alpha-beta stepper: step 1 of 17 with nothing cut, the last step with the cut
  of C7 drawn (the pure-Python layout: no ``dot`` in the browser), two steps back the caption
  of the cut;
* exercise A (minimax values on a random tree): a wrong value is graded wrong and named, the
  right values (computed here by a minimax of this test's own) pass.

Screenshots go to ``tests/browser/artifacts/`` (the paths are printed).
"""
from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import threading
import time
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
DRIVEN = "01_minimax_and_alphabeta"      # the lesson whose widgets are clicked after Run All
STEPPER_CELL = "stepper4 = AlphaBetaStepper(example3"     # example 4, in the lesson
EXERCISE_TREES_CELL = "from qsearch.games.toytrees import random_tree"
EXERCISE_CELL = "exercise_a = MinimaxExercise(tree_a"
BOOT_TIMEOUT_MS = 180_000       # the kernel: Pyodide, then IPython from the site's wheels
STEP_TIMEOUT_MS = 120_000
RUN_ALL_TIMEOUT_MS = 1_500_000  # one lesson's Run All (pure Python in WebAssembly)
SITE_LESSONS = [line.split()[0] for line in (REPO / "lite" / "lessons.txt").read_text()
                .splitlines() if line.strip() and not line.startswith("#")]
# Run All of every English lesson is too long for CI's 30 minutes (12 s to over 3 minutes each
# on a loaded 2-core machine): these run every time (01 with its clicks, 10 a student's game),
# and ROTATING more English lessons, drawn by the commit under test, so that successive commits
# go round the site; the release check (--release) runs them all, Spanish copies too.
EVERY_RUN = ("01_minimax_and_alphabeta", "10_bring_your_own_game")
ROTATING = 3


def this_commit() -> str:
    """The commit under test (``QSEARCH_ROTATION`` overrides it; "" outside a git checkout)."""
    if os.environ.get("QSEARCH_ROTATION"):
        return os.environ["QSEARCH_ROTATION"]
    try:
        return subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def rotation(lessons: list[str], key: str, k: int = ROTATING) -> list[str]:
    """The ``k`` English lessons outside :data:`EVERY_RUN` that CI runs for commit ``key``:
    consecutive ones in the list, starting where the commit's hash points."""
    others = [lesson for lesson in lessons if not lesson.startswith("es/")
              and lesson not in EVERY_RUN]
    if len(others) <= k:
        return others
    start = int(key[:8] or "0", 16) % len(others)
    return [others[(start + i) % len(others)] for i in range(k)]


IN_CI = set(EVERY_RUN) | set(rotation(SITE_LESSONS, this_commit()))


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


@pytest.fixture(scope="module")
def offline_browser():
    """Chromium with every host but 127.0.0.1 unresolvable."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


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


def code_cell(page, text: str):
    """The code cell whose source contains ``text``."""
    return page.locator(".jp-Notebook .jp-CodeCell", has_text=text).first


def drive_lesson_01(page) -> None:
    """Lesson 01's stepper and exercise A, after Run All, as a student clicks them."""
    from playwright.sync_api import expect

    from qsearch.games.toytrees import tree_from_text

    expect.set_options(timeout=STEP_TIMEOUT_MS)
    ARTIFACTS.mkdir(exist_ok=True)
    stepper = code_cell(page, STEPPER_CELL).locator(".qsearch-stepper")
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

    # exercise A: the random trees' cell printed them; its grade is computed here afresh
    trees_output = code_cell(page, EXERCISE_TREES_CELL).locator(".jp-OutputArea")
    trees_output.scroll_into_view_if_needed()
    printed = re.search(r"tree A: (\S.*)", trees_output.text_content())
    values = minimax_values(tree_from_text(printed.group(1).strip()))
    exercise = code_cell(page, EXERCISE_CELL).locator(".qsearch-exercise")
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
    print(f"\nscreenshots: {ARTIFACTS / 'lite_stepper.png'} {ARTIFACTS / 'lite_exercise.png'}")


# JupyterLab's application object, shown to the page only for this test (the site's own
# settings do not expose it): the test asks it to Run All and reads the notebook's model.
EXPOSE_APP = "exposeAppInBrowser"
RUN_COMMAND = """([command, activeCell]) => {
    window.qsearchRunAll = null;
    const notebook = window.jupyterapp.shell.currentWidget.content;
    if (activeCell !== null) notebook.activeCellIndex = activeCell;
    window.jupyterapp.commands.execute(command).then(
        ok => { window.qsearchRunAll = {ok: ok}; },
        error => { window.qsearchRunAll = {ok: false, error: String(error)}; });
}"""
KERNEL_IDLE = """() => window.jupyterapp?.shell.currentWidget?.sessionContext?.session?.kernel
    ?.status === "idle" """
# Done, or stopped: Run All has returned, a dialog asks something (the kernel died: "Select
# Kernel"), or the kernel is dead.
STOPPED = """() => window.qsearchRunAll !== null || document.querySelector(".jp-Dialog") !== null
    || ["dead", "unknown"].includes(
        window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status)"""
PROGRESS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    let ran = 0, running = -1;
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== "code") continue;
        if (cell.executionState === "running") { running = i; break; }
        ran += 1;
    }
    return {ran: ran, running: running,
            dialog: document.querySelector(".jp-Dialog")?.innerText || null,
            kernel: window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel?.status};
}"""
CODE_CELLS = """() => {
    const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
    const out = [];
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== "code") continue;
        const outputs = [];
        for (let k = 0; k < cell.outputs.length; k++) outputs.push(cell.outputs.get(k).toJSON());
        out.push({index: i, count: cell.executionCount, outputs: outputs});
    }
    return out;
}"""


def expose_app(route) -> None:
    """Serve the site's jupyter-lite.json with ``exposeAppInBrowser`` set."""
    response = route.fetch()
    config = json.loads(response.text())
    config.setdefault("jupyter-config-data", {})[EXPOSE_APP] = "true"
    route.fulfill(response=response, body=json.dumps(config))


def output_text(output: dict) -> str:
    if output["output_type"] == "error":
        return "\n".join(output.get("traceback") or [f"{output['ename']}: {output['evalue']}"])
    if output["output_type"] == "stream":
        text = output["text"]
        return text if isinstance(text, str) else "".join(text)
    data = output.get("data", {})
    return "\n".join(str(v) for k, v in data.items() if k.startswith("text/"))


def plain(text: str) -> str:
    """``text`` without the terminal colours IPython puts in tracebacks."""
    return re.sub(r"\x1b\[[0-9;]*m", "", text)


def new_page(browser):
    """A page that exposes the site's app to the test; the requests that fail and the
    browser's console messages are collected in the two lists returned with it."""
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    failed, console = [], []
    page.on("requestfailed", lambda request: failed.append(request.url))
    page.on("console", lambda message: console.append(f"{message.type}: {message.text[:300]}"))
    page.route("**/jupyter-lite.json", expose_app)
    return page, failed, console


def descendants_cpu() -> float:
    """CPU seconds (user + system) used so far by this process's descendants still running:
    Playwright's driver and the browser it started, whose renderer and workers run Pyodide."""
    parents, times = {}, {}
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:                      # gone meanwhile
            continue
        parents[int(entry.name)] = int(fields[1])
        times[int(entry.name)] = (int(fields[11]) + int(fields[12])) / ticks
    mine, frontier = set(), {os.getpid()}
    while frontier:
        frontier = {pid for pid, parent in parents.items() if parent in frontier} - mine
        mine |= frontier
    return sum(times[pid] for pid in mine)


def lesson_url(site: str, lesson: str) -> str:
    """The link the site's front page gives ``lesson``: the single-document interface, which
    opens that lesson alone (JupyterLab's ``lab/index.html?path=`` restores the browser's last
    workspace instead, so a second link there could open the first lesson)."""
    return f"{site}/notebooks/index.html?path={lesson}.ipynb"


def boot(page, site: str, lesson: str) -> None:
    """Open ``lesson`` by its link and wait for it and its Pyodide kernel to be idle, with no
    dialog asking anything."""
    page.goto(lesson_url(site, lesson))
    page.wait_for_function(KERNEL_IDLE, timeout=BOOT_TIMEOUT_MS, polling=500)
    assert page.locator(".jp-Dialog").count() == 0, page.locator(".jp-Dialog").inner_text()


# The Spanish copies run the English lessons' code cells, so their Run All is the release check
# (--release), as are the English lessons outside this commit's rotation, which keeps CI under 30
# minutes; what only a Spanish copy does, read its lesson catalogue (a file on the site) in its
# language cell, every run checks below.
@pytest.mark.parametrize("lesson", [
    lesson if lesson in IN_CI else pytest.param(lesson, marks=pytest.mark.release)
    for lesson in SITE_LESSONS])
def test_run_all_offline(site, offline_browser, lesson):
    page, failed, console = new_page(offline_browser)
    try:
        boot(page, site, lesson)
        start, cpu = time.monotonic(), descendants_cpu()
        page.evaluate(RUN_COMMAND, ["notebook:run-all-cells", None])
        page.wait_for_function(STOPPED, timeout=RUN_ALL_TIMEOUT_MS, polling=1000)
        seconds, cpu = time.monotonic() - start, descendants_cpu() - cpu
        result = page.evaluate("() => window.qsearchRunAll")
        progress = page.evaluate(PROGRESS)
        cells = page.evaluate(CODE_CELLS)
        assert result is not None, (f"Run All stopped at code cell {progress['ran']} "
                                    f"(notebook cell {progress['running']}), kernel "
                                    f"{progress['kernel']}, dialog {progress['dialog']!r}; "
                                    f"the browser's last messages: {console[-15:]}")
        check_run(lesson, cells, result, failed)
        if lesson == DRIVEN:
            drive_lesson_01(page)
    except Exception:
        shot = ARTIFACTS / f"lite_run_all_{lesson}.png"
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(shot))
        print(f"\nscreenshot of the failure: {shot}")
        raise
    finally:
        page.close()
    load = os.getloadavg()[0]
    print(f"\n{lesson}: Run All in {seconds:.0f} s ({cpu:.0f} s of the browser's CPU, the "
          f"load average {load:.1f} on {os.cpu_count()} cores), {len(cells)} code cells")
    ARTIFACTS.mkdir(exist_ok=True)      # kept where xdist's workers' prints are not shown
    with open(ARTIFACTS / "site_run_all_times.jsonl", "a", encoding="utf-8") as times:
        times.write(json.dumps({"lesson": lesson, "seconds": round(seconds), "cpu": round(cpu),
                                "load": round(load, 1), "cores": os.cpu_count(),
                                "cells": len(cells), "date": time.strftime("%Y-%m-%d")}) + "\n")
    print(f"not on the site (the app probes a server it does not need): {SiteHandler.misses}")
    assert all(" /api/" in m or "favicon" in m for m in SiteHandler.misses), SiteHandler.misses


def check_run(lesson: str, cells: list, result: dict, failed: list) -> None:
    """Run All's verdict on ``lesson``: every code cell ran, in order, with no error output
    and no apt-get advice, and no request failed (nothing left 127.0.0.1)."""
    errors = [f"cell {c['index']}: {plain(output_text(o))[-1500:]}" for c in cells
              for o in c["outputs"] if o["output_type"] == "error"]
    assert errors == [], f"{lesson}:\n\n" + "\n\n".join(errors)
    assert result.get("ok") is True, result
    counts = [c["count"] for c in cells]
    assert counts == list(range(1, len(cells) + 1)), f"not every cell ran, in order: {counts}"
    advice = [c["index"] for c in cells for o in c["outputs"] if "apt-get" in output_text(o)]
    assert advice == [], f"cells advising apt-get in the browser: {advice}"
    assert failed == [], f"requests that failed (offline?): {failed}"


SPANISH_LESSON = "es/01_minimax_and_alphabeta"
SPANISH_PRINT = "mueve x: sí"        # lesson 01's first printed line, through its catalogue

# three lessons, one of them Spanish: es/01's first printed line is Spanish only when its language
# cell read the lesson's catalogue (po/01.mo) from the site, offline
LINKED = ("02_tictactoe_minimax_alphabeta_pvs", SPANISH_LESSON, "10_bring_your_own_game")
OPEN_DOCUMENTS = """() => ({path: window.jupyterapp.shell.currentWidget.context.path,
    session: window.jupyterapp.shell.currentWidget.sessionContext.session?.path ?? null,
    main: Array.from(window.jupyterapp.shell.widgets("main")).map(w => w.context?.path ?? null)})"""


def test_each_link_opens_the_lesson_it_names(site, offline_browser):
    """Three lessons' links opened in turn in one browser profile (its storage, and so its
    saved workspace, shared), each page closed before the next, as a student follows an
    instructor's links: each opens its own lesson and only it, and running it up to its first
    printed line prints that lesson's own line (the kernel runs the lesson named); es/01's is
    Spanish, through the lesson's catalogue read from the site."""
    assert SPANISH_LESSON in SITE_LESSONS
    context = offline_browser.new_context(viewport={"width": 1400, "height": 1000})
    context.route("**/jupyter-lite.json", expose_app)
    try:
        for lesson in LINKED:
            page = context.new_page()
            try:
                boot(page, site, lesson)
                opened = page.evaluate(OPEN_DOCUMENTS)
                assert opened["path"] == f"{lesson}.ipynb", (lesson, opened)
                assert opened["main"] == [f"{lesson}.ipynb"], (lesson, opened)
                saved_cells = [c for c in json.loads((REPO / "notebooks" / f"{lesson}.ipynb")
                                                     .read_text())["cells"]
                               if c["cell_type"] == "code"]
                k, saved = next((k, "".join(output_text(o) for o in c["outputs"]))
                                for k, c in enumerate(saved_cells) if c["outputs"])
                first = page.evaluate(CODE_CELLS)[k + 1]     # the site's install cell first
                page.evaluate(RUN_COMMAND, ["notebook:run-all-above", first["index"] + 1])
                page.wait_for_function(STOPPED, timeout=RUN_ALL_TIMEOUT_MS, polling=1000)
                result = page.evaluate("() => window.qsearchRunAll")
                assert result is not None and result.get("ok") is True, (lesson, result)
                ran = next(c for c in page.evaluate(CODE_CELLS) if c["index"] == first["index"])
                printed = "".join(output_text(o) for o in ran["outputs"])
                assert printed == saved, (lesson, printed, saved)
                assert lesson != SPANISH_LESSON or SPANISH_PRINT in printed, printed
                assert page.evaluate(OPEN_DOCUMENTS)["session"] == f"{lesson}.ipynb"
            finally:
                page.close()
    finally:
        context.close()


def test_the_front_page_and_the_readme_open_as_pages(site, offline_browser):
    """The site's root is its front page, a link for every lesson of lite/lessons.txt that
    opens it alone; JupyterLab shows the site's README.md rendered (lite/overrides.json), not
    as Markdown source."""
    page, failed, _ = new_page(offline_browser)
    try:
        page.goto(f"{site}/")
        links = page.locator("a[href^='notebooks/index.html?path=']")
        assert sorted(links.all_inner_texts()) == sorted(SITE_LESSONS)
        page.goto(f"{site}/lab/index.html?path=README.md")
        heading = page.locator(".jp-RenderedMarkdown h1").first
        heading.wait_for(timeout=BOOT_TIMEOUT_MS)
        title = (REPO / "lite" / "site_index.md").read_text().splitlines()[0].lstrip("# ")
        assert heading.inner_text() == title
    finally:
        page.close()
    assert failed == [], f"requests that failed (offline?): {failed}"
