#!/usr/bin/env bash
# Set up qsearch on a fresh Debian machine (root, Python 3.11): system packages when they are
# missing, a virtual environment in .venv, and the package built with its compiled parts.
#   bash scripts/install.sh lessons   -> JupyterLab, widgets, Graphviz, plotting
#   bash scripts/install.sh test      -> the above plus pytest, nbval, OpenSpiel, linters
set -euo pipefail
extra="${1:-lessons}"
case "$extra" in lessons|test) ;; *) echo "usage: $0 lessons|test" >&2; exit 2 ;; esac
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
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e ".[$extra]"
.venv/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null 2>&1 || true
echo "qsearch is installed in .venv ($extra)"
