"""Step through a student's own search beside alpha-beta's, on the same position.

:class:`StudentStepper` is qsearch's :class:`~qsearch.viz.stepper.SearchStepper` on the trace
rebuilt from the student's calls (:mod:`qsearch.grading.student_trace`): the nodes in the
student's order, the window where the student's function takes one, the values it returned.
:class:`SideBySide` puts it beside qsearch's own alpha-beta (or minimax) stepper on the
finding's position; each has its own play row. Without a kernel the two finished trees are
shown as one picture (:class:`~qsearch.viz.gallery.Gallery`).
"""
from __future__ import annotations

from qsearch.grading.diagnose import Finding
from qsearch.grading.report import variant_name
from qsearch.grading.student_trace import student_trace
from qsearch.i18n import _
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.searchtree import NodeNames, build_search_tree, list_in_words
from qsearch.viz.step_controls import check_interval
from qsearch.viz.stepper import MAX_NODES, AlphaBetaStepper, MinimaxStepper, SearchStepper
from qsearch.viz.tree import SVG_STYLE
from qsearch.viz.tree_collapse import check_max_nodes
from qsearch.viz.tree_view import check_view


class StudentStepper(SearchStepper):
    """A stepper on a student's run (no search is run again: the trace is the student's).

    ``StudentStepper(case, run, algorithm, *, title=None, interval=1000, view="follow",
    max_nodes=MAX_NODES)``; everything else is :class:`SearchStepper`'s.
    """

    def __init__(self, case, run, algorithm: str = "alphabeta", *, title: str | None = None,
                 interval: int = 1000, view: str = "follow",
                 max_nodes: int | None = MAX_NODES):
        result = student_trace(case, run, algorithm)
        if not result.trace:
            raise ValueError("the student's search visited no node: nothing to step through")
        self.__dict__.update(
            view=check_view(view), max_nodes=check_max_nodes(max_nodes), expanded=set(),
            algorithm=result.algorithm, state=case.root.clone(), result=result, options={},
            interval=check_interval(interval), _svgs={},
            draw_options={"hide_unexplored": False, "title": title, "edge_labels": None,
                          "node_label": None, "strict": False})
        self.tree = build_search_tree(result.trace)
        self.names = NodeNames(self.tree, self.state, None)

    def _on_cutoff(self, e, step) -> str:
        cut = [self.names.child_name(e.node, a) for a in e.pruned]
        return _("Your search stops at {node}: {children} not searched.").format(
            node=self._who(e.node), children=list_in_words(cut))


class SideBySide(LazyWidget):
    """The student's search (:attr:`student`) beside qsearch's (:attr:`reference`)."""

    def __init__(self, finding: Finding, algorithm: str, *, interval: int = 1000):
        case, run = finding.case, finding.run
        self.student = StudentStepper(case, run, algorithm, title=_("Your search"),
                                      interval=interval)
        options = {"depth": case.depth, "evaluate": case.evaluate, "win_value": case.win,
                   "interval": interval}
        if algorithm == "alphabeta":            # the variant the report compares with
            strict, fail_hard = finding.variant
            title = variant_name(finding.variant)
            self.reference = AlphaBetaStepper(case.root, title=title[:1].upper() + title[1:],
                                              strict=strict, fail_hard=fail_hard, **options)
        else:
            self.reference = MinimaxStepper(case.root, title=_("Minimax"), **options)

    def _build_widget(self):
        import ipywidgets as widgets

        for stepper in (self.student, self.reference):    # side by side when the cell is
            stepper.widget.layout.flex = "1 1 420px"      # wide enough, one above the other
            stepper.widget.layout.min_width = "0"         # when not; a wide tree scrolls
        box = widgets.HBox([self.student.widget, self.reference.widget],
                           layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                 grid_gap="12px"))
        box.add_class("qsearch-grading-steppers")
        return box

    def _repr_svg_(self) -> str:
        """Both finished trees, side by side, for viewers without a kernel."""
        from qsearch.viz.gallery import Gallery

        # the trees' own CSS (height: auto) would collapse them once nested in one picture
        trees = [svg.replace(f'style="{SVG_STYLE}" ', "", 1)
                 for svg in (self.student.final_svg(), self.reference.final_svg())]
        return Gallery(trees, width=2000)._repr_svg_()       # each tree has its title
