#!/usr/bin/env bash
# The book: every lesson in English and Spanish, rendered from its saved outputs (nothing is
# executed), and the project's documentation (docs/book/*.md, docs/*.md), as static HTML in
# _book/ with a search box that works offline. Sphinx, MyST-NB and the Sphinx Book Theme
# (docs/book/requirements.txt) are installed in docs/book/.cache/venv the first time, and again
# only when that file changes. Nothing a page loads comes from another host (tests/test_book.py
# checks it), so the book reads offline and from any static host:
#   bash scripts/build_book.sh             (python3 -m http.server -d _book to try it)
# .github/workflows/pages.yml publishes it beside the JupyterLite site (_site/): book/ and
# site/ under one root, which is what a lesson's "open in the browser" link expects.
# Needs: python3 (3.11 or later) with venv; no network once the venv exists.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=docs/book/.cache
out=_book
quiet_pip() { "$@" 2> >(grep -v "^WARNING: Location" >&2); }

if [ ! -x "$cache/venv/bin/sphinx-build" ] ||
   ! cmp -s docs/book/requirements.txt "$cache/venv/requirements.txt"; then
  echo "== the book's tools (docs/book/requirements.txt) in $cache/venv"
  rm -rf "$cache/venv"
  python3 -m venv "$cache/venv"
  quiet_pip "$cache/venv/bin/pip" install -q -r docs/book/requirements.txt
  cp docs/book/requirements.txt "$cache/venv/requirements.txt"
fi

echo "== sphinx-build -> $out/"
rm -rf "$out" "$cache/build"
# the whole repository is the source (docs/book/conf.py's include_patterns pick the chapters);
# a warning (a broken link, a missing picture) fails the build. MyST-NB writes the outputs'
# pictures beside the output folder (build/jupyter_execute), so the book is built in the
# cache and moved to $out.
"$cache/venv/bin/sphinx-build" -q -W --keep-going -b html -c docs/book \
    -d "$cache/build/doctrees" . "$cache/build/html"
mv "$cache/build/html" "$out"
# the book's front page is docs/book/index.html: the root's index.html leads there
cat > "$out/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>qsearch</title>
<meta http-equiv="refresh" content="0; url=docs/book/index.html"></head>
<body><p><a href="docs/book/index.html">qsearch: the book</a></p></body></html>
HTML
touch "$out/.nojekyll"
echo "built $out ($(du -sh "$out" | cut -f1)); try it: python3 -m http.server -d $out"
