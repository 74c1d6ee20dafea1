"""Issue 21 (items 3, 5 and 6): expectiminimax, MCTS and limited minimax answer right or refuse.

* Star1/Star2 return the unpruned value and action whatever the win scores are (a negative
  ``win_decay``, or a decay that takes win scores below ``-win_value``): the oracle is the
  unpruned search;
* a heuristic that changes the state it is given stops every search with a ValueError, and
  the caller's state is untouched (the oracle: a snapshot taken before);
* ``time_limit`` stops expectiminimax right after a slow Python heuristic; MCTS refuses a
  chance root, never says ``complete`` when the clock stopped it before its first iteration,
  and refuses more iterations than a node's visit counter holds; chance probabilities that
  do not sum to 1 are an error, not silently mended.

Each check runs on the compiled search and on its twin.
"""
import math
import random
import time
import zlib

import pytest
from helpers import random_position, snapshot

from qsearch.core.checks import MAX_MCTS_ITERATIONS
from qsearch.games.adapter import as_protocol_state
from qsearch.games.connect4 import Connect4
from qsearch.games.hypergammon import Hypergammon
from qsearch.games.parcheckers import ParCheckers
from qsearch.games.pig import Pig
from qsearch.heuristics.hypergammon import pip_race
from qsearch.reference import expectiminimax as twin_expectiminimax
from qsearch.reference.limited_minimax import limited_minimax as twin_limited_minimax
from qsearch.reference.mcts import mcts as twin_mcts
from qsearch.search import expectiminimax as any_expectiminimax
from qsearch.search import mcts as any_mcts
from qsearch.search.expectiminimax import expectiminimax
from qsearch.search.limited_minimax import limited_minimax
from qsearch.search.mcts import mcts

EXPECTIMINIMAX = [pytest.param(expectiminimax, id="compiled"),
                  pytest.param(twin_expectiminimax, id="twin")]
MCTS = [pytest.param(mcts, id="compiled"), pytest.param(twin_mcts, id="twin")]
LIMITED = [pytest.param(limited_minimax, id="compiled"),
           pytest.param(twin_limited_minimax, id="twin")]
COUNTS = ("value", "action", "pv", "nodes", "generated", "leaves", "cutoffs", "researches")


def who(state):
    """The ``player`` argument a chance root needs."""
    return 0 if state.is_chance_node() else None


def pip_share(state, player):
    """pip_race scaled into (-1, 1) (it ranges -75..82): an evaluation declared in (-1, 1)."""
    return pip_race(state, player) / 100


def coarse(state, player):
    """-1, 0 or +1 from a hash of the position: many leaves sit on the bounds (-1, 1)."""
    return float(zlib.crc32(str(state.position_key()).encode() + bytes([player])) % 3) - 1


# ----------------------------------------------------------------- item 3: Star bounds
@pytest.mark.parametrize("search", EXPECTIMINIMAX)
def test_star_cuts_are_exact_when_win_scores_leave_the_declared_bounds(search):
    # The audit's repro: a win at ply p scores 1 + p (win_decay=-1), far outside (-1, 1);
    # Star1/Star2 used to cut with (-1, 1) and returned 2.0 with another move.
    state = Hypergammon.from_points([2, 5, "off"], [6, 4, 9], to_move=0, dice=(2, 5))
    options = dict(bounds=(-1, 1), win_value=1, win_decay=-1)
    base = search(state, 5, pip_share, **options)
    assert base.value > 4.5                              # wins a few plies away count
    for prune in ("star1", "star2"):
        pruned = search(state, 5, pip_share, prune=prune, **options)
        assert (pruned.value, pruned.action) == (base.value, base.action), prune
        assert pruned.nodes <= base.nodes      # bounds (-6, 6): little left to cut here


# Wins outrank the declared bounds (-1, 1) at every ply the searches can reach (127 plies
# with count_chance=False), or the search refuses them (qsearch.core.win_value); their
# scores still leave the bounds, which Star1/Star2 must then widen.
WIN_SCORES = [(2.0, 0.0), (1.5, -1.0), (3.0, 0.01), (30.0, 0.2), (2.0, -0.1), (1.25, -3.0),
              (60.0, 0.4)]


@pytest.mark.parametrize("game, plies, depths, evaluate", [
    pytest.param(Hypergammon, 120, (2, 4), pip_share, id="hypergammon"),
    pytest.param(lambda: Pig(20, 4, 60), 60, (2, 6), coarse, id="pig"),
])
@pytest.mark.compiled_speed
def test_star1_and_star2_return_the_unpruned_answer_for_any_win_scores(game, plies, depths,
                                                                        evaluate):
    # Positions up to ``plies`` random actions in, many near the end, so that searches meet
    # finished games; on the code before the fix 4 of these searches each (Pig and
    # hypergammon) returned another value or move.
    rng = random.Random(2104)
    bounds = (-1, 1)
    outside = 0                  # searches where a terminal scored outside the declared bounds
    for k in range(40):
        state = random_position(game, rng, plies, min_plies=1)
        depth = rng.randint(*depths)
        win_value, win_decay = WIN_SCORES[k % len(WIN_SCORES)]
        for count_chance in (True, False):
            options = dict(bounds=bounds, win_value=win_value, win_decay=win_decay,
                           player=who(state), count_chance=count_chance)
            d = depth if count_chance else max(1, depth // 2)
            base = expectiminimax(state, d, evaluate, trace=True, **options)
            outside += any(e.kind == "terminal" and not bounds[0] <= e.value <= bounds[1]
                           for e in base.trace)
            for prune in ("star1", "star2"):
                pruned = expectiminimax(state, d, evaluate, prune=prune, **options)
                assert (pruned.value, pruned.action) == (base.value, base.action), (
                    repr(state), d, prune, win_value, win_decay, count_chance)
                if k % 8 == 0 and d <= 3:               # the twin agrees, counts included
                    twin = twin_expectiminimax(state, d, evaluate, prune=prune, **options)
                    assert [getattr(twin, c) for c in COUNTS] == \
                        [getattr(pruned, c) for c in COUNTS]
    assert outside >= 15


@pytest.mark.parametrize("search", [twin_expectiminimax, any_expectiminimax])
def test_star_refuses_a_game_whose_results_exceed_the_bounds(search):
    # A Python game whose returns are +-2 (a gammon, say): no bound derived from win_value
    # covers them, so a pruning search must stop with a clear error, not cut wrongly. (The
    # compiled search needs a qsearch engine, whose results are +-1.)
    state = as_protocol_state(Toss(stake=2.0))
    unpruned = search(state, 2, lambda s, p: 0.0, win_value=1)
    assert unpruned.value == 0.0
    with pytest.raises(ValueError, match=r"finished game scored 4.0, outside the bounds \(-2.0, "
                                         r"2.0\) Star1/Star2"):
        search(state, 2, lambda s, p: 0.0, prune="star1", bounds=(-1, 1))


# --------------------------------------------- item 5: a heuristic that changes its state
def meddling(state, player):
    """A heuristic that plays a move on the state it is given (it must only read it)."""
    if not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    return 0.0


def looking_ahead(state, player):
    """A heuristic that plays a move and takes it back: the state is as it was given."""
    if state.is_terminal() or state.is_chance_node():
        return 0.0
    state.apply_action(state.legal_actions()[0])
    state.undo_action()
    return 0.0


def hypergammon_position():
    return Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))


@pytest.mark.parametrize("search", EXPECTIMINIMAX)
@pytest.mark.parametrize("make_state, options", [
    pytest.param(hypergammon_position, dict(), id="hypergammon"),
    pytest.param(hypergammon_position, dict(prune="star2", bounds=(-1, 1)), id="hg-star2"),
    pytest.param(lambda: Connect4.from_moves("4453"), dict(), id="connect4"),
])
def test_expectiminimax_stops_a_heuristic_that_changes_the_state(search, make_state, options):
    state = make_state()
    before = snapshot(state)
    options = dict(options, win_value=100)      # the heuristics declare no bounds
    with pytest.raises(ValueError, match="changed the state it was given"):
        search(state, 3, meddling, **options)
    assert snapshot(state) == before
    quiet = search(state, 2, lambda s, p: 0.0, **options)
    assert search(state, 2, looking_ahead, **options).value == quiet.value


@pytest.mark.parametrize("search", MCTS)
@pytest.mark.parametrize("make_state", [
    pytest.param(hypergammon_position, id="hypergammon"),
    pytest.param(lambda: Connect4.from_moves("4453"), id="connect4"),
])
def test_mcts_stops_a_rollout_heuristic_that_changes_the_state(search, make_state):
    state = make_state()
    before = snapshot(state)
    with pytest.raises(ValueError, match="changed the state it was given"):
        search(state, 50, seed=1, evaluate=meddling, rollout_depth=2, win_value=10)
    assert snapshot(state) == before
    quiet = search(state, 50, seed=1, evaluate=lambda s, p: 0.0, rollout_depth=2, win_value=10)
    ahead = search(state, 50, seed=1, evaluate=looking_ahead, rollout_depth=2, win_value=10)
    assert (ahead.action, ahead.children) == (quiet.action, quiet.children)


@pytest.mark.parametrize("search", LIMITED)
@pytest.mark.parametrize("make_state", [
    pytest.param(lambda: Connect4.from_moves("4453"), id="connect4"),
    pytest.param(ParCheckers, id="parcheckers"),
])
def test_limited_minimax_stops_a_heuristic_that_changes_the_state(search, make_state):
    state = make_state()
    before = snapshot(state)
    with pytest.raises(ValueError, match="changed the state it was given"):
        search(state, 2, meddling, max_nodes=500)
    assert snapshot(state) == before
    quiet = search(state, 2, lambda s, p: 1.0, max_nodes=500)
    ahead = search(state, 2, lambda s, p: looking_ahead(s, p) + 1.0, max_nodes=500)
    assert (ahead.value, ahead.action, ahead.generated, ahead.evaluated) == \
        (quiet.value, quiet.action, quiet.generated, quiet.evaluated)


@pytest.mark.parametrize("search", LIMITED)
def test_limited_minimax_refuses_a_chance_node_below_the_root(search):
    # Its MAX/MIN form has no chance nodes: a roll used to be searched as a MIN node.
    state = Hypergammon.from_points([2, 5, "off"], [6, 4, 9], to_move=0, dice=(2, 5))
    with pytest.raises(ValueError, match="chance node"):
        search(state, 2, lambda s, p: 0.0)


# --------------------------------------------------------- item 6: limits and chance
def spending(time_limit):
    """A Python heuristic whose first call lasts past ``time_limit`` (then it is quick)."""
    calls = []

    def heuristic(state, player):
        if not calls:
            start = time.perf_counter()
            while time.perf_counter() < start + time_limit:
                pass
        calls.append(1)
        return 0.0
    return heuristic


@pytest.mark.parametrize("search", EXPECTIMINIMAX)
@pytest.mark.parametrize("prune", [None, "star2"])
def test_expectiminimax_time_limit_stops_after_a_slow_python_heuristic(search, prune):
    # The clock is read at every node when Python code runs in the search: the first leaf
    # spends the whole limit, so the search stops at the next node (it used to go on to the
    # 1024th node, 9.3 s with the audit's heuristic).
    state = hypergammon_position()
    limit = 0.02
    full = search(state, 4, lambda s, p: 0.0, prune=prune, bounds=(-1, 1))
    assert full.nodes > 2048 and full.complete        # the clock was read every 1024 nodes
    cut = search(state, 4, spending(limit), prune=prune, bounds=(-1, 1), time_limit=limit)
    assert not cut.complete
    assert cut.leaves == 1


@pytest.mark.parametrize("search", MCTS)
@pytest.mark.parametrize("make_state", [
    pytest.param(Hypergammon, id="hypergammon-start"),
    pytest.param(lambda: Pig(20, 4, 60).child(0), id="pig-after-roll"),
])
def test_mcts_refuses_a_chance_root(search, make_state):
    state = make_state()
    assert state.is_chance_node()
    with pytest.raises(ValueError, match="MCTS chooses a player's move"):
        search(state, 100, seed=1)


@pytest.mark.parametrize("search", MCTS)
@pytest.mark.parametrize("iterations", [100, None])
def test_mcts_stopped_by_the_clock_before_its_first_iteration_is_not_complete(search,
                                                                             iterations):
    # 1e-300 s: the deadline is the starting time itself, so no iteration runs.
    result = search(Connect4(), iterations, time_limit=1e-300, seed=1)
    assert result.simulations == 0 and result.action is None
    assert not result.complete
    finished = search(Connect4(), 20, time_limit=1000.0, seed=1)
    assert finished.simulations == 20 and finished.complete


@pytest.mark.parametrize("search", MCTS)
def test_mcts_refuses_more_iterations_than_a_visit_count_holds(search):
    state = Connect4()
    for too_many in (2 ** 70, MAX_MCTS_ITERATIONS + 1):
        with pytest.raises(ValueError, match=f"iterations must be at most "
                                             f"{MAX_MCTS_ITERATIONS}"):
            search(state, too_many)
    assert MAX_MCTS_ITERATIONS == 2 ** 31 - 1
    result = search(state, MAX_MCTS_ITERATIONS, time_limit=1e-300)     # accepted
    assert result.simulations == 0


class Toss:
    """A Python dice game: player 0 calls 0 or 1, a coin with ``probabilities`` is tossed,
    and a right call wins ``stake`` (a wrong one loses it)."""

    def __init__(self, probabilities=(0.5, 0.5), stake=1.0):
        self.probabilities, self.stake = tuple(probabilities), stake
        self.call = self.coin = None

    def current_player(self):
        return -4 if self.is_terminal() else (-1 if self.is_chance_node() else 0)

    def legal_actions(self):
        return [] if self.is_terminal() else [0, 1]

    def is_chance_node(self):
        return self.call is not None and self.coin is None

    def chance_outcomes(self):
        return list(enumerate(self.probabilities)) if self.is_chance_node() else []

    def apply_action(self, action):
        if self.call is None:
            self.call = action
        else:
            self.coin = action

    def clone(self):
        copy = Toss(self.probabilities, self.stake)
        copy.call, copy.coin = self.call, self.coin
        return copy

    def is_terminal(self):
        return self.coin is not None

    def returns(self):
        r = self.stake if self.call == self.coin else -self.stake
        return [r, -r]


@pytest.mark.parametrize("probabilities", [(0.5, 0.4), (0.7, 0.5), (0.5, 0.5 - 1e-8)])
def test_chance_probabilities_that_do_not_sum_to_one_are_an_error(probabilities):
    # Expectiminimax used to renormalise them, MCTS to give the missing mass to the last
    # outcome; 1e-9 is the tolerance (qsearch's games sum to 1 within rounding).
    state = as_protocol_state(Toss(probabilities))
    for search in (twin_expectiminimax, lambda s, *a: twin_mcts(s, 200, seed=1)):
        with pytest.raises(ValueError, match="probabilities sum to .*, not 1"):
            search(state, 2)
    with pytest.raises(ValueError, match="probabilities sum to"):
        any_expectiminimax(Toss(probabilities), 2)
    with pytest.raises(ValueError, match="probabilities sum to"):
        any_mcts(Toss(probabilities), 200)
    fair = as_protocol_state(Toss((0.5, 0.5 - 1e-12)))          # within the tolerance
    assert twin_expectiminimax(fair, 2).value == pytest.approx(0.0, abs=1e-9)
    assert twin_mcts(fair, 50, seed=1).simulations == 50


@pytest.mark.parametrize("search", EXPECTIMINIMAX + MCTS)
def test_qsearch_dice_games_pass_the_probability_check(search):
    for state in (Hypergammon(), Pig(20, 4, 60).child(0)):
        assert abs(math.fsum(p for _, p in state.chance_outcomes()) - 1.0) <= 1e-12
    rng = random.Random(7)
    for game in (Hypergammon, lambda: Pig(20, 4, 60)):
        for _ in range(5):
            state = random_position(game, rng, 40)
            while state.is_chance_node():
                state.apply_action(state.legal_actions()[0])
            if search in (mcts, twin_mcts):
                assert search(state, 30, seed=2).simulations == 30
            else:
                assert search(state, 2, lambda s, p: 0.0, win_value=1).complete
