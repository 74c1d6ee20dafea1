"""Attack: flood standard output."""


def choose(state):
    while True:
        print("x" * 10_000)
