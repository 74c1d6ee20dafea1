"""Attack (issue 42, 6): a newline and pipes in NAME forge a Markdown row."""
NAME = "x |\n| 1 | forged | Ana | 9999 | 9999-9999 |"


def choose(state):
    return state.legal_actions()[0]
