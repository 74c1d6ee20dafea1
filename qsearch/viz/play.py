"""Play against the engine in a notebook, with standard ipywidgets only.

``PlayConnect4()`` shows a row of column buttons above the board; ``PlayTicTacToe()`` a 3x3
grid of buttons beside it. Click, and the engine answers with the chosen algorithm and depth,
reporting its value, its move and the nodes it searched. Display the object (last line of a
cell) to get the widget; the same moves work without a browser::

    game = PlayConnect4(depth=4)
    game.human_move(3)        # the human's move only; raises IllegalMoveError if illegal
    game.engine_move()        # the engine's reply: returns its SearchResult
    game.play(2)              # what a click does: human move, then the engine's reply
    game.undo()               # take back to the human's previous turn
    game.state, game.status_text

The board is an SVG string in ``widgets.HTML`` (no ``Output`` widget, so notebooks that show
it pass strict nbval, see ``NOTEBOOKS.md``). Values are from the engine's point of view.

Clicks never play more than the student meant: while the engine searches every input is
disabled and the status says it is thinking; a click that the browser sent before it saw
the inputs disabled (the second click of a double click) reaches the kernel only after the
engine has answered, within a fraction of a second, and is dropped (``click_guard``); the
status line then says that click was not played, and why.
"""
from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable
from html import escape

import ipywidgets as widgets

from qsearch.core.algorithm_names import IN_WIDGETS as ALGORITHM_NAMES
from qsearch.core.errors import IllegalMoveError
from qsearch.core.win_value import read_win, resolve_win_value
from qsearch.games import Connect4, TicTacToe
from qsearch.i18n import _, get_language
from qsearch.search.algorithms import ALGORITHMS
from qsearch.viz.boards import connect4_svg, tictactoe_svg
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.step_controls import fit_content
from qsearch.viz.think_limit import cut_note, within_limit

BLANK = "\u00a0"          # a Button whose description becomes "" keeps its old text
THINKING_BADGE = ("<span class='qsearch-thinking' style='background:#ffe08a;padding:1px 8px;"
                  "border-radius:8px;font-weight:bold;margin-right:6px'>thinking…</span>")


def thinking_badge(said: str | None = None) -> str:
    """The "thinking…" sign (:data:`THINKING_BADGE`) in the language in use; ``said``: its
    text instead (e.g. "agent 3 is thinking…")."""
    return THINKING_BADGE.replace("thinking…", escape(_("thinking…") if said is None else said))


def plural(n: int, word: str) -> str:
    """``1 node``, ``2,431 nodes``, ``1 ply``, ``3 plies`` (English; :func:`counted` says it in
    the language in use)."""
    if n == 1:
        return f"{n:,} {word}"
    return f"{n:,} {word[:-1]}ies" if word.endswith("y") else f"{n:,} {word}s"


def grouped(n: int) -> str:
    """``2,431`` in English, ``2.431`` in Spanish (where a comma marks decimals)."""
    text = f"{n:,}"
    return text.replace(",", ".") if get_language() == "es" else text


def counted(n: int, word: str) -> str:
    """:func:`plural` in the language in use: ``2,431 nodes`` / ``2.431 nodos``. ``word``:
    ``"node"``, ``"ply"``, ``"call"``, ``"iteration"`` or ``"visit"``."""
    one = n == 1
    if word == "node":
        text = _("{n} node") if one else _("{n} nodes")
    elif word == "ply":
        text = _("{n} ply") if one else _("{n} plies")
    elif word == "call":
        text = _("{n} call") if one else _("{n} calls")
    elif word == "iteration":
        text = _("{n} iteration") if one else _("{n} iterations")
    elif word == "visit":
        text = _("{n} visit") if one else _("{n} visits")
    else:
        raise ValueError(f"counted: no words for {word!r}")
    return text.format(n=grouped(n))


def send_widget_updates_now() -> None:
    """Make the browser see the widget changes made so far, before a long search starts.

    The kernel hands its messages to a background thread, which a compiled search holding
    the GIL would keep from running until the search ends (the browser would never see
    "thinking"). A stdout flush in a kernel waits until that thread has sent everything
    queued before it; outside a kernel it does nothing that matters.
    """
    try:
        sys.stdout.flush()
    except (AttributeError, OSError, ValueError):      # no stdout, or a closed one
        pass


def number_text(x: float) -> str:
    """``3``, ``-2.5``, ``0`` (never ``-0``); ``-2,5`` in Spanish."""
    x = 0.0 if x == 0 else x
    text = f"{x:g}"
    return text.replace(".", ",") if get_language() == "es" else text


def shown_error(error: Exception, shown: str) -> Exception:
    """``error`` (its text stays English: programmers read it) carrying ``shown``, what a
    widget's status line says about it in the language in use (see :func:`error_text`)."""
    error.shown = shown
    return error


def error_text(error: Exception) -> str:
    """What a status line says about ``error``: its ``shown`` text, else its own."""
    return getattr(error, "shown", None) or str(error)


def fixed(x: float, digits: int) -> str:
    """``x`` with ``digits`` decimals: ``12.35``; ``12,35`` in Spanish."""
    text = f"{x:.{digits}f}"
    return text.replace(".", ",") if get_language() == "es" else text


def depth_text(depth: int | None) -> str:
    """``depth 4``, or ``to the end`` for None, in the language in use."""
    return _("to the end") if depth is None else _("depth {depth}").format(depth=depth)


def win_text(value: str, who: str, margin: float, plies: int | None) -> str:
    """``3 (the engine wins by 2 in 3 plies with best play)``: a proven win score ``value``
    (already written) for ``who`` ("the engine wins", translated), by ``margin`` (said when
    not 1), ``plies`` away (None: not said)."""
    outcome = who
    if margin != 1:
        outcome += " " + _("by {margin}").format(margin=number_text(margin))
    if plies is not None:
        outcome += " " + _("in {plies}").format(plies=counted(plies, "ply"))
    return _("{value} ({outcome} with best play)").format(value=value, outcome=outcome)


class ThinkingGuard:
    """While the opponent thinks, every input is off; clicks then, or just after, are dropped.

    The kernel runs one callback at a time: a second click sent before the browser saw the
    inputs disabled waits in the kernel's queue and arrives just after the answer, so clicks
    within ``click_guard`` seconds of it are dropped too (counted in ``dropped_clicks``), and
    the status line says so (:attr:`dropped_text`) instead of nothing happening.
    Subclasses call ``_init_guard()`` and define ``_refresh()``; the clock is injectable
    (``_clock``), so tests need no sleeps.
    """

    click_guard = 0.35          # seconds after the answer during which clicks are dropped
    # What the status line says about a dropped click: the student sees why nothing moved
    # (a deliberate click just after the answer is told to click again). English; shown in
    # the language in use (:meth:`_dropped_note`).
    dropped_text = ("Not played: that click came while the engine was moving (or just "
                    "after); click again if you meant it.")

    def _init_guard(self) -> None:
        self.thinking = False            # True while the opponent searches
        self.dropped_clicks = 0          # clicks that arrived while (or just after) it searched
        self._clock = time.monotonic
        self._answered_at = -1e9         # when the opponent last answered (clock seconds)

    def _set_thinking(self, on: bool) -> None:
        """Disable every input and say so while the opponent searches."""
        self.thinking = on
        if not on:
            self._answered_at = self._clock()
        self._refresh()
        if on:
            send_widget_updates_now()

    def _stale(self) -> bool:
        """A click that arrived while the opponent searched or right after its answer."""
        return self.thinking or self._clock() - self._answered_at < self.click_guard

    def _guarded(self, action: Callable) -> None:
        if self._stale():
            self._drop_click()
            return
        action()

    def _drop_click(self) -> None:
        """A stale click: not played, and the status line says why (:attr:`dropped_text`)."""
        self.dropped_clicks += 1
        self.message = self._dropped_note()
        self._refresh()

    def _dropped_note(self) -> str:
        """:attr:`dropped_text` in the language in use."""
        if self.dropped_text == ThinkingGuard.dropped_text:
            return _("Not played: that click came while the engine was moving (or just "
                     "after); click again if you meant it.")
        return _(self.dropped_text)


class _Play(ThinkingGuard, LazyWidget):
    """What both games share: the game loop, the engine, undo, the status line, the widget."""

    game_cls: type = TicTacToe
    depth_options: tuple = ()
    win_value = None            # a terminal win scores win_value - win_decay * plies to it
    win_decay = 0.01            # (default: above every heuristic value), so the engine takes
    order = None                # the quickest win and delays a loss
    colours = ("first", "second")

    def __init__(self, depth, algorithm: str = "alphabeta", evaluate: Callable | None = None,
                 human_first: bool = True):
        if algorithm not in ALGORITHMS:
            raise ValueError(f"algorithm must be one of {sorted(ALGORITHMS)}, not {algorithm!r}")
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                                  or depth < 1):
            raise ValueError(f"depth must be an int >= 1 or None (to the end), not {depth!r}")
        self.depth = depth
        self.algorithm = algorithm
        self.evaluate = evaluate
        self.win_value = resolve_win_value(evaluate, self.win_value, self.win_decay, depth=depth)
        self.human_first = bool(human_first)
        self.last_result = None          # the engine's last SearchResult
        self.message = ""                # a note for the status line (e.g. an illegal click)
        self._init_guard()
        self.state = self.game_cls()
        _built = self.widget             # built at once: every move keeps its buttons in step
        self.new_game()

    # ------------------------------------------------------------------ game logic
    @property
    def human(self) -> int:
        """The human's player number: 0 (moves first) or 1."""
        return 0 if self.human_first else 1

    @property
    def engine(self) -> int:
        return 1 - self.human

    def new_game(self, human_first: bool | None = None) -> None:
        """Start again from the empty board (the engine opens if the human moves second)."""
        if human_first is not None:
            self.human_first = bool(human_first)
        self.state = self.game_cls()
        self.last_result = None
        self.message = ""
        if not self.human_first:
            self.engine_move()
        self._refresh()

    def set_position(self, state) -> None:
        """Continue from a copy of ``state``; the engine moves at once if it is its turn.

        Undo can go back through ``state``'s own history too.
        """
        if not isinstance(state, self.game_cls):
            raise TypeError(f"expected a {self.game_cls.__name__}, not {type(state).__name__}")
        self.state = state.clone()
        self.last_result = None
        self.message = ""
        if not self.state.is_terminal() and self.state.current_player() == self.engine:
            self.engine_move()
        self._refresh()

    def human_move(self, action: int) -> None:
        """Play the human's ``action``; IllegalMoveError (state unchanged) if it is not legal."""
        if self.state.is_terminal():
            raise IllegalMoveError(f"action {action} is illegal: the game is over")
        if self.state.current_player() != self.human:
            raise IllegalMoveError(f"action {action} is illegal: it is the engine's turn")
        self.state.apply_action(action)          # validates: raises before changing anything
        self.last_result = None                  # the status now reports this move's outcome
        self.message = ""
        self._refresh()

    def engine_move(self):
        """Let the engine search and play; returns the SearchResult."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over: the engine has no move")
        search = ALGORITHMS[self.algorithm]
        self._set_thinking(True)
        try:
            def search_at(depth):
                return search(self.state, depth, self.evaluate, order=self.order,
                              win_value=self.win_value, win_decay=self.win_decay)
            result, _reached = within_limit(search_at, self.depth)
            self.state.apply_action(result.action)
            self.last_result = result
        finally:
            self._set_thinking(False)
        return result

    def play(self, action: int):
        """A click: the human's move, then (unless the game ended) the engine's reply."""
        self.human_move(action)
        if not self.state.is_terminal():
            return self.engine_move()
        return None

    def undo(self) -> int:
        """Take back the human's last move and the engine's replies; returns how many plies.

        Returns 0 (and changes nothing) if the human has not moved yet.
        """
        history = self.state.history()
        human_plies = [i for i in range(len(history)) if i % 2 == self.human]
        if not human_plies:
            return 0
        undone = len(history) - human_plies[-1]
        for _step in range(undone):
            self.state.undo_action()
        self.last_result = None
        self.message = ""
        self._refresh()
        return undone

    # ---------------------------------------------------------------- status text
    def _value_text(self, value: float) -> str:
        if math.isinf(value):                    # a win worth inf: no distance to tell
            return _("the engine wins") if value > 0 else _("you win")
        found = None
        if abs(value) > self.win_value / 2:      # a proven result: say how far away it is
            found = read_win(abs(value), self.win_value, self.win_decay)
        if found is None:
            return number_text(value)
        margin, plies = found                    # the game's return and the plies to it
        who = _("the engine wins") if value > 0 else _("you win")
        return win_text(number_text(value), who, margin, plies)

    def _result_text(self) -> str:
        winner = self.state.winner_player()
        if winner is None:
            return _("Game over: a draw.")
        return _("Game over: you win!") if winner == self.human else \
            _("Game over: the engine wins.")

    @property
    def status_text(self) -> str:
        """The status line: the engine's last move and search, then whose turn / the result."""
        parts = [text for text in (self.engine_text(), self.message) if text]
        if self.state.is_terminal():
            parts.append(self._result_text())
        elif self.thinking or self.state.current_player() != self.human:
            parts.append(_("The engine is thinking…"))
        else:
            parts.append(_("Your move: you play {colour}.").format(
                colour=_(self.colours[self.human])))
        return " ".join(parts)

    def engine_text(self) -> str:
        """What the engine did last ("" before its first move)."""
        r = self.last_result
        if r is None:
            return ""
        text = _("Engine ({algorithm}, {depth}) played {move}: value {value}, {nodes} "
                 "searched.").format(algorithm=r.algorithm, depth=depth_text(r.depth),
                                     move=self.move_name(r.action),
                                     value=self._value_text(r.value),
                                     nodes=counted(r.nodes, "node"))
        cut = "" if self.depth is None else cut_note(r.depth, self.depth)
        return f"{text} {cut}" if cut else text

    def move_name(self, action: int) -> str:
        """The move as the board shows it."""
        return self.state.action_to_string(action)

    def illegal_text(self, action: int) -> str:
        """Why a click on ``action`` is not played, in the board's words."""
        if self.state.is_terminal():
            return _("the game is over: press New game")
        if self.state.current_player() != self.human:
            return _("it is the engine's turn")
        return _("{move} is not free").format(move=self.move_name(action))

    # -------------------------------------------------------------------- widget
    def _build_widget(self):
        # A Dropdown's value None means "nothing selected": "to the end" is 0 in the widget.
        depth_labels = [(_("to the end") if d is None else str(d), d or 0)
                        for d in self.depth_options]
        if self.depth not in self.depth_options:
            depth_labels.append((str(self.depth), self.depth or 0))
        self.depth_dropdown = widgets.Dropdown(options=depth_labels, value=self.depth or 0,
                                               description=_("depth"),
                                               style={"description_width": "initial"},
                                               layout=fit_content())
        self.algorithm_dropdown = widgets.Dropdown(options=list(ALGORITHM_NAMES),
                                                   value=self.algorithm,
                                                   description=_("algorithm"),
                                                   style={"description_width": "initial"},
                                                   layout=fit_content())
        if self.algorithm not in ALGORITHM_NAMES:
            self.algorithm_dropdown.options = [*ALGORITHM_NAMES, self.algorithm]
            self.algorithm_dropdown.value = self.algorithm
        self.first_checkbox = widgets.Checkbox(value=not self.human_first,
                                               description=_("engine opens"),
                                               indent=False, layout=fit_content())
        self.new_button = widgets.Button(description=_("New game"), icon="refresh",
                                         layout=fit_content())
        self.undo_button = widgets.Button(description=_("Undo"), icon="undo",
                                          layout=fit_content())
        self.board_html = widgets.HTML()
        self.status_html = widgets.HTML()
        self.status_html.add_class("qsearch-play-status")
        self.depth_dropdown.observe(self._on_depth, names="value")
        self.algorithm_dropdown.observe(self._on_algorithm, names="value")
        self.new_button.on_click(lambda _b: self._guarded(
            lambda: self.new_game(not self.first_checkbox.value)))
        self.undo_button.on_click(lambda _b: self._guarded(self.undo))
        controls = widgets.HBox([self.depth_dropdown, self.algorithm_dropdown,
                                 self.first_checkbox, self.new_button, self.undo_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        box = widgets.VBox([controls, self._board_box(), self.status_html])
        box.add_class("qsearch-play")
        return box

    def _inputs(self) -> list:
        """Every widget the student can use (all disabled while the engine thinks)."""
        return [self.depth_dropdown, self.algorithm_dropdown, self.first_checkbox,
                self.new_button, self.undo_button]

    def _on_depth(self, change) -> None:
        self.depth = change["new"] or None

    def _on_algorithm(self, change) -> None:
        self.algorithm = change["new"]

    def _click(self, action: int) -> None:
        if self._stale():
            self._drop_click()
            return
        if action not in self.state.legal_actions() or self.state.current_player() != self.human:
            self.message = _("Not played: {reason}.").format(reason=self.illegal_text(action))
            self._refresh()
            return
        self.play(action)

    def _refresh(self) -> None:
        if self._widget is None:
            return
        self.board_html.value = self.svg()
        sign = thinking_badge() if self.thinking else ""
        self.status_html.value = f"<p>{sign}{escape(self.status_text)}</p>"
        for w in self._inputs():
            w.disabled = self.thinking
        self.undo_button.disabled = self.thinking or not self.state.history()
        self._refresh_buttons()

    def _repr_svg_(self) -> str:
        """The board, for viewers without a kernel (IPython adds it beside the widget)."""
        return self.svg()

    # Per game: the board's widgets, its drawing, which buttons are live.
    def _board_box(self):
        raise NotImplementedError

    def _refresh_buttons(self) -> None:
        raise NotImplementedError

    def svg(self) -> str:
        raise NotImplementedError


class PlayConnect4(_Play):
    """Connect-4 against the engine: column buttons above the board.

    The default engine is document 001's: alpha-beta at depth 6 with the evaluation table
    (``qsearch.heuristics.connect4.evaluation_table``), children searched centre first. A
    win scores 10000 minus the plies to it, far above any table score (at most 276).
    """

    game_cls = Connect4
    depth_options = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
    win_value = 10_000.0
    win_decay = 1.0
    order = (3, 2, 4, 1, 5, 0, 6)
    size = 350                    # board width in pixels: 7 buttons of 50 px above it
    colours = ("red", "yellow")

    def __init__(self, depth: int = 6, algorithm: str = "alphabeta",
                 evaluate: Callable | None = None, human_first: bool = True):
        if evaluate is None:
            from qsearch.heuristics.connect4 import evaluation_table
            evaluate = evaluation_table
        super().__init__(depth, algorithm, evaluate, human_first)

    def move_name(self, action: int) -> str:
        return _("column {number}").format(number=action + 1)

    def illegal_text(self, action: int) -> str:
        if (not self.state.is_terminal() and self.state.current_player() == self.human
                and 0 <= action < 7):
            return _("column {number} is full").format(number=action + 1)
        return super().illegal_text(action)

    def _board_box(self):
        width = f"{self.size // 7}px"
        self.column_buttons = []
        for col in range(7):
            button = widgets.Button(description=str(col + 1),
                                    tooltip=_("drop in column {number}").format(number=col + 1),
                                    layout=widgets.Layout(width=width, margin="0"))
            button.on_click(lambda _b, c=col: self._click(c))
            self.column_buttons.append(button)
        return widgets.VBox([widgets.HBox(self.column_buttons), self.board_html])

    def _refresh_buttons(self) -> None:
        legal = set(self.state.legal_actions())
        human_turn = self.state.current_player() == self.human
        for col, button in enumerate(self.column_buttons):
            button.disabled = self.thinking or not (human_turn and col in legal)

    def svg(self) -> str:
        return connect4_svg(self.state, size=self.size, labels=False)


class PlayTicTacToe(_Play):
    """Tic-tac-toe against the engine: a 3x3 grid of buttons beside the board.

    The default engine searches to the end of the game (``depth=None``), so it never loses;
    leaves need no evaluation. A win scores 3 (the default win value, above every heuristic
    value) minus 0.01 per ply to it.
    """

    game_cls = TicTacToe
    depth_options = (None, 1, 2, 3, 4, 5, 6, 7, 8)
    marks = ("X", "O")
    colours = ("X (blue)", "O (red)")
    square_names = ("the top-left corner", "the top edge", "the top-right corner",
                    "the left edge", "the centre", "the right edge",
                    "the bottom-left corner", "the bottom edge", "the bottom-right corner")

    def __init__(self, depth: int | None = None, algorithm: str = "alphabeta",
                 evaluate: Callable | None = None, human_first: bool = True):
        super().__init__(depth, algorithm, evaluate, human_first)

    def move_name(self, action: int) -> str:
        if 0 <= action < 9:
            return _(self.square_names[action])
        return _("square {number}").format(number=action)

    def _board_box(self):
        self.cell_buttons = []
        for cell in range(9):
            button = widgets.Button(description=BLANK,
                                    tooltip=_("play {square}").format(square=self.move_name(cell)),
                                    layout=widgets.Layout(width="48px", height="48px",
                                                          margin="0"))
            button.on_click(lambda _b, c=cell: self._click(c))
            self.cell_buttons.append(button)
        grid = widgets.GridBox(self.cell_buttons, layout=widgets.Layout(
            grid_template_columns="repeat(3, 50px)", grid_gap="2px", width="160px"))
        return widgets.HBox([grid, self.board_html])

    def _refresh_buttons(self) -> None:
        legal = set(self.state.legal_actions())
        human_turn = self.state.current_player() == self.human
        for cell, button in enumerate(self.cell_buttons):
            owner = self.state.cell(cell)
            button.description = self.marks[owner] if owner >= 0 else BLANK
            button.disabled = self.thinking or not (human_turn and cell in legal)

    def svg(self) -> str:
        return tictactoe_svg(self.state, size=150)
