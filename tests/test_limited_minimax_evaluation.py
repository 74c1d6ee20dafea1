"""``limited_minimax`` without an evaluation is a ValueError, in the compiled search, its
pure stand-in and the readable twin, on qsearch's engines and on a class's own game.

Document 004's ``Minimax_Limitado`` scores every leaf with its heuristic, a finished game's
too, so with none every move would score 0 and the first move would come back as the best
(what it did before). The check comes after the arguments' own checks and before any node
is searched.
"""
from __future__ import annotations

import pytest

from qsearch.games import Nim, ParCheckers
from qsearch.reference.limited_minimax import NO_EVALUATION_MESSAGE
from qsearch.reference.limited_minimax import limited_minimax as twin_limited_minimax
from qsearch.reference.parcheckers import PyParCheckers
from qsearch.search import limited_minimax
from qsearch.search.limited_minimax import NO_EVALUATION_MESSAGE as MODULE_MESSAGE
from qsearch.search.limited_minimax import limited_minimax as module_limited_minimax

NEEDS = "limited_minimax needs an evaluation"


@pytest.mark.parametrize("run", [limited_minimax, module_limited_minimax],
                         ids=["qsearch.search", "the module (compiled or its stand-in)"])
def test_no_evaluation_is_a_value_error(run):
    state = ParCheckers()
    before = state.position_key()
    for kwargs in ({}, {"evaluate": None}, {"max_nodes": None}, {"root_move": "best"},
                   {"children": "list"}):
        with pytest.raises(ValueError, match=NEEDS):
            run(state, 3, **kwargs)
    assert state.position_key() == before and state.history() == []


def test_the_twin_refuses_it_alike():
    with pytest.raises(ValueError, match=NEEDS):
        twin_limited_minimax(PyParCheckers(), 3)
    assert MODULE_MESSAGE == NO_EVALUATION_MESSAGE


def test_a_class_game_needs_one_too():
    with pytest.raises(ValueError, match=NEEDS):
        limited_minimax(Nim((2, 3)), 3)


def test_the_arguments_own_errors_come_first():
    with pytest.raises(ValueError, match="depth must be >= 1"):
        limited_minimax(ParCheckers(), 0)
    with pytest.raises(ValueError, match="root_move must be"):
        limited_minimax(ParCheckers(), 2, root_move="worst")

