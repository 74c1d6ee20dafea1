#!/usr/bin/env bash
# The browser step's slow parts that need no test to have run: Debian's Chromium, Node.js and
# npm, and the JupyterLite site (_site/, scripts/build_lite.sh, which reads the versions of
# ipywidgets and friends from .venv). .ci/run starts it in the background while the tests run;
# with --after-install it first waits for scripts/install.sh to finish (its build stamp), so
# two apt-get never run at once and .venv exists. .ci/browser_test.sh runs it when needed.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
if [ "${1:-}" = "--after-install" ]; then
    while [ ! -f .venv/.qsearch-build-stamp ]; do sleep 5; done
fi
# only what is missing: a machine whose Node.js came from elsewhere (its own npm) refuses
# Debian's npm beside it ("held broken packages")
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v npm >/dev/null 2>&1 || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
    SUDO=""
    if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}"
fi
bash scripts/build_lite.sh
echo "browser step prepared (Chromium, npm, the site) in $(( $(date +%s) - start )) s"
