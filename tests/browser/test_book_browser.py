"""The book (``scripts/build_book.sh``) in a real browser, offline, published as the Pages
workflow publishes it: ``book/`` and ``site/`` side by side under one root.

Skipped unless ``QSEARCH_BROWSER_TESTS=1`` (``.ci/browser_test.sh`` sets it). Needs a built
``_book/`` (.ci/run builds it before the browser step; built here when it is missing); the
link to the site needs ``_site/`` (``scripts/build_lite.sh``, which the browser step builds).
Chromium resolves no host but 127.0.0.1, and no request may fail: a reader with no network
sees the whole book.

* the root leads to the book's front page, whose sidebar opens lesson 00;
* lesson 00 in English shows its pictures and math, and its language link opens the Spanish
  lesson, whose link leads back;
* the search box finds a lesson's words;
* lesson 01's "open in the browser" link opens that lesson on the JupyterLite site.
"""
from __future__ import annotations

import functools
import http.server
import json
import subprocess
import threading
from pathlib import Path

import pytest
from browser_kit import ARTIFACTS, CHROMIUM, browser_only, run
from test_lite_site import CHROMIUM_FLAGS, SiteHandler

pytestmark = browser_only

REPO = Path(__file__).resolve().parents[2]
BOOK, SITE = REPO / "_book", REPO / "_site"
TIMEOUT_MS = 60_000
SITE_TIMEOUT_MS = 180_000       # JupyterLab's app in the browser, before any kernel starts


def title(lesson: str) -> str:
    """A lesson's first heading, as its notebook saves it."""
    cells = json.loads(Path(lesson).read_text(encoding="utf-8"))["cells"]
    first = next(c for c in cells if c["cell_type"] == "markdown")
    return "".join(first["source"]).splitlines()[0].lstrip("# ").strip()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    """The book (and the site, when built) served as the Pages workflow lays them out."""
    if not (BOOK / "docs" / "book" / "index.html").exists():
        subprocess.run(["bash", str(REPO / "scripts" / "build_book.sh")], cwd=REPO, check=True)
    root = tmp_path_factory.mktemp("pages")
    (root / "book").symlink_to(BOOK)
    if (SITE / "jupyter-lite.json").exists():
        (root / "site").symlink_to(SITE)
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(SiteHandler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def page():
    """A page of an offline Chromium; the requests that failed are in ``page.failed``."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS, headless=True)
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.set_default_timeout(TIMEOUT_MS)
        page.failed = []
        page.on("requestfailed", lambda request: page.failed.append(request.url))
        try:
            yield page
        finally:
            browser.close()


def test_the_book_opens_a_lesson_in_each_language_and_searches(pages, page):
    run("book_lessons_and_search", page, read_the_book, pages)


def read_the_book(page, pages: str) -> None:
    """The front page, lesson 00 in both languages, the search (a failure's screenshot:
    tests/browser/artifacts/book_lessons_and_search_failure.png)."""
    from playwright.sync_api import expect

    english = title(REPO / "notebooks" / "00_game_trees.ipynb")
    spanish = title(REPO / "notebooks" / "es" / "00_game_trees.ipynb")
    page.goto(f"{pages}/book/")                          # the root leads to the front page
    page.wait_for_url("**/book/docs/book/index.html")
    expect(page.locator("article h1").first).to_contain_text("qsearch")
    page.locator("nav.bd-links a", has_text=english).first.click()
    page.wait_for_url("**/book/notebooks/00_game_trees.html")
    expect(page.locator("article h1").first).to_contain_text(english)
    math = page.locator("article math").first            # MathML drawn by the browser itself
    assert math.bounding_box()["width"] > 0
    pictures = page.locator("article img")
    assert pictures.count() > 3
    assert page.evaluate("() => [...document.querySelectorAll('article img')]"
                         ".every(img => img.complete && img.naturalWidth > 0)")
    page.locator(".qsearch-bar a.qsearch-lang").click()
    page.wait_for_url("**/book/notebooks/es/00_game_trees.html")
    expect(page.locator("article h1").first).to_contain_text(spanish)
    expect(page.locator(".qsearch-bar a.qsearch-lang")).to_have_text("English")
    page.locator(".qsearch-bar a.qsearch-lang").click()
    page.wait_for_url("**/book/notebooks/00_game_trees.html")
    page.screenshot(path=str(ARTIFACTS / "book_lesson_00.png"))

    page.locator(".bd-sidebar-primary .search-button-field").first.click()   # the search box
    search = page.get_by_role("dialog").get_by_role("searchbox")
    expect(search).to_be_visible()
    search.fill("branching factor")
    page.keyboard.press("Enter")
    page.wait_for_url("**/book/search.html?q=branching*")
    results = page.locator("#search-results ul.search li a")
    expect(results.first).to_be_visible()
    assert any("00_game_trees" in (results.nth(k).get_attribute("href") or "")
               for k in range(results.count()))
    assert page.failed == [], f"requests that failed (offline?): {page.failed}"


def test_open_in_the_browser_opens_the_lesson_on_the_site(pages, page):
    if not (SITE / "jupyter-lite.json").exists():
        pytest.skip("no _site/: build it with `bash scripts/build_lite.sh` (the browser step does)")
    run("book_to_site", page, follow_the_site_link, pages)


def follow_the_site_link(page, pages: str) -> None:
    """Lesson 01's "open in the browser" link, followed to the site's lesson."""
    from playwright.sync_api import expect

    page.goto(f"{pages}/book/notebooks/01_minimax_and_alphabeta.html")
    link = page.locator(".qsearch-bar a.qsearch-site")
    expect(link).to_have_text("Open in the browser")
    link.click()
    page.wait_for_url("**/site/notebooks/index.html?path=01_minimax_and_alphabeta.ipynb")
    heading = page.locator(".jp-Notebook .jp-MarkdownCell h1").first
    heading.wait_for(timeout=SITE_TIMEOUT_MS)
    assert heading.inner_text().strip().rstrip("¶").strip() == title(
        REPO / "notebooks" / "01_minimax_and_alphabeta.ipynb")
    assert page.failed == [], f"requests that failed (offline?): {page.failed}"
