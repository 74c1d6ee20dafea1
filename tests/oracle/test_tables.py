"""Transposition tables kept between searches: along a game's moves, across root players.

The contract (README, DESIGN "The search contract"): a table shared between searches always
yields a move, keeps win scores relative to the node and reuses a heuristic's values only for
searches from the same root player, so with the same horizon (each search of a game one ply
deeper in the game and one ply shallower) a shared table changes no value. One table is
kept along a line of a game (the players alternate as roots) and, in the other direction,
from the deepest position back to the first (the table then holds the other root player's
entries before each search); every answer must be the oracle's.
"""
import random

from hypothesis import given
from hypothesis import strategies as st

from . import cases
from .check import run_table_line
from .settings import deterministic
from .strategies import SEEDS, evaluations, win_options

FLAGS = [{}, {"fail_hard": True}, {"strict": True}, {"fail_hard": True, "strict": True}]
# No TakeAway: its positions recur at different plies, where a kept table may give a deeper
# value than the oracle's (check.REVISITS_ACROSS_PLIES).
GAMES = {"tictactoe": 5, "connect4": 5, "reversi": 4, "quarto_own": 3, "parcheckers": 3}


def line(name, seed, depth):
    """Positions along a seeded random game, each with the depth that keeps the horizon."""
    rng = random.Random(seed)
    state = cases.position(name, seed)
    out = []
    for i in range(depth):
        if state.is_terminal():
            break
        out.append((state, depth - i))
        state = state.clone()
        state.apply_action(rng.choice(state.legal_actions()))
    return out


@st.composite
def lines(draw):
    name = draw(st.sampled_from(sorted(GAMES)))
    seed = draw(SEEDS)
    depth = draw(st.integers(2, GAMES[name]))
    evaluate = draw(evaluations())
    win_value, decay = draw(win_options(evaluate))
    backwards = draw(st.booleans())
    positions = line(name, seed, depth)
    if backwards:
        positions = positions[::-1]
    return positions, evaluate, win_value, decay, (
        f"line({name!r}, {seed}, {depth}){'[::-1]' if backwards else ''}")


@deterministic(40)
@given(lines())
def test_one_table_along_a_game_and_across_root_players(drawn):
    positions, evaluate, win_value, decay, label = drawn
    run_table_line(positions, evaluate, win_value=win_value, win_decay=decay, label=label,
                   algos=("alphabeta",), flags=FLAGS)
    run_table_line(positions, evaluate, win_value=win_value, win_decay=decay, label=label,
                   algos=("pvs",), flags=[{}, {"null_window": 0.001}])
