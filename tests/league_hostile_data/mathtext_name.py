"""Attack (issue 42, 6): a NAME matplotlib's mathtext cannot parse: the heatmap failed
and every run of the league exited 2."""
NAME = "$\\notacommand{$"


def choose(state):
    return state.legal_actions()[0]
