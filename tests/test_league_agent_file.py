"""League agents: reading a file without running it, notebook functions written as files,
loading and checking an agent in this process, the shipped template and examples."""
import math
import random

import numpy as np
import pytest

from qsearch.games import load
from qsearch.league import examples
from qsearch.league.agent_file import (
    AgentError,
    AgentSpec,
    agent_from_function,
    agents_in,
    call_choose,
    check_choice,
    course_agents,
    load_chooser,
    read_agent,
)

CORNERS = (0, 2, 6, 8)


def write(folder, name, text):
    path = folder / f"{name}.py"
    path.write_text(text)
    return path


def test_read_agent_takes_names_without_running_the_file(tmp_path):
    path = write(tmp_path, "loud", 'NAME = "Loud"\nAUTHOR = "Ana"\nraise SystemExit("ran!")\n')
    spec = read_agent(path)
    assert (spec.id, spec.name, spec.author, spec.kind) == ("loud", "Loud", "Ana", "file")
    broken = read_agent(write(tmp_path, "broken", "def choose(:\n"))
    assert broken.name == "broken" and broken.author == ""
    write(tmp_path, "_helper", "")
    assert [s.id for s in agents_in(tmp_path)] == ["broken", "loud"]
    assert AgentSpec.from_dict(spec.to_dict()) == spec
    with pytest.raises(ValueError, match=".py"):
        read_agent(tmp_path / "x.txt")
    with pytest.raises(FileNotFoundError):
        read_agent(tmp_path / "missing.py")
    with pytest.raises(ValueError, match="not a folder"):
        agents_in(tmp_path / "missing")


def test_loading_reports_what_is_wrong(tmp_path):
    cases = {
        "import error": ("import not_a_module_anywhere\n", "No module named"),
        "no choose": ("def chose(state):\n    return 0\n", "it defines: chose"),
        "exception": ("class Agent:\n    def new_game(self, p):\n        raise KeyError(p)\n"
                      "    def choose(self, s):\n        return 0\n", "KeyError: 1"),
    }
    for reason, (text, detail) in cases.items():
        path = write(tmp_path, reason.replace(" ", "_"), text)
        with pytest.raises(AgentError) as info:
            load_chooser(read_agent(path), 1, 5, 1.0)
        assert info.value.reason == reason and detail in info.value.detail
        assert "agent_file.py" not in info.value.detail     # the league's frames left out


def test_the_file_runs_afresh_with_its_seed_and_move_time(tmp_path):
    path = write(tmp_path, "counter", "import random\ncalls = []\nFIRST = random.random()\n"
                 "def choose(state):\n    calls.append(SEED)\n"
                 "    return (len(calls), MOVE_TIME, FIRST)\n")
    spec = read_agent(path)
    first = load_chooser(spec, 0, 42, 0.5)
    assert first(None) == (1, 0.5, random.Random(42).random())
    assert first(None)[0] == 2
    again = load_chooser(spec, 1, 42, 0.5)          # a new game: module memory is fresh
    assert again(None)[0] == 1


def test_choices_are_checked():
    assert check_choice(4) == 4 and check_choice(np.int64(3)) == 3
    for bad in (True, 2.0, "4", None, (1,)):
        with pytest.raises(AgentError, match="malformed"):
            check_choice(bad)
    with pytest.raises(AgentError) as info:
        call_choose(lambda s: [][1], None)
    assert info.value.reason == "exception" and "IndexError" in info.value.detail
    with pytest.raises(AgentError) as info:
        call_choose(lambda s: bytearray(2**62), None)
    assert info.value.reason == "memory"


def corner_first(state):
    """Prefer a free corner (a notebook-style function with helpers and globals)."""
    free = [a for a in state.legal_actions() if a in CORNERS]
    return pick(free or state.legal_actions())


def pick(actions):
    return actions[math.floor(len(actions) / 2)] if actions else None


def test_a_notebook_function_becomes_an_agent_file(tmp_path):
    spec = agent_from_function(corner_first, tmp_path, name="Corners", author="Bea")
    text = (tmp_path / "corner_first.py").read_text()
    assert "import math" in text and "CORNERS = (0, 2, 6, 8)" in text
    assert "def pick(actions)" in text and "choose = corner_first" in text
    assert (spec.name, spec.author) == ("Corners", "Bea")
    choose = load_chooser(spec, 0, 0, 1.0)
    state = load("tictactoe")
    assert choose(state) == corner_first(state) == 6
    with pytest.raises(TypeError, match="lambda"):
        agent_from_function(lambda s: 0, tmp_path)
    secret = object()

    def inner(state):
        return secret

    with pytest.raises(TypeError, match="closure"):
        agent_from_function(inner, tmp_path)


def uses_an_object(state):
    return RNG.choice(state.legal_actions())


RNG = random.Random(0)


def test_a_global_that_cannot_be_written_is_named(tmp_path):
    with pytest.raises(TypeError, match="'RNG'"):
        agent_from_function(uses_an_object, tmp_path)


def test_the_template_and_examples_play_tictactoe(tmp_path):
    copy = examples.write_template(tmp_path / "mine.py")
    with pytest.raises(FileExistsError):
        examples.write_template(copy)
    with pytest.raises(ValueError, match="unknown example"):
        examples.path("nope")
    for spec in [read_agent(copy), *examples.example_agents()]:
        state = load("tictactoe")
        for seat in (0, 1):
            choose = load_chooser(spec, seat, 3, 1.0)
            action = call_choose(choose, state.clone())
            assert action in state.legal_actions()
            state.apply_action(action)
    assert [s.name for s in examples.example_agents()] == [
        "random", "greedy one-ply", "alpha-beta depth 4"]


def test_course_agents_are_document_004s():
    specs = course_agents("parcheckers")
    assert [s.id for s in specs] == ["course-0", "course-1", "course-2", "course-3"]
    assert all(s.fixed and s.kind == "player" for s in specs)
    assert specs[3].name.startswith("agent 3")
    with pytest.raises(ValueError, match="parcheckers"):
        course_agents("connect4")


def test_a_file_changed_since_the_league_read_it_does_not_play(tmp_path):
    path = tmp_path / "ana.py"
    path.write_text("def choose(state):\n    return state.legal_actions()[0]\n")
    spec = read_agent(path)
    load_chooser(spec, 0, 1, 1.0)
    path.write_text("def choose(state):\n    return state.legal_actions()[-1]\n")
    with pytest.raises(AgentError, match="import error: the file changed since the league"):
        load_chooser(spec, 0, 1, 1.0)
