"""Play any game against a search, a random player or your own function: :class:`PlayGame`.

Any state with OpenSpiel's method names will do (:mod:`qsearch.games.protocol`): a game a
class wrote in plain Python, an OpenSpiel state, one of qsearch's engines, or a name for
:func:`qsearch.games.load`. The board is the game's ``_repr_svg_`` when it has one, else its
text; the legal moves are buttons labelled by ``action_to_string``; chance nodes are played
automatically with a seeded generator and shown in a "last roll" line::

    game = PlayGame(Nim((1, 3, 5)), opponent="alphabeta", depth=6)
    game.play("2:3")          # your move (an action or its name), then the opponent's turns
    game.undo()               # take back your last move and everything after it
    game.new_game(human_first=False)
    game.state, game.status_text, game.last_result

As in :mod:`qsearch.viz.play`, while the opponent thinks every input is disabled and a
"thinking…" sign shows, and a click that reaches the kernel then, or just after (the second
click of a double click), is dropped (:class:`~qsearch.viz.play.ThinkingGuard`).
"""
from __future__ import annotations

import random
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from qsearch.core.errors import IllegalMoveError
from qsearch.games import protocol
from qsearch.i18n import _
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.play import BLANK, ThinkingGuard, error_text, shown_error, thinking_badge
from qsearch.viz.play_opponent import Opponent
from qsearch.viz.step_controls import fit_content

MAX_LISTED = 12                 # legal moves named in an error message


def unfair_reason(state) -> str:
    """Why a board shown to one player would be unfair, or ``""``: a game with hidden
    information (PlayGame would show you the opponent's cards) or simultaneous moves (the
    opponent would see your bid before its own), as OpenSpiel's game type
    (``information``, ``dynamics``) or :func:`qsearch.games.game_info` says."""
    from qsearch.games.registry import game_info

    get_game = getattr(state, "get_game", None)
    if get_game is not None:
        import pyspiel

        game = get_game()
        kind = game.get_type()
        name = kind.short_name
        if kind.dynamics != pyspiel.GameType.Dynamics.SEQUENTIAL:
            return (f"{name} fairly: its players move simultaneously (dynamics "
                    f"{kind.dynamics.name}), and a board that takes one move at a time cannot "
                    "keep your move hidden from the opponent's, nor its from yours")
        if kind.information != pyspiel.GameType.Information.PERFECT_INFORMATION:
            return (f"{name} fairly: it has hidden information (information "
                    f"{kind.information.name}), and its board would show you the "
                    "opponent's hidden cards")
        return ""
    info = game_info(state)
    if not info.perfect_information:
        return (f"{info.name} fairly: it is not a game of perfect information with "
                "sequential moves (hidden information or simultaneous moves), and its board "
                "would show you what the opponent hides")
    return ""


class PlayGame(ThinkingGuard, LazyWidget):
    """``PlayGame(state, opponent="alphabeta", *, depth=4, iterations=1000, evaluate=None,
    human_first=True, seed=0)``: you play against ``opponent`` (see the module).

    ``opponent``: ``"minimax"``, ``"negamax"``, ``"alphabeta"``, ``"pvs"`` (with ``depth``:
    an int, or None to the end), ``"expectiminimax"`` (games with chance; an int ``depth``),
    ``"mcts"`` (with ``iterations``), ``"random"``, or a function ``state -> action``.
    ``evaluate(state, player)`` scores the searches' leaves. You are player 0 when
    ``human_first``, else player 1; the opponent plays every other seat. ``seed`` seeds the
    dice, the random player and MCTS, so a game can be replayed.
    """

    dropped_text = ("Not played: that click came while the opponent was moving (or just "
                    "after); click again if you meant it.")

    def _dropped_note(self) -> str:
        return _("Not played: that click came while the opponent was moving (or just "
                 "after); click again if you meant it.")

    win_value = None            # a terminal win scores win_value - win_decay * plies to it
    win_decay = 0.01            # (default: above every heuristic value), so the searches take
                                # the quickest win and delay a loss

    def __init__(self, state, opponent="alphabeta", *, depth: int | None = 4,
                 iterations: int = 1000, evaluate: Callable | None = None,
                 human_first: bool = True, seed: int = 0):
        if isinstance(state, str):
            from qsearch.games.registry import load

            state = load(state)
        protocol.check_protocol(state, "PlayGame")
        unfair = unfair_reason(state)
        if unfair:
            raise ValueError(f"PlayGame cannot show {unfair}")
        if state.is_terminal():
            raise ValueError("the game is already over in this state: pass one to play from")
        self.opponent = Opponent(opponent, state, depth=depth, iterations=iterations,
                                 evaluate=evaluate, win_value=self.win_value,
                                 win_decay=self.win_decay)
        self.initial = state.clone()
        self.human_first = bool(human_first)
        self.rng = random.Random(seed)
        self.state = self.initial.clone()
        self.record: list[tuple[int, object, str]] = []   # (player, action, name), dice too
        self._snapshots: list[tuple] = []   # before each of your moves: (state, record length)
        self._reset_turn()
        self._init_guard()
        self._buttons: dict = {}            # action -> its Button (a button keeps its action)
        _built = self.widget                # built at once: every move keeps it in step
        self.new_game()

    # ------------------------------------------------------------------ game logic
    @property
    def human(self) -> int:
        """Your player number: 0 (you move first) or 1."""
        return 0 if self.human_first else 1

    def _reset_turn(self) -> None:
        self.last_result = None             # the opponent's last search result
        self.opponent_moves: list[str] = []  # its moves since yours
        self.rolls: list[str] = []           # chance outcomes since your move
        self.message = ""                    # a note for the status line (an illegal click)

    def new_game(self, human_first: bool | None = None) -> None:
        """Start again from the first position (the opponent moves at once if it opens)."""
        if human_first is not None:
            self.human_first = bool(human_first)
        self.state = self.initial.clone()
        self.record = []
        self._snapshots = []
        self._reset_turn()
        self.opponent_move()
        self._refresh()

    def your_turn(self) -> bool:
        """Whether the game waits for your move."""
        s = self.state
        return (not s.is_terminal() and not protocol.is_chance_node(s)
                and s.current_player() == self.human)

    def human_move(self, action) -> None:
        """Play your ``action`` (an action or its name); IllegalMoveError, the state unchanged,
        when it is not legal or not your turn."""
        s = self.state
        if s.is_terminal():
            raise shown_error(IllegalMoveError("the game is over: press New game"),
                              _("the game is over: press New game"))
        if not self.your_turn():
            raise shown_error(IllegalMoveError("it is the opponent's turn"),
                              _("it is the opponent's turn"))
        legal = list(s.legal_actions())
        if isinstance(action, str):
            try:
                action = protocol.string_to_action(s, action)
            except Exception:           # the game's own parser: any error means "no such move"
                listed = self._listed(legal)
                raise shown_error(
                    IllegalMoveError(f"there is no move called {action!r} here (legal: "
                                     f"{listed})"),
                    _("there is no move called {name} here (legal: {legal})").format(
                        name=repr(action), legal=listed)) from None
        if action not in legal:
            move, listed = self.move_name(action), self._listed(legal)
            raise shown_error(
                IllegalMoveError(f"{move} is not a legal move here (legal: {listed})"),
                _("{move} is not a legal move here (legal: {legal})").format(move=move,
                                                                             legal=listed))
        self._snapshots.append((s.clone(), len(self.record)))
        self._apply(action)
        self._reset_turn()
        self._refresh()

    def opponent_move(self) -> None:
        """Play the dice and the opponent's turns until it is your move or the game is over."""
        thinking = False
        try:
            while not self.state.is_terminal():
                if protocol.is_chance_node(self.state):
                    self._roll()
                    continue
                if self.state.current_player() == self.human:
                    break
                if not thinking:
                    thinking = True
                    self._set_thinking(True)
                action, result = self.opponent.choose(self.state, self.rng)
                self.opponent_moves.append(self._apply(action))
                self.last_result = result if result is not None else self.last_result
        finally:
            if thinking:
                self._set_thinking(False)

    def play(self, action):
        """A click: your move, then the dice and the opponent's turns; returns the opponent's
        last search result (None if it did not search)."""
        self.human_move(action)
        self.opponent_move()
        self._refresh()
        return self.last_result

    def undo(self) -> int:
        """Take back your last move and everything played after it; returns how many actions
        (dice included). Returns 0, changing nothing, before your first move: the opponent's
        opening moves are never taken back (it would not play them again)."""
        if not self._snapshots:
            return 0
        state, length = self._snapshots.pop()
        undone = len(self.record) - length
        self.state = state
        del self.record[length:]
        self._reset_turn()
        self._refresh()
        return undone

    def _apply(self, action) -> str:
        """Play ``action`` (checked legal) and record it; returns its name."""
        name = self.move_name(action)
        player = self.state.current_player()
        self.state.apply_action(action)
        self.record.append((player, action, name))
        return name

    def _roll(self) -> None:
        """A chance node: draw an outcome by its probability with the seeded generator."""
        outcomes = protocol.chance_outcomes(self.state)
        if not outcomes:
            raise ValueError(f"{type(self.state).__name__} is at a chance node but "
                             "chance_outcomes() lists no outcome")
        u, total = self.rng.random(), 0.0
        chosen = outcomes[-1][0]          # if rounding leaves u above the sum
        for action, p in outcomes:
            total += p
            if u < total:
                chosen = action
                break
        self.rolls.append(self._apply(chosen))

    # ------------------------------------------------------------------ text
    def move_name(self, action) -> str:
        """``action`` in the game's words (``action_to_string``)."""
        try:
            return str(protocol.action_to_string(self.state, action))
        except Exception:               # an action the game cannot even name
            return repr(action)

    def _listed(self, legal: list) -> str:
        names = [self.move_name(a) for a in legal[:MAX_LISTED]]
        return ", ".join(names) + (", ..." if len(legal) > MAX_LISTED else "")

    @property
    def status_text(self) -> str:
        """The status line: the opponent's last turn, a message, whose move it is or the
        result."""
        parts = [text for text in (self.opponent_text(), self.message) if text]
        s = self.state
        if s.is_terminal():
            parts.append(self.result_text())
        elif self.thinking:
            parts.append(_("The opponent is thinking…"))
        elif self.your_turn():
            parts.append(_("Your move: you are player {player}.").format(player=self.human))
        else:                           # the opponent failed (its error is in the message)
            parts.append(_("It is the opponent's turn: press Undo or New game."))
        return " ".join(parts)

    def opponent_text(self) -> str:
        """What the opponent did since your last move (``""`` if nothing)."""
        if not self.opponent_moves:
            return ""
        moves = _(", then ").join(self.opponent_moves)
        found = self.opponent.result_text(self.last_result)
        if found and len(self.opponent_moves) > 1:
            found = _("its last search: {found}").format(found=found)
        if found:
            return _("The opponent ({label}) played {moves} ({found}).").format(
                label=self.opponent.label_text(), moves=moves, found=found)
        return _("The opponent ({label}) played {moves}.").format(
            label=self.opponent.label_text(), moves=moves)

    def roll_text(self) -> str:
        """``Last roll: Roll 3`` (and the earlier rolls since your move), or ``""``."""
        if not self.rolls:
            return ""
        if len(self.rolls) > 1:
            return _("Last roll: {roll} (rolls since your move: {rolls}).").format(
                roll=self.rolls[-1], rolls=", ".join(self.rolls))
        return _("Last roll: {roll}.").format(roll=self.rolls[-1])

    def result_text(self) -> str:
        """``Game over: you win!`` / ``the opponent wins.`` / ``a draw.``"""
        returns = list(self.state.returns())
        mine = returns[self.human]
        best_other = max(r for p, r in enumerate(returns) if p != self.human)
        if mine > best_other:
            return _("Game over: you win!")
        if mine < best_other:
            return _("Game over: the opponent wins.")
        return _("Game over: a draw.")

    # ------------------------------------------------------------------ pictures
    def svg(self) -> str:
        """The board as SVG: the game's own drawing, else its text in a monospace SVG."""
        kind, markup = protocol.picture(self.state)
        return markup if kind == "svg" else text_svg(markup)

    def board_html(self) -> str:
        """The board as the widget shows it: the game's SVG, else its text in a ``<pre>``."""
        kind, markup = protocol.picture(self.state)
        if kind == "svg":
            return markup
        return ("<pre style='font-family:monospace;line-height:1.25;margin:0;padding:6px 10px;"
                "background:white;color:black;border:1px solid #ddd;display:inline-block'>"
                f"{escape(markup)}</pre>")

    def _repr_svg_(self) -> str:
        """The board, for viewers without a kernel (IPython adds it beside the widget)."""
        return self.svg()

    def __repr__(self) -> str:
        return f"PlayGame({self.state!r}, opponent={self.opponent.label!r})"

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        self.first_checkbox = widgets.Checkbox(value=not self.human_first,
                                               description=_("opponent opens"),
                                               indent=False, layout=fit_content())
        self.new_button = widgets.Button(description=_("New game"), icon="refresh",
                                         layout=fit_content())
        self.undo_button = widgets.Button(description=_("Undo"), icon="undo",
                                          layout=fit_content())
        self.new_button.on_click(lambda _b: self._guarded(lambda: self._safely(
            self.new_game, not self.first_checkbox.value)))
        self.undo_button.on_click(lambda _b: self._guarded(self.undo))
        opponent = widgets.HTML(_("opponent: <b>{name}</b>").format(
            name=escape(self.opponent.label_text())))
        self.board = widgets.HTML()
        self.board.add_class("qsearch-play-board")
        self.roll_html = widgets.HTML()
        self.roll_html.add_class("qsearch-play-roll")
        # Many moves wrap, and scroll once they fill the box.
        self.moves_box = widgets.Box(layout=widgets.Layout(
            display="flex", flex_flow="row wrap", max_height="14em", overflow="auto"))
        self.moves_box.add_class("qsearch-play-moves")
        self.status_html = widgets.HTML()
        self.status_html.add_class("qsearch-play-status")
        controls = widgets.HBox([opponent, self.first_checkbox, self.new_button,
                                 self.undo_button],
                                layout=widgets.Layout(flex_flow="row wrap",
                                                      align_items="center"))
        box = widgets.VBox([controls, self.board, self.roll_html, self.moves_box,
                            self.status_html])
        box.add_class("qsearch-play")
        return box

    def _inputs(self) -> list:
        """Every widget the student can use (all disabled while the opponent thinks)."""
        return [self.first_checkbox, self.new_button, self.undo_button,
                *self.moves_box.children]

    def move_buttons(self) -> dict:
        """``{action: Button}`` of the moves shown now."""
        return {b.action: b for b in self.moves_box.children}

    def _button(self, action) -> widgets.Button:
        button = self._buttons.get(action)
        if button is None:
            button = widgets.Button(layout=widgets.Layout(width="auto", min_width="44px",
                                                          margin="1px"))
            button.action = action
            button.on_click(lambda _b, a=action: self._click(a))
            self._buttons[action] = button
        return button

    def _click(self, action) -> None:
        """A move button: dropped while (or just after) the opponent thinks; an illegal
        move only says why in the status line."""
        if self._stale():
            self._drop_click()
            return
        try:
            self.human_move(action)
        except IllegalMoveError as err:
            self.message = _("Not played: {reason}.").format(reason=error_text(err))
            self._refresh()
            return
        self._safely(self.opponent_move)

    def _safely(self, action: Callable, *args) -> None:
        """Run a button's ``action``; if the opponent's own code fails, say so in the status
        line instead of raising in the widget's callback (Undo and New game still work)."""
        try:
            action(*args)
        except Exception as err:
            self.message = _("The opponent failed: {error}.").format(
                error=f"{type(err).__name__}: {error_text(err)}")
        self._refresh()

    def _refresh(self) -> None:
        if self._widget is None:
            return
        self.board.value = self.board_html()
        self.roll_html.value = f"<p>{escape(self.roll_text())}</p>" if self.rolls else ""
        sign = thinking_badge() if self.thinking else ""
        self.status_html.value = f"<p>{sign}{escape(self.status_text)}</p>"
        mine = self.your_turn() and not self.thinking
        if mine or self.state.is_terminal():   # on the opponent's turn they stay, disabled
            actions = list(self.state.legal_actions()) if mine else []
            buttons = tuple(self._button(a) for a in actions)
            for a, b in zip(actions, buttons, strict=True):
                name = self.move_name(a) or BLANK      # "" would keep the old text
                b.description, b.tooltip = name, _("play {move}").format(move=name)
            if buttons != self.moves_box.children:
                self.moves_box.children = buttons
        for w in self._inputs():
            w.disabled = self.thinking
        for b in self.moves_box.children:
            b.disabled = not mine
        self.undo_button.disabled = self.thinking or not self._snapshots


def text_svg(text: str, font_size: int = 14) -> str:
    """``text`` in a monospace SVG on white (a text board, for viewers without a kernel)."""
    lines = str(text).splitlines() or [""]
    char_w, line_h = font_size * 0.6, font_size * 1.3
    width = int(max(len(line) for line in lines) * char_w + 20)
    height = int(len(lines) * line_h + 16)
    body = "".join(
        f'<text x="10" y="{8 + (i + 1) * line_h - font_size * 0.3:.1f}" '
        f'xml:space="preserve">{escape(line)}</text>' for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" font-family="monospace" font-size="{font_size}">'
            f'<rect width="100%" height="100%" fill="white"/>{body}</svg>')


__all__ = ["PlayGame", "text_svg"]
