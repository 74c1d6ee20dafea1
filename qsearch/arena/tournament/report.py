"""Our tables beside the document's: markdown and CSV, seconds per move, games per second.

:func:`write_tables` writes ``tables.md`` and ``tables.csv`` from the records; a results
cell reads as the document writes it, ``"white - red"`` (or ``"white - black"``), a draw
counting 0.5 for each side.
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from qsearch.arena.tournament.calibration import load_calibration
from qsearch.arena.tournament.players import label
from qsearch.arena.tournament.records import read_header, read_records
from qsearch.arena.tournament.tables import (
    DOC_RESULTS,
    DOC_TIMES,
    MATCHED,
    TABLES,
    Table,
    game_keys,
)
from qsearch.arena.tournament.timing import ratio_markdown, ratio_rows
from qsearch.i18n import general


def grid(table: Table, records: dict) -> list[list[float | None]]:
    """White's score per cell (None where games are missing; partial cells are summed)."""
    out = []
    for r in table.rows:
        row = []
        for c in table.cols:
            got = [records[(r, c, k)]["white"] for k in range(1, 11) if (r, c, k) in records]
            row.append(sum(got) if len(got) == 10 else None)
        out.append(row)
    return out


def _fmt(x) -> str:
    if x is None:
        return "..."
    return f"{general(x)} - {general(10 - x)}"


def to_markdown(table: Table, records: dict, its: dict | None = None) -> str:
    """The table as the document writes it, our result and the document's in each cell (in
    the language in use: colours, decimal sign)."""
    its = its or {}
    doc = DOC_RESULTS[table.doc_id]
    ours = grid(table, records)
    head = [f"{table.colour_names[0]} \\ {table.colour_names[1]}"] + [label(c, its.get(c))
                                                          for c in table.cols]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, r in enumerate(table.rows):
        cells = [f"{_fmt(ours[i][j])} ({_fmt(doc[i][j])})" for j in range(len(table.cols))]
        lines.append("| " + " | ".join([label(r, its.get(r))] + cells) + " |")
    return "\n".join(lines)


def to_csv(table: Table, records: dict, its: dict | None = None) -> str:
    """One CSV line per cell: row, column, our white score, the document's."""
    its = its or {}
    doc = DOC_RESULTS[table.doc_id]
    ours = grid(table, records)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["table", "white", "first", "white_score", "doc_white_score", "games"])
    for i, r in enumerate(table.rows):
        for j, c in enumerate(table.cols):
            n = sum((r, c, k) in records for k in range(1, 11))
            w.writerow([table.id, label(r, its.get(r)), label(c, its.get(c)),
                        "" if ours[i][j] is None else ours[i][j], doc[i][j], n])
    return buf.getvalue()


def time_rows(calibration: dict) -> list[dict]:
    """Tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15: the document's seconds per move beside ours."""
    rows = []
    for table_id, (game, specs) in DOC_TIMES.items():
        ours = calibration["times"][table_id]
        for spec, doc in specs.items():
            rows.append({"table": table_id, "game": game, "player": label(spec),
                         "document (s)": doc, "ours (s)": ours[spec],
                         "x faster": doc / ours[spec] if ours[spec] > 0 else float("nan")})
    return rows


def time_markdown(calibration: dict) -> str:
    """:func:`time_rows` as one markdown table, plus the time-matched MCTS iterations."""
    lines = ["| table | game | player | document (s/move) | ours (s/move) | x faster |",
             "|---|---|---|---|---|---|"]
    for r in time_rows(calibration):
        lines.append(f"| {r['table']} | {r['game']} | {r['player']} | "
                     f"{r['document (s)']:.4g} | {r['ours (s)']:.3g} | {r['x faster']:,.0f} |")
    lines += ["", "Time-matched MCTS iterations (the \"time\" pairing): document's count -> "
              "ours, matched to the search the document matched it with (MCTS / partner: the "
              "CPU-time ratio measured in the pair's own games):", "",
              "| game | document | matched with | ours | MCTS / partner | moves timed |",
              "|---|---|---|---|---|---|"]
    for game, its in calibration["iterations"].items():
        for spec, n in its.items():
            ref = MATCHED[game][spec]
            ref = label(ref) if isinstance(ref, str) else f"{label(ref[0])} x {ref[1]:.2f}"
            m = calibration.get("matching", {}).get(game, {}).get(spec)
            measured = " | " if m is None else f"{m['ratio']:.2f} | {m['moves']}"
            lines.append(f"| {game} | {label(spec)} | {ref} | {n} | {measured} |")
    return "\n".join(lines)


def speed_rows(directory: str | Path = "benchmarks/tournaments") -> list[dict]:
    """Per table: games recorded, plies, seconds of play summed over games, games/s on one
    core (from the per-game seconds in the records)."""
    rows = []
    for table in TABLES.values():
        path = Path(directory) / f"{table.id}.jsonl"
        if not path.exists():
            continue
        recs = read_records(path)
        secs = sum(r["seconds"] for r in recs.values())
        rows.append({"table": table.id, "games": len(recs),
                     "plies": sum(r["plies"] for r in recs.values()),
                     "game seconds": secs,
                     "games/s (one core)": len(recs) / secs if secs else float("nan")})
    return rows


def write_tables(directory: str | Path = "benchmarks/tournaments",
                 calibration: dict | None = None) -> str:
    """Write ``tables.md`` and ``tables.csv`` from the records in ``directory``."""
    directory = Path(directory)
    if calibration is None and (directory / "calibration.json").exists():
        calibration = load_calibration(directory)
    md = ["# Document 002's tournaments, replayed\n",
          "Each cell: our result (the document's), white's score first; ten games a cell.\n"]
    csv_parts = []
    for table in TABLES.values():
        path = directory / f"{table.id}.jsonl"
        if not path.exists():
            continue
        header = read_header(path)
        if header is None:
            continue
        records = read_records(path)
        its = header["iterations"]               # the counts the games were played with
        md.append(f"## Table {table.id}: {table.title}\n")
        md.append(f"{len(records)} of {len(game_keys(table))} games recorded.\n")
        md.append(to_markdown(table, records, its) + "\n")
        csv_parts.append(to_csv(table, records, its))
    if calibration is not None:
        md.append("## Seconds per move (tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15)\n")
        md.append(time_markdown(calibration) + "\n")
    try:
        ratios = ratio_rows(directory)
    except ValueError as err:           # records played before per-move times existed
        ratios, md = [], md + [f"(No achieved time ratios: {err}.)\n"]
    if ratios:
        md.append("## Achieved time ratio of the time-matched tables (from the records)\n")
        md.append("MCTS's CPU seconds per move over its partner's: per game (median and "
                  "interquartile range) and pooled over the games (what the calibration "
                  "matched).\n")
        md.append(ratio_markdown(ratios, label) + "\n")
    md.append("## Speed: games per second per table (one core, summed game times)\n")
    md.append("| table | games | plies | seconds (sum) | games/s |\n|---|---|---|---|---|")
    for r in speed_rows(directory):
        md.append(f"| {r['table']} | {r['games']} | {r['plies']} | {r['game seconds']:.1f} | "
                  f"{r['games/s (one core)']:.1f} |")
    text = "\n".join(md) + "\n"
    (directory / "tables.md").write_text(text)
    body = "".join(p if i == 0 else p.split("\n", 1)[1] for i, p in enumerate(csv_parts))
    (directory / "tables.csv").write_text(body)
    return text
