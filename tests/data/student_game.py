"""A student's game in one file, as docs/ADDING_A_GAME.md shows: take 1-3 counters from a
pile of 7; whoever takes the last counter wins, scoring the counters left in their own
reserve (so the returns are not +-1: a win is worth ``1 + moves the winner did not use``).
Importing this file registers it as ``take-away`` (``student_take_away``)."""
from qsearch.games import register


class TakeAway:
    """The pile, the player to move and the moves made so far."""

    def __init__(self, pile: int = 7):
        self.pile = pile
        self.player = 0
        self.moves = [0, 0]
        self.winner = None

    def current_player(self) -> int:
        return -4 if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal() else list(range(1, min(3, self.pile) + 1))

    def apply_action(self, action: int) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal move {action}")
        self.pile -= action
        self.moves[self.player] += 1
        if self.pile == 0:
            self.winner = self.player
        self.player = 1 - self.player

    def clone(self) -> "TakeAway":
        copy = TakeAway(self.pile)
        copy.player, copy.moves, copy.winner = self.player, list(self.moves), self.winner
        return copy

    def is_terminal(self) -> bool:
        return self.pile == 0

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        score = float(5 - self.moves[self.winner])
        return [score, -score] if self.winner == 0 else [-score, score]

    def position_key(self) -> int:
        return (self.pile * 2 + self.player) * 64 + self.moves[0] * 8 + self.moves[1]

    def action_to_string(self, action: int) -> str:
        return f"take{action}"

    def __str__(self) -> str:
        return f"pile {'|' * self.pile} ({self.pile}), player {self.player} to move"


register("student_take_away", TakeAway)
