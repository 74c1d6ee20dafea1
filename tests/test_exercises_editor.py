"""TreeEditor driven headless: edits change the tree, the text and the picture; searches
open on the edited tree."""
import pytest

from qsearch.games.toytrees import tree_from_text
from qsearch.search import alphabeta, minimax
from qsearch.viz.exercise_editor import TreeEditor


def test_a_leaf_value_changes_the_search():
    ed = TreeEditor()                                   # Russell & Norvig, Fig. 5.2
    assert minimax(ed.tree).value == 3
    ed.set_value("B1", "-4")                            # B = min(-4, 12, 8) = -4
    assert ed.text.startswith("A:[B:[B1:-4, B2:12, B3:8]")
    assert minimax(ed.tree).value == 2 and ed.tree.names[:4] == ("A", "B", "C", "D")
    with pytest.raises(ValueError, match="inner node"):
        ed.set_value("B", 1)
    with pytest.raises(ValueError, match="not a number"):
        ed.set_value("B1", "x")
    assert ed.text.startswith("A:[B:[B1:-4,")             # a refused edit changes nothing


def test_add_remove_and_reorder_children():
    ed = TreeEditor("[[1, 2], [3]]")
    new = ed.add_child("N2", 7)                         # N2 = [1, 2, 7]
    assert new == "N7" and ed.note == ""                # one past the largest N-number
    assert tree_from_text(ed.text).spec == ((1, 2, 7), (3,))
    assert ed.add_child("n6", 5) == "N8"                # any case; the leaf 3 becomes [5]
    assert ed.tree.spec == ((1, 2, 7), ((5,),))
    assert "N6 was a leaf" in ed.note and "value 3 is dropped" in ed.note
    ed.move("N3", -1)                                   # N3 first at the root
    assert ed.tree.spec == (((5,),), (1, 2, 7))
    ed.remove(new)
    assert ed.tree.spec == (((5,),), (1, 2))
    with pytest.raises(ValueError, match="only child"):
        ed.remove("N6")
    with pytest.raises(ValueError, match="root"):
        ed.remove("N1")
    with pytest.raises(ValueError, match="N3 cannot move to the left: it is child 1 of 2 of "
                                         "N1, already the first"):
        ed.move("N3", -1)
    with pytest.raises(ValueError, match="no node called 'Z9': it must be one of N1, N3"):
        ed.select("Z9")


def test_new_names_come_in_order_and_are_not_reused():
    ed = TreeEditor()                                   # names A, B..D3: no N-number yet
    assert [ed.add_child("B", k) for k in (1, 2, 3)] == ["N1", "N2", "N3"]
    ed.remove("N2")
    assert ed.add_child("C", 4) == "N4"                 # N2 is not handed out again


def test_adding_needs_a_value_and_a_refused_edit_changes_nothing():
    ed = TreeEditor("[[1, 2], [3]]")
    before = ed.text
    for blank in ("", "  ", None):
        with pytest.raises(ValueError, match="type the new leaf's value in the value box"):
            ed.add_child("N2", blank)
    with pytest.raises(ValueError, match="not a number"):
        ed.add_child("N2", "abc")
    assert ed.text == before


def test_reordering_changes_what_alphabeta_cuts():
    ed = TreeEditor()
    assert alphabeta(ed.tree).nodes == 11               # the book: D's 14, 5, 2 all searched
    ed.move("D3", -2)                                   # D3 (2) first: D is cut at once
    assert ed.text.endswith("D:[D3:2, D1:14, D2:5]]")
    result = alphabeta(ed.tree)
    assert (result.value, result.nodes, result.cutoffs) == (3, 9, 2)


def test_steppers_and_exercises_open_on_the_edited_tree():
    ed = TreeEditor()
    ed.set_value("C1", 9)                               # C = min(9, 4, 6) = 4 > 3
    st = ed.stepper("alphabeta", fail_hard=True)
    assert st.result.value == 4 and st.result.action == 1
    assert ed.stepper("minimax").result.nodes == 13
    ex = ed.exercise(fail_hard=False)
    assert ex.solution()["values"]["A"] == 4
    with pytest.raises(ValueError, match="algorithm"):
        ed.stepper("mcts")


def test_the_widget_redraws_and_keeps_the_selection():
    ed = TreeEditor()
    assert ed.widget is not None
    ed.node_menu.value = "C2"
    assert ed.selected == "C2"
    ed.value_box.value = "11"
    ed.set_button.click()
    assert "C2:11" in ed.text_box.value and ">11<" in ed.picture.value
    ed.add_button.click()                               # C2 becomes an inner node
    assert ed.selected == "C2" and ed.node_menu.value == "C2"
    assert len(ed.node_menu.options) == 14 and ed.text_box.value.count(":11") == 1
    assert "C2 was a leaf" in ed.status.value and "value 11 is dropped" in ed.status.value
    ed.value_box.value = ""
    ed.add_button.click()                               # an empty box adds nothing
    assert len(ed.node_menu.options) == 14 and "value box first" in ed.status.value
    ed.node_menu.value = "B"                            # the next action clears the message
    assert ed.status.value == ""
    ed.node_menu.value = "C2"
    ed.remove_button.click()
    assert ed.selected == "C" and ed.node_menu.value == "C"
    ed.text_box.value = "[[1, 2], [3"
    ed.load_button.click()
    assert "malformed" in ed.status.value and len(ed.names()) == 12
    ed.text_box.value = "[[1, 2], [3, 4]]"
    ed.load_button.click()
    assert ed.status.value == "" and ed.names() == ["N1", "N2", "N3", "N4", "N5", "N6", "N7"]
    ed.stepper_button.click()
    assert ed.stepper_box.children and "<svg" in ed._repr_svg_()


def test_the_load_button_is_never_squeezed():
    ed = TreeEditor()
    assert ed.widget is not None
    assert ed.load_button.layout.flex == "0 0 auto" and ed.load_button.layout.min_width
    assert ed.text_box.layout.flex == "1 1 auto"
