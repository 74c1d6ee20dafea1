"""The checker's words to a student in Spanish (issue 45): what a search returned of the wrong
type, an illegal action it played, a state it passed that is not the checker's, and Python's
recursion message; the English report is unchanged."""
from __future__ import annotations

import pytest

import qsearch
from qsearch.grading import check_search


@pytest.fixture(autouse=True)
def english_after(monkeypatch):
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


def returns_text(state, depth, evaluate):
    return "3"


def returns_a_text_action(state, depth, evaluate):
    return 0.0, "a"


def plays_an_illegal_action(state, depth, evaluate):
    state.apply_action(-1)
    return 0.0


def evaluates_a_list(state, depth, evaluate):
    return evaluate([state], 0)


def recurses(state, depth, evaluate):
    return -recurses(state, depth - 1, evaluate)


def _message(fn) -> str:
    return check_search(fn, "negamax").findings[0].run.message


@pytest.mark.parametrize("fn, english, spanish", [
    (returns_text, "it returned '3': expected a number, or a pair (value, action)",
     "devolvió '3': se esperaba un número, o una pareja (valor, acción)"),
    (returns_a_text_action, "its action is 'a': expected an int (or None)",
     "su acción es 'a': se esperaba un int (o None)"),
    (plays_an_illegal_action, "ValueError: apply_action(-1): not a legal action here",
     "ValueError: apply_action(-1): no es una acción legal aquí"),
    (evaluates_a_list, "TypeError: evaluate(state, player): state must be a state the checker",
     "TypeError: evaluate(state, player): state debe ser un estado que te dio el comprobador"),
    (recurses, "maximum recursion depth exceeded",
     "se superó la profundidad máxima de recursión"),
])
def test_the_checkers_words_in_both_languages(fn, english, spanish):
    assert _message(fn).startswith(english)
    qsearch.set_language("es")
    assert _message(fn).startswith(spanish)
