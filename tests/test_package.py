"""Every module of the package imports, compiled ones included: the quick tier
(``-m "not slow"``) touches all of ``qsearch``, even modules whose behaviour only slow tests
check."""
import importlib
import pkgutil
from pathlib import Path

import pytest

import qsearch

ROOT = Path(qsearch.__file__).resolve().parent
BROKEN = []          # packages the walk could not import (it would skip what is below them)
MODULES = sorted(info.name for info in pkgutil.walk_packages(qsearch.__path__, "qsearch.",
                                                             onerror=BROKEN.append))


def module_name(source: Path) -> str:
    parts = source.relative_to(ROOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@pytest.mark.compiled
def test_the_walk_finds_a_module_for_every_source_file():
    assert BROKEN == []
    sources = {module_name(p) for pattern in ("*.py", "*.pyx") for p in ROOT.rglob(pattern)}
    sources.discard("qsearch")
    # a .pyx without its module means the extension is not built
    assert sorted(sources) == MODULES


@pytest.mark.parametrize("name", MODULES)
def test_every_module_imports(name):
    module = importlib.import_module(name)
    assert module.__name__ == name
    assert Path(module.__file__).resolve().is_relative_to(ROOT)
