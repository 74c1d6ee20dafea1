"""Toy trees as games, the searched tree rebuilt from traces, its drawings and the steppers."""
import math
import pickle
import random
import re

import pytest
from helpers import random_tree_spec

import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import Connect4
from qsearch.games.toytree import ExplicitTree
from qsearch.heuristics.connect4 import evaluation_table
from qsearch.viz.searchtree import NodeNames, build_search_tree
from qsearch.viz.tree import draw_search, draw_tree

graphviz = pytest.importorskip("graphviz")

# Russell & Norvig's Fig. 5.2 (quoted in document 000): MAX at A, MIN at B, C, D.
#            A
#     B      C      D
#   3 12 8 2 4 6 14 5 2
RN = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
RN_NAMES = ["A", "B", "C", "D"] + [f"{c}{i}" for c in "bcd" for i in (1, 2, 3)]
# Document 003, examples 3-4: C1 (MAX) -> C2, C3 (MIN); C2 -> C4, C5; C3 -> C6 = 1, C7 = 8.
# C5 = 2 is C2's best leaf; C4 is not in the notes: 4 (any value in (2, 8) tells the same).
DOC003 = [[4, 2], [1, 8]]


def rn():
    return ExplicitTree(RN, names=RN_NAMES)


def doc003():
    return ExplicitTree(DOC003, names="C")


def all_nodes(state):
    """Every state of a toy tree, depth first."""
    yield state
    for a in state.legal_actions():
        yield from all_nodes(state.child(a))


def visible_nodes(dot):
    """Names of the nodes a Digraph draws (invisible layout placeholders excluded)."""
    return [m.group(1) for line in dot.body
            if (m := re.match(r"\s*(n\d+|p\d+_\d+) \[", line)) and "invis" not in line]


# ------------------------------------------------------------------ ExplicitTree
def test_russell_norvig_tree_has_value_3_and_first_move():
    for algorithm in (fast.minimax, fast.alphabeta, fast.pvs, ref.minimax, ref.alphabeta):
        r = algorithm(rn())
        assert (r.value, r.action, r.pv) == (3, 0, [0, 0])


def test_doc003_minimax_picks_c2_though_8_is_the_largest_leaf():
    tree = doc003()
    r = fast.minimax(tree)
    assert r.value == 2 and tree.action_to_string(r.action) == "C2"
    assert max(s.leaf_value() for s in all_nodes(tree) if s.is_terminal()) == 8


@pytest.mark.parametrize("seed", range(40))
def test_minimax_and_alphabeta_agree_and_compiled_equals_reference(seed):
    rng = random.Random(seed)
    spec = [random_tree_spec(rng, rng.randint(0, 4)) for _ in range(rng.randint(1, 4))]
    tree = ExplicitTree(spec, root_player=seed % 2)
    value = fast.minimax(tree).value
    for name, options in [("minimax", {}), ("negamax", {}), ("alphabeta", {}),
                          ("alphabeta", {"fail_hard": True}), ("alphabeta", {"strict": True}),
                          ("pvs", {}), ("alphabeta", {"tt": True})]:
        mine = getattr(fast, name)(tree, trace=True, **options)
        twin = getattr(ref, name)(tree, trace=True, **options)
        assert mine.value == value, (name, options)
        assert mine.trace == twin.trace, (name, options)
        assert (mine.action, mine.pv, mine.nodes) == (twin.action, twin.pv, twin.nodes)


def test_leaves_are_terminal_with_the_leaf_value_for_player_0():
    leaf = rn().at([1, 2])
    assert leaf.is_terminal() and leaf.legal_actions() == []
    assert leaf.returns() == [6.0, -6.0]
    assert leaf.current_player() == -4
    assert rn().current_player() == 0 and rn().at([0]).current_player() == 1
    assert ExplicitTree(RN, root_player=1).current_player() == 1


def test_root_player_1_is_min_for_the_leaf_values():
    r = fast.minimax(ExplicitTree(RN, root_player=1))
    # player 1 moves first and wants player 0's values small: min of the rows' maxima (6,
    # in the middle row), which is -6 for player 1, the root player the value is given for
    assert (r.value, r.action) == (-min(max(row) for row in RN), 1) == (-6, 1)


def test_keys_are_unique_per_node_and_make_unmake_restores():
    tree = rn()
    keys = [s.position_key() for s in all_nodes(tree)]
    assert len(keys) == len(set(keys)) == tree.num_nodes() == 13
    s = tree.clone()
    s.apply_action(2)
    s.apply_action(1)
    assert s.node_name() == "d2" and s.path == (2, 1)
    s.undo_action()
    s.undo_action()
    assert s == tree and s.position_key() == tree.position_key()


def test_names_paths_and_action_strings():
    tree = doc003()
    assert tree.names == tuple(f"C{i}" for i in range(1, 8))
    assert [tree.action_to_string(a) for a in tree.legal_actions()] == ["C2", "C3"]
    assert tree.string_to_action("C3") == 1
    c7 = tree.at(["C3", "C7"])
    assert (c7.node_name(), c7.path, c7.leaf_value()) == ("C7", (1, 1), 8.0)
    assert ExplicitTree(DOC003).node_name() == "N1"
    with pytest.raises(ValueError, match="not a child"):
        tree.string_to_action("C7")


def test_repr_is_evaluable_and_pickles():
    for state in (rn(), rn().at([2]), doc003().at([1, 0]), ExplicitTree([[1.5, 2]], root_player=1)):
        again = eval(repr(state), {"ExplicitTree": ExplicitTree})
        assert again == state and again.path == state.path
        assert pickle.loads(pickle.dumps(state)) == state
    assert repr(doc003()) == "ExplicitTree([[4, 2], [1, 8]], names='C')"


@pytest.mark.parametrize("spec, error", [
    ([], ValueError), ([[1, 2], []], ValueError), (5, ValueError), ("abc", TypeError),
    ([[1, "2"]], TypeError), ([[1, None]], TypeError), ([True, 2], TypeError),
    ([[1, math.nan]], ValueError), ({"a": 1}, TypeError), (list(range(513)), ValueError),
])
def test_bad_trees_are_refused(spec, error):
    with pytest.raises(error):
        ExplicitTree(spec)


def test_bad_names_and_root_player_are_refused():
    with pytest.raises(ValueError, match="7 nodes"):
        ExplicitTree(DOC003, names=["a", "b"])
    with pytest.raises(ValueError, match="unique"):
        ExplicitTree([[1, 2]], names=["a", "b", "b", "c"])
    with pytest.raises(TypeError):
        ExplicitTree([[1, 2]], names=[1, 2, 3, 4])
    with pytest.raises(ValueError):
        ExplicitTree([[1, 2]], root_player=2)


# ------------------------------------------------------------------ the searched tree
def test_rn_alphabeta_prunes_the_second_min_nodes_last_two_leaves():
    state = rn()
    r = fast.alphabeta(state, trace=True)
    tree = build_search_tree(r.trace)
    assert len(tree.nodes) == r.nodes == 11
    assert len(tree.edges()) == 10
    names = NodeNames(tree, state)
    cut = [(names.name(e.parent), names.child_name(e.parent, e.action)) for e in tree.pruned]
    assert cut == [("C", "c2"), ("C", "c3")]
    assert [state.at(["C", c]).leaf_value() for _, c in cut] == [4, 6]


def test_minimax_tree_has_every_node_and_no_pruning():
    r = fast.minimax(rn(), trace=True)
    tree = build_search_tree(r.trace)
    assert (len(tree.nodes), len(tree.edges()), tree.pruned) == (13, 12, [])


def test_doc003_alphabeta_cuts_c7_with_alpha_2_beta_1():
    state = doc003()
    r = fast.alphabeta(state, fail_hard=True, trace=True)
    tree = build_search_tree(r.trace)
    names = NodeNames(tree, state)
    [edge] = tree.pruned
    assert names.name(edge.parent) == "C3" and names.child_name(edge.parent, edge.action) == "C7"
    assert (edge.alpha, edge.beta) == (2, 1)
    assert len(tree.nodes) == 6


def test_drawing_marks_the_pruned_edges_and_the_chosen_line():
    r = fast.alphabeta(doc003(), fail_hard=True, trace=True)
    dot = draw_search(r, state=doc003())
    src = dot.source
    assert sorted(visible_nodes(dot)) == ["n0", "n1", "n2", "n3", "n4", "n5", "p4_1"]
    [stub_edge] = [line for line in dot.body if "-> p4_1" in line]
    assert "dashed" in stub_edge and "β ≤ α at C3" in stub_edge
    bold = [line for line in dot.body if "->" in line and "penwidth" in line]
    assert [line.split("[")[0].strip() for line in bold] == ["n0 -> n1", "n1 -> n3"]
    assert "[2, 1]" in src          # C3's window when it was cut


def test_drawing_at_a_step_shows_fewer_nodes_than_the_final():
    r = fast.alphabeta(rn(), trace=True)
    final = visible_nodes(draw_search(r, state=rn(), hide_unexplored=True))
    assert len(final) == 11 + 2
    for k in (0, 5, 15):
        early = visible_nodes(draw_search(r, state=rn(), step=k, hide_unexplored=True))
        assert len(early) < len(final)
    # without hiding, every node is laid out at every step (faint or invisible)
    assert len(draw_search(r, state=rn(), step=0).body) == len(draw_search(r, state=rn()).body)
    with pytest.raises(ValueError):
        draw_search(r, step=len(r.trace))


@pytest.mark.parametrize("depth", [2, 3])
def test_traced_connect4_search_tree(depth):
    state = Connect4.from_moves("4453")
    r = fast.alphabeta(state, depth, evaluation_table, trace=True)
    tree = build_search_tree(r.trace)
    assert len(tree.nodes) == r.nodes and len(tree.edges()) == r.nodes - 1
    cut_nodes = {e.parent for e in tree.pruned}
    assert len(cut_nodes) == r.cutoffs > 0
    names = NodeNames(tree, state)
    for e in tree.pruned:
        here = names.state(e.parent)
        searched = {tree.nodes[c].action for c in tree.nodes[e.parent].children}
        assert e.action in here.legal_actions() and e.action not in searched
    dot = draw_search(r, state=state)
    assert len([n for n in visible_nodes(dot) if n.startswith("p")]) == len(tree.pruned)
    assert len([n for n in visible_nodes(dot) if n.startswith("n")]) == r.nodes


def test_tt_hits_and_pvs_researches_are_marked():
    state = Connect4.from_moves("444")
    r = fast.alphabeta(state, 4, evaluation_table, tt=True, trace=True)
    tree = build_search_tree(r.trace)
    assert sum(n.kind == "tt_hit" for n in tree.nodes.values()) == r.tt_hits > 0
    assert "TT " in draw_search(r, state=state).source
    r = fast.pvs(ExplicitTree([[1, 2], [5, 6], [3, 9]]), trace=True)
    tree = build_search_tree(r.trace)
    probes = [n for n in tree.nodes.values() if n.probe]
    again = [n for n in tree.nodes.values() if n.research]
    assert r.researches == len(probes) == len(again) == 1
    assert probes[0].action == again[0].action and probes[0].parent == again[0].parent
    assert tree.principal_line(r.pv)[1] == again[0].id
    src = draw_search(r, state=ExplicitTree([[1, 2], [5, 6], [3, 9]])).source
    assert "re-search" in src and "null window" in src


def test_draw_tree_accepts_nested_lists_and_game_positions():
    assert "β ≤ α at N3" in draw_tree(RN).source
    assert "invtriangle" in draw_tree(Connect4.from_moves("4453"), depth=2).source
    with pytest.raises(ValueError, match="unknown algorithm"):
        draw_tree(RN, algorithm="mcts")


# ------------------------------------------------------------------ steppers
def test_stepper_steps_and_captions_at_the_cuts():
    from qsearch.viz.stepper import AlphaBetaStepper, MinimaxStepper, PVSStepper

    s = AlphaBetaStepper(doc003(), fail_hard=True)
    assert s.n_steps == len(s.result.trace) == 17
    cuts = [k for k, e in enumerate(s.result.trace) if e.kind == "cutoff"]
    assert [s.caption(k) for k in cuts] == ["At C3 (MIN) β = 1 ≤ α = 2: C7 is cut."]
    s = AlphaBetaStepper(rn())
    cuts = [k for k, e in enumerate(s.result.trace) if e.kind == "cutoff"]
    assert [s.caption(k) for k in cuts] == ["At C (MIN) β = 2 ≤ α = 3: c2 and c3 are cut."]
    m = MinimaxStepper(rn())
    assert m.n_steps == len(m.result.trace) and "cut" not in " ".join(m.captions())
    p = PVSStepper([[1, 2], [5, 6], [3, 9]])
    assert any("searched again" in c for c in p.captions())


def test_stepper_captions_at_connect4_cuts_name_the_cut_moves():
    from qsearch.viz.stepper import AlphaBetaStepper

    state = Connect4.from_moves("4453")
    s = AlphaBetaStepper(state, depth=2, evaluate=evaluation_table)
    for k, e in enumerate(s.result.trace):
        if e.kind == "cutoff":
            text = s.caption(k)
            assert text.startswith(f"At {s.names.name(e.node)} (")
            for a in e.pruned:
                assert s.names.child_name(e.node, a) in text


def test_stepper_widget_follows_the_slider_and_has_a_static_fallback():
    pytest.importorskip("ipywidgets")
    from qsearch.viz.stepper import AlphaBetaStepper

    s = AlphaBetaStepper(doc003(), fail_hard=True)
    box = s.widget
    assert s.caption_html.value != "" and "<svg" in s.picture.value
    first_caption, first_svg = s.caption_html.value, s.picture.value
    assert "step 1 of 17" in first_caption and s.previous.disabled and not s.next.disabled
    s.slider.value = 15                           # the slider counts 1..17 like the caption
    assert "step 15 of 17" in s.caption_html.value
    assert "C7 is cut" in s.caption_html.value and s.picture.value != first_svg
    assert s.caption_html.value != first_caption
    s.next.click()
    assert s.slider.value == 16
    s.next.click()
    assert s.slider.value == 17 and s.next.disabled and not s.previous.disabled
    s.slider.value = 1
    s.previous.click()
    assert s.slider.value == 1
    assert s.final_svg().startswith("<svg") and "β ≤ α at C3" in s.final_svg()
    assert "application/vnd.jupyter.widget-view+json" in s._repr_mimebundle_()
    assert box is s.widget
    with pytest.raises(ValueError):
        s.caption(s.n_steps)


def test_strict_cuts_are_named_by_the_test_they_use():
    """Document 002's Alg. 2 cuts only when alpha > beta: the picture and the stepper's
    caption say β < α / α > β there, and β ≤ α / α ≥ β for the usual cut."""
    from qsearch.viz import AlphaBetaStepper

    tree = ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    for strict, sign in ((False, "≤"), (True, "<")):
        dot = draw_tree(tree, strict=strict).source
        assert f"β {sign} α at" in dot
        stepper = AlphaBetaStepper(tree, strict=strict)
        captions = [stepper.caption(k) for k in range(stepper.n_steps)]
        cut = next(c for c in captions if "cut." in c)
        assert f" {sign} α = " in cut, cut
        other = "<" if sign == "≤" else "≤"
        assert f"β {other} α" not in dot and f" {other} α = " not in cut
