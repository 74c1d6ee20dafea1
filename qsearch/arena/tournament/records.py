"""A table's records: ``<id>.jsonl``, a header line ``{"tournament": config}`` then one line
per finished game (cell, position, seed, actions, result, nodes per move and, in records
written since they were added, ``move_cpu_seconds``: the CPU seconds of each decision, one
list per seat; older records read the same, without it)."""
from __future__ import annotations

import json
from pathlib import Path

HEADER_KEYS = ("table", "game", "rows", "cols", "pairing", "seed", "iterations", "limit",
               "win", "version")


def read_header(path: str | Path) -> dict | None:
    """The configuration in the first line of ``path`` (None for a missing or empty file);
    a ValueError when that line is not a whole header (a file cut short, or not a records
    file), so that nothing is skipped, replayed or written on a guess."""
    path = Path(path)
    if not path.exists() or path.stat().st_size == 0:
        return None
    with path.open() as f:
        first = f.readline()
    try:
        header = json.loads(first)["tournament"]
        missing = [k for k in HEADER_KEYS if k not in header]
    except (json.JSONDecodeError, KeyError, TypeError):
        missing = None
    if missing is None or missing:
        what = "has no header" if missing is None else f"has a header without {missing}"
        raise ValueError(f"{path} {what} (its first line must be {{\"tournament\": "
                         "configuration}): it may be cut or not a records file; nothing was "
                         "read or written: move it away or use another --out directory")
    return header


def read_records(path: str | Path, cfg: dict | None = None) -> dict:
    """The games recorded in ``path`` keyed by (row, col, position); the header must be
    whole (:func:`read_header`) and, when ``cfg`` is given, equal to it (a file of another
    configuration raises ValueError)."""
    done: dict = {}
    path = Path(path)
    header = read_header(path)
    if header is None:
        return done
    if cfg is not None and header != cfg:
        diff = [k for k in {**header, **cfg} if header.get(k) != cfg.get(k)]
        raise ValueError(f"{path} holds games of another configuration (differs in "
                         f"{', '.join(diff) or 'keys'}); move it away or use another --out "
                         "directory")
    with path.open() as f:
        f.readline()
        for line in f:
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue            # a line cut short by a kill: that game is played again
            if isinstance(item, dict) and "actions" in item:
                done[(item["row"], item["col"], item["position"])] = item
    return done


def load_table(directory: str | Path, table_id: str) -> tuple[dict, dict]:
    """(header, records) of a committed table."""
    path = Path(directory) / f"{table_id}.jsonl"
    if not path.exists():
        raise FileNotFoundError(f"no records of table {table_id} in {directory}")
    return read_header(path), read_records(path)
