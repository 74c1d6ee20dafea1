"""Trees for practice: seeded random game trees and a text form to copy trees in and out.

* :func:`random_tree` draws a toy tree (an :class:`~qsearch.games.toytree.ExplicitTree`) of a
  given shape from a seed: the same seed always gives the same tree, so an exercise can say
  "``random_tree(3, 3, seed=7)``" and every student gets the same one.
* :func:`tree_to_text` / :func:`tree_from_text`: a tree as text, nested lists of leaf values
  with optional node names, the way slides write them::

      [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
      A:[B:[3, 12, 8], C:[2, 4, 6], D:[14, 5, 2]]

  A list is an inner node, a number a leaf (its value for the MAX player). ``Name:`` before a
  node names it; names are letters, digits and ``_`` starting with a letter. Nodes left
  unnamed when others are named get ExplicitTree's default names (``N1``, ``N2``... by their
  breadth-first number). Plain Python lists print as this text too, so a tree can be copied
  from a slide into a cell and back.
* :func:`as_tree`, :func:`named_nodes`, :func:`tree_from_named`: any of these forms as an
  ExplicitTree, and a tree as nested ``(name, value or [children])`` pairs whose nodes keep
  their names when it is reshaped (what :class:`~qsearch.viz.exercise_editor.TreeEditor` and
  the move-ordering exercise edit).

The widgets built on these trees (self-checking exercises, the editor) are in
:mod:`qsearch.viz.exercise` and :mod:`qsearch.viz.exercise_editor`.
"""
from __future__ import annotations

import math
import numbers
import random
import re

from qsearch.games.toytree import ExplicitTree
from qsearch.i18n import _

MAX_RANDOM_NODES = 100_000


def random_tree(branching, depth: int, seed: int, values=range(-9, 10), *, names=None,
                root_player: int = 0) -> ExplicitTree:
    """A random game tree of ``depth`` levels below the root, reproducible from ``seed``.

    ``branching``: an int (every inner node has that many children) or a pair ``(lo, hi)``
    (each inner node draws its number of children uniformly in lo..hi: a ragged tree).
    ``values``: the leaf values are drawn (with replacement) from this sequence. ``names``
    and ``root_player`` go to :class:`ExplicitTree` (``names="C"`` names the nodes C1, C2...).
    """
    lo, hi = _check_branching(branching)
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise TypeError(f"depth must be an int >= 1, not {type(depth).__name__}")
    if depth < 1:
        raise ValueError(f"depth must be >= 1 (the root needs children), not {depth}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    if hi ** depth > MAX_RANDOM_NODES:
        raise ValueError(f"up to {hi}**{depth} leaves: more than {MAX_RANDOM_NODES}, too big "
                         "to draw or to solve by hand")
    pool = list(values) if not isinstance(values, (str, bytes)) else None
    if not pool:
        raise ValueError(f"values must be a non-empty sequence of numbers, not {values!r}")
    for v in pool:
        if isinstance(v, bool) or not isinstance(v, numbers.Real) or v != v:
            raise TypeError(f"leaf values must be numbers, not {v!r}")
    rng = random.Random(seed)

    def node(level):
        if level == depth:
            return rng.choice(pool)
        return [node(level + 1) for _ in range(rng.randint(lo, hi))]

    return ExplicitTree(node(0), names=names, root_player=root_player)


def _check_branching(branching) -> tuple[int, int]:
    if isinstance(branching, bool):
        raise TypeError("branching must be an int or a pair (lo, hi), not a bool")
    if isinstance(branching, int):
        lo = hi = branching
    elif (isinstance(branching, (tuple, list)) and len(branching) == 2
          and all(isinstance(b, int) and not isinstance(b, bool) for b in branching)):
        lo, hi = branching
    else:
        raise TypeError(f"branching must be an int or a pair (lo, hi) of ints, not "
                        f"{branching!r}")
    if not 1 <= lo <= hi:
        raise ValueError(f"branching must satisfy 1 <= lo <= hi, not {branching!r}")
    return lo, hi


# ------------------------------------------------------------------ the text form
_TOKEN = re.compile(r"""
    \s*(?:
      (?P<open>\[) | (?P<close>\]) | (?P<comma>,) |
      (?P<name>[A-Za-z_][A-Za-z0-9_]*)\s*: |
      (?P<number>[-+]?(?:inf(?:inity)?|∞|(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?))
    )""", re.VERBOSE | re.IGNORECASE)


def tree_from_text(text: str, *, root_player: int = 0) -> ExplicitTree:
    """The :class:`ExplicitTree` written in ``text`` (see the module docs).

    Raises ValueError, naming the position, for text that is not a tree.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str such as '[[3, 12], [2, 4]]', not "
                        f"{type(text).__name__}")
    tokens = _tokens(text)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else ("end", None, len(text))

    def take(kind):
        nonlocal pos
        tok = peek()
        if tok[0] != kind:
            # a student's typo, shown by the tree editor: in the language in use
            where = _("the end") if tok[0] == "end" else _("character {n} ({token})").format(
                n=tok[2] + 1, token=repr(tok[1]))
            raise ValueError(_("malformed tree: expected {what} at {where} of {text}").format(
                what=_(_WHAT[kind]), where=where, text=repr(text)))
        pos += 1
        return tok

    def node():
        name = take("name")[1] if peek()[0] == "name" else None
        if peek()[0] == "number":
            return (name, _number(take("number")[1]))
        take("open")
        children = [node()]
        while peek()[0] == "comma":
            take("comma")
            if peek()[0] == "close":                   # a trailing comma, as Python allows
                break
            children.append(node())
        take("close")
        return (name, children)

    root = node()
    take("end")
    if not isinstance(root[1], list):
        raise ValueError(_("the root of a tree must be a list of children, not a single leaf"))
    spec, names = _spec_and_names(root)
    named = any(n is not None for n in names)
    if named:
        names = [n if n is not None else f"N{i + 1}" for i, n in enumerate(names)]
    return ExplicitTree(spec, names=names if named else None, root_player=root_player)


_WHAT = {"open": "a leaf value or '['", "close": "']' or ','", "comma": "','", "name": "a name",
         "number": "a number", "end": "the end of the text"}


def _tokens(text: str) -> list[tuple[str, str, int]]:
    """``(kind, text, position)`` of each token; ValueError at the first unknown character."""
    tokens, i = [], 0
    while i < len(text):
        if text[i:].strip() == "":
            break
        m = _TOKEN.match(text, i)
        if m is None:
            j = len(text) - len(text[i:].lstrip())
            raise ValueError(_("malformed tree: unexpected {char} at character {n} of {text}")
                             .format(char=repr(text[j]), n=j + 1, text=repr(text)))
        kind = m.lastgroup
        start = m.start(kind)
        tokens.append((kind, m.group(kind), start))
        i = m.end()
    return tokens


def _number(token: str):
    t = token.lower().replace("∞", "inf")
    if "inf" in t:
        return -math.inf if t.startswith("-") else math.inf
    return float(t) if any(c in t for c in ".e") else int(t)


def _spec_and_names(root):
    """Nested lists of values, and the names in breadth-first order (None where unnamed)."""
    def spec(item):
        name, body = item
        return [spec(c) for c in body] if isinstance(body, list) else body

    names, queue = [], [root]
    while queue:
        level = []
        for name, body in queue:
            names.append(name)
            if isinstance(body, list):
                level.extend(body)
        queue = level
    return spec(root), names


def tree_to_text(tree, *, names: bool | None = None) -> str:
    """``tree`` (an ExplicitTree, from its root, or nested lists) as text.

    ``names``: write node names (True), not (False), or None: only when the tree was given
    names (a prefix or a list), since default names are restored on reading anyway.
    ``tree_from_text(tree_to_text(t)) == t`` for every ExplicitTree ``t`` whose names are
    valid identifiers.
    """
    if isinstance(tree, (list, tuple)):
        tree = ExplicitTree(tree)
    if not isinstance(tree, ExplicitTree):
        raise TypeError(f"expected an ExplicitTree or nested lists, not {type(tree).__name__}")
    spec, all_names = tree.spec, tree.names
    if names is None:
        names = tree.__reduce__()[1][1] is not None     # the ``names`` it was built with
    order = _breadth_first_ids(spec)

    def write(item, path):
        prefix = f"{all_names[order[path]]}:" if names else ""
        if isinstance(item, tuple):
            return prefix + "[" + ", ".join(write(c, path + (i,))
                                            for i, c in enumerate(item)) + "]"
        return prefix + _format(item)

    return write(spec, ())


def _breadth_first_ids(spec) -> dict[tuple, int]:
    """``path -> breadth-first number`` of every node of a nested-tuple spec."""
    ids, queue, k = {}, [((), spec)], 0
    while queue:
        level = []
        for path, item in queue:
            ids[path] = k
            k += 1
            if isinstance(item, tuple):
                level.extend((path + (i,), c) for i, c in enumerate(item))
        queue = level
    return ids


def _format(value) -> str:
    if value == math.inf:
        return "inf"
    if value == -math.inf:
        return "-inf"
    return repr(value)


# ------------------------------------------------------------------ named nodes, for editing
def as_tree(tree) -> ExplicitTree:
    """An :class:`ExplicitTree` from an ExplicitTree (its root), nested lists or the text form."""
    if isinstance(tree, ExplicitTree):
        if tree.path:                               # a node inside a tree: its root
            rebuild, (spec, names, root_player, _) = tree.__reduce__()
            return rebuild(spec, names, root_player, ())
        return tree
    if isinstance(tree, str):
        return tree_from_text(tree)
    if isinstance(tree, (list, tuple)):
        return ExplicitTree(tree)
    raise TypeError(f"expected an ExplicitTree, nested lists or tree text, not "
                    f"{type(tree).__name__}")


def named_nodes(tree) -> tuple:
    """``tree`` as nested ``(name, value)`` / ``(name, [children])`` pairs (every node named).

    The form the editor and the move-ordering exercise reshape: a node keeps its name when
    its siblings move, which breadth-first default names (N1, N2...) would not.
    """
    tree = as_tree(tree)
    order = _breadth_first_ids(tree.spec)
    names = tree.names

    def build(item, path):
        name = names[order[path]]
        if isinstance(item, tuple):
            return (name, [build(c, path + (i,)) for i, c in enumerate(item)])
        return (name, item)

    return build(tree.spec, ())


def tree_from_named(named, *, root_player: int = 0) -> ExplicitTree:
    """The :class:`ExplicitTree` of nested ``(name, value or [children])`` pairs."""
    if not isinstance(named, tuple) or len(named) != 2 or not isinstance(named[1], list):
        raise ValueError("the root must be a (name, [children]) pair")
    spec, names = _spec_and_names(named)
    return ExplicitTree(spec, names=names, root_player=root_player)
