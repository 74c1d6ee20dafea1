"""What lessons 04 and 06 print through qsearch's own code speaks Spanish in the Spanish
edition (issue 45): document 001's trace cell by cell in its own words, table numbers and the
MCTS pictures' numbers the Spanish way; English output unchanged."""
from __future__ import annotations

import math
import re

import pytest

import qsearch
from qsearch.core.tables import markdown
from qsearch.games import Connect4, TicTacToe
from qsearch.heuristics.connect4 import potential_lines
from qsearch.search.mcts import mcts
from qsearch.viz.mcts import uct_bars_svg

TRACE = "51435"          # document 001's trace: MIN in column 4, MAX in 0, ...


@pytest.fixture(autouse=True)
def english_after():
    yield
    qsearch.set_language(None)


def test_document_001s_trace_is_written_in_its_own_words_in_spanish():
    qsearch.set_language("en")
    english = [str(c) for c in potential_lines.explain(Connect4.from_moves(TRACE))]
    assert english[2] == ("position (0,3), MIN: a 1 in line vertical, a 2 in line horizontal, "
                          "a 2 in line diagonal (up): -5 points")
    assert english[4].endswith(": -1 point")
    qsearch.set_language("es")
    spanish = [str(c) for c in potential_lines.explain(Connect4.from_moves(TRACE))]
    # 001:225 and 001:227: «un 1 en raya vertical, un 2 en raya horizontal y un 2 en raya en
    # diagonal hacia arriba: -5 puntos», «-1 punto»
    assert spanish[2] == ("posición (0,3), MIN: un 1 en raya vertical, un 2 en raya horizontal, "
                          "un 2 en raya en diagonal hacia arriba: -5 puntos")
    assert spanish[4] == "posición (1,4), MIN: un 1 en raya vertical: -1 punto"
    empty = [str(c) for c in potential_lines.explain(Connect4.from_moves("24332"))
             if "vacía" in str(c)]
    assert empty and empty[0].endswith("(a la mitad: una casilla vacía)")


def test_markdown_tables_write_numbers_the_readers_way():
    rows = [{"n": 1_412_543, "small": 0.5, "big": 12_345.67}]
    qsearch.set_language("en")
    assert markdown(rows).splitlines()[2] == "| 1,412,543 | 0.50 | 12,345.7 |"
    qsearch.set_language("es")
    assert markdown(rows).splitlines()[2] == "| 1.412.543 | 0,50 | 12.345,7 |"


def _sums(svg):
    """The UCT sums the bars write, such as '+1.00 + 0.83 = 1.83'."""
    return re.findall(r">([+-][^<]* = [^<]*)</text>", svg)


def test_the_uct_bars_write_their_sums_the_readers_way():
    tree = mcts(TicTacToe.from_board("x../o.x/xoo"), 5, seed=0, keep_tree=True).tree
    qsearch.set_language("en")
    english = _sums(uct_bars_svg(tree, math.sqrt(2)))
    qsearch.set_language("es")
    spanish = _sums(uct_bars_svg(tree, math.sqrt(2)))
    assert english and all(re.fullmatch(r"[+-]\d\.\d\d \+ \d\.\d\d = \d\.\d\d", t)
                           for t in english)
    assert spanish == [t.replace(".", ",") for t in english]


def test_markdown_keeps_what_it_printed_for_flags_and_small_floats():
    qsearch.set_language("en")
    row = markdown([{"ok": True, "x": 3.14159, "y": -2.5}]).splitlines()[2]
    assert row == "| 1 | 3.14 | -2.50 |"
