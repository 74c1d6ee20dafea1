"""The second standard-Quarto engine, which re-solves the standard proof's leaves.

Oracles: qsearch's generic alpha-beta core to the end of the game (no Quarto-specific code) on
positions late in the game, the Quarto solver's weak values earlier (its own code), a
brute-force negamax over the legal actions (tiny positions), and the readable twin (same values
and node counts). The table is also kept across a whole game, as a checker re-solving many
leaves with one engine would.
"""
import random
from functools import reduce
from operator import and_

import pytest

from qsearch.games import Connect4, OwnPieceQuarto, Quarto
from qsearch.reference.quarto_verifier import (
    COMPLETES,
    LINES,
    ReferenceVerifier,
    position_of,
)
from qsearch.search import alphabeta
from qsearch.search.quarto_solver import QuartoSolver
from qsearch.search.quarto_verifier import QuartoVerifier

pytestmark = pytest.mark.compiled_speed


def random_position(placed, rng, give=False):
    """A non-terminal standard Quarto position with ``placed`` pieces, a piece in hand (or,
    with ``give``, waiting for a gift)."""
    while True:
        g = Quarto()
        while g.num_placed() < placed and not g.is_terminal():
            g.apply_action(rng.choice(g.legal_actions()))
        if not give and g.piece_in_hand() is None and not g.is_terminal():
            g.apply_action(rng.choice(g.legal_actions()))
        if not g.is_terminal():
            return g


def sign(v) -> int:
    return (v > 0) - (v < 0)


def test_the_line_tables_follow_the_rules():
    """Each line is four squares; a piece completes a line of three exactly when it shares an
    attribute with all three (checked for every triple of pieces)."""
    assert sorted(map(len, LINES)) == [4] * 10 and len({tuple(sorted(x)) for x in LINES}) == 10
    for a in range(16):
        for b in range(16):
            for c in range(16):
                have, lack = a & b & c, ~a & ~b & ~c & 15
                for q in range(16):
                    shared = any(len({x >> k & 1 for x in (a, b, c, q)}) == 1 for k in range(4))
                    assert bool(COMPLETES[have][lack] >> q & 1) == shared


def test_it_agrees_with_plain_alphabeta_late_in_the_game():
    rng = random.Random(3)
    seen = set()
    for placed in (8, 9, 10, 11, 12, 13):
        for give in (False, True, True):
            g = random_position(placed, rng, give)
            v = QuartoVerifier(16).solve(g)
            assert v.score == sign(alphabeta(g, 32, tt=18).value)
            seen.add(v.score)
    assert seen == {-1, 0, 1}       # wins, draws and losses all met


def test_it_agrees_with_brute_force_near_the_end():
    rng = random.Random(4)
    for placed in (12, 13, 14):
        for give in (False, True):
            for _ in range(4):
                g = random_position(placed, rng, give)
                assert QuartoVerifier(10).solve(g).score == _negamax(g)


def _negamax(state) -> int:
    """Plain negamax over the legal actions (a gift and a placement are separate turns)."""
    if state.is_terminal():
        return sign(state.returns()[state.current_player()])
    me = state.current_player()
    values = []
    for a in state.legal_actions():
        child = state.child(a)
        if child.is_terminal():
            values.append(sign(child.returns()[me]))
        elif child.current_player() == me:
            values.append(_negamax(child))
        else:
            values.append(-_negamax(child))
    return max(values)


@pytest.mark.slow
def test_it_agrees_with_the_solver_earlier_in_the_game():
    rng = random.Random(5)
    solver = QuartoSolver(20)
    for placed in (5, 6, 7):
        for give in (False, True):
            for _ in range(2):
                g = random_position(placed, rng, give)
                solver.reset()
                assert QuartoVerifier(20).solve(g).score == solver.solve(g, weak=True).score


@pytest.mark.parametrize("table, order_until", [(True, 8), (True, -1), (True, 16), (False, 8)])
def test_the_twin_gives_the_same_values_and_node_counts(table, order_until):
    rng = random.Random(6)
    for placed in (7, 8, 9, 10, 11):
        for give in (False, True):
            g = random_position(placed, rng, give)
            fast = QuartoVerifier(16, table=table, order_until=order_until).solve(g)
            twin = ReferenceVerifier(16, table=table, order_until=order_until)
            assert (twin.value(g), twin.nodes) == (fast.score, fast.nodes)


def test_a_table_kept_across_a_game_gives_the_values_a_fresh_one_gives():
    rng = random.Random(8)
    kept, twin = QuartoVerifier(14), ReferenceVerifier(14)
    for _game in range(3):
        g = random_position(8, rng)
        while not g.is_terminal():
            a, b = kept.solve(g), twin.value(g)
            assert a.score == b == QuartoVerifier(16).solve(g).score
            assert a.nodes == twin.nodes           # the twin's table evolves alike
            g.apply_action(rng.choice(g.legal_actions()))


def test_a_stopped_search_says_so_and_leaves_the_table_sound():
    g = random_position(4, random.Random(9))
    v = QuartoVerifier(18)
    stopped = v.solve(g, max_nodes=5000)
    assert stopped.score is None and stopped.nodes == 8192     # read every 4096 nodes
    assert v.solve(g).score == QuartoSolver(20).solve(g, weak=True).score


def test_the_state_is_not_modified_and_positions_are_read_by_the_rules():
    g = random_position(6, random.Random(10))
    before = g.history()
    QuartoVerifier(12).solve(g)
    assert g.history() == before
    pos, hand = position_of(g)
    assert hand == g.piece_in_hand() and pos.placed == g.num_placed()
    pieces = g.board_pieces()
    assert pos.empty == sum(1 << s for s in range(16) if pieces[s] < 0)
    for line, squares in enumerate(LINES):        # each line's summary, recomputed
        here = [pieces[s] for s in squares if pieces[s] >= 0]
        assert pos.count[line] == len(here)
        assert pos.have[line] == reduce(and_, here, 15)
        assert pos.lack[line] == reduce(and_, [~p & 15 for p in here], 15)


def test_bad_input_is_refused_by_name():
    v = QuartoVerifier(10)
    with pytest.raises(TypeError, match="standard Quarto"):
        v.solve(OwnPieceQuarto())
    with pytest.raises(TypeError, match="standard Quarto"):
        v.solve(Connect4())
    done = Quarto.from_actions([16, 0, 17, 1, 18, 2, 19, 3])     # four pieces sharing "0"
    assert done.is_terminal()
    with pytest.raises(ValueError, match="already over"):
        v.solve(done)
    with pytest.raises(ValueError, match="table_bits"):
        QuartoVerifier(7)
    with pytest.raises(ValueError, match="order_until"):
        QuartoVerifier(12, order_until=17)
    with pytest.raises(ValueError, match="max_nodes"):
        v.solve(Quarto(), max_nodes=-1)
