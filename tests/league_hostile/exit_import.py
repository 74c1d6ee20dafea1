"""Attack: end the process while the file is imported."""
import os

os._exit(0)


def choose(state):
    return state.legal_actions()[0]
