"""The practice widgets driven headless: entries right and wrong, the grade, "show me"."""
import html
import re

import pytest

from qsearch.games.toytree import ExplicitTree
from qsearch.games.toytrees import random_tree
from qsearch.reference import alphabeta as ref_alphabeta
from qsearch.reference import minimax as ref_minimax
from qsearch.viz.exercise import (
    AlphaBetaExercise,
    MinimaxExercise,
    MoveOrderingExercise,
    parse_entry,
)

# Russell & Norvig, Fig. 5.2:           A (MAX)
#                           B (MIN)     C (MIN)      D (MIN)
#                          3  12  8    2  [4  6]   14  5  2      C's 4 and 6 are cut
RN = "A:[B:[B1:3, B2:12, B3:8], C:[C1:2, C2:4, C3:6], D:[D1:14, D2:5, D3:2]]"


def test_the_solution_is_the_search_russell_norvig():
    ex = AlphaBetaExercise(RN, fail_hard=False)
    sol = ex.solution()
    assert sol["values"] == {"A": 3, "B": 3, "C": 2, "D": 2}     # fail-soft: C returns 2
    assert sol["cuts"] == ["C2", "C3"]
    hard = AlphaBetaExercise(RN, fail_hard=True).solution()
    assert hard["values"]["C"] == 3                             # clamped to C's alpha


def test_right_answers_pass_and_wrong_ones_are_named():
    ex = AlphaBetaExercise(RN, fail_hard=False)
    for node, value in {"A": 3, "B": 3, "C": 2, "D": 2}.items():
        ex.enter(node, value)
    ex.cut("C2")
    ex.cut("C3")
    grade = ex.check()
    assert grade.passed and (grade.right, grade.total) == (6, 6)

    ex.enter("C", "4")                          # wrong value
    ex.cut("C3", on=False)                      # a missed cut
    ex.cut("D2")                                # a cut that does not happen
    grade = ex.check()
    assert not grade.passed and (grade.right, grade.total) == (4, 6)   # the 6 entries made
    assert {(m.node, m.what) for m in grade.mistakes} == {("C", "value"), ("C3", "cut"),
                                                         ("D2", "cut")}
    text = str(grade)
    assert "4 of 6 right" in text
    assert "C (MIN) does not return 4" in text and "2" not in text.replace("D2", "")
    assert "C3" not in text and "cut happens at C" not in text    # the missed ✂: unnamed
    assert "The ✂ on the branch to D2 is wrong" in text and "β ≤ α" in text
    # in the order the search meets them: C's cut (C3) before C's return before D2
    assert [m.node for m in grade.mistakes] == ["C3", "C", "D2"]


def test_windows_are_graded_when_asked():
    ex = AlphaBetaExercise(RN, fail_hard=True, windows=True)
    ex.fill_in_solution()
    assert ex.check().passed and ex.solution()["windows"]["C"] == (3, 2)
    ex.enter("C", 3, alpha=3, beta=4)
    mistakes = ex.check().mistakes
    assert [(m.node, m.what, m.expected, m.given) for m in mistakes] == [("C", "beta", 2, 4)]
    with pytest.raises(ValueError, match="does not ask for windows"):
        AlphaBetaExercise(RN).enter("C", 3, alpha=1)


def test_entries_inside_a_cut_branch_are_mistakes():
    ex = AlphaBetaExercise("[[1, 2], [0, [5, 6]]]")        # N5's subtree [5, 6] is cut
    sol = ex.solution()
    assert "N7" not in sol["values"] and sol["cuts"] == ["N7"]
    ex.fill_in_solution()
    ex.enter("N7", 5)
    (m,) = ex.check().mistakes
    assert m.node == "N7" and m.what == "value" and not m.asked
    # the same words as a wrong value at a node the search reaches (N7 and N1: both MAX)
    reached = AlphaBetaExercise("[[1, 2], [0, [5, 6]]]")
    reached.enter("N1", 5)
    (r,) = [x for x in reached.check().mistakes if x.message]
    assert m.message == r.message.replace("N1", "N7")
    assert "never" not in m.message and "pruned" not in m.message


def test_show_me_opens_the_stepper_at_the_first_mistake():
    ex = AlphaBetaExercise(RN, fail_hard=False)
    ex.fill_in_solution()
    ex.cut("C3", on=False)
    stepper = ex.show_me()
    edge = ex.cuts["C3"]
    assert stepper.slider.value == edge.event + 1
    assert "C2 and C3 are cut" in stepper.caption(edge.event)


def test_the_widget_follows_entries_and_grades_clicks():
    ex = AlphaBetaExercise(RN, fail_hard=False)
    w = ex.widget
    assert w is not None and "<svg" in ex.picture.value
    ex.boxes["A"]["value"].value = "3"          # typing, as a student does
    assert ex.values == {"A": 3}
    ex.boxes["B"]["value"].value = "three"
    assert "not a number" in ex.feedback.value and "B" not in ex.values
    ex.cut_buttons["C2"].value = True
    assert ex.marked == {"C2"}
    ex.check_button.click()
    assert "2 of 3 right" in ex.feedback.value and not ex.show_button.disabled
    assert "&#x27;three&#x27; is not a number" in ex.feedback.value
    ex.fill_in_solution()                       # headless entries show in the boxes
    assert ex.boxes["C"]["value"].value == "2" and ex.cut_buttons["C3"].value
    assert ex.show_button.disabled              # an edit: Show me waits for the next Check
    ex.check_button.click()
    assert "All 6 answers are right" in ex.feedback.value and not ex.show_button.disabled
    ex.show_button.click()
    assert ex.stepper_box.children


def test_static_svg_shows_the_entries():
    ex = AlphaBetaExercise(RN)
    ex.enter("B", 3)
    svg = ex._repr_svg_()
    assert svg.startswith("<svg") and ">3<" in svg and "?" in svg
    bundle = ex._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "image/svg+xml" in data and "application/vnd.jupyter.widget-view+json" in data


@pytest.mark.parametrize("seed", range(20))
def test_random_trees_agree_with_the_reference_search(seed):
    tree = random_tree((1, 3), 3, seed=seed)
    ex = AlphaBetaExercise(tree, fail_hard=False)
    ref = ref_alphabeta(tree, trace=True)
    assert ex.solution()["values"][tree.node_name()] == ref.value
    assert len(ex.solution()["cuts"]) == len([e for e in ex.search.pruned])
    mm = MinimaxExercise(tree).solution()["values"]
    brute = _brute_minimax(tree.spec, True)
    assert mm[tree.node_name()] == brute == ref_minimax(tree).value


def _brute_minimax(spec, is_max):
    if not isinstance(spec, tuple):
        return spec
    vals = [_brute_minimax(c, not is_max) for c in spec]
    return max(vals) if is_max else min(vals)


def test_minimax_exercise_grades_every_inner_node():
    ex = MinimaxExercise(RN)
    assert ex.solution() == {"values": {"A": 3, "B": 3, "C": 2, "D": 2}}
    ex.enter("A", 3)
    ex.enter("B", 3)
    ex.enter("C", 2)
    ex.enter("D", 5)
    (m,) = ex.check().mistakes
    assert (m.node, m.expected, m.given) == ("D", 2, 5) and "smallest" in m.message
    assert "2" not in m.message and "as far as" not in m.message
    with pytest.raises(ValueError, match="asks for no pruned branches"):
        ex.cut("C2")


def test_move_ordering_best_first_passes_and_a_bad_order_fails():
    ex = MoveOrderingExercise(RN)
    assert "[" not in ex.svg() and "β ≤ α" not in ex.svg()    # no search shown before Check
    assert ex.best_orders()["D"] == ["D3", "D2", "D1"]
    assert not ex.check().passed                # the book's order is not the best
    assert ex.counts == (11, 9)
    assert "β ≤ α at C" in ex.svg()                          # after Check: the search, cuts
    for node, order in ex.best_orders().items():
        ex.order(node, order)
    assert ex.check().passed and ex.counts == (9, 9)
    ex.order("A", "D, C, B")
    grade = ex.check()
    assert not grade.passed and "Look at A (MAX): its first child D is not the best" in str(grade)
    with pytest.raises(ValueError, match="children of B are B1, B2 and B3, each once"):
        ex.order("B", ["B1", "B2"])


def test_move_ordering_is_minimal_on_uniform_trees():
    # Knuth & Moore: best first visits b^ceil(d/2) + b^floor(d/2) - 1 leaves
    for seed in range(5):
        tree = random_tree(3, 4, seed=seed, values=range(100))    # distinct-ish values
        ex = MoveOrderingExercise(tree)
        t = ex.reordered(ex.best_orders())
        from qsearch.search import alphabeta
        leaves = sum(e.kind == "terminal" for e in alphabeta(t, trace=True).trace)
        assert leaves <= 3 ** 2 + 3 ** 2 - 1


def test_bad_input_is_refused():
    with pytest.raises(TypeError):
        AlphaBetaExercise(42)
    with pytest.raises(ValueError, match="malformed"):
        AlphaBetaExercise("[[1, 2], [3")
    ex = AlphaBetaExercise(RN)
    with pytest.raises(ValueError, match="a leaf"):
        ex.enter("B1", 3)
    with pytest.raises(ValueError, match="no node below the root called .Z.: it must be one of B"):
        ex.cut("Z")
    with pytest.raises(ValueError, match="not a number"):
        ex.enter("A", "three")
    with pytest.raises(ValueError, match="MAX"):
        AlphaBetaExercise(ExplicitTree([[1, 2], [3, 4]], root_player=1))
    assert parse_entry("−∞") == float("-inf") and parse_entry(" ") is None
    assert parse_entry("2.5") == 2.5 and parse_entry("4") == 4


# ---------------------------------------------------------------- checks that teach
def numbers_said(text: str, names) -> set:
    """The numbers a check's text says, node names (M4, P12) taken out first."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    return {float(x) for x in re.findall(r"\d+(?:\.\d+)?", text)}


def inner_values(ex) -> set:
    """Every value (and window bound) the search gives an inner node: the answers."""
    sol = ex.solution()
    found = set(sol["values"].values())
    for window in sol.get("windows", {}).values():
        found |= set(window)
    return {abs(v) for v in found if v not in (float("inf"), float("-inf"))}


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("kind", ["minimax", "hard-windows", "soft-strict"])
def test_check_never_says_a_right_value(seed, kind):
    tree = random_tree((2, 3), 3, seed=seed, values=range(10), names="M")
    ex = {"minimax": lambda: MinimaxExercise(tree),
          "hard-windows": lambda: AlphaBetaExercise(tree, fail_hard=True, windows=True),
          "soft-strict": lambda: AlphaBetaExercise(tree, fail_hard=False, strict=True)}[kind]()
    empty = str(ex.check())
    assert empty.startswith("Nothing is entered yet") and "\n" not in empty
    assert numbers_said(empty, tree.names) == set()      # not even how many answers
    for k, name in enumerate(ex.inner):                    # every entry wrong: 100, 101, ...
        ex.enter(name, 100 + k, **({"alpha": 200 + k, "beta": 300 + k}
                                   if ex.ask_windows else {}))
    if ex.ask_cuts:
        ex.cut(ex.inner[-1])                               # a ✂ somewhere
    text = str(ex.check())
    said = numbers_said(text.split(". ", 1)[1], tree.names)   # after "k of N right."
    assert not said & inner_values(ex), text
    assert said <= {100 + k for k in range(50)} | {200 + k for k in range(50)} | \
        {300 + k for k in range(50)}
    ex.reveal = True                                       # the instructor's switch
    assert numbers_said(str(ex.check()), tree.names) & inner_values(ex)


def test_the_count_is_over_the_entries_made():
    tree = random_tree(2, 3, seed=1, names="P")            # notebook 01's tree B
    ex = AlphaBetaExercise(tree, fail_hard=True, windows=True)
    sol = ex.solution()
    assert ex.n_answers() == 3 * len(sol["values"]) + len(sol["cuts"])
    ex.fill_in_solution()
    assert ex.check().passed and ex.check().total == ex.n_answers()
    for node in ex.inner:                                   # values also where never searched
        if node not in sol["values"]:
            ex.enter(node, 1)
    ex.cut(sol["cuts"][0], on=False)
    grade = ex.check()
    n = ex.n_answers()                              # one ✂ fewer, one value more: n entries
    assert (grade.right, grade.total) == (n - 1, n)
    assert f"{n - 1} of {n} right" in str(grade)


def _shape(text: str, names) -> str:
    """A check's text with node names and numbers replaced: what it says in general."""
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, "X")
    return re.sub(r"−?\d+(?:\.\d+)?|−?∞", "#", text)


@pytest.mark.parametrize("seed", [1, 2, 3, 5, 6, 7])     # trees with cuts (1: exercise B)
def test_a_check_reveals_no_cut(seed):
    """Notebook 01's exercise B, and random trees: the text names no pruned branch the student
    did not mark, lists every blank box (reached or not), and says the same about a wrong
    entry wherever it is (searched, cut there, or never reached)."""
    tree = random_tree(2, 3, seed=seed, names="P")
    ex = AlphaBetaExercise(tree, fail_hard=True, windows=True)
    assert ex.cuts, "a tree with no cut tests nothing"
    ex.enter(ex.inner[1], 1, alpha=2, beta=3)
    text = str(ex.check())
    said = [line for line in text.splitlines() if not line.startswith("Still blank")]
    assert ex.inner[1] not in ex.cuts and any(ex.inner[1] in line for line in said)
    for child in ex.cuts:
        assert not any(re.search(rf"\b{child}\b", line) for line in said), text
    blank = [line for line in text.splitlines() if line.startswith("Still blank")][0]
    for name in ex.inner[2:] + ex.inner[:1]:
        assert name in blank                        # P7 too, which the search never reaches
    assert "cut happens at" not in text and "never searched" not in text
    # the message for each (role, what) is the same text at every node, reached or not
    for k, name in enumerate(ex.inner):
        ex.enter(name, 100 + k, alpha=200 + k, beta=300 + k)
    for child in ex.parent:                                 # every ✂ marked
        ex.cut(child)
    grade = ex.check()
    shapes = {}
    for m in grade.mistakes:
        if m.what == "cut":
            role = ex._role(ex.parent[m.node])
        else:
            role = ex._role(m.node)
        shapes.setdefault((m.what, role), set()).add(_shape(m.message, ex.state.names))
    assert all(len(said) == 1 for said in shapes.values()), shapes
    assert {what for what, _ in shapes} == {"value", "alpha", "beta", "cut"}


def test_text_that_is_not_a_number_is_graded_so():
    ex = MinimaxExercise(RN)
    assert ex.widget is not None
    ex.boxes["B"]["value"].value = "3"
    ex.boxes["B"]["value"].value = "abc"                    # not the 3 typed before
    assert "B" not in ex.values
    grade = ex.check()
    (m,) = [m for m in grade.mistakes if m.node == "B"]
    assert "'abc' is not a number" in m.message and "blank" not in m.message
    assert "Still blank: the value at A, C and D." in str(grade)
    ex.clear()
    assert ex.boxes["B"]["value"].value == "" and not ex.unreadable


def test_strict_exercises_print_the_strict_test():
    tree = random_tree((2, 3), 3, seed=3, values=range(10))
    strict = AlphaBetaExercise(tree, fail_hard=False, strict=True)
    ties = AlphaBetaExercise(tree, fail_hard=False)
    for ex, shown, hidden in [(strict, "β < α", "β ≤ α"), (ties, "β ≤ α", "β < α")]:
        for child in ex.parent:                            # every branch marked: false cuts
            ex.cut(child)
        for name in ex.inner:
            ex.enter(name, 50)
        ex.cut(ex.solution()["cuts"][0], on=False)         # and one missed
        text = str(ex.check())
        assert shown in text and hidden not in text
        label = html.unescape(ex._build_widget().children[3].value)
        assert ex.cut_condition(True) in label and ex.cut_condition(False) in label
        assert hidden not in label


def test_one_wording_for_cuts_and_pruned_branches():
    ex = AlphaBetaExercise(RN, fail_hard=False)
    ex.fill_in_solution()
    ex.cut("C3", on=False)
    ex.cut("D1")
    text = str(ex.check())
    assert "C3" not in text and "pruned" in text          # D1's wrong ✂; C3 not named
    assert "is cut" not in text and "are cut" not in text
    assert ex._build_widget() is not None
    assert ex.cut_buttons["C2"].tooltip == "the branch to C2 is pruned"


def test_selected_cut_buttons_are_coloured():
    ex = AlphaBetaExercise(RN)
    assert ex.widget is not None
    ex.cut_buttons["C2"].value = True
    assert ex.cut_buttons["C2"].button_style and not ex.cut_buttons["C3"].button_style
    ex.cut("C3")                                            # headless marks show too
    assert ex.cut_buttons["C3"].button_style
    ex.cut_buttons["C2"].value = False
    assert ex.cut_buttons["C2"].button_style == ""


def test_names_are_read_in_any_case():
    ex = AlphaBetaExercise(RN)
    ex.enter("c", 2)
    ex.cut("c2")
    assert ex.values == {"C": 2} and ex.marked == {"C2"}
    order = MoveOrderingExercise(RN)
    order.order("d", "d3, D2, d1")
    assert order.orders == {"D": ["D3", "D2", "D1"]}


def test_move_ordering_grades_what_the_box_shows():
    ex = MoveOrderingExercise(RN)
    assert ex.widget is not None
    assert ex.show_button.disabled                          # as in A and B: after a Check
    ex.boxes["A"].value = "D, C, B"                         # valid
    ex.boxes["A"].value = "D, C"                            # then not: the box shows this
    assert "children of A are B, C and D" in ex.feedback.value and "[" not in ex.feedback.value
    ex.check_button.click()
    assert ex.grade is None and "Not graded" in ex.feedback.value
    assert "A is not valid" in ex.feedback.value and ex.show_button.disabled
    with pytest.raises(ValueError, match="Not graded"):
        ex.check()
    ex.boxes["A"].value = "d, c, b"
    ex.check_button.click()
    assert ex.grade is not None and not ex.grade.passed and not ex.show_button.disabled
    assert ex.orders["A"] == ["D", "C", "B"]
    text = ex.feedback.value
    assert "Look at A (MAX)" in text and "worth" not in text
    ex.show_button.click()
    assert ex.stepper_box.children
    ex.boxes["B"].value = "B1, B3, B2"                      # an edit: Show me waits again
    assert ex.show_button.disabled


def test_show_me_opens_at_the_first_mistake_the_check_names():
    ex = AlphaBetaExercise(RN, fail_hard=False)
    ex.fill_in_solution()
    ex.cut("C3", on=False)                      # unnamed: the check does not say where
    ex.enter("C", 4)                            # named: C's value
    grade = ex.check()
    assert [m.node for m in grade.mistakes] == ["C3", "C"]     # the search meets C3 first
    assert ex.first_mistake_step() == ex.searched["C"].exited_at
    assert "C (MIN) returns" in ex.show_me().caption(ex.searched["C"].exited_at)


def test_values_are_written_and_read_with_the_readers_decimal_mark():
    """Issue 45: in Spanish the diagrams and captions write −13,7 and [−12,2; ∞] (a «;» so the
    bounds' comma is not a decimal one); a Spanish student's 2,5 is read as 2.5, and what the
    widgets write into an entry reads back as the same number. English is unchanged."""
    import qsearch
    from qsearch.viz.searchtree import format_number, format_window
    values = [-13.66, 0.5, 2.25, -0.17, 3.0, float("inf")]
    english = [format_number(v) for v in values]
    assert english == ["−13.7", "0.5", "2.25", "−0.17", "3", "∞"]
    assert format_window((-12.17, float("inf"))) == "[−12.2, ∞]"
    assert format_window((1, float("inf"))) == "[1, ∞]"
    try:
        qsearch.set_language("es")
        spanish = [format_number(v) for v in values]
        assert spanish == ["−13,7", "0,5", "2,25", "−0,17", "3", "∞"]
        assert format_window((-12.17, float("inf"))) == "[−12,2; ∞]"
        assert format_window((1, float("inf"))) == "[1, ∞]"     # whole numbers: as before
        assert [parse_entry(t) for t in spanish] == [-13.7, 0.5, 2.25, -0.17, 3, float("inf")]
    finally:
        qsearch.set_language(None)
    assert parse_entry("2,5") == 2.5 and parse_entry("-0,5") == -0.5
    with pytest.raises(ValueError, match="not a number"):
        parse_entry("1,5,2")
