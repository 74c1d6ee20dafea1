"""Big trees drawn with their lower subtrees collapsed into node counts, opened on demand
(``qsearch.viz.tree_collapse``, ``draw_tree(max_nodes=...)``, the steppers' expand menu)."""
from __future__ import annotations

import re

import pytest

from qsearch.games import Connect4
from qsearch.search import alphabeta
from qsearch.viz.searchtree import build_search_tree
from qsearch.viz.tree import draw_tree, svg_text
from qsearch.viz.tree_collapse import collapse_plan, subtree_sizes


def searched(depth=3):
    return build_search_tree(alphabeta(Connect4(), depth=depth, trace=True).trace)


def drawn_nodes(svg: str) -> set[int]:
    return {int(x) for x in re.findall(r"<title>n(\d+)</title>", svg)}


def counts(svg: str) -> list[int]:
    return [int(x) for x in re.findall(r"▸ (\d+) nodes?<", svg)]


@pytest.mark.parametrize("budget", [10, 40, 120])
def test_every_node_is_drawn_or_counted_once(budget):
    tree = searched()
    plan = collapse_plan(tree, budget)
    sizes = subtree_sizes(tree)
    assert sizes[0] == len(tree.nodes)
    assert len(plan.shown) + plan.hidden() == len(tree.nodes)
    for node_id, count in plan.collapsed.items():
        assert node_id in plan.shown and count == sizes[node_id] - 1 >= 1
        assert not set(tree.nodes[node_id].children) & plan.shown
    stubs = sum(1 for e in tree.pruned if e.parent in plan.shown
                and e.parent not in plan.collapsed)
    widest = max(len(n.children) for n in tree.nodes.values()) + 6
    assert len(plan.shown) + stubs <= budget + widest     # over only by one node's children


def test_a_big_static_tree_shows_counts_and_opens_what_is_asked():
    full = svg_text(draw_tree(Connect4(), depth=3))
    small = svg_text(draw_tree(Connect4(), depth=3, max_nodes=40))
    tree = searched()
    assert counts(small) and not counts(full)
    assert len(drawn_nodes(small)) + sum(counts(small)) == len(tree.nodes) == len(drawn_nodes(full))
    width = {k: float(re.search(r'width="([0-9.]+)pt"', svg).group(1))
             for k, svg in (("full", full), ("small", small))}
    assert width["small"] < width["full"] / 2
    plan = collapse_plan(tree, 40)
    folded = min(plan.collapsed)
    from qsearch.viz.searchtree import NodeNames
    name = NodeNames(tree, Connect4()).name(folded)
    opened = svg_text(draw_tree(Connect4(), depth=3, max_nodes=40, expand=[name]))
    assert set(tree.nodes[folded].children) <= drawn_nodes(opened)
    assert len(counts(opened)) == len(counts(small)) - 1 + sum(
        1 for c in tree.nodes[folded].children if subtree_sizes(tree)[c] > 2)


def test_bad_budgets_and_names_are_refused():
    with pytest.raises(ValueError, match="max_nodes must be an int >= 1"):
        draw_tree(Connect4(), depth=2, max_nodes=0)
    with pytest.raises(ValueError, match="needs max_nodes"):
        draw_tree(Connect4(), depth=2, expand=["[4]"])
    with pytest.raises(ValueError, match="no node called"):
        draw_tree(Connect4(), depth=2, max_nodes=5, expand=["[9·9]"])
    with pytest.raises(ValueError, match="not in the tree"):
        collapse_plan(searched(2), 5, expanded=[10_000])


def test_the_stepper_draws_the_node_of_every_step_and_expands_on_demand():
    pytest.importorskip("ipywidgets")
    from qsearch.viz.stepper import AlphaBetaStepper

    stepper = AlphaBetaStepper(Connect4(), depth=3, max_nodes=40)
    for step in range(0, stepper.n_steps, 7):             # never folded away
        assert stepper.current_node(step) in drawn_nodes(stepper.svg(step)), step
    assert stepper.widget is not None
    menu, collapse = stepper.expand_menu, stepper.collapse_button
    assert menu.value is None and collapse.disabled
    assert menu.options[0][0].startswith("expand… (")
    folded = menu.options[1][1]
    assert folded in stepper.collapsed(0)
    menu.value = folded                                    # a click in the menu
    assert stepper.expanded == {folded} and not collapse.disabled
    kids = set(stepper.tree.nodes[folded].children)
    assert kids <= drawn_nodes(stepper.picture.value)
    assert folded not in dict(menu.options).values() and menu.value is None
    collapse.click()
    assert not stepper.expanded and folded in stepper.collapsed(0)
    assert not kids & drawn_nodes(stepper.picture.value)
    with pytest.raises(ValueError, match="no node called"):
        stepper.expand("[9·9·9]")
    small = AlphaBetaStepper([[3, 5], [2, 9]])
    assert small.collapsed(0) == {} and len(small.widget.children) == 3    # no menus
