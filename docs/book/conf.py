"""Sphinx configuration of the qsearch book (scripts/build_book.sh builds it into _book/).

The source directory is the repository's root, so the lessons (notebooks/, notebooks/es/) and
the docs (docs/*.md) are chapters where they are, with no copy; ``include_patterns`` names the
files that are. Every lesson is rendered from its saved outputs (``nb_execution_mode = "off"``):
nbval checks them, the book only shows them. Nothing a page loads comes from another host:
the theme's assets are in its wheel, math is MathML made at build time (``_ext/qsearch_book``)
and saved widgets show their PNG/SVG pictures, never the widget JavaScript of a CDN.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "qsearch"
author = "the qsearch authors"
copyright = "the qsearch authors, MIT License"
root_doc = "docs/book/index"
language = "en"

extensions = ["myst_nb", "qsearch_book"]
include_patterns = ["docs/book/**.md", "docs/*.md", "notebooks/*.ipynb", "notebooks/es/*.ipynb"]
exclude_patterns = [".venv", "_book", "_site", "lite", "tests", "qsearch", "benchmarks",
                    "docs/book/.cache", "**/.ipynb_checkpoints", "build", "dist"]

# MyST: $...$ math, headings with anchors for links such as ADDING_A_GAME.md#2-a-compiled-engine
myst_enable_extensions = ["dollarmath", "colon_fence"]
myst_heading_anchors = 3
myst_dmath_double_inline = True

# MyST-NB: saved outputs only; a saved widget view shows its picture (PNG/SVG) instead
nb_execution_mode = "off"
nb_ipywidgets_js = {}
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_merge_streams = True

html_theme = "sphinx_book_theme"
html_title = "qsearch"
html_math_renderer = "mathml"           # _ext/qsearch_book.py: no MathJax, no CDN
html_theme_options = {
    "show_navbar_depth": 1,
    "home_page_in_toc": True,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "navigation_with_keys": False,
}
html_static_path = []
html_copy_source = False
html_show_sourcelink = False
# the lessons are written for Jupyter, where a heading may skip a level (lesson 07 does)
suppress_warnings = ["misc.highlighting_failure", "myst.header"]
