# cython: language_level=3, boundscheck=False, wraparound=False
"""Textbook game trees given explicitly, as a Game the real searches run on.

A toy tree is nested lists: a list is a node whose items are its children, a number is a
leaf and its value (for player 0, the MAX player of the textbooks)::

    ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])   # Russell & Norvig, Fig. 5.2

                 A (MAX)
         /          |          \\
      B (MIN)     C (MIN)     D (MIN)
     3  12  8    2   4   6   14   5   2

Each state is one node. The actions at a node are its child indices 0..k-1; a leaf is a
terminal state whose ``utility(0)`` is its value (``utility(1)`` is minus it), so
``alphabeta(tree)`` with no depth limit returns the textbook minimax value. Levels
alternate between the players, ``root_player`` (0 by default) moving at the root.

Nodes are numbered **breadth-first**, root first, as document 003 numbers C1..C7::

    ExplicitTree([[4, 2], [1, 8]], names="C")   # C1 -> C2, C3; C2 -> C4, C5; C3 -> C6, C7

``names`` is a prefix (``"C"`` gives C1, C2, ... in breadth-first order) or one name per
node in breadth-first order; by default the nodes are N1, N2, ... The breadth-first order
was chosen because it is how the class notes number their nodes, and how one reads a
drawn tree: level by level, left to right.
"""
import numbers
import operator

from libc.stdlib cimport free, malloc

from qsearch.games._game cimport MAX_ACTIONS, TERMINAL, Game

MAX_TREE_DEPTH = 200   # deeper than any drawing, and well inside the search's 256 plies


def _normalise(item, int depth):
    """``item`` as nested tuples of ints/floats; raises TypeError/ValueError on bad input."""
    if isinstance(item, bool) or isinstance(item, (str, bytes)):
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


cdef class TreeShape:
    """The shape of a toy tree in flat breadth-first arrays (shared by all its states)."""

    def __cinit__(self, *args, **kwargs):
        self.first_child = self.n_children = self.parent = self.depth = NULL
        self.values = NULL
        self.n_nodes = 0

    def __init__(self, spec, names=None):
        if isinstance(spec, bool) or isinstance(spec, numbers.Real):
            raise ValueError("the root of a toy tree must be a list of children: a single "
                             "leaf has no move to search")
        self.spec = _normalise(spec, 0)
        order = []                      # breadth-first: (item, parent, depth)
        order.append((self.spec, -1, 0))
        i = 0
        while i < len(order):
            item, _, d = order[i]
            if isinstance(item, tuple):
                for child in item:
                    order.append((child, i, d + 1))
            i += 1
        n = len(order)
        self.n_nodes = n
        self.first_child = <int*>malloc(n * sizeof(int))
        self.n_children = <int*>malloc(n * sizeof(int))
        self.parent = <int*>malloc(n * sizeof(int))
        self.depth = <int*>malloc(n * sizeof(int))
        self.values = <double*>malloc(n * sizeof(double))
        if (self.first_child == NULL or self.n_children == NULL or self.parent == NULL
                or self.depth == NULL or self.values == NULL):
            raise MemoryError()
        cdef int next_id = 1            # children of node i start where the queue stood
        for i, (item, p, d) in enumerate(order):
            self.parent[i] = p
            self.depth[i] = d
            if isinstance(item, tuple):
                self.first_child[i] = next_id
                self.n_children[i] = len(item)
                self.values[i] = 0.0
                next_id += len(item)
            else:
                self.first_child[i] = -1
                self.n_children[i] = 0
                self.values[i] = float(item)
        self.names_spec, self.names = _names(names, n)

    def __dealloc__(self):
        free(self.first_child)
        free(self.n_children)
        free(self.parent)
        free(self.depth)
        free(self.values)


def _names(names, int n):
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
        dup = sorted({x for x in given if given.count(x) > 1})
        raise ValueError(f"node names must be unique; repeated: {dup}")
    return given, given


cdef TreeShape _lone_leaf():
    """The shape of an ExplicitTree made without __init__: one leaf node, value 0."""
    cdef TreeShape shape = TreeShape.__new__(TreeShape)
    shape.first_child = <int*>malloc(sizeof(int))
    shape.n_children = <int*>malloc(sizeof(int))
    shape.parent = <int*>malloc(sizeof(int))
    shape.depth = <int*>malloc(sizeof(int))
    shape.values = <double*>malloc(sizeof(double))
    if (shape.first_child == NULL or shape.n_children == NULL or shape.parent == NULL
            or shape.depth == NULL or shape.values == NULL):
        raise MemoryError()
    shape.n_nodes = 1
    shape.first_child[0] = -1
    shape.n_children[0] = 0
    shape.parent[0] = -1
    shape.depth[0] = 0
    shape.values[0] = 0.0
    shape.spec = ()
    shape.names_spec, shape.names = None, ("(empty)",)
    return shape


cdef TreeShape _LONE_LEAF = _lone_leaf()


def _rebuild_tree(spec, names, root_player, path):
    """Rebuild a pickled state: the tree, then the moves from its root."""
    state = ExplicitTree(spec, names=names, root_player=root_player)
    for a in path:
        state.apply_action(a)
    return state


cdef class ExplicitTree(Game):
    """A toy game tree: nested lists of leaf values (player 0's view), see the module docs.

    ``ExplicitTree(spec, names=None, root_player=0)``; the state is the root. Use ``at``,
    ``child`` or ``apply_action`` to move down.
    """

    def __cinit__(self, *args, **kwargs):
        # ExplicitTree.__new__(ExplicitTree) (no __init__) must not crash: until a tree is
        # given, the state is a lone leaf worth 0.
        self.shape = _LONE_LEAF

    def __init__(self, spec, names=None, root_player=0):
        if isinstance(root_player, bool) or root_player not in (0, 1):
            raise ValueError(f"root_player must be 0 or 1, not {root_player!r}")
        self.shape = TreeShape(spec, names)
        self.node = 0
        self.root_player = root_player

    # ----------------------------------------------------------------- C level
    cdef int legal_moves(self, int* out) noexcept:
        cdef int i, n = self.shape.n_children[self.node]
        for i in range(n):
            out[i] = i
        return n

    cdef void make(self, int move) noexcept:
        self.node = self.shape.first_child[self.node] + move

    cdef void unmake(self, int move) noexcept:
        self.node = self.shape.parent[self.node]

    cdef bint terminal(self) noexcept:
        return self.shape.n_children[self.node] == 0

    cdef double utility(self, int player) noexcept:
        if self.shape.n_children[self.node] != 0:
            return 0.0
        return self.shape.values[self.node] if player == 0 else -self.shape.values[self.node]

    cdef int to_move(self) noexcept:
        if self.shape.n_children[self.node] == 0:
            return TERMINAL
        return self.root_player ^ (self.shape.depth[self.node] & 1)

    cdef unsigned long long key(self) noexcept:
        return <unsigned long long>(self.node + 1)     # unique per node of this tree

    cpdef Game clone(self):
        cdef ExplicitTree c = ExplicitTree.__new__(ExplicitTree)
        c.shape = self.shape
        c.node = self.node
        c.root_player = self.root_player
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    def node_name(self) -> str:
        """The name of the current node (``"C3"``)."""
        return self.shape.names[self.node]

    def node_index(self) -> int:
        """The current node's breadth-first number (0 for the root)."""
        return self.node

    def num_nodes(self) -> int:
        """Nodes in the whole tree, leaves included."""
        return self.shape.n_nodes

    @property
    def path(self) -> tuple:
        """The child indices leading from the root to this node."""
        cdef int v = self.node, p
        steps = []
        while self.shape.parent[v] >= 0:
            p = self.shape.parent[v]
            steps.append(v - self.shape.first_child[p])
            v = p
        return tuple(reversed(steps))

    @property
    def spec(self) -> tuple:
        """The whole tree as nested tuples (what the constructor was given)."""
        return self.shape.spec

    @property
    def names(self) -> tuple:
        """Every node's name, breadth-first."""
        return self.shape.names

    def leaf_value(self) -> float:
        """The value of this leaf for player 0; ValueError at an inner node."""
        if self.shape.n_children[self.node] != 0:
            raise ValueError(f"{self.node_name()} is an inner node, not a leaf")
        return self.shape.values[self.node]

    def at(self, path) -> ExplicitTree:
        """A new state: the node reached from the *root* by ``path`` (indices or names)."""
        cdef ExplicitTree state = self.clone()
        state.node = 0
        state._history = []
        for step in path:
            state.apply_action(state.string_to_action(step) if isinstance(step, str) else step)
        return state

    def num_distinct_actions(self) -> int:
        """The most children any node has."""
        return max(self.shape.n_children[i] for i in range(self.shape.n_nodes))

    def action_to_string(self, action) -> str:
        """The name of child ``action`` of this node."""
        a = operator.index(action)
        if not 0 <= a < self.shape.n_children[self.node]:
            raise ValueError(f"{self.node_name()} has no child {a}: its children are "
                             f"0..{self.shape.n_children[self.node] - 1}")
        return self.shape.names[self.shape.first_child[self.node] + a]

    def string_to_action(self, text) -> int:
        """A child's name (``"C3"``) or index (``"1"``) -> its index."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as a child's name, not {type(text).__name__}")
        cdef int first = self.shape.first_child[self.node]
        cdef int n = self.shape.n_children[self.node]
        for i in range(n):
            if self.shape.names[first + i] == text.strip():
                return i
        if text.strip().isdigit() and int(text) < n:
            return int(text)
        children = [self.shape.names[first + i] for i in range(n)]
        raise ValueError(f"{text!r} is not a child of {self.node_name()}; children: {children}")

    def __repr__(self) -> str:
        args = [repr(_as_lists(self.shape.spec))]
        if self.shape.names_spec is not None:
            given = self.shape.names_spec
            args.append(f"names={given if isinstance(given, str) else list(given)!r}")
        if self.root_player != 0:
            args.append(f"root_player={self.root_player}")
        text = f"ExplicitTree({', '.join(args)})"
        path = self.path
        return f"{text}.at({list(path)!r})" if path else text

    def __str__(self) -> str:
        if self.terminal():
            return f"{self.node_name()} (leaf: {_number(self.shape.values[self.node])})"
        role = "MAX" if self.to_move() == 0 else "MIN"
        return f"{self.node_name()} ({role}, player {self.to_move()} to move)"

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        cdef ExplicitTree o = other
        return (self.node == o.node and self.root_player == o.root_player
                and (self.shape is o.shape
                     or (self.shape.spec == o.shape.spec and self.shape.names == o.shape.names)))

    def __hash__(self):
        return hash(("ExplicitTree", self.shape.spec, self.node, self.root_player))

    def __reduce__(self):
        return (_rebuild_tree, (self.shape.spec, self.shape.names_spec, self.root_player,
                                self.path))


def _as_lists(item):
    """Nested tuples back to nested lists (for an evaluable repr)."""
    return [_as_lists(x) for x in item] if isinstance(item, tuple) else item


def _number(x) -> str:
    return f"{x:g}"
