"""The book (``scripts/build_book.sh`` builds ``_book/``): every lesson in both languages, the
docs as chapters, nothing loaded from another host, no broken local link.

The first tests read the book's own Sphinx extension (docs/book/_ext/qsearch_book.py) and need
no build. The rest read a built ``_book/`` and are skipped when there is none: .ci/run builds it
(after the README's test command) and runs this file again.
"""
from __future__ import annotations

import functools
import importlib.util
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "_book"
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("[01][0-9]_*.ipynb"))
SITE_LESSONS = [line.split()[0] for line in (ROOT / "lite" / "lessons.txt").read_text()
                .splitlines() if line.strip() and not line.startswith("#")]
# what a page loads (a plain <a href> to the web is a link a reader follows, not a load)
LOADS = {"script": ("src",), "link": ("href",), "img": ("src", "srcset"), "iframe": ("src",),
         "source": ("src", "srcset"), "video": ("src", "poster"), "audio": ("src",),
         "embed": ("src",), "object": ("data",)}

built = pytest.mark.skipif(not (BOOK / "docs" / "book" / "index.html").exists(),
                           reason="no _book/: build it with `bash scripts/build_book.sh` "
                                  "(.ci/run does, then runs this file)")


@functools.cache
def extension():
    """The book's Sphinx extension, imported from its file (it needs no Sphinx to import)."""
    path = ROOT / "docs" / "book" / "_ext" / "qsearch_book.py"
    spec = importlib.util.spec_from_file_location("qsearch_book", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ----------------------------------------------------------------- the extension, no build
def test_every_lesson_has_a_counterpart_in_the_other_language():
    assert len(LESSONS) == 13
    book = extension()
    for lesson in LESSONS:
        assert (ROOT / "notebooks" / "es" / f"{lesson}.ipynb").exists()
        assert book.counterpart(f"notebooks/{lesson}") == (f"notebooks/es/{lesson}", "en")
        assert book.counterpart(f"notebooks/es/{lesson}") == (f"notebooks/{lesson}", "es")
    assert book.counterpart("docs/book/index") == ("docs/book/es/index", "en")
    assert book.counterpart("docs/DESIGN") is None


def test_the_site_links_are_the_lessons_of_lite_lessons_txt_and_no_other():
    book = extension()
    assert book.SITE_LESSONS == set(SITE_LESSONS)
    for lesson in LESSONS:
        for page, name in ((f"notebooks/{lesson}", lesson),
                           (f"notebooks/es/{lesson}", f"es/{lesson}")):
            link = book.site_link(page)
            if name in SITE_LESSONS:
                # from the page up to the folder that holds book/ and site/
                up = "../" * (page.count("/") + 1)
                assert link == f"{up}site/notebooks/index.html?path={name}.ipynb"
            else:
                assert link is None, page
    assert book.site_link("docs/book/install") is None


def test_the_chapters_hold_what_the_readme_held():
    """The README's old sections are chapters of the book, each in its toctree."""
    index = (ROOT / "docs" / "book" / "index.md").read_text()
    for chapter in ("install", "first_look", "command_line", "quarto", "league", "lessons",
                    "inside", "speed", "contributing", "../DESIGN", "../DECISIONS",
                    "../LEAGUE", "../ADDING_A_GAME"):
        assert f"\n{chapter}\n" in index, chapter
    spanish = (ROOT / "docs" / "book" / "es" / "index.md").read_text()
    assert "\nguia\n" in spanish and "\n../../GLOSSARY_es\n" in spanish
    speed = (ROOT / "docs" / "book" / "speed.md").read_text()
    assert "**Exact Connect-4 solver against Pascal Pons' C++ solver**" in speed
    guide = (ROOT / "docs" / "book" / "es" / "guia.md").read_text()
    assert guide.startswith("# En español: guía para el profesorado")


# ----------------------------------------------------------------- the built book
class Page(HTMLParser):
    """What one page loads, links to and names (ids), read with the standard library."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.loads: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        for name in LOADS.get(tag, ()):
            value = attrs.get(name)
            if value:
                urls = [part.split()[0] for part in value.split(",")] if name == "srcset" \
                    else [value]
                self.loads.extend(urls)
        if tag == "a" and attrs.get("href"):
            self.links.append(attrs["href"])


@functools.cache
def parsed(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def pages() -> list[Path]:
    """The book's pages (the theme's _static/ holds templates, not pages)."""
    return sorted(p for p in BOOK.rglob("*.html") if "_static" not in p.relative_to(BOOK).parts)


def is_remote(url: str) -> bool:
    parts = urlsplit(url)
    return bool(parts.scheme and parts.scheme not in ("data",)) or url.startswith("//")


def target(page: Path, url: str) -> tuple[Path, str]:
    """The file a local link of ``page`` names and its fragment."""
    parts = urlsplit(url)
    path = unquote(parts.path)
    file = page if not path else (page.parent / path).resolve()
    if file.is_dir():
        file = file / "index.html"
    return file, unquote(parts.fragment)


@built
def test_every_lesson_is_a_chapter_in_both_languages_with_its_bar():
    for lesson in LESSONS:
        for page, other, name in (
                (BOOK / "notebooks" / f"{lesson}.html", f"es/{lesson}.html", lesson),
                (BOOK / "notebooks" / "es" / f"{lesson}.html", f"../{lesson}.html",
                 f"es/{lesson}")):
            assert page.exists(), page
            text = page.read_text(encoding="utf-8")
            bar = re.search(r'<p class="qsearch-bar">(.*?)</p>', text, re.S)
            assert bar, f"{page}: no language bar"
            assert f'href="{other}"' in bar.group(1)
            assert f'<html lang="{"es" if name.startswith("es/") else "en"}"' in text
            assert re.search(rf"<title>{lesson[:2]} · (?!\d\d · )", text), page
            site = f"site/notebooks/index.html?path={name}.ipynb"
            assert (site in bar.group(1)) == (name in SITE_LESSONS), page
            # the saved pictures are shown, never a widget's JavaScript from a CDN
            assert "application/vnd.jupyter.widget-view+json" not in text
            assert "<img" in text, f"{page}: no picture"


@built
def test_no_page_loads_anything_from_another_host():
    assert len(pages()) > 40
    remote = [(page.relative_to(BOOK), url) for page in pages()
              for url in parsed(page).loads if is_remote(url)]
    assert remote == []
    css = [(path.relative_to(BOOK), url) for path in BOOK.rglob("*.css")
           for url in re.findall(r"url\(\s*['\"]?((?:https?:)?//[^'\")]+)",
                                 path.read_text(encoding="utf-8", errors="replace"))]
    assert css == []


@built
def test_every_local_link_and_picture_resolves():
    broken = []
    for page in pages():
        found = parsed(page)
        for url in found.loads + found.links:
            if is_remote(url) or url.startswith(("mailto:", "data:", "javascript:")):
                continue
            file, fragment = target(page, url)
            if not file.is_relative_to(BOOK):
                # only the site's lessons live outside the book, under ../site/ beside it
                site = BOOK.parent / "site" / "notebooks" / "index.html"
                query = urlsplit(url).query.removeprefix("path=").removesuffix(".ipynb")
                if file != site or query not in SITE_LESSONS:
                    broken.append((page.relative_to(BOOK), url))
                continue
            if not file.exists():
                broken.append((page.relative_to(BOOK), url))
            elif fragment and file.suffix == ".html" and fragment not in parsed(file).ids:
                broken.append((page.relative_to(BOOK), url))
    assert broken == []


@built
def test_the_book_has_a_search_and_shows_math_without_mathjax():
    assert (BOOK / "search.html").exists() and (BOOK / "searchindex.js").exists()
    index = (BOOK / "searchindex.js").read_text(encoding="utf-8")
    assert "branching" in index and "ramificaci" in index      # both languages are searched
    lesson = (BOOK / "notebooks" / "00_game_trees.html").read_text(encoding="utf-8")
    assert "<math" in lesson
    assert not [url for page in pages() for url in parsed(page).loads if "mathjax" in url.lower()]
    assert 'url=docs/book/index.html' in (BOOK / "index.html").read_text()
    front = (BOOK / "docs" / "book" / "index.html").read_text(encoding="utf-8")
    assert '00_game_trees.html">00 · Game trees' in front      # the contents number the lessons
