"""Example agent: a legal action drawn at random (from the game's seed, so replayable)."""
import random

NAME = "random"
AUTHOR = "qsearch examples"


def choose(state):
    """Any legal action, uniformly."""
    return random.choice(state.legal_actions())
