"""Step through a search in a notebook: the tree as of each trace event, with a caption.

``AlphaBetaStepper(tree, fail_hard=True)`` searches ``tree`` (a toy tree, nested lists, or
a small game position) with ``trace=True`` and shows play/pause (■ pauses too: the step
stays), a speed menu, a slider, previous/next buttons, a caption that says what happens at
this step ("At C3 (MIN) β = 1 ≤ α = 2: C7 is cut.") and the tree drawn as of that step.

Only standard ipywidgets are used, and the drawing is an SVG string inside a
``widgets.HTML`` that an ``observe`` callback replaces: no ``Output`` widget (which strict
nbval cannot check), no custom JavaScript, so it runs in JupyterLab, Notebook 7 and Voilà.
Without a live kernel (a notebook on GitHub) the final tree is shown as a static SVG.

A tree wider than a notebook's cell (a game position searched a few plies deep is thousands
of points wide) is shown around the node of the step, which stays in view at every step; a
menu switches to the whole tree (scrolled) or the whole tree fitted to the cell
(:mod:`qsearch.viz.tree_view`).
"""
from __future__ import annotations

import html
import math

from qsearch.i18n import _
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.searchtree import (
    NodeNames,
    build_search_tree,
    format_number,
    format_window,
    list_in_words,
)
from qsearch.viz.step_controls import StepControls, check_interval
from qsearch.viz.tree import draw_search, run_traced, svg_text
from qsearch.viz.tree_collapse import check_max_nodes, collapse_plan, collapsed_label
from qsearch.viz.tree_view import VIEWS, WINDOW_PT, check_view, picture_box, view_svg

MAX_NODES = 120         # a stepper's tree: boxes drawn before lower subtrees are collapsed
VIEW_LABELS = {"follow": "follow the step", "whole": "whole tree", "fit": "fit to width"}
VIEW_TOOLTIPS = {"follow": "a window around the node of this step, which stays in view",
                 "whole": "the whole tree at its size (scroll it)",
                 "fit": "the whole tree shrunk to the cell's width"}


class SearchStepper(LazyWidget):
    """A traced search and its step-by-step pictures and captions (see the module docs).

    ``SearchStepper(tree_or_game, algorithm="alphabeta", *, depth=None, evaluate=None,
    interval=1000, hide_unexplored=False, title=None, view="follow", **search_options)``;
    the search's keyword options (``fail_hard``, ``order``, ``null_window``...) go to
    :mod:`qsearch.search`. ``interval`` is the Play button's milliseconds per step at first
    (the widget's speed menu changes it). ``view``: how a tree wider than the cell is shown
    at first, ``"follow"`` (a window around the node of the step), ``"whole"`` or ``"fit"``
    (the widget's view menu changes it). ``max_nodes``: a tree of more boxes than that is
    drawn with its lower subtrees collapsed into their node counts (the path to the node of
    the step always drawn); the widget's expand menu opens them (None: draw every node).
    """

    algorithm = "alphabeta"
    view = "follow"                 # how a tree wider than the cell is shown (VIEWS)
    max_nodes = MAX_NODES           # boxes drawn before subtrees collapse into their counts

    def __init__(self, tree_or_game, algorithm: str | None = None, *, depth=None,
                 evaluate=None, interval: int = 1000, hide_unexplored: bool = False,
                 title: str | None = None, edge_labels=None, node_label=None,
                 view: str = "follow", max_nodes: int | None = MAX_NODES,
                 **search_options):
        self.view = check_view(view)
        self.max_nodes = check_max_nodes(max_nodes)
        self.expanded: set[int] = set()
        self.algorithm = algorithm or self.algorithm
        self.state, self.result = run_traced(tree_or_game, self.algorithm, depth=depth,
                                             evaluate=evaluate, **search_options)
        self.options = dict(search_options)
        self.tree = build_search_tree(self.result.trace)
        self.names = NodeNames(self.tree, self.state,
                               edge_labels if callable(edge_labels) else None)
        self.interval = check_interval(interval)
        self.draw_options = {"hide_unexplored": hide_unexplored, "title": title,
                             "edge_labels": edge_labels, "node_label": node_label,
                             "strict": bool(self.options.get("strict", False))}
        self._svgs: dict[int, str] = {}

    # ------------------------------------------------------------------ content
    @property
    def n_steps(self) -> int:
        """The number of steps: one per trace event (the widget numbers them 1..n_steps;
        the methods take the 0-based trace index)."""
        return len(self.result.trace)

    def draw(self, step: int | None = None):
        """The :class:`graphviz.Digraph` as of ``step`` (None: the finished search), big
        subtrees collapsed (``max_nodes``) except those in :attr:`expanded`."""
        return draw_search(self.result, state=self.state, step=step, max_nodes=self.max_nodes,
                           expand=sorted(self.expanded) if self.max_nodes else (),
                           **self.draw_options)

    def svg(self, step: int) -> str:
        """The ``<svg>`` of the tree as of ``step`` (cached)."""
        step = self._check(step)
        key = (step, frozenset(self.expanded))
        if key not in self._svgs:
            self._svgs[key] = svg_text(self.draw(step))
        return self._svgs[key]

    def collapsed(self, step: int) -> dict[int, int]:
        """Node id -> node count of the subtrees drawn collapsed at ``step`` (empty when the
        whole tree is drawn)."""
        if not self.max_nodes:
            return {}
        step = self._check(step)
        keep = () if self.draw_options.get("focus") else (self.current_node(step),)
        return dict(collapse_plan(self.tree, self.max_nodes, self.expanded, keep).collapsed)

    def expand(self, node) -> None:
        """Draw the collapsed subtree of ``node`` (an id, or a name such as ``"[4·3]"``)."""
        by_name = {self.names.name(i): i for i in self.tree.nodes}
        if isinstance(node, str):
            if node not in by_name:
                raise ValueError(f"there is no node called {node!r} in this tree")
            node = by_name[node]
        if node not in self.tree.nodes:
            raise ValueError(f"there is no node {node!r} in this tree")
        self.expanded.add(node)
        self._redraw()

    def collapse_all(self) -> None:
        """Collapse again every subtree opened with :meth:`expand`."""
        self.expanded.clear()
        self._redraw()

    def final_svg(self) -> str:
        """The ``<svg>`` of the finished search, principal variation in bold."""
        return self.svg(self.n_steps - 1)

    def current_node(self, step: int) -> int:
        """The id of the node ``step`` is about (the one drawn highlighted)."""
        return self.result.trace[self._check(step)].node

    def view_svg(self, step: int, view: str | None = None) -> str:
        """The picture the widget shows at ``step`` in ``view`` (default: :attr:`view`):
        see :mod:`qsearch.viz.tree_view`."""
        return view_svg(self.svg(step), check_view(view or self.view),
                        f"n{self.current_node(step)}")

    @property
    def wide(self) -> bool:
        """True when the tree is wider than a notebook's cell (the view menu is offered)."""
        return picture_box(self.final_svg())[2] > WINDOW_PT

    def caption(self, step: int) -> str:
        """What happens at ``step``, in words."""
        step = self._check(step)
        e = self.result.trace[step]
        describe = getattr(self, f"_on_{e.kind}", None)
        if describe is None:
            return _("{event} at {node}.").format(event=e.kind, node=self._who(e.node))
        return describe(e, step)

    def captions(self) -> list[str]:
        """Every step's caption."""
        return [self.caption(k) for k in range(self.n_steps)]

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        import ipywidgets as widgets

        # The slider shows 1..n, as "step k of n" says; the methods take 0-based steps.
        self.controls = StepControls(self.n_steps, self._show, label=_("step"),
                                     interval=self.interval)
        self.play, self.speed = self.controls.play, self.controls.speed
        self.slider = self.controls.slider
        self.previous, self.next = self.controls.previous, self.controls.next
        self.caption_html = widgets.HTML(value=self._caption_html(0))
        self.picture = widgets.HTML(value=self.view_svg(0), layout=widgets.Layout(
            width="100%", overflow="auto"))
        self.caption_html.add_class("qsearch-stepper-caption")
        self.picture.add_class("qsearch-stepper-tree")
        self.view_menu = widgets.ToggleButtons(
            options=[(_(VIEW_LABELS[v]), v) for v in VIEWS], value=self.view,
            tooltips=[_(VIEW_TOOLTIPS[v]) for v in VIEWS],
            style={"button_width": "auto"})
        self.view_menu.add_class("qsearch-stepper-view")
        self.view_menu.observe(self._on_view, names="value")
        self.expand_menu = widgets.Dropdown(options=self._expand_options(0),
                                            tooltip=_("draw a collapsed subtree"),
                                            layout=widgets.Layout(width="auto"))
        self.expand_menu.add_class("qsearch-stepper-expand")
        self.expand_menu.observe(self._on_expand, names="value")
        self.collapse_button = widgets.Button(description=_("collapse all"), disabled=True,
                                              tooltip=_("collapse every subtree opened"),
                                              layout=widgets.Layout(width="auto"))
        self.collapse_button.on_click(lambda _: self.collapse_all())
        rows = [self.controls.box, self.caption_html]
        menus = []
        if self.wide:                       # a tree that fits the cell needs no menu
            menus.append(self.view_menu)
        if self.max_nodes and len(self.tree.nodes) + len(self.tree.pruned) > self.max_nodes:
            menus += [self.expand_menu, self.collapse_button]
        if menus:
            rows.append(widgets.HBox(menus, layout=widgets.Layout(flex_flow="row wrap")))
        box = widgets.VBox([*rows, self.picture])
        box.add_class("qsearch-stepper")
        return box

    def _show(self, k: int) -> None:
        """Show the widget's step ``k`` (1..n): tree and caption (the caption last: once it
        says step k, the tree is step k's)."""
        self.picture.value = self.view_svg(k - 1)
        self._refresh_expand_menu(k - 1)
        self.caption_html.value = self._caption_html(k - 1)

    def _expand_options(self, step: int) -> list:
        collapsed = self.collapsed(step)
        head = (_("expand… ({count} collapsed)").format(count=len(collapsed)) if collapsed
                else _("nothing collapsed"))
        return [(head, None)] + [(f"{self.names.name(i)}: {collapsed_label(n)[2:]}", i)
                                 for i, n in sorted(collapsed.items())]

    def _refresh_expand_menu(self, step: int) -> None:
        options = self._expand_options(step)
        if list(self.expand_menu.options) != options or self.expand_menu.index != 0:
            with self.expand_menu.hold_sync():      # one message: the browser shows "expand…"
                self.expand_menu.options = options
                self.expand_menu.index = 0
        self.collapse_button.disabled = not self.expanded

    def _on_expand(self, change) -> None:
        if change["new"] is not None:
            self.expand(change["new"])

    def _redraw(self) -> None:
        if self._widget is not None:
            self._show(self.controls.step)

    def _on_view(self, change) -> None:
        self.view = change["new"]
        self.picture.value = self.view_svg(self.controls.step - 1)

    def _caption_html(self, step: int) -> str:
        where = _("step {k} of {n}").format(k=step + 1, n=self.n_steps)
        return (f"<div style='font-size:1.05em;min-height:2.6em'><b>{html.escape(where)}</b> "
                f"&mdash; {html.escape(self.caption(step))}</div>")

    def _repr_svg_(self) -> str:
        """The finished search, for viewers without a kernel (IPython adds it beside the
        widget)."""
        return self.final_svg()

    def __repr__(self) -> str:
        r = self.result
        return (f"{type(self).__name__}({self.state!r}, {self.n_steps} steps: "
                f"value {format_number(r.value)}, best action {r.action}, {r.nodes} nodes, "
                f"{r.cutoffs} cutoffs)")

    # ------------------------------------------------------------------ captions
    def _check(self, step) -> int:
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"step must be an int, not {type(step).__name__}")
        if not 0 <= step < self.n_steps:
            raise ValueError(f"step must be in 0..{self.n_steps - 1}, not {step}")
        return step

    def _role(self, node_id: int) -> str:
        return self.tree.role(node_id)

    def _who(self, node_id: int) -> str:
        """``C3 (MIN)``."""
        role = self._role(node_id)
        name = self.names.name(node_id)
        if role == "leaf":
            return name
        return f"{name} ({_('chance') if role == 'chance' else role})"

    @property
    def _windowless(self) -> bool:
        return self.algorithm in ("minimax", "negamax")

    def _child_value(self, parent: int, action: int, step: int):
        """The value the child ``action`` of ``parent`` returned before ``step``."""
        kids = [self.tree.nodes[c] for c in self.tree.nodes[parent].children
                if self.tree.nodes[c].action == action and self.tree.nodes[c].entered_at < step]
        return kids[-1].value if kids else None

    def _on_enter(self, e, step) -> str:
        node = self.tree.nodes[e.node]
        who = self._who(e.node)
        a, b = format_number(e.alpha), format_number(e.beta)
        if e.parent is None:
            name = self.names.name(e.node)
            role = self._role(e.node)
            if name == _("root"):               # a game's root: no name of its own
                start = (_("Start at the root ({role}).") if self._windowless else
                         _("Start at the root ({role}) with α = {alpha}, β = {beta}."))
            else:
                start = (_("Start at the root {name} ({role}).") if self._windowless else
                         _("Start at the root {name} ({role}) with α = {alpha}, β = {beta}."))
            return start.format(name=name, role=role, alpha=a, beta=b)
        if self._windowless or node.kind in ("terminal", "leaf"):
            return _("Visit {node}.").format(node=who)
        nw = self.options.get("null_window", 1.0)
        if (self.algorithm == "pvs" and math.isfinite(e.alpha) and math.isfinite(e.beta)
                and abs((e.beta - e.alpha) - nw) < 1e-12):
            return _("Visit {node} with the null window {window}: only to learn whether it is "
                     "better than {alpha}.").format(node=who,
                                                   window=format_window((e.alpha, e.beta)),
                                                   alpha=a)
        if node.research:
            return _("Visit {node} again with α = {alpha}, β = {beta}.").format(
                node=who, alpha=a, beta=b)
        return _("Visit {node} with α = {alpha}, β = {beta}.").format(node=who, alpha=a, beta=b)

    def _on_terminal(self, e, step) -> str:
        name = self.names.name(e.node)
        if self.names.named:
            return _("{node} is a leaf: its static value is {value}.").format(
                node=name, value=format_number(e.value))
        return _("{node} ends the game: value {value} for MAX.").format(
            node=name, value=format_number(e.value))

    def _on_leaf(self, e, step) -> str:
        return _("{node} is at the depth limit: the evaluation function scores it "
                 "{value}.").format(node=self._who(e.node), value=format_number(e.value))

    def _on_tt_hit(self, e, step) -> str:
        return _("{node} was searched before: the transposition table answers {value} "
                 "without searching it again.").format(node=self._who(e.node),
                                                      value=format_number(e.value))

    def _on_update(self, e, step) -> str:
        child = self.names.child_name(e.node, e.action)
        v = self._child_value(e.node, e.action, step)
        words = {"node": self._who(e.node), "child": child, "value": format_number(v),
                 "alpha": format_number(e.alpha), "beta": format_number(e.beta)}
        if self._role(e.node) == "MAX":
            text = (_("At {node}: {child} returned {value}, so α = {alpha}.") if v is not None
                    else _("At {node}: after {child}, so α = {alpha}."))
        else:
            text = (_("At {node}: {child} returned {value}, so β = {beta}.") if v is not None
                    else _("At {node}: after {child}, so β = {beta}."))
        return text.format(**words)

    def _on_cutoff(self, e, step) -> str:
        cut = [self.names.child_name(e.node, a) for a in e.pruned]
        a, b = format_number(e.alpha), format_number(e.beta)
        strict = self.draw_options.get("strict", False)   # cut only when alpha > beta
        if self._role(e.node) == "MAX":
            test = f"α = {a} {'>' if strict else '≥'} β = {b}"
        else:
            test = f"β = {b} {'<' if strict else '≤'} α = {a}"
        if len(cut) == 1:
            return _("At {node} {test}: {child} is cut.").format(node=self._who(e.node),
                                                                 test=test, child=cut[0])
        return _("At {node} {test}: {children} are cut.").format(
            node=self._who(e.node), test=test, children=list_in_words(cut))

    def _on_research(self, e, step) -> str:
        child = self.names.child_name(e.node, e.action)
        v = format_number(e.value)
        if self._role(e.node) == "MAX":
            window = format_window((e.value, e.beta))
            text = _("At {node}: the null-window test says {child} is worth more than "
                     "α = {alpha} (it returned {value}), so {child} is searched again with the "
                     "window {window}.")
        else:
            window = format_window((e.alpha, e.value))
            text = _("At {node}: the null-window test says {child} is worth less than "
                     "β = {beta} (it returned {value}), so {child} is searched again with the "
                     "window {window}.")
        return text.format(node=self._who(e.node), child=child, value=v, window=window,
                           alpha=format_number(e.alpha), beta=format_number(e.beta))

    def _on_exit(self, e, step) -> str:
        node = self.tree.nodes[e.node]
        who = self._who(e.node)
        v = format_number(e.value)
        best = "" if e.action is None else self.names.child_name(e.node, e.action)
        move = "" if e.action is None else self._move_name(e.node, e.action)
        if self._windowless:
            text = (_("{node} takes the largest value of its children: {value} ({best}).")
                    if self._role(e.node) == "MAX" else
                    _("{node} takes the smallest value of its children: {value} ({best})."))
            return text.format(node=who, value=v, best=best)
        if node.parent is None:
            return _("{node} returns {value}: the best move is {best}.").format(
                node=who, value=v, best=best)
        parent = self.names.name(node.parent)
        now = build_search_tree(self.result.trace, step)
        if node.bound != "=" and now.bound_of(e.node) == "=":
            text = _("{node} returns {value} to {parent}: every child was searched, so {value} "
                     "is its exact value, not only a bound.")
        elif node.bound == "<=":
            text = _("{node} returns {value} to {parent}, a bound: its true value is at most "
                     "{value}.")
        elif node.bound == ">=":
            text = _("{node} returns {value} to {parent}, a bound: its true value is at least "
                     "{value}.")
        else:
            text = _("{node} returns {value} to {parent} (best move {move}).")
        return text.format(node=who, value=v, parent=parent, move=move)

    def _move_name(self, node_id: int, action: int) -> str:
        """A move as a caption names it: a toy tree's child by its own name (``C5``), a game's
        move in the game's notation (``6/4/3``), not the whole path from the root."""
        if self.names.named:
            return self.names.child_name(node_id, action)
        return self.names.move(node_id, action)


class MinimaxStepper(SearchStepper):
    """Step through plain minimax: every node is visited, no window."""

    algorithm = "minimax"


class AlphaBetaStepper(SearchStepper):
    """Step through alpha-beta (``fail_hard=True`` for the class notes' procedure)."""

    algorithm = "alphabeta"


class PVSStepper(SearchStepper):
    """Step through principal variation search: null-window tests and re-searches."""

    algorithm = "pvs"
