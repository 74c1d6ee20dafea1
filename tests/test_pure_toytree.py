"""PyExplicitTree, the plain-Python toy tree, against the compiled ExplicitTree.

The trees are the lessons' (notebooks 01 and 02: document 003's example, Russell & Norvig's
figure, the notebook's 100 random trees, the exercises' ``random_tree`` trees) and 200 more
``random_tree`` ones of every shape. On each: every node compared, random root-to-leaf games
in lockstep with every error path, text forms, names, copies and pickles; then the searches,
and the lesson's widgets (steppers, exercises, the editor) run with the pure class standing
in for the compiled one, as pure mode does, giving the same answers and pictures.
"""
import math
import random

import pytest
from helpers import random_tree_spec, same_result
from pure_engine_checks import (
    copies_agree,
    imports_without_compiled_code,
    observe,
    outcome,
    own_dunders,
    play_in_lockstep,
    public_names,
    same_error,
)

import qsearch.games as games
import qsearch.games.toytree as compiled_toytree
import qsearch.games.toytrees as toytrees
import qsearch.reference as ref
import qsearch.search as fast
from qsearch.games import ExplicitTree, check_game
from qsearch.games.toytrees import random_tree
from qsearch.reference.toytree import PyExplicitTree

RN_NAMES = ["A", "B", "C", "D", "b1", "b2", "b3", "c1", "c2", "c3", "d1", "d2", "d3"]


def lesson_trees() -> list:
    """``(spec, names, root_player)`` of every toy tree notebooks 01 and 02 build."""
    trees = [([[4, 2], [1, 8]], "C", 0),                                # document 003
             ([[3, 12, 8], [2, 4, 6], [14, 5, 2]], RN_NAMES, 0)]        # Russell & Norvig
    rng = random.Random(3)                                              # notebook 01's 100
    trees += [([random_tree_spec(rng, 4) for _ in range(rng.randint(1, 3))], None, 0)
              for _ in range(100)]
    built = [random_tree((2, 3), 3, seed=3, values=range(10), names="M"),
             random_tree(2, 3, seed=1, names="P"), random_tree(3, 2, seed=2, names="Q"),
             random_tree((2, 3), 3, seed=3, values=range(10)), random_tree(2, 4, seed=0)]
    return trees + [as_arguments(t) for t in built]


def random_trees() -> list:
    """200 ``random_tree`` trees: ragged and full, both root players, every kind of names."""
    trees = []
    for seed in range(200):
        rng = random.Random(seed)
        branching = rng.choice([1, 2, 3, (1, 3), (1, 4), (2, 5)])
        names = [None, "T", "node_"][seed % 3]
        values = [range(-9, 10), [0.5, -2.25, 7], [-math.inf, 1, math.inf]][seed % 3]
        tree = random_tree(branching, rng.randint(1, 4), seed=seed, values=values, names=names,
                           root_player=seed % 2)
        trees.append(as_arguments(tree))
    return trees


def as_arguments(tree) -> tuple:
    """``(spec, names, root_player)`` a compiled tree was built from (its pickle data)."""
    _, (spec, names, root_player, _) = tree.__reduce__()
    return spec, names, root_player


LESSON_TREES = lesson_trees()
RANDOM_TREES = random_trees()


def both(spec, names=None, root_player=0):
    return (PyExplicitTree(spec, names=names, root_player=root_player),
            ExplicitTree(spec, names=names, root_player=root_player))


def every_path(state, path=()):
    """The path of every node of the tree, root first (depth-first)."""
    yield path
    for a in state.at(path).legal_actions():
        yield from every_path(state, path + (a,))


def test_imports_no_compiled_module():
    loaded = imports_without_compiled_code("qsearch.reference.toytree")
    assert "qsearch.reference.toytree" in loaded and "qsearch.games" not in loaded


def test_same_public_api_as_the_compiled_engine():
    assert public_names(PyExplicitTree) == public_names(ExplicitTree)
    assert own_dunders(PyExplicitTree) == own_dunders(ExplicitTree)
    for name in ("path", "spec", "names"):
        assert isinstance(PyExplicitTree.__dict__[name], property)


def compare_every_node(pure, compiled) -> int:
    paths = list(every_path(compiled))
    for path in paths:
        a, b = pure.at(path), compiled.at(path)
        assert observe(a) == observe(b)
        assert (a.node_name(), a.node_index(), a.path, a.num_nodes()) == (
            b.node_name(), b.node_index(), b.path, b.num_nodes())
        assert outcome(a.leaf_value) == outcome(b.leaf_value)
        assert hash(a) == hash(b)              # the same tuple is hashed: same number
        if path:                              # a path of names reaches the same node
            by_name = [compiled.at(path[:i + 1]).node_name() for i in range(len(path))]
            assert pure.at(by_name) == a and compiled.at(by_name) == b
    assert len(paths) == pure.num_nodes() == compiled.num_nodes()
    return len(paths)


@pytest.mark.parametrize("trees", ["lessons", "random"])
def test_every_node_of_every_tree_agrees(trees):
    for spec, names, root_player in LESSON_TREES if trees == "lessons" else RANDOM_TREES:
        pure, compiled = both(spec, names, root_player)
        assert (pure.spec, pure.names) == (compiled.spec, compiled.names)
        assert pure.num_distinct_actions() == compiled.num_distinct_actions()
        compare_every_node(pure, compiled)


def test_random_games_in_lockstep():
    rng = random.Random(20)
    played = 0
    for spec, names, root_player in LESSON_TREES[:40] + RANDOM_TREES:
        pure, compiled = both(spec, names, root_player)
        play_in_lockstep(pure, compiled, rng)
        played += 1
    assert played == 240


def test_text_forms_round_trip():
    for spec, names, root_player in LESSON_TREES + RANDOM_TREES[::5]:
        pure, compiled = both(spec, names, root_player)
        for path in list(every_path(compiled))[::3]:
            a, b = pure.at(path), compiled.at(path)
            assert repr(a) == repr(b) and str(a) == str(b)
            assert eval(repr(a), {"ExplicitTree": PyExplicitTree, "inf": math.inf}) == a


def test_a_state_made_without_init_is_a_lone_leaf():
    pure, compiled = (cls.__new__(cls) for cls in (PyExplicitTree, ExplicitTree))
    assert observe(pure) == observe(compiled)
    assert (pure.spec, pure.names, pure.path, pure.num_nodes()) == (
        compiled.spec, compiled.names, compiled.path, compiled.num_nodes())
    assert pure.__reduce__()[1] == compiled.__reduce__()[1]
    same_error(pure, compiled, lambda s: s.apply_action(0))


@pytest.mark.parametrize("spec, kwargs", [
    (5, {}), (True, {}), (2.5, {}), ("[[1, 2]]", {}), ([], {}), ([1, []], {}), ([1, None], {}),
    ([1, float("nan")], {}), ([1, b"x"], {}), ([1, [True]], {}), ({1: 2}, {}),
    ([0] * 513, {}), ([[1, 2]], {"names": ""}), ([[1, 2]], {"names": 5}),
    ([[1, 2]], {"names": ["a", "b"]}), ([[1, 2]], {"names": ["a", "b", "c", 4]}),
    ([[1, 2]], {"names": ["a", "b", " ", "d"]}), ([[1, 2]], {"names": ["a", "b", "a", "b"]}),
    ([[1, 2]], {"root_player": 2}), ([[1, 2]], {"root_player": True}),
    ([[1, 2]], {"root_player": None}), ([[1, 2]], {"root_player": "0"}),
])
def test_bad_trees_raise_the_same_error(spec, kwargs):
    got = outcome(lambda: PyExplicitTree(spec, **kwargs))
    assert got == outcome(lambda: ExplicitTree(spec, **kwargs))
    assert got[0] in (TypeError, ValueError)


def test_too_deep_a_tree_is_refused_alike():
    spec = 1
    for _ in range(201):
        spec = [spec]
    got = outcome(lambda: PyExplicitTree(spec))
    assert got == outcome(lambda: ExplicitTree(spec)) and "deeper than 200" in got[1]


def test_accepted_inputs_agree():
    # tuples, floats that are whole, a leaf above the bottom, names as any iterable, a
    # float root player (the compiled engine converts it to an int)
    for spec, kwargs in [(((1, 2.0), 3), {}), ([[1, [2, -3.5]], 4], {"names": tuple("abcdefg")}),
                         ([[1, 2]], {"root_player": 1.0}), ([[math.inf, -math.inf]], {})]:
        pure, compiled = PyExplicitTree(spec, **kwargs), ExplicitTree(spec, **kwargs)
        compare_every_node(pure, compiled)
        assert repr(pure) == repr(compiled)


def test_names_and_paths_error_alike():
    pure, compiled = both([[3, 12, 8], [2, 4, 6], [14, 5, 2]], RN_NAMES)
    for call in (lambda s: s.at(["B", "zz"]), lambda s: s.at([5]), lambda s: s.at("B"),
                 lambda s: s.at(["b1"]), lambda s: s.at(None), lambda s: s.at([0, 0, 0]),
                 lambda s: s.string_to_action("²"), lambda s: s.string_to_action(" C "),
                 lambda s: s.child(1).string_to_action("c3"), lambda s: s.leaf_value(),
                 lambda s: s.child(0).child(0).leaf_value(), lambda s: s.player_return(3)):
        same_error(pure, compiled, call)


@pytest.mark.compiled
def test_copies_pickles_equality_and_hashes():
    for spec, names, root_player in LESSON_TREES[:2] + RANDOM_TREES[:30]:
        pure, compiled = both(spec, names, root_player)
        for path in list(every_path(compiled))[:12]:
            copies_agree(pure.at(path), compiled.at(path))
    # equal trees built separately are equal, at the same node, whoever made them
    a, b = both([[1, 2], [3]], "X")
    assert a == PyExplicitTree([[1, 2], [3]], names="X") and a != a.child(0)
    assert a != PyExplicitTree([[1, 2], [3]]) and a != PyExplicitTree([[1, 2], [3]], "X", 1)
    assert (a == b) is False                   # different engines never compare equal


def test_the_contract_suite():
    assert check_game(lambda: PyExplicitTree(LESSON_TREES[1][0]), games=10, seed=1) > 10
    assert check_game(PyExplicitTree(*RANDOM_TREES[7]), games=20, seed=2) > 20


@pytest.mark.parametrize("algorithm, options", [
    ("minimax", {}), ("negamax", {}), ("alphabeta", {}), ("alphabeta", {"fail_hard": True}),
    ("alphabeta", {"strict": True}), ("pvs", {}),
])
def test_readable_searches_on_pure_equal_compiled_searches(algorithm, options):
    twin, compiled_search = getattr(ref, algorithm), getattr(fast, algorithm)
    for k, (spec, names, root_player) in enumerate(LESSON_TREES[:30] + RANDOM_TREES[::4]):
        pure, compiled = both(spec, names, root_player)
        depth = None if k % 3 else 2
        a = twin(pure, depth, trace=True, **options)
        b = compiled_search(compiled, depth, trace=True, **options)
        assert same_result(a, b) and a.trace == b.trace
        c = compiled_search(pure, depth, **options)                  # the dispatch: the twin
        assert c.engine == "python" and same_result(c, b)


def test_mcts_twin_on_pure_equals_compiled_mcts():
    finite = [t for t in RANDOM_TREES if math.inf not in _leaves(t[0])]   # no NaN in Q
    for k, (spec, names, root_player) in enumerate(finite[::6]):
        pure, compiled = both(spec, names, root_player)
        a = ref.mcts(pure, 30, seed=k, trace=True, keep_tree=True)
        b = fast.mcts(compiled, 30, seed=k, trace=True, keep_tree=True)
        assert a.children == b.children and (a.value, a.action, a.nodes) == (
            b.value, b.action, b.nodes)
        assert a.trace == b.trace and a.tree == b.tree


def _leaves(spec) -> list:
    if isinstance(spec, tuple):
        return [v for child in spec for v in _leaves(child)]
    return [abs(spec)]


# ---------------------------------------------------------------- the lessons, in pure mode
def lesson_run() -> tuple:
    """What notebooks 01 and 02 do with toy trees: ``(the tree classes met, the texts and
    pictures to compare)``."""
    from qsearch.viz import AlphaBetaStepper, MinimaxStepper, draw_tree
    from qsearch.viz.exercise import AlphaBetaExercise, MinimaxExercise, MoveOrderingExercise
    from qsearch.viz.exercise_editor import TreeEditor

    seen, kinds = [], set()
    example3 = games.ExplicitTree([[4, 2], [1, 8]], names="C")
    rn = games.ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]], names=RN_NAMES)
    kinds.add(type(example3).__name__)
    for tree in (example3, rn):
        seen += [draw_tree(tree, "alphabeta", fail_hard=True).source,
                 draw_tree(tree, "minimax").source]
    stepper = AlphaBetaStepper(example3, fail_hard=True, title="Example 4")
    seen += stepper.captions() + [stepper.draw(3).source]
    seen += MinimaxStepper(rn).captions() + AlphaBetaStepper(rn).captions()
    seen.append(draw_tree([[1, [2, 3]], [4]], "pvs").source)          # nested lists as a tree

    tree_a = toytrees.random_tree((2, 3), 3, seed=3, values=range(10), names="M")
    tree_b = toytrees.random_tree(2, 3, seed=1, names="P")
    tree_c = toytrees.random_tree(3, 2, seed=2, names="Q")
    kinds |= {type(t).__name__ for t in (tree_a, tree_b, tree_c)}
    seen += [toytrees.tree_to_text(t) for t in (tree_a, tree_b, tree_c)]
    seen += [toytrees.named_nodes(tree_b), toytrees.as_tree(tree_b.child(1)).names]
    text = "A:[B:[3, 12, 8], C:[2, 4, 6], D:[14, 5, 2]]"
    parsed = toytrees.tree_from_text(text)
    kinds.add(type(parsed).__name__)
    seen += [repr(parsed), toytrees.tree_to_text(parsed), parsed.names]
    seen.append(repr(toytrees.tree_from_named(toytrees.named_nodes(tree_a))))

    exercise_a = MinimaxExercise(tree_a, title="Exercise A")
    exercise_b = AlphaBetaExercise(tree_b, fail_hard=True, windows=True, title="Exercise B")
    exercise_c = MoveOrderingExercise(tree_c, title="Exercise C")
    seen += [exercise_a.solution(), exercise_b.solution(), exercise_c.best_orders(),
             exercise_c.nodes_visited(), exercise_c.nodes_visited(exercise_c.best_orders())]
    demo = AlphaBetaExercise(example3, fail_hard=True)
    for node, value in {"C1": 2, "C2": 2, "C3": 1}.items():
        demo.enter(node, value)
    demo.cut("C6")
    seen += [str(demo.check()), demo.first_mistake_step(), demo.draw().source,
             demo.show_me().caption(demo.show_me().slider.value - 1)]

    editor = TreeEditor(title="Edit me")
    editor.set_value("C1", 9)
    new = editor.add_child("D", 7)
    editor.move(new, -1)
    kinds.add(type(editor.tree).__name__)
    seen += [editor.text, editor.names(), editor.draw().source,
             editor.stepper("alphabeta", fail_hard=True).captions(),
             editor.exercise(fail_hard=False).solution()]
    for tree_text in ("[[3, 12, 8], [2, 4, 6]]", "[[1, 2], [3"):
        seen.append(outcome(lambda t=tree_text: toytrees.tree_from_text(t).spec))
    return kinds, seen


@pytest.mark.compiled
def test_the_lessons_give_the_same_answers_and_pictures_in_pure_mode(monkeypatch):
    compiled_kinds, compiled_run = lesson_run()
    # ExplicitTree is PyExplicitTree wherever the lessons' code looks it up, as in pure mode
    for module in (games, compiled_toytree, toytrees):
        monkeypatch.setattr(module, "ExplicitTree", PyExplicitTree)
    pure_kinds, pure_run = lesson_run()
    assert compiled_kinds == {"ExplicitTree"} and pure_kinds == {"PyExplicitTree"}
    assert pure_run == compiled_run


def test_random_tree_builds_the_same_trees_in_pure_mode(monkeypatch):
    def build(seed):
        return toytrees.random_tree((1, 3), 1 + seed % 4, seed=seed,
                                    names="R" if seed % 2 else None, root_player=seed % 2)

    compiled = [build(seed) for seed in range(200)]
    texts = [toytrees.tree_to_text(t) for t in compiled]
    monkeypatch.setattr(toytrees, "ExplicitTree", PyExplicitTree)
    for seed, (b, text) in enumerate(zip(compiled, texts, strict=True)):
        a = build(seed)
        assert type(a) is PyExplicitTree and observe(a) == observe(b)
        assert (a.spec, a.names) == (b.spec, b.names)
        assert toytrees.tree_to_text(a) == text
        assert toytrees.tree_from_text(text, root_player=seed % 2) == a
