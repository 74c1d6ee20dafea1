"""Behaviour every game engine shares, then a few rules specific to each game.

The generic tests run on seeded random games of every engine: the compiled ``TicTacToe``,
``Connect4``, ``OwnPieceQuarto``, ``Quarto``, ``Reversi``, ``Hypergammon``, ``ParCheckers``,
``Pig`` and ``ExplicitTree`` (a toy tree), and the pure-Python ``PyConnect4`` and
``PyReversi``. Where a
property does not apply to an engine, the test says why it is left out.
"""

import copy
import pickle
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from helpers import snapshot

from qsearch.core.errors import IllegalMoveError
from qsearch.games import (
    Connect4,
    ExplicitTree,
    Hypergammon,
    OwnPieceQuarto,
    ParCheckers,
    Pig,
    Quarto,
    Reversi,
    TicTacToe,
)
from qsearch.games.hypergammon import CHANCE_BASE
from qsearch.reference.connect4 import PyConnect4
from qsearch.reference.reversi import PyReversi

# OpenSpiel's kChancePlayerId and kTerminalPlayerId, written out (the tests' own oracle).
CHANCE = -1
TERMINAL = -4
RANDOM_GAMES = 40

# A ragged toy tree: leaves at depths 1 to 4, values other than +-1, nodes with 2 or 3 children.
TOY_TREE = [[3, [12, 8], 2], [[4, 6], [14, [5, 2, -1]]], 7]


def numbered(state, action) -> str:
    """How an illegal-move error names the action: by its number."""
    return f"action {action} "


def as_the_simulator_writes_it(state, action) -> str:
    """ParCheckers names an action of its range by its move text ('G 0 5'), as the course's
    simulator does, and any other int by its number."""
    if 0 <= action < state.num_distinct_actions():
        return f"'{state.action_to_string(action)}' is illegal"
    return f"action {action} "


def always(state, action) -> bool:
    return True


def below_the_chance_range(state, action) -> bool:
    """At a decision node Hypergammon answers an action of the chance range (1352 and up)
    by saying it is a chance outcome, not by listing the plays."""
    return action < CHANCE_BASE


@dataclass(frozen=True)
class Engine:
    """A game engine under test and what the generic properties need to know about it."""

    make: Callable            # the start state
    max_plies: int | None     # the most actions a game takes (chance outcomes count); None:
                              # no bound
    alternating: bool = True  # the player to move changes after every action
    chance: bool = False      # dice: chance nodes whose actions are the outcomes
    games: int = RANDOM_GAMES  # random games per property (fewer where games are long)
    bad_text: str = "0"       # a digit string that names no action at the start
    win_loss_draw: bool = True  # returns are +1/-1 or 0/0 (a toy tree's leaves hold any value)
    legal_named: str = "{action} ({text})"  # how an illegal-move error names a legal action
    illegal_named: Callable = numbered  # how it names the illegal one
    lists_legal: Callable = always  # whether that error lists the legal actions

    @property
    def cls(self) -> type:
        return type(self.make())


TICTACTOE = Engine(TicTacToe, max_plies=9, bad_text="9")  # a game ends when the board is full
ENGINES = [
    TICTACTOE,
    Engine(Connect4, max_plies=42),
    Engine(PyConnect4, max_plies=42),
    Engine(OwnPieceQuarto, max_plies=16),
    # a player places the piece he was given, then gives one: two actions in a row
    Engine(Quarto, max_plies=32, alternating=False),
    # 60 placements; a pass is always followed by a placement (two passes end the game)
    Engine(Reversi, max_plies=120, games=10),
    Engine(PyReversi, max_plies=120, games=4),   # plain Python: fewer games, same checks
    # 500 turns at most (then a draw), each a roll and one or two plays (a double)
    Engine(Hypergammon, max_plies=1 + 3 * 501, alternating=False, chance=True, games=10,
           lists_legal=below_the_chance_range),
    # a capture sends a piece home: no bound on a game's length
    Engine(ParCheckers, max_plies=None, alternating=False, games=2, legal_named="{text}",
           illegal_named=as_the_simulator_writes_it),
    # a turn lasts while its player rolls; 1000 decisions at most, each roll one die
    Engine(Pig, max_plies=2 * 1000, alternating=False, chance=True, games=6),
    Engine(lambda: ExplicitTree(TOY_TREE), max_plies=4, bad_text="9", win_loss_draw=False),
]


def engine_id(engine: Engine) -> str:
    return engine.cls.__name__


def engines(*, where=lambda engine: True, why: str = "", xfail=None) -> list:
    """The engines a property applies to (``why`` says why the others are left out);
    ``xfail`` maps an engine's class to the known defect that breaks the property there
    (strict: the test fails once it is fixed, so the mark gets removed)."""
    assert why or all(where(e) for e in ENGINES), "say why an engine is left out"
    xfail = xfail or {}
    return [pytest.param(e, id=engine_id(e), marks=[pytest.mark.xfail(
                strict=True, reason=f"{e.cls.__name__}: {xfail[e.cls]}")] if e.cls in xfail else [])
            for e in ENGINES if where(e)]


EVERY_ENGINE = engines()
CONNECT4S = [Connect4, PyConnect4]
EVAL_NAMESPACE = {e.cls.__name__: e.cls for e in ENGINES}


def random_game(engine: Engine, rng: random.Random) -> list:
    """Play from the start with uniformly random actions (chance outcomes too, whatever their
    probability); return every state visited."""
    state = engine.make()
    states = [state.clone()]
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
        assert len(states) <= 10_000, "the playout does not end"
    return states


def random_states(engine: Engine, seed: int, games: int | None = None) -> list:
    """All states along seeded random games (``engine.games`` of them unless ``games``
    is given; never more)."""
    rng = random.Random(seed)
    games = engine.games if games is None else min(games, engine.games)
    return [s for _ in range(games) for s in random_game(engine, rng)]


def state_with_illegal_in_range_action(engine: Engine, seed: int = 0, decision=False):
    """A non-terminal state (a decision node if ``decision``) and an action in
    0..num_distinct_actions()-1 that is illegal there (an occupied cell, a full column)."""
    rng = random.Random(seed)
    while True:
        for state in random_game(engine, rng):
            if state.is_terminal() or (decision and state.is_chance_node()):
                continue
            illegal = set(range(state.num_distinct_actions())) - set(state.legal_actions())
            if illegal:
                return state, min(illegal)


def terminal_state(engine: Engine, seed: int = 0):
    """The final state of a seeded random game."""
    return random_game(engine, random.Random(seed))[-1]


# ------------------------------------------------------------------ playouts and rules
@pytest.mark.parametrize("engine", engines(where=lambda e: e.max_plies is not None,
                                           why="ParCheckers: no bound on a game's length"))
def test_random_playouts_finish_within_board_size(engine):
    rng = random.Random(1)
    for _ in range(200):
        states = random_game(engine, rng)
        final = states[-1]
        assert final.is_terminal()
        assert len(states) - 1 == len(final.history()) <= engine.max_plies


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_no_legal_action_exactly_at_terminal_states(engine):
    for state in random_states(engine, seed=2):
        assert (state.legal_actions() == []) == state.is_terminal()


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_terminal_states_have_terminal_player_and_zero_sum_returns(engine):
    movers = (0, 1, CHANCE) if engine.chance else (0, 1)
    for state in random_states(engine, seed=3):
        if state.is_terminal():
            assert state.current_player() == TERMINAL
            assert sum(state.returns()) == 0
            if engine.win_loss_draw:
                assert sorted(state.returns()) in ([0.0, 0.0], [-1.0, 1.0])
            else:
                assert state.returns() == [state.leaf_value(), -state.leaf_value()]
        else:
            if engine.alternating:
                assert state.current_player() == len(state.history()) % 2
            else:
                assert state.current_player() in movers
            assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("engine", engines(where=lambda e: not e.chance,
                                           why="dice: see the next test"))
def test_no_chance_nodes(engine):
    for state in random_states(engine, seed=4, games=5):
        assert not state.is_chance_node()
        assert state.chance_outcomes() == []


@pytest.mark.parametrize("engine", engines(where=lambda e: e.chance,
                                           why="no dice: see the previous test"))
def test_chance_nodes_list_their_outcomes_with_probabilities_summing_to_one(engine):
    seen = 0
    for state in random_states(engine, seed=4, games=5):
        if not state.is_chance_node():
            assert state.chance_outcomes() == []
            continue
        seen += 1
        outcomes = state.chance_outcomes()
        assert state.current_player() == CHANCE
        assert [o for o, _ in outcomes] == state.legal_actions()
        assert all(p > 0 for _, p in outcomes)
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert seen > 0


@pytest.mark.parametrize("engine", engines(
    where=lambda e: e.cls is not Hypergammon,
    why="Hypergammon: a play is named by its hops, which depend on the dice (the next test "
        "checks every legal play)"))
def test_action_strings_round_trip(engine):
    state = engine.make()
    for a in range(state.num_distinct_actions()):
        assert state.string_to_action(state.action_to_string(a)) == a


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_legal_action_strings_round_trip_along_random_games(engine):
    for state in random_states(engine, seed=14, games=10):
        for a in state.legal_actions():
            assert state.string_to_action(state.action_to_string(a)) == a


# ------------------------------------------------------------------- make / unmake
@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_apply_then_undo_restores_board_key_and_legal_actions(engine):
    for state in random_states(engine, seed=5, games=20):
        before = snapshot(state)
        for a in state.legal_actions():
            state.apply_action(a)
            assert state.undo_action() == a
            assert snapshot(state) == before


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_undoing_a_whole_game_retraces_it(engine):
    rng = random.Random(6)
    for _ in range(engine.games):
        state = engine.make()
        seen = []
        while not state.is_terminal():
            seen.append(snapshot(state))
            state.apply_action(rng.choice(state.legal_actions()))
        for expected in reversed(seen):
            state.undo_action()
            assert snapshot(state) == expected
        assert snapshot(state) == snapshot(engine.make())


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_position_key_is_injective_along_random_games(engine):
    boards_by_key = {}
    for state in random_states(engine, seed=7):
        boards_by_key.setdefault(state.position_key(), set()).add(str(state))
    assert all(len(boards) == 1 for boards in boards_by_key.values())


# ------------------------------------------------------------ copies and encodings
@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_clone_is_independent_of_the_original(engine):
    for state in random_states(engine, seed=8, games=10):
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


@pytest.mark.parametrize("engine", EVERY_ENGINE)
@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copy_module_copies_are_independent_of_the_original(engine, copier):
    state = engine.make()
    state.apply_action(state.legal_actions()[0])
    before = snapshot(state)
    duplicate = copier(state)
    assert duplicate == state
    duplicate.apply_action(duplicate.legal_actions()[0])
    assert snapshot(state) == before


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_child_leaves_the_original_unchanged(engine):
    for state in random_states(engine, seed=9, games=10):
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


@pytest.mark.parametrize("engine", engines(
    where=lambda e: e.cls is not Pig,
    why="Pig: its repr is OpenSpiel's (rules and actions: 'Pig(win_score=100, faces=6, "
        "horizon=1000) after [0, 4]'), not Python",
    xfail={Hypergammon: "its repr (from_points) drops the second half of a double and, "
                        "after the opening roll, the previous mover: a different key"}))
def test_repr_is_evaluable(engine):
    for state in random_states(engine, seed=10, games=10):
        # a plain-Python engine (PyConnect4; every engine in pure mode) writes its repr with
        # the public name (Connect4), which is that engine where it stands in for the compiled
        namespace = {**EVAL_NAMESPACE, engine.cls.__name__.removeprefix("Py"): engine.cls}
        rebuilt = eval(repr(state), namespace)
        assert type(rebuilt) is engine.cls
        assert rebuilt == state
        assert str(rebuilt) == str(state)
        assert rebuilt.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_pickle_round_trip(engine):
    for state in random_states(engine, seed=11, games=10):
        rebuilt = pickle.loads(pickle.dumps(state))
        assert type(rebuilt) is engine.cls
        assert rebuilt == state and hash(rebuilt) == hash(state)
        assert str(rebuilt) == str(state)
        assert rebuilt.position_key() == state.position_key()
        assert rebuilt.current_player() == state.current_player()
        assert rebuilt.returns() == state.returns()


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_illegal_action_raises_illegal_move_error_naming_action_and_legal_ones(engine):
    # At a decision node: at a chance node Hypergammon explains how chance actions are
    # numbered instead of listing the rolls (the next test checks such errors change nothing).
    state, occupied = state_with_illegal_in_range_action(engine, decision=True)
    for action in (occupied, -1, state.num_distinct_actions(), 10**20):
        with pytest.raises(IllegalMoveError) as excinfo:
            state.apply_action(action)
        assert isinstance(excinfo.value, ValueError)
        message = str(excinfo.value)
        assert engine.illegal_named(state, action) in message
        if not engine.lists_legal(state, action):
            continue
        for legal in state.legal_actions():
            named = engine.legal_named.format(action=legal, text=state.action_to_string(legal))
            assert named in message


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_illegal_action_leaves_state_unchanged(engine):
    state, occupied = state_with_illegal_in_range_action(engine)
    before = snapshot(state)
    for action in (occupied, -1, state.num_distinct_actions()):
        with pytest.raises(IllegalMoveError):
            state.apply_action(action)
        assert snapshot(state) == before
        with pytest.raises(IllegalMoveError):
            state.child(action)
        assert snapshot(state) == before


@pytest.mark.parametrize("engine", EVERY_ENGINE)
@pytest.mark.parametrize("action", ["3", 3.0, None, True, False, [3]], ids=repr)
def test_non_int_action_raises_type_error_and_leaves_state_unchanged(engine, action):
    state = engine.make()
    state.apply_action(state.legal_actions()[0])
    before = snapshot(state)
    with pytest.raises(TypeError, match="an action is an int"):
        state.apply_action(action)
    assert snapshot(state) == before
    with pytest.raises(TypeError):
        state.child(action)
    assert snapshot(state) == before


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_apply_after_game_over_raises_and_leaves_state_unchanged(engine):
    state = terminal_state(engine)
    before = snapshot(state)
    for action in range(state.num_distinct_actions()):
        with pytest.raises(IllegalMoveError, match="game is over"):
            state.apply_action(action)
        assert snapshot(state) == before


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_undo_with_empty_history_raises_value_error(engine):
    state = engine.make()
    before = snapshot(state)
    with pytest.raises(ValueError, match="no action to undo"):
        state.undo_action()
    assert snapshot(state) == before


@pytest.mark.parametrize("engine", EVERY_ENGINE)
def test_bad_action_strings_raise_value_error(engine):
    state = engine.make()
    for text in ("", "x", engine.bad_text, "1,2,3"):
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
    assert repr(state) == 'Connect4.from_moves("4453")'
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
    for state in random_states(TICTACTOE, seed=12):
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
    for state in random_states(TICTACTOE, seed=13, games=20):
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
