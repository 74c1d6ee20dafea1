"""Exceptions raised by qsearch."""


class IllegalMoveError(ValueError):
    """An action that is not legal in the current state (the state is left unchanged)."""
