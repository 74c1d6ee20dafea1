"""Readable twin of :mod:`qsearch.heuristics.hypergammon`: document 002's evaluation (Ex. 2.14).

For player ``p``: the opponent's pips to go minus ``p``'s, plus 2 per checker of ``p``
past every opposing checker (borne off included, on the bar never), plus 1 per point ``p``
has made. Only ``p``'s own bonuses count, as the document says.
"""
from __future__ import annotations

BOUNDS = (-75.0, 82.0)


def pips(state, player: int) -> int:
    """Pips ``player`` still has to move: its own point number per checker, 25 on the bar."""
    return sum(state.checkers(player))


def passed_checkers(state, player: int) -> int:
    """Checkers of ``player`` no opposing checker can reach any more (borne off included).

    In the player's own numbering the opponent's checker on its point ``k`` sits on our
    point ``r = 25 - k`` (0 on the bar) and moves towards our high points: it can still hit
    our checker on ``j`` if ``r < j``. So ``j`` is passed when ``j`` is below every ``r``.
    """
    theirs = [25 - k for k in state.checkers(1 - player) if k != 0]
    front = min(theirs, default=26)
    return sum(1 for j in state.checkers(player) if j == 0 or (j != 25 and j < front))


def made_points(state, player: int) -> int:
    """Points with two or more of ``player``'s checkers."""
    mine = [k for k in state.checkers(player) if 1 <= k <= 24]
    return sum(1 for k in set(mine) if mine.count(k) >= 2)


def pip_race(state, player: int) -> float:
    """Document 002's evaluation of ``state`` for ``player``."""
    return float(pips(state, 1 - player) - pips(state, player)
                 + 2 * passed_checkers(state, player) + made_points(state, player))


pip_race.bounds = BOUNDS
