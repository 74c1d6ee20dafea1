"""Textbook game trees in plain Python: the twin of :class:`qsearch.games.ExplicitTree`.

A toy tree is nested lists: a list is a node whose items are its children, a number is a
leaf and its value (for player 0, the MAX player of the textbooks)::

    PyExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # Russell & Norvig, Fig. 5.2

                 A (MAX)
         /          |          \\
      B (MIN)     C (MIN)     D (MIN)
     3  12  8    2   4   6   14   5   2

Each state is one node of the tree. The actions at a node are its child indices 0..k-1; a
leaf is a terminal state whose return for player 0 is its value (player 1 gets minus it),
so a search with no depth limit finds the textbook minimax value. Levels alternate between
the players, ``root_player`` (0 by default) moving at the root.

Nodes are numbered **breadth-first**, root first, as the class notes number C1..C7, and named
after that number: ``names`` is a prefix (``"C"`` gives C1, C2, ...) or one name per node in
breadth-first order; by default N1, N2, ...

How it is stored: the tree's shape is built once, in :class:`TreeShape`, as flat lists
indexed by the breadth-first number (each node's parent, depth, first child, number of
children and leaf value), and shared by every state of the tree. A state is just a node
number, the player at the root, and the moves that led there. Moving to child ``a`` is
``node = first_child[node] + a`` (a node's children are numbered consecutively); taking the
move back is ``node = parent[node]``.

``PyExplicitTree`` has the compiled engine's Python API, texts, errors and ``position_key``
numbers; the tests build the lessons' trees and random ones with both and compare them.
"""
from __future__ import annotations

import numbers
import operator

from qsearch.core.constants import TERMINAL
from qsearch.reference._game import PyGame

MAX_TREE_DEPTH = 200   # deeper than any drawing, and well inside the search's 256 plies
MAX_ACTIONS = 512      # the most children a node may have (the compiled engines' bound)


def _normalise(item, depth: int):
    """``item`` as nested tuples of ints/floats; raises TypeError/ValueError on bad input."""
    if isinstance(item, (bool, str, bytes)):
        raise TypeError(f"a toy tree holds lists and numbers, not {type(item).__name__} "
                        f"({item!r})")
    if isinstance(item, numbers.Real):
        value = float(item)
        if value != value:
            raise ValueError("a leaf value is NaN: give a number")
        if isinstance(item, numbers.Integral):
            return int(item)
        return value
    if not isinstance(item, (list, tuple)):
        raise TypeError(f"a toy tree holds lists and numbers, not {type(item).__name__} "
                        f"({item!r})")
    if len(item) == 0:
        raise ValueError("a toy tree has an empty list: an inner node needs children "
                         "(a leaf is a number)")
    if len(item) > MAX_ACTIONS:
        raise ValueError(f"a node has {len(item)} children; at most {MAX_ACTIONS} are allowed")
    if depth >= MAX_TREE_DEPTH:
        raise ValueError(f"the tree is deeper than {MAX_TREE_DEPTH} levels")
    return tuple(_normalise(child, depth + 1) for child in item)


def _names(names, n: int) -> tuple:
    """``(names as given, one name per node)`` from None, a prefix or a sequence."""
    if names is None:
        return None, tuple(f"N{i + 1}" for i in range(n))
    if isinstance(names, str):
        if not names:
            raise ValueError("names must be a non-empty prefix such as 'C', or a list of names")
        return names, tuple(f"{names}{i + 1}" for i in range(n))
    try:
        given = tuple(names)
    except TypeError:
        raise TypeError(f"names must be a prefix (str) or a list of str, not "
                        f"{type(names).__name__}") from None
    if len(given) != n:
        raise ValueError(f"names lists {len(given)} names but the tree has {n} nodes "
                         "(give one per node, breadth-first, root first)")
    for name in given:
        if not isinstance(name, str):
            raise TypeError(f"node names must be str, not {type(name).__name__} ({name!r})")
        if not name.strip():
            raise ValueError("a node name is empty")
    if len(set(given)) != n:
        repeated = sorted({x for x in given if given.count(x) > 1})
        raise ValueError(f"node names must be unique; repeated: {repeated}")
    return given, given


class TreeShape:
    """The shape of a toy tree in flat breadth-first lists (shared by all its states)."""

    def __init__(self, spec, names=None) -> None:
        if isinstance(spec, (bool, numbers.Real)):
            raise ValueError("the root of a toy tree must be a list of children: a single "
                             "leaf has no move to search")
        self.spec = _normalise(spec, 0)        # the tree as nested tuples
        self.parent: list[int] = []            # -1 at the root
        self.depth: list[int] = []             # plies from the root
        self.first_child: list[int] = []       # -1 at a leaf
        self.n_children: list[int] = []        # 0 at a leaf
        self.values: list[float] = []          # a leaf's value for player 0 (0.0 inside)
        # Breadth-first: a queue of (item, parent, depth); a node's children join the
        # queue together, so they get consecutive numbers.
        queue = [(self.spec, -1, 0)]
        for number, (item, parent, depth) in enumerate(queue):
            self.parent.append(parent)
            self.depth.append(depth)
            if isinstance(item, tuple):
                self.first_child.append(len(queue))
                self.n_children.append(len(item))
                self.values.append(0.0)
                queue.extend((child, number, depth + 1) for child in item)
            else:
                self.first_child.append(-1)
                self.n_children.append(0)
                self.values.append(float(item))
        self.n_nodes = len(queue)
        self.names_spec, self.names = _names(names, self.n_nodes)

    @classmethod
    def lone_leaf(cls) -> TreeShape:
        """One leaf worth 0: the tree of a state made without ``__init__``."""
        shape = cls.__new__(cls)
        shape.spec, shape.names_spec, shape.names = (), None, ("(empty)",)
        shape.parent, shape.depth, shape.first_child = [-1], [0], [-1]
        shape.n_children, shape.values, shape.n_nodes = [0], [0.0], 1
        return shape


_LONE_LEAF = TreeShape.lone_leaf()


def _rebuild_tree(spec, names, root_player, path):
    """Rebuild a pickled state: the tree, then the moves from its root."""
    state = PyExplicitTree(spec, names=names, root_player=root_player)
    for a in path:
        state.apply_action(a)
    return state


class PyExplicitTree(PyGame):
    """A toy game tree: nested lists of leaf values (player 0's view), see the module docs.

    ``PyExplicitTree(spec, names=None, root_player=0)``; the state is the root. Use ``at``,
    ``child`` or ``apply_action`` to move down.
    """

    # A state made by PyExplicitTree.__new__ (no __init__) is a lone leaf worth 0, as the
    # compiled engine's is.
    _shape = _LONE_LEAF
    _node = 0
    _root_player = 0

    def __init__(self, spec, names=None, root_player=0) -> None:
        if isinstance(root_player, bool) or root_player not in (0, 1):
            raise ValueError(f"root_player must be 0 or 1, not {root_player!r}")
        self._shape = TreeShape(spec, names)
        self._node = 0                           # the current node's breadth-first number
        self._root_player = int(root_player)

    # ------------------------------------------------------------------ the rules
    def _legal_moves(self) -> list[int]:
        return list(range(self._shape.n_children[self._node]))

    def _make(self, move: int) -> None:
        self._node = self._shape.first_child[self._node] + move

    def _unmake(self, move: int) -> None:
        self._node = self._shape.parent[self._node]

    def _terminal(self) -> bool:
        return self._shape.n_children[self._node] == 0

    def _utility(self, player: int) -> float:
        if not self._terminal():
            return 0.0
        value = self._shape.values[self._node]
        return value if player == 0 else -value

    def _to_move(self) -> int:
        """The root player at even depths, the other one at odd depths."""
        if self._terminal():
            return TERMINAL
        return self._root_player ^ (self._shape.depth[self._node] & 1)

    def _key(self) -> int:
        return self._node + 1                    # unique per node of this tree

    def clone(self) -> PyExplicitTree:
        """A copy of this state (the tree's shape is shared: it never changes)."""
        c = PyExplicitTree.__new__(PyExplicitTree)
        c._shape = self._shape
        c._node = self._node
        c._root_player = self._root_player
        c._history = list(self._history)
        return c

    # ------------------------------------------------------------- the Python API
    def node_name(self) -> str:
        """The name of the current node (``"C3"``)."""
        return self._shape.names[self._node]

    def node_index(self) -> int:
        """The current node's breadth-first number (0 for the root)."""
        return self._node

    def num_nodes(self) -> int:
        """Nodes in the whole tree, leaves included."""
        return self._shape.n_nodes

    @property
    def path(self) -> tuple:
        """The child indices leading from the root to this node."""
        shape, steps, node = self._shape, [], self._node
        while shape.parent[node] >= 0:
            parent = shape.parent[node]
            steps.append(node - shape.first_child[parent])
            node = parent
        return tuple(reversed(steps))

    @property
    def spec(self) -> tuple:
        """The whole tree as nested tuples (what the constructor was given)."""
        return self._shape.spec

    @property
    def names(self) -> tuple:
        """Every node's name, breadth-first."""
        return self._shape.names

    def leaf_value(self) -> float:
        """The value of this leaf for player 0; ValueError at an inner node."""
        if not self._terminal():
            raise ValueError(f"{self.node_name()} is an inner node, not a leaf")
        return self._shape.values[self._node]

    def at(self, path) -> PyExplicitTree:
        """A new state: the node reached from the *root* by ``path`` (indices or names)."""
        state = self.clone()
        state._node = 0
        state._history = []
        for step in path:
            state.apply_action(state.string_to_action(step) if isinstance(step, str) else step)
        return state

    def num_distinct_actions(self) -> int:
        """The most children any node has."""
        return max(self._shape.n_children)

    def _children(self) -> list[str]:
        first, n = self._shape.first_child[self._node], self._shape.n_children[self._node]
        return list(self._shape.names[first:first + n])

    def action_to_string(self, action) -> str:
        """The name of child ``action`` of this node."""
        a = operator.index(action)
        n = self._shape.n_children[self._node]
        if not 0 <= a < n:
            raise ValueError(f"{self.node_name()} has no child {a}: its children are "
                             f"0..{n - 1}")
        return self._shape.names[self._shape.first_child[self._node] + a]

    def string_to_action(self, text) -> int:
        """A child's name (``"C3"``) or index (``"1"``) -> its index."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as a child's name, not {type(text).__name__}")
        children = self._children()
        if text.strip() in children:
            return children.index(text.strip())
        if text.strip().isdigit() and int(text) < len(children):
            return int(text)
        raise ValueError(f"{text!r} is not a child of {self.node_name()}; children: {children}")

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.ExplicitTree is this class.
        args = [repr(_as_lists(self._shape.spec))]
        given = self._shape.names_spec
        if given is not None:
            args.append(f"names={given if isinstance(given, str) else list(given)!r}")
        if self._root_player != 0:
            args.append(f"root_player={self._root_player}")
        text = f"ExplicitTree({', '.join(args)})"
        path = self.path
        return f"{text}.at({list(path)!r})" if path else text

    def __str__(self) -> str:
        if self._terminal():
            return f"{self.node_name()} (leaf: {self._shape.values[self._node]:g})"
        role = "MAX" if self._to_move() == 0 else "MIN"
        return f"{self.node_name()} ({role}, player {self._to_move()} to move)"

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return (self._node == other._node and self._root_player == other._root_player
                and (self._shape is other._shape
                     or (self._shape.spec == other._shape.spec
                         and self._shape.names == other._shape.names)))

    def __hash__(self):
        return hash(("ExplicitTree", self._shape.spec, self._node, self._root_player))

    def __reduce__(self):
        return (_rebuild_tree, (self._shape.spec, self._shape.names_spec, self._root_player,
                                self.path))


def _as_lists(item):
    """Nested tuples back to nested lists (for an evaluable repr)."""
    return [_as_lists(x) for x in item] if isinstance(item, tuple) else item
