"""Play a table's games, reproducibly, on any executor; re-play recorded ones to check them.

:func:`run` plays tables on any :class:`concurrent.futures.Executor` (a process pool, a
``dask.distributed`` client's ``get_executor()``) or serially, appending every finished game
to one JSON-lines file per table (:mod:`~qsearch.arena.tournament.records`). A rerun skips
the games already recorded, so a killed run resumes without losing or repeating a game; a
file written for another configuration is refused. :func:`replay` plays one recorded game
again and checks it move for move; :func:`check` does so for a sample of every table.

Every record holds the process CPU seconds of each decision (``move_cpu_seconds``, one list
per seat, like ``nodes``): the time a player took, whatever else ran on the machine, which is
what the time-matched tables compare (:mod:`~qsearch.arena.tournament.timing`). Records
written before that field existed read as before; a replay never compares times.
"""
from __future__ import annotations

import json
import random
import time
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from qsearch.arena.match import play_game
from qsearch.arena.positions import position
from qsearch.arena.tournament.calibration import iterations_for, load_calibration
from qsearch.arena.tournament.players import LIMIT, check_variant, make_player
from qsearch.arena.tournament.records import load_table, read_records
from qsearch.arena.tournament.seeds import SEED, key_seed
from qsearch.arena.tournament.tables import TABLES, Table, game_keys, resolve_tables
from qsearch.arena.tournament_games import WIN

CHUNK = 4                   # games per task sent to an executor
VERSION = 1                 # bump when a player's definition changes: old records are refused


def config(table: Table, calibration: dict | None = None, variant: dict | None = None) -> dict:
    """Everything that determines a table's games (its records file's header); a
    ``variant`` (:data:`~qsearch.arena.tournament.players.VARIANT`) is part of it when given,
    so our own players' headers are the same as before variants existed."""
    cfg = {"table": table.id, "game": table.game, "rows": list(table.rows),
           "cols": list(table.cols), "pairing": table.pairing, "seed": SEED,
           "iterations": iterations_for(table, calibration), "limit": LIMIT, "win": WIN,
           "version": VERSION}
    variant = check_variant(variant)
    if variant:
        cfg["variant"] = dict(sorted(variant.items()))
    return cfg


def play_one(cfg: dict, row: str, col: str, pos: int) -> dict:
    """Play one game of a table; return its record (a JSON-able dict)."""
    game, its, variant = cfg["game"], cfg["iterations"], cfg.get("variant")
    white = make_player(game, row, its.get(row), variant)
    first = make_player(game, col, its.get(col), variant)
    per_move: list[list[int]] = [[], []]
    cpu: list[list[float]] = [[], []]

    class Counting:                       # records a player's nodes and CPU time per move
        def __init__(self, player, seat):
            self.player, self.seat, self.name = player, seat, getattr(player, "name", "")
            self.last_result = None

        def reset(self):
            if hasattr(self.player, "reset"):
                self.player.reset()

        def __call__(self, state, rng):
            start = time.process_time()
            action = self.player(state, rng)
            cpu[self.seat].append(float(f"{time.process_time() - start:.3g}"))
            self.last_result = getattr(self.player, "last_result", None)
            per_move[self.seat].append(0 if self.last_result is None
                                       else int(self.last_result.nodes))
            return action

    table = TABLES[cfg["table"]]
    seed = key_seed(table, row, col, pos)
    start = time.perf_counter()
    rec = play_game(position(game, pos), [Counting(first, 0), Counting(white, 1)], seed)
    seconds = time.perf_counter() - start
    white_score = 0.5 if rec.winner is None else float(rec.winner == 1)
    return {"row": row, "col": col, "position": pos, "seed": seed, "actions": rec.actions,
            "returns": rec.returns, "winner": rec.winner, "white": white_score,
            "plies": rec.plies, "nodes": per_move, "move_cpu_seconds": cpu,
            "seconds": round(seconds, 4)}


def _play_many(cfg: dict, keys: list) -> list[dict]:
    return [play_one(cfg, r, c, k) for r, c, k in keys]


@dataclass
class RunReport:
    """What :func:`run` did: games played now, games already recorded, wall seconds."""

    played: dict = field(default_factory=dict)
    skipped: dict = field(default_factory=dict)
    wall: dict = field(default_factory=dict)
    game_seconds: dict = field(default_factory=dict)


def run(table_ids=None, directory: str | Path = "benchmarks/tournaments", *,
        executor: Executor | None = None, progress: bool = True, limit: int | None = None,
        calibration: dict | None = None, variant: dict | None = None) -> RunReport:
    """Play the tables (ids, "doc", "time" or "all"), appending to ``<directory>/<id>.jsonl``.

    ``executor``: any :class:`concurrent.futures.Executor` (None: serially, here).
    ``limit``: play at most that many missing games per table (tests, trial runs).
    ``variant``: change settings of our players (:func:`make_player`); it is part of the
    tables' headers, so its games go in a directory of their own.
    Games already in the files are skipped; every game is written as soon as it finishes.
    """
    tables = resolve_tables(table_ids)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    if calibration is None and any(t.pairing == "time" for t in tables):
        calibration = load_calibration(directory)
    report = RunReport()
    jobs = []
    for table in tables:
        cfg = config(table, calibration, variant)
        path = directory / f"{table.id}.jsonl"
        done = read_records(path, cfg)          # raises before anything is written
        todo = [k for k in game_keys(table) if k not in done]
        if limit is not None:
            todo = todo[:limit]
        report.skipped[table.id] = len(done)
        jobs.append((table, cfg, path, todo))
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm
            bar = tqdm(total=sum(len(j[3]) for j in jobs), unit="game")
        except ImportError:
            bar = None
    try:
        for table, cfg, path, todo in jobs:
            fresh = not path.exists() or path.stat().st_size == 0
            start = time.perf_counter()
            if bar is not None:
                bar.set_description(table.id)
            cut = not fresh and not path.read_bytes().endswith(b"\n")
            with path.open("a") as out:
                if cut:                 # a line cut short by a kill: end it (it is skipped)
                    out.write("\n")
                if fresh:
                    out.write(json.dumps({"tournament": cfg}) + "\n")
                    out.flush()

                def finished(records, out=out, tid=table.id):
                    for r in records:
                        out.write(json.dumps(r) + "\n")
                    out.flush()
                    if bar is not None:
                        bar.update(len(records))
                    report.game_seconds[tid] = report.game_seconds.get(tid, 0.0) \
                        + sum(r["seconds"] for r in records)

                if executor is None:
                    for key in todo:
                        finished([play_one(cfg, *key)])
                else:
                    chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]
                    futures = [executor.submit(_play_many, cfg, c) for c in chunks]
                    for fut in as_completed(futures):
                        finished(fut.result())
            report.played[table.id] = len(todo)
            report.wall[table.id] = time.perf_counter() - start
    finally:
        if bar is not None:
            bar.close()
    return report


def replay(table_id: str, record: dict, calibration: dict | None = None,
           variant: dict | None = None) -> dict:
    """Play a recorded game again; raise ``AssertionError`` if anything differs (times are
    not compared: they are measurements, not part of the game)."""
    table = TABLES[table_id]
    again = play_one(config(table, calibration, variant), record["row"], record["col"],
                     record["position"])
    for key in ("seed", "actions", "winner", "white", "nodes"):
        if again[key] != record[key]:
            raise AssertionError(f"{table_id} {record['row']}-{record['col']} position "
                                 f"{record['position']}: {key} differs on replay")
    return again


def check(directory: str | Path, table_ids=None, k: int = 1) -> dict:
    """Re-play ``k`` recorded games of every table (chosen with ``random.Random(table id)``)
    with :func:`replay`; return the number checked per table (AssertionError on a mismatch)."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an int >= 1, not {k!r}")
    directory = Path(directory)
    tables = resolve_tables(table_ids)
    calibration = None
    if (directory / "calibration.json").exists():
        calibration = load_calibration(directory)
    out = {}
    for table in tables:
        path = directory / f"{table.id}.jsonl"
        if not path.exists():
            continue
        header, records = load_table(directory, table.id)
        variant = header.get("variant")
        cal = calibration if table.pairing == "time" else None
        if header != config(table, cal, variant):
            raise ValueError(f"{path} was played with another configuration than this "
                             "version's (or its calibration.json): it cannot be re-played")
        keys = sorted(records)
        chosen = random.Random(table.id).sample(keys, min(k, len(keys)))
        for key in chosen:
            replay(table.id, records[key], calibration, variant)
        out[table.id] = len(chosen)
    return out
