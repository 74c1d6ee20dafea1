"""Step through an expectiminimax search (chance nodes, Star1/Star2 cuts) like alpha-beta.

:class:`ExpectiminimaxStepper` is the alpha-beta stepper of :mod:`qsearch.viz.stepper`
(same widget, same drawing) on a search by :func:`qsearch.search.expectiminimax`, with
captions for the chance-node events: an outcome and its probability, a Star2 probe, and the
cuts of Star1 and Star2. A node at the depth limit is named as the leaf it is (the heuristic
scores it), even where dice would be rolled next.
"""
from __future__ import annotations

from qsearch.core.constants import CHANCE
from qsearch.viz.searchtree import NodeNames, build_search_tree, format_number
from qsearch.viz.step_controls import check_interval
from qsearch.viz.stepper import SearchStepper
from qsearch.viz.tree import _probability
from qsearch.viz.tree_view import check_view


class ExpectiminimaxStepper(SearchStepper):
    """``ExpectiminimaxStepper(state, depth, evaluate, prune=None, **options)``.

    The options (``prune``, ``limit``, ``count_chance``, ``bounds``, ``player``,
    ``win_value``) go to :func:`qsearch.search.expectiminimax`. ``focus`` (default True):
    each step draws only the path to the node it is about and the children along it; chance
    nodes multiply the tree (notebook 05's is 9,000 px wide), which shrunk to the window
    would be unreadable. ``focus=False`` draws it all. ``view``: as for
    :class:`~qsearch.viz.stepper.SearchStepper` (a window around the node of the step when
    the drawing is wider than the cell).
    """

    algorithm = "expectiminimax"

    def __init__(self, state, depth: int, evaluate=None, *, interval: int = 1000,
                 hide_unexplored: bool = False, title: str | None = None, edge_labels=None,
                 node_label=None, focus: bool = True, view: str = "follow",
                 **search_options):
        from qsearch.search import expectiminimax

        self.view = check_view(view)
        self.max_nodes = None              # focus keeps the drawing small: nothing collapses
        self.expanded: set[int] = set()

        if "trace" in search_options:
            raise ValueError("the trace is always recorded here: do not pass trace=")
        self.state = state
        self.result = expectiminimax(state, depth, evaluate, trace=True, **search_options)
        self.options = dict(search_options)
        self.tree = build_search_tree(self.result.trace)
        self.names = NodeNames(self.tree, self.state)
        self.interval = check_interval(interval)
        self.draw_options = {"hide_unexplored": hide_unexplored, "title": title,
                             "edge_labels": edge_labels, "node_label": node_label,
                             "focus": focus}
        self._svgs: dict[int, str] = {}

    def _role(self, node_id: int) -> str:
        # A node at the depth limit is a leaf even when its dice would be rolled next: it is
        # scored by the heuristic, never averaged.
        if self.tree.nodes[node_id].kind == "leaf":
            return "leaf"
        return super()._role(node_id)

    def _on_leaf(self, e, step) -> str:
        dice = " (its dice are not rolled)" if self.tree.nodes[e.node].player == CHANCE else ""
        return (f"{self._who(e.node)} is a leaf at the depth limit: it is not searched "
                f"further{dice} and the heuristic scores it {format_number(e.value)}.")

    def _on_chance(self, e, step) -> str:
        return (f"At {self._who(e.node)}: the outcome {self.names.move(e.node, e.action)} "
                f"({_probability(e.value)}) is searched.")

    def _on_probe(self, e, step) -> str:
        return (f"At {self._who(e.node)}: Star2 probes {self.names.move(e.node, e.action)}, "
                f"searching only the first move after it: a bound for the player who moves.")

    def _on_resume(self, e, step) -> str:
        return (f"Back at {self._who(e.node)}, which the probe left after its first move: its "
                f"other moves are searched now, with α = {format_number(e.alpha)}, "
                f"β = {format_number(e.beta)}.")

    def _outcomes_cut(self, e, rule: str) -> str:
        """``roll 2-3 is cut (Star1)``, or, when the test fails only at the last outcome,
        that nothing is left to cut (the node still returns a bound, not the mean)."""
        if not e.pruned:
            return (f"every outcome has been searched, so none is left to cut ({rule}); the "
                    f"node returns that bound")
        cut = [self.names.move(e.node, a) for a in e.pruned]
        what = cut[0] if len(cut) == 1 else ", ".join(cut[:-1]) + " and " + cut[-1]
        return f"{what} {'is' if len(cut) == 1 else 'are'} cut ({rule})"

    def _window(self, e) -> str:
        return f"[{format_number(e.alpha)}, {format_number(e.beta)}]"

    def _on_probe_cutoff(self, e, step) -> str:
        return (f"At {self._who(e.node)} the probes already bound the average by "
                f"{format_number(e.value)}, outside {self._window(e)}: "
                f"{self._outcomes_cut(e, 'Star2')}.")

    def _on_cutoff(self, e, step) -> str:
        if self._role(e.node) != "chance":
            return super()._on_cutoff(e, step)
        v = format_number(e.value)
        if e.value <= e.alpha:             # even at its best the average stays at or below α
            rest = "the upper bound (the most they can be worth)"
            test = f"at most {v}, not above α = {format_number(e.alpha)}"
        else:
            rest = "the lower bound (the least they can be worth)"
            test = f"at least {v}, not below β = {format_number(e.beta)}"
        counted = (f", with those not searched yet counted at {rest},"
                   if e.pruned else "")
        return (f"At {self._who(e.node)} the outcomes searched{counted} show that the average "
                f"is {test}: {self._outcomes_cut(e, 'Star1')}.")

    def _on_exit(self, e, step) -> str:
        if self._role(e.node) == "chance":
            who, v = self._who(e.node), format_number(e.value)
            bound = self.tree.nodes[e.node].bound
            if bound in ("<=", ">="):          # after a Star1/Star2 cut: not the mean itself
                most = "at most" if bound == "<=" else "at least"
                return (f"{who} returns {v}, a bound: its true value (the probability-weighted "
                        f"mean) is {most} {v}.")
            return f"{who} returns the probability-weighted mean {v}."
        return super()._on_exit(e, step)
