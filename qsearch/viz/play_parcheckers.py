"""Play ParCheckers (document 004) against any of its agents, with standard ipywidgets only.

As in the course's simulator you first choose a die value from your hand (or the pending
bonus), then one of the pieces that can move with it (or SKIP when none can); the agent
then plays all its turns (it often moves twice in a row). Everything works without a
browser too::

    game = PlayParCheckers(opponent=agent(3))
    game.choose_value("5"); game.choose_piece("G", 0)     # the same as game.play("G 0 5")
    game.undo(); game.new_game(human=1)
    game.state, game.status_text

The board is an SVG string in ``widgets.HTML`` (no ``Output`` widget: strict nbval passes);
a notebook viewed without a kernel shows the same board as a static SVG. As in
:mod:`qsearch.viz.play`, while the agent thinks a sign shows and every input is disabled, and a
click that reaches the kernel then (or just after: the second click of a double click) is
dropped.
"""
from __future__ import annotations

import random
from html import escape

import ipywidgets as widgets

from qsearch.arena.parcheckers_agents import agent
from qsearch.core.errors import IllegalMoveError
from qsearch.games import ParCheckers
from qsearch.reference.parcheckers import make_action, skip_action
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.parcheckers_svg import parcheckers_svg
from qsearch.viz.play import THINKING_BADGE, ThinkingGuard

BOARD_SIZE = (720, 520)         # pixels: the board (1010 x 730 units) at most this size


class PlayParCheckers(ThinkingGuard, LazyWidget):
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
        self._init_guard()
        _ = self.widget                  # built at once: every move keeps its buttons in step
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
        if self.state.is_terminal() or self.state.current_player() == self.human:
            return
        self._set_thinking(True)
        try:
            while not self.state.is_terminal() and self.state.current_player() != self.human:
                action = self.opponent(self.state, self.rng)
                self.agent_moves.append(self.state.action_to_string(action))
                self.state.apply_action(action)
        finally:
            self._set_thinking(False)

    def _last_human_move(self) -> int | None:
        """The index in the history of your last move (None: you have not moved)."""
        probe = self.state.clone()
        for i in range(len(self.state.history()) - 1, -1, -1):
            probe.undo_action()
            if probe.current_player() == self.human:
                return i
        return None

    def undo(self) -> int:
        """Take back your last move and the agent's turns after it; returns how many moves.

        Returns 0 (and changes nothing) if you have not moved yet: the agent's opening
        turns are never taken back (it would not move again).
        """
        last = self._last_human_move()
        if last is None:
            return 0
        undone = len(self.state.history()) - last
        for _ in range(undone):
            self.state.undo_action()
        self.value = None
        self.message = ""
        self.agent_moves = []
        self._refresh()
        return undone

    # ------------------------------------------------------------------ text
    @property
    def status_text(self) -> str:
        """The status line: the agent's last turns, then what to do now (or the result)."""
        s = self.state
        parts = []
        if self.agent_moves:
            parts.append(f"{getattr(self.opponent, 'name', 'agent')} played "
                         f"{', '.join(self.agent_moves)}")
        if s.is_terminal():
            parts.append("you win!" if s.winner_player() == self.human else "the agent wins")
        elif self.thinking or s.current_player() != self.human:
            parts.append("the agent is thinking…")
        elif self.value is None:
            parts.append(f"your move: choose a value ({', '.join(s.available_values())})")
        else:
            pieces = s.movable_pieces(self.value)
            parts.append(f"value {self.value}: choose a piece" if pieces else
                         f"value {self.value}: no piece can move, SKIP")
        if self.message:
            parts.append(self.message)
        return " | ".join(parts)

    def svg(self) -> str:
        """The board, the last move ringed (an SVG string)."""
        history = self.state.history()
        return parcheckers_svg(self.state, highlight=history[-1] if history else None)

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        self._values = widgets.ToggleButtons(options=[], value=None, description="value",
                                             style={"button_width": "48px"},
                                             layout=widgets.Layout(flex_flow="row wrap"))
        self._values.observe(self._on_value, names="value")
        self._pieces = widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap"))
        self._pieces.add_class("qsearch-play-pieces")
        self._board = widgets.HTML(layout=widgets.Layout(width="100%",
                                                         max_width=f"{BOARD_SIZE[0]}px"))
        self._board.add_class("qsearch-play-board")
        self._status = widgets.HTML()
        self._status.add_class("qsearch-play-status")
        self._new = widgets.Button(description="New game", icon="refresh",
                                   layout=widgets.Layout(width="110px"))
        self._new.on_click(lambda _b: self._guarded(
            lambda: self.new_game(0 if self._first.value else 1)))
        self._undo = widgets.Button(description="Undo", icon="undo",
                                    layout=widgets.Layout(width="90px"))
        self._undo.on_click(lambda _b: self._guarded(self.undo))
        self._first = widgets.Checkbox(value=self.human == 0, description="I play yellow+green",
                                       indent=False, layout=widgets.Layout(width="auto"))
        box = widgets.VBox([self._board, self._values, self._pieces,
                            widgets.HBox([self._new, self._undo, self._first],
                                         layout=widgets.Layout(flex_flow="row wrap")),
                            self._status])
        box.add_class("qsearch-play")
        return box

    def _on_value(self, change) -> None:
        if self._stale():
            self.dropped_clicks += 1
            self._refresh()                    # put the buttons back as they were
            return
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
        if self._stale() or self.value is None:      # a stale click on an old button
            self.dropped_clicks += 1
            return
        try:
            self.choose_piece(colour, piece)
        except IllegalMoveError:
            pass                               # the message is shown in the status line

    def _refresh(self) -> None:
        if self._widget is None:
            return
        s = self.state
        mine = not s.is_terminal() and s.current_player() == self.human and not self.thinking
        # Not your turn: your hand, disabled (the browser keeps showing the old buttons,
        # enabled, if the options become empty).
        options = s.available_values() if mine else s.hand_values(self.human)
        self._values.unobserve(self._on_value, names="value")
        self._values.options = options
        self._values.value = self.value if mine and self.value in options else None
        self._values.disabled = not mine
        self._values.observe(self._on_value, names="value")
        buttons = []
        if mine and self.value is not None:
            pieces = s.movable_pieces(self.value)
            buttons = [self._piece_button(c, i) for c, i in pieces] or \
                [self._piece_button(s.current_colour(), None)]
        old = self._pieces.children
        self._pieces.children = buttons
        for b in old:
            b.close()
        self._new.disabled = self._first.disabled = self.thinking
        self._undo.disabled = self.thinking or self._last_human_move() is None
        self._board.value = self.svg()
        sign = THINKING_BADGE if self.thinking else ""
        self._status.value = f"<p>{sign}{escape(self.status_text)}</p>"

    def _bundle_svg(self) -> str:
        """The board as a static SVG (at its full size) for viewers without a kernel."""
        width, height = BOARD_SIZE
        return self.svg().replace("<svg ", f'<svg width="{width}" height="{height}" ', 1)
