"""Attack (issue 42, 6): terminal escapes clear the screen and draw a fake leaderboard."""
NAME = "\x1b[2J\x1b[H| 1 | fake leader | 3000 |\x1b[8m"


def choose(state):
    return state.legal_actions()[0]
