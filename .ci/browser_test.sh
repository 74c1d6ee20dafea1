#!/usr/bin/env bash
# Real-browser tests of the lessons' widgets (notebook 01's stepper, the play widgets, notebook
# 01 in Voila) and of the JupyterLite site (Run All on every lesson of lite/lessons.txt,
# offline): installs Debian's Chromium, Node.js and npm (the site's Pyodide) and Playwright
# (its Python API only: never `playwright install`), then runs tests/browser with
# QSEARCH_BROWSER_TESTS=1 on every core. The site is built first (.ci/browser_prepare.sh),
# unless _site/ exists (scripts/build_lite.sh rebuilds it after a change).
# Run from the repository root, in the environment where qsearch is installed ($PYTHON, or
# the first python on PATH); the notebooks' kernels import this checkout's qsearch.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python}"

start=$(date +%s)
# Chromium, npm and the site: built here unless .ci/browser_prepare.sh already did (the tests
# run on every core, and the site must exist before they start)
if ! command -v chromium >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1 \
   || [ ! -f _site/jupyter-lite.json ]; then
    bash .ci/browser_prepare.sh
fi
# nbgrader (it needs JupyterLab): the assignment's autograder, graded below with the browser tests
"$PYTHON" -m pip install -q playwright jupyterlab ipywidgets graphviz voila nbgrader
command -v dot >/dev/null 2>&1 || { echo "Graphviz's dot is needed (apt-get install graphviz)"; exit 1; }

export QSEARCH_BROWSER_TESTS=1
export QSEARCH_CHROMIUM="${QSEARCH_CHROMIUM:-$(command -v chromium)}"
# one test at a time on each core (--dist load: a lesson's Run All is one test)
"$PYTHON" -m pytest tests/browser tests/test_grading_assignment.py -n auto --dist load \
    -v -p no:cacheprovider --durations=0 "$@"
echo "browser tests finished in $(( $(date +%s) - start )) s"
