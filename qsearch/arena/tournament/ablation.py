"""Connect-4: which of our players' settings, changed one at a time, moves alpha-beta's score
against MCTS towards document 002's?

The document's alpha-beta scores 87% of the points against its MCTS over tables 4.5 and 4.6
(every depth 3-7 against every count 8-20,000, both colours, ten positions: 600 games); ours
scores less. Our players differ from the document's in settings it states otherwise or does
not state. Each *arm* (:data:`ARMS`) plays the 600 games of tables 4.5 and 4.6 again (the
same seeds, the document's depths and counts) with one setting changed
(:func:`~qsearch.arena.tournament.players.make_player`'s variant), into a directory of its
own (``<directory>/<arm>/4.5.jsonl``, resumable like every table); :func:`ablation_rows`
gives alpha-beta's share in each arm with its Wilson interval and computed verdicts against
ours and against the document's share.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

from qsearch.arena.stats import wilson_interval
from qsearch.arena.tournament.records import read_records
from qsearch.arena.tournament.runner import run
from qsearch.arena.tournament.tables import DOC_RESULTS, TABLES
from qsearch.i18n import _, general, number, percent

BASE_TABLES = ("4.5", "4.6")            # MCTS - alpha-beta, alpha-beta - MCTS


@dataclass(frozen=True)
class Arm:
    """One set of games: ``variant`` changes these settings from ours (empty: ours)."""

    slug: str                           # its directory's name
    label: str
    variant: dict = field(default_factory=dict)
    why: str = ""


ARMS = (
    Arm("ours", "ours", {}, "centre-first order, win decay 1, c = sqrt 2, random rollouts"),
    Arm("game-order", "alpha-beta in the game's order", {"order": "game"},
        "columns left to right, as the document's 'foreach hijo de nodo' in the game's order"),
    Arm("win-decay-0", "no faster-win preference", {"win_decay": 0.0},
        "every win scores alike, as the document's infinity"),
    Arm("c-0.25", "MCTS c = 0.25", {"c": 0.25}, "about a sixth of ours"),
    Arm("c-0.5", "MCTS c = 0.5", {"c": 0.5}, "about a third of ours"),
    Arm("c-2.83", "MCTS c = 2 sqrt 2", {"c": 2 * math.sqrt(2)},
        "twice ours: sqrt 2 on rewards in [0, 1] is 2 sqrt 2 on ours in [-1, 1]"),
    Arm("c-5.66", "MCTS c = 4 sqrt 2", {"c": 4 * math.sqrt(2)}, "four times ours"),
    Arm("document-like", "all three: game order, no decay, c = 2 sqrt 2",
        {"order": "game", "win_decay": 0.0, "c": 2 * math.sqrt(2)},
        "the three changes together"),
)


def arm(slug: str) -> Arm:
    """The arm named ``slug``; ValueError naming the arms otherwise."""
    for a in ARMS:
        if a.slug == slug:
            return a
    raise ValueError(f"unknown arm {slug!r}; choose from {', '.join(a.slug for a in ARMS)}")


def run_ablation(directory: str | Path, slugs=None, *, executor=None, progress: bool = True,
                 limit: int | None = None) -> dict:
    """Play the arms (``slugs``: all when None) into ``<directory>/<slug>/``; games already
    recorded are skipped. Returns {slug: :class:`~qsearch.arena.tournament.runner.RunReport`}."""
    chosen = ARMS if slugs is None else [arm(s) for s in slugs]
    return {a.slug: run(list(BASE_TABLES), Path(directory) / a.slug, executor=executor,
                        progress=progress, limit=limit, variant=a.variant or None)
            for a in chosen}


def alphabeta_points(records: dict, table_id: str) -> tuple[float, int]:
    """(alpha-beta's points, games) in one table's records: it is the column (first seat)
    in 4.5 and the row (white) in 4.6; a draw is half a point."""
    table = TABLES[table_id]
    ab_is_row = table.rows[0].startswith("ab")
    points = sum(r["white"] if ab_is_row else 1 - r["white"] for r in records.values())
    return points, len(records)


def document_points() -> tuple[float, int]:
    """(alpha-beta's points, games) in the document's tables 4.5 and 4.6."""
    points = games = 0
    for tid in BASE_TABLES:
        ab_is_row = TABLES[tid].rows[0].startswith("ab")
        for row in DOC_RESULTS[tid]:
            points += sum(row) if ab_is_row else sum(10 - x for x in row)
            games += 10 * len(row)
    return points, games


def arm_points(directory: str | Path, slug: str) -> tuple[float, int]:
    """(alpha-beta's points, games) over the arm's records of tables 4.5 and 4.6."""
    points = games = 0
    for tid in BASE_TABLES:
        p, n = alphabeta_points(read_records(Path(directory) / slug / f"{tid}.jsonl"), tid)
        points, games = points + p, games + n
    return points, games


def difference_interval(a: tuple[float, int], b: tuple[float, int],
                        confidence: float = 0.95) -> tuple[float, float, float]:
    """(difference, low, high) of the shares a - b, Newcombe's interval from the two Wilson
    intervals (his method 10)."""
    (pa, na), (pb, nb) = a, b
    p, q = pa / na, pb / nb
    la, ua = wilson_interval(pa, na, confidence)
    lb, ub = wilson_interval(pb, nb, confidence)
    return (p - q, p - q - math.hypot(p - la, ub - q), p - q + math.hypot(ua - p, q - lb))


def _verdict(low: float, high: float, above: str, below: str, neither: str) -> str:
    return above if low > 0 else below if high < 0 else neither


def ablation_rows(directory: str | Path, slugs=None) -> list[dict]:
    """One row per arm: alpha-beta's points, games, share and Wilson 95% interval; the
    difference from ours and from the document's share (Newcombe 95% intervals) and their
    verdicts, computed."""
    chosen = ARMS if slugs is None else [arm(s) for s in slugs]
    ours = arm_points(directory, "ours")
    doc = document_points()
    rows = []
    for a in chosen:
        pts = arm_points(directory, a.slug)
        low, high = wilson_interval(*pts)
        d_ours = difference_interval(pts, ours)
        d_doc = difference_interval(pts, doc)
        rows.append({
            "arm": a.slug, "label": a.label, "variant": dict(a.variant), "why": a.why,
            "points": pts[0], "games": pts[1], "share": pts[0] / pts[1], "low": low,
            "high": high, "vs ours": d_ours, "vs document": d_doc,
            "towards the document": "-" if a.slug == "ours" else _verdict(
                d_ours[1], d_ours[2], "yes", "no: away from it", "cannot tell"),
            "the document's share": _verdict(d_doc[1], d_doc[2], "above it", "below it",
                                             "cannot tell apart"),
        })
    return rows


def by_count(directory: str | Path, slug: str) -> dict[str, tuple[float, int]]:
    """Alpha-beta's (points, games) against each MCTS count in the arm's games."""
    out: dict[str, list] = {}
    for tid in BASE_TABLES:
        for r in read_records(Path(directory) / slug / f"{tid}.jsonl").values():
            ab_is_row = r["row"].startswith("ab")
            count = r["col"] if ab_is_row else r["row"]
            got = out.setdefault(count, [0.0, 0])
            got[0] += r["white"] if ab_is_row else 1 - r["white"]
            got[1] += 1
    return {k: (v[0], v[1]) for k, v in out.items()}


def _one(x: float) -> str:
    return number(x, 1, grouped=False)


def _points(x: float) -> str:
    """Percentage points, signed, one decimal (``+19.4``; Spanish ``+19,4``)."""
    return ("-" if x < 0 else "+") + _one(abs(x))


def ablation_markdown(rows: list[dict]) -> str:
    """:func:`ablation_rows` as a markdown table (shares in %), in the language in use."""
    lines = ["| " + " | ".join(_(h) for h in (
        "arm", "what changes", "alpha-beta's points / games", "share [95%]", "minus ours [95%]",
        "towards the document?", "against the document's share")) + " |",
        "|---|---|---|---|---|---|---|"]
    for r in rows:
        d, lo, hi = r["vs ours"]
        diff = "-" if r["arm"] == "ours" else _("{d} [{lo} to {hi}]").format(
            d=_points(100 * d), lo=_points(100 * lo), hi=_points(100 * hi))
        doc = _(r["the document's share"])
        lines.append(f"| {_(r['label'])} | {_(r['why'])} | {general(r['points'])} / "
                     f"{r['games']} | {percent(r['share'], 1)} [{_one(100 * r['low'])}-"
                     f"{_one(100 * r['high'])}] | {diff} | {_(r['towards the document'])} | "
                     f"{doc} |")
    return "\n".join(lines)
