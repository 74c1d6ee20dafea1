#!/usr/bin/env bash
# The JupyterLite site: the lessons of lite/lessons.txt running in the browser (Pyodide), no
# install, no server. Builds _site/ (serve it from any static host, e.g. GitHub Pages):
#   bash scripts/build_lite.sh            (python3 -m http.server -d _site to try it)
# Everything the lessons need is bundled, so the site boots and runs them offline: Pyodide
# itself (the npm package pinned in tests/pyodide), the kernel's packages (micropip, IPython,
# jedi and their dependencies: pure wheels from the Python package index), qsearch's pure
# wheel, ipywidgets, jupyterlab_widgets, comm, graphviz's Python package (trees are drawn by
# qsearch's pure-Python layout: there is no `dot` in the browser) and the lessons' extras
# (lite/lessons.txt). Plots are qsearch's plain SVG charts: matplotlib and numpy, which only
# Pyodide's CDN has, are used by no lesson on the site. lite/site_index.md becomes the site's
# README.md. Needs: node and npm, python3 with venv; the versions of the packages are the ones
# in the project's environment ($PYTHON, default .venv/bin/python).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if [ -z "${PYTHON:-}" ]; then
  if [ -x .venv/bin/python ]; then PYTHON=$root/.venv/bin/python; else PYTHON=python3; fi
fi
# the packages some lessons need beyond the usual ones (lite/lessons.txt, after a lesson's
# name; the words ending with / are folders a lesson reads, which prepare.py copies)
EXTRA=$(grep -v '^#' lite/lessons.txt |
        awk '{for (i = 2; i <= NF; i++) if ($i !~ /\/$/) print $i}' | sort -u)
cache=$root/lite/.cache
stage=$cache/stage
out=$root/_site
quiet_pip() { "$@" 2> >(grep -v "^WARNING: Location" >&2); }

echo "== the build tools (lite/requirements.txt) in lite/.cache/venv"
widgets_version() { "$PYTHON" -c "import importlib.metadata as m; print(m.version('$1'))"; }
labwidgets="jupyterlab_widgets==$(widgets_version jupyterlab_widgets)"
if [ ! -x "$cache/venv/bin/jupyter-lite" ] ||
   ! cmp -s lite/requirements.txt "$cache/venv/requirements.txt"; then
  rm -rf "$cache/venv"
  python3 -m venv "$cache/venv"
  quiet_pip "$cache/venv/bin/pip" install -q -r lite/requirements.txt "$labwidgets"
  cp lite/requirements.txt "$cache/venv/requirements.txt"
fi

echo "== Pyodide (npm) and the kernel's packages"
npm_dir=tests/pyodide/node_modules/pyodide
if [ ! -d "$npm_dir" ] ||
   [ tests/pyodide/package-lock.json -nt tests/pyodide/node_modules/.package-lock.json ]; then
  (cd tests/pyodide && npm ci --no-audit --no-fund --loglevel=error)
fi
rm -rf "$stage" && mkdir -p "$stage/kernel-wheels" "$stage/wheels"
python3 lite/prepare.py kernel-requirements "$npm_dir/pyodide-lock.json" > "$stage/kernel.txt"
pyodide_python=$(python3 -c "import json, sys; v = json.load(open(sys.argv[1]))['info']['python']
print('.'.join(v.split('.')[:2]))" "$npm_dir/pyodide-lock.json")
quiet_pip "$PYTHON" -m pip download -q --no-deps --only-binary=:all: --implementation py \
    --abi none --platform any --python-version "$pyodide_python" -d "$stage/kernel-wheels" \
    -r "$stage/kernel.txt"
python3 lite/prepare.py pyodide-dist "$npm_dir" "$stage/kernel-wheels" "$stage/static/pyodide"

echo "== the site's wheels: qsearch (pure), ipywidgets, jupyterlab_widgets, comm, graphviz," \
    "and the lessons' extras:" $EXTRA
PYTHON="$PYTHON" bash tests/pyodide/build_wheel.sh "$stage/wheels"
quiet_pip "$PYTHON" -m pip download -q --no-deps --only-binary=:all: -d "$stage/wheels" \
    "ipywidgets==$(widgets_version ipywidgets)" "$labwidgets" \
    "comm==$(widgets_version comm)" "graphviz==$(widgets_version graphviz)"
for name in $EXTRA; do          # a pure wheel, built from the source archive if PyPI has none
  quiet_pip "$PYTHON" -m pip wheel -q --no-deps -w "$stage/wheels" "$name==$(widgets_version "$name")"
done
if ls "$stage/wheels"/*.whl | grep -v -- "-none-any.whl$"; then
  echo "the site's wheels must be pure (py3-none-any): the ones above are not" >&2; exit 1
fi

echo "== the lessons, each opening with its install cell"
python3 lite/prepare.py contents "$stage/contents" lite/lessons.txt notebooks
cp lite/site_index.md "$stage/contents/README.md"     # the lessons here and the ones left out
cp lite/jupyter-lite.json "$stage/jupyter-lite.json"
cp lite/overrides.json "$stage/overrides.json"        # settings: Markdown opens rendered

echo "== jupyter lite build -> _site/"
rm -rf "$out"
(cd "$stage" && "$cache/venv/bin/jupyter" lite build --lite-dir "$stage" --output-dir "$out" \
    --contents "$stage/contents" --piplite-wheels "$stage/wheels" --no-sourcemaps)
# the front page: every lesson a link that opens it alone (notebooks/index.html?path=...)
python3 lite/prepare.py landing lite/site_index.md lite/lessons.txt > "$out/index.html"
echo "built $out ($(du -sh "$out" | cut -f1)); try it: python3 -m http.server -d _site"
