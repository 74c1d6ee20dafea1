#!/usr/bin/env bash
# The ways into qsearch other than the development checkout, each in a fresh virtual
# environment, checked by scripts/wheel_smoke_test.py from outside the source tree:
#   1. `pip install .` on a machine whose C compiler fails -> a py3-none-any wheel, pure mode;
#   2. the binary wheel, packed from the extensions the development build compiled (the same
#      sources and flags: compiling them again would take minutes), installed where no
#      compiler works -> compiled;
#   3. the pure wheel (QSEARCH_PURE=1) -> py3-none-any, pure-Python mode.
# qsearch depends on nothing, so each venv has no numpy: the smoke test checks the core never
# imports it.
# Run from the repository's root with the development venv in .venv (CI does).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
smoke() { (cd "$work" && "$1/bin/python" "$root/scripts/wheel_smoke_test.py" "${@:2}"); }
# a clean copy of the sources for each build (no .venv, no build/, no built extensions)
source_copy() {
  mkdir -p "$work/$1"
  tar --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.so' \
      --exclude='*.egg-info' --exclude=__pycache__ --exclude=./_site --exclude=./lite/.cache \
      --exclude=./tests/pyodide/node_modules -cf - . | tar -xf - -C "$work/$1"
  echo "$work/$1"
}
failing_compiler() { env CC=false CXX=false LDSHARED=false "$@"; }

echo "== 1. pip install . with a C compiler that fails"
python3 -m venv "$work/pure"
failing_compiler "$work/pure/bin/pip" install -v "$(source_copy src-pure)" > "$work/pure.log" 2>&1 \
  || { tail -n 40 "$work/pure.log"; exit 1; }
# the wheel pip builds holds no binary, so it is named and installed as pure Python; pip prints
# its name without -v, and setup.py's warning (shown with -v) says why
grep -E "Created wheel for qsearch: filename=qsearch-[^ ]+-py3-none-any\.whl" "$work/pure.log" \
  || { grep -E "Created wheel|filename=" "$work/pure.log"; echo "the pure wheel is not py3-none-any"; exit 1; }
grep -q "warning: qsearch's compiled modules could not be built" "$work/pure.log" \
  || { echo "pip -v does not show the fallback warning"; exit 1; }
smoke "$work/pure" --pure --no-numpy

echo "== 2. the binary wheel, installed with no working compiler"
# setuptools skips an extension whose built file is newer than its sources: the development
# build's modules, put (with their times) where the wheel's build looks for them, are packed
# as they are; one older than its source (a .pyx edited since) is compiled again
src=$(source_copy src-wheel)
build_lib="$src/build/lib.$(.venv/bin/python -c 'import sys, sysconfig
print(f"{sysconfig.get_platform()}-{sys.implementation.cache_tag}")')"
built=$(find qsearch -name '*.so' | wc -l)
[ "$built" -gt 0 ] || { echo "no compiled modules in qsearch/: run scripts/install.sh first"; exit 1; }
mkdir -p "$build_lib"
find qsearch -name '*.so' -exec cp --parents --preserve=timestamps -t "$build_lib" {} +
.venv/bin/pip wheel -q --no-deps --no-build-isolation -w "$work/wheels" "$src"
unzip -l "$work"/wheels/qsearch-*.whl | grep -c '\.so$' | grep -qx "$built" \
  || { echo "the binary wheel does not hold the $built compiled modules"; exit 1; }
ls "$work/wheels"
python3 -m venv "$work/wheel"
failing_compiler "$work/wheel/bin/pip" install -q "$work"/wheels/qsearch-*.whl
smoke "$work/wheel" --compiled --no-numpy

echo "== 3. the pure wheel"
QSEARCH_PURE=1 .venv/bin/pip wheel -q --no-deps --no-build-isolation -w "$work/pure-wheels" \
  "$(source_copy src-purewheel)"
ls "$work/pure-wheels" | grep -q "qsearch-.*-py3-none-any.whl"
python3 -m venv "$work/purewheel"
"$work/purewheel/bin/pip" install -q "$work"/pure-wheels/qsearch-*.whl
smoke "$work/purewheel" --pure --no-numpy
echo "all three installs pass"
