"""The expectiminimax stepper's captions: a node at the depth limit is named as a leaf (not
"(chance)"), a MIN node's best move is its own move (not the path from the root), and a
Star1 cut says which bound the outcomes not searched yet were counted at."""
from __future__ import annotations

import pytest

from qsearch.core.constants import CHANCE
from qsearch.games import Hypergammon
from qsearch.heuristics.hypergammon import pip_race
from qsearch.viz.chance_stepper import ExpectiminimaxStepper


@pytest.fixture(scope="module")
def star1():
    """Notebook 05's stepper: Ex. 2.14's position, Star1, the 6 likeliest rolls."""
    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    return ExpectiminimaxStepper(state, 3, pip_race, prune="star1", bounds=(-40, 40), limit=6)


def state_at(stepper, node_id):
    """The position at a node, replayed from the root along the node's actions."""
    path, node = [], stepper.tree.nodes[node_id]
    while node.parent is not None:
        path.append(node.action)
        node = stepper.tree.nodes[node.parent]
    s = stepper.state.clone()
    for action in reversed(path):
        s.apply_action(action)
    return s


def test_a_node_at_the_depth_limit_is_called_a_leaf(star1):
    leaves = [k for k, e in enumerate(star1.result.trace) if e.kind == "leaf"]
    assert leaves
    for k in leaves:
        e = star1.result.trace[k]
        s = state_at(star1, e.node)
        assert s.is_chance_node() and star1.tree.nodes[e.node].player == CHANCE  # dice next
        text = star1.caption(k)
        assert "(chance)" not in text, text
        assert "is a leaf at the depth limit" in text and "its dice are not rolled" in text
        assert text.endswith(f"the heuristic scores it {pip_race(s, 0):g}.".replace("-", "−"))
        entered = star1.caption(k - 1)             # the visit just before: a leaf too
        assert entered == f"Visit {star1.names.name(e.node)}.", entered


def test_a_min_node_names_its_best_move_not_a_path(star1):
    exits = [(k, e) for k, e in enumerate(star1.result.trace)
             if e.kind == "exit" and star1._role(e.node) == "MIN"
             and star1.tree.nodes[e.node].bound == "="]
    assert exits
    for k, e in exits:
        move = state_at(star1, e.node).action_to_string(e.action)
        text = star1.caption(k)
        assert text.endswith(f"(best move {move}).") and "·" not in text.split("best move")[1]


def test_a_star1_cut_says_how_the_rest_was_counted(star1):
    cuts = [k for k, e in enumerate(star1.result.trace)
            if e.kind == "cutoff" and star1._role(e.node) == "chance"]
    texts = [star1.caption(k) for k in cuts]
    cut = [t for t in texts if "is cut (Star1)" in t]
    assert cut == ["At [20/15 9/5] (chance) the outcomes searched, with those not searched yet "
                   "counted at the upper bound (the most they can be worth), show that the "
                   "average is at most −13.7, not above α = −12.2: roll 2-3 is cut (Star1)."]
    assert all("at the bounds" not in t for t in texts)
    nothing_left = [t for t in texts if "none is left to cut" in t]
    assert nothing_left and all("not searched yet" not in t for t in nothing_left)


def test_a_spanish_caption_writes_its_values_with_a_decimal_comma(star1):
    """Issue 45: es/05's stepper says −13,7 and α = −12,2 (the English caption keeps −13.7)."""
    from qsearch import i18n
    k = next(k for k, e in enumerate(star1.result.trace)
             if e.kind == "cutoff" and star1._role(e.node) == "chance" and e.pruned)
    try:
        i18n.set_language("es")
        spanish = star1.caption(k)
        window = star1._window(star1.result.trace[k])
    finally:
        i18n.set_language(None)
    assert "como mucho −13,7, no mayor que α = −12,2" in spanish
    assert "−13.7" not in spanish and "−12.2" not in spanish
    assert window == "[−12,2; ∞]"               # a «;» between the bounds: no comma clash
    assert "at most −13.7, not above α = −12.2" in star1.caption(k)
    assert star1._window(star1.result.trace[k]) == "[−12.2, ∞]"
