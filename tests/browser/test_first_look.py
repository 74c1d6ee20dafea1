"""The first look at every lesson: what a student sees on opening it, before running anything.

Skipped unless ``QSEARCH_BROWSER_TESTS=1``. Every lesson notebook (00-11) is copied untouched
(not re-run) into the folder a fresh JupyterLab serves, with a fresh Jupyter data folder, so
the copies are untrusted as on a student's machine: JupyterLab then shows neither SVG nor
widgets, only PNG, HTML (sanitized) and text. Each notebook is opened at 1280x900, then the
window is narrowed to 800x900 (as a student narrows it; the notebook is laid out again), the
file browser open (JupyterLab's default), and at each width the test asserts that

* no output shows a Python repr (``<... at 0x``, ``VBox(children=``, ``HBox(children=``) nor
  "Error displaying widget";
* every picture (``img``, ``svg``) and widget in an output stays inside its cell, or inside a
  scroll container that does (a wide tree scrolls; nothing is cut off by a hidden overflow);
* no picture is shrunk: an SVG's smallest text is at least :data:`MIN_TEXT_PX` on screen, and
  a PNG is drawn at no less than :data:`MIN_PNG_SCALE` of its intended size (the width the
  notebook's metadata asks for, ``scripts/add_png_fallbacks.py`` writes the SVG's own size;
  else its natural size).

``QSEARCH_FIRST_LOOK_DIR`` points the test at another folder of executed notebooks (the
pipeline's output, while the committed ones are being re-executed). Screenshots (one per
notebook and width, scrolled to its first picture) go to ``tests/browser/artifacts/``.
"""
from __future__ import annotations

import json
import os
import shutil
import urllib.request
from pathlib import Path

import pytest
from browser_kit import ARTIFACTS, REPO, STEP_TIMEOUT_MS, browser_only, in_browser

pytestmark = browser_only

SOURCE = Path(os.environ.get("QSEARCH_FIRST_LOOK_DIR", REPO / "notebooks"))
LESSONS = sorted(p.name for p in SOURCE.glob("[01][0-9]_*.ipynb"))
WIDTHS = (1280, 800)
HEIGHT = 900
# Graphviz draws the trees' labels at 10-11 pt (13-15 px) and JupyterLab's body text is 13-14
# px; 10 px is the smallest size still read comfortably from a projector's back row, and what
# a tree shrunk by a quarter would reach: below it, a picture has been shrunk to fit.
MIN_TEXT_PX = 10.0
MIN_PNG_SCALE = 0.75
REPR_PATTERN = r"<[\w.]+ (object )?at 0x|[VH]Box\(children=|Error displaying widget"


@pytest.fixture(autouse=True)
def lessons(lab_dir, tmp_path, monkeypatch):
    """The lessons, untouched, where JupyterLab serves them; a Jupyter data folder of the
    test's own, so the notebooks are untrusted (trust is a signature in that folder)."""
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter-data"))
    for name in LESSONS:
        shutil.copy(SOURCE / name, lab_dir / name)


# What one output area shows, measured in the page: pictures, widgets and their texts.
MEASURE = """
([reprPattern, minText, minScale]) => {
  const repr = new RegExp(reprPattern);
  const problems = [];
  const pictures = [];
  const cells = Array.from(document.querySelectorAll('.jp-Notebook .jp-Cell'));
  function visibleRight(el, cell) {       // clipped by scroll containers on the way up
    let right = el.getBoundingClientRect().right;
    for (let a = el.parentElement; a && a !== cell; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if (ox === 'visible') continue;
      const r = a.getBoundingClientRect().right;
      if (right > r + 1 && (ox === 'hidden' || ox === 'clip')) return {cut: right - r};
      right = Math.min(right, r);
    }
    return {right};
  }
  function minSvgText(svg) {
    let least = Infinity;
    for (const t of svg.querySelectorAll('text')) {
      if (!t.textContent.trim()) continue;
      const m = t.getScreenCTM();
      const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
      if (size > 0) least = Math.min(least, size);
    }
    return least;
  }
  function svgFromImage(img) {            // an SVG output drawn as <img src="data:...">
    const src = img.getAttribute('src') || '';
    const comma = src.indexOf(',');
    if (!src.startsWith('data:image/svg+xml') || comma < 0) return null;
    const body = src.slice(0, comma).endsWith(';base64') ? atob(src.slice(comma + 1))
                                                         : decodeURIComponent(src.slice(comma + 1));
    const holder = document.createElement('div');
    holder.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
    holder.innerHTML = body;
    const svg = holder.querySelector('svg');
    if (!svg) return null;
    const box = img.getBoundingClientRect();
    svg.style.width = box.width + 'px';
    svg.style.height = box.height + 'px';
    document.body.appendChild(holder);
    const least = minSvgText(svg);
    holder.remove();
    return least;
  }
  cells.forEach((cell, index) => {
    const where = 'cell ' + index;
    const cellRight = cell.getBoundingClientRect().right;
    for (const out of cell.querySelectorAll('.jp-OutputArea-output')) {
      if (repr.test(out.innerText)) {
        problems.push(where + ' shows ' + JSON.stringify(out.innerText.match(repr)[0]));
      }
      const items = [...out.querySelectorAll('img, svg, .jupyter-widgets.widget-container,'
                                             + ' .jupyter-widgets.widget-box')]
        .filter(el => !el.closest('button') && !(el.tagName === 'svg' && el.closest('svg') !== el
                                                  && el.parentElement.closest('svg')));
      for (const el of items) {
        const box = el.getBoundingClientRect();
        if (box.width === 0) continue;
        const kind = el.tagName.toLowerCase();
        const seen = visibleRight(el, cell);
        if (seen.cut !== undefined) {
          problems.push(`${where}: a ${kind} is cut off by ${seen.cut.toFixed(0)} px`);
        } else if (seen.right > cellRight + 1) {
          const by = (seen.right - cellRight).toFixed(0);
          problems.push(`${where}: a ${kind} sticks out by ${by} px`);
        }
        let text = null, scale = null;
        if (kind === 'svg') text = minSvgText(el);
        if (kind === 'img') {
          text = svgFromImage(el);
          if (text === null && el.naturalWidth > 0) {
            const intended = parseFloat(el.getAttribute('width')) || el.naturalWidth;
            scale = box.width / intended;
          }
        }
        if (text !== null && text !== Infinity && text < minText) {
          problems.push(`${where}: ${kind} text drawn at ${text.toFixed(1)} px`);
        }
        if (scale !== null && scale < minScale) {
          problems.push(`${where}: a PNG drawn at ${(100 * scale).toFixed(0)}% of its size`);
        }
        pictures.push({cell: index, kind, width: Math.round(box.width),
                       text: text === null || text === Infinity ? null : +text.toFixed(1),
                       scale: scale === null ? null : +scale.toFixed(2)});
      }
    }
  });
  return {cells: cells.length, problems, pictures};
}
"""

IMAGES_LOADED = """() => Array.from(document.querySelectorAll('.jp-OutputArea-output img'))
                          .every(img => img.complete)"""


def cell_count(name: str) -> int:
    return len(json.loads((SOURCE / name).read_text(encoding="utf-8"))["cells"])


def end_sessions(base: str, token: str) -> None:
    """Shut down the kernels the opened notebooks started (nothing is run in them)."""
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=10) as r:
        sessions = json.load(r)
    for session in sessions:
        request = urllib.request.Request(f"{base}/api/sessions/{session['id']}?token={token}",
                                         method="DELETE")
        urllib.request.urlopen(request, timeout=30).close()


NOTEBOOK_WIDTH = "document.querySelector('.jp-NotebookPanel').getBoundingClientRect().width"


def measure(page, name: str, width: int) -> list[str]:
    """Every output of the open notebook at this width; the problems found (a screenshot)."""
    page.wait_for_function(IMAGES_LOADED)
    seen = page.evaluate(MEASURE, [REPR_PATTERN, MIN_TEXT_PX, MIN_PNG_SCALE])
    first = page.locator(".jp-OutputArea-output img, .jp-OutputArea-output svg").first
    if first.count():
        first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"first_look_{name[:2]}_{width}.png"))
    pictures = seen["pictures"]
    texts = [p["text"] for p in pictures if p["text"] is not None]
    print(f"{name} at {width}: {len(pictures)} pictures/widgets"
          + (f", smallest SVG text {min(texts)} px" if texts else ""))
    return [f"{name} at {width}: {p}" for p in seen["problems"]]


def look_at(page, base: str, token: str, name: str) -> list[str]:
    """Open ``name`` fresh at the first of :data:`WIDTHS`, then narrow the window to each of
    the others; the problems found at every width."""
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})
    page.goto(f"{base}/lab/tree/{name}?reset&token={token}")
    cells = cell_count(name)
    page.wait_for_function(
        "n => document.querySelectorAll('.jp-Notebook .jp-Cell').length === n", arg=cells)
    page.wait_for_selector(".jp-DirListing", state="visible")    # the file browser is open
    problems = measure(page, name, WIDTHS[0])
    for width in WIDTHS[1:]:
        before = page.evaluate(f"() => {NOTEBOOK_WIDTH}")
        page.set_viewport_size({"width": width, "height": HEIGHT})
        # JupyterLab lays the panels out again on the window's resize: wait for the notebook
        page.wait_for_function(f"w => {NOTEBOOK_WIDTH} < w", arg=before)
        page.wait_for_selector(".jp-DirListing", state="visible")
        problems += measure(page, name, width)
    return problems


def test_every_lesson_opens_readable_untrusted(lab):
    base, token = lab
    assert LESSONS, f"no lesson notebooks in {SOURCE}"

    def drive(page):
        page.set_default_timeout(STEP_TIMEOUT_MS)
        problems = []
        for name in LESSONS:
            problems += look_at(page, base, token, name)
            end_sessions(base, token)
        assert not problems, "what a student sees first:\n" + "\n".join(problems)

    in_browser("first_look", drive)
