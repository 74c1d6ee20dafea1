"""What the real-browser tests share: starting JupyterLab on a folder of notebooks, launching
Debian's Chromium through Playwright, running a notebook's cells, waiting for its kernel, and
measuring what a student sees (overflow, drawn sizes, texts in the SVG pictures)."""
from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

browser_only = pytest.mark.skipif(
    os.environ.get("QSEARCH_BROWSER_TESTS") != "1",
    reason="browser test: run .ci/browser_test.sh (or set QSEARCH_BROWSER_TESTS=1)",
)

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("QSEARCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"]
SERVER_START_TIMEOUT = 60       # seconds for JupyterLab to answer
KERNEL_START_TIMEOUT = 60       # seconds for the notebook's kernel to start and connect
STEP_TIMEOUT_MS = 60_000        # Playwright waits (kernel start, running every cell)


def status_either(play, act) -> re.Pattern:
    """The status line of headless twin ``play`` after ``act(play)``, with or without the
    dropped-click note: the second click of a double click is dropped (and says so) when it
    reaches the kernel just after the engine's answer, and is never sent when the browser
    already shows the inputs disabled. Whitespace runs match any whitespace."""
    act(play)
    played, message, count = play.status_text, play.message, play.dropped_clicks
    play._drop_click()
    dropped = play.status_text
    play.message, play.dropped_clicks = message, count      # the twin as it was
    play._refresh()

    def loose(text: str) -> str:
        return r"\s+".join(map(re.escape, text.split()))

    return re.compile(rf"^\s*(?:{loose(played)}|{loose(dropped)})\s*$")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_cells_notebook(work: Path, name: str, sources: list[str]) -> None:
    """A small notebook with one cell per source."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
              "outputs": [], "source": src} for i, src in enumerate(sources)]
    nb = {"cells": cells, "metadata": {"kernelspec": {"name": "python3",
                                                      "display_name": "Python 3",
                                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (work / name).write_text(json.dumps(nb), encoding="utf-8")


def copy_without_outputs(name: str, work: Path) -> None:
    """A copy of notebook ``name`` without outputs (the repo's copy is never touched): what
    the test then finds in the page was computed by running the notebook in the browser."""
    nb = json.loads((REPO / "notebooks" / name).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb["metadata"].pop("widgets", None)
    (work / name).write_text(json.dumps(nb), encoding="utf-8")


def kernel_pythonpath(env: dict) -> str:
    """PYTHONPATH for the server and its kernels: this checkout first, so the notebooks use
    the qsearch under test even where another checkout is installed (editable)."""
    return os.pathsep.join([str(REPO), *filter(None, [env.get("PYTHONPATH")])])


def wait_for_server(base: str, url: str, server, log: Path) -> None:
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:          # it answers: up (the page itself may 404)
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start; see {log}") from None
            time.sleep(0.25)


def stop(server) -> None:
    server.terminate()
    try:
        server.wait(timeout=15)
    except subprocess.TimeoutExpired:
        server.kill()


def list_kernels(base: str, token: str) -> list[dict] | None:
    """The server's kernels, or None if it answered 500: jupyter_server fails to list them
    while a kernel is starting (``last_activity`` not set yet), a race worth retrying."""
    try:
        with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=5) as r:
            return json.load(r)
    except urllib.error.HTTPError as err:
        if err.code >= 500:
            return None
        raise


def wait_for_connected_kernel(base: str, token: str) -> None:
    """Until the server has an idle kernel with a client connected (the page's notebook).

    JupyterLab shows "idle" before its kernel has started, and Run All sent then is lost.
    """
    deadline = time.monotonic() + KERNEL_START_TIMEOUT
    kernels = None
    while time.monotonic() < deadline:
        kernels = list_kernels(base, token)
        if kernels and any(k["connections"] > 0 and k["execution_state"] == "idle"
                           for k in kernels):
            return
        time.sleep(0.25)
    raise RuntimeError(f"no kernel connected within {KERNEL_START_TIMEOUT} s: {kernels}")


def slider_step(stepper) -> int:
    """The step the stepper's slider shows (its readout)."""
    return int(stepper.locator(".widget-readout").first.inner_text().strip())


def launch(p, width: int = 1400, height: int = 1000):
    browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(STEP_TIMEOUT_MS)
    return browser, page


def run(name: str, page, drive, *args) -> None:
    """``drive(page, *args)``, with a full-page screenshot if it fails."""
    try:
        drive(page, *args)
    except Exception:
        shot = ARTIFACTS / f"{name}_failure.png"
        page.screenshot(path=str(shot), full_page=True)
        print(f"\nscreenshot of the failure: {shot}")
        raise


def open_and_run_all(page, base: str, token: str, notebook: str, done_text: str | None):
    """Open ``notebook`` in JupyterLab, run every cell, wait until the kernel is idle."""
    from playwright.sync_api import expect

    page.goto(f"{base}/lab/tree/{notebook}?reset&token={token}")
    wait_for_connected_kernel(base, token)
    # attached, not visible: some JupyterLab versions keep the indicator hidden in the toolbar
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']",
                           state="attached")
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    if done_text:
        expect(page.get_by_text(done_text, exact=True)).to_be_visible()
    wait_until_idle(base, token)


def wait_until_idle(base: str, token: str, calm: float = 1.0) -> None:
    """Until every kernel has been idle for ``calm`` seconds in a row (clicks queued in the
    kernel are processed by then: a button's messages keep it busy)."""
    deadline = time.monotonic() + KERNEL_START_TIMEOUT
    idle_since = None
    while time.monotonic() < deadline:
        kernels = list_kernels(base, token)
        busy = kernels is None or any(k["execution_state"] != "idle" for k in kernels)
        now = time.monotonic()
        if busy:
            idle_since = None
        elif idle_since is None:
            idle_since = now
        elif now - idle_since >= calm:
            return
        time.sleep(0.1)
    raise RuntimeError("the kernel stayed busy")


def overflow(locator) -> float:
    """How many pixels the element sticks out to the right of its notebook cell (<= 0: none).

    A tree wider than the cell would be cut off (or need a horizontal scroll bar)."""
    return locator.evaluate(
        "el => el.getBoundingClientRect().right"
        " - (el.closest('.jp-Cell') || document.body).getBoundingClientRect().right")


def in_browser(name: str, drive, *args) -> None:
    """Launch Chromium, ``run(name, page, drive, *args)``, close it."""
    from playwright.sync_api import expect, sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser, page = launch(p)
        try:
            run(name, page, drive, *args)
        finally:
            browser.close()


def go_to_step(page, stepper, k: int) -> None:
    """Type ``k`` into the slider's readout, as a student can (Enter applies it)."""
    from playwright.sync_api import expect

    readout = stepper.locator(".widget-readout").first
    readout.click()
    page.keyboard.press("Control+A")
    page.keyboard.type(str(k))
    page.keyboard.press("Enter")
    expect(readout).to_have_text(str(k))


def shot(locator, name: str) -> None:
    path = ARTIFACTS / f"{name}.png"
    locator.screenshot(path=str(path))
    print(f"\nscreenshot: {path}")


def assert_fits(locator, what: str) -> None:
    out = overflow(locator)
    assert out <= 0, f"{what} sticks out of its cell by {out:.0f} px"


def drawn_scale(svg) -> float:
    """How large the SVG is drawn relative to its own units (text of 11 units at 0.1 would
    be 1 px high: unreadable)."""
    return svg.evaluate("el => el.getBoundingClientRect().width / el.viewBox.baseVal.width")


def svg_texts(locator) -> list[str]:
    """The texts drawn in the SVG(s) inside ``locator``, in document order."""
    return locator.evaluate(
        "el => Array.from(el.querySelectorAll('svg text')).map(t => t.textContent.trim())")
