"""Document 002's time tables (4.1, 4.2, 4.7, 4.8, 4.13-4.15): its seconds per move beside ours.

The same measurement the tournament's ``--calibrate`` makes (mean seconds per decision over
the ten starting positions and positions 8 and 16 random plies later, best of N each), with
the MCTS iterations that take as long as the search the document matched them with.
"""
from __future__ import annotations

from qsearch.bench._words import significant
from qsearch.i18n import _, number


def time_table(repeats: int) -> list[dict]:
    """One row per search of the document's time tables."""
    from qsearch.arena.tournament import calibrate, time_rows

    cal = calibrate(None, repeats=repeats)
    rows = []
    for r in time_rows(cal):
        rows.append({"table": r["table"], "game": r["game"], "player": r["player"],
                     "document s/move": significant(r["document (s)"], 4),
                     "ours s/move": significant(r["ours (s)"], 3),
                     "x faster": number(r["x faster"], 0)})
    for game, its in cal["iterations"].items():
        for spec, n in its.items():
            rows.append({"table": _("time-matched"), "game": game, "player": spec,
                         "document s/move": "", "ours s/move": "",
                         "x faster": _("{n} iterations").format(n=number(n, grouped=False))})
    return rows


def sections(options) -> list[tuple]:
    """The tournament time table for ``python -m qsearch bench``."""
    from qsearch.bench._timing import repeats_of

    repeats = repeats_of(options)
    return [("tournament-times",
             _("Document 002's seconds per move (tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15) beside "
               "ours (CPU time per move, best of {repeats}), and the time-matched MCTS "
               "iterations").format(repeats=repeats),
             lambda: time_table(repeats))]
