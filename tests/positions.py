"""Random positions shared by the tests (seeded, so every run tests the same positions)."""


def random_position(cls, rng, max_plies):
    """A non-terminal position of game ``cls`` after 0..max_plies random moves."""
    state = cls()
    for _ in range(rng.randint(0, max_plies)):
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            state.undo_action()
            break
    return state
