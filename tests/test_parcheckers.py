"""ParCheckers (document 004): the engine against the course simulator's own transcripts.

Oracles, independent of our code:

* ``data/parcheckers/trace_2425.txt``: a whole random game played by the course's 2024-25
  simulator; at every turn the position (player, colour, every piece, both hands, the
  available values), the number of children and the index of the child picked;
* ``data/parcheckers/scenarios_out.txt``: positions built to exercise one rule each
  (captures, the partner colour, goal, bounces, walls, the 6-with-a-wall rule, home, bonuses,
  skip, the win, safe squares), with every child in the simulator's order.

Both files come from the course's simulator, copied from ``shared/data/parcheckers/``
(see ``tests/data/parcheckers/SOURCE.md``). Then twins (compiled vs readable) and the
generic properties every engine has.
"""
import pickle
import random
import re
from pathlib import Path

import pytest
from helpers import snapshot as generic_snapshot

from qsearch.arena import play_game
from qsearch.arena.parcheckers_agents import (
    BestOptionAgent,
    LimitedMinimaxAgent,
    MostAdvancedAgent,
    RandomAgent,
    agent,
)
from qsearch.core.errors import IllegalMoveError
from qsearch.games.parcheckers import ParCheckers, make_action, skip_action
from qsearch.heuristics.parcheckers import GANA, ValoracionTest, valoracion_test
from qsearch.reference.limited_minimax import limited_minimax as twin_limited
from qsearch.reference.parcheckers_heuristics import valoracion_test as twin_valoracion
from qsearch.search import alphabeta, minimax
from qsearch.search.limited_minimax import limited_minimax
from qsearch.search.tree_stats import perft

DATA = Path(__file__).parent / "data" / "parcheckers"


def read_trace():
    """``[(state line, nchildren, pick, move)]`` and the final line of the game."""
    steps, state_line = [], None
    for line in (DATA / "trace_2425.txt").read_text().splitlines():
        m = re.match(r"^(\d+) turn=", line)
        if m:
            state_line = line[len(m.group(1)) + 1:]
            continue
        m = re.match(r"^\d+ nchildren=(\d+) pick=(\d+) move (.+)$", line)
        steps.append((state_line, int(m.group(1)), int(m.group(2)), m.group(3)))
    return steps, state_line


def read_scenarios():
    """``{name: (start line, [(move, child line), ...])}``."""
    out, name = {}, None
    for line in (DATA / "scenarios_out.txt").read_text().splitlines():
        if line.startswith("=== "):
            name = line[4:]
            out[name] = [None, []]
        elif out[name][0] is None:
            out[name][0] = re.sub(r"^start ", "", line.strip())
        else:
            m = re.match(r"^\s+([YBRG]) (-?\d+) d=(\S+) -> (.*)$", line)
            out[name][1].append((f"{m.group(1)} {m.group(2)} {m.group(3)}", m.group(4)))
    return out


TRACE, FINAL_LINE = read_trace()
SCENARIOS = read_scenarios()


def random_states(n_games=6, seed=7, cap=400):
    """States along games of agent 0 against agent 0."""
    rng = random.Random(seed)
    states = []
    for _ in range(n_games):
        s = ParCheckers()
        while not s.is_terminal() and len(s.history()) < cap:
            states.append(s.clone())
            s.apply_action(RandomAgent()(s, rng))
        states.append(s.clone())
    return states


STATES = random_states()


def snapshot(state):
    """The generic snapshot, plus what only ParCheckers has: flags and bounce counts."""
    return generic_snapshot(state) + (state.transcript(flags=True),
                                      [state.bounce_count(c) for c in "YBRG"])


# ------------------------------------------------------------------ the simulator's game
def test_the_trace_is_a_whole_game_of_99_moves_won_by_player_1():
    assert len(TRACE) == 99
    assert FINAL_LINE.endswith("WINNER=1")


def test_trace_replays_move_by_move_with_every_position_and_child():
    state = ParCheckers()
    for k, (line, nchildren, pick, move) in enumerate(TRACE):
        assert state.transcript() == line, f"turn {k + 1}"
        actions = state.legal_actions()
        assert len(actions) == nchildren, f"turn {k + 1}: children"
        assert state.action_to_string(actions[pick]) == move, f"turn {k + 1}: child picked"
        state.apply_action(actions[pick])
    assert state.transcript() == FINAL_LINE
    assert state.is_terminal() and state.winner_player() == 1 and state.returns() == [-1, 1]
    assert state.legal_actions() == []


def test_trace_undoes_back_to_the_start():
    state = ParCheckers()
    keys = []
    for _, _, pick, _ in TRACE:
        keys.append((state.position_key(), state.transcript(flags=True)))
        state.apply_action(state.legal_actions()[pick])
    for key in reversed(keys):
        state.undo_action()
        assert (state.position_key(), state.transcript(flags=True)) == key
    assert state.transcript() == ParCheckers().transcript()


def test_trace_positions_read_back_from_their_transcript_lines():
    for line, nchildren, _, _ in TRACE:
        state = ParCheckers.from_transcript(line)
        assert state.transcript() == line
        assert len(state.legal_actions()) == nchildren


# ------------------------------------------------------------------ the scenarios
@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_scenario_children_in_the_simulators_order(name):
    start, children = SCENARIOS[name]
    state = ParCheckers.from_transcript(start)
    assert state.transcript(flags=True) == start
    actions = state.legal_actions()
    assert [state.action_to_string(a) for a in actions] == [m for m, _ in children]
    for action, (_, line) in zip(actions, children, strict=True):
        assert state.child(action).transcript(flags=True) == line


def test_scenarios_cover_the_rules_they_are_named_after():
    assert set(SCENARIOS) >= {"eat blue", "eat partner green", "goal", "bounce", "wall",
                              "six with wall", "home", "after eat", "after goal", "skip",
                              "win", "safe coexist"}
    assert SCENARIOS["win"][1] == []                      # a won game has no children


def test_capture_of_the_partner_colour_gives_the_20_bonus():
    state = ParCheckers.from_transcript(SCENARIOS["eat partner green"][0])
    child = state.child(state.string_to_action("Y 0 2"))     # Y 10 -> 14 takes green
    assert child.is_eating_move() and child.pending_bonus() == "20"
    assert child.piece_location("G", 0) == 0 and child.available_values() == ["20"]


def test_a_6_that_bounces_repeats_the_turn_and_counts_the_bounce():
    state = ParCheckers.from_transcript(SCENARIOS["bounce"][0])
    child = state.child(state.string_to_action("Y 0 6"))
    assert child.is_bounce_move() and child.bounce_count("Y") == 1
    assert child.current_colour() == "Y" and child.piece_location("Y", 0) == 65


def test_the_31st_bounce_loses():
    state = ParCheckers.from_transcript(SCENARIOS["bounce"][0], bounces=(30, 0, 0, 0))
    state.play("Y 0 6")
    assert state.is_terminal() and state.winner_player() == 1
    state.undo_action()
    assert not state.is_terminal() and state.bounce_count("Y") == 30


def test_a_6_after_a_capture_plays_the_bonus_then_repeats():
    # Green 64 + 14 lands on 10 (not safe), taking the partner yellow piece there.
    state = ParCheckers.from_transcript(SCENARIOS["eat blue"][0])
    state.play("G 1 6")
    assert state.pending_bonus() == "20" and state.current_colour() == "Y"
    state.play("Y 1 20")
    assert state.current_player() == 0 and state.current_colour() == "Y"   # the 6's repeat
    state.play("Y 1 1")
    assert state.current_colour() == "B"


# ------------------------------------------------------------------ generic properties
def test_random_games_make_unmake_restore_everything():
    for state in STATES[::7]:
        if state.is_terminal():
            continue
        before = snapshot(state)
        for action in state.legal_actions():
            state.apply_action(action)
            state.undo_action()
            assert snapshot(state) == before


def test_no_legal_actions_exactly_when_terminal():
    for state in STATES:
        assert (state.legal_actions() == []) == state.is_terminal()


def test_random_games_end_with_a_winner():
    for state in STATES:
        if state.is_terminal():
            assert state.winner_player() in (0, 1)
            assert sorted(state.returns()) == [-1.0, 1.0]
    assert sum(s.is_terminal() for s in STATES) == 6


def test_key_differs_along_games_and_equal_positions_share_it():
    keys = [s.position_key() for s in STATES]
    assert len(set(keys)) > 0.99 * len(keys)
    for state in STATES[::50]:
        assert state.clone().position_key() == state.position_key()
        assert pickle.loads(pickle.dumps(state)) == state


def test_perft_matches_a_recursion_on_copies():
    def brute(state, depth):
        if depth == 0:
            return 1
        return sum(brute(state.child(a), depth - 1) for a in state.legal_actions())
    assert perft(ParCheckers(), 1) == 24
    for state in [ParCheckers()] + STATES[40:400:90]:
        if not state.is_terminal():
            assert perft(state, 2) == brute(state, 2)
    assert perft(ParCheckers(), 3) == brute(ParCheckers(), 3)


def test_actions_round_trip_through_their_strings():
    for state in STATES[::13]:
        for action in state.legal_actions():
            assert state.string_to_action(state.action_to_string(action)) == action
    s = ParCheckers.from_transcript(SCENARIOS["wall"][0])
    assert s.action_to_string(skip_action("6")) == "Y -9999 6"
    assert s.string_to_action("SKIP 6") == s.string_to_action("Y -9999 6") == skip_action(6)


def test_pickle_and_clone_keep_the_position_and_history():
    state = STATES[60]
    copy = pickle.loads(pickle.dumps(state))
    assert snapshot(copy) == snapshot(state)
    twin = state.clone()
    twin.apply_action(twin.legal_actions()[0])
    assert snapshot(state) != snapshot(twin)
    assert eval(repr(ParCheckers.from_moves(["G 0 5", "B 1 2"])),  # noqa: S307
                {"ParCheckers": ParCheckers}).transcript() == \
        ParCheckers.from_moves(["G 0 5", "B 1 2"]).transcript()


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("move, problem", [
    ("B 0 5", "player 0 moves yellow and green pieces"),
    ("Y 0 20", "20 is a bonus value and none is pending"),
    ("Y -9999 5", "cannot be skipped"),
])
def test_illegal_moves_name_the_problem_and_the_legal_moves(move, problem):
    state = ParCheckers()
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=problem) as err:
        state.play(move)
    assert "legal moves: Y 0 YY" in str(err.value)
    assert snapshot(state) == before


def test_value_not_in_hand_and_bonus_pending_are_illegal():
    state = ParCheckers.from_transcript(TRACE[6][0])            # Y:[4 6 YY] for player 0
    state.play("B 0 5")
    state.play("R 1 YY")
    before = snapshot(state)
    with pytest.raises(IllegalMoveError, match=r"value 5 is not in player 0's hand \[4 6 YY\]"):
        state.play("G 0 5")
    assert snapshot(state) == before
    pending = ParCheckers.from_transcript(SCENARIOS["after eat"][0])
    before = snapshot(pending)
    with pytest.raises(IllegalMoveError, match="a bonus of 20 is pending"):
        pending.play("Y 0 5")
    assert snapshot(pending) == before


@pytest.mark.parametrize("text", ["", "G 0", "X 0 5", "G 2 5", "G 0 3", "G 0 5 6", "skip"])
def test_malformed_strings_raise_illegal_move_error(text):
    state = ParCheckers()
    with pytest.raises(IllegalMoveError, match="is not a move"):
        state.string_to_action(text)
    with pytest.raises(TypeError):
        state.string_to_action(5)


def test_bad_transcripts_and_types_are_rejected():
    with pytest.raises(ValueError, match="color Y belongs to player 0, not 1"):
        ParCheckers.from_transcript(TRACE[0][0].replace("player=0", "player=1"))
    with pytest.raises(ValueError, match="more than two pieces"):
        ParCheckers.from_transcript(TRACE[0][0].replace("Y:4,13 B:21,30", "Y:21,13 B:21,21")
                                    .replace("B:21,21", "B:21,21"))
    with pytest.raises(TypeError):
        ParCheckers().apply_action("G 0 5")
    with pytest.raises(ValueError):
        ParCheckers().distance_to_goal("X", 0)


# ------------------------------------------------------------------ heuristic and searches
def test_valoracion_test_compiled_equals_twin():
    h = ValoracionTest()
    for state in STATES[::3]:
        for player in (0, 1):
            assert h.evaluate(state, player) == twin_valoracion(state, player)
    won = ParCheckers.from_transcript(SCENARIOS["win"][0])
    assert valoracion_test(won, 0) == GANA == -valoracion_test(won, 1)
    start = ParCheckers()
    assert valoracion_test(start, 0) == 0.0          # every piece starts on a safe square


def test_distance_to_goal_as_the_simulator():
    state = ParCheckers()
    assert [state.distance_to_goal(c, i) for c in "YBRG" for i in (0, 1)] == \
        [72, 63, 72, 63, 72, 63, 72, 63]
    s = ParCheckers.from_transcript(SCENARIOS["home"][0])
    assert s.distance_to_goal("Y", 0) == 74 and s.distance_to_goal("G", 0) == 0


@pytest.mark.compiled_speed
@pytest.mark.parametrize("depth, budget", [(2, None), (3, 2_000), (4, 20_000)])
def test_limited_minimax_compiled_equals_twin(depth, budget):
    for state in STATES[5:600:120]:
        if state.is_terminal():
            continue
        for root_move in ("document", "best"):
            for children in ("iterator", "list"):
                c = limited_minimax(state, depth, valoracion_test, max_nodes=budget,
                                    root_move=root_move, children=children)
                t = twin_limited(state, depth, twin_valoracion, max_nodes=budget,
                                 root_move=root_move, children=children)
                assert (c.value, c.action, c.generated, c.evaluated, c.limit_reached) == \
                    (t.value, t.action, t.generated, t.evaluated, t.limit_reached)


def test_limited_minimax_counts_as_the_simulator():
    state = ParCheckers()
    full = limited_minimax(state, 1, valoracion_test, max_nodes=None)
    assert (full.generated, full.evaluated) == (25, 24)         # n + 1 generated
    cut = limited_minimax(state, 1, valoracion_test, max_nodes=10)
    # child 1 generated (1), evaluated (2), ... child 5 generated (9), evaluated (10),
    # child 6 generated (11): the check after a generation stops the search.
    assert (cut.generated, cut.evaluated, cut.limit_reached) == (6, 5, True)
    assert cut.action == state.legal_actions()[5]               # the document's root move
    best = limited_minimax(state, 1, valoracion_test, max_nodes=10, root_move="best")
    assert best.action == state.legal_actions()[0]


def test_the_vector_version_counts_every_child_before_searching_one():
    state = ParCheckers()
    for search, evaluate in ((limited_minimax, valoracion_test), (twin_limited, twin_valoracion)):
        # no budget: the same search and the same counts as the iterator (n + 1 per node)
        for depth in (1, 2):
            it = search(state, depth, evaluate, max_nodes=None)
            vec = search(state, depth, evaluate, max_nodes=None, children="list")
            assert (vec.value, vec.action, vec.generated, vec.evaluated) == \
                (it.value, it.action, it.generated, it.evaluated)
        # budget 10: the root's 24 children are counted (25) before the first is searched,
        # so the budget is spent at once and the first child is the move
        cut = search(state, 1, evaluate, max_nodes=10, children="list")
        assert (cut.generated, cut.evaluated, cut.limit_reached) == (25, 0, True)
        assert cut.action == state.legal_actions()[0]
        # budget 60 at depth 2: the root (25) and its first child (25) are counted, 10
        # evaluations fit, then the MIN node is cut and evaluates itself
        two = search(state, 2, evaluate, max_nodes=60, children="list")
        assert (two.generated, two.evaluated, two.limit_reached) == (50, 11, True)


def test_unlimited_limited_minimax_is_the_documents_minimax_and_ours():
    for state in STATES[3:600:100]:
        if state.is_terminal():
            continue
        doc = limited_minimax(state, 3, valoracion_test, max_nodes=None)
        ours = minimax(state, 3, valoracion_test, win_value=GANA, trace=True)
        assert (doc.value, doc.action) == (ours.value, ours.action)
        terminal = sum(e.kind == "terminal" for e in ours.trace)
        assert doc.evaluated == ours.leaves + terminal
        pruned = alphabeta(state, 3, valoracion_test, win_value=GANA)
        assert (pruned.value, pruned.action) == (ours.value, ours.action)


def test_a_max_node_whose_child_is_max_again():
    state = ParCheckers()                            # yellow, then blue, then red...
    state.play("G 0 5")                              # now blue: player 1 moves twice
    result = minimax(state, 2, valoracion_test, win_value=GANA, trace=True)
    movers = {e.node: e.player for e in result.trace if e.kind == "enter"}
    parents = {e.node: e.parent for e in result.trace if e.kind == "enter"}
    assert movers[0] == 1
    assert any(parents[n] == 0 and movers[n] == 1 for n in movers if n)


def test_bad_search_arguments():
    with pytest.raises(ValueError, match="depth must be >= 1"):
        limited_minimax(ParCheckers(), 0)
    with pytest.raises(ValueError, match="max_nodes must be >= 1"):
        limited_minimax(ParCheckers(), 2, max_nodes=-5)
    with pytest.raises(TypeError):
        limited_minimax("not a game", 2)
    with pytest.raises(ValueError, match="game is over"):
        limited_minimax(ParCheckers.from_transcript(SCENARIOS["win"][0]), 2)
    for search in (limited_minimax, twin_limited):
        with pytest.raises(ValueError, match="children must be 'iterator' or 'list'"):
            search(ParCheckers(), 2, children="vector")


# ------------------------------------------------------------------ agents
@pytest.mark.compiled_speed
def test_agents_play_legal_moves_and_finish_games():
    for a, b in [(agent(0), agent(1)), (agent(2), agent(1)), (agent(3), agent(0))]:
        record = play_game(ParCheckers(), [a, b], seed=3)
        assert record.winner in (0, 1)


def test_agent_0_skips_when_no_piece_can_move():
    state = ParCheckers.from_transcript(SCENARIOS["wall"][0])
    rng = random.Random(0)
    moves = {state.action_to_string(RandomAgent()(state, rng)) for _ in range(60)}
    assert moves == {"Y 0 YY"} | {f"Y -9999 {v}" for v in ("1", "2", "4", "5", "6")}


def test_agent_1_moves_the_most_advanced_piece():
    state = ParCheckers()
    rng = random.Random(1)
    for _ in range(20):
        text = state.action_to_string(MostAdvancedAgent()(state, rng))
        assert text.split()[:2] in (["Y", "1"], ["G", "1"])
        assert text.startswith("Y 1")                  # 63 both: the first one wins the tie


def test_agent_2_takes_the_first_capture_even_of_its_partner():
    state = ParCheckers.from_transcript(SCENARIOS["eat partner green"][0])
    a = BestOptionAgent()
    assert state.action_to_string(a(state, random.Random(0))) == "G 1 6"
    assert a.last_choice == "capture" and a.last_capture_partner


def test_limited_agent_and_make_action():
    a = LimitedMinimaxAgent(depth=2, max_nodes=300)
    state = ParCheckers()
    assert a(state) in state.legal_actions() and a.last_result.limit_reached
    assert make_action("G", 0, "5") == ParCheckers().string_to_action("G 0 5")
    with pytest.raises(ValueError):
        agent(4)


# ------------------------------------------------------------------ pictures and widget
def test_board_svg_is_well_formed_and_shows_every_piece_and_hand():
    import xml.etree.ElementTree as ET
    state = ParCheckers.from_transcript(TRACE[60][0])
    svg = state._repr_svg_()
    root = ET.fromstring(svg)
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert sorted(titles) == sorted(f"{c} {i}" for c in ("yellow", "blue", "red", "green")
                                    for i in (0, 1))
    assert "to move: player 0" in svg and "player 1" in svg and "viewBox" in svg


def test_play_widget_headless():
    from qsearch.viz.play_parcheckers import PlayParCheckers
    game = PlayParCheckers(opponent=agent(1), human=0, seed=2)
    assert game.state.current_player() == 0 and "choose a value" in game.status_text
    with pytest.raises(IllegalMoveError):
        game.choose_piece("Y", 0)
    game.choose_value("5")
    game._refresh()
    assert [b.description for b in game._pieces.children] == ["Y 0", "Y 1", "G 0", "G 1"]
    game.choose_piece("G", 0)
    assert game.state.current_player() == 0 and game.agent_moves      # agent moved twice
    before = game.state.transcript()
    with pytest.raises(IllegalMoveError):
        game.play("B 0 5")
    assert game.state.transcript() == before
    game.undo()
    assert game.state.turn_number() == 1
    game.new_game(human=1)
    assert game.state.current_player() == 1 and len(game.state.history()) == 1



def test_play_widget_undo_never_takes_back_the_agents_opening():
    from qsearch.viz.play_parcheckers import PlayParCheckers
    game = PlayParCheckers(opponent=agent(1), human=1, seed=2)
    opening = game.state.transcript()
    assert game._undo.disabled                                          # nothing to undo
    assert game.undo() == 0 and game.state.transcript() == opening
    assert game.state.current_player() == 1 and "your move" in game.status_text
    assert list(game._values.options) == game.state.available_values()
    value = game.state.available_values()[0]
    game.choose_value(value)
    colour, piece = game.state.movable_pieces(value)[0]
    game.choose_piece(colour, piece)
    assert not game._undo.disabled
    assert game.undo() >= 1 and game.state.transcript() == opening and game._undo.disabled


def test_play_widget_disables_everything_while_the_agent_thinks():
    """What the widget shows at the moment the agent is asked for a move; and a click that
    arrives while (or just after) it thinks is dropped."""
    from qsearch.viz.play_parcheckers import PlayParCheckers
    seen = []
    inner = agent(1)

    def watching(state, rng):
        seen.append((game.thinking, game._new.disabled, game._undo.disabled,
                     game._first.disabled, game._values.disabled, len(game._pieces.children),
                     "qsearch-thinking" in game._status.value,
                     "your move" in game.status_text))
        return inner(state, rng)

    game = PlayParCheckers(opponent=watching, human=0, seed=2)
    game.choose_value("5")
    game._pieces.children[2].click()                                  # G 0
    assert seen and all(s == (True, True, True, True, True, 0, True, False) for s in seen)
    assert not game.thinking and not game._values.disabled and "your move" in game.status_text
    moved = game.state.transcript()
    now = 100.0
    game._clock = lambda: now
    game._answered_at = now - 0.1                      # the agent answered 0.1 s ago
    game.choose_value(game.state.available_values()[0])
    game._pieces.children[0].click()                   # the second click of a double click
    game._new.click()
    assert game.dropped_clicks == 2 and game.state.transcript() == moved
    assert "Not played: that click came while the engine was moving" in game.status_text
    game._answered_at = now - 1.0
    game._pieces.children[0].click()                   # a deliberate click later plays
    assert game.state.transcript() != moved



def test_play_widget_at_the_end_of_a_game_offers_only_new_game_and_undo():
    import itertools

    from qsearch.viz.play_parcheckers import PlayParCheckers
    game = PlayParCheckers(opponent=agent(0), seed=1)
    ticks = itertools.count(0.0, 10.0)          # every click comes 10 s after the last one
    game._clock = lambda: next(ticks)
    for _ in range(500):
        if game.state.is_terminal():
            break
        game.choose_value(game.state.available_values()[-1])
        game._pieces.children[0].click()
    assert game.state.is_terminal()
    won = game.state.winner_player() == game.human
    assert game.status_text.endswith("you win!" if won else "the agent wins")
    assert game._values.disabled and not game._pieces.children
    assert not game._new.disabled and not game._undo.disabled
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play(0)
    game._new.click()
    assert game.state.turn_number() == 1 and not game._values.disabled


def test_play_widget_output_has_a_static_board_for_viewers_without_a_kernel():
    from qsearch.viz.play_parcheckers import PlayParCheckers
    game = PlayParCheckers(opponent=agent(1), human=1, seed=2)
    bundle = game._repr_mimebundle_()
    data = bundle[0] if isinstance(bundle, tuple) else bundle
    assert "application/vnd.jupyter.widget-view+json" in data
    svg = game.svg()                            # nested below "run the cell to use it"
    assert svg[svg.index(">") + 1:] in data["image/svg+xml"]
    assert 'width="720"' in data["image/svg+xml"] and "run the cell to use it" in data[
        "image/svg+xml"]
    assert f"last move: {game.agent_moves[-1]}" in data["image/svg+xml"]


def test_move_info_describes_a_capture_of_the_partner():
    state = ParCheckers.from_transcript(SCENARIOS["eat partner green"][0])
    info = state.move_info(state.string_to_action("Y 0 2"))
    assert info == {"move": "Y 0 2", "value": "2", "skip": False, "piece": ("Y", 0),
                    "origin": 10, "destination": 14, "squares": 4, "capture": True,
                    "goal": False, "bounce": False, "winner": None}


def test_a_budget_spent_at_the_first_child_still_gives_a_move():
    state = ParCheckers()
    for search in (limited_minimax, twin_limited):
        r = search(state, 3, valoracion_test, max_nodes=1, root_move="best")
        assert r.action == state.legal_actions()[0] and r.limit_reached


def test_repr_keeps_what_the_transcript_does_not_show():
    s = ParCheckers.from_transcript(SCENARIOS["bounce"][0], remember6=True, bounces=(3, 0, 0, 1))
    copy = eval(repr(s), {"ParCheckers": ParCheckers})  # noqa: S307
    assert copy.position_key() == s.position_key() and copy.bounce_count("G") == 1


def test_tree_diagram_shows_max_children_of_a_max_node():
    from qsearch.viz import draw_search
    turn60 = ParCheckers.from_transcript(TRACE[59][0])
    result = minimax(turn60, 2, valoracion_test, win_value=GANA, trace=True)
    source = draw_search(result, state=turn60).source
    assert source.count("shape=triangle") == 7          # the root and its six children
    assert "invtriangle" not in source                  # no MIN node at all


def test_compiled_playouts_are_reproducible_and_finish():
    winners, moves, children = ParCheckers.random_playouts(200, seed=5)
    again = ParCheckers.random_playouts(200, seed=5)
    assert (winners == again[0]).all() and (moves == again[1]).all()
    assert set(winners.tolist()) <= {0, 1} and moves.min() > 20
    assert 4 <= children.sum() / moves.sum() <= 24
    with pytest.raises(ValueError):
        ParCheckers.random_playouts(-1)


def test_limited_agent_nodes_are_added_up_by_the_arena():
    record = play_game(ParCheckers(), [LimitedMinimaxAgent(depth=2, max_nodes=2_000), agent(0)],
                       seed=1)
    assert record.nodes[0] > 0 and record.nodes[1] == 0


def test_transposition_table_keeps_minimax_values():
    # A wrong key would let the table return the value of another position.
    for state in STATES[10:600:150]:
        if state.is_terminal():
            continue
        plain = minimax(state, 3, valoracion_test, win_value=GANA)
        with_tt = alphabeta(state, 3, valoracion_test, win_value=GANA, tt=16)
        assert with_tt.value == plain.value
