"""Attack: an import that never ends."""
import time

time.sleep(600)


def choose(state):
    return state.legal_actions()[0]
