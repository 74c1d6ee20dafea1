"""A league's standings from its records: ``leaderboard.md``, ``leaderboard.csv`` and the
head-to-head heatmap.

One row per agent: rank (by Bradley-Terry rating), id (the file's stem: unique), agent (its
``NAME``), author, rating and its 95%
interval, sequential Elo, points (win 1, draw 0.5), games, wins/draws/losses, the games it
forfeited by reason, its mean time per move; with the course's bots in the league, whether
the agent's interval lies above every bot's ("beats the course"). What a student wrote (id,
name, author) is shown through :mod:`qsearch.league.display`: escaped in the Markdown,
neutralised in the CSV, with mathtext off in the heatmap.
"""
from __future__ import annotations

import csv
import math
import re
from collections import Counter
from pathlib import Path

try:
    import numpy as np
except ImportError:      # the browser site: the head-to-head matrices are lists of rows
    np = None

from qsearch.arena.stats import wilson_interval
from qsearch.i18n import _, general, number
from qsearch.league.agent_file import REASONS
from qsearch.league.display import csv_cell, markdown_cell, plot_label


def seat_of(record: dict, agent: str) -> int:
    """The seat ``agent`` had in ``record``."""
    return record["a_seat"] if agent == record["a"] else 1 - record["a_seat"]


def points_of(record: dict, agent: str) -> float:
    """``agent``'s points in ``record`` (0 for both in a double forfeit)."""
    if record["score_a"] is None:
        return 0.0
    return record["score_a"] if agent == record["a"] else 1.0 - record["score_a"]


def standings(agents, records, ratings) -> list[dict]:
    """The leaderboard's rows, best first (``agents``: the league's
    :class:`~qsearch.league.agent_file.AgentSpec`, ``ratings``: a
    :class:`~qsearch.league.ratings.Ratings` of the same ids)."""
    rows = []
    for spec in agents:
        mine = [r for r in records if spec.id in (r["a"], r["b"])]
        points = sum(points_of(r, spec.id) for r in mine)
        wins = sum(points_of(r, spec.id) == 1.0 for r in mine)
        draws = sum(r["score_a"] is not None and points_of(r, spec.id) == 0.5 for r in mine)
        forfeits = Counter(f["reason"] for r in mine for f in r["forfeits"]
                           if f["agent"] == spec.id)
        times = [t for r in mine for t in r["times"][seat_of(r, spec.id)]]
        rating, low, high = ratings.of(spec.id)
        share = (points / len(mine)) if mine else math.nan
        wilson = wilson_interval(points, len(mine)) if mine else (math.nan, math.nan)
        rows.append({
            "id": spec.id, "agent": spec.name, "author": spec.author, "fixed": spec.fixed,
            "rating": rating, "low": low, "high": high,
            "elo": float(ratings.elo[ratings.ids.index(spec.id)]),
            "points": points, "games": len(mine), "wins": wins, "draws": draws,
            "losses": len(mine) - wins - draws, "score": share, "score_low": wilson[0],
            "score_high": wilson[1], "forfeits": dict(sorted(forfeits.items())),
            "moves": len(times), "mean_move_time": (sum(times) / len(times)) if times else
            math.nan,
        })
    rows.sort(key=lambda r: (-round(_or(r["rating"], -math.inf), 6), -r["points"], r["id"]))
    course = [r for r in rows if r["fixed"]]
    bar = max((r["high"] for r in course), default=None)
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
        row["beats_course"] = None if not course or row["fixed"] else \
            bool(bar is not None and row["low"] > bar)
    return rows


def _or(value: float, default: float) -> float:
    return default if value is None or value != value else value


def _number(value, digits: int = 0) -> str:
    return "" if value is None or value != value else f"{value:.{digits}f}"


# The names and authors of qsearch's own agents (league/examples and document 004's course
# agents), shown in the language in use; any other name is shown as its agent file gives it.
OWN_NAMES = ("greedy one-ply", "random", "qsearch examples", "agent 0 (random)",
             "agent 1 (most advanced)", "agent 2 (best option)", "agent 3 (minimax depth 4)",
             "document 004")
OWN_AUTHORS = ("qsearch examples", "document 004")
# the alpha-beta example, "alpha-beta depth 4", and copies of it with another depth
_ALPHABETA = re.compile(r"alpha-beta depth (\d+)")


def shown_name(name: str, author: str | None = None) -> str:
    """``name`` as a leaderboard shows it: the name or author of one of qsearch's own agents
    (:data:`OWN_NAMES`, ``"alpha-beta depth N"``) in the language in use, any other as it is.
    Given the agent's ``author``, only an agent by one of :data:`OWN_AUTHORS` is renamed (a
    student's agent called "random" keeps its name)."""
    if not isinstance(name, str):
        raise TypeError(f"shown_name: a name is a string, not {type(name).__name__}")
    if author is not None and author not in OWN_AUTHORS:
        return name
    depth = _ALPHABETA.fullmatch(name)
    if depth:
        return _("alpha-beta depth {depth}").format(depth=depth[1])
    return next((_(own) for own in OWN_NAMES if own == name), name)


def _points(points) -> str:
    """Points as ``:g`` writes them (``18.5``, ``4``), in the reader's numbers."""
    return number(int(points), grouped=False) if points == int(points) else number(points)


def forfeit_text(forfeits: dict) -> str:
    """``"timeout 2, illegal 1"`` (empty when none)."""
    return ", ".join(f"{reason} {n}" for reason, n in forfeits.items())


# The markdown table's headings, in English (``to_markdown`` shows them in the language in use;
# the CSV's column names stay English: programs read them).
HEADINGS = ["rank", "id", "agent", "author", "rating", "95% interval", "Elo", "points", "games",
            "W-D-L", "forfeits", "mean time a move"]


def to_markdown(rows, title: str | None = None, note: str = "") -> str:
    """The leaderboard as a markdown table (``note``: a paragraph after it, such as "agents
    were not isolated")."""
    course = any(r["beats_course"] is not None for r in rows)
    head = [_(h) for h in HEADINGS + (["beats the course"] if course else [])]
    lines = ([f"## {title}", ""] if title else []) + \
        ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        name = markdown_cell(shown_name(r["agent"], r.get("author", ""))) + (
            " " + _("(course)") if r["fixed"] else "")
        cells = [str(r["rank"]), markdown_cell(r["id"]), name,
                 markdown_cell(shown_name(r["author"])),
                 _number(r["rating"]),
                 f"{_number(r['low'])}-{_number(r['high'])}" if r["low"] == r["low"] else "",
                 _number(r["elo"]), _points(r["points"]), str(r["games"]),
                 f"{r['wins']}-{r['draws']}-{r['losses']}", forfeit_text(r["forfeits"]),
                 "" if r["mean_move_time"] != r["mean_move_time"]
                 else number(r["mean_move_time"] * 1000, 1, grouped=False) + " ms"]
        if course:
            cells.append("" if r["beats_course"] is None else
                         (_("yes") if r["beats_course"] else _("no")))
        lines.append("| " + " | ".join(cells) + " |")
    if note:
        lines += ["", note]
    return "\n".join(lines) + "\n"


CSV_COLUMNS = ["rank", "id", "agent", "author", "rating", "low", "high", "elo", "points",
               "games", "wins", "draws", "losses", "score", "score_low", "score_high",
               "forfeits"] + [f"forfeit {reason}" for reason in REASONS] + \
    ["moves", "mean_move_ms", "course", "beats_course"]


def write_csv(rows, path) -> None:
    """The leaderboard as CSV: one column per forfeit reason, times in milliseconds; id,
    agent and author as text a spreadsheet does not run
    (:func:`~qsearch.league.display.csv_cell`)."""
    with Path(path).open("w", newline="") as f:
        out = csv.writer(f)
        out.writerow(CSV_COLUMNS)
        for r in rows:
            out.writerow([
                r["rank"], csv_cell(r["id"]), csv_cell(r["agent"]), csv_cell(r["author"]),
                _number(r["rating"], 1),
                _number(r["low"], 1), _number(r["high"], 1), _number(r["elo"], 1),
                r["points"], r["games"], r["wins"], r["draws"], r["losses"],
                _number(r["score"], 4), _number(r["score_low"], 4), _number(r["score_high"], 4),
                sum(r["forfeits"].values()),
                *[r["forfeits"].get(reason, 0) for reason in REASONS],
                r["moves"], _number(r["mean_move_time"] * 1000, 2), r["fixed"],
                "" if r["beats_course"] is None else r["beats_course"]])


def head_to_head(rows, records) -> tuple[list[str], np.ndarray, np.ndarray]:
    """``(ids, points, games)`` in rank order: ``points[i, j]`` is i's points against j
    (numpy arrays; without numpy, lists of rows: ``points[i][j]``)."""
    ids = [r["id"] for r in rows]
    index = {name: k for k, name in enumerate(ids)}
    points = [[0.0] * len(ids) for _ in ids]
    games = [[0] * len(ids) for _ in ids]
    for rec in records:
        i, j = index[rec["a"]], index[rec["b"]]
        points[i][j] += points_of(rec, rec["a"])
        points[j][i] += points_of(rec, rec["b"])
        games[i][j] += 1
        games[j][i] += 1
    if np is None:
        return ids, points, games
    shape = (len(ids), len(ids))
    return ids, np.array(points, dtype=float).reshape(shape), \
        np.array(games, dtype=int).reshape(shape)


def heatmap(rows, records, ax=None, annotate: bool | None = None):
    """The head-to-head matrix as a heatmap: row agent's share of the points against the
    column agent (green: the row agent won most), agents in rank order; returns the axes."""
    import matplotlib.pyplot as plt

    ids, points, games = head_to_head(rows, records)
    names = [plot_label(shown_name(r["agent"], r.get("author", ""))) for r in rows]
    if np is None:
        share = [[p / g if g else math.nan for p, g in zip(*pair, strict=True)]
                 for pair in zip(points, games, strict=True)]
    else:
        with np.errstate(invalid="ignore", divide="ignore"):
            share = np.where(games > 0, points / np.maximum(games, 1), np.nan)
    if ax is None:
        size = max(4.0, 0.45 * len(ids) + 2)
        ax = plt.subplots(figsize=(size + 1.5, size))[1]
    image = ax.imshow(share, cmap="RdYlGn", vmin=0, vmax=1)
    # mathtext off: a NAME of "$\notacommand{$" is drawn as it is, not parsed (issue 42)
    ax.set_xticks(range(len(ids)), names, rotation=60, ha="right", fontsize=8,
                  parse_math=False)
    ax.set_yticks(range(len(ids)), names, fontsize=8, parse_math=False)
    ax.set_xlabel(_("opponent"))
    ax.set_ylabel(_("agent (rank order)"))
    if annotate is None:
        annotate = len(ids) <= 12
    if annotate:
        for i in range(len(ids)):
            for j in range(len(ids)):
                if games[i][j]:
                    ax.text(j, i, f"{general(points[i][j])}/{games[i][j]}", ha="center",
                            va="center", fontsize=7)
    ax.figure.colorbar(image, ax=ax, label=_("share of the points"))
    ax.set_title(_("head to head"))
    return ax


def heatmap_svg(rows, records, max_width: float = 800) -> str:
    """The head-to-head matrix as a plain SVG heatmap (no matplotlib or numpy: the browser
    site draws it so): each cell the row agent's points against the column agent out of
    their games ("3/4"), coloured by its share from blue (none) to red (all); agents in rank
    order."""
    from qsearch.viz.heatmap_svg import Panel
    from qsearch.viz.heatmap_svg import heatmap_svg as draw

    ids, points, games = head_to_head(rows, records)
    names = [plot_label(shown_name(r["agent"], r.get("author", ""))) for r in rows]
    share = [[points[i][j] / games[i][j] if games[i][j] else None for j in range(len(ids))]
             for i in range(len(ids))]
    texts = [[f"{general(points[i][j])}/{games[i][j]}" if games[i][j] else ""
              for j in range(len(ids))] for i in range(len(ids))]
    panel = Panel(_("head to head"), share, names, names, xlabel=_("opponent"),
                  ylabel=_("agent (rank order)"), texts=texts)
    return draw([panel], top=1.0, max_width=max_width)


def write(out, rows, records, title: str | None = None, note: str = "") -> list[Path]:
    """Write ``leaderboard.md`` (``note`` after the table), ``leaderboard.csv`` and
    ``head_to_head.png`` in ``out`` (``head_to_head.svg`` where matplotlib cannot be
    imported: the browser site)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "leaderboard.md").write_text(to_markdown(rows, title, note))
    write_csv(rows, out / "leaderboard.csv")
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        (out / "head_to_head.svg").write_text(heatmap_svg(rows, records))
        return [out / "leaderboard.md", out / "leaderboard.csv", out / "head_to_head.svg"]
    ax = heatmap(rows, records)
    ax.figure.tight_layout()
    ax.figure.savefig(out / "head_to_head.png", dpi=120)
    plt.close(ax.figure)
    return [out / "leaderboard.md", out / "leaderboard.csv", out / "head_to_head.png"]
