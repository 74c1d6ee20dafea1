"""A lesson written as a list of cells (what scripts/make_notebook_11.py and make_notebook_12.py
hold), built into a notebook and written to notebooks/.

A cell is ``(id, kind, source)`` or ``(id, kind, source, tags)``: the ids are fixed, since the
Spanish catalogue keys on them; tags mark outputs nbval must not compare (pictures)."""
from __future__ import annotations

from pathlib import Path

import nbformat


def build(cells) -> nbformat.NotebookNode:
    """The notebook of ``cells``, unexecuted."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python",
                                  "name": "python3"},
                   "language_info": {"name": "python"}}
    for cell in cells:
        cell_id, kind, source = cell[:3]
        tags = cell[3] if len(cell) > 3 else []
        made = nbformat.v4.new_markdown_cell(source) if kind == "markdown" else \
            nbformat.v4.new_code_cell(source)
        made["id"] = cell_id
        if tags:
            made.metadata["tags"] = list(tags)
        nb.cells.append(made)
    return nb


def write(cells, name: str) -> int:
    """Write notebooks/``name`` from ``cells`` (then execute, strip and add PNGs to it)."""
    target = Path(__file__).resolve().parents[1] / "notebooks" / name
    nbformat.write(build(cells), str(target))
    print(f"wrote {target}")
    return 0
