"""The tree exercises: fill in a search by hand on a toy tree, and the search grades it.

* :class:`AlphaBetaExercise` draws a tree with only its leaf values. The student enters the
  value alpha-beta returns at each inner node (optionally the [alpha, beta] window each node
  ends with) and marks the pruned branches. ``check()`` runs the real search (fail-hard or
  fail-soft, strict or not, as chosen) and says which of the entries made are right or
  wrong, never the right numbers nor where the cuts are
  (:mod:`qsearch.viz.exercise_tree_check`); :meth:`~TreeExercise.show_me` opens the stepper
  at the first mistake (the stepper shows the values).
* :class:`MinimaxExercise`: the same with plain minimax (values only, nothing is pruned).

``reveal=True`` (an instructor's switch, also an attribute) adds the right values to the
check's messages. This module holds the entries, the picture and the widget.

The expected answers are read from the search's trace (:func:`build_search_tree`), not
computed a second time, and each mistake carries the trace step where the search settles it.
"""
from __future__ import annotations

import html

from qsearch.games.toytrees import as_tree, named_nodes
from qsearch.i18n import _
from qsearch.viz.exercise_grading import (
    ASKED,
    CUT,
    RIGHT,
    WRONG,
    Grade,
    error_html,
    find_name,
    grade_html,
    in_words,
    parse_entry,
    walk_named,
)
from qsearch.viz.exercise_tree_check import TreeChecking
from qsearch.viz.lazy_widget import PictureWidget
from qsearch.viz.searchtree import NodeNames, build_search_tree, format_number
from qsearch.viz.tree import cut_test, new_digraph, run_traced

SELECTED_CUT_STYLE = "warning"     # a ✂ toggled on: a coloured button in light and dark themes


class TreeExercise(TreeChecking, PictureWidget):
    """What the exercises share: the tree, its traced search, the student's entries, the
    picture and the widget. Use :class:`AlphaBetaExercise` or :class:`MinimaxExercise`."""

    algorithm = "alphabeta"
    ask_cuts = True

    def __init__(self, tree, *, fail_hard: bool = True, windows: bool = False,
                 strict: bool = False, title: str | None = None, reveal: bool = False):
        if not all(isinstance(x, bool) for x in (fail_hard, windows, strict, reveal)):
            raise TypeError("fail_hard, windows, strict and reveal must be True or False")
        self.state = as_tree(tree)
        if self.state.__reduce__()[1][2] != 0:          # root_player
            raise ValueError("exercises use trees with MAX (player 0) at the root")
        self.fail_hard = fail_hard
        self.strict = strict
        self.reveal = reveal
        self.ask_windows = windows and self.algorithm != "minimax"
        self.title = title
        options = ({"fail_hard": fail_hard, "strict": strict}
                   if self.algorithm == "alphabeta" else {})
        self.options = options
        _state, self.result = run_traced(self.state, self.algorithm, **options)
        self.search = build_search_tree(self.result.trace)
        self.names = NodeNames(self.search, self.state)
        self.named = named_nodes(self.state)
        self.inner = [n for n, body in walk_named(self.named) if isinstance(body, list)]
        self.parent = {c[0]: n for n, body in walk_named(self.named) if isinstance(body, list)
                       for c in body}
        self.leaf_values = {n: body for n, body in walk_named(self.named)
                            if not isinstance(body, list)}
        self.searched = {self.names.name(i): node for i, node in self.search.nodes.items()}
        self.ids = {self.names.name(i): i for i in self.search.nodes}
        self.cuts = {self.names.child_name(e.parent, e.action): e for e in self.search.pruned}
        self.values: dict[str, object] = {}
        self.alphas: dict[str, object] = {}
        self.betas: dict[str, object] = {}
        self.unreadable: dict[tuple[str, str], str] = {}    # (node, what) -> text typed
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

    def n_answers(self) -> int:
        """How many answers are graded (the N of "k of N"): the value of every inner node
        the search reaches (with windows: its α and β too) and every pruned branch."""
        reached = sum(n in self.searched for n in self.inner)
        return reached * (3 if self.ask_windows else 1) + (len(self.cuts) if self.ask_cuts else 0)

    def inner_order(self, name: str) -> int:
        """Breadth-first position of a node (sorting names as the tree reads)."""
        return self.state.names.index(name)

    def cut_condition(self, is_max: bool) -> str:
        """The test this exercise's search cuts on at a MAX (or MIN) node: ``α ≥ β``, or
        ``α > β`` with strict cuts."""
        return cut_test(is_max, self.strict)

    # ------------------------------------------------------------------ entries
    def enter(self, node: str, value=None, *, alpha=None, beta=None) -> None:
        """The student's entries at inner ``node`` (any case: ``"m4"`` is M4): its value and
        (``windows=True``) alpha and beta, as numbers or text (``"-inf"``); each call sets all
        three, None or blank clearing one."""
        node = self._inner(node)
        v, a, b = parse_entry(value), parse_entry(alpha), parse_entry(beta)
        if not self.ask_windows and (a is not None or b is not None):
            raise ValueError("this exercise does not ask for windows (windows=True does)")
        _set(self.values, node, v)
        if self.ask_windows:
            _set(self.alphas, node, a)
            _set(self.betas, node, b)
        for what in ("value", "alpha", "beta"):
            self.unreadable.pop((node, what), None)
        self._changed()

    def cut(self, node: str, on: bool = True) -> None:
        """Mark (or unmark) the branch from ``node``'s parent to ``node`` as pruned."""
        if not self.ask_cuts:
            raise ValueError(f"{type(self).__name__} asks for no pruned branches")
        node = find_name(node, self.parent, "node below the root")
        (self.marked.add if on else self.marked.discard)(node)
        self._changed()

    def clear(self) -> None:
        """Forget every entry."""
        self.values.clear()
        self.alphas.clear()
        self.betas.clear()
        self.unreadable.clear()
        self.marked.clear()
        self._changed()

    def fill_in_solution(self) -> None:
        """Enter the right answers (for a demonstration, or to compare with one's own)."""
        sol = self.solution()
        self.values = dict(sol["values"])
        if self.ask_windows:
            self.alphas = {n: w[0] for n, w in sol["windows"].items()}
            self.betas = {n: w[1] for n, w in sol["windows"].items()}
        self.unreadable.clear()
        self.marked = set(sol.get("cuts", ()))
        self._changed()

    def _inner(self, node) -> str:
        name = find_name(node, [*self.inner, *self.leaf_values])
        if name in self.leaf_values:
            raise ValueError(_("{node} is a leaf (its value is given); enter values at "
                               "{nodes}").format(node=name, nodes=in_words(self.inner)))
        return name

    def _changed(self) -> None:
        self.grade = None
        if self._widget is not None:
            self._refresh()

    # ------------------------------------------------------------------ show me
    def first_mistake_step(self) -> int | None:
        """The trace index of the first mistake (None: no mistakes, or not checked yet)."""
        grade = self.grade or self.check()
        named = [m for m in grade.mistakes if m.message] or list(grade.mistakes)
        return named[0].step if named else None

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
        inner nodes with the student's entries (once checked: green right, red wrong; blank
        nodes stay plain, so the picture tells nothing the student has not entered), marked
        branches dashed with scissors (a red "✂ ?" on a wrong mark; with ``reveal`` a red
        "pruned?" on a pruned branch left unmarked)."""
        wrong = {(m.node, m.what) for m in (self.grade.mistakes if self.grade else ())
                 if m.given is not None}          # only entries made: blanks tell nothing
        checked = self.grade is not None
        dot = new_digraph(graph_attr={
            "rankdir": "TB", "nodesep": "0.3", "ranksep": "0.5", "bgcolor": "white",
            "ordering": "out", "fontname": "Helvetica", "size": "8.5,40",
            **({"label": self.title, "labelloc": "t", "fontsize": "16"} if self.title else {}),
        }, node_attr={"fontname": "Helvetica", "fontsize": "11", "fixedsize": "true"},
            edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "10"})
        for name, body in walk_named(self.named):
            if isinstance(body, list):
                lines = [name, self._shown(name, "value", self.values)]
                if self.ask_windows:
                    lines.append(f"[{self._shown(name, 'alpha', self.alphas)}, "
                                 f"{self._shown(name, 'beta', self.betas)}]")
                depth = len(self._path(name))
                shape = "triangle" if depth % 2 == 0 else "invtriangle"
                attrs = {"shape": shape, "width": "1.3" if self.ask_windows else "0.9",
                         "height": "1.25" if self.ask_windows else "0.75"}
                entered = any(name in store for store in (self.values, self.alphas, self.betas))
                entered = entered or any(k[0] == name for k in self.unreadable)
                bad = any((name, w) in wrong for w in ("value", "alpha", "beta"))
                if checked and entered:
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
            for child, _subtree in body:
                e = {}
                if child in self.marked:
                    e.update(style="dashed", color=CUT, label="✂")
                if checked and (child, "cut") in wrong and (child in self.marked
                                                           or self.reveal):
                    e.update(color=WRONG, fontcolor=WRONG, penwidth="2.2",
                             label="✂ ?" if child in self.marked else _("pruned?"))
                elif checked and child in self.marked:
                    e.update(color=RIGHT, fontcolor=RIGHT)
                dot.edge(name, child, **e)
        return dot

    def _shown(self, name, what, store) -> str:
        if (name, what) in self.unreadable:
            return "✗"              # text that is not a number (the check says so)
        value = store.get(name)
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

        self.picture = widgets.HTML(value=self.svg(), layout=widgets.Layout(width="100%",
                                                                             overflow="auto"))
        self.picture.add_class("qsearch-exercise-tree")
        self.boxes = {}
        rows = []
        small = widgets.Layout(width="4.5em")
        for name in self.inner:
            fields = {"value": widgets.Text(placeholder=_("value"), layout=small)}
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
        if self.algorithm == "minimax":
            ask = _("<b>Values</b>: the minimax value of every inner node:")
        elif self.ask_windows:
            ask = _("<b>Values</b>: what each inner node returns, and its [α, β] when it "
                    "returns (leave blank the nodes the search never reaches):")
        else:
            ask = _("<b>Values</b>: what each inner node returns (leave blank the nodes the "
                    "search never reaches):")
        parts = [widgets.HTML(ask),
                 widgets.HBox(rows, layout=widgets.Layout(flex_flow="row wrap"))]
        self.cut_buttons = {}
        if self.ask_cuts:
            for child in self.parent:
                b = widgets.ToggleButton(description=f"✂ {child}", value=False,
                                         tooltip=_("the branch to {child} is pruned").format(
                                             child=child),
                                         layout=widgets.Layout(width="auto"))
                b.add_class("qsearch-exercise-cut")
                b.observe(lambda ch, c=child: self._toggled(c, ch["new"]), names="value")
                self.cut_buttons[child] = b
            parts += [widgets.HTML(
                _("<b>Pruned branches</b>: click ✂ on each child alpha-beta never searches (a "
                  "cut happens at its parent when {max_test} at MAX, {min_test} at MIN):").format(
                    max_test=html.escape(self.cut_condition(True)),
                    min_test=html.escape(self.cut_condition(False)))),
                      widgets.HBox(list(self.cut_buttons.values()),
                                   layout=widgets.Layout(flex_flow="row wrap"))]
        self.check_button = widgets.Button(description=_("Check"), button_style="primary")
        self.show_button = widgets.Button(description=_("Show me"), disabled=True,
                                          tooltip=_("after a Check: open the search, step by "
                                                    "step, at the first mistake"))
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
        """A box edited: its entry as it now reads; text that is not a number is kept as such
        (graded "not a number"), never as the box's previous value."""
        stores = {"value": self.values, "alpha": self.alphas, "beta": self.betas}
        problem = None
        for what, box in self.boxes[name].items():
            try:
                _set(stores[what], name, parse_entry(box.value))
                self.unreadable.pop((name, what), None)
            except (TypeError, ValueError) as err:
                stores[what].pop(name, None)
                self.unreadable[name, what] = box.value
                problem = err
        self._changed()
        if problem is not None:
            self.feedback.value = error_html(problem)

    def _toggled(self, child, on) -> None:
        (self.marked.add if on else self.marked.discard)(child)
        self.cut_buttons[child].button_style = SELECTED_CUT_STYLE if on else ""
        self._changed()

    def _check_clicked(self) -> None:
        self.check()

    def _sync_fields(self) -> None:
        """Widgets show the entries (after a headless ``enter`` or ``fill_in_solution``)."""
        for name, fields in self.boxes.items():
            for what, store in (("value", self.values), ("alpha", self.alphas),
                                ("beta", self.betas)):
                if what in fields and (name, what) not in self.unreadable:
                    want = "" if store.get(name) is None else format_number(store[name])
                    got = fields[what].value
                    if _parse_quiet(got) != store.get(name) or (want == "" and got.strip()):
                        fields[what].value = want.replace("−", "-")
        for child, b in self.cut_buttons.items():
            on = child in self.marked
            if b.value != on:
                b.value = on
            b.button_style = SELECTED_CUT_STYLE if on else ""

    def _refresh(self) -> None:
        self._sync_fields()
        self.picture.value = self.svg()
        # Show me is live once Check has been pressed, until the next edit (the same rule in
        # every exercise): it opens the search at that Check's first mistake.
        self.show_button.disabled = self.grade is None
        if self.grade is None:
            self.feedback.value = ""
        else:
            self.feedback.value = grade_html(str(self.grade), self.grade.passed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.state!r}, {len(self.inner)} inner nodes)"


class AlphaBetaExercise(TreeExercise):
    """Fill in alpha-beta by hand: values (``windows=True``: and [α, β]) and the cut branches.

    ``AlphaBetaExercise(tree, fail_hard=True, windows=False, strict=False, title=None)``;
    ``tree`` is an ExplicitTree, nested lists or the text form. ``fail_hard=True`` grades
    against the class notes' procedure (a cut node returns a value clamped to its window),
    False against fail-soft alpha-beta (the best value found, which may lie outside it).
    ``strict=True`` cuts only when alpha > beta (document 002's Alg. 2), not on a tie; the
    checks then print that test (``α > β``, ``β < α``). ``reveal=True`` (for an instructor)
    adds the right values to the check's messages.
    """

    algorithm = "alphabeta"


class MinimaxExercise(TreeExercise):
    """Fill in the minimax value of every inner node (nothing is pruned).

    ``MinimaxExercise(tree, title=None, reveal=False)``; ``reveal=True`` (for an instructor)
    adds the right values to the check's messages."""

    algorithm = "minimax"
    ask_cuts = False

    def __init__(self, tree, *, title: str | None = None, reveal: bool = False):
        super().__init__(tree, title=title, reveal=reveal)


def _set(store: dict, key, value) -> None:
    if value is None:
        store.pop(key, None)
    else:
        store[key] = value


def _tidy(x):
    """3.0 -> 3 (the search's values are floats; the answers read better as ints)."""
    return int(x) if isinstance(x, float) and x.is_integer() else x


def _parse_quiet(text):
    try:
        return parse_entry(text)
    except (TypeError, ValueError):
        return None
