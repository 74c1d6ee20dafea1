#!/usr/bin/env bash
# Set up qsearch on a fresh Debian machine (root, Python 3.11): system packages when they are
# missing, a virtual environment in .venv, and the package built with its compiled parts.
#   bash scripts/install.sh lessons   -> JupyterLab, widgets, Graphviz, plotting
#   bash scripts/install.sh test      -> the above plus pytest, nbval, OpenSpiel, linters
#   bash scripts/install.sh dev       -> both, plus what rebuilding in place needs
# Run again after a pull: it rebuilds only if a .pyx/.pxd, setup.py or pyproject.toml changed.
set -euo pipefail
extra="${1:-lessons}"
case "$extra" in lessons|test|dev) ;; *) echo "usage: $0 lessons|test|dev" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

need=()
command -v dot >/dev/null 2>&1 || need+=(graphviz)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
python3 -c "import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" \
  || need+=(python3-dev)
python3 -c "import ensurepip, venv" 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi

[ -x .venv/bin/python ] || python3 -m venv .venv

# Reuse the build when nothing it depends on changed: the sources of the compiled modules,
# setup.py, pyproject.toml, the extra and the Python version (a second run takes seconds
# instead of recompiling all the extensions).
stamp=.venv/.qsearch-install-stamp
fingerprint=$( { echo "$extra"; .venv/bin/python -V;
                 find qsearch -name '*.pyx' -o -name '*.pxd' | LC_ALL=C sort | xargs cat;
                 cat setup.py pyproject.toml; } | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ] \
   && .venv/bin/python -c "import qsearch.search._engine, qsearch.games" 2>/dev/null; then
  echo "qsearch is already installed in .venv ($extra) and no source changed: build reused"
  exit 0
fi
rm -f "$stamp"
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[$extra]"
.venv/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null 2>&1 || true
echo "$fingerprint" > "$stamp"
echo "qsearch is installed in .venv ($extra)"
echo "activate it (source .venv/bin/activate) to use qsearch, pytest, ruff, cython-lint, voila"
