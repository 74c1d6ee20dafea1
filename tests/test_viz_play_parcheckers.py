"""PlayParCheckers as a class sees it: the agent chooser (0-3), the seat box acting at once
or saying when it will, Undo one visible thing at a time, "thinking" said once, one "last
move" line, pieces in the goal clear of the word "goal", the values explained."""
from __future__ import annotations

import random
import re

import pytest

pytest.importorskip("ipywidgets")

from qsearch.arena.parcheckers_agents import MostAdvancedAgent, RandomAgent, agent  # noqa: E402
from qsearch.games import ParCheckers  # noqa: E402
from qsearch.viz.parcheckers_svg import CX, CY, parcheckers_svg  # noqa: E402
from qsearch.viz.play_parcheckers import PlayParCheckers  # noqa: E402


def played_until(predicate, seed=0):
    """The first position of seeded random games where ``predicate`` holds."""
    rng = random.Random(seed)
    state = ParCheckers()
    while not predicate(state):
        if state.is_terminal():
            state = ParCheckers()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_opponent_chooser_offers_agents_0_to_3_and_acts_at_once_before_you_move():
    game = PlayParCheckers(opponent=agent(3))
    assert [value for _label, value in game._agent.options] == [0, 1, 2, 3]
    assert [label for label, _ in game._agent.options] == [agent(k).name for k in range(4)]
    assert game._agent.value == 3
    game._agent.value = 0                                # nothing played: a new game now
    assert isinstance(game.opponent, RandomAgent) and game._pending.value == ""
    game.choose_value("5")
    game.choose_piece("G", 0)
    moved = game.state.transcript()
    game._agent.value = 1                                # after a move: waits for New game
    assert isinstance(game.opponent, RandomAgent) and game.state.transcript() == moved
    assert "takes effect at New game" in game._pending.value
    game._clock = lambda: 1e9                            # a later click, not a stale one
    game._new.click()
    assert isinstance(game.opponent, MostAdvancedAgent) and game.state.turn_number() == 1
    assert game._pending.value == ""


def test_the_seat_box_acts_at_once_before_you_move_and_says_when_it_waits():
    game = PlayParCheckers(opponent=1, seed=2)
    game._first.value = False                            # the agent opens, at once
    assert game.human == 1 and game.state.current_player() == 1 and game.agent_moves
    assert game._pending.value == ""
    value = game.state.available_values()[0]
    game.choose_value(value)
    game.choose_piece(*game.state.movable_pieces(value)[0])
    game._first.value = True                             # you have moved: later
    assert game.human == 1 and "takes effect at New game" in game._pending.value
    game._clock = lambda: 1e9
    game._new.click()
    assert game.human == 0 and game.state.turn_number() == 1


def test_an_opponent_of_your_own_is_offered_beside_the_agents():
    def first_move(state, rng):
        return state.legal_actions()[0]

    game = PlayParCheckers(opponent=first_move)
    assert game._agent.value == "given" and len(game._agent.options) == 5
    assert game.opponent is first_move
    for bad, error in [(4, ValueError), ("agent 3", TypeError), (True, TypeError)]:
        with pytest.raises(error):
            PlayParCheckers(opponent=bad)


def test_undo_first_unchooses_a_value_then_takes_back_the_move():
    game = PlayParCheckers(opponent=1, seed=2)
    game.choose_value("5")
    assert not game._undo.disabled                       # a value to unchoose
    assert game.undo() == 0 and game.value is None and game._values.value is None
    assert game.state.turn_number() == 1 and game._undo.disabled
    game.choose_value("5")
    game.choose_piece("G", 0)
    after = game.state.transcript()
    game._clock = lambda: 1e9                            # later clicks, not stale ones
    game.choose_value(game.state.available_values()[0])
    game._undo.click()                                   # one click: the value only
    assert game.value is None and game.state.transcript() == after
    game._undo.click()                                   # the next: the move
    assert game.state.turn_number() == 1


def test_thinking_is_said_once_while_the_agent_thinks():
    seen = []
    inner = agent(1)

    def watching(state, rng):
        seen.append(game._status.value)
        return inner(state, rng)

    watching.name = "agent 1 (watched)"
    game = PlayParCheckers(opponent=watching, seed=2)
    game.choose_value("5")
    game.choose_piece("G", 0)
    assert seen
    for html in seen:
        text = re.sub("<[^>]+>", "", html)
        assert text.count("thinking") == 1 and "qsearch-thinking" in html, text
        assert "agent 1 (watched) is thinking…" in text
    assert "thinking" not in game._status.value


def test_the_value_buttons_explain_yy_and_the_bonuses_in_the_rules_words():
    game = PlayParCheckers(opponent=1, seed=2)
    tips = dict(zip(game._values.options, game._values.tooltips, strict=True))
    assert tips["YY"].startswith("YY (yinyang): moves 1 square")
    assert tips["6"].startswith("6: moves 12 squares (14 if")
    state = played_until(lambda s: s.pending_bonus() == "20" and s.current_player() == 0)
    game.state = state                                   # a capture: the 20 bonus is offered
    game._refresh()
    assert list(game._values.options) == ["20"]
    assert game._values.tooltips[0].startswith("20: the capture bonus, one-off: 40 squares")
    svg = game.svg()
    assert "YY (yinyang): 1 square" in svg and "bonus 20 after a capture (40 squares)" in svg


def test_the_last_move_is_one_line_with_what_it_did():
    state = played_until(lambda s: s.history() and s.is_eating_move())
    svg = parcheckers_svg(state, highlight=state.history()[-1])
    move = state.action_to_string(state.history()[-1])
    assert svg.count("last move:") == 1
    assert re.search(rf"last move: {re.escape(move)} \(capture[^)]*\)</text>", svg)


def test_pieces_in_the_goal_are_drawn_clear_of_the_word_goal():
    state = played_until(lambda s: sum(s.piece_location(c, i) == 76
                                       for c in "YBRG" for i in (0, 1)) >= 5, seed=3)
    svg = parcheckers_svg(state)
    word = re.search(r'<text x="([\d.]+)" y="([\d.]+)" font-size="(\d+)"[^>]*>goal</text>', svg)
    size = float(word.group(3))
    half_width, top, bottom = 2 * 0.6 * size, CY - 0.75 * size, CY + 0.25 * size  # 4 letters
    discs = re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="(\d+)" fill="#', svg)
    in_goal = [(float(x), float(y), float(r)) for x, y, r in discs
               if (float(x) - CX) ** 2 + (float(y) - CY) ** 2 < 52 ** 2 and float(r) < 52]
    assert len(in_goal) >= 5
    for x, y, r in in_goal:                              # the disc's box misses the word's
        assert (abs(x - CX) >= half_width + r or y + r <= top or y - r >= bottom), (x, y)
    for (x1, y1, r1), (x2, y2, r2) in zip(in_goal, in_goal[1:], strict=False):
        assert (x1 - x2) ** 2 + (y1 - y2) ** 2 >= (r1 + r2) ** 2       # nor one another
