"""The browser site's index (lite/site_index.md, the site's README.md) names every lesson: the
ones on the site (lite/lessons.txt) under "On this site", each other one under "Not on this
site" with its reason."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def rows(text: str, heading: str) -> dict[str, str]:
    """{lesson: second column} of the table under ``## heading``."""
    section = text.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): m.group(2).strip()
            for m in re.finditer(r"^\| `(\d\d_\w+)` \|(.*)\|$", section, re.MULTILINE)}


def test_the_index_lists_every_lesson_on_the_site_or_says_why_not():
    index = (ROOT / "lite" / "site_index.md").read_text()
    listed = [line.split()[0] for line in (ROOT / "lite" / "lessons.txt").read_text()
              .splitlines() if line.strip() and not line.startswith("#")]
    on_site = [name for name in listed if not name.startswith("es/")]
    spanish = [name for name in listed if name.startswith("es/")]
    lessons = sorted(p.stem for p in (ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    assert set(on_site) <= set(lessons), "lite/lessons.txt names a missing notebook"
    assert sorted(rows(index, "On this site")) == sorted(on_site)
    left_out = rows(index, "Not on this site, and why")
    assert sorted(left_out) == sorted(set(lessons) - set(on_site))
    assert all(reason for reason in left_out.values()), "a lesson left out without a reason"
    # the Spanish edition: each one a built Spanish lesson, listed under its own heading
    assert spanish and all((ROOT / "notebooks" / f"{name}.ipynb").exists() for name in spanish)
    section = index.split("## En español\n", 1)[1].split("\n## ", 1)[0]
    assert sorted(re.findall(r"^\| `(es/\d\d_\w+)` \|", section, re.MULTILINE)) == sorted(spanish)
