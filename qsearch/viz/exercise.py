"""Self-checking exercises on toy trees: the student fills in the search, the search grades it.

* :class:`AlphaBetaExercise` draws a tree with only its leaf values. The student enters the
  value alpha-beta returns at each inner node (optionally the [alpha, beta] window each node
  ends with) and marks the branches alpha-beta cuts. :meth:`~TreeExercise.check` runs the real
  search (fail-hard or fail-soft, as chosen) and says what is wrong, node by node;
  :meth:`~TreeExercise.show_me` opens the stepper at the first mistake.
* :class:`MinimaxExercise`: the same with plain minimax (values only, nothing is cut).
* :class:`MoveOrderingExercise`: "order the children so that alpha-beta cuts the most": the
  student reorders children; the grade compares the nodes alpha-beta then visits with the
  best-first order (each player's best child first, which gives the minimal tree).

Every exercise works headless (``enter``, ``cut``, ``order``, ``check``: what the tests and the
notebooks' asserts call) and as an ipywidgets box (``.widget``, shown when the exercise is the
cell's value) whose picture is an SVG in a ``widgets.HTML``; ``_repr_svg_`` gives a static
picture of the current state for viewers without a kernel.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass

from qsearch.games.toytrees import as_tree, named_nodes, tree_from_named
from qsearch.viz.searchtree import NodeNames, build_search_tree, format_number, format_window
from qsearch.viz.tree import new_digraph, run_traced, svg_text

RIGHT = "#1b7f3b"
WRONG = "#c0262d"
ASKED = "#1f5fbf"
CUT = "#8c8c8c"


@dataclass(frozen=True)
class Mistake:
    """One wrong (or missing) entry: at ``node``, ``what`` ("value", "alpha", "beta", "cut")."""

    node: str
    what: str
    expected: object
    given: object
    step: int               # the trace index where the search settles this entry
    message: str

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Grade:
    """The result of :meth:`TreeExercise.check`: ``right`` entries of ``total``, the mistakes
    in the order the search meets them."""

    right: int
    total: int
    mistakes: tuple

    @property
    def passed(self) -> bool:
        """True when every entry is right."""
        return not self.mistakes

    def __str__(self) -> str:
        if self.passed:
            return "Right." if self.total == 1 else f"All {self.total} answers are right."
        lines = [f"{self.right} of {self.total} right. To look at again:"]
        lines += [f"- {m}" for m in self.mistakes]
        return "\n".join(lines)


def parse_entry(text):
    """A student's entry as a number: ``3``, ``-2.5``, ``inf``, ``-∞``; None when blank.

    Raises ValueError for anything else (the widget shows that message instead of a grade).
    """
    if text is None:
        return None
    if isinstance(text, bool):
        raise TypeError("an entry must be a number, not a bool")
    if isinstance(text, (int, float)):
        if text != text:
            raise ValueError("an entry must be a number, not NaN")
        return text
    if not isinstance(text, str):
        raise TypeError(f"an entry must be a number or text, not {type(text).__name__}")
    t = text.strip().replace("−", "-").replace("∞", "inf").lower()
    if not t:
        return None
    if t in ("inf", "+inf", "infinity", "+infinity"):
        return math.inf
    if t in ("-inf", "-infinity"):
        return -math.inf
    try:
        value = float(t)
    except ValueError:
        raise ValueError(f"{text!r} is not a number (write 3, -2, inf or -inf)") from None
    if value != value:
        raise ValueError("an entry must be a number, not NaN")
    return int(value) if value.is_integer() else value


class PictureWidget:
    """A widget built on first use whose output also carries a static SVG of its state.

    Subclasses define ``svg()`` and ``_build_widget()`` and set ``self._widget = None``; a
    notebook viewed without a kernel (the widget views stripped) still shows the picture.
    """

    @property
    def widget(self):
        """The ipywidgets box (built on first use)."""
        if self._widget is None:
            self._widget = self._build_widget()
        return self._widget

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The live widget, and the static SVG for viewers without a kernel."""
        bundle = self.widget._repr_mimebundle_(include=include, exclude=exclude)
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["image/svg+xml"] = self.svg()
        return bundle


class TreeExercise(PictureWidget):
    """What the exercises share: the tree, its traced search, the student's entries, the
    picture and the widget. Use :class:`AlphaBetaExercise` or :class:`MinimaxExercise`."""

    algorithm = "alphabeta"
    ask_cuts = True

    def __init__(self, tree, *, fail_hard: bool = True, windows: bool = False,
                 strict: bool = False, title: str | None = None):
        if not all(isinstance(x, bool) for x in (fail_hard, windows, strict)):
            raise TypeError("fail_hard, windows and strict must be True or False")
        self.state = as_tree(tree)
        if self.state.__reduce__()[1][2] != 0:          # root_player
            raise ValueError("exercises use trees with MAX (player 0) at the root")
        self.fail_hard = fail_hard
        self.ask_windows = windows and self.algorithm != "minimax"
        self.title = title
        options = ({"fail_hard": fail_hard, "strict": strict}
                   if self.algorithm == "alphabeta" else {})
        self.options = options
        _, self.result = run_traced(self.state, self.algorithm, **options)
        self.search = build_search_tree(self.result.trace)
        self.names = NodeNames(self.search, self.state)
        self.named = named_nodes(self.state)
        self.inner = [n for n, body in _walk(self.named) if isinstance(body, list)]
        self.parent = {c[0]: n for n, body in _walk(self.named) if isinstance(body, list)
                       for c in body}
        self.leaf_values = {n: body for n, body in _walk(self.named)
                            if not isinstance(body, list)}
        self.searched = {self.names.name(i): node for i, node in self.search.nodes.items()}
        self.cuts = {self.names.child_name(e.parent, e.action): e for e in self.search.pruned}
        self.values: dict[str, object] = {}
        self.alphas: dict[str, object] = {}
        self.betas: dict[str, object] = {}
        self.marked: set[str] = set()
        self.grade: Grade | None = None
        self._widget = None
        self._stepper = None

    # ------------------------------------------------------------------ the answers
    def solution(self) -> dict:
        """``{"values": {node: value}, "windows": {node: (alpha, beta)}, "cuts": [child...]}``:
        what the search did (the values of searched inner nodes only)."""
        values = {n: _tidy(self.searched[n].value) for n in self.inner if n in self.searched}
        sol = {"values": values}
        if self.ask_windows:
            sol["windows"] = {n: tuple(map(_tidy, self.searched[n].window)) for n in values}
        if self.ask_cuts:
            sol["cuts"] = sorted(self.cuts, key=self.inner_order)
        return sol

    def inner_order(self, name: str) -> int:
        """Breadth-first position of a node (sorting names as the tree reads)."""
        return self.state.names.index(name)

    # ------------------------------------------------------------------ entries
    def enter(self, node: str, value=None, *, alpha=None, beta=None) -> None:
        """The student's entries at inner ``node``: its value and (``windows=True``) alpha and
        beta, as numbers or text (``"-inf"``); each call sets all three, None or blank
        clearing one."""
        node = self._inner(node)
        v, a, b = parse_entry(value), parse_entry(alpha), parse_entry(beta)
        _set(self.values, node, v)
        if self.ask_windows:
            _set(self.alphas, node, a)
            _set(self.betas, node, b)
        elif a is not None or b is not None:
            raise ValueError("this exercise does not ask for windows (windows=True does)")
        self._changed()

    def cut(self, node: str, on: bool = True) -> None:
        """Mark (or unmark) the branch from ``node``'s parent to ``node`` as cut."""
        if not self.ask_cuts:
            raise ValueError(f"{type(self).__name__} asks for no cuts")
        if node not in self.parent:
            raise ValueError(f"{node!r} is not a node below the root; nodes: "
                             f"{list(self.parent)}")
        (self.marked.add if on else self.marked.discard)(node)
        self._changed()

    def clear(self) -> None:
        """Forget every entry."""
        self.values.clear()
        self.alphas.clear()
        self.betas.clear()
        self.marked.clear()
        self._changed()

    def fill_in_solution(self) -> None:
        """Enter the right answers (for a demonstration, or to compare with one's own)."""
        sol = self.solution()
        self.values = dict(sol["values"])
        if self.ask_windows:
            self.alphas = {n: w[0] for n, w in sol["windows"].items()}
            self.betas = {n: w[1] for n, w in sol["windows"].items()}
        self.marked = set(sol.get("cuts", ()))
        self._changed()

    def _inner(self, node) -> str:
        if node not in self.inner:
            what = "a leaf (its value is given)" if node in self.leaf_values else "not a node"
            raise ValueError(f"{node!r} is {what}; enter values at {self.inner}")
        return node

    def _changed(self) -> None:
        self.grade = None
        if self._widget is not None:
            self._refresh()

    # ------------------------------------------------------------------ grading
    def check(self) -> Grade:
        """Grade every entry against the search; the mistakes in the order the search meets
        them (so the first is where to start looking)."""
        mistakes, total = [], 0
        for name in self.inner:
            node = self.searched.get(name)
            given = self.values.get(name)
            if node is None:                        # inside a cut branch: never searched
                if given is not None or name in self.alphas or name in self.betas:
                    total += 1
                    mistakes.append(self._unsearched(name, "value", given))
                continue
            total += 1
            step = node.exited_at if node.exited_at is not None else len(self.result.trace) - 1
            if given != node.value and not _same(given, node.value):
                mistakes.append(Mistake(name, "value", node.value, given, step,
                                        self._value_message(name, node, given)))
            if self.ask_windows:
                for k, (what, entries) in enumerate((("alpha", self.alphas),
                                                     ("beta", self.betas))):
                    total += 1
                    want, got = node.window[k], entries.get(name)
                    if not _same(got, want):
                        greek = "α" if what == "alpha" else "β"
                        said = "nothing" if got is None else format_number(got)
                        mistakes.append(Mistake(
                            name, what, want, got, step,
                            f"{name}: {greek} is {format_number(want)} when it returns, "
                            f"not {said}."))
        if self.ask_cuts:
            for child, edge in self.cuts.items():
                total += 1
                if child not in self.marked:
                    mistakes.append(Mistake(child, "cut", True, False, edge.event,
                                            self._missed_cut(child, edge)))
            for child in sorted(self.marked - set(self.cuts), key=self.inner_order):
                total += 1
                mistakes.append(self._false_cut(child))
        mistakes.sort(key=lambda m: (m.step, self.inner_order(m.node)))
        self.grade = Grade(total - len(mistakes), total, tuple(mistakes))
        if self._widget is not None:
            self._refresh()
        return self.grade

    def _value_message(self, name, node, given) -> str:
        want = format_number(node.value)
        if given is None:
            return f"{name}: no value entered; the search returns {want} there."
        role = self.search.role(node.id)
        bound = self.search.bound_of(node.id)
        why = ""
        if bound != "=" and self.algorithm == "alphabeta":
            hard = "fail-hard" if self.fail_hard else "fail-soft"
            why = (f" ({name} is cut, so this is only a bound: its true value is "
                   f"{'at most' if bound == '<=' else 'at least'} {want}; that is what "
                   f"{hard} alpha-beta returns)")
        else:
            pick = "largest" if role == "MAX" else "smallest"
            why = f" (the {pick} value of its children, as far as they are searched)"
        return f"{name} ({role}) returns {want}, not {format_number(given)}{why}."

    def _missed_cut(self, child, edge) -> str:
        parent = self.names.name(edge.parent)
        a, b = format_number(edge.alpha), format_number(edge.beta)
        test = f"α = {a} ≥ β = {b}" if edge.is_max else f"β = {b} ≤ α = {a}"
        return f"{child} is cut: at {parent}, {test}, so {child} is never searched."

    def _false_cut(self, child) -> Mistake:
        ids = [i for i, n in self.search.nodes.items() if self.names.name(i) == child]
        if ids:
            node = self.search.nodes[ids[0]]
            return Mistake(child, "cut", False, True, node.entered_at,
                           f"{child} is searched, not cut: at {self.parent[child]} the "
                           f"window {format_window(node.entry_window)} is still open when "
                           f"{child}'s turn comes.")
        above = self._cut_ancestor(child)
        return Mistake(child, "cut", False, True, self.cuts[above].event,
                       f"{child} is never searched, but the cut is higher up, at the "
                       f"branch to {above}: mark only that one.")

    def _unsearched(self, name, what, given) -> Mistake:
        above = self._cut_ancestor(name)
        return Mistake(name, what, None, given, self.cuts[above].event,
                       f"{name} is never searched (the branch to {above} is cut): it has no "
                       f"value in this search; leave it blank.")

    def _cut_ancestor(self, name) -> str:
        while name not in self.cuts:
            name = self.parent[name]
        return name

    # ------------------------------------------------------------------ show me
    def first_mistake_step(self) -> int | None:
        """The trace index of the first mistake (None: no mistakes, or not checked yet)."""
        grade = self.grade or self.check()
        return grade.mistakes[0].step if grade.mistakes else None

    def stepper(self):
        """The step-through widget of the same search (built once)."""
        if self._stepper is None:
            from qsearch.viz.stepper import AlphaBetaStepper, MinimaxStepper

            cls = MinimaxStepper if self.algorithm == "minimax" else AlphaBetaStepper
            self._stepper = cls(self.state, **self.options)
        return self._stepper

    def show_me(self):
        """The stepper, at the step of the first mistake (the last step when all are right);
        in the widget it opens below the exercise."""
        stepper = self.stepper()
        step = self.first_mistake_step()
        step = stepper.n_steps - 1 if step is None else step
        box = stepper.widget
        stepper.slider.value = step + 1
        if self._widget is not None:
            self.stepper_box.children = (box,)
        return stepper

    # ------------------------------------------------------------------ picture
    def draw(self):
        """A :class:`graphviz.Digraph` of the exercise as it stands: leaves with their values,
        inner nodes with the student's entries (green right, red wrong once checked), marked
        cuts as dashed branches with scissors."""
        wrong = {(m.node, m.what) for m in (self.grade.mistakes if self.grade else ())}
        checked = self.grade is not None
        dot = new_digraph(graph_attr={
            "rankdir": "TB", "nodesep": "0.3", "ranksep": "0.5", "bgcolor": "white",
            "ordering": "out", "fontname": "Helvetica", "size": "8.5,40",
            **({"label": self.title, "labelloc": "t", "fontsize": "16"} if self.title else {}),
        }, node_attr={"fontname": "Helvetica", "fontsize": "11", "fixedsize": "true"},
            edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "10"})
        for name, body in _walk(self.named):
            if isinstance(body, list):
                lines = [name, self._shown(self.values.get(name))]
                if self.ask_windows:
                    lines.append(f"[{self._shown(self.alphas.get(name))}, "
                                 f"{self._shown(self.betas.get(name))}]")
                depth = len(self._path(name))
                shape = "triangle" if depth % 2 == 0 else "invtriangle"
                attrs = {"shape": shape, "width": "1.3" if self.ask_windows else "0.9",
                         "height": "1.25" if self.ask_windows else "0.75"}
                bad = any((name, w) in wrong for w in ("value", "alpha", "beta"))
                if checked and name in self.searched or bad:
                    attrs.update(color=WRONG if bad else RIGHT, penwidth="2.2",
                                 fontcolor=WRONG if bad else RIGHT)
                elif name in self.values:
                    attrs.update(color=ASKED, fontcolor=ASKED)
            else:
                lines = [name, format_number(body)]
                attrs = {"shape": "box", "width": "0.6", "height": "0.45"}
            dot.node(name, "\\n".join(lines), **attrs)
        for name, body in _walk(self.named):
            if not isinstance(body, list):
                continue
            for child, _ in body:
                e = {}
                if child in self.marked:
                    e.update(style="dashed", color=CUT, label="✂")
                if checked and (child, "cut") in wrong:
                    e.update(color=WRONG, fontcolor=WRONG, penwidth="2.2",
                             label="✂ ?" if child in self.marked else "cut?")
                elif checked and child in self.marked:
                    e.update(color=RIGHT, fontcolor=RIGHT)
                dot.edge(name, child, **e)
        return dot

    def svg(self) -> str:
        """The ``<svg>`` of :meth:`draw` (what the widget shows)."""
        return svg_text(self.draw())

    def _repr_svg_(self) -> str:
        return self.svg()

    @staticmethod
    def _shown(value) -> str:
        return "?" if value is None else format_number(value)

    def _path(self, name) -> list:
        path = []
        while name in self.parent:
            name = self.parent[name]
            path.append(name)
        return path

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        import ipywidgets as widgets

        self.picture = widgets.HTML(value=self.svg(), layout=widgets.Layout(width="100%"))
        self.picture.add_class("qsearch-exercise-tree")
        self.boxes = {}
        rows = []
        small = widgets.Layout(width="4.5em")
        for name in self.inner:
            fields = {"value": widgets.Text(placeholder="value", layout=small)}
            if self.ask_windows:
                fields["alpha"] = widgets.Text(placeholder="α", layout=small)
                fields["beta"] = widgets.Text(placeholder="β", layout=small)
            for what, box in fields.items():
                box.add_class(f"qsearch-exercise-{what}")
                box.observe(lambda ch, n=name: self._typed(n), names="value")
            self.boxes[name] = fields
            label = widgets.HTML(f"<b>{html.escape(name)}</b>",
                                 layout=widgets.Layout(width="3.5em"))
            row = widgets.HBox([label, *fields.values()])
            row.add_class(f"qsearch-exercise-node-{name}")
            rows.append(row)
        parts = [widgets.HTML("<b>Values</b> at the inner nodes"
                              + (" and their final [α, β]" if self.ask_windows else "")
                              + ":"),
                 widgets.HBox(rows, layout=widgets.Layout(flex_flow="row wrap"))]
        self.cut_buttons = {}
        if self.ask_cuts:
            for child in self.parent:
                b = widgets.ToggleButton(description=f"✂ {child}", value=False,
                                         tooltip=f"the branch to {child} is cut",
                                         layout=widgets.Layout(width="auto"))
                b.add_class("qsearch-exercise-cut")
                b.observe(lambda ch, c=child: self._toggled(c, ch["new"]), names="value")
                self.cut_buttons[child] = b
            parts += [widgets.HTML("<b>Cut branches</b> (click the ones alpha-beta never "
                                   "searches):"),
                      widgets.HBox(list(self.cut_buttons.values()),
                                   layout=widgets.Layout(flex_flow="row wrap"))]
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.show_button = widgets.Button(description="Show me", disabled=True,
                                          tooltip="open the search at the first mistake")
        self.check_button.on_click(lambda _: self._check_clicked())
        self.show_button.on_click(lambda _: self.show_me())
        self.feedback = widgets.HTML(value="")
        self.feedback.add_class("qsearch-exercise-grade")
        self.stepper_box = widgets.VBox([])
        box = widgets.VBox([self.picture, *parts,
                            widgets.HBox([self.check_button, self.show_button]),
                            self.feedback, self.stepper_box])
        box.add_class("qsearch-exercise")
        self._sync_fields()
        return box

    def _typed(self, name) -> None:
        fields = self.boxes[name]
        try:
            entries = {w: parse_entry(b.value) for w, b in fields.items()}
        except ValueError as err:
            self.feedback.value = f"<span style='color:{WRONG}'>{html.escape(str(err))}</span>"
            return
        _set(self.values, name, entries["value"])
        if self.ask_windows:
            _set(self.alphas, name, entries["alpha"])
            _set(self.betas, name, entries["beta"])
        self._changed()

    def _toggled(self, child, on) -> None:
        (self.marked.add if on else self.marked.discard)(child)
        self._changed()

    def _check_clicked(self) -> None:
        self.check()

    def _sync_fields(self) -> None:
        """Widgets show the entries (after a headless ``enter`` or ``fill_in_solution``)."""
        for name, fields in self.boxes.items():
            for what, store in (("value", self.values), ("alpha", self.alphas),
                                ("beta", self.betas)):
                if what in fields:
                    want = "" if store.get(name) is None else format_number(store[name])
                    got = fields[what].value
                    if _parse_quiet(got) != store.get(name):
                        fields[what].value = want.replace("−", "-")
        for child, b in self.cut_buttons.items():
            if b.value != (child in self.marked):
                b.value = child in self.marked

    def _refresh(self) -> None:
        self._sync_fields()
        self.picture.value = self.svg()
        if self.grade is None:
            self.feedback.value = ""
            self.show_button.disabled = True
        else:
            colour = RIGHT if self.grade.passed else WRONG
            text = html.escape(str(self.grade)).replace("\n", "<br>")
            self.feedback.value = (f"<div style='color:{colour};background:white;padding:4px'>"
                                   f"{text}</div>")
            self.show_button.disabled = self.grade.passed

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.state!r}, {len(self.inner)} inner nodes)"


class AlphaBetaExercise(TreeExercise):
    """Fill in alpha-beta by hand: values (``windows=True``: and [α, β]) and the cut branches.

    ``AlphaBetaExercise(tree, fail_hard=True, windows=False, strict=False, title=None)``;
    ``tree`` is an ExplicitTree, nested lists or the text form. ``fail_hard=True`` grades
    against the class notes' procedure (a cut node returns a value clamped to its window),
    False against fail-soft alpha-beta (the best value found, which may lie outside it).
    ``strict=True`` cuts only when alpha > beta (document 002's Alg. 2), not on a tie.
    """

    algorithm = "alphabeta"


class MinimaxExercise(TreeExercise):
    """Fill in the minimax value of every inner node (nothing is cut)."""

    algorithm = "minimax"
    ask_cuts = False

    def __init__(self, tree, *, title: str | None = None):
        super().__init__(tree, title=title)


class MoveOrderingExercise(PictureWidget):
    """"Order the children so that alpha-beta cuts the most."

    The student reorders the children of inner nodes (``order("B", ["N7", "N5", "N6"])``, or
    the widget's text boxes); :meth:`check` runs alpha-beta on the reordered tree and compares
    the nodes it visits with the best-first order (at every node the best child for the player
    to move first: Knuth and Moore's minimal tree). Passing means visiting no more nodes
    than that. ``fail_hard`` and ``strict`` (cut only when alpha > beta, document 002's Alg. 2)
    choose the alpha-beta the orders are graded with.
    """

    def __init__(self, tree, *, fail_hard: bool = True, strict: bool = False,
                 title: str | None = None):
        self.state = as_tree(tree)
        self.strict = strict
        if self.state.__reduce__()[1][2] != 0:
            raise ValueError("exercises use trees with MAX (player 0) at the root")
        self.fail_hard = fail_hard
        self.title = title
        self.named = named_nodes(self.state)
        self.children = {n: [c[0] for c in body] for n, body in _walk(self.named)
                         if isinstance(body, list)}
        self.inner = list(self.children)
        self.minimax = _minimax_values(self.named)
        self.orders: dict[str, list[str]] = {}
        self.grade: Grade | None = None
        self._widget = None

    def order(self, node: str, children) -> None:
        """Search ``node``'s children in the order ``children`` (names; a permutation)."""
        if node not in self.children:
            raise ValueError(f"{node!r} is not an inner node; inner nodes: {self.inner}")
        if isinstance(children, str):
            children = [c.strip() for c in children.replace(",", " ").split()]
        children = list(children)
        if sorted(children) != sorted(self.children[node]):
            raise ValueError(f"the children of {node} are {self.children[node]} (each once, "
                             f"in any order), not {children}")
        self.orders[node] = children
        self.grade = None
        if self._widget is not None:
            self._refresh()

    def best_orders(self) -> dict[str, list[str]]:
        """Each inner node's children, best first for the player to move there."""
        best = {}
        for name, body in _walk(self.named):
            if isinstance(body, list):
                is_max = self.minimax[name][1]
                best[name] = sorted(self.children[name],
                                    key=lambda c: -self.minimax[c][0] if is_max
                                    else self.minimax[c][0])
        return best

    def reordered(self, orders: dict | None = None):
        """The tree with the children in the given (default: the student's) orders."""
        orders = self.orders if orders is None else orders

        def build(item):
            name, body = item
            if not isinstance(body, list):
                return item
            by_name = {c[0]: c for c in body}
            return (name, [build(by_name[c]) for c in orders.get(name, self.children[name])])

        return tree_from_named(build(self.named))

    def nodes_visited(self, orders: dict | None = None) -> int:
        """Nodes alpha-beta visits on the tree in these orders (default: the student's)."""
        from qsearch.search import alphabeta

        return alphabeta(self.reordered(orders), fail_hard=self.fail_hard,
                         strict=self.strict).nodes

    def check(self) -> Grade:
        """Right when the student's order visits no more nodes than best-first order."""
        mine, best = self.nodes_visited(), self.nodes_visited(self.best_orders())
        mistakes = ()
        if mine > best:
            hint = self._hint()
            mistakes = (Mistake(hint[0], "order", best, mine, 0,
                                f"Alpha-beta visits {mine} nodes in your order; best first "
                                f"visits {best}. {hint[1]}"),)
        self.grade = Grade(1 - len(mistakes), 1, mistakes)
        self.counts = (mine, best)
        if self._widget is not None:
            self._refresh()
        return self.grade

    def _hint(self) -> tuple[str, str]:
        """The first searched node (breadth-first) whose first child is not a best one."""
        from qsearch.search import alphabeta

        tree = self.reordered()
        result = alphabeta(tree, fail_hard=self.fail_hard, strict=self.strict, trace=True)
        search = build_search_tree(result.trace)
        names = NodeNames(search, tree)
        searched = {names.name(i) for i in search.nodes}
        for name, body in _walk(self.named):
            if not isinstance(body, list) or name not in searched:
                continue
            first = self.orders.get(name, self.children[name])[0]
            value, is_max = self.minimax[name]
            if self.minimax[first][0] != value:
                who = "MAX" if is_max else "MIN"
                return name, (f"Look at {name} ({who}): its first child {first} is worth "
                              f"{format_number(self.minimax[first][0])}, its best is worth "
                              f"{format_number(value)}.")
        return self.inner[0], "Put each player's best child first."

    def draw(self):
        """The tree in the student's order, leaf values only; once checked, alpha-beta's
        search of it (what it visits and cuts)."""
        from qsearch.viz.tree import draw_tree

        if self.grade is None:
            return plain_drawing(named_nodes(self.reordered()), title=self.title)
        return draw_tree(self.reordered(), fail_hard=self.fail_hard, strict=self.strict,
                         title=self.title)

    def svg(self) -> str:
        """The ``<svg>`` of :meth:`draw`."""
        return svg_text(self.draw())

    def _repr_svg_(self) -> str:
        return self.svg()

    def show_me(self):
        """The stepper on the tree in the student's order."""
        from qsearch.viz.stepper import AlphaBetaStepper

        stepper = AlphaBetaStepper(self.reordered(), fail_hard=self.fail_hard,
                                   strict=self.strict)
        if self._widget is not None:
            self.stepper_box.children = (stepper.widget,)
        return stepper

    def _build_widget(self):
        import ipywidgets as widgets

        self.picture = widgets.HTML(value=self.svg(), layout=widgets.Layout(width="100%"))
        self.picture.add_class("qsearch-exercise-tree")
        self.boxes = {}
        rows = []
        for name in self.inner:
            box = widgets.Text(value=", ".join(self.orders.get(name, self.children[name])),
                               description=name, layout=widgets.Layout(width="16em"))
            box.observe(lambda ch, n=name: self._typed(n, ch["new"]), names="value")
            self.boxes[name] = box
            rows.append(box)
        self.check_button = widgets.Button(description="Check", button_style="primary")
        self.check_button.on_click(lambda _: self.check())
        self.show_button = widgets.Button(description="Show me")
        self.show_button.on_click(lambda _: self.show_me())
        self.feedback = widgets.HTML(value="")
        self.feedback.add_class("qsearch-exercise-grade")
        self.stepper_box = widgets.VBox([])
        box = widgets.VBox([self.picture,
                            widgets.HTML("<b>Children of each inner node</b>, in the order "
                                         "alpha-beta should search them:"),
                            widgets.HBox(rows, layout=widgets.Layout(flex_flow="row wrap")),
                            widgets.HBox([self.check_button, self.show_button]),
                            self.feedback, self.stepper_box])
        box.add_class("qsearch-exercise")
        return box

    def _typed(self, name, text) -> None:
        try:
            self.order(name, text)
        except ValueError as err:
            self.feedback.value = f"<span style='color:{WRONG}'>{html.escape(str(err))}</span>"

    def _refresh(self) -> None:
        self.picture.value = self.svg()
        if self.grade is None:
            self.feedback.value = ""
            return
        colour = RIGHT if self.grade.passed else WRONG
        text = (f"Right: alpha-beta visits {self.counts[0]} nodes, as few as best first."
                if self.grade.passed else str(self.grade.mistakes[0]))
        self.feedback.value = (f"<div style='color:{colour};background:white;padding:4px'>"
                               f"{html.escape(text)}</div>")

    def __repr__(self) -> str:
        return f"MoveOrderingExercise({self.state!r})"


def plain_drawing(named, *, title: str | None = None, selected: str | None = None):
    """A Digraph of a tree given as nested ``(name, value or [children])`` pairs: MAX/MIN
    triangles with their names, leaves with their values, ``selected`` shaded."""
    dot = new_digraph(graph_attr={
        "rankdir": "TB", "nodesep": "0.3", "ranksep": "0.45", "bgcolor": "white",
        "ordering": "out", "fontname": "Helvetica", "size": "8.5,40",
        **({"label": title, "labelloc": "t", "fontsize": "16"} if title else {}),
    }, node_attr={"fontname": "Helvetica", "fontsize": "11", "fixedsize": "true"},
        edge_attr={"arrowhead": "none"})

    def add(node, depth):
        name, body = node
        attrs = ({"shape": "triangle" if depth % 2 == 0 else "invtriangle",
                  "width": "0.9", "height": "0.7"} if isinstance(body, list)
                 else {"shape": "box", "width": "0.6", "height": "0.45"})
        if name == selected:
            attrs.update(style="filled", fillcolor="#ffe08a", penwidth="2")
        label = name if isinstance(body, list) else f"{name}\\n{format_number(body)}"
        dot.node(name, label, **attrs)
        if isinstance(body, list):
            for child in body:
                add(child, depth + 1)
                dot.edge(name, child[0])

    add(named, 0)
    return dot


def _minimax_values(named) -> dict:
    """``{name: (minimax value, MAX moves there)}`` for every node (a leaf: its value)."""
    out = {}

    def value(item, is_max):
        name, body = item
        if not isinstance(body, list):
            out[name] = (body, is_max)
            return body
        vals = [value(c, not is_max) for c in body]
        out[name] = ((max if is_max else min)(vals), is_max)
        return out[name][0]

    value(named, True)
    return out


def _walk(named):
    """Every ``(name, body)`` pair, breadth-first."""
    queue = [named]
    while queue:
        level = []
        for name, body in queue:
            yield name, body
            if isinstance(body, list):
                level.extend(body)
        queue = level


def _set(store: dict, key, value) -> None:
    if value is None:
        store.pop(key, None)
    else:
        store[key] = value


def _same(a, b) -> bool:
    if a is None or b is None:
        return a is b
    return a == b or (math.isfinite(a) and math.isfinite(b) and abs(a - b) < 1e-9)


def _tidy(x):
    """3.0 -> 3 (the search's values are floats; the answers read better as ints)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _parse_quiet(text):
    try:
        return parse_entry(text)
    except (TypeError, ValueError):
        return None


__all__ = ["AlphaBetaExercise", "Grade", "MinimaxExercise", "Mistake", "MoveOrderingExercise",
           "TreeExercise",
           "parse_entry", "tree_from_named"]
