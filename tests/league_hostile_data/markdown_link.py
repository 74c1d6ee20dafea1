"""Own attack: a Markdown link, emphasis, a code span and math in NAME and AUTHOR."""
NAME = "[winner](javascript:alert(1)) ![x](http://evil.example/x.png)"
AUTHOR = "**bold** `code` ~~gone~~ $x^2$"


def choose(state):
    return state.legal_actions()[0]
