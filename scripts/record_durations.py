"""Record how long each test file and notebook took, for the order the test runs start them in.

    python -m pytest -n auto --durations=0 | tee whole.log
    QSEARCH_PURE=1 python -m pytest -n auto tests -m "not slow" --durations=0 | tee pure.log
    python scripts/record_durations.py --compiled whole.log --pure pure.log \
        --browser browser.log      # .ci/browser_test.sh's output (it passes --durations)

(any of the three: a part without its log keeps its recorded durations) writes
``tests/durations.json``: for each build (compiled, pure), the seconds each file's tests
took (call, setup and teardown, summed from pytest's ``--durations`` lines), longest first;
for the real-browser tests, which are dealt out one test at a time (``--dist load``), each
test's seconds. ``conftest.py`` starts the longest first, so none of them starts last and keeps
one worker busy after the other is done (a file runs whole on one worker: ``--dist loadfile``).
A stale record costs only time, never a result; what is missing from it starts after the rest.
"""
from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "durations.json"
LINE = re.compile(r"^\s*([0-9.]+)s (?:call|setup|teardown)\s+(([^:\s]+)::.+?)\s*$")


def seconds_by(log: str, per_test: bool = False) -> dict[str, float]:
    """{file: seconds} (or {test id: seconds}) from the ``--durations`` lines of a pytest log,
    longest first."""
    total: Counter = Counter()
    for line in log.splitlines():
        match = LINE.match(line)
        if match:
            total[match.group(2) if per_test else match.group(3)] += float(match.group(1))
    if not total:
        raise ValueError("no --durations lines in the log: run pytest with --durations=0")
    return {name: round(seconds, 1) for name, seconds in total.most_common()}


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compiled", type=Path,
                        help="the log of a whole run with --durations=0")
    parser.add_argument("--pure", type=Path,
                        help="the log of the pure-Python quick tier with --durations=0")
    parser.add_argument("--browser", type=Path,
                        help="the log of .ci/browser_test.sh")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    logs = {"compiled": args.compiled, "pure": args.pure, "browser": args.browser}
    if not any(logs.values()):
        parser.error("give at least one log (--compiled, --pure, --browser); the parts "
                     "without one keep their recorded durations")
    old = json.loads(args.out.read_text(encoding="utf-8")) if args.out.exists() else {}
    record = {part: (seconds_by(log.read_text(encoding="utf-8"), per_test=part == "browser")
                     if log else old.get(part, {}))
              for part, log in logs.items()}
    args.out.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: " + ", ".join(f"{len(v)} {k}" for k, v in record.items()))


if __name__ == "__main__":
    main()
