"""Document 002's time tables (4.1, 4.2, 4.7, 4.8, 4.13-4.15): its seconds per move beside ours.

The same measurement the tournament's ``--calibrate`` makes (mean seconds per decision over
the ten starting positions and positions 8 and 16 random plies later, best of N each), with
the MCTS iterations that take as long as the search the document matched them with.
"""
from __future__ import annotations


def time_table(repeats: int) -> list[dict]:
    """One row per search of the document's time tables."""
    from qsearch.arena.tournament import calibrate, time_rows

    cal = calibrate(None, repeats=repeats)
    rows = []
    for r in time_rows(cal):
        rows.append({"table": r["table"], "game": r["game"], "player": r["player"],
                     "document s/move": f"{r['document (s)']:.4g}",
                     "ours s/move": f"{r['ours (s)']:.3g}",
                     "x faster": f"{r['x faster']:,.0f}"})
    for game, its in cal["iterations"].items():
        for spec, n in its.items():
            rows.append({"table": "time-matched", "game": game, "player": spec,
                         "document s/move": "", "ours s/move": "", "x faster": f"{n} iterations"})
    return rows


def sections(options) -> list[tuple]:
    """The tournament time table for ``python -m qsearch bench``."""
    from qsearch.bench._timing import repeats_of

    repeats = repeats_of(options)
    return [("tournament-times",
             "Document 002's seconds per move (tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15) beside "
             f"ours (CPU time per move, best of {repeats}), and the time-matched MCTS "
             "iterations",
             lambda: time_table(repeats))]
