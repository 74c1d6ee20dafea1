"""Play ParCheckers (document 004) against any of its agents, with standard ipywidgets only.

As in the course's simulator you first choose a die value from your hand (or the pending
bonus), then one of the pieces that can move with it (or SKIP when none can); the agent
then plays all its turns (it often moves twice in a row). Everything works without a
browser too::

    game = PlayParCheckers(opponent=agent(3))
    game.choose_value("5"); game.choose_piece("G", 0)     # the same as game.play("G 0 5")
    game.undo(); game.new_game(human=1, opponent=0)        # agent 0 opens this time
    game.state, game.status_text

The widget offers document 004's agents 0-3 ("opponent") and the seat ("I play
yellow+green"): both act at once while you have not moved, else at the next New game (the
widget says so). Undo takes back one visible thing: a value chosen but not played first,
else your last move with the agent's turns after it. Each value button's tooltip says how far
it moves, in the rules' words (YY is the yinyang: 1 square; 20 is the capture bonus).

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
from qsearch.arena.players import SearchPlayer
from qsearch.core.errors import IllegalMoveError
from qsearch.games import ParCheckers
from qsearch.i18n import _
from qsearch.reference.parcheckers import make_action, skip_action
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.parcheckers_svg import parcheckers_svg
from qsearch.viz.play import ThinkingGuard, error_text, shown_error, thinking_badge
from qsearch.viz.step_controls import fit_content
from qsearch.viz.think_limit import cut_note, deepen, limit

BOARD_SIZE = (720, 520)         # pixels: the board (1010 x 730 units) at most this size


AGENTS = (0, 1, 2, 3)            # document 004's agents, offered by the widget
GIVEN = "given"                 # the chooser's key for an opponent passed in that is not one

# What a value does, in the rules' words (docs/parcheckers_rules.md), for the buttons' tooltips
# (English; shown in the language in use).
VALUE_HELP = {
    "1": "1: moves 2 squares",
    "2": "2: moves 4 squares",
    "4": "4: moves 8 squares",
    "5": "5: moves 10 squares; the only value that takes a piece out of home",
    "6": "6: moves 12 squares (14 if the piece's colour has no piece at home), then the same "
         "colour moves again",
    "YY": "YY (yinyang): moves 1 square, the only odd move",
    "10": "10: the goal bonus, one-off: 20 squares, any piece of your two colours",
    "20": "20: the capture bonus, one-off: 40 squares, any piece of your two colours",
}


def agent_id(opponent) -> int | None:
    """Which of document 004's agents ``opponent`` is (0-3), or None for any other player."""
    for k in AGENTS:
        standard = agent(k)
        if type(opponent) is type(standard) and \
                getattr(opponent, "name", None) == standard.name:
            return k
    return None


def _opponent(choice):
    """An agent id (0-3) as a new agent; any other player as it is."""
    if isinstance(choice, bool):
        raise TypeError("opponent must be an agent id 0-3 or a player f(state, rng), not a bool")
    if isinstance(choice, int):
        return agent(choice)               # refuses ids other than 0-3, naming them
    if not callable(choice):
        raise TypeError(f"opponent must be an agent id 0-3 or a player f(state, rng), not "
                        f"{type(choice).__name__}")
    return choice


class PlayParCheckers(ThinkingGuard, LazyWidget):
    """You (player ``human``, 0 = yellow + green) against ``opponent`` (default agent 3): an
    agent id 0-3 or any player ``f(state, rng) -> action``."""

    def __init__(self, opponent=None, human: int = 0, seed: int = 0):
        if human not in (0, 1):
            raise ValueError(f"human must be player 0 or 1, not {human!r}")
        self.opponent = _opponent(3 if opponent is None else opponent)
        self._given = None if agent_id(self.opponent) is not None else self.opponent
        self.human = human
        self.rng = random.Random(seed)
        self.value = None
        self.message = ""
        self.agent_moves: list[str] = []
        self.cut = ""                    # the time limit's note on the agent's last turn
        self._init_guard()
        _built = self.widget             # built at once: every move keeps its buttons in step
        self.new_game()

    # ------------------------------------------------------------------ game logic
    def new_game(self, human: int | None = None, opponent=None) -> None:
        """Start again (the agent moves at once if it plays first); ``human``: your seat,
        ``opponent``: an agent id 0-3 or a player (None: keep them)."""
        if human is not None:
            if human not in (0, 1):
                raise ValueError(f"human must be player 0 or 1, not {human!r}")
            self.human = human
        if opponent is not None:
            self.opponent = _opponent(opponent)
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
            available = self.state.available_values()
            raise shown_error(
                IllegalMoveError(f"value {value} is not available; choose one of {available}"),
                _("value {value} is not available; choose one of {values}").format(
                    value=value, values=", ".join(available)))
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
            self.cut = ""
            while not self.state.is_terminal() and self.state.current_player() != self.human:
                action = self._agent_move()
                self.agent_moves.append(self.state.action_to_string(action))
                self.state.apply_action(action)
        finally:
            self._set_thinking(False)

    def _agent_move(self) -> int:
        """The agent's action here; a searching agent deepens within the browser's time limit
        (:mod:`qsearch.viz.think_limit`), and :attr:`cut` then says the depth it reached."""
        agent, seconds = self.opponent, limit()
        if seconds is None or not isinstance(agent, SearchPlayer) \
                or isinstance(agent.depth, bool) or not isinstance(agent.depth, int) \
                or agent.depth < 1:
            return agent(self.state, self.rng)
        asked = agent.depth

        def at(depth):
            agent.depth = depth
            return agent(self.state, self.rng)
        try:
            action, reached = deepen(at, asked, seconds)
        finally:
            agent.depth = asked
        self.cut = self.cut or cut_note(reached, asked)
        return action

    def _last_human_move(self) -> int | None:
        """The index in the history of your last move (None: you have not moved)."""
        probe = self.state.clone()
        for i in range(len(self.state.history()) - 1, -1, -1):
            probe.undo_action()
            if probe.current_player() == self.human:
                return i
        return None

    def undo(self) -> int:
        """Take back one thing; returns how many moves were taken back.

        A value chosen but not played yet is unchosen first (0 moves: one click undoes one
        visible thing). Otherwise your last move and the agent's turns after it are taken
        back. Returns 0 (and changes nothing) if you have not moved yet: the agent's opening
        turns are never taken back (it would not move again).
        """
        if self.value is not None:
            self.value = None
            self.message = ""
            self._refresh()
            return 0
        last = self._last_human_move()
        if last is None:
            return 0
        undone = len(self.state.history()) - last
        for _step in range(undone):
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
        return " | ".join(self._status_parts())

    def _status_parts(self) -> list[str]:
        s = self.state
        parts = []
        if self.agent_moves:
            parts.append(_("{agent} played {moves}").format(agent=self._agent_name(),
                                                            moves=", ".join(self.agent_moves)))
        if s.is_terminal():
            parts.append(_("you win!") if s.winner_player() == self.human else
                         _("the agent wins"))
        elif self.thinking or s.current_player() != self.human:
            parts.append(self._thinking_text())
        elif self.value is None:
            parts.append(_("your move: choose a value ({values})").format(
                values=", ".join(s.available_values())))
        else:
            pieces = s.movable_pieces(self.value)
            parts.append(_("value {value}: choose a piece").format(value=self.value) if pieces
                         else _("value {value}: no piece can move, SKIP").format(
                             value=self.value))
        if self.cut:
            parts.append(self.cut)
        if self.message:
            parts.append(self.message)
        return parts

    def _agent_name(self) -> str:
        """The opponent's name in the language in use (a name the catalogue lacks as it is)."""
        name = getattr(self.opponent, "name", None)
        return _(name) if name else _("the agent")

    def _thinking_text(self) -> str:
        return _("{agent} is thinking…").format(agent=self._agent_name())

    def svg(self) -> str:
        """The board, the last move ringed (an SVG string)."""
        history = self.state.history()
        return parcheckers_svg(self.state, highlight=history[-1] if history else None)

    # ------------------------------------------------------------------ widget
    def _agent_options(self) -> list[tuple[str, object]]:
        options = [(_(agent(k).name), k) for k in AGENTS]
        if self._given is not None:
            name = getattr(self._given, "name", None)
            options.append((_(name) if name else _("your player"), GIVEN))
        return options

    def _chosen_opponent(self):
        """The opponent the chooser names (its agent id, or the player passed in)."""
        choice = self._agent.value
        return self._given if choice == GIVEN else choice

    def _build_widget(self):
        self._values = widgets.ToggleButtons(options=[], value=None, description=_("value"),
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
        self._new = widgets.Button(description=_("New game"), icon="refresh",
                                   tooltip=_("start again with the opponent and seat chosen"),
                                   layout=fit_content())
        self._new.on_click(lambda _b: self._guarded(self._start_chosen))
        self._undo = widgets.Button(description=_("Undo"), icon="undo",
                                    tooltip=_("unchoose the value chosen, else take back your "
                                              "last move and the agent's turns after it"),
                                    layout=fit_content())
        self._undo.on_click(lambda _b: self._guarded(self.undo))
        self._first = widgets.Checkbox(value=self.human == 0,
                                       description=_("I play yellow+green"),
                                       indent=False, layout=fit_content())
        self._agent = widgets.Dropdown(options=self._agent_options(),
                                       value=agent_id(self.opponent)
                                       if self._given is None else GIVEN,
                                       description=_("opponent"),
                                       tooltip=_("document 004's agents 0-3"),
                                       style={"description_width": "initial"},
                                       layout=fit_content())
        self._pending = widgets.HTML()          # "takes effect at New game", when it does
        self._first.observe(self._on_setting, names="value")
        self._agent.observe(self._on_setting, names="value")
        box = widgets.VBox([self._board, self._values, self._pieces,
                            widgets.HBox([self._new, self._undo, self._agent, self._first,
                                          self._pending],
                                         layout=widgets.Layout(flex_flow="row wrap",
                                                               align_items="center")),
                            self._status])
        box.add_class("qsearch-play")
        return box

    def _start_chosen(self) -> None:
        self.new_game(0 if self._first.value else 1, self._chosen_opponent())

    def _settings_differ(self) -> bool:
        """The seat or the opponent chosen is not the game's."""
        chosen = self._agent.value
        opponent = GIVEN if self._given is not None and self.opponent is self._given \
            else agent_id(self.opponent)
        return (0 if self._first.value else 1) != self.human or chosen != opponent

    def _on_setting(self, change) -> None:
        """The seat or the opponent changed: a new game at once if you have not moved yet
        (nothing is lost), else the change waits for New game, and the widget says so."""
        if self.thinking:                  # disabled meanwhile; applied at New game
            return
        if self._last_human_move() is None and not self.state.is_terminal():
            self._start_chosen()
        else:
            self._refresh()

    def _on_value(self, change) -> None:
        if self._stale():
            self._drop_click()                 # and put the buttons back as they were
            return
        if change["new"] is not None and change["new"] != self.value:
            try:
                self.choose_value(change["new"])
            except IllegalMoveError as err:
                self.message = error_text(err)
                self._refresh()

    def _piece_button(self, colour, piece) -> widgets.Button:
        label = _("SKIP") if piece is None else f"{colour} {piece}"
        b = widgets.Button(description=label, layout=fit_content(min_width="72px"))
        b.on_click(lambda _b: self._click_piece(colour, piece))
        return b

    def _click_piece(self, colour, piece) -> None:
        if self._stale() or self.value is None:      # a stale click on an old button
            self._drop_click()
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
        self._values.tooltips = [_(VALUE_HELP[v]) if v in VALUE_HELP else v for v in options]
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
        self._new.disabled = self._first.disabled = self._agent.disabled = self.thinking
        self._undo.disabled = self.thinking or (self.value is None
                                                and self._last_human_move() is None)
        self._pending.value = ("<i>" + _("takes effect at New game") + "</i>"
                               if self._settings_differ() else "")
        self._board.value = self.svg()
        parts = self._status_parts()
        sign = ""
        if self.thinking:              # the sign says it, once: "agent 3 … is thinking…"
            said = self._thinking_text()
            sign = thinking_badge(said)
            parts = [part for part in parts if part != said]
        self._status.value = f"<p>{sign}{escape(' | '.join(parts))}</p>"

    def _bundle_svg(self) -> str:
        """The board as a static SVG (at its full size) for viewers without a kernel."""
        width, height = BOARD_SIZE
        return self.svg().replace("<svg ", f'<svg width="{width}" height="{height}" ', 1)
