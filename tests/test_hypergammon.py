"""Hypergammon against OpenSpiel's ``backgammon(hyper_backgammon=true)``, played in lockstep.

At every decision node the set of positions our actions reach must equal the set of
distinct positions OpenSpiel's legal actions reach (we keep one action per position: the
smallest OpenSpiel number), terminal states must agree, and make/unmake must restore the
state and its key. OpenSpiel 2.0.2 reports returns [0, 0] for every hypergammon game (its
``Returns()`` looks for 15 checkers borne off), so the returns are checked against the
winner read from OpenSpiel's board.
"""
import pickle
import random

import pytest

from qsearch import IllegalMoveError
from qsearch.games.hypergammon import CHANCE_BASE, PASS_ACTION, Hypergammon

GAMES = 500
HYPER = "backgammon(hyper_backgammon=true)"


def openspiel_position(state) -> tuple:
    """OpenSpiel's board read from its observation tensor (Tesauro's encoding).

    Per point and player 4 numbers: 1 checker, 2, 3, and checkers beyond 3; then bar,
    borne off and "to move" for player 0 and for player 1, then the dice.
    """
    t = state.observation_tensor(0)
    counts = []
    for k in range(48):
        v = t[4 * k:4 * k + 4]
        counts.append(int(v[0] + 2 * v[1] + 3 * v[2] + v[3]))
    return tuple(counts) + (int(t[192]), int(t[193]), int(t[195]), int(t[196]))


def our_position(state) -> tuple:
    """Our board in the same layout as :func:`openspiel_position`."""
    a, b = state.points(0), state.points(1)
    return a[:24] + b[:24] + (a[24], a[25], b[24], b[25])


def to_our_outcome(state, outcome: int) -> int:
    """OpenSpiel's chance outcome -> ours (a non-double counts once, lower die first)."""
    if state.turns_played() >= 0 and outcome < 30 and outcome % 2 == 1:
        outcome -= 1
    return CHANCE_BASE + outcome


def play_lockstep(rng: random.Random) -> tuple[int, int]:
    """One random game on both engines; returns (decision nodes, nodes with merged plays)."""
    pyspiel = pytest.importorskip("pyspiel")
    theirs = pyspiel.load_game(HYPER).new_initial_state()
    ours = Hypergammon()
    decisions = merged = 0
    while not theirs.is_terminal():
        where = f"after {ours.history()}\n{ours}\n{theirs}"
        assert not ours.is_terminal(), where
        assert our_position(ours) == openspiel_position(theirs), where
        assert ours.current_player() == theirs.current_player(), where
        if theirs.is_chance_node():
            outcome = rng.choice([o for o, _ in theirs.chance_outcomes()])
            ours.apply_action(to_our_outcome(ours, outcome))
            theirs.apply_action(outcome)
            continue
        reached = {}
        for a in theirs.legal_actions():
            child = theirs.child(a)
            reached.setdefault((openspiel_position(child), child.current_player()), a)
        ours_reach = {}
        key = ours.position_key()
        for a in ours.legal_actions():
            ours.apply_action(a)
            ours_reach[(our_position(ours), ours.current_player())] = a
            ours.undo_action()
            assert ours.position_key() == key, where
        assert len(ours_reach) == len(ours.legal_actions()), "two actions reach one position"
        assert set(ours_reach) == set(reached), where
        assert all(ours_reach[k] == reached[k] for k in reached), "not OpenSpiel's smallest"
        decisions += 1
        merged += len(theirs.legal_actions()) > len(reached)
        a = rng.choice(theirs.legal_actions())
        child = theirs.child(a)
        ours.apply_action(ours_reach[(openspiel_position(child), child.current_player())])
        theirs = child
    assert ours.is_terminal()
    assert our_position(ours) == openspiel_position(theirs)
    board = openspiel_position(theirs)
    winner = 0 if board[49] == 3 else (1 if board[51] == 3 else None)
    expected = [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]
    assert ours.returns() == expected
    assert ours.winner() == winner
    return decisions, merged


@pytest.mark.parametrize("games", [pytest.param(GAMES, marks=pytest.mark.slow), 40])
def test_random_games_agree_with_openspiel(games):
    rng = random.Random(2025)
    decisions = merged = 0
    for _ in range(games):
        d, m = play_lockstep(rng)
        decisions += d
        merged += m
    assert decisions > 10 * games
    assert merged > 0                # OpenSpiel lists some positions twice; we do not


def test_start_and_opening_roll():
    s = Hypergammon()
    assert s.is_chance_node() and s.current_player() == -1
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 30 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert s.checkers(0) == s.checkers(1) == [24, 23, 22]
    s.apply_action(s.string_to_action("1-2 o"))
    assert s.current_player() == 1 and s.dice_roll() == (1, 2)


def test_21_distinct_rolls_after_the_opening():
    s = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 21
    probs = sorted(p for _, p in outcomes)
    assert probs == pytest.approx([1 / 36] * 6 + [2 / 36] * 15)
    assert sum(probs) == pytest.approx(1.0)


def test_notation_round_trips():
    rng = random.Random(7)
    s = Hypergammon()
    seen = set()
    while not s.is_terminal() and len(s.history()) < 200:
        for a in s.legal_actions():
            text = s.action_to_string(a)
            assert s.string_to_action(text) == a, (text, str(s))
            seen.add(text)
        s.apply_action(rng.choice(s.legal_actions()))
    assert any("/off" in t for t in seen) or any("bar/" in t for t in seen)


def test_notation_examples():
    s = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(4, 5))
    assert s.action_to_string(s.string_to_action("24/20 23/18")) == "24/20 23/18"
    assert s.string_to_action("24/19/15") == s.string_to_action("24/19 19/15")
    assert s.string_to_action("24/15") == s.string_to_action("24/19/15")     # one checker
    ambiguous = Hypergammon.from_points([24, 23, 14], [13, 12, 7], to_move=0, dice=(2, 6))
    texts = [ambiguous.action_to_string(a) for a in ambiguous.legal_actions()]
    assert "14/12*/6" in texts and "14/8/6" in texts  # 14/6 hits on the way, or not
    with pytest.raises(ValueError, match="ambiguous"):
        ambiguous.string_to_action("14/6")
    hit = Hypergammon.from_points(["bar", 13, 8], [20, 19, 18], to_move=0, dice=(3, 5))
    texts = [hit.action_to_string(a) for a in hit.legal_actions()]
    assert "bar/22 13/8" in texts and all(t.startswith("bar/") for t in texts)
    home = Hypergammon.from_points([6, 2, 1], [13, 13, 12], to_move=0, dice=(6, 1))
    assert "6/off 1/off" in [home.action_to_string(a) for a in home.legal_actions()]


def test_blocked_player_passes():
    # x on the bar, o holds x's entry points 24-19... with only 3 checkers it can hold one
    # point: x enters unless both dice point at it.
    s = Hypergammon.from_points(["bar", "bar", "bar"], [1, 1, 6], to_move=0, dice=(1, 1))
    assert s.legal_actions() == [PASS_ACTION]
    assert s.action_to_string(PASS_ACTION) == "pass"
    s.apply_action(PASS_ACTION)
    assert s.is_chance_node() and s.checkers(0) == [25, 25, 25]


def test_double_is_two_actions_of_the_same_player():
    s = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(3, 3))
    s.apply_action(s.legal_actions()[0])
    assert s.current_player() == 0 and s.is_second_half_of_double()
    s.apply_action(s.legal_actions()[0])
    assert s.is_chance_node() and s.turns_played() == 1


def test_must_play_the_larger_die():
    # x's last checker on its 2 point, o blocks nothing: 6-1 ... only one die can be played
    # when the checker bears off with the 6: bearing off ends the sequence.
    s = Hypergammon.from_points([2, "off", "off"], [13, 13, 12], to_move=0, dice=(6, 1))
    plays = [s.action_to_string(a) for a in s.legal_actions()]
    assert plays == ["2/1/off"] or "2/off" in plays
    s.apply_action(s.legal_actions()[0])
    assert s.is_terminal() and s.returns() == [1.0, -1.0]


def test_make_unmake_restores_state_and_key():
    rng = random.Random(3)
    for _ in range(30):
        s = Hypergammon()
        while not s.is_terminal():
            before = (s.position_key(), our_position(s), s.current_player(), s.dice_roll())
            for a in s.legal_actions():
                s.apply_action(a)
                s.undo_action()
                assert (s.position_key(), our_position(s), s.current_player(),
                        s.dice_roll()) == before
            s.apply_action(rng.choice(s.legal_actions()))


def test_clone_and_pickle():
    s = Hypergammon.from_points([13, 8, 6], [20, 18, 3], to_move=1, dice=(2, 6))
    assert pickle.loads(pickle.dumps(s)) == s
    c = s.clone()
    c.apply_action(c.legal_actions()[0])
    assert c != s and s.dice_roll() == (2, 6)
    assert eval(repr(s), {"Hypergammon": Hypergammon}) == s


def test_text_and_svg():
    s = Hypergammon.from_points([13, 8, 6], [20, 18, 3], to_move=1, dice=(2, 6))
    assert "o to play 2-6" in str(s)
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="checker p0"') == 3


# ------------------------------------------------------------------------- bad input
def test_chance_action_at_a_decision_node_and_the_reverse():
    s = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(4, 5))
    key = s.position_key()
    with pytest.raises(IllegalMoveError, match="chance outcome"):
        s.apply_action(CHANCE_BASE + 3)
    c = Hypergammon()
    with pytest.raises(IllegalMoveError, match="chance node"):
        c.apply_action(s.legal_actions()[0])
    assert s.position_key() == key and c.is_chance_node()


def test_illegal_and_malformed_plays():
    s = Hypergammon.from_points([24, 23, 22], [24, 23, 22], to_move=0, dice=(4, 5))
    key = s.position_key()
    with pytest.raises(IllegalMoveError, match="legal plays"):
        s.string_to_action("24/18 23/19")
    with pytest.raises(ValueError, match="notation"):
        s.string_to_action("24-20")
    with pytest.raises(TypeError):
        s.string_to_action(42)
    with pytest.raises(TypeError):
        s.apply_action("24/20 23/18")
    with pytest.raises(IllegalMoveError):
        s.apply_action(5)
    with pytest.raises(ValueError, match="roll"):
        Hypergammon().string_to_action("7-1")
    assert s.position_key() == key


def test_bad_positions():
    with pytest.raises(ValueError, match="3 checkers"):
        Hypergammon.from_points([24, 23], [24, 23, 22])
    with pytest.raises(ValueError, match="both have"):
        Hypergammon.from_points([24, 23, 22], [1, 5, 6])
    with pytest.raises(ValueError, match="dice"):
        Hypergammon.from_points([24, 23, 22], [24, 23, 22], dice=(0, 7))
    with pytest.raises(ValueError, match="point"):
        Hypergammon.from_points([24, 23, 26], [24, 23, 22])
    with pytest.raises(ValueError, match="max_turns"):
        Hypergammon(max_turns=0)


def test_the_board_text_speaks_the_language_in_use():
    """Issue 45: es/05 prints the board in Spanish; the English text is what it always was,
    and the compiled game and its twin write the same text in both languages."""
    import qsearch
    from qsearch.reference.hypergammon import PyHypergammon
    points = ([20, 20, 9], [14, 6, 6])
    fast = Hypergammon.from_points(*points, to_move=0, dice=(4, 5))
    pure = PyHypergammon.from_points(*points, to_move=0, dice=(4, 5))
    english = str(fast)
    assert english.splitlines()[0] == "x's points: 12 11 10  9  8  7  6  5  4  3  2  1"
    assert english.splitlines()[4:] == ["bar: x0 o0   off: x0 o0   pips: x49 o26", "x to play 4-5"]
    try:
        qsearch.set_language("es")
        spanish, twin, opening = str(fast), str(pure), str(Hypergammon())
    finally:
        qsearch.set_language(None)
    assert spanish == twin
    assert spanish.splitlines()[0] == "puntos de x: 12 11 10  9  8  7  6  5  4  3  2  1"
    assert spanish.splitlines()[1].startswith(" " * 13 + " . o1")      # the cells stay aligned
    assert spanish.splitlines()[4:] == ["barra: x0 o0   fuera: x0 o0   pasos: x49 o26",
                                        "juega x con 4-5"]
    assert opening.splitlines()[-1] == "tira: la tirada de apertura"
