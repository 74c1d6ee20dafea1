"""How many games must two agents play before their ratings can be told apart? Measured: the
pair plays, and after the first n games (n = 2, 4, 8, ...) two tests are asked:

* **bootstrap**: do the two Bradley-Terry 95% intervals of the league's own method
  (:func:`qsearch.league.ratings.rate`) not overlap?
* **Wilson**: does the Wilson 95% interval of the first agent's score
  (:func:`qsearch.arena.stats.wilson_interval`, draws as half points) exclude 50%?

Each pair does this ``repeats`` times with other seeds (other random choices, the same
openings), so the answer is a share of repeats, not one lucky run.
"""
from __future__ import annotations

from pathlib import Path

from qsearch.arena.stats import wilson_interval
from qsearch.league.leaderboard import points_of
from qsearch.league.ratings import GameResult, rate

SIZES = (2, 4, 8, 16, 32, 64, 128)


class StudyRows(list):
    """The study's rows (a list of dicts), with how many games were ``played`` now and how
    many were ``resumed`` from records saved in ``out``."""

    played = resumed = 0


def records_folder(out, a_id: str, b_id: str, repeat: int) -> Path:
    """Where :func:`separation_study` keeps one repeat of one pair under ``out``."""
    return Path(out) / f"{a_id}-v-{b_id}" / f"repeat{repeat}"


def separation_study(game, pairs, *, sizes=SIZES, repeats: int = 5, seed: int = 0,
                     samples: int = 200, isolated: bool = False, limits=None,
                     out=None, key=None) -> StudyRows:
    """One row per pair and number of games: the first agent's mean score and the share of
    repeats in which each test tells the two apart.

    ``pairs``: ``[(agent_a, agent_b), ...]`` (files or entries); each repeat plays
    ``max(sizes)`` games (both colours of each opening), seeded ``seed + repeat``.
    ``isolated=False`` runs the agents in this process (fast; trusted code only).
    ``out``: a folder keeping each repeat's records (:func:`records_folder`); a study run
    again resumes from them, each record checked first (:mod:`qsearch.league.verify`), and
    plays only the games they lack. None keeps them in memory. ``key``: the records' key
    (:func:`qsearch.league.signing.league_key`).
    """
    from qsearch.league.runner import collect_agents, run_league

    sizes = sorted(set(sizes))
    if not sizes or sizes[0] < 1:
        raise ValueError(f"sizes must be numbers of games >= 1, not {sizes!r}")
    if isinstance(repeats, bool) or not isinstance(repeats, int) or repeats < 1:
        raise ValueError(f"repeats must be an int >= 1, not {repeats!r}")
    rows = StudyRows()
    for pair in pairs:
        a, b = collect_agents(list(pair))
        runs = []
        for r in range(repeats):
            league = run_league(game, [a, b], None if out is None else
                                records_folder(out, a.id, b.id, r), limits=limits,
                                games_per_pair=sizes[-1], seed=seed + r, isolated=isolated,
                                progress=False, samples=0, write=False, key=key)
            rows.played += league.played
            rows.resumed += league.skipped
            runs.append(league.records)
        for n in sizes:
            boot = wilson = 0
            score = 0.0
            for records in runs:
                first = records[:n]
                points = sum(points_of(rec, a.id) for rec in first)
                score += points / n
                low, high = wilson_interval(points, n)
                wilson += not low <= 0.5 <= high
                counted = [GameResult(rec["a"], rec["b"], rec["score_a"]) for rec in first
                           if rec["score_a"] is not None]
                ratings = rate([a.id, b.id], counted, samples=samples, seed=seed)
                boot += ratings.separated(a.id, b.id)
            rows.append({"pair": f"{a.name} v {b.name}", "games": n,
                         "mean score": score / repeats,
                         "bootstrap apart": boot / repeats, "Wilson apart": wilson / repeats})
    return rows


def games_needed(rows, test: str = "Wilson apart", share: float = 0.8) -> dict:
    """For each pair, the fewest games from which ``test`` tells the two apart in at least
    ``share`` of the repeats at every larger size measured (None: not within the sizes)."""
    out: dict = {}
    for pair in dict.fromkeys(r["pair"] for r in rows):
        mine = sorted((r for r in rows if r["pair"] == pair), key=lambda r: r["games"])
        needed = None
        for k, row in enumerate(mine):
            if all(later[test] >= share for later in mine[k:]):
                needed = row["games"]
                break
        out[pair] = needed
    return out
