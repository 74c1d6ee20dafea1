"""Edit a toy tree by hand, then search it: :class:`TreeEditor`.

Pick a node (the drop-down, or ``select("B")``), then change a leaf's value, add a child,
remove the node, or move it left or right among its siblings; the tree redraws after each
change, and its text form (the nested lists of :mod:`qsearch.games.toytrees`) is shown beside it,
ready to copy. **Open stepper** steps through minimax, alpha-beta or PVS on the tree as it
now is; **Exercise** turns it into a self-checking
:class:`~qsearch.viz.exercise_tree.AlphaBetaExercise`.

Every node keeps its name while the tree changes shape, so a student can say "I moved D3
first"; a new node is called N<k>, k one more than the largest such number in the tree, so
new names come in order. **Add child** needs a value in the box (an empty box adds nothing
and says so). On a leaf it turns the leaf into an inner node: the leaf's value is dropped
(an inner node's value comes from its children) and the message below the buttons says so.
Each message stays until the next action. Headless methods do what the buttons do (the
tests call them; :attr:`TreeEditor.note` holds the last message); ``_repr_svg_`` is a static
picture of the current tree.
"""
from __future__ import annotations

import html

from qsearch.core.algorithm_names import IN_WIDGETS as ALGORITHMS
from qsearch.games.toytrees import named_nodes, tree_from_named, tree_from_text, tree_to_text
from qsearch.i18n import _
from qsearch.viz.exercise_grading import find_name, in_words, parse_entry
from qsearch.viz.exercise_ordering import plain_drawing
from qsearch.viz.exercise_tree import AlphaBetaExercise
from qsearch.viz.lazy_widget import PictureWidget
from qsearch.viz.searchtree import format_number

DEFAULT_TREE = "A:[B:[B1:3, B2:12, B3:8], C:[C1:2, C2:4, C3:6], D:[D1:14, D2:5, D3:2]]"


class TreeEditor(PictureWidget):
    """A toy tree that changes under the student's hands (see the module docs).

    ``TreeEditor(tree=DEFAULT_TREE, title=None)``: ``tree`` is an ExplicitTree, nested lists
    or the text form (default: Russell and Norvig's Fig. 5.2 with named nodes).
    """

    def __init__(self, tree=DEFAULT_TREE, *, title: str | None = None):
        self._root = _mutable(named_nodes(tree_from_text(tree) if isinstance(tree, str)
                                          else tree))
        self.title = title
        self.selected = self._root[0]
        self.note = ""                  # what the last action wants the student to know
        self._stepper = None
        self._syncing = False

    # ------------------------------------------------------------------ the tree
    @property
    def tree(self):
        """The tree as it now is (an :class:`~qsearch.games.toytree.ExplicitTree`)."""
        return tree_from_named(_frozen(self._root))

    @property
    def text(self) -> str:
        """The tree in the text form, names included."""
        return tree_to_text(self.tree, names=True)

    def names(self) -> list[str]:
        """Every node's name, breadth-first."""
        return list(self.tree.names)

    def select(self, name: str) -> None:
        """Make ``name`` (any case) the node the buttons act on."""
        node, _parent = self._find(name)
        self.selected = node[0]
        self.note = ""
        self._changed(redraw_only=True)

    # ------------------------------------------------------------------ edits
    def set_value(self, name: str, value) -> None:
        """Give leaf ``name`` a new value (a number, or text such as ``"-3"``)."""
        node, _parent = self._find(name)
        if isinstance(node[1], list):
            raise ValueError(_("{node} is an inner node: its value comes from its children "
                               "(set the values of leaves)").format(node=name))
        v = parse_entry(value)
        if v is None:
            raise ValueError(_("type {node}'s new value in the value box first").format(
                node=node[0]))
        node[1] = v
        self.note = ""
        self._changed()

    def add_child(self, name: str, value) -> str:
        """Add a leaf with ``value`` as the last child of ``name``; returns its name.

        ``value`` is required (blank text is refused: no leaf gets a value nobody chose). A
        leaf that gets a child becomes an inner node with that one child, and its own value
        is dropped (an inner node's value comes from its children): :attr:`note` says so."""
        node, _parent = self._find(name)
        v = parse_entry(value)
        if v is None:
            raise ValueError(_("type the new leaf's value in the value box first"))
        new = self._fresh_name()
        self.note = ""
        if not isinstance(node[1], list):
            self.note = _("{node} was a leaf: it is now an inner node with the child {child}, "
                          "and its value {value} is dropped (an inner node's value comes from "
                          "its children).").format(node=node[0], child=new,
                                                   value=format_number(node[1]))
            node[1] = []
        node[1].append([new, v])
        self._changed()
        return new

    def remove(self, name: str) -> None:
        """Remove node ``name`` and everything below it (not the root, not an only child)."""
        node, parent = self._find(name)
        if parent is None:
            raise ValueError(_("the root cannot be removed"))
        if len(parent[1]) == 1:
            raise ValueError(_("{node} is the only child of {parent}: remove {parent} "
                               "instead").format(node=name, parent=parent[0]))
        parent[1].remove(node)
        if self.selected not in self.names():
            self.selected = parent[0]
        self.note = ""
        self._changed()

    def move(self, name: str, delta: int) -> None:
        """Move ``name`` ``delta`` places among its siblings (-1: one to the left)."""
        if isinstance(delta, bool) or not isinstance(delta, int):
            raise TypeError("delta must be an int such as -1 or 1")
        node, parent = self._find(name)
        if parent is None:
            raise ValueError(_("the root has no siblings to move among"))
        kids = parent[1]
        i = kids.index(node)
        j = i + delta
        if not 0 <= j < len(kids):
            raise ValueError(_cannot_move(node[0], parent[0], delta, i, len(kids)))
        kids.insert(j, kids.pop(i))
        self.note = ""
        self._changed()

    def load(self, text: str) -> None:
        """Replace the tree by the one written in ``text`` (ValueError if malformed)."""
        self._root = _mutable(named_nodes(tree_from_text(text)))
        self.selected = self._root[0]
        self.note = ""
        self._changed()

    def _find(self, name):
        """``(node, parent)`` of ``name``; ValueError naming the nodes if there is none."""
        name = find_name(name, self.names())
        todo = [(self._root, None)]
        while todo:
            node, parent = todo.pop()
            if node[0] == name:
                return node, parent
            if isinstance(node[1], list):
                todo += [(c, node) for c in node[1]]
        raise ValueError(f"there is no node called {name!r}")     # not reached: find_name

    def _fresh_name(self) -> str:
        """N<k>: k one more than the largest N-number in the tree (names come in order)."""
        used = set(_all_names(self._root))
        numbers = [int(n[1:]) for n in used if n[:1] == "N" and n[1:].isdigit()]
        k = max(numbers, default=0) + 1
        while f"N{k}" in used:
            k += 1
        return f"N{k}"

    # ------------------------------------------------------------------ searches
    def stepper(self, algorithm: str = "alphabeta", **options):
        """A step-through widget (:mod:`qsearch.viz.stepper`) on the tree as it now is."""
        from qsearch.viz.stepper import SearchStepper

        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be {in_words(map(repr, ALGORITHMS))}, not "
                             f"{algorithm!r}")
        self._stepper = SearchStepper(self.tree, algorithm, **options)
        if self._widget is not None:
            self.stepper_box.children = (self._stepper.widget,)
        return self._stepper

    def exercise(self, **options):
        """An :class:`~qsearch.viz.exercise_tree.AlphaBetaExercise` on the tree as it now is."""
        ex = AlphaBetaExercise(self.tree, **options)
        if self._widget is not None:
            self.stepper_box.children = (ex.widget,)
        return ex

    # ------------------------------------------------------------------ picture
    def draw(self):
        """A Digraph of the tree: MAX/MIN triangles named, leaves with their values, the
        selected node shaded."""
        return plain_drawing(_frozen(self._root), title=self.title, selected=self.selected)

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        import ipywidgets as widgets

        auto = widgets.Layout(width="auto")
        self.picture = widgets.HTML(value=self.svg(), layout=widgets.Layout(width="100%",
                                                                             overflow="auto"))
        self.picture.add_class("qsearch-editor-tree")
        self.node_menu = widgets.Dropdown(options=self.names(), value=self.selected,
                                          description=_("node"),
                                          layout=widgets.Layout(width="12em"))
        self.node_menu.observe(lambda ch: self._menu(ch["new"]), names="value")
        self.value_box = widgets.Text(placeholder=_("leaf value"),
                                      layout=widgets.Layout(width="6em"))
        self.set_button = widgets.Button(description=_("Set value"), layout=auto)
        self.add_button = widgets.Button(description=_("Add child"), layout=auto)
        self.remove_button = widgets.Button(description=_("Remove"), layout=auto)
        self.left_button = widgets.Button(description=_("◀ Move left"), layout=auto)
        self.right_button = widgets.Button(description=_("Move right ▶"), layout=auto)
        self.set_button.on_click(lambda _: self._try(self.set_value, self.selected,
                                                     self.value_box.value))
        self.add_button.on_click(lambda _: self._try(self.add_child, self.selected,
                                                     self.value_box.value))
        self.remove_button.on_click(lambda _: self._try(self.remove, self.selected))
        self.left_button.on_click(lambda _: self._try(self.move, self.selected, -1))
        self.right_button.on_click(lambda _: self._try(self.move, self.selected, +1))
        self.text_box = widgets.Textarea(value=self.text,
                                         layout=widgets.Layout(width="auto", flex="1 1 auto"))
        self.load_button = widgets.Button(description=_("Load text"),
                                          tooltip=_("replace the tree by the one written in "
                                                    "the box"),
                                          layout=widgets.Layout(width="auto", flex="0 0 auto",
                                                                min_width="7.5em"))
        self.load_button.on_click(lambda _: self._try(self.load, self.text_box.value))
        self.algorithm_menu = widgets.Dropdown(options=list(ALGORITHMS), value="alphabeta",
                                               layout=widgets.Layout(width="9em"))
        self.stepper_button = widgets.Button(description=_("Open stepper"), layout=auto)
        self.stepper_button.on_click(lambda _: self._try(self.stepper,
                                                         self.algorithm_menu.value))
        self.exercise_button = widgets.Button(description=_("Exercise"), layout=auto,
                                              tooltip=_("practise alpha-beta on this tree"))
        self.exercise_button.on_click(lambda _: self._try(self.exercise))
        self.status = widgets.HTML(value="")
        self.status.add_class("qsearch-editor-status")
        self.stepper_box = widgets.VBox([])
        wrap = widgets.Layout(flex_flow="row wrap")
        box = widgets.VBox([
            self.picture,
            widgets.HBox([self.node_menu, self.value_box, self.set_button, self.add_button,
                          self.remove_button, self.left_button, self.right_button], layout=wrap),
            widgets.HBox([self.text_box, self.load_button],
                         layout=widgets.Layout(width="100%", align_items="flex-start")),
            widgets.HBox([self.algorithm_menu, self.stepper_button, self.exercise_button],
                         layout=wrap),
            self.status, self.stepper_box])
        box.add_class("qsearch-editor")
        return box

    def _try(self, action, *args) -> None:
        """Run a button's action: its note (or nothing) replaces the last message, an error
        is shown in red and changes nothing."""
        self.note = ""
        try:
            action(*args)
        except (TypeError, ValueError) as err:
            self.status.value = (f"<span style='color:#c0262d;background:white'>"
                                 f"{html.escape(str(err))}</span>")
            return
        self.status.value = (f"<span style='color:#1f5fbf;background:white'>"
                             f"{html.escape(self.note)}</span>" if self.note else "")

    def _menu(self, name) -> None:
        if not self._syncing and name is not None and name != self.selected:
            self._try(self.select, name)

    def _changed(self, redraw_only: bool = False) -> None:
        if self._widget is None:
            return
        self.picture.value = self.svg()
        if redraw_only:
            return
        names, selected = self.names(), self.selected
        self._syncing = True                    # options= resets the value: not a selection
        try:
            if list(self.node_menu.options) != names:
                self.node_menu.options = names
            self.node_menu.value = selected
        finally:
            self._syncing = False
        self.text_box.value = self.text

    def __repr__(self) -> str:
        return f"TreeEditor({self.text!r})"


def _cannot_move(name: str, parent: str, delta: int, i: int, n: int) -> str:
    """Why child ``i`` (0-based) of the ``n`` children of ``parent`` cannot move ``delta``
    places."""
    left = delta < 0
    # "already the first (last)": at that end of the row (an only child is neither)
    at_end = i == 0 if left else i == n - 1 and i != 0
    texts = {  # (one place, to the left, at that end)
        (True, True, True): _("{node} cannot move to the left: it is child {k} of {n} of "
                              "{parent}, already the first."),
        (True, True, False): _("{node} cannot move to the left: it is child {k} of {n} of "
                               "{parent}."),
        (True, False, True): _("{node} cannot move to the right: it is child {k} of {n} of "
                               "{parent}, already the last."),
        (True, False, False): _("{node} cannot move to the right: it is child {k} of {n} of "
                                "{parent}."),
        (False, True, True): _("{node} cannot move {places} places to the left: it is child "
                               "{k} of {n} of {parent}, already the first."),
        (False, True, False): _("{node} cannot move {places} places to the left: it is child "
                                "{k} of {n} of {parent}."),
        (False, False, True): _("{node} cannot move {places} places to the right: it is child "
                                "{k} of {n} of {parent}, already the last."),
        (False, False, False): _("{node} cannot move {places} places to the right: it is "
                                 "child {k} of {n} of {parent}."),
    }
    text = texts[abs(delta) == 1, left, at_end]
    return text.format(node=name, places=abs(delta), k=i + 1, n=n, parent=parent)


def _mutable(named):
    name, body = named
    return [name, [_mutable(c) for c in body] if isinstance(body, list) else body]


def _frozen(node):
    name, body = node
    return (name, [_frozen(c) for c in body] if isinstance(body, list) else body)


def _all_names(node):
    yield node[0]
    if isinstance(node[1], list):
        for c in node[1]:
            yield from _all_names(c)
