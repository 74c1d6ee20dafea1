"""A student's dice game in one file: a race to square 12 on a die of three faces.

Each turn starts with a roll (a chance node: 1, 2 or 3, a third each); the player then
either moves their own token forward by the roll or pushes the other token back by it (not
below square 0). Whoever reaches square 12 first wins (+1, the other -1). Importing this
file registers it as ``student_dice_race`` (``student-dice-race`` on the command line too).
It says nothing of its chance nodes to ``register``, so the tools find them by looking.
"""
from qsearch.games import register

GOAL = 12
FACES = (1, 2, 3)
FORWARD, PUSH = 0, 1          # the two moves; a roll is the chance action 10 + its face


class DiceRace:
    """The two squares, the player to move and the roll to play (None before it is rolled)."""

    def __init__(self):
        self.squares = [0, 0]
        self.player = 0
        self.roll = None

    def current_player(self) -> int:
        if self.is_terminal():
            return -4
        return -1 if self.roll is None else self.player

    def is_chance_node(self) -> bool:
        return not self.is_terminal() and self.roll is None

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return [(10 + face, 1 / len(FACES)) for face in FACES]

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        if self.roll is None:
            return [10 + face for face in FACES]
        return [FORWARD, PUSH]

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal action {action}")
        if self.roll is None:
            self.roll = action - 10
            return
        if action == FORWARD:
            self.squares[self.player] = min(GOAL, self.squares[self.player] + self.roll)
        else:
            other = 1 - self.player
            self.squares[other] = max(0, self.squares[other] - self.roll)
        self.roll = None
        if not self.is_terminal():
            self.player = 1 - self.player

    def clone(self) -> "DiceRace":
        copy = DiceRace()
        copy.squares, copy.player, copy.roll = list(self.squares), self.player, self.roll
        return copy

    def is_terminal(self) -> bool:
        return GOAL in self.squares

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        return [1.0, -1.0] if self.squares[0] == GOAL else [-1.0, 1.0]

    def position_key(self) -> int:
        roll = 0 if self.roll is None else self.roll
        return ((self.squares[0] * 16 + self.squares[1]) * 2 + self.player) * 4 + roll

    def action_to_string(self, action: int) -> str:
        if action >= 10:
            return f"roll {action - 10}"
        return "forward" if action == FORWARD else "push"

    def __str__(self) -> str:
        roll = "to roll" if self.roll is None else f"rolled {self.roll}"
        return f"squares {self.squares}, player {self.player} {roll}"


register("student_dice_race", DiceRace)
