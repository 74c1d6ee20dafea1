"""The agents that ship with qsearch's class league: a template to copy and three examples.

* ``template.py``: the contract in comments and a ``choose`` to improve;
* ``random_agent.py``: a random legal action;
* ``greedy_agent.py``: one ply, a win first, then a simple evaluation (a class ``Agent``);
* ``alphabeta_agent.py``: alpha-beta at depth 4 with a heuristic.

Each works on any two-player game :func:`qsearch.games.load` knows.
"""
from __future__ import annotations

import shutil
from pathlib import Path

FOLDER = Path(__file__).resolve().parent
EXAMPLES = ("random_agent", "greedy_agent", "alphabeta_agent")


def path(name: str) -> Path:
    """The file of an example (``"random_agent"``, ...) or of the ``"template"``."""
    if name not in (*EXAMPLES, "template"):
        raise ValueError(f"unknown example {name!r}; choose from "
                         f"{', '.join((*EXAMPLES, 'template'))}")
    return FOLDER / f"{name}.py"


def example_agents() -> list:
    """The three examples as league entries (:class:`qsearch.league.AgentSpec`)."""
    from qsearch.league.agent_file import read_agent

    return [read_agent(path(name)) for name in EXAMPLES]


def write_template(destination) -> Path:
    """Copy the template to ``destination`` (a new ``.py`` file; an existing one is kept and
    a FileExistsError raised)."""
    destination = Path(destination)
    if destination.suffix != ".py":
        raise ValueError(f"an agent file ends in .py, not {destination.name!r}")
    if destination.exists():
        raise FileExistsError(f"{destination} exists already: choose another name")
    destination.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(path("template"), destination)
    return destination
