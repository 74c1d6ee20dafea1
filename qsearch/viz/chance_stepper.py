"""Step through an expectiminimax search (chance nodes, Star1/Star2 cuts) like alpha-beta.

:class:`ExpectiminimaxStepper` is the alpha-beta stepper of :mod:`qsearch.viz.stepper`
(same widget, same drawing) on a search by :func:`qsearch.search.expectiminimax`, with
captions for the chance-node events: an outcome and its probability, a Star2 probe, and the
cuts of Star1 and Star2. A node at the depth limit is named as the leaf it is (the heuristic
scores it), even where dice would be rolled next.
"""
from __future__ import annotations

from qsearch.core.constants import CHANCE
from qsearch.i18n import _
from qsearch.viz.searchtree import (
    NodeNames,
    build_search_tree,
    format_number,
    format_window,
    list_in_words,
)
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
        if self.tree.nodes[e.node].player == CHANCE:
            text = _("{node} is a leaf at the depth limit: it is not searched further (its dice "
                     "are not rolled) and the heuristic scores it {value}.")
        else:
            text = _("{node} is a leaf at the depth limit: it is not searched further and the "
                     "heuristic scores it {value}.")
        return text.format(node=self._who(e.node), value=format_number(e.value))

    def _on_chance(self, e, step) -> str:
        return _("At {node}: the outcome {outcome} ({probability}) is searched.").format(
            node=self._who(e.node), outcome=self.names.move(e.node, e.action),
            probability=_probability(e.value))

    def _on_probe(self, e, step) -> str:
        return _("At {node}: Star2 probes {outcome}, searching only the first move after it: "
                 "a bound for the player who moves.").format(
            node=self._who(e.node), outcome=self.names.move(e.node, e.action))

    def _on_resume(self, e, step) -> str:
        return _("Back at {node}, which the probe left after its first move: its other moves "
                 "are searched now, with α = {alpha}, β = {beta}.").format(
            node=self._who(e.node), alpha=format_number(e.alpha), beta=format_number(e.beta))

    def _outcomes_cut(self, e, rule: str) -> str:
        """``roll 2-3 is cut (Star1)``, or, when the test fails only at the last outcome,
        that nothing is left to cut (the node still returns a bound, not the mean)."""
        if not e.pruned:
            return _("every outcome has been searched, so none is left to cut ({rule}); the "
                     "node returns that bound").format(rule=rule)
        cut = [self.names.move(e.node, a) for a in e.pruned]
        if len(cut) == 1:
            return _("{outcome} is cut ({rule})").format(outcome=cut[0], rule=rule)
        return _("{outcomes} are cut ({rule})").format(outcomes=list_in_words(cut), rule=rule)

    def _window(self, e) -> str:
        return format_window((e.alpha, e.beta))

    def _on_probe_cutoff(self, e, step) -> str:
        return _("At {node} the probes already bound the average by {value}, outside "
                 "{window}: {cut}.").format(node=self._who(e.node), value=format_number(e.value),
                                           window=self._window(e),
                                           cut=self._outcomes_cut(e, "Star2"))

    def _on_cutoff(self, e, step) -> str:
        if self._role(e.node) != "chance":
            return super()._on_cutoff(e, step)
        low = e.value <= e.alpha           # even at its best the average stays at or below α
        if e.pruned and low:
            text = _("At {node} the outcomes searched, with those not searched yet counted at "
                     "the upper bound (the most they can be worth), show that the average is at "
                     "most {value}, not above α = {alpha}: {cut}.")
        elif e.pruned:
            text = _("At {node} the outcomes searched, with those not searched yet counted at "
                     "the lower bound (the least they can be worth), show that the average is at "
                     "least {value}, not below β = {beta}: {cut}.")
        elif low:
            text = _("At {node} the outcomes searched show that the average is at most {value}, "
                     "not above α = {alpha}: {cut}.")
        else:
            text = _("At {node} the outcomes searched show that the average is at least "
                     "{value}, not below β = {beta}: {cut}.")
        return text.format(node=self._who(e.node), value=format_number(e.value),
                           alpha=format_number(e.alpha), beta=format_number(e.beta),
                           cut=self._outcomes_cut(e, "Star1"))

    def _on_exit(self, e, step) -> str:
        if self._role(e.node) == "chance":
            who, v = self._who(e.node), format_number(e.value)
            bound = self.tree.nodes[e.node].bound
            if bound == "<=":                  # after a Star1/Star2 cut: not the mean itself
                text = _("{node} returns {value}, a bound: its true value (the "
                         "probability-weighted mean) is at most {value}.")
            elif bound == ">=":
                text = _("{node} returns {value}, a bound: its true value (the "
                         "probability-weighted mean) is at least {value}.")
            else:
                text = _("{node} returns the probability-weighted mean {value}.")
            return text.format(node=who, value=v)
        return super()._on_exit(e, step)
