"""A lesson a student ran, saved and reopens: its widgets are drawn again, never "Error
displaying widget: model not found".

Skipped unless ``QSEARCH_BROWSER_TESTS=1``. JupyterLab writes the widgets' state into the
notebook when the widget manager's ``saveState`` is on; ``scripts/install.sh`` turns it on for
the venv's JupyterLab (``overrides.json``), and this test turns it on the same way for the
server it starts (its own settings folder holds the same setting). The notebook is run, saved,
the server stopped (the kernel and its models die with it), and a new server opens the saved
file: the stepper's picture must be there, drawn from the saved state.
"""
from __future__ import annotations

import json
import time

from browser_kit import (
    ARTIFACTS,
    browser_only,
    in_browser,
    open_and_run_all,
    wait_for_connected_kernel,
    write_cells_notebook,
)

pytestmark = browser_only

NOTEBOOK = "saved.ipynb"
CELLS = ["from qsearch.games import ExplicitTree\nfrom qsearch.viz import AlphaBetaStepper\n"
         "stepper = AlphaBetaStepper(ExplicitTree([[3, 12], [2, 4]]))\nstepper"]


def save_state_on(settings_dir) -> None:
    """What install.sh's overrides.json sets, in the test server's settings folder."""
    folder = settings_dir / "@jupyter-widgets" / "jupyterlab-manager"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "plugin.jupyterlab-settings").write_text(json.dumps({"saveState": True}))


def saved_state(path) -> dict:
    """The widget state saved in the notebook file (empty if none)."""
    try:
        saved = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return saved["metadata"].get("widgets", {}).get(
        "application/vnd.jupyter.widget-state+json", {}).get("state", {})


def run_and_save(page, base: str, token: str, path) -> None:
    """Run the notebook, save it from the File menu, wait until the file holds the state."""
    from playwright.sync_api import expect

    open_and_run_all(page, base, token, NOTEBOOK, None)
    expect(page.locator(".qsearch-stepper-caption")).to_contain_text("step 1 of")
    page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Save Notebook").first.click()
    expect(page.locator(".jp-mod-dirty")).to_have_count(0)
    deadline = time.monotonic() + 30
    while not saved_state(path) and time.monotonic() < deadline:
        time.sleep(0.25)                # the save is under way: poll the file


def reopen(page, base: str, token: str) -> None:
    from playwright.sync_api import expect

    page.goto(f"{base}/lab/tree/{NOTEBOOK}?reset&token={token}")
    wait_for_connected_kernel(base, token)
    page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']")
    output = page.locator(".jp-OutputArea-output").first
    expect(output).not_to_contain_text("Error displaying widget")
    expect(page.locator(".qsearch-stepper-caption")).to_contain_text("step 1 of")
    page.screenshot(path=str(ARTIFACTS / "saved_widgets_reopened.png"))


def test_a_run_and_saved_lesson_reopens_with_its_widgets(lab_factory, lab_dir, tmp_path):
    write_cells_notebook(lab_dir, NOTEBOOK, CELLS)
    settings = tmp_path / "settings"
    save_state_on(settings)
    with lab_factory() as (base, token):
        in_browser("saved_run", run_and_save, base, token, lab_dir / NOTEBOOK)
    assert saved_state(lab_dir / NOTEBOOK), "JupyterLab saved no widget state"
    with lab_factory() as (base, token):                         # a new server, a new kernel
        in_browser("saved_reopen", reopen, base, token)
