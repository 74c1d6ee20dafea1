"""Random positions shared by the tests (seeded, so every run tests the same positions)."""


def random_position(cls, rng, max_plies, min_plies=0):
    """A non-terminal position of game ``cls`` (a class, or any function making the start
    state) after min_plies..max_plies random actions (chance outcomes included)."""
    state = cls()
    for _ in range(rng.randint(min_plies, max_plies)):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            state.undo_action()
            break
    return state
