#!/usr/bin/env bash
# The class laptop (issue 34): lessons 00, 01, 02, 10 and 11 checked by nbval against qsearch
# installed the way the README's class-laptop line installs it, `pip install ".[lessons]"` in a
# fresh venv where no C compiler works (so pure-Python mode) and without OpenSpiel, with the
# project's nbval options (pyproject.toml's addopts). The notebooks run from a copy outside the
# checkout, so the kernels import the installed qsearch, never the checkout's.
# Run from anywhere; needs python3 (3.10+) and the network or a pip cache.
# `bash .ci/pure_lessons.sh 10_bring_your_own_game` checks only the lessons named.
# `bash .ci/pure_lessons.sh --install-only DIR` only installs, into DIR (new or empty); then
# `PURE_LESSONS_DIR=DIR bash .ci/pure_lessons.sh` checks with that install (.ci/run installs
# in the background while the tests run: the install is mostly downloads).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
install_only=""
if [ "${1:-}" = "--install-only" ]; then install_only=1; work=$2; shift 2; mkdir -p "$work"
elif [ -n "${PURE_LESSONS_DIR:-}" ]; then work=$PURE_LESSONS_DIR
else work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fi
lessons=(00_game_trees 01_minimax_and_alphabeta 02_tictactoe_minimax_alphabeta_pvs
         10_bring_your_own_game 11_class_league)
[ $# -gt 0 ] && lessons=("$@")       # or the lessons named (NN_name, without .ipynb)
start=$SECONDS

if [ ! -x "$work/venv/bin/pytest" ]; then
  echo "== pip install \".[lessons]\" with a C compiler that fails, in a fresh venv"
  mkdir -p "$work/src"
  # a clean copy of the sources, as scripts/check_installs.sh makes (no venv, no built modules)
  tar --exclude=./.venv --exclude=./.git --exclude=./build --exclude='*.so' \
      --exclude='*.egg-info' --exclude=__pycache__ --exclude=./_site --exclude=node_modules \
      -cf - . | tar -xf - -C "$work/src"
  python3 -m venv "$work/venv"
  env CC=false CXX=false LDSHARED=false "$work/venv/bin/pip" install -q --no-compile \
    "$work/src[lessons]" "pytest>=7" "nbval>=0.11" "pytest-xdist>=3.5"
  echo "   installed in $((SECONDS - start)) s"
fi
[ -n "$install_only" ] && exit 0
mkdir -p "$work/notebooks"

paths=()
for lesson in "${lessons[@]}"; do
  cp "notebooks/$lesson.ipynb" "$work/notebooks/"
  paths+=("notebooks/$lesson.ipynb")
done
cp notebooks/nbval_sanitize.cfg "$work/notebooks/"
cp -r notebooks/data "$work/notebooks/"          # the records lesson 11 resumes from
cd "$work"
# what the kernels will import: the installed copy, pure, and no OpenSpiel
(cd notebooks && "$work/venv/bin/python" - <<'PY'
import importlib.util
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")          # the pure-mode warning: expected here
    import qsearch
assert "site-packages" in qsearch.__file__, qsearch.__file__
assert not qsearch.compiled, "the compiler-less install is compiled"
assert importlib.util.find_spec("pyspiel") is None, "OpenSpiel is installed"
print(f"   qsearch from {qsearch.__file__}: pure-Python mode, no OpenSpiel")
PY
)

echo "== nbval on lessons ${lessons[*]%%_*} (pure-Python mode)"
t_nbval=$SECONDS
# the project's nbval options (pyproject.toml's addopts: --nbval, --nbval-current-env, the
# sanitize file notebooks/nbval_sanitize.cfg, found here from the working directory $work)
read -r -a nbval_opts <<< "$("$work/venv/bin/python" - "$root/pyproject.toml" <<'PY'
import shlex
import sys
import tomllib

addopts = shlex.split(tomllib.load(open(sys.argv[1], "rb"))["tool"]["pytest"]["ini_options"]
                      ["addopts"])
kept = [o for i, o in enumerate(addopts)
        if o.startswith("--nbval") or addopts[i - 1] == "--nbval-sanitize-with"]
print(" ".join(kept))
PY
)"
echo "   nbval options: ${nbval_opts[*]}"
# one lesson per core at a time (each lesson's cells share a kernel: --dist loadfile)
"$work/venv/bin/python" -m pytest -p no:cacheprovider -q -n auto --dist loadfile \
  "${nbval_opts[@]}" "${paths[@]}"
echo "pure lessons passed: install $((t_nbval - start)) s, nbval $((SECONDS - t_nbval)) s"
