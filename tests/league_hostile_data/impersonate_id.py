"""Own attack: a NAME that is another entry's id."""
NAME = "duplicate_a"


def choose(state):
    return state.legal_actions()[0]
