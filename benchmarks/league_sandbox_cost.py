"""What a bubblewrap jail costs an agent's process (issues 32 and 42): the seconds to start
one (a new interpreter that imports qsearch, in a jail or not) until it is ready, to load an
agent and answer its first move, to play the first move of a second game (a fresh child
forked for it), and to close it; the jail with its seccomp filter and memory cgroup where
they can be had, and without them (the jail of issue 32). Writes a markdown table:

    .venv/bin/python benchmarks/league_sandbox_cost.py --out benchmarks/league

The two kinds of process are started in turns (jail, no jail, jail, ...) so that the
machine's load falls on both alike; each figure is the median of ``--repeats`` starts, with
the smallest and the largest.
"""
from __future__ import annotations

import argparse
import dataclasses
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
    sandbox.new_game(GAME, [], 0, 2)
    sandbox.choose([], 10.0)
    t3 = time.perf_counter()
    sandbox.close()
    t4 = time.perf_counter()
    return {"start": t1 - t0, "first move": t2 - t1, "next game": t3 - t2,
            "close": t4 - t3, "total": t4 - t0}


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
    bare = dataclasses.replace(jail, seccomp=False, memory_cgroups=None)
    kinds = {"bubblewrap jail": jail, "jail without filter and cgroup": bare, "no jail": None}
    runs: dict[str, list[dict]] = {name: [] for name in kinds}
    load = os.getloadavg()[0]
    for _ in range(args.repeats):
        for name, kind in kinds.items():
            runs[name].append(one(spec, kind))
    steps = ["start", "first move", "next game", "close", "total"]
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
    def extra(name: str) -> float:
        return 1000 * (statistics.median(r["total"] for r in runs[name]) -
                       statistics.median(r["total"] for r in runs["no jail"]))

    lines += ["", f"The jail adds {extra('bubblewrap jail'):.0f} ms to a process's whole life "
              f"({extra('jail without filter and cgroup'):.0f} ms without the filter and the "
              "cgroup; median against median); a league pays it once per agent and playing "
              "process, not per game: the processes (and their jails) are kept between "
              "games, and each game forks a fresh child in them (\"next game\")."]
    text = "\n".join(lines) + "\n"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "SANDBOX_COST.md").write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
