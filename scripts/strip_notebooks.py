"""Strip what changes at every run from executed notebooks, so diffs show real changes only.

    python scripts/strip_notebooks.py notebooks/*.ipynb           # rewrite in place
    python scripts/strip_notebooks.py --check notebooks/*.ipynb   # exit 1 if any would change

Removed: each cell's ``metadata.execution`` (the kernel's timestamps), the notebook's
``metadata.widgets`` (the widget state, with random model ids) and the widget views in the
outputs (they point at that state; the text, SVG or HTML beside them stays, so a viewer
without a kernel still shows the final picture); object addresses in text outputs
(``at 0x7f3a...`` becomes ``at 0x...``). Outputs, execution counts and tags stay: nbval still
checks every executed cell. The pre-commit hook in ``.pre-commit-config.yaml`` runs it.

With ``--coalesce`` it also joins a cell's consecutive outputs to the same stream into one:
the kernel splits a cell's printing wherever its I/O thread happened to flush (a lone
``"\\n"`` output shows as a stray blank line). Lesson 12 uses it; nbval joins them anyway.
"""
from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]{4,}")


def _text(value):
    if isinstance(value, list):
        return [ADDRESS.sub("at 0x...", line) for line in value]
    return ADDRESS.sub("at 0x...", value)


def strip(nb: dict) -> dict:
    """The notebook ``nb`` (parsed JSON) without its volatile parts; modified in place."""
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb.get("cells", []):
        cell.get("metadata", {}).pop("execution", None)
        for out in cell.get("outputs", []):
            data = out.get("data")
            if isinstance(data, dict):
                data.pop(WIDGET_VIEW, None)
                if "text/plain" in data:
                    data["text/plain"] = _text(data["text/plain"])
            if out.get("output_type") == "stream" and "text" in out:
                out["text"] = _text(out["text"])
    return nb


def coalesce(nb: dict) -> dict:
    """``nb`` with each cell's consecutive outputs to one stream joined; modified in place."""
    for cell in nb.get("cells", []):
        joined = []
        for out in cell.get("outputs", []):
            last = joined[-1] if joined else {}
            if out.get("output_type") == last.get("output_type") == "stream" \
                    and out.get("name") == last.get("name"):
                text = "".join(last["text"]) + "".join(out["text"])
                last["text"] = text.splitlines(keepends=True)
            else:
                joined.append(out)
        if "outputs" in cell:
            cell["outputs"] = joined
    return nb


def dumps(nb: dict) -> str:
    """JSON as Jupyter writes it (indent 1, non-ASCII kept, trailing newline)."""
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a notebook is not stripped")
    parser.add_argument("--coalesce", action="store_true",
                        help="also join each cell's consecutive outputs to one stream")
    args = parser.parse_args(argv)
    dirty = []
    for path in args.notebooks:
        text = path.read_text(encoding="utf-8")
        nb = strip(json.loads(text))
        new = dumps(coalesce(nb) if args.coalesce else nb)
        if new != text:
            dirty.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in dirty:
        print(f"{'not stripped' if args.check else 'stripped'}: {path}")
    return 1 if args.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
