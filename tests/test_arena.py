"""The arena: players, one game, matches (serial, parallel, resumed) and the statistics."""
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from qsearch.arena import (
    GameRecord,
    RandomPlayer,
    SearchPlayer,
    chi_square,
    game_seed,
    match,
    play_game,
    wilson_interval,
)
from qsearch.core.errors import IllegalMoveError
from qsearch.documents.quarto_ab_minimax import DOCUMENT_OPTIONS, document_depth
from qsearch.games import Connect4, OwnPieceQuarto, TicTacToe
from qsearch.search.quarto_ab import ab_minimax


def first_legal(state, rng):
    """A deterministic player (a plain function)."""
    return state.legal_actions()[0]


def actions_of(result):
    return [(g.index, g.a_seat, g.actions, g.winner) for g in result.games]


# ------------------------------------------------------------------ players and one game
def test_play_game_is_reproducible_and_leaves_the_state_alone():
    start = OwnPieceQuarto()
    a = play_game(start, [RandomPlayer(), RandomPlayer()], seed=5)
    b = play_game(start, [RandomPlayer(), RandomPlayer()], seed=5)
    c = play_game(start, [RandomPlayer(), RandomPlayer()], seed=6)
    assert a == b and a.actions != c.actions
    assert start.num_placed() == 0
    assert isinstance(a, GameRecord) and a.plies == len(a.actions) <= 16
    replay = OwnPieceQuarto.from_actions(a.actions)
    assert replay.returns() == a.returns and replay.winner_player() == a.winner


def test_each_seat_has_its_own_random_stream():
    # Changing seat 1's player must not change the moves seat 0 draws.
    a = play_game(TicTacToe(), [RandomPlayer(), RandomPlayer()], seed=3)
    b = play_game(TicTacToe(), [RandomPlayer(), first_legal], seed=3)
    assert a.actions[0] == b.actions[0]


@pytest.mark.compiled_speed
def test_search_player_plays_the_search_and_counts_nodes():
    player = SearchPlayer(ab_minimax, depth=document_depth, win_check=True)
    record = play_game(OwnPieceQuarto(), [player, RandomPlayer()], seed=1)
    assert record.winner == 0 and record.nodes[0] > 0 and record.nodes[1] == 0
    general = SearchPlayer("alphabeta", depth=2, **DOCUMENT_OPTIONS)
    assert general.name == "alphabeta(depth=2)"
    twin = SearchPlayer("reference.alphabeta", depth=2)
    state = TicTacToe.from_actions([0, 4])
    assert twin(state, None) == SearchPlayer("alphabeta", depth=2)(state, None)
    with pytest.raises(ValueError):
        SearchPlayer("nonsense")
    with pytest.raises(ValueError):
        SearchPlayer(depth=-1)


def test_search_player_moves_at_once_when_forced():
    seeds = (play_game(OwnPieceQuarto(), [RandomPlayer(), RandomPlayer()], seed=k)
             for k in range(1000))
    rng_game = next(g for g in seeds if g.plies == 16)          # a game to the last square
    state = OwnPieceQuarto.from_actions(rng_game.actions[:15])
    assert len(state.legal_actions()) == 1
    player = SearchPlayer(ab_minimax, depth=document_depth)
    assert player(state, None) == rng_game.actions[15] and player.last_result is None
    assert SearchPlayer(depth=1, search_forced=True)(state, None) == rng_game.actions[15]


def test_random_player_with_its_own_seed():
    # A seeded player draws from its own random.Random(seed), whatever rng the game passes.
    s = Connect4.from_moves("4444")              # column 4 (action 3) has two cells left
    actions = s.legal_actions()
    player, twin = RandomPlayer(4), random.Random(4)
    draws = [player(s, random.Random(99)) for _ in range(40)]
    assert draws == [actions[twin.randrange(len(actions))] for _ in range(40)]
    assert len(set(draws)) > 1


def test_an_illegal_choice_raises():
    with pytest.raises(IllegalMoveError, match="illegal"):
        play_game(TicTacToe(), [lambda s, r: 99, RandomPlayer()], seed=0)


# ------------------------------------------------------------------ matches
def test_match_swaps_colours_and_summarises():
    result = match(TicTacToe, SearchPlayer(depth=None, name="perfect"), RandomPlayer(), 20,
                   seed=2, progress=False)
    assert [g.a_seat for g in result.games] == [0, 1] * 10
    counts = result.counts()
    assert counts["b"] == 0 and sum(counts.values()) == 20
    rows = result.table()
    assert [r["games"] for r in rows] == ["A first", "A second", "all"]
    assert rows[-1]["n"] == 20 and 0 <= rows[-1]["95% low"] <= rows[-1]["95% high"] <= 1
    text = result.to_markdown()
    assert "perfect wins" in text and "| all |" in text
    assert len(result.rows()) == 20


@pytest.mark.compiled_speed
def test_parallel_equals_serial():
    serial = match(OwnPieceQuarto, RandomPlayer(), RandomPlayer(), 24, seed=7, progress=False)
    threads = match(OwnPieceQuarto, RandomPlayer(), RandomPlayer(), 24, seed=7,
                    progress=False, executor=ThreadPoolExecutor(2))
    processes = match(OwnPieceQuarto, RandomPlayer(), RandomPlayer(), 24, seed=7,
                      progress=False, workers=2)
    assert actions_of(serial) == actions_of(threads) == actions_of(processes)
    searchers = [SearchPlayer(ab_minimax, depth=document_depth, win_check=True), RandomPlayer()]
    assert actions_of(match(OwnPieceQuarto, *searchers, 6, seed=1, progress=False)) == \
        actions_of(match(OwnPieceQuarto, *searchers, 6, seed=1, progress=False, workers=2))


def test_games_depend_only_on_seed_and_index():
    assert game_seed(1, 3) == game_seed(1, 3) != game_seed(1, 4) != game_seed(2, 3)
    ten = match(TicTacToe, RandomPlayer(), RandomPlayer(), 10, seed=4, progress=False)
    six = match(TicTacToe, RandomPlayer(), RandomPlayer(), 6, seed=4, progress=False)
    assert actions_of(ten)[:6] == actions_of(six)


def test_save_and_resume(tmp_path):
    path = tmp_path / "games.jsonl"
    calls = []

    def counting(state, rng):
        calls.append(1)
        return state.legal_actions()[rng.randrange(len(state.legal_actions()))]

    counting.name = "counting"
    first = match(TicTacToe, counting, RandomPlayer(), 6, seed=3, progress=False, save=path)
    lines = path.read_text().splitlines()
    assert json.loads(lines[0])["match"]["seed"] == 3 and len(lines) == 7
    calls.clear()
    again = match(TicTacToe, counting, RandomPlayer(), 6, seed=3, progress=False, save=path)
    assert calls == [] and actions_of(again) == actions_of(first)
    # Extend to 10 games: only the four new ones are played, and an interrupted last line
    # (a crash mid-write) is ignored.
    with path.open("a") as f:
        f.write('{"actions": [0, 1')
    more = match(TicTacToe, counting, RandomPlayer(), 10, seed=3, progress=False, save=path)
    fresh = match(TicTacToe, counting, RandomPlayer(), 10, seed=3, progress=False)
    assert actions_of(more) == actions_of(fresh)
    with pytest.raises(ValueError, match="another match"):
        match(TicTacToe, counting, RandomPlayer(), 10, seed=4, progress=False, save=path)


def test_openings_are_played_with_both_colours():
    openings = [TicTacToe.from_actions([4]), TicTacToe.from_actions([0])]
    result = match(openings, RandomPlayer(), RandomPlayer(), 4, seed=0, progress=False)
    assert [g.a_seat for g in result.games] == [0, 1, 0, 1]
    for game in result.games:          # game i starts from opening i // 2, not replayed
        opening = openings[game.index // 2]
        assert opening.history()[0] not in game.actions
        state = opening.clone()
        for a in game.actions:
            state.apply_action(a)
        assert state.is_terminal() and state.returns() == game.returns


def test_bad_arguments():
    with pytest.raises(ValueError):
        match(TicTacToe, RandomPlayer(), RandomPlayer(), -1, progress=False)
    with pytest.raises(ValueError):
        match(TicTacToe, RandomPlayer(), RandomPlayer(), 2, progress=False, workers=0)


# ------------------------------------------------------------------ statistics
def test_chi_square_reproduces_the_documents_test():
    test = chi_square([503, 21, 476], [0.49, 0.02, 0.49])
    assert round(test.statistic, 4) == 0.7949 and test.dof == 2
    assert round(test.p_value, 3) == 0.672
    with pytest.raises(ValueError):
        chi_square([1, 2], [0.5, 0.6])


def test_the_chi_square_tail_agrees_with_scipy_and_refuses_nonsense():
    from scipy.stats import chi2

    from qsearch.arena.stats import chi_square_tail

    for dof in (1, 2, 3, 7, 30, 100):
        for x in (0.0, 1e-9, 0.3, 1.0, 2.5, dof - 0.5, dof + 1.5, 3.0 * dof, 60.0, 400.0):
            assert chi_square_tail(x, dof) == pytest.approx(chi2.sf(x, dof), rel=1e-12,
                                                            abs=1e-300), (x, dof)
    assert chi_square_tail(0.0, 4) == 1.0
    for bad in ((-1.0, 2), (1.0, 0), (1.0, 1.5), (1.0, True)):
        with pytest.raises(ValueError):
            chi_square_tail(*bad)


def test_wilson_interval():
    low, high = wilson_interval(50, 50)
    assert high == 1.0 and 0.92 < low < 0.93
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28
    low, high = wilson_interval(500, 1000)
    assert low == pytest.approx(1 - high) and 0.468 < low < 0.47
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
