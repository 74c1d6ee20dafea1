"""A table's records: ``<id>.jsonl``, a header line ``{"tournament": config}`` then one line
per finished game (cell, position, seed, actions, result, nodes per move)."""
from __future__ import annotations

import json
from pathlib import Path


def read_records(path: str | Path, cfg: dict | None = None) -> dict:
    """The games recorded in ``path`` keyed by (row, col, position); the header is checked
    against ``cfg`` when given (a file of another configuration raises ValueError)."""
    done: dict = {}
    path = Path(path)
    if not path.exists():
        return done
    with path.open() as f:
        for n, line in enumerate(f):
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue            # a line cut short by a kill: that game is played again
            if "tournament" in item:
                if n != 0:
                    continue
                if cfg is not None and item["tournament"] != cfg:
                    theirs, ours = item["tournament"], cfg
                    diff = [k for k in ours if theirs.get(k) != ours[k]]
                    raise ValueError(f"{path} holds games of another configuration (differs "
                                     f"in {', '.join(diff) or 'keys'}); move it away or use "
                                     "another --out directory")
                continue
            if "actions" in item:
                done[(item["row"], item["col"], item["position"])] = item
    return done


def load_table(directory: str | Path, table_id: str) -> tuple[dict, dict]:
    """(header, records) of a committed table."""
    path = Path(directory) / f"{table_id}.jsonl"
    with path.open() as f:
        header = json.loads(f.readline())["tournament"]
    return header, read_records(path)
