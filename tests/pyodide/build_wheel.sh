#!/usr/bin/env bash
# qsearch's pure wheel (py3-none-any) into OUTDIR, built from a clean copy of the sources:
# never from the checkout itself, whose build/ holds compiled files.
#   bash tests/pyodide/build_wheel.sh OUTDIR     (PYTHON: the Python that builds it)
set -euo pipefail
out="${1:?usage: build_wheel.sh OUTDIR}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ -z "${PYTHON:-}" ]; then
  if [ -x "$root/.venv/bin/python" ]; then PYTHON="$root/.venv/bin/python"; else PYTHON=python3; fi
fi
mkdir -p "$out"
out="$(cd "$out" && pwd)"
src=$(mktemp -d)
trap 'rm -rf "$src"' EXIT
(cd "$root" && tar --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.so' \
    --exclude='*.egg-info' --exclude=__pycache__ --exclude=node_modules --exclude=./_site \
    --exclude=./lite/.cache -cf - .) | tar -xf - -C "$src"
rm -f "$out"/qsearch-*.whl
QSEARCH_PURE=1 "$PYTHON" -m pip wheel -q --no-deps --no-build-isolation -w "$out" "$src" \
    2> >(grep -v "^WARNING: Location" >&2)
ls "$out"/qsearch-*-py3-none-any.whl >/dev/null
