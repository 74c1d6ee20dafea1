"""Wall time of a class league of 30 agents on Connect-4 at 0.1 s a move, and its projection
on a Dask cluster of N workers (issue 24). Writes a markdown table:

    .venv/bin/python benchmarks/league_benchmark.py --out benchmarks/league

The 30 agents stand for a class: five each of random, greedy one-ply, alpha-beta at depth 2,
4 and 6 (the shipped example with another DEPTH), and an iterative-deepening alpha-beta that
uses half its 0.1 s. Each runs in its own process with the league's limits. The league is
played from scratch on a local process pool once for each ``--sandbox`` mode (``require``:
every agent in a bubblewrap jail; ``none``: processes without one, as before issue 32), and
on a Dask ``LocalCluster`` with the same number of workers (the first mode); the Dask run's
task times (each task: up to eight games of a pair, its agents' processes included) give
the projection for N workers: the sum of the task times over N, but never below the longest
task.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
import time
from pathlib import Path

from qsearch.league import Limits, run_league
from qsearch.league.examples import path as example_path

DEEPENING = '''"""Iterative deepening alpha-beta that stops at half its time (a student's agent)."""
from qsearch.search import iterative_deepening

NAME = "deepening {k}"


def choose(state):
    from qsearch.heuristics.connect4 import line_weights
    result = iterative_deepening(state, 12, line_weights, time_limit=MOVE_TIME / 2, tt=18)
    return result.action if result.action is not None else state.legal_actions()[0]
'''


def make_agents(folder: Path, per_kind: int = 5) -> list[Path]:
    """Write the class's agents into ``folder``: ``per_kind`` of each of six kinds."""
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for k in range(per_kind):
        for kind in ("random_agent", "greedy_agent"):
            text = example_path(kind).read_text()
            target = folder / f"{kind.split('_')[0]}_{k}.py"
            target.write_text(text.replace('NAME = "', f'NAME = "{k} '))
            files.append(target)
        for depth in (2, 4, 6):
            text = example_path("alphabeta_agent").read_text()
            text = text.replace("DEPTH = 4", f"DEPTH = {depth}").replace(
                'NAME = "alpha-beta depth 4"', f'NAME = "alpha-beta depth {depth} #{k}"')
            target = folder / f"alphabeta{depth}_{k}.py"
            target.write_text(text)
            files.append(target)
        target = folder / f"deepening_{k}.py"
        target.write_text(DEEPENING.format(k=k))
        files.append(target)
    return files


JAILS = {"require": "bubblewrap jails", "none": "no jail", "auto": "jails when available"}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="benchmarks/league", help="where the table goes")
    parser.add_argument("--per-kind", type=int, default=5, help="agents of each of 6 kinds")
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--move-time", type=float, default=0.1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--project", default="4,8,16,32", help="worker counts to project")
    parser.add_argument("--sandbox", default="require,none",
                        help="sandbox modes of the pool runs, the first also on Dask")
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="qsearch-league-bench-"))
    agents = make_agents(work / "agents", args.per_kind)
    limits = Limits(move_time=args.move_time)
    common = dict(limits=limits, games_per_pair=args.games_per_pair, progress=False,
                  samples=1000)
    runs = {}
    modes = args.sandbox.split(",")
    start_load = os.getloadavg() if hasattr(os, "getloadavg") else None
    for mode in modes:
        runs[f"process pool, {JAILS[mode]}"] = run_league(
            "connect4", work / "agents", work / f"pool-{mode}", workers=args.workers,
            sandbox=mode, **common)
    pooled = runs[f"process pool, {JAILS[modes[0]]}"]
    from dask.distributed import Client, LocalCluster

    with LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        on_dask = run_league("connect4", work / "agents", work / "dask",
                             executor=client.get_executor(), sandbox=modes[0], **common)
    runs[f"Dask LocalCluster, {JAILS[modes[0]]}"] = on_dask
    end_load = os.getloadavg() if hasattr(os, "getloadavg") else None
    timeless = [k for k, r in enumerate(on_dask.records)      # no agent reads the clock
                if not (r["a"].startswith("deepening") or r["b"].startswith("deepening"))]
    same = sum(pooled.records[k]["actions"] == on_dask.records[k]["actions"] for k in timeless)
    tasks = on_dask.task_seconds
    total, longest = sum(tasks), max(tasks)
    moves = sum(len(t) for r in on_dask.records for t in r["times"])
    forfeits = len(on_dask.forfeits())
    lines = [
        f"`{' '.join([Path(sys.executable).name, *sys.argv])}` on {platform.node() or 'this'}"
        f" ({os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}); load average "
        f"{start_load[0]:.1f} before, {end_load[0]:.1f} after" if start_load else "",
        "",
        f"{len(agents)} agents on Connect-4, {args.move_time:g} s a move, "
        f"{args.games_per_pair} games a pair: {len(on_dask.records)} games, {moves:,} moves, "
        f"{forfeits} forfeits. Games without an agent that reads the clock, identical on the "
        f"pool and on Dask: {same} of {len(timeless)} (the deepening agents' depth depends "
        "on the load).",
        "",
        "| run | workers | wall time | games/s |",
        "|---|---|---|---|",
    ]
    for name, result in runs.items():
        lines.append(f"| {name} | {args.workers} | {result.wall:.0f} s | "
                     f"{len(result.records) / result.wall:.1f} |")
    lines += ["", f"Dask tasks: {len(tasks)}, {total:.0f} s in all, the longest "
              f"{longest:.1f} s. Projected wall time on N workers = max(sum / N, longest) "
              "(scheduling overhead not included):", "", "| workers | projected wall time |",
              "|---|---|"]
    for n in [int(x) for x in args.project.split(",")]:
        lines.append(f"| {n} | {max(total / n, longest):.0f} s |")
    lines += ["", "Leaderboard of the Dask run (top 10):", "",
              "\n".join(on_dask.to_markdown().splitlines()[:12])]
    text = "\n".join(lines) + "\n"
    (out / "RESULTS.md").write_text(text)
    print(text)
    shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
