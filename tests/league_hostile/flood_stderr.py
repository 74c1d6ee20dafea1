"""Attack: flood standard error."""
import sys


def choose(state):
    while True:
        sys.stderr.write("y" * 10_000 + "\n")
