"""Play ParCheckers (document 004) against any of its agents, with standard ipywidgets only.

As in the course's simulator you first choose a die value from your hand (or the pending
bonus), then one of the pieces that can move with it (or SKIP when none can); the agent
then plays all its turns (it often moves twice in a row). Everything works without a
browser too::

    game = PlayParCheckers(opponent=agent(3))
    game.choose_value("5"); game.choose_piece("G", 0)     # the same as game.play("G 0 5")
    game.undo(); game.new_game(human=1)
    game.state, game.status_text

The board is an SVG string in ``widgets.HTML`` (no ``Output`` widget: strict nbval passes).
"""
from __future__ import annotations

import random

import ipywidgets as widgets

from qsearch.arena.parcheckers_agents import agent
from qsearch.errors import IllegalMoveError
from qsearch.games.parcheckers import ParCheckers, make_action, skip_action
from qsearch.viz.parcheckers_svg import parcheckers_svg


class PlayParCheckers:
    """You (player ``human``, 0 = yellow + green) against ``opponent`` (default agent 3)."""

    def __init__(self, opponent=None, human: int = 0, seed: int = 0):
        if human not in (0, 1):
            raise ValueError(f"human must be player 0 or 1, not {human!r}")
        self.opponent = opponent if opponent is not None else agent(3)
        self.human = human
        self.rng = random.Random(seed)
        self.value = None
        self.message = ""
        self.agent_moves: list[str] = []
        self._build_widget()
        self.new_game()

    # ------------------------------------------------------------------ game logic
    def new_game(self, human: int | None = None) -> None:
        """Start again (the agent moves at once if it plays first)."""
        if human is not None:
            if human not in (0, 1):
                raise ValueError(f"human must be player 0 or 1, not {human!r}")
            self.human = human
        self.state = ParCheckers()
        self.value = None
        self.message = ""
        self.agent_moves = []
        self._agent_turns()
        self._refresh()

    def choose_value(self, value) -> None:
        """Pick a die value from the available ones (``"5"``, ``"YY"``, ``"20"``...)."""
        value = str(value)
        if value not in self.state.available_values():
            raise IllegalMoveError(f"value {value} is not available; choose one of "
                                   f"{self.state.available_values()}")
        self.value = value
        self._refresh()

    def choose_piece(self, colour, piece) -> None:
        """Move ``piece`` of ``colour`` with the chosen value (``piece=None``: skip)."""
        if self.value is None:
            raise IllegalMoveError("choose a die value first")
        action = skip_action(self.value) if piece is None else \
            make_action(colour, piece, self.value)
        self.play(action)

    def play(self, move) -> None:
        """Your move (an action or ``"G 0 5"``), then the agent's turns."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over: start a new one")
        if self.state.current_player() != self.human:
            raise IllegalMoveError("it is the agent's turn")
        try:
            self.state.play(move)
        except IllegalMoveError as err:
            self.message = str(err).split(";")[0]
            self._refresh()
            raise
        self.value = None
        self.message = ""
        self.agent_moves = []
        self._agent_turns()
        self._refresh()

    def _agent_turns(self) -> None:
        while not self.state.is_terminal() and self.state.current_player() != self.human:
            action = self.opponent(self.state, self.rng)
            self.agent_moves.append(self.state.action_to_string(action))
            self.state.apply_action(action)

    def undo(self) -> None:
        """Take back to your previous turn."""
        while self.state.history():
            self.state.undo_action()
            if self.state.current_player() == self.human:
                break
        self.value = None
        self.agent_moves = []
        self._refresh()

    # ------------------------------------------------------------------ text
    @property
    def status_text(self) -> str:
        s = self.state
        parts = []
        if self.agent_moves:
            parts.append(f"{getattr(self.opponent, 'name', 'agent')} played "
                         f"{', '.join(self.agent_moves)}")
        if s.is_terminal():
            parts.append("you win!" if s.winner_player() == self.human else "the agent wins")
        elif self.value is None:
            parts.append(f"your move: choose a value from {s.available_values()}")
        else:
            pieces = s.movable_pieces(self.value)
            parts.append(f"value {self.value}: choose a piece" if pieces else
                         f"value {self.value}: no piece can move, SKIP")
        if self.message:
            parts.append(self.message)
        return " | ".join(parts)

    def svg(self) -> str:
        history = self.state.history()
        return parcheckers_svg(self.state, highlight=history[-1] if history else None)

    # ------------------------------------------------------------------ widget
    def _build_widget(self) -> None:
        self._values = widgets.ToggleButtons(options=[], value=None, description="value")
        self._values.observe(self._on_value, names="value")
        self._pieces = widgets.HBox([])
        self._board = widgets.HTML()
        self._status = widgets.HTML()
        new = widgets.Button(description="new game")
        new.on_click(lambda _b: self.new_game(0 if self._first.value else 1))
        undo = widgets.Button(description="undo")
        undo.on_click(lambda _b: self.undo())
        self._first = widgets.Checkbox(value=self.human == 0, description="I play yellow+green")
        self.widget = widgets.VBox([self._board, self._values, self._pieces,
                                    widgets.HBox([new, undo, self._first]), self._status])

    def _on_value(self, change) -> None:
        if change["new"] is not None and change["new"] != self.value:
            try:
                self.choose_value(change["new"])
            except IllegalMoveError as err:
                self.message = str(err)
                self._refresh()

    def _piece_button(self, colour, piece) -> widgets.Button:
        label = "SKIP" if piece is None else f"{colour} {piece}"
        b = widgets.Button(description=label, layout=widgets.Layout(width="72px"))
        b.on_click(lambda _b: self._click_piece(colour, piece))
        return b

    def _click_piece(self, colour, piece) -> None:
        try:
            self.choose_piece(colour, piece)
        except IllegalMoveError:
            pass                               # the message is shown in the status line

    def _refresh(self) -> None:
        if not hasattr(self, "widget"):
            return
        s = self.state
        mine = not s.is_terminal() and s.current_player() == self.human
        options = s.available_values() if mine else []
        self._values.unobserve(self._on_value, names="value")
        self._values.options = options
        self._values.value = self.value if self.value in options else None
        self._values.observe(self._on_value, names="value")
        buttons = []
        if mine and self.value is not None:
            pieces = s.movable_pieces(self.value)
            buttons = [self._piece_button(c, i) for c, i in pieces] or \
                [self._piece_button(s.current_colour(), None)]
        self._pieces.children = buttons
        self._board.value = self.svg()
        self._status.value = self.status_text

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)
