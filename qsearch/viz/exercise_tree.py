"""The tree exercises: fill in a search by hand on a toy tree, and the search grades it.

* :class:`AlphaBetaExercise` draws a tree with only its leaf values. The student enters the
  value alpha-beta returns at each inner node (optionally the [alpha, beta] window each node
  ends with) and marks the branches alpha-beta cuts. :meth:`~TreeExercise.check` runs the real
  search (fail-hard or fail-soft, as chosen) and says what is wrong, node by node;
  :meth:`~TreeExercise.show_me` opens the stepper at the first mistake.
* :class:`MinimaxExercise`: the same with plain minimax (values only, nothing is cut).

The expected answers are read from the search's trace (:func:`build_search_tree`), not
computed a second time, and each mistake carries the trace step where the search settles it.
"""
from __future__ import annotations

import html
import math

from qsearch.games.toytrees import as_tree, named_nodes
from qsearch.viz.exercise_grading import (
    ASKED,
    CUT,
    RIGHT,
    WRONG,
    Grade,
    Mistake,
    error_html,
    grade_html,
    parse_entry,
    walk_named,
)
from qsearch.viz.lazy_widget import PictureWidget
from qsearch.viz.searchtree import NodeNames, build_search_tree, format_number, format_window
from qsearch.viz.tree import new_digraph, run_traced


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
        self.inner = [n for n, body in walk_named(self.named) if isinstance(body, list)]
        self.parent = {c[0]: n for n, body in walk_named(self.named) if isinstance(body, list)
                       for c in body}
        self.leaf_values = {n: body for n, body in walk_named(self.named)
                            if not isinstance(body, list)}
        self.searched = {self.names.name(i): node for i, node in self.search.nodes.items()}
        self.cuts = {self.names.child_name(e.parent, e.action): e for e in self.search.pruned}
        self.values: dict[str, object] = {}
        self.alphas: dict[str, object] = {}
        self.betas: dict[str, object] = {}
        self.marked: set[str] = set()
        self.grade: Grade | None = None
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
        for name, body in walk_named(self.named):
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
        for name, body in walk_named(self.named):
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
            self.feedback.value = error_html(err)
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
            self.feedback.value = grade_html(str(self.grade), self.grade.passed)
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
