"""Attack: take all the memory."""


def choose(state):
    hog = [bytearray(2**30) for _ in range(64)]
    return len(hog)
