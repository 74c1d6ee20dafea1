"""Strip what changes at every run from executed notebooks, so diffs show real changes only.

    python scripts/strip_notebooks.py notebooks/*.ipynb           # rewrite in place
    python scripts/strip_notebooks.py --check notebooks/*.ipynb   # exit 1 if any would change

Removed: each cell's ``metadata.execution`` (the kernel's timestamps), the notebook's
``metadata.widgets`` (the widget state, with random model ids) and the widget views in the
outputs (they point at that state; the text, SVG or HTML beside them stays, so a viewer
without a kernel still shows the final picture); object addresses in text outputs
(``at 0x7f3a...`` becomes ``at 0x...``). Outputs, execution counts and tags stay: nbval still
checks every executed cell. The pre-commit hook in ``.pre-commit-config.yaml`` runs it.
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


def dumps(nb: dict) -> str:
    """JSON as Jupyter writes it (indent 1, non-ASCII kept, trailing newline)."""
    return json.dumps(nb, indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a notebook is not stripped")
    args = parser.parse_args(argv)
    dirty = []
    for path in args.notebooks:
        text = path.read_text(encoding="utf-8")
        new = dumps(strip(json.loads(text)))
        if new != text:
            dirty.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in dirty:
        print(f"{'not stripped' if args.check else 'stripped'}: {path}")
    return 1 if args.check and dirty else 0


if __name__ == "__main__":
    sys.exit(main())
