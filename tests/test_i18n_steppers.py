"""The steppers, tree pictures, exercises and tree editor speak Spanish with
``set_language("es")`` (buttons, menus, captions, step narrations, the checks' feedback and
the text forms), chosen when they are shown, and say in English exactly what they said
before the translation (the English lessons' outputs are checked by nbval)."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import qsearch  # noqa: E402
from qsearch.games import Pig, TicTacToe  # noqa: E402
from qsearch.games.toytree import ExplicitTree  # noqa: E402
from qsearch.games.toytrees import random_tree  # noqa: E402
from qsearch.viz import AlphaBetaStepper, MinimaxStepper, draw_tree  # noqa: E402
from qsearch.viz.chance_stepper import ExpectiminimaxStepper  # noqa: E402
from qsearch.viz.exercise import AlphaBetaExercise, MoveOrderingExercise  # noqa: E402
from qsearch.viz.exercise_editor import TreeEditor  # noqa: E402
from qsearch.viz.gallery import Gallery  # noqa: E402
from qsearch.viz.mcts import MCTSStepper  # noqa: E402
from qsearch.viz.stepper import SearchStepper  # noqa: E402
from qsearch.viz.tree import svg_text  # noqa: E402


@pytest.fixture(autouse=True)
def language_restored(monkeypatch):
    monkeypatch.delenv("QSEARCH_LANG", raising=False)
    yield
    qsearch.set_language(None)


def example4():
    """The class notes' example 4 (lesson 01): C1 over C2 [4, 2] and C3 [1, 8]."""
    return ExplicitTree([[4, 2], [1, 8]], names="C")


def russell_norvig():
    return ExplicitTree([[3, 12, 8], [2, 4, 6], [14, 5, 2]],
                        names=["A", "B", "C", "D", "b1", "b2", "b3", "c1", "c2", "c3", "d1",
                               "d2", "d3"])


def zero(state, player):
    return 0.0


# Lesson 01's printed steps of example 4 (cell 37), as the English notebook shows them.
ENGLISH_STEPS_4 = [
    "Start at the root C1 (MAX) with α = −∞, β = ∞.",
    "Visit C2 (MIN) with α = −∞, β = ∞.",
    "Visit C4.",
    "C4 is a leaf: its static value is 4.",
    "At C2 (MIN): C4 returned 4, so β = 4.",
    "Visit C5.",
    "C5 is a leaf: its static value is 2.",
    "At C2 (MIN): C5 returned 2, so β = 2.",
    "C2 (MIN) returns 2 to C1 (best move C5).",
    "At C1 (MAX): C2 returned 2, so α = 2.",
    "Visit C3 (MIN) with α = 2, β = ∞.",
    "Visit C6.",
    "C6 is a leaf: its static value is 1.",
    "At C3 (MIN): C6 returned 1, so β = 1.",
    "At C3 (MIN) β = 1 ≤ α = 2: C7 is cut.",
    "C3 (MIN) returns 2 to C1, a bound: its true value is at most 2.",
    "C1 (MAX) returns 2: the best move is C2.",
]

SPANISH_STEPS_4 = [
    "Se empieza en la raíz C1 (MAX) con α = −∞, β = ∞.",
    "Se visita C2 (MIN) con α = −∞, β = ∞.",
    "Se visita C4.",
    "C4 es una hoja: su valor estático es 4.",
    "En C2 (MIN): C4 devolvió 4, así que β = 4.",
    "Se visita C5.",
    "C5 es una hoja: su valor estático es 2.",
    "En C2 (MIN): C5 devolvió 2, así que β = 2.",
    "C2 (MIN) devuelve 2 a C1 (mejor jugada C5).",
    "En C1 (MAX): C2 devolvió 2, así que α = 2.",
    "Se visita C3 (MIN) con α = 2, β = ∞.",
    "Se visita C6.",
    "C6 es una hoja: su valor estático es 1.",
    "En C3 (MIN): C6 devolvió 1, así que β = 1.",
    "En C3 (MIN) β = 1 ≤ α = 2: se poda C7.",
    "C3 (MIN) devuelve 2 a C1, una cota: su valor real es como mucho 2.",
    "C1 (MAX) devuelve 2: la mejor jugada es C2.",
]


# ------------------------------------------------------------------ steppers
def test_the_alpha_beta_steps_of_example_4_in_both_languages():
    stepper = AlphaBetaStepper(example4(), fail_hard=True)
    assert stepper.captions() == ENGLISH_STEPS_4
    qsearch.set_language("es")
    assert stepper.captions() == SPANISH_STEPS_4
    qsearch.set_language("en")
    assert stepper.captions() == ENGLISH_STEPS_4


def test_several_cut_children_and_exact_values_are_said_in_spanish():
    stepper = AlphaBetaStepper(russell_norvig())
    qsearch.set_language("es")
    captions = stepper.captions()
    assert "En C (MIN) β = 2 ≤ α = 3: se podan c2 y c3." in captions
    assert ("D (MIN) devuelve 2 a A: se buscaron todos sus hijos, así que 2 es su valor "
            "exacto, no solo una cota.") in captions
    qsearch.set_language("en")
    assert "At C (MIN) β = 2 ≤ α = 3: c2 and c3 are cut." in stepper.captions()


def test_minimax_steps_in_spanish():
    stepper = MinimaxStepper(russell_norvig())
    qsearch.set_language("es")
    captions = stepper.captions()
    assert captions[0] == "Se empieza en la raíz A (MAX)."
    assert captions[-1] == "A (MAX) toma el mayor valor de sus hijos: 3 (B)."
    assert "B (MIN) toma el menor valor de sus hijos: 3 (b1)." in captions


def test_a_game_stepper_names_the_root_and_the_end_of_the_game_in_spanish():
    stepper = SearchStepper(TicTacToe.from_board("xox/oxo/..."), "alphabeta")
    qsearch.set_language("es")
    captions = stepper.captions()
    assert captions[0] == "Se empieza en la raíz (MAX) con α = −∞, β = ∞."
    assert "[(2,0)] termina la partida: valor 1 para MAX." in captions
    assert any(c.endswith(" a raíz (mejor jugada (2,0)).") or " a raíz" in c
               for c in captions)
    qsearch.set_language("en")
    assert stepper.captions()[0] == "Start at the root (MAX) with α = −∞, β = ∞."


def test_the_stepper_widget_is_built_in_the_language_in_use():
    stepper = AlphaBetaStepper(example4(), fail_hard=True)      # made in English...
    qsearch.set_language("es")                                  # ...shown in Spanish
    assert stepper.widget is not None
    controls = stepper.controls
    assert (controls.previous.description, controls.next.description) == ("◀ anterior",
                                                                          "siguiente ▶")
    assert controls.slider.description == "paso"
    assert ("1 s por paso", 1000) in controls.speed.options
    assert controls.play.tooltip.startswith("▶ reproduce los pasos")
    assert "<b>paso 1 de 17</b>" in stepper.caption_html.value
    controls.go(15)
    assert "<b>paso 15 de 17</b>" in stepper.caption_html.value
    assert "se poda C7" in stepper.caption_html.value
    bundle = stepper._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == "Un widget interactivo: ejecuta la celda para usarlo."
    assert "Dibujo guardado de un widget interactivo" in data["image/svg+xml"]


def test_the_stepper_widget_in_english_is_unchanged():
    stepper = AlphaBetaStepper(example4(), fail_hard=True)
    assert stepper.widget is not None
    assert stepper.controls.previous.description == "◀ previous"
    assert stepper.controls.slider.description == "step"
    assert ("1 s a step", 1000) in stepper.controls.speed.options
    assert "<b>step 1 of 17</b>" in stepper.caption_html.value
    bundle = stepper._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert data["text/plain"] == "An interactive widget: run the cell to use it."


def test_collapsed_subtrees_and_the_menus_of_a_wide_tree_in_spanish():
    qsearch.set_language("es")
    stepper = SearchStepper(TicTacToe(), "alphabeta", depth=3, evaluate=zero, max_nodes=20)
    assert stepper.widget is not None
    assert stepper.expand_menu.options[0][0].startswith("desplegar… (")
    assert any(label.endswith(" nodos") for label, _node in stepper.expand_menu.options[1:])
    assert stepper.collapse_button.description == "plegar todo"
    assert [label for label, _view in stepper.view_menu.options] == [
        "seguir el paso", "árbol entero", "ajustar al ancho"]
    assert "nodos</text>" in stepper.svg(stepper.n_steps - 1)


# ------------------------------------------------------------------ tree pictures
def test_tree_pictures_and_their_text_form_in_spanish():
    qsearch.set_language("es")
    drawing = draw_tree(example4(), fail_hard=True)
    assert repr(drawing) == ("Un árbol de 7 nodos: marca el cuaderno como de confianza o "
                             "ejecuta la celda para ver su dibujo.")
    assert "β ≤ α en C3" in svg_text(drawing)
    qsearch.set_language("en")
    drawing = draw_tree(example4(), fail_hard=True)
    assert repr(drawing) == ("A tree of 7 nodes: trust the notebook or run the cell to see "
                             "its picture.")
    assert "β ≤ α at C3" in svg_text(drawing)


def test_a_gallery_says_what_it_holds_in_spanish():
    square = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    qsearch.set_language("es")
    assert repr(Gallery([square, square], ["a", "b"])) == "Una galería de 2 dibujos: a; b"


# ------------------------------------------------------------------ chance and MCTS
def test_the_chance_stepper_narrates_in_spanish():
    stepper = ExpectiminimaxStepper(Pig(), 3)
    english = stepper.captions()
    qsearch.set_language("es")
    spanish = stepper.captions()
    assert any("es una hoja en el límite de profundidad: no se busca más allá (sus dados no "
               "se tiran)" in c for c in spanish)
    assert any("devuelve la media ponderada por las probabilidades" in c for c in spanish)
    assert any("returns the probability-weighted mean" in c for c in english)
    star1 = ExpectiminimaxStepper(Pig(), 3, prune="star1", bounds=(-1, 1))
    assert any("los resultados buscados muestran que la media es como mucho" in c
               for c in star1.captions())


def test_the_mcts_stepper_narrates_in_spanish():
    stepper = MCTSStepper(TicTacToe(), 10)
    assert stepper.caption(1).startswith("Iteration 1: selection ")
    qsearch.set_language("es")
    assert stepper.caption(1).startswith("Iteración 1: selección ")
    assert "la raíz tiene ahora N = 1." in stepper.caption(1)
    assert stepper.widget is not None
    assert stepper.controls.slider.description == "iteración"
    assert "<b>Iteración 1 de 10</b>" in stepper.caption_html.value
    assert "sin visitar: ∞" in stepper.bars_svg(1)


# ------------------------------------------------------------------ exercises
# Lesson 01's demonstration of Check (cell 67), in English as the notebook prints it.
ENGLISH_CHECK = """2 of 4 right (counting the entries you made). To look at again:
- The ✂ on the branch to C6 is wrong: a branch is pruned when, after an earlier child of C3 \
(MIN) returns, β ≤ α holds there; mark only that branch, not the ones below it.
- C3 (MIN) does not return 1. Fail-hard alpha-beta returns the smallest value its children \
return, held inside the window C3 was given; if a cut happens there, the bound that was \
crossed (C3's α).
The boxes of a node the search never reaches stay blank."""


def demo_exercise():
    demo = AlphaBetaExercise(example4(), fail_hard=True)
    for node, value in {"C1": 2, "C2": 2, "C3": 1}.items():
        demo.enter(node, value)
    demo.cut("C6")
    return demo


def test_the_check_of_a_wrong_answer_in_both_languages():
    assert str(demo_exercise().check()) == ENGLISH_CHECK
    qsearch.set_language("es")
    text = str(demo_exercise().check())
    assert text.splitlines() == [
        "2 de 4 bien (contando las entradas que has hecho). Para revisar:",
        "- La ✂ en la rama hacia C6 está mal: una rama se poda cuando, después de que devuelva "
        "su valor un hijo anterior de C3 (MIN), allí se cumple β ≤ α; marca solo esa rama, no "
        "las que quedan por debajo.",
        "- C3 (MIN) no devuelve 1. La poda alfa-beta fail-hard devuelve el menor valor que "
        "devuelven sus hijos, ajustado a la ventana que recibió C3; si allí hay un corte, la "
        "cota que se cruzó (la α de C3).",
        "Las casillas de un nodo al que la búsqueda nunca llega se dejan en blanco."]


def test_the_exercise_widget_and_its_feedback_in_spanish():
    qsearch.set_language("es")
    exercise = AlphaBetaExercise(random_tree(2, 3, seed=1, names="P"), windows=True)
    assert exercise.widget is not None
    assert exercise.check_button.description == "Comprobar"
    assert exercise.show_button.description == "Muéstramelo"
    assert exercise.boxes["P1"]["value"].placeholder == "valor"
    assert exercise.cut_buttons["P2"].tooltip == "la rama hacia P2 se poda"
    exercise._check_clicked()
    assert "Aún no hay nada escrito: escribe un valor en cada casilla, su α y su β" in \
        exercise.feedback.value
    exercise.boxes["P1"]["value"].value = "abc"
    assert "&#x27;abc&#x27; no es un número (escribe 3, -2, inf o -inf)" in \
        exercise.feedback.value
    headless = AlphaBetaExercise(random_tree(2, 3, seed=1, names="P"), windows=True)
    headless.enter("P2", 4, alpha=1, beta=2)
    grade = str(headless.check())
    assert grade.startswith("0 de 3 bien (contando las entradas que has hecho). Para revisar:")
    assert "- P2 (MIN): su α al devolver su valor no es 1. Un nodo MIN nunca cambia su α" in grade
    assert "Aún en blanco: el valor en P1, P3, P4, P5, P6 y P7, α en P1," in grade


def test_the_move_ordering_exercise_in_spanish():
    qsearch.set_language("es")
    exercise = MoveOrderingExercise(random_tree(3, 2, seed=2, names="Q"))
    assert exercise.widget is not None
    assert exercise.check_button.description == "Comprobar"
    assert "<b>Hijos de cada nodo interior</b>" in exercise.widget.children[1].value
    exercise._check_clicked()
    assert ("La poda alfa-beta visita 13 nodos en tu orden; con el mejor primero visita 9. "
            "Mira Q1 (MAX): su primer hijo, Q2, no es el mejor para MAX") in \
        exercise.feedback.value
    exercise.boxes["Q2"].value = "Q1, Q2"
    assert "los hijos de Q2 son Q5, Q6 y Q7, cada uno una vez" in exercise.feedback.value
    qsearch.set_language("en")
    exercise._check_clicked()
    assert "Not graded: the order typed at Q2 is not valid (los hijos" in \
        exercise.feedback.value           # the note was written when the order was typed


def test_the_tree_editor_in_spanish():
    qsearch.set_language("es")
    editor = TreeEditor()
    assert editor.widget is not None
    assert [b.description for b in (editor.set_button, editor.add_button,
                                    editor.remove_button, editor.left_button,
                                    editor.right_button, editor.load_button,
                                    editor.stepper_button, editor.exercise_button)] == [
        "Fijar valor", "Añadir hijo", "Quitar", "◀ Mover a la izquierda",
        "Mover a la derecha ▶", "Cargar texto", "Abrir paso a paso", "Ejercicio"]
    editor._try(editor.remove, "A")
    assert "la raíz no se puede quitar" in editor.status.value
    editor._try(editor.move, "B", -1)
    assert ("B no puede moverse a la izquierda: es el hijo 1 de 3 de A, ya el primero."
            in editor.status.value)
    editor._try(editor.add_child, "B1", "7")
    assert "B1 era una hoja: ahora es un nodo interior con el hijo N1" in editor.status.value
    qsearch.set_language("en")
    editor._try(editor.remove, "A")
    assert "the root cannot be removed" in editor.status.value
