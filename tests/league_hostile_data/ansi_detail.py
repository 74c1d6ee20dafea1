"""Attack (issue 42, 1): printed output and an exception message (the record's detail)
with HTML and terminal escapes."""
NAME = "ansi detail"


def choose(state):
    print("\x1b[2J<img src=x onerror=alert(1)>")
    raise RuntimeError("\x1b]0;owned\x07<script>alert(1)</script>\x1b[31m")
