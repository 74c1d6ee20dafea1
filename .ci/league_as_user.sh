#!/usr/bin/env bash
# The class league's jail checked as an ordinary user (issue 42): CI runs as root, where
# bubblewrap makes the namespaces with root's rights and setpriv drops them; a teacher runs
# the league as an ordinary user, where bubblewrap makes a user namespace and no memory
# cgroup can be made. This runs the hostile corpus and the jail's tests as a throwaway user.
#
# Usage (as root, from .ci/run, after scripts/install.sh): bash .ci/league_as_user.sh
# [TEST ...]; QSEARCH_CI_PYTHON names another interpreter than .venv's.
# It needs useradd/userdel (passwd), runuser and unshare (util-linux). The interpreter of
# .venv may live under /root (pyenv), which an ordinary user cannot enter: the tests run in a
# private mount namespace whose /root is an empty, readable tmpfs showing only the
# interpreter's folder (and the checkout, when it is under /root). Nothing outside that
# namespace changes but the user, removed at the end when this script made it.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
user=${QSEARCH_CI_USER:-qsearch-ci}
python=${QSEARCH_CI_PYTHON:-$repo/.venv/bin/python}
base=$("$python" -c 'import sys; print(sys.base_prefix)')
made=""
if ! id -u "$user" >/dev/null 2>&1; then
  useradd --create-home --shell /bin/sh "$user"
  made=1
fi
remove_user() {                 # the jails' last processes may take a moment to end
  [ -n "$made" ] || return 0
  for _ in 1 2 3 4 5 6 7 8 9 10; do
    userdel --remove "$user" 2>/dev/null && return 0
    sleep 1
  done
  echo "warning: could not remove the user $user" >&2
}
trap remove_user EXIT
shown=()
for path in "$base" "$repo"; do
  case $path in /root/*) shown+=("${path#/root/}");; esac
done
tests=("$@")                    # default: the corpus and the jail's tests
[ ${#tests[@]} -gt 0 ] || tests=(tests/test_league_hostile.py tests/test_league_hostile_cpu.py
                                 tests/test_league_jail.py tests/test_league_sandbox.py)
# shellcheck disable=SC2016  # expanded by the inner shell
unshare --mount --propagation private -- bash -c '
  set -euo pipefail
  user=$1; repo=$2; python=$3; shift 3
  real=$(mktemp -d)
  mount --bind /root "$real"
  mount -t tmpfs -o mode=755,size=1m qsearch-ci-root /root
  while [ "$1" != "--" ]; do
    mkdir -p "/root/$1"
    mount --bind "$real/$1" "/root/$1"
    shift
  done
  shift
  cd "$repo"
  runuser -u "$user" -- env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="/home/$user" \
    CI="${CI:-}" PYTHONPATH="$repo" "$python" -m pytest -p no:cacheprovider -q "$@"
' league-as-user "$user" "$repo" "$python" "${shown[@]}" -- "${tests[@]}" \
  -W "ignore::pytest.PytestUnraisableExceptionWarning"
echo "== the league's jail checked as the ordinary user $user"
