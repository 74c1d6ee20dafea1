"""Attack (issue 42, also): two students take the same NAME."""
NAME = "ana"


def choose(state):
    return state.legal_actions()[0]
