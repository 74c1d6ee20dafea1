"""The move-ordering exercise: "order the children so that alpha-beta cuts the most".

:class:`MoveOrderingExercise`: the student reorders children; the grade compares the nodes
alpha-beta then visits with the best-first order (each player's best child first, which
gives the minimal tree). :func:`plain_drawing` draws a toy tree with only its names and leaf
values (this exercise before it is checked, and the tree editor).
"""
from __future__ import annotations

from qsearch.games.toytrees import as_tree, named_nodes, tree_from_named
from qsearch.i18n import _
from qsearch.viz.exercise_grading import (
    Grade,
    Mistake,
    error_html,
    find_name,
    grade_html,
    in_words,
    walk_named,
)
from qsearch.viz.lazy_widget import PictureWidget
from qsearch.viz.searchtree import NodeNames, build_search_tree, format_number
from qsearch.viz.tree import draw_tree, new_digraph


class MoveOrderingExercise(PictureWidget):
    """"Order the children so that alpha-beta cuts the most."

    The student reorders the children of inner nodes (``order("B", ["N7", "N5", "N6"])``, or
    the widget's text boxes); :meth:`check` runs alpha-beta on the reordered tree and compares
    the nodes it visits with the best-first order (at every node the best child for the player
    to move first: Knuth and Moore's minimal tree). Passing means visiting no more nodes
    than that. ``fail_hard`` and ``strict`` (cut only when alpha > beta, document 002's Alg. 2)
    choose the alpha-beta the orders are graded with. Node names are read in any case
    (``"q2"`` is Q2). The check names the node to look at again, not the values of its
    children; ``reveal=True`` (for an instructor) adds them.

    In the widget, Check grades what the boxes show: if a box holds an order that is not
    valid, it says so and grades nothing. **Show me** (the stepper on the tree in the
    student's order) is live once Check has been pressed, until the next edit, as in the
    other exercises.
    """

    def __init__(self, tree, *, fail_hard: bool = True, strict: bool = False,
                 title: str | None = None, reveal: bool = False):
        if not all(isinstance(x, bool) for x in (fail_hard, strict, reveal)):
            raise TypeError("fail_hard, strict and reveal must be True or False")
        self.state = as_tree(tree)
        self.strict = strict
        self.reveal = reveal
        if self.state.__reduce__()[1][2] != 0:
            raise ValueError("exercises use trees with MAX (player 0) at the root")
        self.fail_hard = fail_hard
        self.title = title
        self.named = named_nodes(self.state)
        self.children = {n: [c[0] for c in body] for n, body in walk_named(self.named)
                         if isinstance(body, list)}
        self.inner = list(self.children)
        self.minimax = _minimax_values(self.named)
        self.orders: dict[str, list[str]] = {}
        self.invalid: dict[str, str] = {}       # node -> why the order in its box is not valid
        self.grade: Grade | None = None

    def order(self, node: str, children) -> None:
        """Search ``node``'s children in the order ``children``: names (any case) as a list
        or as text (``"Q7, Q5, Q6"``), each child once."""
        node = find_name(node, self.inner, "inner node")
        if isinstance(children, str):
            children = children.replace(",", " ").split()
        elif isinstance(children, (list, tuple)):
            children = list(children)
        else:
            raise TypeError(f"the children's order is a list of names or text such as "
                            f"'{', '.join(self.children[node])}', not {type(children).__name__}")
        mine = self.children[node]
        by_case = {c.lower(): c for c in mine}
        named = [by_case.get(c.lower(), c) if isinstance(c, str) else c for c in children]
        if sorted(map(str, named)) != sorted(mine):
            if children:
                text = _("the children of {node} are {children}, each once in any order; this "
                         "order has {given}")
            else:
                text = _("the children of {node} are {children}, each once in any order; this "
                         "order has nothing")
            raise ValueError(text.format(node=node, children=in_words(mine),
                                         given=in_words(map(str, children))))
        self.orders[node] = named
        self.invalid.pop(node, None)
        self._changed()

    def _changed(self) -> None:
        self.grade = None
        if self._widget is not None:
            self._refresh()

    def best_orders(self) -> dict[str, list[str]]:
        """Each inner node's children, best first for the player to move there."""
        best = {}
        for name, body in walk_named(self.named):
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
        """Right when the student's order visits no more nodes than best-first order.

        ValueError when a box of the widget holds an order that is not valid (nothing is
        graded then: never an older order than the one shown)."""
        if self.invalid:
            self.grade = None
            problems = " ".join(_("the order typed at {node} is not valid ({why}).").format(
                node=n, why=why) for n, why in self.invalid.items())
            raise ValueError(_("Not graded: {problems} Fix it, then Check.").format(
                problems=problems))
        mine, best = self.nodes_visited(), self.nodes_visited(self.best_orders())
        mistakes = ()
        if mine > best:
            hint = self._hint()
            mistakes = (Mistake(hint[0], "order", best, mine, 0,
                                _("Alpha-beta visits {mine} nodes in your order; best first "
                                  "visits {best}. {hint}").format(mine=mine, best=best,
                                                                  hint=hint[1])),)
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
        for name, body in walk_named(self.named):
            if not isinstance(body, list) or name not in searched:
                continue
            first = self.orders.get(name, self.children[name])[0]
            value, is_max = self.minimax[name]
            if self.minimax[first][0] != value:
                who = "MAX" if is_max else "MIN"
                text = _("Look at {node} ({role}): its first child {first} is not the best one "
                         "for {role}, so the cuts below {node} come later than they could.")
                text = text.format(node=name, role=who, first=first)
                if self.reveal:
                    text += " " + _("({first} is worth {value}, {node}'s best child "
                                    "{best}.)").format(first=first, node=name,
                                                       value=format_number(self.minimax[first][0]),
                                                       best=format_number(value))
                return name, text
        return self.inner[0], _("Put each player's best child first.")

    def draw(self):
        """The tree in the student's order, leaf values only; once checked, alpha-beta's
        search of it (what it visits and cuts)."""
        if self.grade is None:
            return plain_drawing(named_nodes(self.reordered()), title=self.title)
        return draw_tree(self.reordered(), fail_hard=self.fail_hard, strict=self.strict,
                         title=self.title)

    def show_me(self):
        """The stepper on the tree in the student's order."""
        from qsearch.viz.stepper import AlphaBetaStepper

        if self.invalid:
            raise ValueError(_("the order typed at {nodes} is not valid").format(
                nodes=in_words(self.invalid)))
        stepper = AlphaBetaStepper(self.reordered(), fail_hard=self.fail_hard,
                                   strict=self.strict)
        if self._widget is not None:
            self.stepper_box.children = (stepper.widget,)
        return stepper

    def _build_widget(self):
        import ipywidgets as widgets

        self.picture = widgets.HTML(value=self.svg(), layout=widgets.Layout(width="100%",
                                                                             overflow="auto"))
        self.picture.add_class("qsearch-exercise-tree")
        self.boxes = {}
        rows = []
        for name in self.inner:
            box = widgets.Text(value=", ".join(self.orders.get(name, self.children[name])),
                               description=name, layout=widgets.Layout(width="16em"))
            box.add_class(f"qsearch-exercise-order-{name}")
            box.observe(lambda ch, n=name: self._typed(n, ch["new"]), names="value")
            self.boxes[name] = box
            rows.append(box)
        self.check_button = widgets.Button(description=_("Check"), button_style="primary")
        self.check_button.on_click(lambda _click: self._check_clicked())
        self.show_button = widgets.Button(description=_("Show me"), disabled=True,
                                          tooltip=_("after a Check: open the search of your "
                                                    "order, step by step"))
        self.show_button.on_click(lambda _click: self._show_clicked())
        self.feedback = widgets.HTML(value="")
        self.feedback.add_class("qsearch-exercise-grade")
        self.stepper_box = widgets.VBox([])
        box = widgets.VBox([self.picture,
                            widgets.HTML(_("<b>Children of each inner node</b>, in the order "
                                           "alpha-beta should search them:")),
                            widgets.HBox(rows, layout=widgets.Layout(flex_flow="row wrap")),
                            widgets.HBox([self.check_button, self.show_button]),
                            self.feedback, self.stepper_box])
        box.add_class("qsearch-exercise")
        return box

    def _typed(self, name, text) -> None:
        """A box edited: the order it now shows, or (not valid) a note that Check will not
        grade until it is fixed; the last valid order is never graded in its place."""
        try:
            self.order(name, text)
        except (TypeError, ValueError) as err:
            self.invalid[name] = str(err)
            self._changed()
            self.feedback.value = error_html(err)

    def _check_clicked(self) -> None:
        try:
            self.check()
        except ValueError as err:
            self.feedback.value = error_html(err)

    def _show_clicked(self) -> None:
        try:
            self.show_me()
        except ValueError as err:
            self.feedback.value = error_html(err)

    def _refresh(self) -> None:
        self.picture.value = self.svg()
        self.show_button.disabled = self.grade is None
        if self.grade is None:
            self.feedback.value = ""
            return
        text = (_("Right: alpha-beta visits {count} nodes, as few as best first.").format(
                    count=self.counts[0]) if self.grade.passed else str(self.grade.mistakes[0]))
        self.feedback.value = grade_html(text, self.grade.passed)

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

