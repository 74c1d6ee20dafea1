"""Behaviour every game engine shares, then a few rules specific to each game.

The generic tests run over every engine (the compiled ``TicTacToe`` and ``Connect4`` and the
pure-Python ``PyConnect4``) on seeded random games.
"""

import copy
import pickle
import random
import re

import pytest

from qsearch.core.errors import IllegalMoveError
from qsearch.games import Connect4, TicTacToe
from qsearch.reference.connect4 import PyConnect4

GAMES = [TicTacToe, Connect4, PyConnect4]
CONNECT4S = [Connect4, PyConnect4]
EVAL_NAMESPACE = {cls.__name__: cls for cls in GAMES}
TERMINAL = -4
MAX_PLIES = {TicTacToe: 9, Connect4: 42, PyConnect4: 42}  # a game ends when the board is full
RANDOM_GAMES = 40


def snapshot(state) -> tuple:
    """Everything observable about a state, to check that an operation left it unchanged."""
    return (
        str(state),
        state.position_key(),
        state.legal_actions(),
        state.history(),
        state.current_player(),
        state.is_terminal(),
        state.returns(),
    )


def random_game(cls, rng: random.Random) -> list:
    """Play ``cls`` from the start with uniformly random moves; return every state visited."""
    state = cls()
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
        assert len(states) <= 1000, "the playout does not end"
    return states


def random_states(cls, seed: int, games: int = RANDOM_GAMES) -> list:
    """All states along ``games`` seeded random games."""
    rng = random.Random(seed)
    return [s for _ in range(games) for s in random_game(cls, rng)]


def state_with_illegal_in_range_action(cls, seed: int = 0):
    """A non-terminal state and an action in 0..num_distinct_actions()-1 that is illegal there
    (an occupied cell, a full column)."""
    rng = random.Random(seed)
    while True:
        for state in random_game(cls, rng):
            if state.is_terminal():
                continue
            illegal = set(range(state.num_distinct_actions())) - set(state.legal_actions())
            if illegal:
                return state, min(illegal)


def terminal_state(cls, seed: int = 0):
    """The final state of a seeded random game."""
    return random_game(cls, random.Random(seed))[-1]


# ------------------------------------------------------------------ playouts and rules
@pytest.mark.parametrize("cls", GAMES)
def test_random_playouts_finish_within_board_size(cls):
    rng = random.Random(1)
    for _ in range(200):
        states = random_game(cls, rng)
        final = states[-1]
        assert final.is_terminal()
        assert len(states) - 1 == len(final.history()) <= MAX_PLIES[cls]


@pytest.mark.parametrize("cls", GAMES)
def test_no_legal_action_exactly_at_terminal_states(cls):
    for state in random_states(cls, seed=2):
        assert (state.legal_actions() == []) == state.is_terminal()


@pytest.mark.parametrize("cls", GAMES)
def test_terminal_states_have_terminal_player_and_zero_sum_returns(cls):
    for state in random_states(cls, seed=3):
        if state.is_terminal():
            assert state.current_player() == TERMINAL
            assert sum(state.returns()) == 0
            assert sorted(state.returns()) in ([0.0, 0.0], [-1.0, 1.0])
        else:
            assert state.current_player() == len(state.history()) % 2
            assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("cls", GAMES)
def test_no_chance_nodes(cls):
    for state in random_states(cls, seed=4, games=5):
        assert not state.is_chance_node()
        assert state.chance_outcomes() == []


@pytest.mark.parametrize("cls", GAMES)
def test_action_strings_round_trip(cls):
    state = cls()
    for a in range(state.num_distinct_actions()):
        assert state.string_to_action(state.action_to_string(a)) == a


# ------------------------------------------------------------------- make / unmake
@pytest.mark.parametrize("cls", GAMES)
def test_apply_then_undo_restores_board_key_and_legal_actions(cls):
    for state in random_states(cls, seed=5, games=20):
        before = snapshot(state)
        for a in state.legal_actions():
            state.apply_action(a)
            assert state.undo_action() == a
            assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
def test_undoing_a_whole_game_retraces_it(cls):
    rng = random.Random(6)
    for _ in range(RANDOM_GAMES):
        state = cls()
        seen = []
        while not state.is_terminal():
            seen.append(snapshot(state))
            state.apply_action(rng.choice(state.legal_actions()))
        for expected in reversed(seen):
            state.undo_action()
            assert snapshot(state) == expected
        assert snapshot(state) == snapshot(cls())


@pytest.mark.parametrize("cls", GAMES)
def test_position_key_is_injective_along_random_games(cls):
    boards_by_key = {}
    for state in random_states(cls, seed=7):
        boards_by_key.setdefault(state.position_key(), set()).add(str(state))
    assert all(len(boards) == 1 for boards in boards_by_key.values())


# ------------------------------------------------------------ copies and encodings
@pytest.mark.parametrize("cls", GAMES)
def test_clone_is_independent_of_the_original(cls):
    for state in random_states(cls, seed=8, games=10):
        if state.is_terminal():
            continue
        before = snapshot(state)
        copy = state.clone()
        assert copy == state and snapshot(copy) == before
        copy.apply_action(copy.legal_actions()[-1])
        assert snapshot(state) == before
        state.apply_action(state.legal_actions()[0])
        state.undo_action()
        copy.undo_action()
        assert snapshot(copy) == before


@pytest.mark.parametrize("cls", GAMES)
@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copy_module_copies_are_independent_of_the_original(cls, copier):
    state = cls()
    state.apply_action(state.legal_actions()[0])
    before = snapshot(state)
    duplicate = copier(state)
    assert duplicate == state
    duplicate.apply_action(duplicate.legal_actions()[0])
    assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
def test_child_leaves_the_original_unchanged(cls):
    for state in random_states(cls, seed=9, games=10):
        before = snapshot(state)
        for a in state.legal_actions():
            child = state.child(a)
            assert snapshot(state) == before
            assert child.history() == state.history() + [a]
            expected = state.clone()
            expected.apply_action(a)
            assert snapshot(child) == snapshot(expected)
            child.undo_action()
            assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
def test_repr_is_evaluable(cls):
    for state in random_states(cls, seed=10, games=10):
        rebuilt = eval(repr(state), dict(EVAL_NAMESPACE))
        assert type(rebuilt) is cls
        assert rebuilt == state
        assert str(rebuilt) == str(state)
        assert rebuilt.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("cls", GAMES)
def test_pickle_round_trip(cls):
    for state in random_states(cls, seed=11, games=10):
        rebuilt = pickle.loads(pickle.dumps(state))
        assert type(rebuilt) is cls
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert str(rebuilt) == str(state)
        assert rebuilt.position_key() == state.position_key()
        assert rebuilt.current_player() == state.current_player()
        assert rebuilt.returns() == state.returns()


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize("cls", GAMES)
def test_illegal_action_raises_illegal_move_error_naming_action_and_legal_ones(cls):
    state, occupied = state_with_illegal_in_range_action(cls)
    for action in (occupied, -1, state.num_distinct_actions(), 10**20):
        with pytest.raises(IllegalMoveError) as excinfo:
            state.apply_action(action)
        assert isinstance(excinfo.value, ValueError)
        message = str(excinfo.value)
        assert f"action {action} " in message
        for legal in state.legal_actions():
            assert f"{legal} ({state.action_to_string(legal)})" in message


@pytest.mark.parametrize("cls", GAMES)
def test_illegal_action_leaves_state_unchanged(cls):
    state, occupied = state_with_illegal_in_range_action(cls)
    before = snapshot(state)
    for action in (occupied, -1, state.num_distinct_actions()):
        with pytest.raises(IllegalMoveError):
            state.apply_action(action)
        assert snapshot(state) == before
        with pytest.raises(IllegalMoveError):
            state.child(action)
        assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
@pytest.mark.parametrize("action", ["3", 3.0, None, True, False, [3]], ids=repr)
def test_non_int_action_raises_type_error_and_leaves_state_unchanged(cls, action):
    state = cls()
    state.apply_action(state.legal_actions()[0])
    before = snapshot(state)
    with pytest.raises(TypeError, match="an action is an int"):
        state.apply_action(action)
    assert snapshot(state) == before
    with pytest.raises(TypeError):
        state.child(action)
    assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
def test_apply_after_game_over_raises_and_leaves_state_unchanged(cls):
    state = terminal_state(cls)
    before = snapshot(state)
    for action in range(state.num_distinct_actions()):
        with pytest.raises(IllegalMoveError, match="game is over"):
            state.apply_action(action)
        assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
def test_undo_with_empty_history_raises_value_error(cls):
    state = cls()
    before = snapshot(state)
    with pytest.raises(ValueError, match="no action to undo"):
        state.undo_action()
    assert snapshot(state) == before


@pytest.mark.parametrize("cls", GAMES)
def test_bad_action_strings_raise_value_error(cls):
    state = cls()
    for text in ("", "x", "0" if cls is not TicTacToe else "9", "1,2,3"):
        with pytest.raises(ValueError, match=re.escape(repr(text))):
            state.string_to_action(text)
    with pytest.raises(TypeError):
        state.string_to_action(3)


# ------------------------------------------------------------------------ Connect-4
@pytest.mark.parametrize("cls", CONNECT4S)
@pytest.mark.parametrize(
    ("moves", "problem"),
    [
        ("4458", "bad character '8' at index 3"),
        ("44a", "bad character 'a' at index 2"),
        ("4 4", "bad character ' ' at index 1"),
        ("0", "bad character '0' at index 0"),
        ("4444444", "move 7 of '4444444': column 4 is full"),
        ("12121213", r"move 8 \(3\) of '12121213' comes after the game is over"),
    ],
)
def test_from_moves_rejects_malformed_strings_naming_the_problem(cls, moves, problem):
    with pytest.raises(ValueError, match=problem):
        cls.from_moves(moves)


@pytest.mark.parametrize("cls", CONNECT4S)
def test_from_moves_rejects_non_strings(cls):
    with pytest.raises(TypeError):
        cls.from_moves([4, 4, 5, 3])


@pytest.mark.parametrize("cls", CONNECT4S)
def test_from_moves_replays_the_history(cls):
    state = cls.from_moves("4453")
    assert state.history() == [3, 3, 4, 2]
    assert state.moves_string() == "4453"
    assert repr(state) == f'{cls.__name__}.from_moves("4453")'
    assert str(state) == "\n".join(
        [
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . o . . .",
            ". . o x x . .",
            "1 2 3 4 5 6 7",
        ]
    )


@pytest.mark.parametrize("cls", CONNECT4S)
@pytest.mark.parametrize(
    ("moves", "winner"),
    [
        # Horizontal, x along the bottom row:
        #   o o o . . . .
        #   x x x x . . .
        pytest.param("1122334", 0, id="horizontal-x-bottom-left"),
        # Horizontal against the right edge, o along the bottom row:
        #   x . . . . . .
        #   x . . . . . .
        #   x x . o o o o
        pytest.param("14151627", 1, id="horizontal-o-right-edge"),
        # Vertical, x in column 1:
        #   x . . . . . .
        #   x o . . . . .
        #   x o . . . . .
        #   x o . . . . .
        pytest.param("1212121", 0, id="vertical-x-left-edge"),
        # Vertical at the top of column 7, o:
        #   . . . . . . o
        #   . . . . . . o
        #   . . . . . . o
        #   x . . . . . o
        #   x . . . . . x
        #   o x . . . . x
        pytest.param("7177172717", 1, id="vertical-o-top-right"),
        # Diagonal /, x from column 1 row 1 up to column 4 row 4:
        #   . . . x . . .
        #   . . x o . . .
        #   . x o o . . .
        #   x o o x . x .
        pytest.param("12234334644", 0, id="diagonal-rising"),
        # Diagonal \, x from column 4 row 4 down to column 7 row 1 (the mirror image):
        #   . . . x . . .
        #   . . . o x . .
        #   . . . o o x .
        #   . x . x o o x
        pytest.param("76654554244", 0, id="diagonal-falling"),
    ],
)
def test_four_in_a_row_wins_in_every_direction(cls, moves, winner):
    state = cls.from_moves(moves)
    assert state.is_terminal()
    assert state.winner_player() == winner
    assert state.returns()[winner] == 1.0
    assert state.returns()[1 - winner] == -1.0
    # One stone earlier nobody had won: the last stone made the four.
    assert not cls.from_moves(moves[:-1]).is_terminal()


@pytest.mark.parametrize("cls", CONNECT4S)
def test_no_four_wraps_from_the_top_of_one_column_to_the_next(cls):
    # x holds the top three cells of column 1 and the bottom cell of column 2: in a
    # bitboard without a guard bit those four bits would be consecutive.
    #   x . . . . . .
    #   x . . . . . .
    #   x . . . . . .
    #   o . . . . . .
    #   o . . . . . .
    #   o x x . x o o
    state = cls.from_moves("21315116171")
    assert not state.is_terminal()
    assert state.winner_player() is None
    assert state.legal_actions() == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("cls", CONNECT4S)
def test_full_board_without_four_is_a_draw(cls):
    # A random game (seed 0, game 349) that filled the board:
    #   o o x o x x o
    #   o x o x o x o
    #   x x o x o o o
    #   o o x o x x x
    #   x x x o o o x
    #   o x x x o x o
    state = cls.from_moves("472424756645422154157737216635626711335331")
    assert state.is_terminal()
    assert state.winner_player() is None
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []


# ---------------------------------------------------------------------- tic-tac-toe
def rotate(board: str) -> str:
    """``board`` ("x.o/.x./..o" form) turned a quarter turn clockwise."""
    rows = board.split("/")
    return "/".join("".join(rows[2 - c][r] for c in range(3)) for r in range(3))


def reflect(board: str) -> str:
    """``board`` mirrored left to right."""
    return "/".join(row[::-1] for row in board.split("/"))


def symmetric_images(board: str) -> list:
    """The 8 images of ``board`` under the symmetries of the square."""
    images = []
    for b in (board, reflect(board)):
        for _ in range(4):
            images.append(b)
            b = rotate(b)
    return images


def test_symmetric_images_helper_gives_eight_boards_of_an_asymmetric_position():
    assert len(set(symmetric_images("xo./.../..."))) == 8


def test_from_board_round_trips_along_random_games():
    for state in random_states(TicTacToe, seed=12):
        for sep in ("/", "\n", "|", " / "):
            rebuilt = TicTacToe.from_board(state.board_string(sep))
            assert rebuilt == state
            assert str(rebuilt) == str(state)
            assert rebuilt.position_key() == state.position_key()
            assert rebuilt.current_player() == state.current_player()
            assert rebuilt.legal_actions() == state.legal_actions()
            assert rebuilt.returns() == state.returns()


def test_from_board_reads_cells_row_by_row():
    # x . o
    # . x .
    # . . o
    state = TicTacToe.from_board("x.o/.x./..o")
    assert [state.cell(i) for i in range(9)] == [0, -1, 1, -1, 0, -1, -1, -1, 1]
    assert state.current_player() == 0
    assert state.legal_actions() == [1, 3, 5, 6, 7]
    assert str(state) == "x.o\n.x.\n..o"


@pytest.mark.parametrize(
    ("board", "problem"),
    [
        pytest.param("x.o/.x.", "give 9 cells", id="too-short"),
        pytest.param("x.o/.x./..o/.", "give 9 cells", id="too-long"),
        pytest.param("", "give 9 cells", id="empty"),
        pytest.param("x.o/.z./..o", "give 9 cells of 'x', 'o' or '.'", id="bad-char"),
        pytest.param("xx./.../...", "has 2 x and 0 o", id="x-two-ahead"),
        pytest.param("o../.../...", "has 0 x and 1 o", id="o-ahead"),
        pytest.param("xxx/ooo/...", "three in a row for both players", id="both-win"),
        pytest.param("xxx/oo./o..", "moved after the game was won", id="o-moved-after-x-won"),
        pytest.param("ooo/xx./xx.", "moved after the game was won", id="x-moved-after-o-won"),
    ],
)
def test_from_board_rejects_impossible_boards_naming_the_problem(board, problem):
    with pytest.raises(ValueError, match=re.escape(problem)):
        TicTacToe.from_board(board)


def test_from_board_rejects_non_strings():
    with pytest.raises(TypeError):
        TicTacToe.from_board(["x", ".", "."])


@pytest.mark.parametrize(
    "board",
    [
        # rows
        "xxx/oo./...",
        "oo./xxx/...",
        "oo./.../xxx",
        # columns
        "xo./xo./x..",
        "ox./ox./.x.",
        "o.x/o.x/..x",
        # diagonals
        "xo./ox./..x",
        "o.x/.x./xo.",
    ],
)
def test_three_in_a_row_wins_for_x(board):
    state = TicTacToe.from_board(board)
    assert state.is_terminal()
    assert state.winner_player() == 0
    assert state.returns() == [1.0, -1.0]
    assert state.current_player() == TERMINAL


def test_winning_move_ends_the_game():
    # x x .      x plays cell 2 and wins along the top row.
    # o o .
    # . . .
    state = TicTacToe.from_board("xx./oo./...")
    state.apply_action(2)
    assert state.is_terminal() and state.winner_player() == 0
    assert state.undo_action() == 2
    assert not state.is_terminal() and state.winner_player() is None


def test_full_board_without_a_line_is_a_draw():
    # x o x
    # x o o
    # o x x
    state = TicTacToe.from_board("xox/xoo/oxx")
    assert state.is_terminal()
    assert state.winner_player() is None
    assert state.returns() == [0.0, 0.0]


def test_canonical_key_is_equal_for_the_eight_symmetric_images():
    for state in random_states(TicTacToe, seed=13, games=20):
        images = [TicTacToe.from_board(b) for b in symmetric_images(state.board_string())]
        assert {image.canonical_key() for image in images} == {state.canonical_key()}
        assert state.canonical_key() == min(image.position_key() for image in images)


def test_canonical_key_separates_positions_that_are_not_symmetric():
    corner = TicTacToe.from_board("x../.../...")
    edge = TicTacToe.from_board(".x./.../...")
    centre = TicTacToe.from_board(".../.x./...")
    assert len({corner.canonical_key(), edge.canonical_key(), centre.canonical_key()}) == 3
    # All 9 openings fall into exactly these 3 classes.
    openings = {TicTacToe().child(a).canonical_key() for a in range(9)}
    assert len(openings) == 3
