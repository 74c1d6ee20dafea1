"""Notebook 01 in a real browser: JupyterLab headless, Debian's Chromium driven by Playwright.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (``.ci/browser_test.sh`` sets it after installing
Chromium and Playwright). The test runs every cell from JupyterLab's Run menu, presses Play
on the example-4 stepper, moves its slider with the keyboard, and checks that the caption
changes and that the pruned branch (C7, "β ≤ α at C3") appears in the tree's SVG only once
the search has cut it. Screenshots go to ``tests/browser/artifacts/`` (the path is printed).
"""
from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(
    os.environ.get("QSEARCH_BROWSER_TESTS") != "1",
    reason="browser test: run .ci/browser_test.sh (or set QSEARCH_BROWSER_TESTS=1)",
)

REPO = Path(__file__).resolve().parents[2]
NOTEBOOK = "01_minimax_and_alphabeta.ipynb"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = os.environ.get("QSEARCH_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-sync"]
SERVER_START_TIMEOUT = 60       # seconds for JupyterLab to answer
KERNEL_START_TIMEOUT = 60       # seconds for the notebook's kernel to start and connect
STEP_TIMEOUT_MS = 60_000        # Playwright waits (kernel start, running every cell)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def lab(tmp_path):
    """A fresh JupyterLab serving a copy of the notebook; yields (base url, token)."""
    work = tmp_path / "notebooks"
    work.mkdir()
    # A copy without outputs (the repo's copy is never touched): whatever the test then finds
    # in the page was computed by running the notebook in the browser.
    nb = json.loads((REPO / "notebooks" / NOTEBOOK).read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    nb["metadata"].pop("widgets", None)
    (work / NOTEBOOK).write_text(json.dumps(nb), encoding="utf-8")
    settings = tmp_path / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    notebook_settings = tmp_path / "settings" / "@jupyterlab" / "notebook-extension"
    notebook_settings.mkdir(parents=True)
    (notebook_settings / "tracker.jupyterlab-settings").write_text(   # every cell in the DOM
        json.dumps({"windowingMode": "none", "autoStartDefaultKernel": True}))
    env = dict(os.environ, JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "settings"),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"))
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    port, token = free_port(), secrets.token_hex(16)
    log = open(tmp_path / "jupyter.log", "w")
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyter", "lab", "--allow-root", "--no-browser",
         "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
         f"--ServerApp.root_dir={work}", "--ServerApp.open_browser=False"],
        env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + SERVER_START_TIMEOUT
        while True:
            try:
                urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("JupyterLab did not start; see "
                                       f"{tmp_path / 'jupyter.log'}") from None
                time.sleep(0.25)
        yield base, token
    finally:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def wait_for_connected_kernel(base: str, token: str) -> None:
    """Until the server has an idle kernel with a client connected (the page's notebook).

    JupyterLab shows "idle" before its kernel has started, and Run All sent then is lost.
    """
    deadline = time.monotonic() + KERNEL_START_TIMEOUT
    while time.monotonic() < deadline:
        with urllib.request.urlopen(f"{base}/api/kernels?token={token}", timeout=5) as r:
            kernels = json.load(r)
        if any(k["connections"] > 0 and k["execution_state"] == "idle" for k in kernels):
            return
        time.sleep(0.25)
    raise RuntimeError(f"no kernel connected within {KERNEL_START_TIMEOUT} s: {kernels}")


def slider_step(stepper) -> int:
    """The step the stepper's slider shows (its readout)."""
    return int(stepper.locator(".widget-readout").first.inner_text().strip())


def test_notebook_01_steppers_run_in_jupyterlab(lab):
    from playwright.sync_api import expect, sync_playwright

    base, token = lab
    ARTIFACTS.mkdir(exist_ok=True)
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.set_default_timeout(STEP_TIMEOUT_MS)
        try:
            run_and_drive(page, base, token)
        except Exception:
            page.screenshot(path=str(ARTIFACTS / "notebook01_failure.png"), full_page=True)
            print(f"\nscreenshot of the failure: {ARTIFACTS / 'notebook01_failure.png'}")
            raise
        finally:
            browser.close()
    print(f"\nscreenshots: {ARTIFACTS / 'notebook01_stepper.png'} "
          f"{ARTIFACTS / 'notebook01_stepper_playing.png'} {ARTIFACTS / 'notebook01_page.png'}")


def run_and_drive(page, base: str, token: str) -> None:
    """Open the notebook, run every cell, and drive the example-4 stepper."""
    from playwright.sync_api import expect

    page.goto(f"{base}/lab/tree/{NOTEBOOK}?reset&token={token}")
    wait_for_connected_kernel(base, token)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    expect(page.get_by_text("all checks pass", exact=True)).to_have_count(0)

    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    expect(page.get_by_text("all checks pass", exact=True)).to_be_visible()
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")

    stepper = page.locator(".qsearch-stepper").first
    stepper.wait_for(state="attached", timeout=15_000)
    stepper.scroll_into_view_if_needed()
    caption = stepper.locator(".qsearch-stepper-caption")
    tree = stepper.locator(".qsearch-stepper-tree svg")
    expect(caption).to_contain_text("step 0 of 16")
    first_caption = caption.inner_text()
    assert "β ≤ α at C3" not in tree.inner_html()     # nothing is cut at step 0

    stepper.locator(".widget-play button").first.click()           # Play
    page.wait_for_function(
        "el => parseInt(el.textContent) >= 2",
        arg=stepper.locator(".widget-readout").first.element_handle())
    assert caption.inner_text() != first_caption
    stepper.screenshot(path=str(ARTIFACTS / "notebook01_stepper_playing.png"))
    stepper.locator(".widget-play button:has(.fa-stop)").click()     # stop: back to step 0
    expect(stepper.locator(".widget-readout").first).to_have_text("0")

    handle = stepper.locator(".widget-slider .noUi-handle").first
    handle.focus()
    page.keyboard.press("End")                                      # the last step
    expect(stepper.locator(".widget-readout").first).to_have_text("16")
    expect(caption).to_contain_text("C1 (MAX) returns 2: the best move is C2.")
    expect(stepper.locator(".qsearch-stepper-tree")).to_contain_text("β ≤ α at C3")
    assert "C7" in tree.text_content()

    for _ in range(2):                                              # back to the cut
        stepper.locator("button", has_text="previous").click()
    expect(caption).to_contain_text("At C3 (MIN) β = 1 ≤ α = 2: C7 is cut.")
    assert slider_step(stepper) == 14

    stepper.screenshot(path=str(ARTIFACTS / "notebook01_stepper.png"))
    page.screenshot(path=str(ARTIFACTS / "notebook01_page.png"))
