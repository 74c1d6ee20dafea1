"""MCTS pictures: the tree rebuilt from the trace equals the search's own tree, the stepper
shows each iteration, the UCT bars carry the formula's numbers, and bad input is refused."""

import math
import re

import pytest

from qsearch.games import Connect4, TicTacToe
from qsearch.search.mcts import mcts
from qsearch.viz.mcts import MCTSStepper, draw_mcts, tree_as_of, uct_terms

pytest.importorskip("graphviz")
WORKED = TicTacToe.from_board("x../o.x/xoo")


def by_path(tree):
    """``{actions from the root: (N, Q, mover)}``: the tree whatever its node order."""
    paths, out = [], {}
    for i, p in enumerate(tree.parent):
        paths.append(() if p < 0 else paths[p] + (tree.action[i],))
        out[paths[i]] = (tree.N[i], tree.Q[i], tree.mover[i])
    return out


def test_tree_from_trace_equals_final_tree():
    for state in (WORKED, Connect4.from_moves("4453")):
        traced = mcts(state, 150, seed=3, trace=True)
        kept = mcts(state, 150, seed=3, keep_tree=True)
        assert by_path(tree_as_of(traced.trace, 150)) == by_path(kept.tree)
        part = by_path(tree_as_of(traced.trace, 10))
        assert part[()][0] == 10 and len(part) == 11        # root + one node per iteration


def test_stepper_captions_and_pictures():
    st = MCTSStepper(WORKED, 100, seed=0)
    assert st.n_steps == 100 and st.result.action == 2
    assert st.caption(1).startswith("Iteration 1: selection x@")
    assert "root now has N = 100" in st.caption(100)
    svg = st.svg(4)
    assert svg.startswith("<svg") and "N=4" in svg
    st.step_to(30)
    assert st.slider.value == 30 and "Iteration 30" in st.caption_html.value
    assert "N=30" in st.picture.value
    with pytest.raises(ValueError, match="1..100"):
        st.caption(0)
    with pytest.raises(TypeError):
        st.svg("3")


def test_uct_terms_match_the_formula():
    result = mcts(WORKED, 100, seed=0, keep_tree=True)
    terms = dict((a, (e, x)) for a, e, x in uct_terms(result.tree, 1.5))
    for ch in result.children:
        e, x = terms[ch.action]
        assert e == ch.Q / ch.N
        assert x == 1.5 * math.sqrt(math.log(100) / ch.N)
    st = MCTSStepper(WORKED, 20, seed=0)
    assert st.bars_svg(20).count('class="exploit"') == 3


def test_draw_mcts_limits_and_errors():
    result = mcts(Connect4(), 300, seed=1, keep_tree=True, trace=True)
    dot = draw_mcts(result, top_k=2, max_depth=1)
    assert dot.source.count(" -> ") == 2 and "(+5 more)" in dot.source
    assert "color=\"#c01c28\"" in draw_mcts(result, iteration=5).source
    with pytest.raises(ValueError, match="keep_tree"):
        draw_mcts(mcts(Connect4(), 10))
    with pytest.raises(ValueError, match="top_k"):
        draw_mcts(result, top_k=0)


def test_pictures_of_other_games():
    from qsearch.games import Pig, Reversi

    reversi = Reversi()
    dot = draw_mcts(mcts(reversi, 50, seed=1, keep_tree=True), state=reversi, max_depth=1,
                    top_k=None)
    assert all(cell in dot.source for cell in ("d3", "c4", "f5", "e6"))
    pig = Pig(20, 4, 60)
    st = MCTSStepper(pig, 30, seed=2)
    assert any("chance: Roll" in st.caption(k) for k in range(1, 31))


def test_bars_outline_the_move_the_next_iteration_selects():
    """The outlined bar is UCT's next choice, ties to the child expanded first (mejorUCT):
    the search's own next iteration is the oracle."""
    for state, n in ((WORKED, 100), (Connect4.from_moves("4453"), 200)):
        st = MCTSStepper(state, n, seed=1)
        checked = 0
        for k in range(1, n):
            choice = st.next_choice(k)
            if choice is not None:
                assert choice == st.result.trace[k].path[0], k
                checked += 1
        assert checked > n // 2
    st = MCTSStepper(WORKED, 30, seed=0)
    assert st.next_choice(1) is None                     # two root moves not visited yet
    first = st.bars_svg(1)
    assert first.count("unvisited: ∞") == 2 and 'class="uct-row chosen"' not in first
    assert [t for t in ("x@1", "x@2", "x@4") if f">{t}</text>" in first] == ["x@1", "x@2", "x@4"]
    outlined = re.search(r'class="uct-row chosen"><text[^>]*>([^<]*)<', st.bars_svg(20))
    assert outlined.group(1) == "x@1"                    # x@1 ties x@4, and was expanded first


def test_captions_name_the_winner_in_the_games_terms():
    c4 = MCTSStepper(Connect4.from_moves("4453"), 20, seed=0)
    results = [c4.caption(k).split("; result ")[1] for k in range(1, 21)]
    assert all(r.startswith(("player 0 wins (+1", "player 1 wins (-1", "draw")) for r in results)
    ttt = MCTSStepper(WORKED, 5, seed=0)
    assert "result x wins (+1 for player 0)" in ttt.caption(1)
