"""The evidence that tells two node-count bugs apart, beyond the nodes visited.

A search that prunes nothing, one that does not hand its window down and one that tests its
cut a child late may all visit more nodes than alpha-beta; the report names which by what
each did at one node:

* :func:`window_line`: the first node called with another window than alpha-beta passes;
* :func:`late_cut_line`: the first node that searched a child and then stopped without
  using its value, where alpha-beta stops before that child.

Both compare the student's tree (:mod:`qsearch.grading.student_trace`) with qsearch's
alpha-beta in the finding's variant, node by node (by path, in the root player's view).
"""
from __future__ import annotations

from qsearch.grading.student_trace import student_trace
from qsearch.i18n import _
from qsearch.viz.searchtree import build_search_tree, format_number, format_window


def _trees(f):
    """``(student's nodes by path, alpha-beta's nodes by path)`` on the finding's case."""
    from qsearch.search import alphabeta

    case = f.case
    strict, fail_hard = f.variant
    ref = alphabeta(case.root, depth=case.depth, evaluate=case.evaluate, win_value=case.win,
                    strict=strict, fail_hard=fail_hard, trace=True)
    student = build_search_tree(student_trace(case, f.run, "alphabeta").trace)
    reference = build_search_tree(ref.trace)
    return ({n.path: n for n in student.nodes.values()},
            {n.path: n for n in reference.nodes.values()})


def window_line(f, name) -> str | None:
    """``N3 was called with [−∞, ∞]; alpha-beta passes [3, ∞].``, or None when every inner
    node both searched got alpha-beta's window (``name(path)`` names a node)."""
    student, reference = _trees(f)
    for path, node in sorted(student.items(), key=lambda item: item[1].id):
        other = reference.get(path)
        if path and node.children and other is not None \
                and node.entry_window != other.entry_window:
            return _("{node} was called with {window}; alpha-beta passes {right}.").format(
                node=name(path), window=format_window(node.entry_window),
                right=format_window(other.entry_window))
    return None


def late_cut_line(f, name) -> str | None:
    """``N3 searched N8 = 1, then stopped without using it; alpha-beta stops before N8.``,
    or None when no node of the student's search shows it."""
    student, reference = _trees(f)
    for path, node in sorted(student.items(), key=lambda item: item[1].id):
        if not node.pruned or not node.children:
            continue
        kids = sorted((n for n in student.values() if n.parent == node.id), key=lambda n: n.id)
        last = kids[-1]
        if path in reference and last.path not in reference:
            return _("{node} searched {child} = {value}, then stopped without using it; "
                     "alpha-beta stops before {child}.").format(
                node=name(path), child=name(last.path), value=format_number(last.value))
    return None
