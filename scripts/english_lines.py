"""How much English a Spanish lesson shows: the lines its cells print and the labels its
pictures draw, counted from the saved outputs of notebooks/es/*.ipynb.

    python scripts/english_lines.py            # a table, one row per Spanish lesson
    python scripts/english_lines.py 07 -v      # lesson 07's English lines, each with its cell

A line is *English* when it holds a word from :data:`ENGLISH_WORDS` (common English words
that are not also Spanish ones) outside identifiers (``random_agent``) and file names. Lines
of printed source code (a line that is, stripped, a line of a code cell of the lesson or of a
module of qsearch) are left out, as are lines with no letters. Text comes from streams,
``text/plain`` (when a result has no other text), ``text/markdown`` and ``text/html`` (tags
removed) and from the ``<text>`` labels of SVG pictures. tests/test_spanish_edition.py holds
each lesson to :data:`LIMIT`.
"""
from __future__ import annotations

import argparse
import functools
import html
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPANISH = ROOT / "notebooks" / "es"
LIMIT = 0.05        # issue 45: at most 5% of a Spanish lesson's printed lines are English

ENGLISH_WORDS = frozenset("""
the and of to is are was were be been with for from by at this that these those it its
not does did has have had which what who whose when where why how than then there their
they them we you your our an or but if into onto over under after before about between
move moves moved moving player players wins win won winner loses lose lost loss losses
draw draws drawn games game nodes node depth left take takes taken holds hold held beats
beat rarer rare exercise exercises search searches time times value values best first
second third score scores table tables rate rates seconds average mean total count counts
expected observed claim claims document documents cannot can tell says said true false
yes only more less most least same different each every all none both either neither
run runs ran played play plays against versus points point result results matches match
column columns row rows round rounds rating ratings leaderboard step steps next previous
undo new agent agents random greedy heuristic heuristics ordering cuts cut pruned
leaf leaves root children child tree trees level levels turn turns piece pieces board
boards winning losing drawing reached reach proof proven solved solve wrong right correct
checked check passed failed missing found shows show shown counted measured
simulation simulations playout playouts visits visit rollouts rollout edge edges still
within without because while since until per out off up down here should would could
must will shall may might need needs needed given gives give also just even much many
number numbers fewer higher lower larger smaller faster slower quick slow calls call
""".split())

PYTHON_VALUES = frozenset({"True", "False", "None"})   # a bare value is Python, not English
_WORD = re.compile(r"[A-Za-zÁÉÍÓÚÜÑáéíóúüñ]+")
_TAG = re.compile(r"<[^>]+>")
_SVG_TEXT = re.compile(r"<text\b[^>]*>(.*?)</text>", re.S)


def _joined(value) -> str:
    return "".join(value) if isinstance(value, list) else value


def _markdown_table_cells(line: str) -> str:
    return line.replace("|", " ").replace("**", " ")


def output_lines(output: dict) -> list[str]:
    """The lines of text an output shows (SVG labels one per line)."""
    kind = output.get("output_type")
    if kind == "stream":
        return _joined(output.get("text", "")).splitlines()
    if kind == "error":
        return [output.get("ename", "") + ": " + output.get("evalue", "")]
    data = output.get("data", {})
    lines: list[str] = []
    if "image/svg+xml" in data:
        lines += [html.unescape(_TAG.sub(" ", t)) for t in
                  _SVG_TEXT.findall(_joined(data["image/svg+xml"]))]
    if "text/markdown" in data:
        lines += [_markdown_table_cells(x) for x in _joined(data["text/markdown"]).splitlines()]
    elif "text/html" in data:
        text = _joined(data["text/html"])
        text = re.sub(r"<(br|/tr|/p|/div|/li|/h\d)\b[^>]*>", "\n", text)
        lines += html.unescape(_TAG.sub(" ", text)).splitlines()
    elif "text/plain" in data and "image/svg+xml" not in data and "image/png" not in data \
            and "application/vnd.jupyter.widget-view+json" not in data:
        lines += _joined(data["text/plain"]).splitlines()
    return lines


@functools.cache
def package_lines() -> frozenset[str]:
    """Stripped lines of qsearch's modules (read once: every lesson uses them)."""
    return frozenset(line.strip() for module in (ROOT / "qsearch").rglob("*.py")
                     for line in module.read_text(encoding="utf-8").splitlines())


def source_lines(nb: dict) -> set[str]:
    """Stripped lines of the lesson's code cells and of qsearch's modules: printed source."""
    seen = {line.strip() for cell in nb["cells"] if cell["cell_type"] == "code"
            for line in _joined(cell["source"]).splitlines()} | package_lines()
    seen.discard("")
    return seen


# names, not words: snake_case identifiers (``random_agent``) and file names (``games.jsonl``)
_NAME = re.compile(r"[\w.-]*_[\w.-]*|[\w-]+\.(?:json|jsonl|csv|md|png|svg|py|txt|ipynb)\b")


def is_english(line: str) -> bool:
    """Whether ``line`` holds a common English word that is not also Spanish (identifiers and
    file names, which are names in either language, left out)."""
    return any(w.lower() in ENGLISH_WORDS for w in _WORD.findall(_NAME.sub(" ", line)))


def lesson_lines(path: Path) -> list[tuple[int, str, bool]]:
    """``(cell index, line, english?)`` of every counted line of a notebook's outputs."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = source_lines(nb)
    counted = []
    for index, cell in enumerate(nb["cells"]):
        for output in cell.get("outputs", []):
            for line in output_lines(output):
                text = line.strip()
                if not _WORD.search(text) or text in code or text in PYTHON_VALUES:
                    continue
                counted.append((index, text, is_english(text)))
    return counted


def share(path: Path) -> tuple[int, int]:
    """``(english lines, counted lines)`` of one notebook."""
    lines = lesson_lines(path)
    return sum(e for _, _, e in lines), len(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("lessons", nargs="*", help="lesson numbers (default: all)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="list each English line with its cell index")
    args = parser.parse_args(argv)
    paths = sorted(SPANISH.glob("[01][0-9]_*.ipynb"))
    if args.lessons:
        paths = [p for p in paths if p.stem.split("_")[0] in args.lessons]
    worst = 0.0
    print(f"{'lesson':40} {'English':>8} {'lines':>6} {'share':>6}")
    for path in paths:
        english, total = share(path)
        fraction = english / total if total else 0.0
        worst = max(worst, fraction)
        print(f"{path.stem:40} {english:8d} {total:6d} {fraction:6.1%}")
        if args.verbose:
            for index, text, eng in lesson_lines(path):
                if eng:
                    print(f"    [{index}] {text[:110]}")
    return 0 if worst <= LIMIT else 1


if __name__ == "__main__":
    sys.exit(main())
