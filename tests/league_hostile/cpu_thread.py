"""Attack: a thread that spins between moves, taking the CPU while the other agent thinks."""
import threading

spins = [0]


def spin():
    while True:
        spins[0] += 1


def new_game(player):
    threading.Thread(target=spin, daemon=True).start()


def choose(state):
    return state.legal_actions()[0]
