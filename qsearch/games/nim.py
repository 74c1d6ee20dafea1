"""Nim in plain Python: the kind of game a class writes, and qsearch's example of one.

:class:`Nim` is written the way a student would write it, with OpenSpiel's method names and
nothing else (no compiled code, no base class): every search, widget and the arena accept it
through :mod:`qsearch.games.protocol`. :class:`ExtraTurnNim` is the same game except that
emptying a heap earns another move, so its turns do not alternate.

Actions: ``heap * 100 + stones`` (take ``stones`` from heap ``heap``), written ``"2:3"``.
Normal play: whoever takes the last stone wins. The board (``str``) is written in the language
in use (:mod:`qsearch.i18n`); the actions and their names are the same in every language.
"""
from __future__ import annotations

from qsearch.i18n import _


class Nim:
    """Heaps of stones; a move takes one or more stones from one heap; taking the last wins."""

    def __init__(self, heaps=(1, 3, 5)):
        heaps = tuple(heaps)
        if not heaps or any(not isinstance(h, int) or isinstance(h, bool) or not 0 <= h < 100
                            for h in heaps):
            raise ValueError(f"heaps must be whole numbers from 0 to 99, not {heaps!r}")
        self.heaps = list(heaps)
        self.player = 0
        self.winner = None
        self.moves = []          # (action, player before it), for undo_action

    def current_player(self) -> int:
        return -4 if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        if self.is_terminal():
            return []
        return [h * 100 + k for h, size in enumerate(self.heaps) for k in range(1, size + 1)]

    def apply_action(self, action) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not a legal action here")
        heap, stones = divmod(action, 100)
        self.moves.append((action, self.player))
        self.heaps[heap] -= stones
        if not any(self.heaps):
            self.winner = self.player
        else:
            self.player = self.next_player(heap)

    def next_player(self, heap: int) -> int:
        """Who moves after a move on ``heap``: the other player."""
        return 1 - self.player

    def undo_action(self) -> int:
        action, player = self.moves.pop()
        heap, stones = divmod(action, 100)
        self.heaps[heap] += stones
        self.player, self.winner = player, None
        return action

    def clone(self):
        copy = type(self).__new__(type(self))
        copy.heaps, copy.player, copy.winner = list(self.heaps), self.player, self.winner
        copy.moves = list(self.moves)
        return copy

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == 0 else [-1.0, 1.0]

    def action_to_string(self, action) -> str:
        heap, stones = divmod(action, 100)
        return f"{heap}:{stones}"

    def string_to_action(self, text: str) -> int:
        heap, sep, stones = str(text).partition(":")
        if not sep or not heap.strip().isdigit() or not stones.strip().isdigit():
            raise ValueError(f"malformed Nim move {text!r}: expected heap:stones, e.g. 2:3")
        return int(heap) * 100 + int(stones)

    def __str__(self) -> str:
        rows = [_("heap {heap}: {stones}").format(heap=h, stones="|" * n or "-")
                for h, n in enumerate(self.heaps)]
        status = (_("player {player} won").format(player=self.winner) if self.winner is not None
                  else _("player {player} to move").format(player=self.player))
        return "\n".join(rows + [status])

    def __repr__(self) -> str:
        return f"{type(self).__name__}(heaps={tuple(self.heaps)})"


class ExtraTurnNim(Nim):
    """Nim where the player who empties a heap (without ending the game) moves again."""

    def next_player(self, heap: int) -> int:
        return self.player if self.heaps[heap] == 0 else 1 - self.player


__all__ = ["ExtraTurnNim", "Nim"]
