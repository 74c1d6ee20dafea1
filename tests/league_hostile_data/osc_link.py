"""Own attack: an OSC 8 terminal hyperlink and a window title in NAME."""
NAME = "\x1b]8;;http://evil.example\x07click\x1b]8;;\x07\x1b]0;owned\x07"


def choose(state):
    return state.legal_actions()[0]
