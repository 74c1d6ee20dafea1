"""Expectiminimax: compiled vs twin, Star1/Star2 vs unpruned, and independent oracles.

Oracles besides the twin: a ten-line expectimax written straight from document 002's
Alg. 6 with the games' probabilities, and OpenSpiel's own Python ``expectiminimax`` on
OpenSpiel's ``backgammon(hyper_backgammon=true)`` (player moves only, its convention).
"""
import random
import re
import zlib

import pytest
from helpers import random_position

from qsearch.games.hypergammon import CHANCE_BASE, Hypergammon
from qsearch.games.pig import Pig
from qsearch.heuristics.hypergammon import pip_race
from qsearch.reference import expectiminimax as ref_em
from qsearch.reference.hypergammon_heuristics import pip_race as ref_pip_race
from qsearch.search import expectiminimax

POSITIONS = 200
COUNTS = ("value", "action", "pv", "nodes", "generated", "leaves", "cutoffs", "researches")


def random_positions(n, seed, max_actions=40):
    """``n`` non-terminal hypergammon positions (decision and chance nodes) with a depth."""
    rng = random.Random(seed)
    return [(random_position(Hypergammon, rng, max_actions, min_plies=1), rng.randint(1, 3))
            for _ in range(n)]


def who(state):
    """The ``player`` argument a chance root needs."""
    return 0 if state.is_chance_node() else None


WIN = 83.0          # a finished game: one more than pip_race's largest value (82)


def brute_force(state, depth, player, evaluate, count_chance=True, limit=None):
    """Alg. 6 as written: chance nodes sum p * value, MAX/MIN nodes take max/min."""
    if state.is_terminal():
        return WIN * state.returns()[player]
    if depth == 0:
        return evaluate(state, player)
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        if limit:
            outcomes = sorted(outcomes, key=lambda op: -op[1])[:limit]
        total = sum(p for _, p in outcomes)
        d = depth - 1 if count_chance else depth
        return sum(p / total * brute_force(state.child(o), d, player, evaluate, count_chance,
                                           limit) for o, p in outcomes)
    values = [brute_force(state.child(a), depth - 1, player, evaluate, count_chance, limit)
              for a in state.legal_actions()]
    return max(values) if state.current_player() == player else min(values)


@pytest.mark.parametrize("count", [pytest.param(POSITIONS, marks=pytest.mark.slow), 20])
def test_twin_equals_compiled_with_and_without_pruning(count):
    for state, depth in random_positions(count, seed=11):
        for prune in (None, "star1", "star2"):
            c = expectiminimax(state, depth, pip_race, prune=prune, player=who(state))
            r = ref_em(state, depth, ref_pip_race, prune=prune, player=who(state))
            assert [getattr(c, k) for k in COUNTS] == [getattr(r, k) for k in COUNTS], (
                repr(state), depth, prune)


@pytest.mark.compiled_speed
def test_star1_and_star2_are_exact_and_save_nodes():
    totals = {None: 0, "star1": 0, "star2": 0}
    for state, depth in random_positions(POSITIONS, seed=12):
        base = expectiminimax(state, depth, pip_race, player=who(state))
        totals[None] += base.nodes
        for prune in ("star1", "star2"):
            res = expectiminimax(state, depth, pip_race, prune=prune, player=who(state))
            assert (res.value, res.action) == (base.value, base.action), (repr(state), prune)
            totals[prune] += res.nodes
            assert res.nodes <= base.nodes, (repr(state), depth, prune)
    assert totals["star2"] < totals["star1"] < totals[None]


def test_pruning_with_tight_bounds_cuts_more():
    state = Hypergammon.from_points([13, 8, 6], [20, 18, 3], to_move=1, dice=(2, 6))
    base = expectiminimax(state, 3, pip_race)
    loose = expectiminimax(state, 3, pip_race, prune="star2")
    tight = expectiminimax(state, 3, pip_race, prune="star2", bounds=(-40, 40))
    assert base.value == loose.value == tight.value
    assert tight.nodes <= loose.nodes <= base.nodes


@pytest.mark.compiled_speed
def test_agrees_with_alg6_written_out():
    for state, depth in random_positions(40, seed=13):
        player = state.current_player() if not state.is_chance_node() else 0
        res = expectiminimax(state, depth, pip_race, player=who(state))
        assert res.value == pytest.approx(brute_force(state, depth, player, pip_race), abs=1e-9)
        depth = min(depth, 2)        # player moves only: depth 2 is already the document's 3
        res = expectiminimax(state, depth, pip_race, player=who(state), count_chance=False)
        assert res.value == pytest.approx(
            brute_force(state, depth, player, pip_race, count_chance=False), abs=1e-9)


@pytest.mark.compiled_speed
def test_limited_keeps_the_most_probable_rolls():
    for state, depth in random_positions(30, seed=14):
        player = state.current_player() if not state.is_chance_node() else 0
        res = expectiminimax(state, depth, pip_race, player=who(state), limit=15)
        assert res.value == pytest.approx(
            brute_force(state, depth, player, pip_race, limit=15), abs=1e-9)
        twin = ref_em(state, depth, ref_pip_race, player=who(state), limit=15)
        assert (twin.value, twin.nodes) == (res.value, res.nodes)
        full = expectiminimax(state, depth, pip_race, player=who(state))
        assert expectiminimax(state, depth, pip_race, player=who(state), limit=21).value \
            == full.value


def test_depth_conventions_meet():
    # the document's depth 3 (MAX, chance, MIN) is OpenSpiel's depth 2 (two player moves)
    state = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(4, 5))
    doc = expectiminimax(state, 3, pip_race)
    spiel = expectiminimax(state, 2, pip_race, count_chance=False)
    assert (doc.value, doc.action, doc.nodes, doc.leaves) == \
        (spiel.value, spiel.action, spiel.nodes, spiel.leaves)


def test_trace_is_the_same_and_has_chance_events():
    state = Hypergammon.from_points([13, 8, 6], [20, 18, 3], to_move=1, dice=(2, 6))
    for prune in (None, "star1", "star2"):
        c = expectiminimax(state, 3, pip_race, prune=prune, trace=True)
        r = ref_em(state, 3, ref_pip_race, prune=prune, trace=True)
        assert c.trace == r.trace
        kinds = {e.kind for e in c.trace}
        assert "chance" in kinds
        chance_probs = [e.value for e in c.trace if e.kind == "chance" and e.node == 1]
        assert sum(chance_probs) == pytest.approx(1.0) and len(chance_probs) == 21
        if prune == "star2":
            assert "probe" in kinds


def openspiel_pip_race(player):
    """The same evaluation on an OpenSpiel state, read from its observation tensor."""
    def value(state):
        t = state.observation_tensor(0)
        pts = [[0] * 24, [0] * 24]
        for p in range(2):
            for i in range(24):
                v = t[(24 * p + i) * 4:(24 * p + i) * 4 + 4]
                pts[p][i] = int(v[0] + 2 * v[1] + 3 * v[2] + v[3])
        bar, off = (int(t[192]), int(t[195])), (int(t[193]), int(t[196]))
        own = ([24 - i for i in range(24) for _ in range(pts[0][i])] + [25] * bar[0]
               + [0] * off[0],
               [i + 1 for i in range(24) for _ in range(pts[1][i])] + [25] * bar[1]
               + [0] * off[1])
        s = Hypergammon.from_points(own[0], own[1], to_move=0)
        return pip_race(s, player)
    return value


def test_agrees_with_openspiel_expectiminimax():
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.minimax import expectiminimax as spiel_em

    game = pyspiel.load_game("backgammon(hyper_backgammon=true)")
    rng = random.Random(15)
    checked = 0
    for _ in range(40):
        if checked == 4:
            break
        theirs, ours = game.new_initial_state(), Hypergammon()
        for _ in range(rng.randint(2, 14)):
            if theirs.is_chance_node():
                o = rng.choice([a for a, _ in theirs.chance_outcomes()])
                ours.apply_action(CHANCE_BASE + (o - 1 if ours.turns_played() >= 0
                                                 and o < 30 and o % 2 else o))
                theirs.apply_action(o)
            else:
                a = rng.choice(ours.legal_actions())
                ours.apply_action(a)
                theirs.apply_action(a)
            if theirs.is_terminal():
                break
        if theirs.is_terminal() or theirs.is_chance_node():
            continue
        player = theirs.current_player()
        v, a = spiel_em(theirs, 2, openspiel_pip_race(player), player)
        res = expectiminimax(ours, 2, pip_race, count_chance=False)
        assert res.value == pytest.approx(v, abs=1e-9)
        assert ours.child(res.action).points(0) == ours.child(
            [b for b in ours.legal_actions() if theirs.child(a).observation_tensor(0)
             == theirs.child(b).observation_tensor(0)][0]).points(0)
        checked += 1
    assert checked == 4


# ------------------------------------------------------------------------- bad input
def test_bad_input():
    state = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(4, 5))
    key = state.position_key()
    for search, evaluate in ((expectiminimax, pip_race), (ref_em, ref_pip_race)):
        with pytest.raises(ValueError, match="bounds"):
            search(state, 2, lambda s, p: 0.0, prune="star1")
        with pytest.raises(ValueError, match="prune"):
            search(state, 2, evaluate, prune="alphabeta")
        with pytest.raises(ValueError, match="depth"):
            search(state, -1, evaluate)
        with pytest.raises(TypeError):
            search(state, "3", evaluate)
        with pytest.raises(ValueError, match="limit"):
            search(state, 2, evaluate, limit=0)
        with pytest.raises(ValueError, match="player"):
            search(Hypergammon(), 2, evaluate)
        with pytest.raises(ValueError, match="outside its declared bounds"):
            search(state, 1, lambda s, p: 1000.0, prune="star2", bounds=(-10, 10))
        with pytest.raises(ValueError, match="bounds"):
            search(state, 1, evaluate, prune="star1", bounds=(5, -5))
    with pytest.raises(TypeError):
        expectiminimax("not a state", 2, pip_race)
    with pytest.raises(TypeError):
        pip_race("not a state", 0)
    assert state.position_key() == key and state.history() == []


# ------------------------------------------------------------------------- pictures
def test_draw_search_shows_chance_nodes_probabilities_and_star_cuts():
    from qsearch.viz.chance_stepper import ExpectiminimaxStepper
    from qsearch.viz.searchtree import build_search_tree
    from qsearch.viz.tree import draw_search

    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    res = expectiminimax(state, 3, pip_race, prune="star1", bounds=(-40, 40), limit=6,
                         trace=True)
    tree = build_search_tree(res.trace)
    chance = [n for n in tree.nodes.values() if n.kind == "chance"]
    assert len(chance) == len(state.legal_actions())
    assert "star1" in {e.reason for e in tree.pruned}
    source = draw_search(res, state=state).source
    assert "shape=circle" in source and "p = 1/6" in source and "Star1 bound cuts at" in source
    probed = expectiminimax(state, 3, pip_race, prune="star2", bounds=(-40, 40), limit=2,
                            trace=True)
    assert any(n.star_probe for n in build_search_tree(probed.trace).nodes.values())
    assert "Star2 probe" in draw_search(probed, state=state).source
    stepper = ExpectiminimaxStepper(state, 3, pip_race, prune="star1", bounds=(-40, 40),
                                    limit=6)
    captions = stepper.captions()
    assert any("(Star1)" in c for c in captions)
    assert any("probability-weighted mean" in c for c in captions)
    assert stepper.n_steps == len(stepper.result.trace)


# ------------------------------------------------------------------------- the heuristic
def test_pip_race_by_hand():
    start = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(4, 5))
    assert pip_race(start, 0) == pip_race(start, 1) == 0.0
    # x home on 6, 5, 5 (16 pips, one made point); o's back checkers can still hit them
    s = Hypergammon.from_points([6, 5, 5], [24, 23, 22], to_move=0, dice=(4, 5))
    assert pip_race(s, 0) == 69 - 16 + 1 and pip_race(s, 1) == -(69 - 16)
    # the armies have passed each other: every checker is passed (+2 each), borne off too
    s = Hypergammon.from_points([6, 5, 3], [18, 10, "off"], to_move=0, dice=(4, 5))
    assert pip_race(s, 0) == (28 - 14) + 2 * 3
    assert pip_race(s, 1) == (14 - 28) + 2 * 3
    # a checker on the bar has 25 pips to go and blocks every "passed" bonus of the other side
    s = Hypergammon.from_points(["bar", 6, 5], [3, 2, 1], to_move=0, dice=(4, 5))
    assert pip_race(s, 1) == (36 - 6) + 0


def test_pip_race_twin_and_bounds_on_random_positions():
    for state, _ in random_positions(300, seed=16):
        if state.is_chance_node():
            continue
        for player in (0, 1):
            v = pip_race(state, player)
            assert v == ref_pip_race(state, player)
            assert pip_race.bounds[0] <= v <= pip_race.bounds[1]


def test_max_nodes_stops_both_alike():
    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    for prune in (None, "star2"):
        c = expectiminimax(state, 4, pip_race, prune=prune, max_nodes=300)
        r = ref_em(state, 4, ref_pip_race, prune=prune, max_nodes=300)
        assert not c.complete and not r.complete
        assert c.nodes == r.nodes == 300
        assert (c.value, c.action) == (r.value, r.action)


def test_bench_tables_run():
    pytest.importorskip("pyspiel")
    from qsearch.bench.expectiminimax import openspiel_table, star_table

    rows = openspiel_table(1, repeats=1)
    assert rows[-1]["same value"] == "yes" and rows[-1]["same play"] == "yes"
    assert all(r["same value and play"] == "yes" for r in star_table((1, 2), repeats=1))


def test_stepper_captions_name_what_star1_and_star2_cut():
    """A chance-node cut names exactly the outcomes the trace prunes; a test that fails at
    the last outcome cuts nothing and says so; such a node returns a bound, not the mean."""
    from qsearch.viz.chance_stepper import ExpectiminimaxStepper

    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    for prune in ("star1", "star2"):
        stepper = ExpectiminimaxStepper(state, 3, pip_race, prune=prune, bounds=(-40, 40),
                                        limit=6)
        seen = {"named": 0, "none": 0}
        for step, e in enumerate(stepper.result.trace):
            text = stepper.caption(step)
            chance = stepper.tree.role(e.node) == "chance"
            if e.kind in ("cutoff", "probe_cutoff") and chance:
                names = [stepper.names.move(e.node, a) for a in e.pruned]
                if names:
                    assert all(n in text for n in names) and "cut (Star" in text, text
                    seen["named"] += 1
                else:
                    assert "none is left to cut" in text, text
                    seen["none"] += 1
            if e.kind == "exit" and chance:
                exact = stepper.tree.nodes[e.node].bound == "="
                assert ("probability-weighted mean" in text and "a bound" not in text) == exact
        assert seen["none"] >= 1
        assert seen["named"] >= (1 if prune == "star1" else 0)
    star1 = ExpectiminimaxStepper(state, 3, pip_race, prune="star1", bounds=(-40, 40), limit=6)
    assert star1.caption(317).endswith("roll 2-3 is cut (Star1).")
    assert star1.caption(318).startswith("[20/15 9/5] (chance) returns −13.7, a bound")


def test_stepper_focus_draws_the_path_and_its_children_only():
    """Notebook 05's tree is too wide to read when shrunk to the window: each step draws the
    path to its node and the children along it (focus=False: the whole tree)."""
    from qsearch.viz.chance_stepper import ExpectiminimaxStepper
    from qsearch.viz.searchtree import build_search_tree

    state = Hypergammon.from_points([20, 20, 9], [14, 6, 6], to_move=0, dice=(4, 5))
    options = {"prune": "star1", "bounds": (-40, 40), "limit": 6}
    focused = ExpectiminimaxStepper(state, 3, pip_race, **options)
    whole = ExpectiminimaxStepper(state, 3, pip_race, focus=False, **options)
    nodes = len(focused.tree.nodes)
    for step in (2, 179, 317, focused.n_steps - 1):
        source = focused.draw(step).source
        drawn = {int(m) for m in re.findall(r"^\s*n(\d+) \[", source, re.M)}
        current = build_search_tree(focused.result.trace, step).current
        path = set()
        while current is not None:
            path.add(current)
            current = focused.tree.nodes[current].parent
        kids = {c for i in path for c in focused.tree.nodes[i].children}
        assert drawn == path | kids and len(drawn) < nodes // 5
        assert len(re.findall(r"^\s*n(\d+) \[", whole.draw(step).source, re.M)) == nodes
    assert "roll 2-3\\nStar1 bound cuts at [20/15 9/5]" in focused.draw(317).source


def test_twin_equals_compiled_when_leaves_sit_on_the_bounds():
    # A three-valued evaluation bunches the leaves next to the bounds (-1.5, 1.5) that the
    # wins (1.5) widen (-1, 1) to, and positions late in the game put finished games right on
    # them: Star2's probes then may prove only a bound (searched again) and resumed nodes cut
    # at once, which pip_race's spread-out values never do.
    def coarse(state, player):
        return float(zlib.crc32(str(state.position_key()).encode() + bytes([player])) % 3) - 1

    rng = random.Random(5)
    researches = resumes = 0
    for game, depths in ((Hypergammon, (2, 3)), (Pig, (3, 5))):
        for _ in range(12):
            state = random_position(game, rng, 80, min_plies=1)
            depth = rng.randint(*depths)
            for prune in ("star1", "star2"):
                c = expectiminimax(state, depth, coarse, prune=prune, bounds=(-1, 1),
                                   player=who(state), trace=True, win_value=1.5)
                r = ref_em(state, depth, coarse, prune=prune, bounds=(-1, 1),
                           player=who(state), trace=True, win_value=1.5)
                assert [getattr(c, k) for k in COUNTS] == [getattr(r, k) for k in COUNTS]
                assert c.trace == r.trace, (repr(state), depth, prune)
                researches += r.researches
                resumes += sum(e.kind == "resume" for e in r.trace)
    assert researches > 0 and resumes > 0


@pytest.mark.parametrize("search", [expectiminimax, ref_em])
@pytest.mark.parametrize("prune", ["star1", "star2"])
def test_star_pruning_runs_without_an_evaluation_given_bounds_0_0(search, prune):
    # Issue 43: without an evaluation every leaf scores 0, so bounds=(0, 0) are exact; they
    # were refused ("L < U"). Widened to the win scores they prune, and change nothing.
    state = Pig(win_score=10)
    plain = search(state, 4)
    pruned = search(state, 4, prune=prune, bounds=(0, 0))
    assert (pruned.value, pruned.action) == (plain.value, plain.action)
    assert pruned.nodes <= plain.nodes
    with pytest.raises(ValueError, match="L <= U"):
        search(state, 4, prune=prune, bounds=(1, 0))
