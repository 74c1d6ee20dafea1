"""How well the "time" pairing is matched: MCTS's time per move over its partner's, from the
records' per-move CPU times (``move_cpu_seconds``).

For every time-matched table and every MCTS count in it, :func:`achieved_ratios` gives the
ratio MCTS's seconds per move / its partner's (the search the document matched it with,
:func:`~qsearch.arena.tournament.calibration.partner_of`), one ratio per game, and their
median and quartiles; and the *pooled* ratio, MCTS's mean time per move over all those games
over the partner's, which is what the calibration matched (a search's time per move varies
far more from one position to the next than MCTS's, so the two can differ):

* **paired**, where the table has games between MCTS and its partner: each such game's
  ratio of the two players' mean seconds per move (the same positions, the same moment);
* otherwise (MCTS against MCTS or random): each game's mean seconds per move of MCTS over
  the partner's median per game in the games it plays that MCTS count, in the game's other
  time-matched tables.
"""
from __future__ import annotations

import statistics
from pathlib import Path

from qsearch.arena.tournament.calibration import partner_of
from qsearch.arena.tournament.records import read_header, read_records
from qsearch.arena.tournament.tables import TABLES, Table
from qsearch.i18n import _, number


def seat_times(record: dict, seat: int) -> list[float]:
    """The CPU seconds of each decision of ``seat`` in a record (ValueError for a record
    written before per-move times were recorded)."""
    if "move_cpu_seconds" not in record:
        raise ValueError(f"the record of {record.get('row')}-{record.get('col')} position "
                         f"{record.get('position')} has no per-move times (played before "
                         "they were recorded): play its table again")
    return record["move_cpu_seconds"][seat]


def move_times(record: dict, spec: str) -> list[float]:
    """The seconds of every decision of the player ``spec`` in the game (both seats when
    it plays itself)."""
    return [t for seat, who in ((0, record["col"]), (1, record["row"])) if who == spec
            for t in seat_times(record, seat)]


def mean_time(record: dict, spec: str) -> float | None:
    """Mean seconds per decision of the player ``spec`` in the game; None when it made no
    decision."""
    times = move_times(record, spec)
    return sum(times) / len(times) if times else None


def _pooled(mcts_games: list[dict], spec: str, partner_games: list[dict], partner: str):
    """MCTS's mean seconds per move over all of ``mcts_games`` over the partner's over all
    of ``partner_games``."""
    m = [t for r in mcts_games for t in move_times(r, spec)]
    a = [t for r in partner_games for t in move_times(r, partner)]
    return (sum(m) / len(m)) / (sum(a) / len(a)) if m and a and sum(a) > 0 else float("nan")


def _pair_games(records: dict, a: str, b: str) -> list[dict]:
    return [r for r in records.values() if {r["row"], r["col"]} == {a, b} and a != b]


def _summary(ratios: list[float]) -> tuple[float, float, float]:
    """(median, first quartile, third quartile)."""
    if len(ratios) == 1:
        return ratios[0], ratios[0], ratios[0]
    q1, med, q3 = statistics.quantiles(ratios, n=4, method="inclusive")
    return med, q1, q3


def achieved_ratios(tables: dict[str, dict], iterations: dict | None = None) -> list[dict]:
    """One row per (time-matched table, MCTS count in it): the ratio MCTS / partner per
    game (see the module's docstring), its median and quartiles, the target.

    ``tables``: ``{table id: records}`` of time-matched tables (:func:`read_records`);
    ``iterations``: ``{table id: {spec: count}}``, the counts each table's games were played
    with (its header's), to label them."""
    rows = []
    for tid, records in tables.items():
        table = TABLES[tid]
        if table.pairing != "time":
            raise ValueError(f"table {tid} is not time-matched: its MCTS counts are the "
                             "document's, matched with nothing on our engines")
        for spec in dict.fromkeys(s for s in table.rows + table.cols if s.startswith("mcts")):
            partner, target = partner_of(table.game, spec)
            paired = _pair_games(records, spec, partner)
            if paired:
                ratios = [mean_time(r, spec) / mean_time(r, partner) for r in paired
                          if mean_time(r, partner) and mean_time(r, spec) is not None]
                against, pooled = "paired", _pooled(paired, spec, paired, partner)
            else:
                ratios, against, pooled = _unpaired(tables, table, spec, partner, records)
            if not ratios:
                continue
            med, q1, q3 = _summary(ratios)
            count = (iterations or {}).get(tid, {}).get(spec)
            rows.append({"table": tid, "mcts": spec, "iterations": count, "partner": partner,
                         "target": target, "games": len(ratios), "median": med, "q1": q1,
                         "q3": q3, "pooled": pooled, "against": against})
    return rows


def _unpaired(tables: dict, table: Table, spec: str, partner: str, records: dict):
    """Each of ``spec``'s games in ``records`` over the partner's median seconds per move
    in its games against ``spec`` in the game's other time-matched tables."""
    partner_games, sources = [], []
    for tid, recs in tables.items():
        if TABLES[tid].game != table.game or tid == table.id:
            continue
        games = _pair_games(recs, spec, partner)
        if games:
            sources.append(tid)
            partner_games += games
    if not partner_games:
        return [], "", float("nan")
    reference = statistics.median(mean_time(r, partner) for r in partner_games)
    mine = [r for r in records.values() if spec in (r["row"], r["col"])]
    ratios = [mean_time(r, spec) / reference for r in mine if mean_time(r, spec) is not None]
    return (ratios, f"the partner's median in {', '.join(sources)}",
            _pooled(mine, spec, partner_games, partner))


def ratio_rows(directory: str | Path, game: str | None = None) -> list[dict]:
    """:func:`achieved_ratios` of the time-matched tables recorded in ``directory`` (of
    ``game`` only, when given), labelled with the counts in their headers."""
    tables, counts = {}, {}
    for tid, table in TABLES.items():
        path = Path(directory) / f"{tid}.jsonl"
        if table.pairing == "time" and (game is None or table.game == game) and path.exists():
            header = read_header(path)
            if header is not None:
                tables[tid], counts[tid] = read_records(path), header["iterations"]
    return achieved_ratios(tables, counts)


def _two(x: float) -> str:
    return number(x, 2, grouped=False)


def _against_text(against: str) -> str:
    """A row's ``against`` in the language in use."""
    head = "the partner's median in "
    if against.startswith(head):
        return _("the partner's median in {tables}").format(tables=against[len(head):])
    return _(against)


def ratio_markdown(rows: list[dict], label=None) -> str:
    """Rows of :func:`achieved_ratios` as a markdown table (``label(spec, count)`` names
    the players; plain specs without it), in the language in use."""
    name = label or (lambda spec, count=None: spec)
    lines = ["| " + " | ".join(_(h) for h in (
        "table", "MCTS", "matched with", "target", "per game: median [IQR]", "pooled",
        "games", "measured against")) + " |", "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        lines.append(f"| {r['table']} | {name(r['mcts'], r['iterations'])} | "
                     f"{name(r['partner'])} | {_two(r['target'])} | "
                     f"{_two(r['median'])} [{_two(r['q1'])}-{_two(r['q3'])}] | "
                     f"{_two(r['pooled'])} | {r['games']} | {_against_text(r['against'])} |")
    return "\n".join(lines)
