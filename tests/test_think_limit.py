"""The play widgets' time limit in the browser (qsearch.viz.think_limit): deepening stops before a
depth predicted to end past the limit, MCTS runs the iterations that fit, the status line says
so, and without a limit (CPython's default) every search runs the depth asked."""
import pytest

from qsearch.search import alphabeta
from qsearch.viz import think_limit as T


class Clock:
    """A clock that a search moves forward by the seconds it is told each depth costs."""

    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_deepen_stops_before_a_depth_predicted_past_the_limit():
    clock, ran = Clock(), []

    def search_at(d):                       # depth d costs 0.1 * 3**d seconds
        ran.append(d)
        clock.now += 0.1 * 3 ** d
        return f"result {d}"
    result, reached = T.deepen(search_at, 8, 5.0, clock)
    # depths 1-3 cost 0.3 + 0.9 + 2.7 = 3.9 s; depth 4 would take 8.1 s more
    assert (result, reached, ran) == ("result 3", 3, [1, 2, 3])


def test_deepen_without_a_limit_or_when_everything_fits():
    assert T.deepen(lambda d: d, 6, None) == (6, 6)
    assert T.deepen(lambda d: d, 6, 5.0, Clock()) == (6, 6)     # no time passes
    clock = Clock()

    def slow(d):
        clock.now += 100
        return d
    assert T.deepen(slow, 6, 5.0, clock) == (1, 1)               # depth 1 always runs
    with pytest.raises(ValueError, match="depth must be an int >= 1"):
        T.deepen(lambda d: d, 0, 5.0)


def test_iteration_budget_learns_the_speed():
    clock, asked = Clock(), []

    def search(n):                           # 0.01 s an iteration
        asked.append(n)
        clock.now += 0.01 * n
        return n
    budget = T.IterationBudget(2.0, clock)
    assert budget.run(search, 1000) == (200, 200)     # a 50-iteration probe, then what fits
    assert asked == [T.PROBE, 200]
    assert budget.run(search, 100) == (100, 100)      # fits: as asked, no probe
    assert T.IterationBudget(None).run(search, 1000) == (1000, 1000)


def test_limit_reads_the_environment(monkeypatch):
    monkeypatch.delenv("QSEARCH_THINK_SECONDS", raising=False)
    assert T.limit() is None                                   # CPython: no limit
    monkeypatch.setattr(T.sys, "platform", "emscripten")
    assert T.limit() == T.SECONDS                              # the browser: 5 s
    monkeypatch.setenv("QSEARCH_THINK_SECONDS", "0")
    assert T.limit() is None
    monkeypatch.setenv("QSEARCH_THINK_SECONDS", "2.5")
    assert T.limit() == 2.5
    monkeypatch.setenv("QSEARCH_THINK_SECONDS", "soon")
    with pytest.raises(ValueError, match="QSEARCH_THINK_SECONDS must be a number"):
        T.limit()


@pytest.fixture
def every_depth_too_slow(monkeypatch):
    """A 5-second limit and a clock on which every search takes a minute."""
    monkeypatch.setenv("QSEARCH_THINK_SECONDS", "5")
    clock = Clock()

    def tick():
        clock.now += 60.0
        return clock.now
    monkeypatch.setattr(T.time, "perf_counter", tick)


def test_a_connect4_widget_plays_the_depth_it_reached(every_depth_too_slow):
    from qsearch.heuristics.connect4 import evaluation_table
    from qsearch.viz import PlayConnect4

    game = PlayConnect4(depth=6, human_first=False)          # the engine opens
    result = game.last_result
    assert result.depth == 1
    from qsearch.games import Connect4
    expected = alphabeta(Connect4(), 1, evaluation_table, order=game.order,
                         win_value=game.win_value, win_decay=game.win_decay)
    assert result.action == expected.action
    assert "time limit: depth 1 of 6, to answer within 5 s" in game.status_text


def test_the_pruning_toggle_counts_both_at_the_depth_reached(every_depth_too_slow):
    from qsearch.viz.play_toggle import PlayPruningToggle

    game = PlayPruningToggle(depth=6, alphabeta=True, count_both=True, human_first=False)
    row = game.rows[0]
    assert row.depth == 1 and row.normal is not None and row.pruned is not None
    assert "depth 1, with pruning" in game.status_text and "depth 1 of 6" in game.status_text
    game.count_both = False
    game.play(3)
    game.fill_table()                        # the missing counts, at each row's own depth
    assert all(r.normal is not None and r.pruned is not None for r in game.rows)


def test_the_pruning_toggle_foresees_the_count_without_pruning_too(monkeypatch):
    """With count_both, a move's time is both searches': on a clock where a call of V takes
    50 microseconds, depth 6 without pruning (137,256 calls, ~7 s) would pass a 5-second limit,
    so the toggle stops at depth 5 even with alpha-beta on (its own search alone fits)."""
    import qsearch.viz.play_toggle as P

    monkeypatch.setenv("QSEARCH_THINK_SECONDS", "5")
    clock = Clock()
    monkeypatch.setattr(T.time, "perf_counter", lambda: clock.now)
    real = P.document_move

    def timed(*args, **kwargs):
        move = real(*args, **kwargs)
        clock.now += move.calls * 50e-6
        return move
    monkeypatch.setattr(P, "document_move", timed)
    game = P.PlayPruningToggle(depth=6, alphabeta=True, count_both=True, human_first=False)
    assert game.rows[0].depth == 5 and game.rows[0].normal == 19_607
    assert "depth 5 of 6" in game.status_text
    game.count_both = False                  # alpha-beta's own search alone fits at depth 6
    game.play(3)
    assert game.rows[-1].depth == 6 and game.rows[-1].normal is None


def test_play_game_mcts_runs_the_iterations_that_fit(every_depth_too_slow):
    from qsearch.viz import PlayGame

    game = PlayGame("tictactoe", opponent="mcts", iterations=1000, human_first=False)
    assert game.last_result.leaves == T.PROBE
    assert f"{T.PROBE} of 1,000 iterations" in game.status_text
    depth = PlayGame("tictactoe", opponent="alphabeta", depth=4, human_first=False)
    assert "depth 1 of 4" in depth.status_text


def test_quarto_widget_deepens_to_the_document_depth(every_depth_too_slow):
    from qsearch.viz import PlayQuarto

    game = PlayQuarto(human_first=False)
    assert game.last_result.depth == 1 and game.asked_depth == 4
    assert "depth 1 of 4" in game.status_text


def test_no_limit_on_cpython_by_default(monkeypatch):
    monkeypatch.delenv("QSEARCH_THINK_SECONDS", raising=False)
    from qsearch.viz import PlayConnect4

    game = PlayConnect4(depth=4, human_first=False)
    assert game.last_result.depth == 4 and "time limit" not in game.status_text


def test_parcheckers_agent_3_deepens_and_keeps_its_depth(every_depth_too_slow):
    from qsearch.viz import PlayParCheckers

    game = PlayParCheckers(human=1)                 # agent 3 (minimax depth 4) opens
    assert game.opponent.last_result.depth == 1     # its first move is a choice: searched
    assert game.opponent.depth == 4                 # restored after the turn
    assert "depth 1 of 4, to answer within 5 s" in game.status_text
