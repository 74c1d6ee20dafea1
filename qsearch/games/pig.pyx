# cython: language_level=3, boundscheck=False, wraparound=False
"""Pig, the dice game, as OpenSpiel's ``pig`` (two players): a small game with chance nodes and
turns that do not alternate, on which MCTS's handling of both is tested.

On your turn you **roll** (action 0) or **stop** (action 1). A roll is a chance node: the die
shows 1..``faces`` with equal probability (outcome ``k`` is face ``k + 1``). Face 1 loses the
points of the turn and passes the turn; any other face adds to the turn total and **the same
player chooses again**. Stopping banks the turn total and passes the turn. The first to bank
``win_score`` wins (+1/-1); a player whose banked score plus turn total reaches ``win_score``
may only stop. After ``horizon`` decisions the game ends in a draw.

Parameters and action numbers are OpenSpiel's (``pig(winscore=..., diceoutcomes=...,
horizon=...)``), and the tests play the two in lockstep. ``unmake`` needs the turn total that
an action erased (a stop banks it, a 1 loses it), so each action saves it on a small stack.
"""
import operator

from qsearch.games._game cimport CHANCE, TERMINAL, Game

ROLL, STOP = 0, 1


cdef class Pig(Game):
    """Pig: ``Pig(win_score=100, faces=6, horizon=1000)``."""

    def __cinit__(self, *args, **kwargs):
        self.scores[0] = 0
        self.scores[1] = 0
        self.turn_total = 0
        self.turn_player = 0
        self.rolling = False
        self.decisions = 0
        self.ply = 0
        self.win_score = 100
        self.faces = 6
        self.horizon = 1000

    def __init__(self, win_score=100, faces=6, horizon=1000):
        for name, value, low, high in (("win_score", win_score, 1, 10_000),
                                       ("faces", faces, 2, 64),
                                       ("horizon", horizon, 1, PIG_MAX_PLIES // 2)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if not low <= value <= high:
                raise ValueError(f"{name} must be in {low}..{high}, not {value}")
        self.win_score = win_score
        self.faces = faces
        self.horizon = horizon

    # ----------------------------------------------------------------- C level
    cdef bint terminal(self) noexcept:
        return (self.decisions >= self.horizon or self.scores[0] >= self.win_score
                or self.scores[1] >= self.win_score)

    cdef int legal_moves(self, int* out) noexcept:
        cdef int i
        if self.terminal():
            return 0
        if self.rolling:
            for i in range(self.faces):
                out[i] = i
            return self.faces
        if self.scores[self.turn_player] + self.turn_total >= self.win_score:
            out[0] = STOP
            return 1
        out[0] = ROLL
        out[1] = STOP
        return 2

    cdef int chance_outcomes_c(self, int* out, double* prob) noexcept:
        cdef int i
        if not self.rolling or self.terminal():
            return 0
        for i in range(self.faces):
            out[i] = i
            prob[i] = 1.0 / self.faces
        return self.faces

    cdef void make(self, int move) noexcept:
        # Save the turn total and whether this is a die outcome: unmake needs both.
        self.saved[self.ply] = 2 * self.turn_total + (1 if self.rolling else 0)
        self.ply += 1
        if self.rolling:
            self.rolling = False
            if move == 0:                       # face 1: the turn's points are lost
                self.turn_total = 0
                self.turn_player = 1 - self.turn_player
            else:
                self.turn_total += move + 1     # same player decides again
        elif move == ROLL:
            self.rolling = True
            self.decisions += 1
        else:
            self.scores[self.turn_player] += self.turn_total
            self.turn_total = 0
            self.turn_player = 1 - self.turn_player
            self.decisions += 1

    cdef void unmake(self, int move) noexcept:
        self.ply -= 1
        cdef int before = self.saved[self.ply] >> 1
        if self.saved[self.ply] & 1:            # a die outcome
            self.rolling = True
            if move == 0:
                self.turn_player = 1 - self.turn_player
            self.turn_total = before
        elif move == ROLL:
            self.rolling = False
            self.decisions -= 1
        else:
            self.turn_player = 1 - self.turn_player
            self.scores[self.turn_player] -= before
            self.turn_total = before
            self.decisions -= 1

    cdef double utility(self, int player) noexcept:
        if self.scores[player] >= self.win_score:
            return 1.0
        if self.scores[1 - player] >= self.win_score:
            return -1.0
        return 0.0

    cdef int to_move(self) noexcept:
        if self.terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.turn_player

    cdef unsigned long long key(self) noexcept:
        return ((<unsigned long long>self.scores[0]) | (<unsigned long long>self.scores[1]) << 16
                | (<unsigned long long>self.turn_total) << 32
                | (<unsigned long long>self.turn_player) << 48
                | (<unsigned long long>self.rolling) << 49
                | (<unsigned long long>self.decisions) << 50)

    cpdef Game clone(self):
        cdef Pig c = Pig.__new__(Pig)
        c.scores = self.scores
        c.turn_total = self.turn_total
        c.turn_player = self.turn_player
        c.rolling = self.rolling
        c.decisions = self.decisions
        c.ply = self.ply
        c.win_score = self.win_score
        c.faces = self.faces
        c.horizon = self.horizon
        c.saved = self.saved
        c._history = list(self._history)
        return c

    # -------------------------------------------------------------- Python API
    def num_distinct_actions(self) -> int:
        """Two decisions (0 roll, 1 stop); die outcomes are 0..faces-1."""
        return 2

    def action_to_string(self, action) -> str:
        """``"roll"``/``"stop"`` at a decision, ``"Roll 3"`` (the face) at a chance node."""
        a = operator.index(action)
        if self.rolling and not self.terminal():
            if not 0 <= a < self.faces:
                raise ValueError(f"die outcomes are 0-{self.faces - 1}, not {a}")
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
            if 1 <= face <= self.faces:
                return face - 1
        raise ValueError(f"{text!r} is not a Pig action: 'roll', 'stop' or 'Roll <face>'")

    def score(self) -> tuple:
        """``(banked score of player 0, of player 1, turn total)``."""
        return (self.scores[0], self.scores[1], self.turn_total)

    def __repr__(self) -> str:
        return (f"Pig(win_score={self.win_score}, faces={self.faces}, horizon={self.horizon})"
                f" after {self._history!r}")

    def __str__(self) -> str:
        # The same text as OpenSpiel's pig state (the lockstep test compares them).
        rolling = " (rolling)" if self.rolling else ""
        return (f"Scores: {self.scores[0]} {self.scores[1]}, Turn total: {self.turn_total}\n"
                f"Current player: {self.turn_player}{rolling}\n")

    def __reduce__(self):
        return (_rebuild_pig, (self.win_score, self.faces, self.horizon, list(self._history)))


def _rebuild_pig(win_score, faces, horizon, actions):
    """A Pig state after ``actions`` (for pickling)."""
    state = Pig(win_score, faces, horizon)
    for a in actions:
        state.apply_action(a)
    return state
