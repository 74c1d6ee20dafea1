"""Lesson 07's tables and pictures in Spanish (issue 45): the tournament tables, the time
ratios and the ablation table, the heatmaps and the charts' numbers speak the language in use
(the document's «Cuadro» captions, «blancas \\ rojas», the decimal comma), while English
output stays what it was."""
from __future__ import annotations

import pytest

import qsearch
from qsearch.arena import tournament as T
from qsearch.arena.tournament.ablation import ablation_markdown
from qsearch.viz.chart_scale import general, tick_text
from qsearch.viz.heatmap_svg import Panel, heatmap_svg


@pytest.fixture(autouse=True)
def english_after():
    yield
    qsearch.set_language(None)


def test_general_is_format_g_with_the_readers_decimal_sign():
    for value in (5.5, 10.0, 10, 0.25, 2e8, 33.5, -1.5):
        assert general(value) == format(value, "g")
    assert general(0.123456, 3) == "0.123"
    qsearch.set_language("es")
    assert (general(5.5), general(10.0), general(0.123456, 3)) == ("5,5", "10", "0,123")
    with pytest.raises(TypeError):
        general("5.5")
    with pytest.raises(ValueError):
        general(1.0, 0)


def test_tick_labels_in_both_languages():
    assert (tick_text(12000, 5000), tick_text(0.25, 0.05), tick_text(2e8, 1e8)) == (
        "12,000", "0.25", "2e+08")
    qsearch.set_language("es")
    assert (tick_text(12000, 5000), tick_text(0.25, 0.05)) == ("12.000", "0,25")


def test_table_captions_and_colours_are_the_documents_in_spanish():
    table, timed = T.TABLES["4.5"], T.TABLES["4.5t"]
    assert (table.caption, table.colour_names) == (table.title, ("white", "red"))
    assert timed.caption == timed.title
    qsearch.set_language("es")
    assert table.caption == "Conecta-4: Resultados MCTS - Poda alfa-beta"     # Cuadro 4.5
    assert timed.caption.startswith("Conecta-4: Resultados MCTS - Poda alfa-beta (MCTS ")
    assert T.TABLES["4.19"].colour_names == ("blancas", "negras")
    text = T.to_markdown(table, {})
    assert text.startswith("| blancas \\ rojas | Poda 3 |")
    assert "1,5 - 8,5" in text            # the document's 1.5 - 8.5 (table 4.5, MCTS 590)


def test_the_ratio_and_ablation_tables_in_spanish():
    row = {"table": "4.5t", "mcts": "mcts26", "iterations": 26, "partner": "ab3",
           "target": 1.0, "median": 0.97, "q1": 0.88, "q3": 1.17, "pooled": 1.1, "games": 130,
           "against": "the partner's median in 4.4t, 4.6t"}
    english = T.ratio_markdown([row], T.label)
    assert "| 0.97 [0.88-1.17] | 1.10 | 130 | the partner's median in 4.4t, 4.6t |" in english
    qsearch.set_language("es")
    spanish = T.ratio_markdown([row], T.label)
    assert spanish.startswith("| cuadro | MCTS | emparejado con |")
    assert "| 0,97 [0,88-1,17] | 1,10 | 130 | la mediana de su pareja en 4.4t, 4.6t |" in spanish
    arm = {"arm": "c-0.5", "label": "MCTS c = 0.5", "why": "about a third of ours",
           "points": 439.0, "games": 600, "share": 439 / 600, "low": 0.695, "high": 0.766,
           "vs ours": (0.069, 0.017, 0.121), "towards the document": "yes",
           "the document's share": "below it"}
    line = ablation_markdown([arm]).splitlines()[-1]
    assert line == ("| MCTS c = 0,5 | alrededor de un tercio de la nuestra | 439 / 600 | "
                    "73,2\u00a0% [69,5-76,6] | +6,9 [de +1,7 a +12,1] | sí | por debajo |")


def test_heatmap_numbers_take_the_readers_decimal_sign():
    panel = Panel("t", [[5.5, 10]], ["a"], ["b", "c"])
    assert ">5.5</text>" in heatmap_svg([panel]) and ">10</text>" in heatmap_svg([panel])
    qsearch.set_language("es")
    assert ">5,5</text>" in heatmap_svg([panel]) and ">5.5<" not in heatmap_svg([panel])
