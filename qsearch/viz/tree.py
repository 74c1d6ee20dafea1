"""Draw a search as a textbook game tree with Graphviz.

Conventions (Russell & Norvig's and the class notes'): MAX nodes are upward triangles, MIN
nodes downward triangles, leaves and terminal states boxes. Each node shows its name, its
value (``≤ 2`` when alpha-beta only proved a bound) and its [alpha, beta] window; pruned
branches are grey dashed stubs whose edge says why (``β ≤ α at C3``); the chosen line is
bold; nodes a quiescence search added beyond the horizon are shaded lilac. ``step=k``
draws the tree as of trace event ``k``: nodes not searched yet are faint (or hidden), the
node the event is about is highlighted.

The layout never changes from one step to the next (every node of the finished search is
laid out at every step, some invisibly), so a step-through widget does not jump around.
"""
from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

from qsearch.i18n import _
from qsearch.viz.searchtree import (
    NodeNames,
    SearchTree,
    build_search_tree,
    format_number,
    format_window,
)
from qsearch.viz.tree_collapse import check_max_nodes, collapse_plan, collapsed_label

FAINT = "#c9c9c9"
PRUNED = "#8c8c8c"
OPEN = "#1f5fbf"
CURRENT_FILL = "#ffe08a"
TT_FILL = "#d8f0d8"
QUIESCE_FILL = "#e6dcf5"            # nodes of a quiescence extension, beyond the horizon
SHAPES = {"max": "triangle", "min": "invtriangle", "terminal": "box", "leaf": "box",
          "chance": "circle"}
WINDOWLESS = ("minimax", "negamax")     # no alpha and beta to show
MAX_SIZE = "8.5,40"     # inches: about 816 px, JupyterLab's output area (``size=MAX_SIZE``)


def _ensure_dot() -> None:
    """Let a kernel started from a venv without activating it find a ``dot`` beside Python."""
    if shutil.which("dot") is None:
        here = Path(sys.executable).parent
        if (here / "dot").exists():
            os.environ["PATH"] = f"{here}{os.pathsep}{os.environ.get('PATH', '')}"


_NOTICE_SHOWN = False
NO_DOT_NOTICE = ("qsearch: Graphviz's dot program is not installed; trees are laid out in "
                 "pure Python (apt-get install graphviz for Graphviz's drawings).")


def have_dot() -> bool:
    """True when Graphviz's ``dot`` program can be run (on PATH or beside Python)."""
    _ensure_dot()
    return shutil.which("dot") is not None


def new_digraph(**attrs):
    """A :class:`~qsearch.viz.layout.TreeDrawing` (a Digraph whose ``repr`` is a sentence),
    or without ``dot`` a :class:`~qsearch.viz.layout.PureDigraph` drawn in pure Python (with
    a one-line notice on stderr the first time)."""
    from qsearch.viz.layout import PureDigraph, TreeDrawing

    if have_dot():
        return TreeDrawing(**attrs)
    global _NOTICE_SHOWN
    if not _NOTICE_SHOWN:
        _NOTICE_SHOWN = True
        if sys.platform != "emscripten":        # the browser (Pyodide) has no dot to install
            print(_(NO_DOT_NOTICE), file=sys.stderr)
    return PureDigraph(**attrs)


def cut_test(is_max: bool, strict: bool = False) -> str:
    """The condition under which a cut happens, as the node's player reads it: ``α ≥ β`` at
    MAX, ``β ≤ α`` at MIN; strict cuts (document 002's Alg. 2) ``α > β`` and ``β < α``."""
    if is_max:
        return "α > β" if strict else "α ≥ β"
    return "β < α" if strict else "β ≤ α"


def pruned_reason(tree: SearchTree, names: NodeNames, parent: int,
                  strict: bool = False) -> str:
    """``β ≤ α at C3`` (a MIN node) or ``α ≥ β at B`` (a MAX node); with ``strict`` cuts
    (only when alpha > beta) ``β < α at C3`` and ``α > β at B``."""
    node = tree.nodes[parent]
    where = names.name(parent)
    if node.kind == "chance":               # expectiminimax: Ballard's bounds
        cut = next((e for e in tree.pruned if e.parent == parent), None)
        return (_("Star2 probes cut at {node}").format(node=where)
                if cut is not None and cut.reason == "star2"
                else _("Star1 bound cuts at {node}").format(node=where))
    return _("{test} at {node}").format(test=cut_test(node.player == tree.root_player, strict),
                                        node=where)


def value_text(node, bound: str | None = None) -> str:
    """``3``, ``≤ 2`` or ``≥ 5`` (``bound``: the node's, unless given)."""
    if node.value is None:
        return ""
    prefix = {"=": "", "<=": "≤ ", ">=": "≥ "}[bound or node.bound]
    return prefix + format_number(node.value)


def draw_search(result, *, state=None, step: int | None = None, hide_unexplored: bool = False,
                show_window: bool = True, edge_labels: bool | Callable | None = None,
                node_label: str | Callable | None = None, show_pv: bool | None = None,
                title: str | None = None, size: str | None = None, focus: bool = False,
                strict: bool = False, max_nodes: int | None = None, expand=()):
    """A :class:`graphviz.Digraph` of the search in ``result`` (searched with ``trace=True``).

    ``state``: the searched root state, for names and move labels (without it nodes are
    named by action numbers). ``step``: draw the tree as of trace event ``step`` (None: the
    end). ``hide_unexplored``: leave out the nodes not searched yet instead of drawing them
    faint. ``show_window``: print [alpha, beta] (never for minimax/negamax, which have none).
    ``edge_labels``: label edges with ``state.action_to_string`` (True), not (False), with
    ``f(parent_state, action) -> str``, or None: True except on toy trees, whose nodes carry
    the names. ``node_label``: None (the node's name on toy trees, nothing else on games),
    ``"name"``, ``"board"`` (the state's ``str``: a tiny text board) or ``f(state) -> str``.
    ``show_pv``: make the principal variation bold (None: only at the final step).
    ``size``: Graphviz's ``size`` attribute (``"8,5"``, inches): trees larger than that are
    scaled down to fit (:data:`MAX_SIZE` is a notebook's output area at normal zoom). The
    default None never scales: the labels keep their size (11 pt, about 15 px, above a
    notebook's body text) and a notebook scrolls a wide tree instead of shrinking it.
    ``focus``: draw only the path from the root to the
    node of this step and the children of the nodes on it (a big tree stays readable).
    ``max_nodes``: draw at most about that many nodes, breadth-first; the other subtrees are
    collapsed into a box with their node count (``▸ 37 nodes``), except the path to the node
    of this step (:mod:`qsearch.viz.tree_collapse`); ``expand``: the nodes (ids, or names as
    the pictures and captions write them, such as ``"[4·3]"`` or ``"C3"``) whose collapsed
    subtrees are drawn all the same.
    """
    trace = getattr(result, "trace", None)
    if not trace:
        raise ValueError("draw_search needs a result searched with trace=True")
    if state is not None and hasattr(state, "is_terminal") and state.is_terminal():
        raise ValueError("state is a finished game: pass the root state that was searched")
    final = build_search_tree(trace)
    now = final if step is None else build_search_tree(trace, _check_step(step, len(trace)))
    last = now.step == final.step
    names = NodeNames(final, state, edge_labels if callable(edge_labels) else None)
    toy = names.named
    if edge_labels is None:
        edge_labels = not toy
    if node_label is None:
        node_label = "name" if toy else None
    algorithm = getattr(result, "algorithm", "").split("/")[-1]    # "normal_search/minimax"
    windows = show_window and algorithm not in WINDOWLESS
    if show_pv is None:
        show_pv = last
    pv_nodes = set(final.principal_line(result.pv)) if show_pv else set()
    plan = _collapse(final, names, max_nodes, expand,
                     () if step is None or now.current is None else (now.current,))
    on_path, keep = set(), None
    if focus:
        node_id = now.current if now.current is not None else min(final.nodes)
        while node_id is not None:
            on_path.add(node_id)
            node_id = final.nodes[node_id].parent
        keep = on_path | {c for i in on_path for c in final.nodes[i].children}

    dot = new_digraph(graph_attr={
        "rankdir": "TB", "nodesep": "0.3", "ranksep": "0.5", "fontname": "Helvetica",
        "bgcolor": "white", "ordering": "out",
        **({"size": size} if size else {}),
        **({"label": title, "labelloc": "t", "fontsize": "16"} if title else {}),
    }, node_attr={"fontname": "Helvetica", "fontsize": "11", "margin": "0.03,0.02"},
        edge_attr={"arrowhead": "none", "fontname": "Helvetica", "fontsize": "10"})

    labels = {}
    for node in sorted(final.nodes.values(), key=lambda n: n.id):
        seen = now.nodes.get(node.id)
        lines = _label_lines(node, names, node_label)
        if seen is not None:
            lines += _state_lines(seen, windows, now.bound_of(node.id))
        labels[node.id] = lines
    sizes = _uniform_sizes(final, {i: _label_lines(n, names, node_label)
                                   + _state_lines(n, windows, final.bound_of(i))
                                   for i, n in final.nodes.items()},
                           board=node_label == "board")

    for node in sorted(final.nodes.values(), key=lambda n: n.id):
        seen = now.nodes.get(node.id)
        if (seen is None and hide_unexplored) or (keep is not None and node.id not in keep):
            continue
        if plan is not None and node.id not in plan.shown:
            continue
        kind = node.kind if node.kind in ("terminal", "leaf") else _player_kind(final, node)
        attrs = {"shape": "box" if node_label == "board" else SHAPES[kind], **sizes[kind]}
        if seen is None:                        # not searched yet at this step
            attrs.update(color=FAINT, fontcolor=FAINT, style="dotted")
        else:
            if seen.kind == "tt_hit":
                attrs.update(style="filled", fillcolor=TT_FILL)
            if seen.quiescent:
                attrs.update(style="filled", fillcolor=QUIESCE_FILL)
            if not seen.done:
                attrs.update(color=OPEN, penwidth="1.6")
            if seen.probe:
                attrs["style"] = "dashed"
            if seen.research:
                attrs["peripheries"] = "2"
            if node.id == now.current:
                attrs.update(style="filled", fillcolor=CURRENT_FILL)
            if node.id in pv_nodes:
                attrs["penwidth"] = "2.8"
        dot.node(f"n{node.id}", _join(labels[node.id], node_label == "board"), **attrs)
        if node.parent is None or (hide_unexplored and node.parent not in now.nodes):
            continue
        e = {}
        label = _edge_label(names, node.parent, node.action, edge_labels)
        if seen is not None and seen.probe:
            label = (label + "\\n" if label else "") + _("null window")
        if seen is not None and seen.research:
            label = (label + "\\n" if label else "") + _("re-search")
        if seen is not None and seen.star_probe:
            label = (label + "\\n" if label else "") + _("Star2 probe")
            e["style"] = "dashed"
        p = final.nodes[node.parent].probabilities.get(node.action)
        if p is not None:
            label = (label + "\\n" if label else "") + _probability(p)
        if label:
            e["label"] = label
        if seen is None:
            e.update(color=FAINT, fontcolor=FAINT, style="dotted")
        elif node.id in pv_nodes and node.parent in pv_nodes:
            e["penwidth"] = "2.8"
        dot.edge(f"n{node.parent}", f"n{node.id}", **e)

    for node_id, count in (plan.collapsed.items() if plan is not None else ()):
        if keep is not None and node_id not in keep:
            continue
        dot.node(f"c{node_id}", collapsed_label(count), shape="box", style="dashed,rounded",
                 color=PRUNED, fontcolor=PRUNED)
        dot.edge(f"n{node_id}", f"c{node_id}", style="dashed", color=PRUNED)

    first_cut: set[int] = set()
    for edge in final.pruned:
        shown = edge.event <= now.step
        if (not shown and hide_unexplored) or (focus and edge.parent not in on_path):
            continue
        if plan is not None and (edge.parent not in plan.shown
                                 or edge.parent in plan.collapsed):
            continue
        stub = f"p{edge.parent}_{edge.action}"
        label = names.child_name(edge.parent, edge.action) if toy else _("pruned")
        dot.node(stub, label, shape="box", style="dashed,rounded" if shown else "invis",
                 color=PRUNED, fontcolor=PRUNED)
        e = {"style": "dashed" if shown else "invis", "color": PRUNED, "fontcolor": PRUNED}
        text = []
        if edge_labels:
            text.append(_edge_label(names, edge.parent, edge.action, edge_labels))
        p = final.nodes[edge.parent].probabilities.get(edge.action)
        if p is not None:
            text.append(_probability(p))
        if edge.parent not in first_cut:
            first_cut.add(edge.parent)
            text.append(pruned_reason(final, names, edge.parent, strict))
        if any(text):
            e["label"] = "\\n".join(t for t in text if t)
        dot.edge(f"n{edge.parent}", stub, **e)
    return dot


def draw_tree(tree_or_game, algorithm: str = "alphabeta", *, depth=None, evaluate=None,
              step: int | None = None, hide_unexplored: bool = False,
              show_window: bool = True, edge_labels=None, node_label=None,
              title: str | None = None, size: str | None = None, max_nodes: int | None = None,
              expand=(), **search_options):
    """Search ``tree_or_game`` (a toy tree, nested lists, a game) with a trace and draw it.

    ``algorithm``: ``"minimax"``, ``"negamax"``, ``"alphabeta"`` or ``"pvs"`` (compiled,
    :mod:`qsearch.search`); other keywords go to the search (``fail_hard=True``, ``order``).
    ``max_nodes`` and ``expand``: a big tree drawn with its lower subtrees collapsed into
    their node counts, some opened (see :func:`draw_search`).
    """
    state, result = run_traced(tree_or_game, algorithm, depth=depth, evaluate=evaluate,
                               **search_options)
    return draw_search(result, state=state, step=step, hide_unexplored=hide_unexplored,
                       show_window=show_window, edge_labels=edge_labels,
                       node_label=node_label, title=title, size=size,
                       strict=bool(search_options.get("strict", False)),
                       max_nodes=max_nodes, expand=expand)


def run_traced(tree_or_game, algorithm: str = "alphabeta", **search_options):
    """``(state, result)``: the state (nested lists become an ExplicitTree), its traced search."""
    from qsearch.search import algorithms

    state = as_state(tree_or_game)
    if algorithm not in algorithms.ALGORITHMS:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose one of "
                         f"{sorted(algorithms.ALGORITHMS)}")
    if "trace" in search_options:
        raise ValueError("the trace is always recorded here: do not pass trace=")
    return state, algorithms.ALGORITHMS[algorithm](state, trace=True, **search_options)


def as_state(tree_or_game):
    """A game state as is; nested lists of leaf values as an ExplicitTree."""
    if isinstance(tree_or_game, (list, tuple)):
        from qsearch.games.toytree import ExplicitTree

        return ExplicitTree(tree_or_game)
    return tree_or_game


SVG_STYLE = "max-width:none;height:auto"


def svg_text(dot) -> str:
    """The ``<svg>`` element of a Digraph (no XML prolog), to put inside HTML.

    It keeps its own size (``max-width: none``, :data:`SVG_STYLE`): never shrunk to a narrow
    window, whose text would become unreadable; the widget holding it scrolls instead
    (``Layout(overflow="auto")``). Without Graphviz's ``dot`` the pure-Python layout of
    :mod:`qsearch.viz.layout` draws it.
    """
    if not have_dot():
        from qsearch.viz.layout import digraph_svg

        svg = digraph_svg(dot)
    else:
        svg = dot.pipe(format="svg", encoding="utf-8")
    svg = svg[svg.index("<svg"):]
    return svg.replace("<svg ", f'<svg style="{SVG_STYLE}" ', 1)


# ------------------------------------------------------------------ helpers
def _collapse(final: SearchTree, names: NodeNames, max_nodes, expand, keep):
    """The :class:`~qsearch.viz.tree_collapse.CollapsePlan` of a drawing (None: draw all)."""
    if check_max_nodes(max_nodes) is None:
        if expand:
            raise ValueError("expand= opens collapsed subtrees: it needs max_nodes=")
        return None
    if isinstance(expand, (str, int)):
        expand = [expand]
    by_name = {names.name(i): i for i in final.nodes}
    ids = []
    for x in expand:
        if isinstance(x, str):
            if x not in by_name:
                raise ValueError(f"expand: there is no node called {x!r} in this tree")
            ids.append(by_name[x])
        elif isinstance(x, int) and not isinstance(x, bool):
            ids.append(x)
        else:
            raise TypeError(f"expand takes node ids or names, not {type(x).__name__}")
    return collapse_plan(final, max_nodes, ids, keep)


def _check_step(step, n: int) -> int:
    if isinstance(step, bool) or not isinstance(step, int):
        raise TypeError(f"step must be an int, not {type(step).__name__}")
    if not 0 <= step < n:
        raise ValueError(f"step must be in 0..{n - 1} (the trace has {n} events), not {step}")
    return step


def _state_lines(node, windows: bool, bound: str | None = None) -> list[str]:
    """The value (or best so far) and the window of a node as far as it has been searched."""
    lines = []
    v = value_text(node, bound)
    if node.kind == "tt_hit":
        lines.append(f"TT {v}")
    elif v:
        lines.append(v)
    elif node.best is not None:                 # open, with a best child so far
        lines.append(("≥ " if node.kind == "max" else "≤ ") + format_number(node.best))
    if windows and node.kind in ("max", "min", "tt_hit", "chance"):
        lines.append(format_window(node.window))
    return lines


def _join(lines: list[str], board: bool) -> str:
    """A Graphviz label: centred lines, or left-aligned ones for a text board."""
    if not lines:
        return " "
    text = "\n".join(lines)
    if board:
        return text.replace("\n", "\\l") + "\\l"
    return text.replace("\n", "\\n")


def _uniform_sizes(tree: SearchTree, labels: dict, board: bool) -> dict:
    """One fixed size per node kind, big enough for the widest final label of that kind.

    Fixed sizes keep the layout identical at every step whatever the labels say by then.
    """
    char_w, line_h = (0.085, 0.19) if board else (0.078, 0.17)
    sizes = {}
    for kind in ("max", "min", "terminal", "leaf", "chance"):
        dims = [(max((len(x) for x in ls), default=1), max(len(ls), 1))
                for i, ls in labels.items()
                if (tree.nodes[i].kind if tree.nodes[i].kind in ("terminal", "leaf")
                    else _player_kind(tree, tree.nodes[i])) == kind]
        if not dims:
            dims = [(3, 1)]
        w = max(d[0] for d in dims) * char_w + 0.2
        h = max(d[1] for d in dims) * line_h + 0.12
        if kind in ("max", "min") and not board:    # text sits in a triangle's wide half
            w, h = max(2.0 * w, 0.6), max(2.0 * h + 0.1, 0.45)
        if kind == "chance" and not board:          # a circle: as wide as it is tall
            w = h = max(w, h, 0.5)
        sizes[kind] = {"width": f"{w:.2f}", "height": f"{h:.2f}", "fixedsize": "true"}
        if board:
            sizes[kind]["fontname"] = "Courier"
    return sizes


def _player_kind(tree: SearchTree, node) -> str:
    if node.kind == "chance":
        return "chance"
    return "max" if node.player == tree.root_player else "min"


def _probability(p: float) -> str:
    """An outcome's probability on its edge: ``1/18`` when it is a simple fraction."""
    from fractions import Fraction

    f = Fraction(p).limit_denominator(1000)
    return f"p = {f}" if abs(float(f) - p) < 1e-12 else f"p = {p:.3g}"


def _label_lines(node, names: NodeNames, node_label) -> list[str]:
    if node_label is None or node_label is False:
        return []
    if node_label == "name":
        return [names.name(node.id)]
    s = names.state(node.id)
    if node_label == "board":               # boards do not fit in triangles: say the role
        role = {"max": "MAX ▲", "min": "MIN ▼"}.get(_player_kind(names.tree, node), "")
        head = [] if node.kind in ("terminal", "leaf") else [role]
        return head + (str(s).splitlines() if s is not None else [])
    if callable(node_label):
        return str(node_label(s)).splitlines() if s is not None else []
    raise ValueError(f"node_label must be None, 'name', 'board' or a function, not {node_label!r}")


def _edge_label(names: NodeNames, parent: int, action: int, edge_labels) -> str:
    if not edge_labels:
        return ""
    if callable(edge_labels):
        s = names.state(parent)
        return str(edge_labels(s, action)) if s is not None else str(action)
    return names.move(parent, action)
