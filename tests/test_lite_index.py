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
    left_out = (rows(index, "Not on this site, and why")
                if "## Not on this site, and why\n" in index else {})
    assert sorted(left_out) == sorted(set(lessons) - set(on_site))
    assert all(reason for reason in left_out.values()), "a lesson left out without a reason"
    # the Spanish edition: each one a built Spanish lesson, listed under its own heading
    assert spanish and all((ROOT / "notebooks" / f"{name}.ipynb").exists() for name in spanish)
    section = index.split("## En español\n", 1)[1].split("\n## ", 1)[0]
    assert sorted(re.findall(r"^\| `(es/\d\d_\w+)` \|", section, re.MULTILINE)) == sorted(spanish)


def test_the_readme_marks_exactly_the_lessons_on_the_site():
    """The README's lesson table: a ✓ in its last column for each lesson lite/lessons.txt puts
    on the site in both languages, and for no other."""
    listed = {line.split()[0] for line in (ROOT / "lite" / "lessons.txt").read_text()
              .splitlines() if line.strip() and not line.startswith("#")}
    both = {name[:2] for name in listed if f"es/{name}" in listed}
    marked, unmarked, widths = set(), set(), set()
    for m in re.finditer(r"^\| (\d\d) \|.*\|([^|]*)\|$", (ROOT / "README.md").read_text(),
                         re.MULTILINE):
        (marked if m.group(2).strip() == "✓" else unmarked).add(m.group(1))
        widths.add(m.group(0).count("|"))
    assert marked | unmarked, "no lesson table in README.md"
    assert len(widths) == 1, "the README's lesson rows have different numbers of columns"
    assert marked == both, f"README ✓ {sorted(marked)}, on the site {sorted(both)}"


def test_the_front_page_links_every_lesson_to_open_it_alone():
    """The site's index.html (lite/prepare.py landing): every lesson of lite/lessons.txt, English
    and Spanish, is one link to the single-document interface (notebooks/index.html?path=...),
    which opens that lesson whatever was opened before; the lessons not on the site are named
    without a link; nothing is loaded from another host."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location("lite_prepare", ROOT / "lite" / "prepare.py")
    prepare = importlib.util.module_from_spec(spec)
    sys.modules["lite_prepare"] = prepare
    spec.loader.exec_module(prepare)
    lessons = prepare.read_lessons(ROOT / "lite" / "lessons.txt")
    page = prepare.landing_page((ROOT / "lite" / "site_index.md").read_text(), lessons)
    links = re.findall(r'<a href="([^"]+)"><code>([^<]+)</code></a>', page)
    assert sorted(name for _, name in links) == sorted(lessons)
    assert all(href == f"notebooks/index.html?path={name}.ipynb" for href, name in links)
    assert "<code>03_quarto_simulation</code>" in page          # left out: named, no link
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)
    assert '<a href="lab/index.html">' in page
    # student-proof: the index's text is escaped, a lesson name only links when on the site
    odd = prepare.landing_page("# T\n\n<script>x</script> `99_nope` **b**\n", lessons)
    assert "<script>" not in odd and "&lt;script&gt;" in odd
    assert "<code>99_nope</code>" in odd and "<strong>b</strong>" in odd


def test_ci_rotation_goes_round_the_site():
    """CI runs every English site lesson within a few commits: the lessons run every time plus
    each commit's rotation cover them all, and a rotation never holds a Spanish copy."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "lite_site", Path(__file__).parent / "browser" / "test_lite_site.py")
    site = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(site)
    english = {lesson for lesson in site.SITE_LESSONS if not lesson.startswith("es/")}
    assert set(site.EVERY_RUN) <= english
    seen = set(site.EVERY_RUN)
    for start in range(len(english)):
        drawn = site.rotation(site.SITE_LESSONS, f"{start:08x}")
        assert len(drawn) == min(site.ROTATING, len(english - set(site.EVERY_RUN)))
        assert not set(drawn) & set(site.EVERY_RUN) and all("es/" not in d for d in drawn)
        seen |= set(drawn)
    assert seen == english
