#!/usr/bin/env bash
# Set up qsearch on a fresh Debian machine (root, Python 3.11): system packages when they are
# missing, a virtual environment in .venv, and the package built with its compiled parts.
#   bash scripts/install.sh lessons   -> JupyterLab, widgets, Graphviz, plotting
#   bash scripts/install.sh test      -> pytest, nbval, OpenSpiel, linters and what the lessons
#                                        import (what CI runs: no JupyterLab, no Voila)
#   bash scripts/install.sh dev       -> both, plus what rebuilding in place needs
# Run again after a pull: it rebuilds only if a .pyx/.pxd, setup.py or the Python version
# changed, and installs the extra's dependencies again only if their list in pyproject.toml did.
set -euo pipefail
extra="${1:-lessons}"
case "$extra" in lessons|test|dev) ;; *) echo "usage: $0 lessons|test|dev" >&2; exit 2 ;; esac
cd "$(dirname "$0")/.."

# apt-get, waiting while another package manager (an unattended upgrade, a second terminal)
# holds dpkg's or apt's lock, instead of failing at once with exit code 100.
APT_LOCK_WAIT=${APT_LOCK_WAIT:-600}; APT_LOCK_POLL=${APT_LOCK_POLL:-5}
apt_get() {
  local waited=0 out status
  while :; do
    out=$(DEBIAN_FRONTEND=noninteractive $SUDO apt-get "$@" 2>&1) && status=0 || status=$?
    if [ "$status" -ne 0 ] && grep -qiE 'could not get lock|unable to lock|is another process using it' <<<"$out"; then
      if [ "$waited" -ge "$APT_LOCK_WAIT" ]; then
        echo "$out" >&2
        echo "error: another package manager (apt or dpkg) has held its lock for ${waited} s; let it" \
             "finish (ps aux | grep -E 'apt|dpkg'), then run this script again" >&2
        return "$status"
      fi
      [ "$waited" -eq 0 ] && echo "another package manager (apt or dpkg) is running: waiting for it to finish" \
                                  "(up to ${APT_LOCK_WAIT} s; APT_LOCK_WAIT sets it)"
      sleep "$APT_LOCK_POLL"; waited=$((waited + (APT_LOCK_POLL > 0 ? APT_LOCK_POLL : 1)))
      continue
    fi
    [ -n "$out" ] && echo "$out"
    return "$status"
  done
}

need=()
command -v dot >/dev/null 2>&1 || need+=(graphviz)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v bwrap >/dev/null 2>&1 || need+=(bubblewrap)   # the class league's agent jail
{ ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null | grep 'libseccomp\.so\.2' >/dev/null \
  || need+=(libseccomp2)       # the jail's seccomp filter
python3 -c "import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()['include'], 'Python.h')))" \
  || need+=(python3-dev)
python3 -c "import ensurepip, venv" 2>/dev/null || need+=(python3-venv)
if [ ${#need[@]} -gt 0 ]; then
  echo "installing system packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  apt_get update -qq
  apt_get install -y -qq "${need[@]}"
fi

[ -x .venv/bin/python ] || python3 -m venv .venv

# Two steps, each skipped when already done:
# 1. the extra's dependencies (read from pyproject.toml), with pip's progress shown;
# 2. qsearch itself, editable, built only when a source of the compiled modules, setup.py or
#    the Python version changed -- whatever the extra (the build does not depend on it).
# Without a working C compiler step 2 installs the pure-Python stand-ins (qsearch warns at
# import); this script installs gcc first when it can.
t0=$(date +%s)
deps_stamp=".venv/.qsearch-deps-$extra"
deps=$(.venv/bin/python - "$extra" <<'PY'
import sys, tomllib
project = tomllib.load(open("pyproject.toml", "rb"))["project"]
extras = project["optional-dependencies"]
wanted, todo = [], [sys.argv[1]]
while todo:                              # "qsearch[lessons,test]" names other extras
    for dep in extras[todo.pop()]:
        if dep.startswith("qsearch["):
            todo += dep[len("qsearch["):-1].split(",")
        elif dep not in wanted:
            wanted.append(dep)
print("\n".join(project["dependencies"] + wanted + ["setuptools>=77", "wheel", "Cython>=3"]))
PY
)
deps_print=$(echo "$deps" | LC_ALL=C sort | sha256sum | cut -d' ' -f1)
if [ -f "$deps_stamp" ] && [ "$(cat "$deps_stamp")" = "$deps_print" ]; then
  echo "[1/2] the $extra dependencies are installed"
else
  echo "[1/2] installing the $extra dependencies (the first time takes a few minutes)"
  .venv/bin/python -m pip install --upgrade pip --progress-bar on
  echo "$deps" | tr '\n' '\0' | xargs -0 .venv/bin/python -m pip install --progress-bar on
  .venv/bin/python -m ipykernel install --sys-prefix --name python3 >/dev/null 2>&1 || true
  echo "$deps_print" > "$deps_stamp"
fi

stamp=.venv/.qsearch-build-stamp
fingerprint=$( { .venv/bin/python -V;
                 find qsearch -name '*.pyx' -o -name '*.pxd' | LC_ALL=C sort | xargs cat;
                 cat setup.py; } | sha256sum | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$fingerprint" ] \
   && .venv/bin/python -c "import qsearch.search._engine, qsearch.games" 2>/dev/null; then
  echo "[2/2] qsearch is built and no source changed: build reused"
else
  rm -f "$stamp"
  echo "[2/2] building qsearch's compiled modules ($(nproc) in parallel, about a minute)"
  # pip shows the build only with -v, and then all of it: the full log goes to a file and
  # each module is named as Cython translates it and as the compiler starts on it.
  build_log=.venv/.qsearch-build.log
  : > "$build_log"
  t_build=$SECONDS
  PYTHONUNBUFFERED=1 .venv/bin/python -m pip install -v --no-deps --no-build-isolation -e . 2>&1 \
    | while IFS= read -r line; do
        printf '%s\n' "$line" >> "$build_log"
        if [[ $line =~ \[\ *([0-9]+/[0-9]+)\]\ Cythonizing\ ([^ ]+)\.pyx ]]; then
          echo "  [$((SECONDS - t_build)) s] cythonizing ${BASH_REMATCH[2]} (${BASH_REMATCH[1]})"
        elif [[ $line =~ building\ \'([^\']+)\'\ extension ]]; then
          echo "  [$((SECONDS - t_build)) s] compiling ${BASH_REMATCH[1]//.//}"
        elif [[ $line =~ ^[[:space:]]*(ERROR|error:|warning:\ qsearch) ]]; then
          echo "$line"
        fi
      done || true
  echo "  built in $((SECONDS - t_build)) s (pip's full output: $build_log)"
  .venv/bin/python -c "import qsearch, sys; sys.exit(0 if qsearch.compiled else 1)" \
    || echo "warning: no C compiler: qsearch runs in pure-Python mode (slower)"
  .venv/bin/python -c "import qsearch" \
    || { tail -n 30 "$build_log" >&2; echo "qsearch did not install (see $build_log)" >&2; exit 1; }
  echo "$fingerprint" > "$stamp"
fi
# Voila shows a lesson with qsearch's template (Voila's lab template without the Font Awesome
# stylesheets it fetches from a CDN; the icons come from Voila's own files): an editable install
# does not copy data files, so the template goes into the venv here, and the venv's voila.json
# picks it (no other Voila is touched; written whatever the extra, for a Voila installed later).
mkdir -p .venv/share/jupyter/voila/templates .venv/etc/jupyter
cp -r share/jupyter/voila/templates/qsearch .venv/share/jupyter/voila/templates/
printf '{"VoilaConfiguration": {"template": "qsearch"}}\n' > .venv/etc/jupyter/voila.json
# JupyterLab saves the widgets' state with a notebook (the widget manager's saveState), so a
# lesson a student ran and autosaved reopens with its widgets drawn, not "Error displaying
# widget: model not found". A default of this venv's JupyterLab (overrides.json); a user's own
# setting still wins.
.venv/bin/python - <<'PY'
import json, pathlib, sys
path = pathlib.Path(sys.prefix, "share", "jupyter", "lab", "settings", "overrides.json")
settings = json.loads(path.read_text()) if path.exists() else {}
settings.setdefault("@jupyter-widgets/jupyterlab-manager:plugin", {})["saveState"] = True
path.parent.mkdir(parents=True, exist_ok=True)
path.write_text(json.dumps(settings, indent=2) + "\n")
PY
# The shipped lessons are trusted, so JupyterLab shows their saved pictures and widgets on
# first open instead of Python reprs (trust is per user: this records their signatures).
.venv/bin/jupyter trust notebooks/*.ipynb >/dev/null 2>&1 || true
echo "qsearch is installed in .venv ($extra) in $(( $(date +%s) - t0 )) s"
case "$extra" in
  lessons) tools="qsearch, jupyter lab, voila" ;;
  test) tools="qsearch, pytest, ruff, cython-lint (no JupyterLab or Voila: those are in lessons)" ;;
  dev) tools="qsearch, jupyter lab, voila, pytest, ruff, cython-lint, pre-commit" ;;
esac
echo "activate it (source .venv/bin/activate) to use $tools"
