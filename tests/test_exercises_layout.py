"""The pure-Python tree layout (no Graphviz's dot): the same picture's content, no overlaps."""
import shutil
import xml.etree.ElementTree as ET

import pytest

from qsearch.games.toytrees import random_tree
from qsearch.viz import tree as tree_module
from qsearch.viz.exercise import AlphaBetaExercise
from qsearch.viz.layout import PureDigraph, digraph_svg, label_lines, layout, parse
from qsearch.viz.tree import MAX_SIZE, draw_tree, svg_text

SVG = "{http://www.w3.org/2000/svg}"
RN = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
N_PICTURES = 11


def content(svg: str):
    """``({node id: label text}, {edge title})`` of the visible nodes and edges of an SVG."""
    root = ET.fromstring(svg[svg.index("<svg"):])
    nodes, edges = {}, set()
    for g in root.iter(f"{SVG}g"):
        title = g.find(f"{SVG}title")
        texts = [t.text or "" for t in g.iter(f"{SVG}text")]
        shapes = [e for e in g if e.tag != f"{SVG}title"]
        if g.get("class") == "node" and shapes:
            nodes[title.text] = "|".join(texts)
        elif g.get("class") == "edge" and shapes:
            edges.add((title.text, "|".join(texts)))
    return nodes, edges


def pictures():
    yield draw_tree(RN, title="Russell & Norvig")                  # cuts, windows, title
    yield draw_tree(RN, "minimax")
    yield draw_tree(RN, step=5)                                     # faint, unexplored nodes
    for seed in range(6):
        yield draw_tree(random_tree((1, 3), 3, seed=seed), fail_hard=seed % 2 == 0)
    yield draw_tree(random_tree(2, 4, seed=9), "pvs")
    ex = AlphaBetaExercise(random_tree(2, 3, seed=1), windows=True)
    ex.enter("N2", 3, alpha=1)
    ex.cut("N7")
    ex.check()
    yield ex.draw()


@pytest.mark.skipif(shutil.which("dot") is None, reason="compares with Graphviz's own SVG")
@pytest.mark.parametrize("index", range(N_PICTURES))
def test_same_nodes_edges_and_labels_as_graphviz(index):
    drawn = list(pictures())
    assert len(drawn) == N_PICTURES
    dot = drawn[index]
    ours, theirs = content(digraph_svg(dot)), content(svg_text(dot))
    assert ours[0] == theirs[0]             # the same visible nodes, each with the same label
    assert ours[1] == theirs[1]             # the same visible edges and edge labels
    assert len(ours[0]) >= 3


@pytest.mark.parametrize("index", range(N_PICTURES))
def test_nodes_never_overlap(index):
    graph, nodes, edges = parse(list(pictures())[index])
    layout(graph, nodes, edges)
    boxes = [n.box() for n in nodes.values()]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)
    for e in edges:                          # children are below their parents
        assert nodes[e.head].y > nodes[e.tail].y
    siblings = {}
    for e in edges:                          # and left to right in the order of their edges
        siblings.setdefault(e.tail, []).append(nodes[e.head].x)
    assert all(xs == sorted(xs) for xs in siblings.values())


def test_without_dot_trees_still_draw_with_one_notice(monkeypatch, capsys):
    monkeypatch.setattr(tree_module.shutil, "which", lambda name: None)
    monkeypatch.setattr(tree_module.sys, "executable", "/nonexistent/python")
    monkeypatch.setattr(tree_module, "_NOTICE_SHOWN", False)
    dot = draw_tree(RN)
    assert isinstance(dot, PureDigraph)
    svg = dot._repr_mimebundle_()["image/svg+xml"]
    assert "β ≤ α at N3" in svg and svg == dot.pipe(format="svg", encoding="utf-8")
    from qsearch.viz.stepper import AlphaBetaStepper

    stepper = AlphaBetaStepper(RN)
    assert "<svg" in stepper.svg(3) and "<svg" in AlphaBetaExercise(RN).svg()
    from qsearch.games import TicTacToe
    from qsearch.viz import MCTSStepper
    from qsearch.viz.mcts import draw_mcts

    mcts_stepper = MCTSStepper(TicTacToe(), 20, seed=0)     # it ran dot in the browser
    assert isinstance(draw_mcts(mcts_stepper.result, iteration=5), PureDigraph)
    assert "<svg" in mcts_stepper.svg(5)
    err = capsys.readouterr().err
    assert err.count("Graphviz's dot program is not installed") == 1
    assert len(err.strip().splitlines()) == 1
    with pytest.raises(RuntimeError, match="only SVG"):
        dot.pipe(format="png")


def test_dark_theme_pictures_have_an_opaque_background():
    for dot in (draw_tree(RN), AlphaBetaExercise(RN).draw()):
        for svg in (digraph_svg(dot), svg_text(dot)):
            root = ET.fromstring(svg[svg.index("<svg"):])
            first = next(e for e in root.iter() if e.tag in (f"{SVG}rect", f"{SVG}polygon"))
            assert first.get("fill") == "white"


def test_labels_split_as_graphviz_splits_them():
    assert label_lines(r"a\nb\lc") == [("a", "c"), ("b", "l"), ("c", "c")]
    assert label_lines("x") == [("x", "c")]


def test_boards_have_an_opaque_background():
    from qsearch.games import Connect4, Reversi, TicTacToe

    for state in (TicTacToe(), Connect4.from_moves("4453"), Reversi()):
        svg = state._repr_svg_()
        assert 'style="background:#ffffff"' in svg.split(">", 1)[0], type(state).__name__


def test_the_other_boards_paint_an_opaque_rectangle_under_everything():
    # Every other engine that draws itself (Pig and the toy trees do not): the first shape
    # is a filled rectangle over the whole picture.
    from qsearch.games import Hypergammon, OwnPieceQuarto, ParCheckers, Quarto

    for state in (OwnPieceQuarto(), Quarto(), Hypergammon(), ParCheckers()):
        root = ET.fromstring(state._repr_svg_())
        _, _, width, height = (float(v) for v in root.get("viewBox").split())
        first = next(e for e in root.iter() if e.tag.removeprefix(SVG) in
                     ("rect", "polygon", "path", "circle", "ellipse", "line", "text"))
        where = type(state).__name__
        assert first.tag == f"{SVG}rect", where
        assert float(first.get("x", 0)) <= 0 and float(first.get("y", 0)) <= 0, where
        assert float(first.get("width")) >= width and float(first.get("height")) >= height, where
        assert first.get("fill") not in (None, "none", "transparent"), where


def test_size_shrinks_a_wide_tree_as_graphviz_does():
    wide = draw_tree(random_tree(3, 3, seed=0), size=MAX_SIZE)  # 27 leaves, "8.5,40"
    root = ET.fromstring(digraph_svg(wide))
    assert float(root.get("width").removesuffix("pt")) <= 8.5 * 72 + 1
    assert float(root.get("viewBox").split()[2]) > 8.5 * 72       # drawn larger, then scaled
