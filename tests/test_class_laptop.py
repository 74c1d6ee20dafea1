"""A class's laptop: no OpenSpiel, and in a notebook the pure-Python notice that nbval does not
compare (the installs themselves, and the pure wheel's name, are checked by
scripts/check_installs.sh; the lessons in pure mode by .ci/pure_lessons.sh)."""
import re
import sys
from pathlib import Path

import pytest
import tomllib

from qsearch._mode import show_in_notebook
from qsearch.games import load
from qsearch.games.registry import openspiel_installed

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def no_openspiel(monkeypatch):
    monkeypatch.setitem(sys.modules, "pyspiel", None)        # `import pyspiel` raises


def test_the_openspiel_advice_names_an_extra_of_this_project(no_openspiel):
    with pytest.raises(ValueError, match="not installed") as raised:
        load("breakthrough")
    advice = str(raised.value)
    extra = re.search(r"pip install '\./qsearch\[(\w+)\]'", advice).group(1)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]
    assert "open-spiel" in extras[extra]
    # PyPI's "qsearch" is another project (quantum synthesis): never advise installing it
    assert "pip install 'qsearch[" not in advice and "pip install open-spiel" in advice


def test_a_cell_that_needs_openspiel_says_so_in_one_line(no_openspiel, capsys):
    assert openspiel_installed() is False
    assert capsys.readouterr().out == ""
    assert openspiel_installed(say_why=True) is False
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "needs OpenSpiel" in out and "pip install open-spiel" in out


def test_outside_a_kernel_the_notice_is_left_to_the_warning():
    assert show_in_notebook("qsearch runs in pure-Python mode: a test") is False


@pytest.mark.slow
def test_in_a_kernel_the_notice_is_an_update_of_an_empty_display():
    """What a student sees under the importing cell, and why nbval sees no output there: the
    display is published empty, and the notice comes as its update."""
    jupyter_client = pytest.importorskip("jupyter_client.manager")
    manager, client = jupyter_client.start_new_kernel(kernel_name="python3")
    try:
        messages = []
        client.execute_interactive(
            "from qsearch._mode import show_in_notebook\n"
            "show_in_notebook('qsearch runs in pure-Python mode: a test')",
            output_hook=messages.append, timeout=60)
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)
    kinds = [m["msg_type"] for m in messages if m["msg_type"] not in ("status", "execute_input")]
    assert kinds[:2] == ["display_data", "update_display_data"], kinds
    first, update = (m["content"] for m in messages if m["msg_type"] in kinds[:2])
    assert first["data"] == {}
    assert first["transient"]["display_id"] == update["transient"]["display_id"]
    assert "pure-Python mode: a test" in update["data"]["text/plain"]
    assert "C compiler" in update["data"]["text/markdown"]
    result = next(m for m in messages if m["msg_type"] == "execute_result")
    assert result["content"]["data"]["text/plain"] == "True"
