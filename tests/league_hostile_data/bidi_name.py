"""Own attack: a right-to-left override shows the text reversed."""
NAME = "\u202eretsam\u202c"


def choose(state):
    return state.legal_actions()[0]
