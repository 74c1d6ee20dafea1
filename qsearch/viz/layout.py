"""Trees drawn without Graphviz: a pure-Python SVG layout of the diagrams' Digraphs.

A student who did ``pip install`` only (no ``dot`` program) or runs Python in a browser still
gets every tree: :func:`digraph_svg` reads the node and edge statements a
:class:`graphviz.Digraph` holds (the same nodes, edges, labels, shapes, colours and styles
the Graphviz drawing shows) and lays the tree out itself. Trees are easy to lay out: each
subtree gets its own horizontal interval, as wide as its widest level, children left to right
in the order of their edges (Graphviz's ``ordering=out``), a parent centred over its children,
one row per depth. Intervals never overlap, so neither do nodes.

:class:`PureDigraph` is a Digraph whose SVG (``pipe(format="svg")``, and so its picture in a
notebook) comes from this layout; :func:`qsearch.viz.tree.new_digraph` returns one when
``shutil.which("dot")`` finds nothing, and prints a one-line notice the first time.

The SVG groups each node as Graphviz does (``<g class="node"><title>n3</title>...``) and each
edge (``<g class="edge"><title>n0&#45;&gt;n3</title>...``), so the two can be compared.
"""
from __future__ import annotations

import html
import re
import sys
from dataclasses import dataclass, field

import graphviz

from qsearch.i18n import _

POINTS = 72.0                   # Graphviz sizes are in inches; SVG units here are points
CHAR_W = 0.6                    # average glyph width / font size (Helvetica)
LINE_H = 1.2                    # line height / font size

_TOKEN = re.compile(r'\s*(?:(?P<q>"(?:[^"\\]|\\.)*")|(?P<arrow>->|--)|(?P<p>[\[\]=,;{}])'
                    r'|(?P<w>[^\s\[\]=,;{}"]+))', re.S)


@dataclass
class Node:
    """A node statement: its id, attributes, and (after layout) centre and size in points."""

    id: str
    attrs: dict
    x: float = 0.0
    y: float = 0.0
    w: float = 54.0
    h: float = 36.0
    children: list = field(default_factory=list)
    depth: int = 0

    @property
    def visible(self) -> bool:
        return "invis" not in self.attrs.get("style", "")

    def box(self) -> tuple[float, float, float, float]:
        """``(left, top, right, bottom)``."""
        return (self.x - self.w / 2, self.y - self.h / 2, self.x + self.w / 2,
                self.y + self.h / 2)


@dataclass
class Edge:
    """An edge statement."""

    tail: str
    head: str
    attrs: dict


def parse(dot: graphviz.Digraph) -> tuple[dict, dict[str, Node], list[Edge]]:
    """``(graph attributes, nodes by id in statement order, edges in statement order)``.

    Node and edge defaults (``node [...]``, ``edge [...]``) are merged into each statement.
    Raises ValueError on a statement this reader does not understand.
    """
    graph = dict(dot.graph_attr)
    node_defaults, edge_defaults = dict(dot.node_attr), dict(dot.edge_attr)
    nodes: dict[str, Node] = {}
    edges: list[Edge] = []
    for line in dot.body:
        toks = _tokens(line)
        if not toks or toks[0] in ("}", "{") or toks[0].startswith("subgraph"):
            continue
        if toks[0] in ("graph", "node", "edge") and len(toks) > 1 and toks[1] == "[":
            attrs = _attrs(toks[1:], line)
            {"graph": graph, "node": node_defaults, "edge": edge_defaults}[toks[0]].update(attrs)
            continue
        if len(toks) >= 3 and toks[1] in ("->", "--"):
            tail, head = _id(toks[0]), _id(toks[2])
            for end in (tail, head):
                if end not in nodes:
                    nodes[end] = Node(end, dict(node_defaults))
            edges.append(Edge(tail, head, {**edge_defaults, **_attrs(toks[3:], line)}))
            continue
        if len(toks) >= 3 and toks[1] == "=":        # a graph attribute: key=value
            graph[toks[0]] = _unquote(toks[2])
            continue
        name = _id(toks[0])
        attrs = {**node_defaults, **_attrs(toks[1:], line)}
        if name in nodes:
            nodes[name].attrs.update(_attrs(toks[1:], line))
        else:
            nodes[name] = Node(name, attrs)
    return graph, nodes, edges


def _tokens(line: str) -> list[str]:
    out, i = [], 0
    line = line.strip()
    while i < len(line):
        m = _TOKEN.match(line, i)
        if m is None or m.end() == i:
            if line[i:].strip() == "":
                break
            raise ValueError(f"cannot read the DOT statement {line!r} at character {i + 1}")
        out.append(m.group(m.lastgroup))
        i = m.end()
    return out


def _attrs(toks: list[str], line: str) -> dict:
    if not toks:
        return {}
    if toks[0] != "[" or "]" not in toks:
        raise ValueError(f"cannot read the attributes of {line!r}")
    attrs, body = {}, toks[1:toks.index("]")]
    k = 0
    while k < len(body):
        if body[k] in (",", ";"):
            k += 1
            continue
        if k + 2 < len(body) + 1 and k + 1 < len(body) and body[k + 1] == "=":
            attrs[body[k]] = _unquote(body[k + 2])
            k += 3
        else:
            attrs[body[k]] = "true"
            k += 1
    return attrs


def _unquote(tok: str) -> str:
    if len(tok) >= 2 and tok[0] == tok[-1] == '"':
        return re.sub(r'\\(["\\])', r"\1", tok[1:-1])
    return tok


def _id(tok: str) -> str:
    return _unquote(tok).split(":")[0] if not tok.startswith('"') else _unquote(tok)


def label_lines(text: str) -> list[tuple[str, str]]:
    """``[(line, "c"|"l"|"r"), ...]``: a DOT label split at ``\\n``, ``\\l`` and ``\\r``."""
    lines, cur, i = [], "", 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text) and text[i + 1] in "nlr":
            lines.append((cur, {"n": "c", "l": "l", "r": "r"}[text[i + 1]]))
            cur, i = "", i + 2
            continue
        if c == "\n":
            lines.append((cur, "c"))
            cur, i = "", i + 1
            continue
        cur += c
        i += 1
    if cur or not lines:
        lines.append((cur, "c"))
    return lines


def _font(attrs: dict, default: float = 14.0) -> float:
    try:
        return float(attrs.get("fontsize", default))
    except ValueError:
        return default


def _size(node: Node) -> None:
    """Width and height in points: the given ones with ``fixedsize``, else at least enough
    for the label (Graphviz's default minimum is 0.75 x 0.5 inches)."""
    a = node.attrs
    size = _font(a)
    lines = label_lines(a.get("label", node.id))
    text_w = max(len(t) for t, _ in lines) * size * CHAR_W + 16
    text_h = len(lines) * size * LINE_H + 8
    w = float(a.get("width", 0.75)) * POINTS
    h = float(a.get("height", 0.5)) * POINTS
    if a.get("fixedsize", "false") != "true":
        shape = a.get("shape", "ellipse")
        grow = 2.0 if shape in ("triangle", "invtriangle") else (
            1.42 if shape in ("ellipse", "circle") else 1.0)
        w, h = max(w, text_w * grow), max(h, text_h * (grow if grow > 1.5 else 1.0))
        if shape == "circle":
            w = h = max(w, h)
    node.w, node.h = w, h


def layout(graph: dict, nodes: dict[str, Node], edges: list[Edge]) -> tuple[float, float]:
    """Place every node (sets ``x``, ``y``); returns the drawing's ``(width, height)``."""
    nodesep = float(graph.get("nodesep", 0.25)) * POINTS
    ranksep = float(graph.get("ranksep", 0.5)) * POINTS
    for n in nodes.values():
        _size(n)
        n.children = []
    has_parent = set()
    for e in edges:
        if e.head not in has_parent and e.head != e.tail:
            has_parent.add(e.head)
            nodes[e.tail].children.append(e.head)
    roots = [n for n in nodes if n not in has_parent]
    if not roots and nodes:                       # a cycle: not a tree, start anywhere
        roots = [next(iter(nodes))]
    # depths, breadth-first (a node reached twice keeps its first depth)
    seen, rows = set(), []
    level = roots
    while level:
        rows.append(level)
        seen.update(level)
        nxt = []
        for name in level:
            for c in nodes[name].children:
                if c not in seen:
                    nodes[c].depth = len(rows)
                    nxt.append(c)
                    seen.add(c)
        level = nxt
    for name in nodes:                            # unreachable (a cycle): a row of their own
        if name not in seen:
            nodes[name].depth = len(rows)
            rows.append([name])
            seen.add(name)
    spans: dict[str, float] = {}

    def span(name: str, stack=()) -> float:
        n = nodes[name]
        kids = [c for c in n.children if nodes[c].depth == n.depth + 1 and c not in stack]
        n.children = kids
        inner = sum(span(c, stack + (name,)) for c in kids) + nodesep * max(len(kids) - 1, 0)
        spans[name] = max(n.w, inner)
        return spans[name]

    def place(name: str, left: float) -> None:
        n = nodes[name]
        n.x = left + spans[name] / 2
        inner = sum(spans[c] for c in n.children) + nodesep * max(len(n.children) - 1, 0)
        x = n.x - inner / 2
        for c in n.children:
            place(c, x)
            x += spans[c] + nodesep

    margin = 8.0
    title = graph.get("label")
    top = margin + (_font(graph) * LINE_H * len(label_lines(title)) + 6 if title else 0)
    x = margin
    for r in rows[0] if rows else []:
        span(r)
        place(r, x)
        x += spans[r] + nodesep
    for name in nodes:                            # left over (cycles): after the trees
        if name not in spans:
            spans[name] = nodes[name].w
            place(name, x)
            x += spans[name] + nodesep
    labelled = {nodes[e.head].depth for e in edges if e.attrs.get("label")}
    y = top
    heights = {}
    for d in range(len(rows)):
        heights[d] = max((nodes[m].h for m in nodes if nodes[m].depth == d), default=0.0)
    for d in range(len(rows)):
        if d in labelled:
            lines = max((len(label_lines(e.attrs["label"])) for e in edges
                         if e.attrs.get("label") and nodes[e.head].depth == d), default=0)
            y += lines * 10 * LINE_H
        for m in nodes:
            if nodes[m].depth == d:
                nodes[m].y = y + heights[d] / 2
        y += heights[d] + ranksep
    width = max((n.x + n.w / 2 for n in nodes.values()), default=0) + margin
    height = y - ranksep + margin
    if title:
        width = max(width, len(title) * _font(graph) * CHAR_W + 2 * margin)
    return width, height


def digraph_svg(dot: graphviz.Digraph) -> str:
    """The ``<svg>`` of ``dot`` laid out in pure Python (see the module docs)."""
    graph, nodes, edges = parse(dot)
    width, height = layout(graph, nodes, edges)
    bg = graph.get("bgcolor", "white")
    scale = _scale(graph.get("size"), width, height)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * scale:.0f}pt" '
           f'height="{height * scale:.0f}pt" viewBox="0 0 {width:.2f} {height:.2f}">',
           f'<g id="graph0" class="graph"><rect x="0" y="0" width="{width:.2f}" '
           f'height="{height:.2f}" fill="{_esc(bg)}" stroke="none"/>']
    title = graph.get("label")
    if title:
        size = _font(graph)
        out.append(f'<text text-anchor="middle" x="{width / 2:.2f}" y="{8 + size:.2f}" '
                   f'font-family="{_family(graph)}" font-size="{size:g}">{_esc(title)}</text>')
    for k, e in enumerate(edges):
        out.append(_edge_svg(e, nodes[e.tail], nodes[e.head], k))
    for k, n in enumerate(nodes.values()):
        out.append(_node_svg(n, k))
    out.append("</g></svg>")
    return "\n".join(x for x in out if x)


def _scale(size, width: float, height: float) -> float:
    """Graphviz's ``size="W,H"`` (inches): shrink a larger drawing to fit, never enlarge."""
    if not size:
        return 1.0
    try:
        w, h = (float(x) * POINTS for x in str(size).rstrip("!").split(","))
    except ValueError:
        return 1.0
    return min(1.0, w / width, h / height)


def _family(attrs: dict) -> str:
    name = attrs.get("fontname", "Helvetica")
    mono = name.lower().startswith("courier")
    return _esc(f"{name},{'monospace' if mono else 'Arial,sans-serif'}")


def _stroke(attrs: dict, colour: str) -> str:
    style = attrs.get("style", "")
    dash = (' stroke-dasharray="5,2"' if "dashed" in style
            else ' stroke-dasharray="1,5"' if "dotted" in style else "")
    width = attrs.get("penwidth", "1")
    return f'stroke="{_esc(colour)}" stroke-width="{_esc(width)}"{dash}'


def _text(lines, x, y_mid, attrs, left, right, colour) -> list[str]:
    size = _font(attrs)
    step = size * LINE_H
    y0 = y_mid - step * (len(lines) - 1) / 2 + size * 0.35
    out = []
    for k, (t, just) in enumerate(lines):
        if not t:
            continue
        anchor, tx = {"c": ("middle", x), "l": ("start", left + 4),
                      "r": ("end", right - 4)}[just]
        out.append(f'<text text-anchor="{anchor}" x="{tx:.2f}" y="{y0 + k * step:.2f}" '
                   f'font-family="{_family(attrs)}" font-size="{size:g}" '
                   f'fill="{_esc(colour)}">{_esc(t)}</text>')
    return out


def _node_svg(n: Node, k: int) -> str:
    a = n.attrs
    if not n.visible:
        return ""
    colour = a.get("color", "black")
    style = a.get("style", "")
    fill = a.get("fillcolor", a.get("color", "lightgrey")) if "filled" in style else "none"
    left, top, right, bottom = n.box()
    shape = a.get("shape", "ellipse")
    stroke = _stroke(a, colour)
    parts = [f'<g id="node{k + 1}" class="node"><title>{_esc(n.id)}</title>']
    for p in range(int(a.get("peripheries", 1) or 1)):
        g = 4.0 * p
        if shape == "triangle":
            pts = [(n.x, top - g), (right + g, bottom + g / 2), (left - g, bottom + g / 2)]
        elif shape == "invtriangle":
            pts = [(left - g, top - g / 2), (right + g, top - g / 2), (n.x, bottom + g)]
        else:
            pts = None
        if pts is not None:
            coords = " ".join(f"{x:.2f},{y:.2f}" for x, y in pts)
            parts.append(f'<polygon points="{coords}" fill="{_esc(fill)}" {stroke}/>')
        elif shape in ("ellipse", "circle", "oval"):
            parts.append(f'<ellipse cx="{n.x:.2f}" cy="{n.y:.2f}" rx="{n.w / 2 + g:.2f}" '
                         f'ry="{n.h / 2 + g:.2f}" fill="{_esc(fill)}" {stroke}/>')
        elif shape not in ("plaintext", "plain", "none"):
            rx = ' rx="6"' if "rounded" in style else ""
            parts.append(f'<rect x="{left - g:.2f}" y="{top - g:.2f}" width="{n.w + 2 * g:.2f}" '
                         f'height="{n.h + 2 * g:.2f}"{rx} fill="{_esc(fill)}" {stroke}/>')
        fill = "none"
    lines = label_lines(a.get("label", n.id))
    y_mid = n.y + (n.h * 0.12 if shape == "triangle" else -n.h * 0.12 if shape == "invtriangle"
                   else 0)
    parts += _text(lines, n.x, y_mid, a, left, right, a.get("fontcolor", "black"))
    parts.append("</g>")
    return "".join(parts)


def _edge_svg(e: Edge, tail: Node, head: Node, k: int) -> str:
    a = e.attrs
    if "invis" in a.get("style", "") or not (tail.visible and head.visible):
        return ""
    colour = a.get("color", "black")
    x1, y1 = tail.x, tail.box()[3]
    x2, y2 = head.x, head.box()[1]
    if tail.attrs.get("shape") == "invtriangle":         # leave from the apex
        y1 = tail.box()[3]
    parts = [f'<g id="edge{k + 1}" class="edge"><title>{_esc(e.tail)}&#45;&gt;{_esc(e.head)}'
             f'</title><path d="M{x1:.2f},{y1:.2f} L{x2:.2f},{y2:.2f}" fill="none" '
             f'{_stroke(a, colour)}/>']
    if a.get("label"):
        lines = label_lines(a["label"])
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        width = max(len(t) for t, _ in lines) * _font(a) * CHAR_W
        parts += _text(lines, mx + width / 2 + 3, my, a, mx, mx + width + 6,
                       a.get("fontcolor", "black"))
    parts.append("</g>")
    return "".join(parts)


def _esc(text) -> str:
    return html.escape(str(text), quote=True)


PICTURE_TEXT = "A tree of {nodes} nodes: trust the notebook or run the cell to see its picture."


class TreeDrawing(graphviz.Digraph):
    """A :class:`graphviz.Digraph` whose text form is a sentence, not ``<... at 0x...>``: it
    is what a notebook shows where it cannot show the picture (:data:`PICTURE_TEXT`)."""

    def __repr__(self) -> str:
        _graph, nodes, _edges = parse(self)
        shown = sum(1 for n in nodes.values() if n.visible)
        return _(PICTURE_TEXT).format(nodes=shown)


class PureDigraph(TreeDrawing):
    """A :class:`graphviz.Digraph` drawn by :func:`digraph_svg` (no ``dot`` program needed).

    Only SVG output is available (``pipe(format="svg")``, the notebook picture); other
    formats raise a RuntimeError saying Graphviz is needed.
    """

    def pipe(self, format=None, renderer=None, formatter=None, neato_no_op=None,
             quiet=False, *, engine=None, encoding=None):
        if (format or self.format) != "svg" or renderer or formatter:
            where = ("in the browser" if sys.platform == "emscripten" else "without Graphviz's "
                     "dot program (apt-get install graphviz, or conda install graphviz)")
            raise RuntimeError(f"{where} only SVG pictures can be made")
        svg = digraph_svg(self)
        return svg if encoding else svg.encode("utf-8")

    def _repr_image_svg_xml(self) -> str:
        return digraph_svg(self)

    def _repr_mimebundle_(self, include=None, exclude=None, **_):
        return {"image/svg+xml": digraph_svg(self)}
