"""Attack: an AUTHOR that is a script tag and a quote that closes an attribute."""
AUTHOR = '"><script>alert(document.cookie)</script>'


def choose(state):
    return state.legal_actions()[0]
