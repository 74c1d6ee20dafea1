"""PlayQuarto as a student meets it: clicks (a double click plays once), the thinking guard
for the opponent's move and "Who wins?", the verdict's lifecycle, moves named in words."""
import pytest
from helpers import FakeClock

from qsearch.core.errors import IllegalMoveError
from qsearch.games import OwnPieceQuarto
from qsearch.reference.quarto import ATTRIBUTES, piece_code
from qsearch.viz.play_quarto import PlayQuarto, ordinal, placement_words

pytest.importorskip("ipywidgets")


def clocked(game):
    """``game`` with a clock moved by hand, past any click guard of its opening move."""
    game._clock = FakeClock()
    game._answered_at = -1e9
    return game


def later(game, seconds=2.0):
    game._clock.now += seconds


class StubPerfect:
    """Stands in for the perfect player: records what the widget shows while it "thinks" and
    clicks as an impatient student would meanwhile."""

    def __init__(self, game, verdict_for_mover=-1):
        self.game = game
        self.verdict_for_mover = verdict_for_mover
        self.seen = []

    def _look(self):
        g = self.game
        self.seen.append((g.thinking, g.status_text, g._status.value,
                          [w.disabled for w in g._inputs()]))
        s = g.state
        free = [sq for sq in range(16) if s.board_pieces()[sq] < 0]
        g._square_buttons[free[0]].click()              # clicks while it thinks
        g._piece_buttons[s.pieces_left()[0]].click()
        g._judge.click()
        g._new.click()

    def __call__(self, state):
        self._look()
        return state.legal_actions()[-1]

    def outcome(self, state):
        from qsearch.proofs.quarto_own import Outcome

        self._look()
        return Outcome(self.verdict_for_mover, None, False)


def attribute_words(code: str) -> str:
    """The document's code read digit by digit: 1|2 colour, 3|4 shape, 5|6 height, 7|8 top."""
    return " ".join(ATTRIBUTES[k][int(d) % 2 == 0] for k, d in enumerate(code))


# ------------------------------------------------------------------ words
def test_a_placement_is_named_by_row_column_and_the_pieces_attributes():
    state = OwnPieceQuarto()
    for action in state.legal_actions():
        square_text, code = state.action_to_string(action).split()   # the document's "(r,c) abcd"
        row, col = square_text.strip("()").split(",")
        assert placement_words(action) == (f"the {attribute_words(code)} piece ({code}) "
                                           f"at row {row}, column {col}")
    assert placement_words(state.string_to_action("(2,3) 2468")) == \
        "the dark square short hollow piece (2468) at row 2, column 3"


@pytest.mark.compiled_speed
def test_the_opponents_move_is_named_in_the_status_line():
    game = PlayQuarto()
    game.play(game.state.string_to_action("(1,1) 1357"))
    reply = game.state.history()[-1]
    assert game.status_text.startswith(f"The engine placed {placement_words(reply)}: value ")
    assert "nodes searched." in game.status_text and "Your move" in game.status_text
    perfect = PlayQuarto(opponent="perfect")
    perfect.play(perfect.state.string_to_action("(1,1) 1357"))
    reply = perfect.state.history()[-1]
    assert perfect.status_text.startswith(
        f"The perfect player placed {placement_words(reply)}. Your move")


def test_buttons_are_labelled_like_the_other_widgets_and_never_shrink():
    game = PlayQuarto()
    labels = [b.description for b in (game._new, game._undo, game._judge)]
    assert labels == ["New game", "Undo", "Who wins?"]
    grid = game.widget.children[0].children[1].children[1]      # the squares, as drawn
    assert [b.description for b in grid.children] == \
        [f"({r},{c})" for r in range(1, 5) for c in range(1, 5)]
    assert [b.description for b in game._piece_buttons] == [piece_code(p) for p in range(16)]
    for b in [*game._square_buttons, *game._piece_buttons]:
        assert b.layout.width.endswith("px") and b.layout.flex == "0 0 auto", b.description
    for b in (game._new, game._undo, game._judge):      # as wide as their text, any language
        assert b.layout.width == "auto" and b.layout.flex == "0 0 auto", b.description


# ------------------------------------------------------------------ clicks
@pytest.mark.compiled_speed
def test_a_double_click_on_a_piece_plays_it_once_and_leaves_nothing_selected():
    game = clocked(PlayQuarto())
    square = game.state.string_to_action("(2,3) 1357") // 16
    game._square_buttons[square].click()
    assert game.square == square and "row 2, column 3" in game.status_text
    game._piece_buttons[0].click()                      # the first click: placed, answered
    assert len(game.state.history()) == 2
    later(game, 0.05)                                   # the second click, right after
    game._piece_buttons[0].click()
    assert game.dropped_clicks == 1 and game.piece is None and game.square is None
    later(game)                                         # a slow double click: piece 0 is used
    game._piece_buttons[0].click()
    assert game.dropped_clicks == 2 and game.piece is None
    free = [s for s in range(16) if game.state.board_pieces()[s] < 0]
    game._square_buttons[free[0]].click()               # the next ordinary clicks play
    game._piece_buttons[game.state.pieces_left()[0]].click()
    assert len(game.state.history()) == 4 and "illegal" not in game.status_text


@pytest.mark.compiled_speed
def test_choosing_a_piece_first_then_a_square_plays_and_bad_choices_say_why():
    game = clocked(PlayQuarto())
    game.select_piece(15)
    assert "the dark square short hollow piece (2468); now click a square" in game.status_text
    game.select_piece(15)                               # the same piece again: still chosen
    game.select_square(0)
    assert game.state.history()[0] == 15 and len(game.state.history()) == 2
    with pytest.raises(IllegalMoveError, match="row 1, column 1 is taken"):
        game.select_square(0)
    with pytest.raises(IllegalMoveError, match=r"\(2468\) is already on the board"):
        game.select_piece(15)
    with pytest.raises(TypeError, match="square"):
        game.select_square("(1,1)")
    with pytest.raises(ValueError, match="pieces are 0..15, not 16"):
        game.select_piece(16)
    assert game.square is None and game.piece is None


def test_the_thinking_guard_covers_the_perfect_players_move():
    game = clocked(PlayQuarto(opponent="perfect"))
    stub = game._perfect = StubPerfect(game)
    game.select_square(0)
    game.select_piece(0)
    thinking, status, html, disabled = stub.seen[0]
    assert thinking and status == "The perfect player is choosing its move."
    assert "qsearch-thinking" in html and all(disabled) and len(disabled) == 32 + 4
    assert game.dropped_clicks == 4 and len(game.state.history()) == 2   # nothing played
    assert not game.thinking and "qsearch-thinking" not in game._status.value
    later(game, 0.1)                                    # a click just after the answer
    game._undo.click()
    assert game.dropped_clicks == 5 and len(game.state.history()) == 2


def test_who_wins_thinks_visibly_drops_clicks_and_then_shows_the_verdict():
    game = clocked(PlayQuarto(opponent="perfect"))
    stub = game._perfect = StubPerfect(game, verdict_for_mover=1)
    game._judge.click()
    thinking, status, html, disabled = stub.seen[0]
    assert thinking and status == "Working out who wins with best play from here."
    assert "qsearch-thinking" in html and all(disabled)
    assert game.dropped_clicks == 4 and game.state.history() == []
    assert game.status_text.startswith(
        "Who wins? With best play on both sides from here (you to move), you win.")


# ------------------------------------------------------------------ the verdict
def test_the_verdict_is_the_proofs_and_lasts_until_the_position_changes():
    from qsearch.proofs.quarto_own import load_proof

    game = clocked(PlayQuarto(opponent="perfect"))
    proof = load_proof()                                # the proof, checked in its own tests
    assert proof["value_for_player_0"] == -1
    assert game.who_wins() == "lost"                    # you move first: the second player wins
    said = ("Who wins? With best play on both sides from here (you to move), the perfect "
            f"player wins, completing a line with the {ordinal(proof['wins_by_piece'])} piece "
            "at the latest.")
    assert said in game.status_text
    game.select_square(5)                               # a choice is not a move: it stays
    assert said in game.status_text
    game.select_piece(3)
    assert "Who wins?" not in game.status_text          # a move clears it
    later(game)
    game._judge.click()
    assert said in game.status_text
    later(game)
    game._undo.click()
    assert game.state.history() == [] and "Who wins?" not in game.status_text
    game.who_wins()
    later(game)
    game._new.click()
    assert "Who wins?" not in game.status_text


def test_the_verdict_agrees_with_an_exact_solve_late_in_a_game():
    from qsearch.search.quarto_solver import QuartoSolver

    game = clocked(PlayQuarto(opponent="perfect"))
    moves = ["(1,1) 1357", "(2,2) 1358", "(3,3) 2468", "(4,4) 2467", "(1,2) 1368",
             "(2,1) 2357"]
    state = OwnPieceQuarto.from_placements("; ".join(moves))
    game.state = state.clone()                          # you (player 0) to move
    solved = QuartoSolver(18).solve(state).score        # exact: the piece too
    verdict = {1: "won", 0: "drawn", -1: "lost"}[(solved > 0) - (solved < 0)]
    assert game.who_wins() == verdict
    if solved:
        assert (f"completing a line with the {ordinal(17 - abs(solved))} piece."
                in game.status_text)


def test_ordinals_name_the_piece():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 14, 16, 21, 22)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "14th", "16th", "21st", "22nd"]


@pytest.mark.compiled_speed
def test_undo_never_takes_back_the_opponents_opening():
    game = clocked(PlayQuarto(human_first=False))
    opening = game.state.history()
    assert len(opening) == 1 and game._undo.disabled
    assert game.undo() == 0 and game.state.history() == opening
    game.select_square(game.state.legal_actions()[0] // 16)
    game.select_piece(game.state.pieces_left()[0])
    assert len(game.state.history()) == 3 and not game._undo.disabled
    assert game.undo() == 2 and game.state.history() == opening


@pytest.mark.compiled_speed
def test_play_widget_headless():
    game = PlayQuarto()
    game.select_square(12)
    assert game.state.num_placed() == 0 and "row 1, column 4" in game.status_text
    game.select_piece(0)
    assert game.state.num_placed() == 2 and game.last_result is not None
    assert "nodes" in game.status_text
    with pytest.raises(IllegalMoveError):
        game.human_move(16 * 12 + 1)                   # (1,4) is taken
    with pytest.raises(IllegalMoveError, match="taken"):
        game.select_square(12)
    assert game.state.num_placed() == 2
    game.undo()
    assert game.state.num_placed() == 0
    game.new_game(human_first=False)
    assert game.state.num_placed() == 1 and "<svg" in game.svg()


@pytest.mark.slow
def test_the_play_widget_tells_who_wins_and_plays_perfectly():
    game = PlayQuarto(opponent="perfect")
    assert game.verdict() == "lost"                 # the first player loses with best play
    game.play(game.state.legal_actions()[0])
    assert len(game.state.history()) == 2 and game.verdict() == "lost"
    game.new_game(human_first=False)                # the engine opens: the student can win
    assert len(game.state.history()) == 1 and game.verdict() == "won"
    game.who_wins()
    from qsearch.proofs.quarto_own import load_proof

    piece = ordinal(load_proof()["wins_by_piece"])
    assert (f"(you to move), you win, completing a line with the {piece} piece at the latest."
            in game.status_text)
    with pytest.raises(ValueError, match="opponent"):
        PlayQuarto(opponent="oracle")
