"""Seeded random trees and the text form of toy trees (qsearch.games.toytrees)."""
import math

import pytest

from qsearch.games import ExplicitTree
from qsearch.games.toytrees import random_tree, tree_from_text, tree_to_text
from qsearch.search import alphabeta, minimax


def brute_minimax(item, is_max=True):
    """The textbook value of nested lists/tuples, straight from the definition."""
    if not isinstance(item, (list, tuple)):
        return item
    values = [brute_minimax(c, not is_max) for c in item]
    return max(values) if is_max else min(values)


def shape(item, depth=0):
    """``[(depth, number of children)]`` of every inner node, and the leaves' depths."""
    if not isinstance(item, tuple):
        return [], [depth]
    inner, leaves = [(depth, len(item))], []
    for c in item:
        i, ls = shape(c, depth + 1)
        inner += i
        leaves += ls
    return inner, leaves


def test_random_tree_is_reproducible_from_its_seed():
    a, b = random_tree(3, 3, seed=7), random_tree(3, 3, seed=7)
    assert a == b and a.spec == b.spec
    assert len({random_tree(3, 3, seed=s).spec for s in range(20)}) == 20


@pytest.mark.parametrize("b,d", [(1, 1), (2, 4), (3, 3), (5, 2)])
def test_fixed_branching_has_the_full_shape(b, d):
    t = random_tree(b, d, seed=b * 10 + d, values=[1, 2, 3])
    inner, leaves = shape(t.spec)
    assert all(n == b for _, n in inner) and set(leaves) == {d}
    assert t.num_nodes() == sum(b ** k for k in range(d + 1))
    assert set(_leaf_values(t.spec)) <= {1, 2, 3}


def test_ragged_branching_stays_in_range_and_uses_it():
    counts = set()
    for seed in range(30):
        inner, leaves = shape(random_tree((1, 4), 3, seed=seed).spec)
        assert set(leaves) == {3}
        counts |= {n for _, n in inner}
    assert counts == {1, 2, 3, 4}


def test_random_trees_search_like_the_definition():
    for seed in range(40):
        t = random_tree((2, 3), 4, seed=seed, values=range(-20, 21), root_player=seed % 2)
        want = brute_minimax(t.spec)             # values are MAX's, whoever moves first
        want = want if seed % 2 == 0 else -brute_minimax(t.spec, is_max=False)
        assert minimax(t).value == alphabeta(t).value == want


def test_names_and_root_player_are_passed_on():
    t = random_tree(2, 2, seed=1, names="C", root_player=1)
    assert t.names == ("C1", "C2", "C3", "C4", "C5", "C6", "C7")
    assert t.current_player() == 1


def _leaf_values(item):
    if not isinstance(item, tuple):
        return [item]
    return [v for c in item for v in _leaf_values(c)]


# ---------------------------------------------------------------- text form
def test_russell_norvig_from_a_slide():
    t = tree_from_text("A:[B:[3, 12, 8], C:[2, 4, 6], D:[14, 5, 2]]")
    assert t.spec == ((3, 12, 8), (2, 4, 6), (14, 5, 2))
    assert t.names[:4] == ("A", "B", "C", "D") and t.names[4] == "N5"
    assert alphabeta(t).value == 3
    plain = tree_from_text("[[3, 12, 8], [2, 4, 6], [14, 5, 2]]")
    assert plain == ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]])
    assert tree_to_text(plain) == "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]"


def test_python_lists_print_as_text_that_reads_back():
    for seed in range(30):
        t = random_tree((1, 3), 3, seed=seed)
        lists = eval(tree_to_text(t))                        # plain Python literal too
        assert ExplicitTree(lists) == t == tree_from_text(str(lists))


@pytest.mark.parametrize("names", [None, "C", "node"])
def test_round_trip_keeps_values_and_names(names):
    for seed in range(20):
        t = random_tree((1, 3), 3, seed=seed, names=names, values=[-1.5, 0, 2, 7])
        text = tree_to_text(t)
        assert tree_from_text(text) == t and tree_from_text(text).names == t.names
        assert ("C1:" in text) == (names == "C")


def test_numbers_floats_and_infinities():
    t = tree_from_text("[[2.5, -4, inf], [-inf, +3, 1e2], [∞, .5, -0.25],]")
    assert t.spec == ((2.5, -4, math.inf), (-math.inf, 3, 100.0), (math.inf, 0.5, -0.25))
    assert tree_from_text(tree_to_text(t)) == t


@pytest.mark.parametrize("text,message", [
    ("[", "expected a leaf value or '\\['"),
    ("[1,,2]", "character 4"),
    ("[[1],[2]", "at the end"),
    ("3", "root of a tree must be a list"),
    ("[1 2]", "character 4"),
    ("[a]", "unexpected 'a'"),
    ("[]", "character 2"),
    ("[1] 2", "end of the text"),
    ("[1, @]", "unexpected '@'"),
    ("[x:1, x:2]", "unique"),
])
def test_malformed_text_raises_value_error(text, message):
    with pytest.raises(ValueError, match=message):
        tree_from_text(text)


def test_bad_arguments():
    with pytest.raises(TypeError):
        tree_from_text([[1, 2]])
    with pytest.raises(TypeError):
        tree_to_text("[[1]]")
    with pytest.raises(ValueError, match="depth must be >= 1"):
        random_tree(2, 0, seed=1)
    with pytest.raises(TypeError, match="depth"):
        random_tree(2, 1.5, seed=1)
    with pytest.raises(ValueError, match="1 <= lo <= hi"):
        random_tree((3, 2), 2, seed=1)
    with pytest.raises(ValueError, match="1 <= lo <= hi"):
        random_tree(0, 2, seed=1)
    with pytest.raises(TypeError, match="branching"):
        random_tree("3", 2, seed=1)
    with pytest.raises(TypeError, match="seed"):
        random_tree(2, 2, seed="x")
    with pytest.raises(ValueError, match="non-empty"):
        random_tree(2, 2, seed=1, values=[])
    with pytest.raises(TypeError, match="numbers"):
        random_tree(2, 2, seed=1, values=["a"])
    with pytest.raises(ValueError, match="too big"):
        random_tree(10, 6, seed=1)
