"""The pieces of the JupyterLite site that ``scripts/build_lite.sh`` assembles (stdlib only).

* ``kernel-requirements LOCK``: the packages of Pyodide's lock file that the Pyodide kernel
  loads when it boots (micropip, IPython, jedi and their dependencies), as ``name==version``
  lines for ``pip download``. Each is a pure wheel on the Python package index.
* ``pyodide-dist NPM_DIR WHEELS OUT``: a Pyodide distribution in ``OUT``: the npm ``pyodide``
  package's files, the kernel's wheels from ``WHEELS``, and a lock file whose entries point
  at those local wheels (with their own sha256: the index's builds are not byte-identical to
  Pyodide's) and at Pyodide's CDN for every other package (numpy, matplotlib, ...), so the
  site boots offline and still loads the rest when online.
* ``contents OUT LESSONS NOTEBOOK_DIR``: copies of the lessons ``LESSONS`` names (a file such
  as ``lite/lessons.txt``: a lesson a line, then the packages it needs beyond the usual ones
  and the repository's folders it reads, each ending with ``/``) for the site, each opening
  with a cell that installs qsearch and the pure wheels it draws with (the site's own
  copies). Each folder goes to the site as one zip archive in ``lesson_data/`` (the notebooks'
  folder's parent standing for the repository), which the install cell unpacks at the root
  of the kernel's own file system, so the lesson finds the folder as it does in a clone
  (its walk up from the lesson's folder reaches ``/``). Not the files themselves: the site's
  file browser parses every file whose extension holds "json" (``.jsonl`` records too) as
  one JSON document, so the kernel cannot open them; and an archive is one request.
* ``landing INDEX LESSONS``: the site's front page (``index.html``) from ``INDEX``
  (``lite/site_index.md``): the same text, each lesson of ``LESSONS`` a link that opens it,
  and only it, in the single-document notebook interface
  (``notebooks/index.html?path=NN_name.ipynb``). JupyterLab's own ``lab/index.html?path=``
  restores the browser's last workspace, so a second link there could open the first lesson.
"""
from __future__ import annotations

import argparse
import hashlib
import html
import json
import re
import shutil
import sys
import zipfile
from pathlib import Path

# What the kernel asks Pyodide for while booting (jupyterlite-pyodide-kernel's worker:
# loadPackage("micropip"), then piplite.install of ipykernel, comm, pyodide-kernel, jedi and
# ipython; the names not in Pyodide's lock come with the kernel or as the site's wheels).
KERNEL_ROOTS = ("micropip", "ipython", "jedi", "comm", "ipykernel", "pyodide-kernel")
CDN = "https://cdn.jsdelivr.net/pyodide/v{version}/full/"
NPM_FILES = ("pyodide.mjs", "pyodide.js", "pyodide.asm.mjs", "pyodide.asm.wasm",
             "python_stdlib.zip", "package.json")
INSTALL_CELL = (
    "# Installs qsearch (pure Python) and what it draws with from this site's own wheels.\n"
    "# Everything works offline; plots are plain SVG drawings (matplotlib is not loaded).\n"
    "%pip install -q ipywidgets graphviz{extra}\n"
    "%pip install -q --no-deps qsearch"
)
DATA_DIR = "lesson_data"        # the site's folder of archives (lessons.txt's folders)
UNPACK = (
    "\n\n# The repository's {names}, which this lesson reads, unpacked from this site's\n"
    "# archive into the kernel's own file system (nothing goes to your browser's storage).\n"
    "import zipfile\n"
    "from pathlib import Path\n"
    "site = next(p for p in (Path.cwd(), *Path.cwd().parents) if (p / \"{data}\").is_dir())\n"
    "for archive in {archives}:\n"
    "    zipfile.ZipFile(site / \"{data}\" / archive).extractall(\"/\")"
)


# The site's kernel (jupyterlite-pyodide-kernel's): a lesson naming it opens without asking
# which kernel to start (its own "python3" is not on the site).
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def normalize(name: str) -> str:
    """PEP 503's normalized project name."""
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_closure(lock: dict) -> list[dict]:
    """The lock's entries the kernel loads at boot: the roots and everything they depend on."""
    packages = {normalize(name): entry for name, entry in lock["packages"].items()}
    todo = [normalize(name) for name in KERNEL_ROOTS if normalize(name) in packages]
    seen: dict[str, dict] = {}
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen[name] = packages[name]
        todo.extend(normalize(dep) for dep in packages[name]["depends"])
    entries = sorted(seen.values(), key=lambda e: normalize(e["name"]))
    impure = [e["file_name"] for e in entries if not e["file_name"].endswith("-none-any.whl")]
    if impure:
        raise ValueError(f"the kernel needs packages that are not pure wheels: {impure}")
    return entries


def kernel_requirements(lock_path: Path) -> str:
    """``name==version`` lines of the kernel's packages."""
    lock = json.loads(lock_path.read_text())
    return "".join(f"{e['name']}=={e['version']}\n" for e in kernel_closure(lock))


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def wheel_project(filename: str) -> str:
    """The normalized project name of a wheel file."""
    return normalize(filename.split("-", 1)[0])


def pyodide_dist(npm_dir: Path, wheels: Path, out: Path) -> list[str]:
    """Write the distribution into ``out``; returns the names of the local wheels."""
    lock = json.loads((npm_dir / "pyodide-lock.json").read_text())
    version = json.loads((npm_dir / "package.json").read_text())["version"]
    cdn = CDN.format(version=version)
    out.mkdir(parents=True, exist_ok=True)
    for name in NPM_FILES:
        shutil.copy2(npm_dir / name, out / name)
    local = {wheel_project(w.name): w for w in wheels.glob("*.whl")}
    bundled = []
    for entry in kernel_closure(lock):
        name = normalize(entry["name"])
        wheel = local.get(name)
        if wheel is None or f"-{entry['version']}-" not in wheel.name:
            raise ValueError(f"no wheel of {entry['name']} {entry['version']} in {wheels}")
        shutil.copy2(wheel, out / wheel.name)
        entry["file_name"], entry["sha256"] = wheel.name, sha256(wheel)
        bundled.append(wheel.name)
    for entry in lock["packages"].values():
        if entry["file_name"] not in bundled and "://" not in entry["file_name"]:
            entry["file_name"] = cdn + entry["file_name"]
    (out / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return bundled


def read_lessons(path: Path) -> dict[str, list[str]]:
    """``{lesson: [extra package or folder, ...]}`` from a lessons file: a lesson's name a line
    (the notebook without ``.ipynb``), then the packages it needs beyond the usual ones and
    the repository's folders it reads (ending with ``/``); ``#`` starts a comment line."""
    lessons: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        words = line.split()
        if words and not words[0].startswith("#"):
            if words[0] in lessons:
                raise ValueError(f"{path}: {words[0]} is listed twice")
            for folder in folders(words[1:]):
                if folder.startswith("/") or ".." in Path(folder).parts:
                    raise ValueError(f"{path}: {words[0]} reads {folder}: a folder of the "
                                     "repository is a relative path inside it")
            lessons[words[0]] = words[1:]
    return lessons


def packages(words: list[str]) -> list[str]:
    """The package names of a lesson's line (what its install cell adds)."""
    return [w for w in words if not w.endswith("/")]


def folders(words: list[str]) -> list[str]:
    """The repository's folders a lesson reads (its line's words ending with ``/``)."""
    return [w for w in words if w.endswith("/")]


def archive_name(folder: str) -> str:
    """The site's archive of a repository folder: ``benchmarks/tournaments/`` ->
    ``benchmarks_tournaments.zip``."""
    return folder.strip("/").replace("/", "_") + ".zip"


def pack(origin: Path, folder: str, archive: Path) -> None:
    """Zip the repository folder ``origin`` (named ``folder`` in the repository) to
    ``archive``, its members under ``folder`` as in the repository; byte for byte the same
    archive for the same files (sorted members, fixed times)."""
    archive.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
        for path in sorted(origin.rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                name = f"{folder.strip('/')}/{path.relative_to(origin).as_posix()}"
                info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, path.read_bytes())


def site_notebook(source: Path, extra: list[str] = ()) -> dict:
    """A lesson as the site shows it: the install cell first (installing the packages of
    ``extra`` too, and unpacking its folders' archives), the Pyodide kernel named in its
    metadata, the rest unchanged."""
    notebook = json.loads(source.read_text())
    text = INSTALL_CELL.format(extra="".join(f" {name}" for name in packages(list(extra))))
    if folders(list(extra)):
        text += UNPACK.format(names=" and ".join(folders(list(extra))), data=DATA_DIR,
                              archives=[archive_name(f) for f in folders(list(extra))])
    cell = {"cell_type": "code", "execution_count": None, "id": "qsearch-lite-install",
            "metadata": {"tags": ["qsearch-lite-install"]}, "outputs": [],
            "source": text.splitlines(keepends=True)}
    notebook["cells"].insert(0, cell)
    notebook["metadata"]["kernelspec"] = KERNELSPEC
    return notebook


def contents(out: Path, notebooks: list[Path], extras: dict[str, list[str]] | None = None,
             notebook_dir: Path | None = None) -> None:
    """Write the site's copies of ``notebooks`` into ``out``, each at its path relative to
    ``notebook_dir`` (a Spanish lesson, ``es/NN_name.ipynb``, goes to ``out/es/`` with the
    compiled catalogue its language cell reads, ``po/NN_name.mo``); ``extras`` maps a
    lesson's name (``NN_name`` or ``es/NN_name``) to the packages its install cell adds and
    the folders it reads (ending with ``/``: copied from ``notebook_dir``'s parent, the
    repository, to the same place under ``out``)."""
    out.mkdir(parents=True, exist_ok=True)
    for source in notebooks:
        if source.suffix != ".ipynb":
            raise ValueError(f"not a notebook: {source}")
        where = source.relative_to(notebook_dir) if notebook_dir else Path(source.name)
        name = where.with_suffix("").as_posix()
        words = (extras or {}).get(name, [])
        notebook = site_notebook(source, words)
        for folder in folders(words):
            if notebook_dir is None:
                raise ValueError(f"{name} reads {folder}: give the notebooks' folder, whose "
                                 "parent is the repository")
            origin = notebook_dir.resolve().parent / folder
            if not origin.is_dir():
                raise ValueError(f"{name} reads {folder}, which is not a folder of "
                                 f"{origin.parent}")
            pack(origin, folder, out / DATA_DIR / archive_name(folder))
        target = out / where
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n")
        catalogue = source.parent / "po" / f"{source.stem}.mo"
        if catalogue.exists():
            (target.parent / "po").mkdir(exist_ok=True)
            shutil.copy2(catalogue, target.parent / "po" / catalogue.name)


LESSON_LINK = "notebooks/index.html?path={lesson}.ipynb"
_LESSON_CODE = re.compile(r"`((?:es/)?\d\d_\w+)`")


def lesson_link(lesson: str) -> str:
    """The address, relative to the site's root, that opens ``lesson`` alone."""
    return LESSON_LINK.format(lesson=lesson)


def _inline(text: str, lessons: dict) -> str:
    """One line of the index's Markdown as HTML: escaped, ``**bold**``, `` `code` ``, and each
    lesson on the site a link."""
    out = html.escape(text, quote=False)
    out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out)

    def code(match: re.Match) -> str:
        name = match.group(1)
        if _LESSON_CODE.fullmatch(f"`{name}`") and name in lessons:
            return f'<a href="{html.escape(lesson_link(name))}"><code>{name}</code></a>'
        return f"<code>{name}</code>"

    return re.sub(r"`([^`]+)`", code, out)


def landing_page(index: str, lessons: dict) -> str:
    """The site's front page: ``index`` (the site's Markdown index: headings, paragraphs and
    pipe tables) as plain HTML with every lesson of ``lessons`` linked (``lesson_link``), a
    link to the whole site in JupyterLab, and nothing loaded from anywhere."""
    body, paragraph, table = [], [], []

    def flush():
        if paragraph:
            body.append("<p>" + " ".join(paragraph) + "</p>")
            paragraph.clear()
        if table:
            head, *rows = [[_inline(c.strip(), lessons) for c in r.strip().strip("|").split("|")]
                           for r in table if not re.fullmatch(r"[\s|:-]+", r)]
            body.append("<table><thead><tr>" + "".join(f"<th>{c}</th>" for c in head)
                        + "</tr></thead><tbody>" + "".join(
                            "<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>"
                            for row in rows) + "</tbody></table>")
            table.clear()

    title = "qsearch"
    for line in index.splitlines():
        heading = re.match(r"(#{1,3}) (.*)", line)
        if heading:
            flush()
            level = len(heading.group(1))
            if level == 1:
                title = heading.group(2)
            body.append(f"<h{level}>{_inline(heading.group(2), lessons)}</h{level}>")
        elif line.startswith("|"):
            if paragraph:
                flush()
            table.append(line)
        elif not line.strip():
            flush()
        else:
            if table:
                flush()
            paragraph.append(_inline(line.strip(), lessons))
    flush()
    body.insert(1, '<p class="lab">Each link opens one lesson by itself. The whole site, with '
                   'its file list, is in <a href="lab/index.html">JupyterLab</a>.</p>')
    style = ("body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;"
             "padding:0 1rem;line-height:1.45}table{border-collapse:collapse;margin:1rem 0}"
             "td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left;"
             "vertical-align:top}code{font-size:.95em}")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{html.escape(title, quote=False)}</title><style>{style}</style>"
            # JupyterLite's apps read the configuration of every page above theirs (its
            # config-utils.js); this root's is empty, as in JupyterLite's own index.html
            '<script id="jupyter-config-data" type="application/json" '
            'data-jupyter-lite-root=".">{}</script></head>\n<body>\n'
            + "\n".join(body) + "\n</body></html>\n")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("kernel-requirements").add_argument("lock", type=Path)
    dist = sub.add_parser("pyodide-dist")
    for name in ("npm_dir", "wheels", "out"):
        dist.add_argument(name, type=Path)
    site = sub.add_parser("contents")
    for name in ("out", "lessons", "notebook_dir"):
        site.add_argument(name, type=Path)
    landing = sub.add_parser("landing")
    for name in ("index", "lessons"):
        landing.add_argument(name, type=Path)
    args = parser.parse_args(argv)
    if args.command == "kernel-requirements":
        sys.stdout.write(kernel_requirements(args.lock))
    elif args.command == "pyodide-dist":
        bundled = pyodide_dist(args.npm_dir, args.wheels, args.out)
        print(f"Pyodide in {args.out}: {len(bundled)} kernel wheels bundled, the rest from the CDN")
    elif args.command == "landing":
        sys.stdout.write(landing_page(args.index.read_text(), read_lessons(args.lessons)))
    else:
        lessons = read_lessons(args.lessons)
        contents(args.out, [args.notebook_dir / f"{name}.ipynb" for name in lessons], lessons,
                 args.notebook_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
