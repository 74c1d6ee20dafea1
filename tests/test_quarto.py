"""Quarto: document 000's variant (OwnPieceQuarto) and the standard game (Quarto).

Rules are checked against an independent brute-force checker written from the document's
description; the document's demo position is rebuilt from the board it prints, and every
search (the line-by-line twin of its AB_MINIMAX, our general alpha-beta, its pure-Python
twin, the specialised compiled one) must answer as the document does.
"""
import pickle
import random

import pytest
from helpers import snapshot

from qsearch.core.errors import IllegalMoveError
from qsearch.documents.quarto_ab_minimax import (
    DOCUMENT_OPTIONS,
    ab_minimax_state,
    document_depth,
    document_search,
)
from qsearch.games import OwnPieceQuarto, Quarto
from qsearch.games.quarto import PIECES, piece_code, piece_from_code, square_name
from qsearch.heuristics.quarto import LineCredit, line_credit
from qsearch.reference import alphabeta as twin_alphabeta
from qsearch.reference.quarto_heuristics import line_credit as twin_line_credit
from qsearch.reference.quarto_heuristics import make_payoff_order
from qsearch.search import alphabeta
from qsearch.search.quarto_ab import ab_minimax

# The board the document prints after set.seed(41); RAND.GAME_LIMITED(limit=12):
#        (1)  (2)  (3)  (4)
#   (1) 2358 2467 1457 ....
#   (2) 2357 .... 2367 ....
#   (3) 1468 1358 1458 ....
#   (4) 2368 1367 2458 1467
DEMO_ROWS = [["2358", "2467", "1457", None], ["2357", None, "2367", None],
             ["1468", "1358", "1458", None], ["2368", "1367", "2458", "1467"]]

# Lines as lists of (row, col), 0-based, written out independently of the engine's masks.
BRUTE_LINES = ([[(r, c) for c in range(4)] for r in range(4)]
               + [[(r, c) for r in range(4)] for c in range(4)]
               + [[(0, 0), (1, 1), (2, 2), (3, 3)], [(3, 0), (2, 1), (1, 2), (0, 3)]])


def brute_force_won(state) -> bool:
    """Any full line whose four pieces have a code in common (from the piece table)."""
    grid = state.board_codes()
    for line in BRUTE_LINES:
        codes = [grid[r][c] for r, c in line]
        if None in codes:
            continue
        if any(all(code[k] == codes[0][k] for code in codes) for k in range(4)):
            return True
    return False


def random_position(rng, placed, cls=OwnPieceQuarto):
    """A non-terminal position after ``placed`` random placements (None if a game ended)."""
    state = cls()
    while state.num_placed() < placed:
        if state.is_terminal():
            return None
        state.apply_action(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


# ------------------------------------------------------------------ notation and tables
def test_piece_table_is_the_documents():
    assert PIECES[0] == (1, 3, 5, 7) and PIECES[1] == (1, 3, 5, 8)
    assert PIECES[4] == (1, 4, 5, 7) and PIECES[15] == (2, 4, 6, 8)
    assert [piece_from_code(piece_code(p)) for p in range(16)] == list(range(16))
    assert piece_from_code("1,3,5,7") == 0 and piece_from_code((2, 4, 6, 8)) == 15


def test_squares_go_column_by_column_as_the_documents_positions():
    assert [square_name(s) for s in range(5)] == ["(1,1)", "(2,1)", "(3,1)", "(4,1)", "(1,2)"]


def test_actions_round_trip_in_document_notation():
    s = OwnPieceQuarto()
    assert s.legal_actions() == list(range(256))
    for a in range(256):
        assert s.string_to_action(s.action_to_string(a)) == a
    assert s.action_to_string(16 * 12) == "(1,4) 1357"
    with pytest.raises(ValueError):
        s.string_to_action("(5,1) 1357")
    with pytest.raises(ValueError):
        s.string_to_action("(1,1) 1257")


def test_repr_rebuilds_and_pickle_and_clone():
    state = OwnPieceQuarto.from_board(DEMO_ROWS)
    again = eval(repr(state), {"OwnPieceQuarto": OwnPieceQuarto})
    assert snapshot(again) == snapshot(state)
    assert snapshot(pickle.loads(pickle.dumps(state))) == snapshot(state)
    assert snapshot(state.clone()) == snapshot(state)
    q = Quarto.from_placements(["(1,1) 2358", "(2,2) 1357"], give="2468")
    assert snapshot(eval(repr(q), {"Quarto": Quarto})) == snapshot(q)
    assert snapshot(pickle.loads(pickle.dumps(q))) == snapshot(q)


def test_demo_board_is_rebuilt_exactly():
    state = OwnPieceQuarto.from_board(DEMO_ROWS)
    assert state.board_codes() == DEMO_ROWS
    assert state.num_placed() == 12 and state.current_player() == 0
    assert [square_name(s) for s in state.squares_left()] == ["(2,2)", "(1,4)", "(2,4)", "(3,4)"]
    assert [piece_code(p) for p in state.pieces_left()] == ["1357", "1368", "2457", "2468"]
    # the document's 4x4x4 array, first slice (attribute 1|2)
    assert state.document_array()[0] == [[2, 2, 1, 0], [2, 0, 2, 0], [1, 1, 1, 0], [2, 1, 2, 1]]
    assert "2358 2467 1457 ...." in str(state)


# ------------------------------------------------------------------ rules
@pytest.mark.parametrize("cls", [OwnPieceQuarto, Quarto])
def test_wins_exactly_as_a_brute_force_checker_says(cls):
    rng = random.Random(3)
    ends = {"win": 0, "draw": 0}
    for _ in range(400):
        state = cls()
        while not state.is_terminal():
            before = state.num_placed()
            mover = state.current_player()
            state.apply_action(rng.choice(state.legal_actions()))
            won = brute_force_won(state)
            assert state.is_terminal() == (won or state.num_placed() == 16)
            if state.num_placed() > before:
                assert (state.winner_player() == mover) == won
                if won:
                    assert state.returns()[mover] == 1 and state.returns()[1 - mover] == -1
        if state.winner_player() is None:
            assert state.num_placed() == 16 and state.returns() == [0.0, 0.0]
            ends["draw"] += 1
        else:
            ends["win"] += 1
        assert state.legal_actions() == [] and state.current_player() == -4
    assert ends["win"] > 300 and ends["draw"] > 0


def test_full_line_without_a_shared_attribute_does_not_win():
    # Row 1 holds 1357, 1368, 2458, 2467 ... every attribute takes both values: no win.
    state = OwnPieceQuarto.from_placements(["(1,1) 1357", "(1,2) 2468", "(1,3) 1368"])
    state.apply_action(state.string_to_action("(1,4) 2457"))
    assert not state.is_terminal()
    # A line sharing only the last attribute (8: hollow) wins.
    state = OwnPieceQuarto.from_placements(["(2,1) 1358", "(2,2) 2468", "(2,3) 1468"])
    state.apply_action(state.string_to_action("(2,4) 2358"))
    assert state.winner_player() == 1
    # The other diagonal counts, and the winner need not have placed the other three.
    state = OwnPieceQuarto.from_placements(["(4,1) 1357", "(3,2) 1358", "(2,3) 1367"])
    state.apply_action(state.string_to_action("(1,4) 1368"))
    assert state.winner_player() == 1 and state.winning_lines() == [(9, 0, 1), (9, 1, 3)]


def test_a_placement_off_every_line_through_it_never_wins():
    # (1,2) is on row 1 and column 2 only: completing the main diagonal elsewhere matters.
    state = OwnPieceQuarto.from_placements(
        ["(1,1) 1357", "(2,2) 1358", "(3,3) 1367", "(4,4) 2468"])
    assert not state.is_terminal()


@pytest.mark.parametrize("cls", [OwnPieceQuarto, Quarto])
def test_illegal_actions_raise_and_leave_the_state_unchanged(cls):
    state = cls.from_placements(["(1,1) 2358", "(2,2) 1357"])
    if cls is Quarto:
        state.apply_action(state.string_to_action("2468"))     # give, then place
        bad = [0, 5, 16, 17, 16 + 15]  # taken squares; giving while a piece is in hand
    else:
        bad = [16 * 0 + 3, 16 * 5 + 3, 16 * 2 + 0, 16 * 2 + 9]  # taken squares, used pieces
    before = snapshot(state)
    for action in bad:
        with pytest.raises(IllegalMoveError):
            state.apply_action(action)
        assert snapshot(state) == before
    with pytest.raises(TypeError):
        state.apply_action("(1,1) 2358")
    assert snapshot(state) == before


def test_from_placements_rejects_taken_squares_and_used_pieces():
    with pytest.raises(IllegalMoveError):
        OwnPieceQuarto.from_placements(["(1,1) 2358", "(1,1) 1357"])
    with pytest.raises(IllegalMoveError):
        OwnPieceQuarto.from_placements(["(1,1) 2358", "(1,2) 2358"])


@pytest.mark.parametrize("cls", [OwnPieceQuarto, Quarto])
def test_apply_and_undo_restore_everything(cls):
    rng = random.Random(11)
    for _ in range(30):
        state = cls()
        seen = [snapshot(state)]
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            seen.append(snapshot(state))
        while state.history():
            state.undo_action()
            seen.pop()
            assert snapshot(state) == seen[-1]


def test_standard_quarto_turns_give_then_place():
    q = Quarto()
    assert q.current_player() == 0 and q.legal_actions() == list(range(16, 32))
    q.apply_action(q.string_to_action("1357"))      # player 0 gives
    assert q.current_player() == 1 and q.piece_in_hand() == 0
    assert q.legal_actions() == list(range(16))
    q.apply_action(q.string_to_action("(1,1)"))     # player 1 places ...
    assert q.current_player() == 1 and q.piece_in_hand() is None
    q.apply_action(q.string_to_action("2468"))      # ... and gives
    assert q.current_player() == 0
    assert q.piece_in_hand() == piece_from_code("2468")
    assert q.legal_actions() == [s for s in range(16) if s != q.string_to_action("(1,1)")]


def test_transpositions_share_a_key():
    a = OwnPieceQuarto.from_placements(["(1,1) 2358", "(2,2) 1357"])
    b = OwnPieceQuarto.from_placements(["(2,2) 1357", "(1,1) 2358"])
    assert a.position_key() == b.position_key() and a == b


def test_random_playouts_are_seeded_and_plausible():
    r1, p1 = OwnPieceQuarto.random_playouts(20000, seed=1)
    r2, p2 = OwnPieceQuarto.random_playouts(20000, seed=1)
    assert (r1 == r2).all() and (p1 == p2).all()
    assert set(p1.tolist()) <= set(range(4, 17))
    assert ((r1 == 0) == (p1 == 16) & (r1 == 0)).all()
    draws = (r1 == 0).mean()
    assert 0.005 < draws < 0.04                     # the document: 21 draws in 1000
    assert abs((r1 == 1).mean() - (r1 == -1).mean()) < 0.03
    rq, pq = Quarto.random_playouts(2000, seed=2)
    assert set(rq.tolist()) <= {-1, 0, 1} and pq.max() <= 16


# ------------------------------------------------------------------ the document's search
def test_demo_position_answers_value_9_at_1_4_with_1357():
    state = OwnPieceQuarto.from_board(DEMO_ROWS)
    doc = ab_minimax_state(state)
    assert (doc["value"], doc["pos"], doc["piece"]) == (9, (1, 4), (1, 3, 5, 7))
    for result in (document_search(state), document_search(state, algorithm=twin_alphabeta),
                   ab_minimax(state), ab_minimax(state, win_check=True)):
        assert result.value == 9
        assert state.action_to_string(result.action) == "(1,4) 1357"
    assert document_search(state).nodes == doc["nodes"] == ab_minimax(state).nodes
    r_doc = ab_minimax_state(state, variant="r")     # AB_MINIMAX_R also sees the 16th ply
    assert (r_doc["value"], r_doc["action"]) == (9, 16 * 12)
    assert document_search(state, variant="r").nodes == r_doc["nodes"]


def test_general_alphabeta_equals_the_documents_ab_minimax_on_random_positions():
    rng = random.Random(21)
    checked = 0
    while checked < 30:
        state = random_position(rng, rng.randint(10, 14))
        if state is None:
            continue
        for variant in ("cpp", "r"):
            doc = ab_minimax_state(state, variant)
            ours = document_search(state, variant)
            assert (ours.value, ours.action, ours.nodes) == (
                doc["value"], doc["action"], doc["nodes"]), (repr(state), variant)
        checked += 1


@pytest.mark.compiled_speed
@pytest.mark.parametrize("options", [{}, {"evaluate": line_credit}])
def test_specialised_ab_minimax_equals_general_alphabeta(options):
    rng = random.Random(5)
    checked = 0
    while checked < 25:
        state = random_position(rng, rng.randint(7, 14))
        if state is None:
            continue
        depth = document_depth(state)
        general = alphabeta(state, depth, options.get("evaluate"), **DOCUMENT_OPTIONS)
        special = ab_minimax(state, depth, options.get("evaluate"))
        assert (special.value, special.action, special.nodes, special.leaves,
                special.cutoffs) == (general.value, general.action, general.nodes,
                                     general.leaves, general.cutoffs), repr(state)
        checked += 1


def test_payoff_order_matches_its_python_twin():
    rng = random.Random(8)
    checked = 0
    while checked < 12:
        state = random_position(rng, rng.randint(9, 13))
        if state is None:
            continue
        depth = document_depth(state)
        twin = twin_alphabeta(state, depth, twin_line_credit,
                              order=make_payoff_order(state, depth), **DOCUMENT_OPTIONS)
        special = ab_minimax(state, depth, line_credit, order="payoff")
        assert (special.value, special.action, special.nodes, special.leaves) == (
            twin.value, twin.action, twin.nodes, twin.leaves), repr(state)
        checked += 1


@pytest.mark.compiled_speed
def test_win_check_keeps_the_documents_value_and_move():
    rng = random.Random(9)
    for _ in range(150):
        state = random_position(rng, rng.randint(0, 14))
        if state is None:
            continue
        for options in ({}, {"evaluate": line_credit, "order": "payoff"}):
            if options and state.num_placed() < 6:
                continue
            exact = ab_minimax(state, **options)
            fast = ab_minimax(state, win_check=True, **options)
            assert (fast.value, fast.action) == (exact.value, exact.action), repr(state)
            assert fast.nodes <= exact.nodes


def test_reference_twin_equals_compiled_with_the_heuristic():
    rng = random.Random(13)
    checked = 0
    while checked < 15:
        state = random_position(rng, rng.randint(9, 14))
        if state is None:
            continue
        depth = document_depth(state)
        twin = twin_alphabeta(state, depth, twin_line_credit, **DOCUMENT_OPTIONS)
        fast = alphabeta(state, depth, line_credit, **DOCUMENT_OPTIONS)
        assert (twin.value, twin.action, twin.nodes) == (fast.value, fast.action, fast.nodes)
        checked += 1


# ------------------------------------------------------------------ the better payoff
def test_line_credit_matches_its_twin_and_stays_below_a_win():
    rng = random.Random(4)
    heavy = LineCredit(two=0.25, three=0.75)
    for _ in range(200):
        state = OwnPieceQuarto()
        while not state.is_terminal():
            for player in (0, 1):
                assert line_credit.evaluate(state, player) == twin_line_credit(state, player)
                assert heavy(state, player) == twin_line_credit(state, player, 0.25, 0.75)
                assert abs(line_credit(state, player)) <= 5
            state.apply_action(rng.choice(state.legal_actions()))
    assert pickle.loads(pickle.dumps(heavy)).two == 0.25


def test_line_credit_counts_live_lines_for_the_player_to_move():
    # Two alike pieces (both 1...: light) on row 1 with light pieces left: a live two.
    state = OwnPieceQuarto.from_placements(["(1,1) 1357", "(1,2) 1368"])
    assert line_credit.counts(state) == (1, 0)
    assert line_credit(state, 0) == pytest.approx(0.1) and line_credit(state, 1) == -0.1
    state.apply_action(state.string_to_action("(1,3) 1458"))
    assert line_credit.counts(state) == (0, 1)          # a live three: player 1 can win now
    assert line_credit(state, 1) == 0.5


# ------------------------------------------------------------------ drawing and the widget
def test_svg_draws_pieces_with_a_viewbox():
    state = OwnPieceQuarto.from_board(DEMO_ROWS)
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and "viewBox" in svg and svg.count("<title>") > 12
    state.apply_action(state.string_to_action("(1,4) 1357"))
    assert "gold" in state._repr_svg_()
