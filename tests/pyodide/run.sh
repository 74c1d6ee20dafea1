#!/usr/bin/env bash
# qsearch inside Pyodide under Node.js, offline: installs the pinned npm `pyodide` package
# (npm ci, only when node_modules is missing or older than the lock), builds qsearch's pure
# wheel from a clean copy of the sources (never from the checkout: its build/ holds compiled
# files), fetches the pure wheel of graphviz's Python package (the tree pictures), then runs
# smoke.mjs with them. Extra arguments go to smoke.mjs (e.g. `--script FILE -- ARGS`);
# without any it runs the smoke suite, smoke_checks.py.
#   PYTHON   the Python that builds the wheel (default: .venv/bin/python, else python3)
#   QSEARCH_PYODIDE_WHEELS   reuse the wheels in this directory instead of building them
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
if [ -z "${PYTHON:-}" ]; then
  if [ -x .venv/bin/python ]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi
command -v node >/dev/null || { echo "run.sh: node (Node.js >= 18) is needed" >&2; exit 2; }
command -v npm >/dev/null || { echo "run.sh: npm is needed" >&2; exit 2; }

if [ ! -d "$here/node_modules/pyodide" ] ||
   [ "$here/package-lock.json" -nt "$here/node_modules/.package-lock.json" ]; then
  echo "== npm ci (the pinned pyodide package)" >&2
  (cd "$here" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi

wheels="${QSEARCH_PYODIDE_WHEELS:-}"
if [ -z "$wheels" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  wheels="$work/wheels"
  echo "== the pure wheel, from a clean copy of the sources" >&2
  PYTHON="$PYTHON" bash "$here/build_wheel.sh" "$wheels"
  # graphviz's Python package, the version the lessons are tested with (pure Python)
  graphviz_version=$("$PYTHON" -c "import importlib.metadata as m; print(m.version('graphviz'))")
  "$PYTHON" -m pip download -q --no-deps --only-binary=:all: "graphviz==$graphviz_version" \
      -d "$wheels" 2> >(grep -v "^WARNING: Location" >&2)
fi
args=()
for wheel in "$wheels"/qsearch-*-py3-none-any.whl "$wheels"/graphviz-*.whl; do
  [ -f "$wheel" ] || { echo "run.sh: no $(basename "$wheel") in $wheels" >&2; exit 2; }
  args+=(--wheel "$wheel")
done
echo "== smoke.mjs" >&2
node "$here/smoke.mjs" "${args[@]}" "$@"
