"""Attack: write a line of garbage to every descriptor it inherited (the protocol's too)."""
import os


def choose(state):
    for fd in range(1024):
        try:
            os.write(fd, b"garbage that is not JSON\n")
        except OSError:
            pass
    return state.legal_actions()[0]
