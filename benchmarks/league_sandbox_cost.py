"""What a bubblewrap jail costs an agent's process (issue 32): the seconds to start one (a
new interpreter that imports qsearch, in a jail or not) until it is ready, to load an agent
and answer its first move, and to close it. Writes a markdown table:

    .venv/bin/python benchmarks/league_sandbox_cost.py --out benchmarks/league

The two kinds of process are started in turns (jail, no jail, jail, ...) so that the
machine's load falls on both alike; each figure is the median of ``--repeats`` starts, with
the smallest and the largest.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

from qsearch.league import Limits, Sandbox, read_agent
from qsearch.league.examples import path as example_path
from qsearch.league.jail import find_jail

GAME = {"name": "connect4", "module": None, "factory": False}


def one(spec, jail) -> dict:
    """Seconds of each step for one process."""
    sandbox = Sandbox(spec, Limits(move_time=10.0), jail=jail)
    t0 = time.perf_counter()
    sandbox.start()
    t1 = time.perf_counter()
    sandbox.new_game(GAME, [], 0, 1)
    sandbox.choose([], 10.0)
    t2 = time.perf_counter()
    sandbox.close()
    t3 = time.perf_counter()
    return {"start": t1 - t0, "first move": t2 - t1, "close": t3 - t2, "total": t3 - t0}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="benchmarks/league", help="where the table goes")
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args(argv)
    jail, why = find_jail()
    if jail is None:
        print(f"no jail here: {why}", file=sys.stderr)
        return 1
    spec = read_agent(example_path("alphabeta_agent"))
    runs: dict[str, list[dict]] = {"bubblewrap jail": [], "no jail": []}
    load = os.getloadavg()[0]
    for _ in range(args.repeats):
        runs["bubblewrap jail"].append(one(spec, jail))
        runs["no jail"].append(one(spec, None))
    steps = ["start", "first move", "close", "total"]
    lines = [f"`{' '.join([Path(sys.executable).name, *sys.argv])}` ({os.cpu_count()} "
             f"cores, {time.strftime('%Y-%m-%d')}; load average {load:.1f} before, "
             f"{os.getloadavg()[0]:.1f} after); {jail.describe()}, as "
             f"{'root' if jail.as_root else 'an ordinary user'}", "",
             "Seconds an agent's process costs (the alpha-beta example on Connect-4): median "
             f"of {args.repeats} (smallest-largest).", "",
             "| process | " + " | ".join(steps) + " |", "|---|" + "---|" * len(steps)]
    for name, rows in runs.items():
        cells = []
        for step in steps:
            values = [r[step] for r in rows]
            cells.append(f"{statistics.median(values):.3f} ({min(values):.3f}-"
                         f"{max(values):.3f})")
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    extra = statistics.median(r["total"] for r in runs["bubblewrap jail"]) - \
        statistics.median(r["total"] for r in runs["no jail"])
    lines += ["", f"The jail adds {extra * 1000:.0f} ms to a process's whole life (median "
              "against median); a league pays it once per agent and playing process, not "
              "per game: the processes (and their jails) are kept between games."]
    text = "\n".join(lines) + "\n"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "SANDBOX_COST.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
