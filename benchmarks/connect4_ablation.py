"""Connect-4 ablation: document 002's tables 4.5 and 4.6 played again with one setting of our
players changed at a time (:mod:`qsearch.arena.tournament.ablation`).

    .venv/bin/python benchmarks/connect4_ablation.py --workers 2        # every arm
    .venv/bin/python benchmarks/connect4_ablation.py ours c-0.5         # some arms

Each arm's games go to ``<out>/<arm>/4.5.jsonl`` and ``4.6.jsonl`` as they finish, so a killed
run resumes where it stopped; the summary is written to ``<out>/ablation.md``. Notebook 07
reads the records.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def main(argv=None) -> int:
    """Play the arms, print what was played and the summary table; 0 on success."""
    from qsearch.arena.tournament import ARMS, ablation_markdown, ablation_rows, run_ablation

    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("arms", nargs="*", help=f"arms to play (default all: "
                   f"{', '.join(a.slug for a in ARMS)})")
    p.add_argument("--out", default="benchmarks/tournaments/ablation",
                   help="folder of the records (default: %(default)s)")
    p.add_argument("--workers", type=int, default=1, help="a local process pool of N")
    args = p.parse_args(argv)
    if args.workers < 1:
        p.error(f"--workers must be >= 1, not {args.workers}")
    slugs = args.arms or None
    start = time.perf_counter()
    pool = None
    if args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(args.workers)
    try:
        reports = run_ablation(args.out, slugs, executor=pool, progress=False)
    finally:
        if pool is not None:
            pool.shutdown()
    for slug, rep in reports.items():
        played, skipped = sum(rep.played.values()), sum(rep.skipped.values())
        print(f"arm {slug}: {played} games played ({skipped} already recorded), "
              f"{sum(rep.wall.values()):.1f} s", file=sys.stderr)
    print(f"wall time {time.perf_counter() - start:.1f} s", file=sys.stderr)
    if slugs is None or "ours" in slugs:
        text = ablation_markdown(ablation_rows(args.out, slugs))
        Path(args.out, "ablation.md").write_text(text + "\n")
        print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
