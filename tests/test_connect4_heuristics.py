"""Document 001's Connect-4 heuristics and search (and document 002's heuristic).

Positions are built from 1-based column digits; in document 001's trace MIN (the human)
moves first, so MAX, the engine, is player 1 there.
"""
import math
import random
from itertools import accumulate

import helpers
import pytest

import qsearch.reference.heuristics as twin
from qsearch.documents.connect4_practice import (
    DOCUMENT_GAMES,
    DOCUMENT_NORMAL,
    DOCUMENT_PRUNED,
    Practice,
    document_move,
    performance_test,
)
from qsearch.games import Connect4
from qsearch.heuristics import Heuristic
from qsearch.heuristics.connect4 import (
    HEURISTICS,
    Viewpoint,
    book_rules,
    evaluation_table,
    line_weights,
    potential_lines,
    swapped_colours,
)
from qsearch.search import alphabeta, minimax

INF = math.inf
# MIN in column 4, MAX in column 0, MIN 3, MAX 2, MIN 4 (the document's 0-based columns):
#   row 1:  . . . . o . .
#   row 0:  o . o x x . .      (x = MIN, o = MAX)
TRACE = "51435"
TRACE_PRINTED = """2 0 2 1 1 0 0
0 0 0 0 1 0 0
0 0 0 0 0 0 0
0 0 0 0 0 0 0
0 0 0 0 0 0 0
0 0 0 0 0 0 0"""


def random_position(rng, max_plies=41):
    return helpers.random_position(Connect4, rng, max_plies)


def mirrored(state):
    return Connect4.from_moves("".join(str(8 - int(ch)) for ch in state.moves_string()))


# ------------------------------------------------------------------ the document's trace
def test_potential_lines_scores_the_documents_trace_minus_4_for_max():
    state = Connect4.from_moves(TRACE)
    assert state.current_player() == 1
    assert potential_lines(state, 1) == -4
    assert twin.potential_lines(state, 1) == -4
    assert twin.format_grid(state, 1) == TRACE_PRINTED   # the document prints a 7th row of 0s


def test_explain_gives_the_documents_per_cell_reasoning():
    cells = potential_lines.explain(Connect4.from_moves(TRACE))
    got = {(c.row, c.col): (c.owner, c.points, sorted((k, d) for k, d, _ in c.patterns))
           for c in cells}
    assert got == {
        (0, 0): ("MAX", 2, [("1 in line", "diagonal"), ("1 in line", "vertical")]),
        (0, 2): ("MAX", 2, [("1 in line", "diagonal"), ("1 in line", "vertical")]),
        (0, 3): ("MIN", -5, [("1 in line", "vertical"), ("2 in line", "diagonal"),
                             ("2 in line", "horizontal")]),
        (0, 4): ("MIN", -2, [("2 in line", "vertical")]),
        (1, 4): ("MIN", -1, [("1 in line", "vertical")]),
    }
    assert str(cells[0]) == ("position (0,0), MAX: a 1 in line vertical, "
                             "a 1 in line diagonal (up): 2 points")


def test_explain_adds_up_to_the_score_on_random_positions():
    rng = random.Random(5)
    for _ in range(50):
        state = random_position(rng)
        for player in (0, 1):
            total = sum(c.points for c in twin.explain_potential_lines(state, player))
            assert total == potential_lines(state, player)


def test_empty_cells_count_half_and_for_max():
    # MAX (player 0) alone at the bottom centre: its stone has three 1-in-lines (3 points);
    # four empty cells see it as a 2-in-line (2 points each, halved to 1).
    cells = potential_lines.explain(Connect4.from_moves("4"), 0)
    assert [(c.row, c.col, c.owner, c.points) for c in cells] == [
        (0, 0, "empty", 1), (0, 1, "empty", 1), (0, 2, "empty", 1), (0, 3, "MAX", 3),
        (3, 0, "empty", 1)]
    assert potential_lines(Connect4.from_moves("4"), 0) == 7
    # The same position for the other player: the stone is MIN's, empty cells see no MAX.
    assert potential_lines(Connect4.from_moves("4"), 1) == -3


# ------------------------------------------------------------------ evaluation_table
def test_evaluation_table_is_138_on_the_empty_board():
    assert evaluation_table(Connect4(), 0) == 138 == evaluation_table(Connect4(), 1)
    assert twin.evaluation_table(Connect4(), 0) == 138


def test_symmetric_positions_score_symmetrically():
    rng = random.Random(11)
    for _ in range(100):
        state = random_position(rng)
        mirror = mirrored(state)
        for player in (0, 1):
            for h in (evaluation_table, line_weights):
                assert h(state, player) == h(mirror, player)
            # zero-sum around 138 / 0: one player's gain is the other's loss
            assert evaluation_table(state, player) - 138 == -(evaluation_table(state, 1 - player)
                                                              - 138)
            assert line_weights(state, player) == pytest.approx(-line_weights(state, 1 - player))


# ------------------------------------------------------------------ compiled vs twin
@pytest.mark.parametrize("name", sorted(HEURISTICS))
def test_compiled_and_twin_heuristics_agree_on_random_positions(name):
    compiled, readable = HEURISTICS[name], getattr(twin, name)
    assert isinstance(compiled, Heuristic)
    rng = random.Random(hash(name) % 1000)
    for _ in range(250):
        state = random_position(rng)
        for player in (0, 1):
            assert compiled(state, player) == readable(state, player), (state, player)


def test_book_rules_for_the_first_moves():
    # MAX is the player asked; with <= 3 stones only the bottom centre matters.
    assert book_rules(Connect4(), 0) == 0
    assert book_rules(Connect4.from_moves("4"), 0) == 3           # MAX took the centre
    assert book_rules(Connect4.from_moves("4"), 1) == 0           # MIN took it, MAX not beside
    assert book_rules(Connect4.from_moves("43"), 1) == 2          # MAX beside MIN's centre
    assert book_rules(Connect4.from_moves("45"), 1) == 2
    assert book_rules(Connect4.from_moves("46"), 1) == 0
    assert book_rules(Connect4.from_moves("4444"), 0) == potential_lines(
        Connect4.from_moves("4444"), 0)


def test_line_weights_counts_open_lines_not_sublines_of_a_three():
    # x on the bottom of columns 1, 2 (o in column 7): one open 2-line (columns 1-4).
    assert twin.open_lines(Connect4.from_moves("1727"), 0) == (1, 0)
    # x on columns 1, 2, 3: the open 3-line of columns 1-4; the 2-line of columns 2-5 lies
    # inside it (its stones 2, 3 are the 3-line's) and is not counted.
    state = Connect4.from_moves("17273")
    assert twin.open_lines(state, 0) == (0, 1)
    assert line_weights(state, 0) == pytest.approx(5 / 6 - 1 / 6 * twin.open_lines(state, 1)[0])


def test_viewpoint_is_zero_sum_for_its_owner():
    state = Connect4.from_moves("4453")
    v = Viewpoint(potential_lines, 1)
    assert v(state, 1) == potential_lines(state, 1) == -v(state, 0)
    with pytest.raises(ValueError):
        Viewpoint(potential_lines, 2)


def test_swapped_colours_exchanges_the_stones():
    state = Connect4.from_moves("4453")
    s = swapped_colours(state)
    assert s.bitboards() == state.bitboards()[::-1]
    assert s.current_player() == state.current_player()


def test_heuristics_reject_other_games():
    from qsearch.games import TicTacToe
    with pytest.raises(TypeError):
        potential_lines(TicTacToe(), 0)


# ------------------------------------------------------------------ the document's search
@pytest.mark.compiled_speed
def test_first_move_at_depth_6_costs_137256_calls_without_pruning():
    p = Practice(potential_lines, 6, alphabeta=False)
    assert p.minimax(Connect4()) == (3, 8.0)
    assert p.calls == 137_256 == 7 + 7**2 + 7**3 + 7**4 + 7**5 + 7**6
    q = Practice(potential_lines, 6, alphabeta=True)
    assert q.minimax(Connect4()) == (3, 8.0)
    assert q.calls == 20_567                     # the document's first row, exactly


@pytest.mark.compiled_speed
def test_pruning_returns_the_same_value_at_depths_1_to_6():
    rng = random.Random(3)
    for _ in range(12):
        state = random_position(rng, 30)
        for depth in range(1, 7):
            plain = document_move(state, depth, potential_lines)
            pruned = document_move(state, depth, potential_lines, alphabeta=True)
            assert (pruned.value, pruned.column) == (plain.value, plain.column)
            assert pruned.calls <= plain.calls
    for moves in ("4453221676", "44444113352266"):     # the readable twin, depth 6
        state = Connect4.from_moves(moves)
        plain, pruned = Practice(alphabeta=False), Practice(alphabeta=True)
        assert plain.minimax(state) == pruned.minimax(state)
        assert pruned.calls < plain.calls


@pytest.mark.compiled_speed
def test_reference_and_compiled_document_search_agree():
    rng = random.Random(8)
    for _ in range(6):
        state = random_position(rng, 30)
        for depth in (1, 2, 3, 4):
            for toggle in (False, True):
                p = Practice(book_rules, depth, alphabeta=toggle)
                column, value = p.minimax(state)
                m = document_move(state, depth, book_rules, alphabeta=toggle)
                assert (m.column, m.value, m.calls) == (column, value, p.calls)


@pytest.mark.compiled_speed
def test_general_compiled_search_gives_the_documents_values_and_counts():
    rng = random.Random(21)
    for _ in range(10):
        state = random_position(rng, 30)
        for depth in (1, 3, 5):
            plain = document_move(state, depth, potential_lines)
            pruned = document_move(state, depth, potential_lines, alphabeta=True)
            mm = minimax(state, depth, potential_lines, win_value=INF)
            ab = alphabeta(state, depth, potential_lines, fail_hard=True, win_value=INF)
            assert (mm.value, mm.action) == (plain.value, plain.column)
            assert (ab.value, ab.action) == (plain.value, plain.column)
            assert mm.nodes - 1 == plain.calls       # the root is a node, not a call
            # alpha passes from one root child to the next: never more calls than the
            # document's full-window root loop
            assert ab.nodes - 1 <= pruned.calls


@pytest.mark.compiled_speed
def test_the_toggle_changes_counts_never_the_move():
    from qsearch.viz.play_toggle import PlayPruningToggle

    game = PlayPruningToggle(depth=4, count_both=True)
    first = game.play(3)
    game.alphabeta = True
    second = game.play(3)
    assert first.pruned < first.normal and second.pruned < second.normal
    other = PlayPruningToggle(depth=4, alphabeta=True)
    assert (other.play(3).column, other.play(3).column) == (first.column, second.column)
    assert game.totals() == (first.normal + second.normal, first.pruned + second.pruned)
    assert game.toggle.value is True
    game.undo()
    assert len(game.rows) == 1


@pytest.mark.compiled_speed
def test_the_documents_performance_table_is_reproduced():
    for key, column, target in (("normal", "normal", DOCUMENT_NORMAL),
                                ("pruned", "pruned", DOCUMENT_PRUNED)):
        rows = performance_test(DOCUMENT_GAMES[key])
        assert list(accumulate(getattr(r, column) for r in rows)) == target
