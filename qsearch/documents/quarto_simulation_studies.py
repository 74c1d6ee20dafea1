"""Lesson 03's heavy searches (document 000's AB_MINIMAX) as saved-study units.

The compiled engines search the lesson's positions in seconds; pure Python (the browser site)
runs document 000's alpha-beta at about 30,000 nodes a second, and some of these searches take
millions of nodes. So each search is a unit of :func:`qsearch.core.saved_study.run_or_check`:
the compiled build runs them all and checks the files in ``notebooks/data/03_quarto_simulation/``,
pure Python reads them and runs again a drawn sample of the cheap ones (``affordable``).
The matches of the lesson are saved games (:mod:`qsearch.arena.saved_match`).

* :func:`search_points`: the table of searches at four points of a random game;
* :func:`depth_unit`: one position, one search and one depth limit (nodes against depth);
* :func:`payoff_unit`: one position searched with the three payoffs of section 8.
"""
from __future__ import annotations

from collections.abc import Sequence

from qsearch.documents.quarto_ab_minimax import DOCUMENT_OPTIONS, document_search

#: the searches of the nodes-against-depth table, by their (untranslated) key
DEPTH_SEARCHES = ("minimax", "alpha-beta", "wins first", "wins first + table")
#: the payoff variants of section 8, by their (untranslated) key
PAYOFFS = ("document (payoff 0)", "line credit", "line credit + payoff order")


def _state(actions: Sequence[int]):
    from qsearch.games import OwnPieceQuarto

    return OwnPieceQuarto.from_actions(list(actions))


def point_unit(actions: Sequence[int]) -> list:
    """``[value, action, nodes, nodes with win check]`` of the exact search of the position
    after ``actions``; asserts that the win check and the general search agree."""
    from qsearch.search.quarto_ab import ab_minimax

    state = _state(actions)
    exact = ab_minimax(state)
    fast = ab_minimax(state, win_check=True)
    if (exact.value, exact.action) != (fast.value, fast.action):
        raise AssertionError(f"the win check changed the answer after {list(actions)}")
    if document_search(state).nodes != exact.nodes:
        raise AssertionError(f"the general search disagrees after {list(actions)}")
    return [exact.value, exact.action, exact.nodes, fast.nodes]


def wins_first(state, actions):
    """An ordering: the placements that win at once first, the rest in the document's order."""
    return sorted(actions, key=lambda a: not state.child(a).is_terminal())


def depth_unit(unit: Sequence) -> int:
    """Nodes of search ``unit[0]`` (one of :data:`DEPTH_SEARCHES`) to depth ``unit[1]`` from
    the position after actions ``unit[2]``, with the document's payoff."""
    from qsearch.search import alphabeta, minimax

    key, depth, actions = unit
    state = _state(actions)
    if key == "minimax":
        return minimax(state, depth, **DOCUMENT_OPTIONS).nodes
    if key == "alpha-beta":
        return alphabeta(state, depth, **DOCUMENT_OPTIONS).nodes
    if key not in DEPTH_SEARCHES:
        raise ValueError(f"unknown search {key!r}: one of {DEPTH_SEARCHES}")
    return alphabeta(state, depth, order=wins_first, tt=key == "wins first + table",
                     **DOCUMENT_OPTIONS).nodes


def payoff_unit(actions: Sequence[int]) -> list[int]:
    """Nodes of the win-check search of the position after ``actions`` with each payoff of
    :data:`PAYOFFS` (in that order)."""
    from qsearch.heuristics.quarto import line_credit
    from qsearch.search.quarto_ab import ab_minimax

    state = _state(actions)
    options = ({}, {"evaluate": line_credit}, {"evaluate": line_credit, "order": "payoff"})
    return [ab_minimax(state, win_check=True, **o).nodes for o in options]


def nodes_within(budget: int, key=None):
    """An ``affordable`` rule: units whose saved nodes (``key(result)``, default the result
    itself, or the sum of a list) are at most ``budget``."""
    def nodes(result):
        value = result if key is None else key(result)
        return sum(value) if isinstance(value, list) else value
    return lambda unit, result: nodes(result) <= budget
