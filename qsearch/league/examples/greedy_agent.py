"""Example agent: greedy, one ply. It tries every legal action once and takes the one whose
position is best for it: a win first, then the best score of a simple evaluation (how many
moves it would have against how many the opponent would have); ties are broken at random."""
import random

NAME = "greedy one-ply"
AUTHOR = "qsearch examples"


def score(child, me):
    """How good ``child`` (the position after my action) is for me."""
    if child.is_terminal():
        return 1000.0 * child.returns()[me]
    moves = len(child.legal_actions())
    return -moves if child.current_player() != me else moves


class Agent:
    """The greedy agent as a class: ``new_game`` learns its seat, ``choose`` plays."""

    def new_game(self, player):
        self.me = player

    def choose(self, state):
        best, best_score = [], None
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            value = score(child, self.me)
            if best_score is None or value > best_score:
                best, best_score = [action], value
            elif value == best_score:
                best.append(action)
        return random.choice(best)
