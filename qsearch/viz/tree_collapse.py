"""Which nodes of a big searched tree to draw, and which subtrees to fold into a count.

A game searched a few plies deep has hundreds of nodes; drawn all at once they are a strip
thousands of points wide. :func:`collapse_plan` keeps the top of the tree, breadth-first, up
to a budget of boxes (a node, or a pruned branch's stub); a node whose children would go over
the budget is drawn **collapsed**: its subtree is one box that says how many nodes it holds
("▸ 37 nodes"). A student opens one on demand (``expanded``, the stepper's expand menu),
and the nodes in ``keep`` (the node of the step) are always drawn, with the path to them.

No drawing here: :func:`qsearch.viz.tree.draw_search` asks for a plan and draws it.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Collection
from dataclasses import dataclass

from qsearch.i18n import _
from qsearch.viz.searchtree import SearchTree


@dataclass(frozen=True)
class CollapsePlan:
    """``shown``: the ids of the nodes drawn; ``collapsed``: node id -> the number of nodes
    below it that are folded into its count box."""

    shown: frozenset
    collapsed: dict

    def hidden(self) -> int:
        """How many nodes are folded away."""
        return sum(self.collapsed.values())


def check_max_nodes(max_nodes) -> int | None:
    """``max_nodes`` as an int >= 1 (or None: draw every node), else a ValueError."""
    if max_nodes is None:
        return None
    if isinstance(max_nodes, bool) or not isinstance(max_nodes, int) or max_nodes < 1:
        raise ValueError(f"max_nodes must be an int >= 1 or None (every node), not {max_nodes!r}")
    return max_nodes


def subtree_sizes(tree: SearchTree) -> dict[int, int]:
    """Node id -> the number of searched nodes in its subtree (itself included)."""
    sizes: dict[int, int] = {}
    for node in sorted(tree.nodes.values(), key=lambda n: -n.id):    # children after parents
        sizes[node.id] = 1 + sum(sizes[c] for c in node.children)
    return sizes


def collapse_plan(tree: SearchTree, max_nodes: int, expanded: Collection[int] = (),
                  keep: Collection[int] = ()) -> CollapsePlan:
    """The nodes to draw: breadth-first from the root while the budget ``max_nodes`` allows a
    node's children, always those of a node in ``expanded`` and those on the path to a node
    in ``keep``; every other node with children is collapsed (see the module docs).

    Raises ValueError for a budget below 1, or an id in ``expanded``/``keep`` not in the tree.
    """
    check_max_nodes(max_nodes)
    for name, ids in (("expanded", expanded), ("keep", keep)):
        missing = [i for i in ids if i not in tree.nodes]
        if missing:
            raise ValueError(f"{name} names nodes that are not in the tree: {missing}")
    forced: set[int] = set()
    for node_id in keep:
        while node_id is not None and node_id not in forced:
            forced.add(node_id)
            node_id = tree.nodes[node_id].parent
    sizes = subtree_sizes(tree)
    stubs: dict[int, int] = {}                  # a pruned branch is drawn as a box too
    for edge in tree.pruned:
        stubs[edge.parent] = stubs.get(edge.parent, 0) + 1
    root = min(tree.nodes)
    shown, collapsed = {root}, {}
    drawn = 1
    queue = deque([root])
    while queue:
        node_id = queue.popleft()
        kids = tree.nodes[node_id].children
        if not kids:
            continue
        cost = len(kids) + stubs.get(node_id, 0)
        if (node_id in expanded or any(k in forced for k in kids)
                or drawn + cost <= max_nodes
                or sizes[node_id] - 1 + _stubs_below(tree, node_id, stubs) <= 1):
            # (a count box in place of a single box would hide nothing)
            shown.update(kids)
            queue.extend(kids)
            drawn += cost
        else:
            collapsed[node_id] = sizes[node_id] - 1
    return CollapsePlan(frozenset(shown), collapsed)


def _stubs_below(tree: SearchTree, node_id: int, stubs: dict[int, int]) -> int:
    todo, total = [node_id], 0
    while todo:
        n = todo.pop()
        total += stubs.get(n, 0)
        todo.extend(tree.nodes[n].children)
    return total


def collapsed_label(count: int) -> str:
    """The count box of a collapsed subtree: ``▸ 37 nodes``."""
    if count == 1:
        return _("▸ {count} node").format(count=count)
    return _("▸ {count} nodes").format(count=count)
