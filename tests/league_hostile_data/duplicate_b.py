"""Own attack: the same NAME with a zero-width space and other case."""
NAME = "An\u200ba"


def choose(state):
    return state.legal_actions()[0]
