"""The qsearch book's own Sphinx extension: math as MathML, and a bar atop each chapter.

- Math (MyST's ``$...$`` and ``$$...$$``) is turned into MathML when the book is built
  (latex2mathml), so a page needs neither MathJax nor any host to show a formula.
- Every lesson gets a bar at the top of its page: a link to the same lesson in the other
  language, and, for the lessons on the browser site (lite/lessons.txt), an "open in the
  browser" link to the site. The book and the site are published side by side
  (.github/workflows/pages.yml): ``book/`` and ``site/`` under one root, so the site's link is
  ``../site/notebooks/index.html?path=NN_name.ipynb`` from the book's root.
"""
import html
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
LESSONS_EN = "notebooks/"
LESSONS_ES = "notebooks/es/"
INDEX_EN = "docs/book/index"
INDEX_ES = "docs/book/es/index"
WORDS = {
    "en": {"other": "Español", "other_title": "Esta lección en español",
           "browser": "Open in the browser", "browser_title":
           "Run this lesson in your browser (JupyterLite): nothing to install"},
    "es": {"other": "English", "other_title": "This lesson in English",
           "browser": "Abrir en el navegador", "browser_title":
           "Ejecutar esta lección en el navegador (JupyterLite): sin instalar nada"},
}


def site_lessons(path: Path = ROOT / "lite" / "lessons.txt") -> set[str]:
    """The lessons on the browser site, as the site names them (``es/01_x`` for Spanish)."""
    names = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            names.add(line.split()[0])
    return names


def counterpart(pagename: str) -> tuple[str, str] | None:
    """The page in the other language and this page's language, or None when it has none."""
    if pagename.startswith(LESSONS_ES):
        return LESSONS_EN + pagename[len(LESSONS_ES):], "es"
    if pagename.startswith(LESSONS_EN) and "/" not in pagename[len(LESSONS_EN):]:
        return LESSONS_ES + pagename[len(LESSONS_EN):], "en"
    if pagename == INDEX_EN:
        return INDEX_ES, "en"
    if pagename == INDEX_ES:
        return INDEX_EN, "es"
    return None


def site_link(pagename: str) -> str | None:
    """The relative link to a lesson on the browser site, or None when the site lacks it."""
    if not pagename.startswith(LESSONS_EN):
        return None
    lesson = pagename[len(LESSONS_EN):]            # "00_game_trees" or "es/00_game_trees"
    if lesson not in SITE_LESSONS:
        return None
    up = "../" * (pagename.count("/") + 1)          # from the page to the book's parent
    return f"{up}site/notebooks/index.html?path={lesson}.ipynb"


SITE_LESSONS = site_lessons()


def lesson_bar(app, pagename: str) -> str:
    """The HTML of the bar at the top of a page ("" when the page has no counterpart)."""
    pair = counterpart(pagename)
    if pair is None or pair[0] not in app.env.found_docs:
        return ""
    other, lang = pair
    words = WORDS[lang]
    uri = app.builder.get_relative_uri(pagename, other)
    links = [f'<a class="qsearch-lang" href="{html.escape(uri)}" '
             f'hreflang="{"es" if lang == "en" else "en"}" '
             f'title="{words["other_title"]}">{words["other"]}</a>']
    site = site_link(pagename)
    if site:
        links.append(f'<a class="qsearch-site" href="{html.escape(site)}" '
                     f'title="{words["browser_title"]}">{words["browser"]}</a>')
    return '<p class="qsearch-bar">' + " · ".join(links) + "</p>\n"


def add_bar(app, pagename, templatename, context, doctree):
    """html-page-context: put the lesson bar above the page's body, and mark the Spanish
    edition's pages as Spanish (``<html lang="es">``)."""
    if "body" in context:
        context["body"] = lesson_bar(app, pagename) + context["body"]
    if pagename.startswith((LESSONS_ES, "docs/book/es/")):
        context["language"] = "es"


def number_lessons(app, doctree):
    """doctree-read: a lesson's title in the contents and the browser's tab starts with its
    number (``00 · Game trees ...``), as the README's table numbers it; the page's heading is
    the notebook's own."""
    from docutils import nodes

    docname = app.env.docname
    number = docname.rsplit("/", 1)[-1][:2]
    if docname.startswith(LESSONS_EN) and number.isdigit():
        toc = app.env.tocs.get(docname)            # the entry the contents show
        entry = next(iter(toc.findall(nodes.reference)), None) if toc is not None else None
        found = {id(t): t for t in (app.env.titles.get(docname), app.env.longtitles.get(docname),
                                    entry) if t is not None}   # often one node, two names
        for title in found.values():
            title.insert(0, nodes.Text(f"{number} · "))


def _mathml(latex: str, display: str) -> str:
    # the book's venv has latex2mathml; the tests, which import this file, need not
    from latex2mathml.converter import convert

    return convert(latex, display=display)


def visit_math(self, node):
    """Inline math as MathML (the HTML translator's visitor of a math node)."""
    self.body.append(f'<span class="math">{_mathml(node.astext(), "inline")}</span>')
    raise _skip()


def visit_displaymath(self, node):
    """Display math as a block of MathML."""
    self.body.append(f'<div class="math">{_mathml(node.astext(), "block")}</div>')
    raise _skip()


def _skip():
    from docutils import nodes

    return nodes.SkipNode


def setup(app):
    """Register the MathML math renderer and the lesson bar."""
    app.add_html_math_renderer("mathml", (visit_math, None), (visit_displaymath, None))
    app.connect("html-page-context", add_bar)
    app.connect("doctree-read", number_lessons)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
