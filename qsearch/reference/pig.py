"""Pig, the dice game, in plain Python: the twin of :class:`qsearch.games.Pig`.

The rules are OpenSpiel's ``pig`` for two players. On your turn you **roll** (action 0) or
**stop** (action 1):

* a roll throws the die, a chance node: it shows 1..``faces`` with equal probability, and
  outcome ``k`` is face ``k + 1``. A 1 loses the points of the turn and passes the turn; any
  other face adds to the turn total, and **the same player chooses again**;
* stopping banks the turn total and passes the turn.

The first to bank ``win_score`` points wins (+1, the other -1). A player whose banked score
plus turn total already reaches ``win_score`` may only stop. After ``horizon`` decisions (rolls
and stops) the game ends in a draw.

The state is the two banked scores, the turn total, whose turn it is, whether the die is in
the air, and how many decisions were made. Taking an action back needs the turn total it
erased (a stop banks it, a 1 loses it), so each action saves the turn total before it on
``_undo``. ``PyPig`` has the compiled engine's Python API, texts, errors and
``position_key`` numbers; the tests play the two side by side.
"""
from __future__ import annotations

import operator

from qsearch.core.constants import CHANCE, TERMINAL
from qsearch.reference._game import PyGame

ROLL, STOP = 0, 1
MAX_HORIZON = 1024        # the compiled engine's undo stack holds 2048 actions, 2 a decision

# (name, lowest, highest) of each rule parameter.
PARAMETERS = (("win_score", 1, 10_000), ("faces", 2, 64), ("horizon", 1, MAX_HORIZON))


class PyPig(PyGame):
    """Pig: ``PyPig(win_score=100, faces=6, horizon=1000)``."""

    def __init__(self, win_score=100, faces=6, horizon=1000) -> None:
        for (name, low, high), value in zip(PARAMETERS, (win_score, faces, horizon), strict=True):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if not low <= value <= high:
                raise ValueError(f"{name} must be in {low}..{high}, not {value}")
        self._win_score, self._faces, self._horizon = win_score, faces, horizon
        self._scores = [0, 0]      # banked points of each player
        self._turn_total = 0       # points of the current turn, not yet banked
        self._turn_player = 0      # whose turn it is
        self._rolling = False      # True at a chance node: the die is in the air
        self._decisions = 0        # rolls and stops so far (OpenSpiel's total_moves)
        self._undo: list[tuple[int, bool]] = []   # (turn total, was a die outcome) per action

    # ------------------------------------------------------------------ the rules
    def _someone_won(self) -> bool:
        return max(self._scores) >= self._win_score

    def _terminal(self) -> bool:
        return self._decisions >= self._horizon or self._someone_won()

    def _legal_moves(self) -> list[int]:
        """The die's outcomes at a chance node; else roll and stop, or only stop once the
        turn would reach the winning score."""
        if self._terminal():
            return []
        if self._rolling:
            return list(range(self._faces))
        if self._scores[self._turn_player] + self._turn_total >= self._win_score:
            return [STOP]
        return [ROLL, STOP]

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        """Every face equally likely."""
        if not self._rolling or self._terminal():
            return []
        return [(k, 1.0 / self._faces) for k in range(self._faces)]

    def _pass_turn(self) -> None:
        self._turn_total = 0
        self._turn_player = 1 - self._turn_player

    def _make(self, move: int) -> None:
        self._undo.append((self._turn_total, self._rolling))
        if self._rolling:                        # the die lands on face move + 1
            self._rolling = False
            if move == 0:                        # a 1: the turn's points are lost
                self._pass_turn()
            else:
                self._turn_total += move + 1     # the same player decides again
        elif move == ROLL:
            self._rolling = True
            self._decisions += 1
        else:                                    # STOP: bank the turn total
            self._scores[self._turn_player] += self._turn_total
            self._pass_turn()
            self._decisions += 1

    def _unmake(self, move: int) -> None:
        turn_total, was_outcome = self._undo.pop()
        if was_outcome:
            self._rolling = True
            if move == 0:                        # the 1 had passed the turn
                self._turn_player = 1 - self._turn_player
        elif move == ROLL:
            self._rolling = False
            self._decisions -= 1
        else:                                    # un-bank the stop
            self._turn_player = 1 - self._turn_player
            self._scores[self._turn_player] -= turn_total
            self._decisions -= 1
        self._turn_total = turn_total

    def _utility(self, player: int) -> float:
        if self._scores[player] >= self._win_score:
            return 1.0
        if self._scores[1 - player] >= self._win_score:
            return -1.0
        return 0.0

    def _to_move(self) -> int:
        if self._terminal():
            return TERMINAL
        return CHANCE if self._rolling else self._turn_player

    def _key(self) -> int:
        """The fields packed as the compiled engine packs them: scores in bits 0-15 and
        16-31, the turn total from bit 32, the turn player at bit 48, rolling at bit 49,
        the decisions from bit 50."""
        return (self._scores[0] | self._scores[1] << 16 | self._turn_total << 32
                | self._turn_player << 48 | int(self._rolling) << 49 | self._decisions << 50)

    def clone(self) -> PyPig:
        """A deep copy of this state, history included."""
        c = PyPig.__new__(PyPig)
        c._win_score, c._faces, c._horizon = self._win_score, self._faces, self._horizon
        c._scores = list(self._scores)
        c._turn_total = self._turn_total
        c._turn_player = self._turn_player
        c._rolling = self._rolling
        c._decisions = self._decisions
        c._undo = list(self._undo)
        c._history = list(self._history)
        return c

    # ------------------------------------------------------------- the Python API
    def num_distinct_actions(self) -> int:
        """Two decisions (0 roll, 1 stop); die outcomes are 0..faces-1."""
        return 2

    def action_to_string(self, action) -> str:
        """``"roll"``/``"stop"`` at a decision, ``"Roll 3"`` (the face) at a chance node."""
        a = operator.index(action)
        if self._rolling and not self._terminal():
            if not 0 <= a < self._faces:
                raise ValueError(f"die outcomes are 0-{self._faces - 1}, not {a}")
            return f"Roll {a + 1}"
        if a not in (ROLL, STOP):
            raise ValueError(f"Pig decisions are 0 (roll) and 1 (stop), not {a}")
        return "roll" if a == ROLL else "stop"

    def string_to_action(self, text) -> int:
        """``"roll"`` -> 0, ``"stop"`` -> 1, ``"Roll 3"`` -> 2."""
        if not isinstance(text, str):
            raise TypeError(f"expected a str such as 'roll', not {type(text).__name__}")
        t = text.strip().lower()
        if t in ("roll", "stop"):
            return ROLL if t == "roll" else STOP
        if t.startswith("roll "):
            try:
                face = int(t[5:])
            except ValueError:
                face = 0
            if 1 <= face <= self._faces:
                return face - 1
        raise ValueError(f"{text!r} is not a Pig action: 'roll', 'stop' or 'Roll <face>'")

    def score(self) -> tuple[int, int, int]:
        """``(banked score of player 0, of player 1, turn total)``."""
        return (self._scores[0], self._scores[1], self._turn_total)

    def __repr__(self) -> str:
        # The compiled engine's text: in pure mode qsearch.games.Pig is this class.
        return (f"Pig(win_score={self._win_score}, faces={self._faces}, "
                f"horizon={self._horizon}) after {self._history!r}")

    def __str__(self) -> str:
        # The same text as OpenSpiel's pig state.
        rolling = " (rolling)" if self._rolling else ""
        return (f"Scores: {self._scores[0]} {self._scores[1]}, Turn total: {self._turn_total}\n"
                f"Current player: {self._turn_player}{rolling}\n")

    def __reduce__(self):
        return (_rebuild_pig, (self._win_score, self._faces, self._horizon,
                               list(self._history)))


def _rebuild_pig(win_score, faces, horizon, actions):
    """A PyPig state after ``actions`` (for pickling)."""
    state = PyPig(win_score, faces, horizon)
    for a in actions:
        state.apply_action(a)
    return state
