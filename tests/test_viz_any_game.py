"""Every widget on any game (issue 19): PlayGame on a class's own game, an OpenSpiel game and a
game with dice; the steppers, draw_search and draw_mcts on Nim, ExtraTurnNim and OpenSpiel."""
import pytest
from helpers import with_clock

from qsearch.core.constants import CHANCE
from qsearch.core.errors import IllegalMoveError
from qsearch.games import ExtraTurnNim, Nim, Pig, TicTacToe, load
from qsearch.viz import (
    AlphaBetaStepper,
    ExpectiminimaxStepper,
    MCTSStepper,
    MinimaxStepper,
    PlayGame,
    PVSStepper,
    draw_mcts,
    draw_search,
)
from qsearch.viz.play_game import text_svg
from qsearch.viz.tree import svg_text


def later(game, seconds=2.0):
    """Let the click guard pass (a deliberate click, not the second of a double click)."""
    game._clock.now += seconds


def replay_is_legal(game) -> None:
    """Every action in the game's record was legal where it was played, chance included."""
    s = game.initial.clone()
    for player, action, _name in game.record:
        assert player == s.current_player()
        assert action in s.legal_actions(), (action, str(s))
        s.apply_action(action)
    assert str(s) == str(game.state)


def openspiel(name):
    pytest.importorskip("pyspiel")
    return load(f"openspiel:{name}")


# ------------------------------------------------------------------ PlayGame on Nim
def test_a_full_game_of_nim_against_alphabeta_the_engine_plays_only_legal_moves():
    game = with_clock(PlayGame(Nim((1, 3, 5)), "alphabeta", depth=None))
    assert game.status_text == "Your move: you are player 0."
    assert "heap 2: |||||" in game.board_html() and game.board_html().startswith("<pre")
    while not game.state.is_terminal():
        labels = [b.description for b in game.move_buttons().values()]
        assert labels == [game.move_name(a) for a in game.state.legal_actions()]
        result = game.play(game.state.legal_actions()[0])
        if result is not None:
            assert result.engine == "python" and result.algorithm == "alphabeta"
        later(game)
    replay_is_legal(game)
    # 1 ^ 3 ^ 5 != 0: the first player can win, but not by always taking one stone from the
    # first heap; a search to the end punishes that.
    assert game.status_text.endswith("Game over: the opponent wins.")
    assert "(the opponent wins in 1 ply with best play)" in game.status_text
    assert game.move_buttons() == {}


def test_undo_and_new_game_on_nim():
    game = with_clock(PlayGame(Nim((1, 3, 5)), "alphabeta", depth=3))
    start = str(game.state)
    game.play("2:5")                           # a move by its name
    assert [(p, a) for p, a, _ in game.record][0] == (0, 205) and len(game.record) == 2
    assert game.undo() == 2
    assert str(game.state) == start and game.record == [] and game.status_text.startswith("Your")
    assert game.undo() == 0 and game.undo_button.disabled
    game.new_game(human_first=False)           # the opponent opens
    assert len(game.record) == 1 and game.record[0][0] == 0 and game.human == 1
    assert game.undo() == 0                    # its opening move is never taken back
    assert game.status_text.startswith("The opponent (alphabeta, depth 3) played ")
    assert game.status_text.endswith("Your move: you are player 1.")
    game.new_button.click()                    # right after its answer: dropped
    assert game.dropped_clicks == 1 and len(game.record) == 1
    later(game)
    game.first_checkbox.value = False
    game.new_button.click()
    assert game.record == [] and game.human == 0


def test_an_illegal_move_says_why_and_changes_nothing():
    game = with_clock(PlayGame(Nim((1, 3, 5)), "random", seed=1))
    before, record = str(game.state), list(game.record)
    game._click(999)                           # what a stale button would send
    assert game.message.startswith("Not played: 9:99 is not a legal move here (legal: 0:1, ")
    assert game.message in game.status_text and game.status_html.value.count("Not played") == 1
    with pytest.raises(IllegalMoveError, match="not a legal move"):
        game.play("0:2")
    with pytest.raises(IllegalMoveError, match="there is no move called 'take two'"):
        game.play("take two")
    assert str(game.state) == before and game.record == record
    game.play(205)                             # the message goes with the next move
    assert "Not played" not in game.status_text


def test_the_thinking_guard_drops_clicks_during_and_just_after_the_opponents_think():
    seen = []

    def slow_player(state):                    # what the browser sees while it "searches"
        seen.append((game.thinking, game.status_text, game.status_html.value,
                     [w.disabled for w in game._inputs()]))
        game._click(state.legal_actions()[0])  # a click arriving while it thinks
        return state.legal_actions()[-1]

    game = with_clock(PlayGame(Nim((1, 3, 5)), slow_player))
    game._click(101)
    thinking, status, html, disabled = seen[0]
    assert thinking and "The opponent is thinking…" in status and "qsearch-thinking" in html
    assert all(disabled) and len(disabled) == 3 + 9       # the controls and 9 move buttons
    assert game.dropped_clicks == 1 and len(game.record) == 2
    game._clock.now += 0.05                    # the second click of a double click
    game._click(102)
    assert game.dropped_clicks == 2 and len(game.record) == 2
    assert "Not played: that click came while the opponent was moving" in game.status_text
    later(game)
    game._click(game.state.legal_actions()[0])
    assert len(game.record) >= 3 and not game.thinking
    assert "The opponent (slow_player) played" in game.status_text or game.state.is_terminal()


def test_extra_turns_are_played_until_it_is_your_move_again():
    def empty_a_heap(state):                   # empties the first heap: moves again
        heaps = state.heaps
        heap = next(h for h, n in enumerate(heaps) if n)
        return heap * 100 + heaps[heap]

    game = with_clock(PlayGame(ExtraTurnNim((1, 2, 3, 1)), empty_a_heap))
    game.play(301)                             # empties heap 3: you move again
    assert [p for p, _, _ in game.record] == [0] and game.status_text.startswith("Your move")
    game.play(201)                             # the opponent empties heaps 0 and 1, then 2
    assert [p for p, _, _ in game.record] == [0, 0, 1, 1, 1]
    assert game.state.is_terminal() and game.status_text == (
        "The opponent (empty_a_heap) played 0:1, then 1:2, then 2:2. "
        "Game over: the opponent wins.")


def test_an_opponent_that_breaks_the_rules_is_reported_not_played():
    game = with_clock(PlayGame(Nim((1, 3)), lambda state: 555))
    with pytest.raises(IllegalMoveError, match=r"the opponent \(<lambda>\) chose 555"):
        game.play(1)
    later(game)
    game.new_game()
    later(game)
    game._click(1)                              # in the widget: a message, no traceback
    assert "The opponent failed: IllegalMoveError" in game.message
    assert game.status_text.endswith("It is the opponent's turn: press Undo or New game.")
    game.undo()
    assert game.record == [] and game.status_text == "Your move: you are player 0."
    later(game)
    game.first_checkbox.value = True           # New game with the opponent opening
    game.new_button.click()
    assert "The opponent failed" in game.message and game.record == []


def test_bad_arguments_are_refused_with_clear_errors():
    class NoReturns(Nim):
        returns = None

    with pytest.raises(TypeError, match=r"NoReturns is not a game state: it lacks returns\(\)"):
        PlayGame(NoReturns())
    with pytest.raises(ValueError, match="opponent must be one of"):
        PlayGame(Nim(), "alfabeta")
    with pytest.raises(TypeError, match="opponent must be a search name"):
        PlayGame(Nim(), 3)
    with pytest.raises(ValueError, match="depth must be an int >= 1"):
        PlayGame(Nim(), "alphabeta", depth=0)
    with pytest.raises(ValueError, match="iterations must be an int >= 1"):
        PlayGame(Nim(), "mcts", iterations=0)
    over = Nim((1,))
    over.apply_action(1)
    with pytest.raises(ValueError, match="already over"):
        PlayGame(over)
    with pytest.raises(ValueError, match="use expectiminimax or mcts"):
        PlayGame(Pig(), "alphabeta")


# ------------------------------------------------------------------ PlayGame elsewhere
def test_openspiel_tic_tac_toe_against_a_full_search():
    game = with_clock(PlayGame(openspiel("tic_tac_toe"), "alphabeta", depth=None))
    assert [b.description for b in game.move_buttons().values()][4] == "x(1,1)"
    while not game.state.is_terminal():
        legal = game.state.legal_actions()
        game.play(4 if 4 in legal else legal[0])
        later(game)
    replay_is_legal(game)
    assert game.status_text.endswith(("a draw.", "the opponent wins."))
    assert game.board_html().startswith("<pre") and "x" in game.board_html()
    assert game.svg().startswith("<svg") and ">x" in game.svg()


@pytest.mark.compiled
def test_a_qsearch_engine_is_drawn_by_its_own_svg_and_searched_compiled():
    game = with_clock(PlayGame(TicTacToe(), "alphabeta", depth=None))
    result = game.play(4)
    assert result.engine == "compiled" and game.board.value.startswith("<svg")
    assert game.svg() == TicTacToe._repr_svg_(game.state)


@pytest.mark.parametrize("state,opponent,options", [
    (Pig(win_score=10), "mcts", {"iterations": 100}),
    ("openspiel:pig(winscore=10)", "expectiminimax", {"depth": 2}),
])
def test_dice_are_rolled_with_the_seed_and_shown_in_a_last_roll_line(state, opponent, options):
    if isinstance(state, str):
        state = openspiel(state.split(":", 1)[1])

    def game_record(seed):
        game = with_clock(PlayGame(state, opponent, seed=seed, **options))
        lines = []
        for _ in range(200):
            if game.state.is_terminal():
                break
            names = [game.move_name(a) for a in game.state.legal_actions()]
            game.play(game.state.legal_actions()[names.index(min(names))])  # roll, then stop
            later(game)
            if game.rolls:
                assert game.roll_html.value == f"<p>{game.roll_text()}</p>"
                lines.append(game.roll_text())
            else:
                assert game.roll_html.value == ""
        return game, lines

    game, lines = game_record(seed=3)
    assert game.state.is_terminal() and game.status_text.startswith(("Game over", "The opp"))
    replay_is_legal(game)
    rolls = [name for player, _, name in game.record if player == CHANCE]
    assert len(rolls) >= 2 and all(line.startswith("Last roll: ") for line in lines) and lines
    assert game_record(seed=3)[0].record == game.record         # the seed replays the dice


def test_many_moves_wrap_and_scroll_and_every_game_has_a_static_picture():
    from IPython.core.formatters import DisplayFormatter

    game = with_clock(PlayGame(Nim((9, 9, 9, 9)), "random"))
    assert len(game.move_buttons()) == 36
    layout = game.moves_box.layout
    assert layout.flex_flow == "row wrap" and layout.overflow == "auto" and layout.max_height
    assert "qsearch-play" in game.widget._dom_classes
    assert "qsearch-play-status" in game.status_html._dom_classes
    for obj in (game, PlayGame(TicTacToe(), "random")):
        data, _ = DisplayFormatter().format(obj)
        assert "application/vnd.jupyter.widget-view+json" in data
        assert data["image/svg+xml"].startswith("<svg")
    assert "heap 3: |||||||||" in game._repr_svg_()


def test_text_boards_become_svg_with_the_text_escaped():
    svg = text_svg("a < b\n  &c")
    assert svg.startswith("<svg") and "a &lt; b" in svg and "  &amp;c" in svg
    assert 'xml:space="preserve"' in svg


# ------------------------------------------------------------------ steppers and drawings
def games():
    yield "nim", Nim((1, 2)), None, ["0:1", "1:1", "1:2"]
    yield "extra_turn_nim", ExtraTurnNim((1, 2)), None, ["0:1", "1:2"]
    yield "tic_tac_toe", openspiel("tic_tac_toe"), 2, ["x(0,0)", "o(0,1)"]


@pytest.mark.parametrize("stepper", [MinimaxStepper, AlphaBetaStepper, PVSStepper])
@pytest.mark.parametrize("name", ["nim", "extra_turn_nim", "tic_tac_toe"])
def test_the_search_steppers_run_on_any_game(stepper, name):
    _, state, depth, moves = next(g for g in games() if g[0] == name)
    s = stepper(state, depth=depth)
    assert s.result.engine == "python" and s.n_steps == len(s.result.trace) > 5
    captions = s.captions()
    assert captions[0].startswith("Start at the root (MAX)")
    best = s.names.child_name(0, s.result.action)
    assert best in captions[-1]
    svg = s.final_svg()
    for move in moves:
        assert move in svg
    _ = s.widget
    s.slider.value = 3
    drawing = s.svg(2)                  # shown whole, or around the step's node if wide
    assert s.picture.value == s.view_svg(2) and drawing[drawing.index(">"):] in s.picture.value
    assert s.caption_html.value.count("step 3 of") == 1


def test_turns_that_do_not_alternate_keep_the_same_role_in_the_picture():
    s = AlphaBetaStepper(ExtraTurnNim((1, 2)))
    tree = s.tree
    after = {tree.nodes[c].action: c for c in tree.nodes[0].children}
    assert tree.role(after[1]) == "MAX"              # 0:1 empties a heap: player 0 again
    assert tree.role(after[101]) == "MIN"            # 1:1 does not


@pytest.mark.parametrize("name", ["nim", "extra_turn_nim", "tic_tac_toe"])
def test_draw_search_and_draw_mcts_name_the_moves_on_any_game(name):
    from qsearch.search import alphabeta, mcts

    _, state, depth, moves = next(g for g in games() if g[0] == name)
    svg = svg_text(draw_search(alphabeta(state, depth, trace=True), state=state))
    assert moves[0] in svg
    result = mcts(state, 40, seed=1, keep_tree=True, trace=True)
    tree_svg = svg_text(draw_mcts(result, state=state, top_k=None))
    assert any(m in tree_svg for m in moves)
    assert svg_text(draw_mcts(result, state=state, iteration=5)).startswith("<svg")


@pytest.mark.parametrize("name", ["nim", "extra_turn_nim", "tic_tac_toe", "pig"])
def test_the_mcts_stepper_runs_on_any_game(name):
    if name == "pig":
        state, moves = openspiel("pig(winscore=10)"), ["roll", "stop"]
    else:
        _, state, _, moves = next(g for g in games() if g[0] == name)
    s = MCTSStepper(state, 30, seed=2)
    assert s.result.engine == "python" and s.n_steps == 30
    assert s.caption(1).startswith("Iteration 1: selection ")
    assert all(isinstance(s.caption(k), str) for k in range(1, 31))
    bars = s.bars_svg(30)
    for a in state.legal_actions():
        assert s._moves([a])[0] in bars
    assert any(m in s.svg(30) for m in moves)
    s.step_to(12)
    assert s.bars.value == s.bars_svg(12)
    if name == "pig":
        assert any("chance: Roll" in s.caption(k) for k in range(1, 31))


@pytest.mark.parametrize("name", ["nim", "pig"])
def test_the_expectiminimax_stepper_runs_on_any_game(name):
    state = Nim((1, 2)) if name == "nim" else openspiel("pig(winscore=10)")
    s = ExpectiminimaxStepper(state, 3)
    assert s.result.engine == "python"
    captions = s.captions()
    assert captions[-1].startswith("root (MAX) returns")
    svg = s.final_svg()
    if name == "pig":
        k = next(k for k, c in enumerate(captions) if "the outcome Roll 1 (p = 1/6)" in c)
        assert "Roll 1" in s.svg(k) and "p = 1/6" in s.svg(k) and "roll" in s.svg(k)
    else:
        assert "1:2" in svg
    _ = s.widget
