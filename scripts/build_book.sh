#!/usr/bin/env bash
# The book: every lesson in English and Spanish, rendered from its saved outputs (nothing is
# executed), and the project's documentation (docs/book/*.md, docs/*.md), as static HTML in
# _book/ with a search box that works offline. Sphinx, MyST-NB and the Sphinx Book Theme
# (docs/book/requirements.txt) are installed in a venv of their own the first time, and again
# only when that file changes: $QSEARCH_BOOK_VENV, by default ~/.cache/qsearch/book-venv, which
# every clone on the machine shares (a fresh clone, as CI's, then builds in 12 s of CPU, not
# 33 s with the first install). Nothing a page loads comes from another host (tests/test_book.py
# checks it), so the book reads offline and from any static host:
#   bash scripts/build_book.sh             (python3 -m http.server -d _book to try it)
# .github/workflows/pages.yml publishes it beside the JupyterLite site (_site/): book/ and
# site/ under one root, which is what a lesson's "open in the browser" link expects.
# Needs: python3 (3.11 or later) with venv; no network once the venv exists.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${QSEARCH_BOOK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/qsearch/book-venv}
out=_book
quiet_pip() { "$@" 2> >(grep -v "^WARNING: Location" >&2); }

if [ ! -x "$venv/bin/sphinx-build" ] ||
   ! cmp -s docs/book/requirements.txt "$venv/requirements.txt"; then
  echo "== the book's tools (docs/book/requirements.txt) in $venv"
  rm -rf "$venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
  quiet_pip "$venv/bin/pip" install -q -r docs/book/requirements.txt
  cp docs/book/requirements.txt "$venv/requirements.txt"
fi

echo "== sphinx-build -> $out/"
# Built in a folder of its own, moved to $out when done: MyST-NB writes the outputs' pictures
# beside the output folder (jupyter_execute/), and a copy of the checkout made meanwhile (the
# site's wheel, tests/pyodide/build_wheel.sh) meets no half-written files.
build=$(mktemp -d)
trap 'rm -rf "$build"' EXIT
# the whole repository is the source (docs/book/conf.py's include_patterns pick the chapters);
# a warning (a broken link, a missing picture) fails the build
"$venv/bin/sphinx-build" -q -W --keep-going -b html -c docs/book -d "$build/doctrees" \
    . "$build/html"
rm -rf "$out"
mv "$build/html" "$out"
# the book's front page is docs/book/index.html: the root's index.html leads there
cat > "$out/index.html" <<'HTML'
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>qsearch</title>
<meta http-equiv="refresh" content="0; url=docs/book/index.html"></head>
<body><p><a href="docs/book/index.html">qsearch: the book</a></p></body></html>
HTML
touch "$out/.nojekyll"
echo "built $out ($(du -sh "$out" | cut -f1)); try it: python3 -m http.server -d $out"
