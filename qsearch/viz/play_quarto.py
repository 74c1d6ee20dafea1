"""Play document 000's Quarto against its AB_MINIMAX or the perfect player, with standard
ipywidgets only.

The document's ``GAME.INTERACTIVE`` asks for a row number of the free positions and of the
pieces in an R ``menu``; here you click a square and a piece (in either order) and the
opponent answers, its move named in words ("placed the dark round tall hollow piece (2358) at
row 2, column 3"). Everything works without a browser too::

    game = PlayQuarto()
    game.select_square(12)          # row 1, column 4: square numbers go column by column
    game.select_piece(0)            # 1357: both chosen, so you move and the engine answers
    game.play(game.state.string_to_action("(2,2) 2468"))   # the same in one call
    game.undo(); game.new_game(human_first=False)
    game.state, game.status_text, game.last_result
    game.verdict()                  # "won" / "drawn" / "lost" for you, with best play
    game.who_wins()                 # the "Who wins?" button: the verdict in the status line,
                                    # with the piece that completes a line when it is known

``PlayQuarto(opponent="perfect")`` plays the solved game's perfect player instead
(:class:`qsearch.proofs.quarto_own.PerfectPlayer`): against it the first player cannot win.

As in :mod:`qsearch.viz.play`, while the opponent searches (or "Who wins?" is worked out) a
"thinking…" sign shows, every input is disabled and a click reaching the kernel then, or just
after (the second click of a double click), is dropped. The board is an SVG string in
``widgets.HTML`` (no ``Output`` widget: strict nbval passes).
"""
from __future__ import annotations

from html import escape

import ipywidgets as widgets

from qsearch.core.errors import IllegalMoveError
from qsearch.documents.quarto_ab_minimax import document_depth
from qsearch.games import OwnPieceQuarto
from qsearch.i18n import _, get_language
from qsearch.reference.quarto import piece_code, piece_description
from qsearch.search.quarto_ab import ab_minimax
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.play import ThinkingGuard, counted, number_text, thinking_badge
from qsearch.viz.quarto_svg import quarto_svg
from qsearch.viz.step_controls import fit_content
from qsearch.viz.think_limit import cut_note, deepen, limit

BUTTON = widgets.Layout(width="72px", height="36px", margin="1px", flex="0 0 auto")
GRID = widgets.Layout(grid_template_columns="repeat(4, 74px)", width="300px")
VERDICT_WORDS = {"won": "you win", "drawn": "it is a draw"}   # English; shown translated


def ordinal(n: int) -> str:
    """``ordinal(14) == "14th"``, ``ordinal(1) == "1st"``, ``ordinal(12) == "12th"``; in
    Spanish ``14.ª`` (of a piece: feminine)."""
    if get_language() == "es":
        return f"{n}.ª"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def square_words(square: int) -> str:
    """``square_words(12) == "row 1, column 4"`` (squares go column by column, as drawn)."""
    return _("row {row}, column {column}").format(row=square % 4 + 1, column=square // 4 + 1)


def attribute_words(piece: int) -> str:
    """``attribute_words(0) == "light round tall solid"``: :func:`piece_description` in the
    language in use ("clara, redonda, alta y maciza")."""
    words = [_(word) for word in piece_description(piece).split()]
    if get_language() == "es":                      # "clara, redonda, alta y maciza"
        return ", ".join(words[:-1]) + " y " + words[-1]
    return " ".join(words)


def piece_words(piece: int) -> str:
    """``piece_words(0) == "the light round tall solid piece (1357)"``: the attributes the board
    draws, then the code written under the piece."""
    return _("the {attributes} piece ({code})").format(attributes=attribute_words(piece),
                                                       code=piece_code(piece))


def placement_words(action: int) -> str:
    """A placement in words: ``placement_words(192) == "the light round tall solid piece
    (1357) at row 1, column 4"``."""
    return _("{piece} at {square}").format(piece=piece_words(action % 16),
                                           square=square_words(action // 16))


def _index(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"a {what} is an int 0..15, not {type(value).__name__}")
    if not 0 <= value < 16:
        raise ValueError(f"{what}s are 0..15, not {value}")
    return value


class PlayQuarto(ThinkingGuard, LazyWidget):
    """You against the document's alpha-beta (depth 4, payoff 10 - depth) or the perfect player.

    ``depth``: None for the document's rule (4, never past the 15th placement) or an int;
    ``evaluate``: None (the document's payoff) or a :class:`~qsearch.heuristics.quarto.LineCredit`;
    ``opponent``: ``"document"`` (that search) or ``"perfect"`` (the solved game's player).
    """

    def __init__(self, depth: int | None = None, evaluate=None, human_first: bool = True,
                 opponent: str = "document"):
        if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int)
                                  or depth < 1):
            raise ValueError(f"depth must be None (the document's) or an int >= 1, not {depth!r}")
        if opponent not in ("document", "perfect"):
            raise ValueError(f"opponent must be 'document' or 'perfect', not {opponent!r}")
        self.opponent = opponent
        self.opponent_name = "the perfect player" if opponent == "perfect" else "the engine"
        self._perfect = None                  # built on first use: it loads the proof
        self.depth = depth
        self.evaluate = evaluate
        self.human_first = bool(human_first)
        self.state = OwnPieceQuarto()
        self.square: int | None = None        # your pending choices
        self.piece: int | None = None
        self.last_result = None               # the document engine's last SearchResult
        self.asked_depth: int | None = None   # the depth its last search was asked for
        self.engine_action: int | None = None   # the opponent's last placement
        self.verdict_text = ""                # "Who wins?"'s answer, until the position changes
        self.message = ""
        self._task = "move"                   # what the thinking sign is for: "move" / "verdict"
        self._init_guard()
        _built = self.widget             # built at once: every move keeps its buttons in step
        self.new_game()

    # ------------------------------------------------------------------ game logic
    @property
    def human(self) -> int:
        """Your player number: 0 (you place the first piece) or 1."""
        return 0 if self.human_first else 1

    def _clear(self) -> None:
        """Forget what belonged to the previous position."""
        self.square = self.piece = None
        self.last_result = None
        self.engine_action = None
        self.verdict_text = ""
        self.message = ""

    def new_game(self, human_first: bool | None = None) -> None:
        """Start again; the opponent moves at once if it plays first."""
        if human_first is not None:
            self.human_first = bool(human_first)
        self.state = OwnPieceQuarto()
        self._clear()
        if not self.human_first:
            self.engine_move()
        self._refresh()

    def _your_turn(self) -> bool:
        return not self.state.is_terminal() and self.state.current_player() == self.human

    def _check_turn(self) -> None:
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over: press New game")
        if self.state.current_player() != self.human:
            raise IllegalMoveError(f"it is {self.opponent_name}'s turn")

    def select_square(self, square: int) -> None:
        """Choose the square (0..15, column by column); you move once a piece is chosen too.

        IllegalMoveError (nothing chosen) if the square is taken or it is not your turn.
        """
        square = _index(square, "square")
        self._check_turn()
        if self.state.board_pieces()[square] >= 0:
            raise IllegalMoveError(f"the square at {square_words(square)} is taken")
        self.square = square
        self._maybe_move()

    def select_piece(self, piece: int) -> None:
        """Choose the piece (0..15); you move once a square is chosen too.

        IllegalMoveError (nothing chosen) if the piece is used or it is not your turn.
        """
        piece = _index(piece, "piece")
        self._check_turn()
        if piece not in self.state.pieces_left():
            raise IllegalMoveError(f"{piece_words(piece)} is already on the board")
        self.piece = piece
        self._maybe_move()

    def _maybe_move(self) -> None:
        if self.square is not None and self.piece is not None:
            self.play(16 * self.square + self.piece)     # both free: always legal
        else:
            self.message = ""
            self._refresh()

    def human_move(self, action: int) -> None:
        """Your placement only. Raises IllegalMoveError (state unchanged) if illegal."""
        self._check_turn()
        self.state.apply_action(action)          # validates before changing anything
        self._clear()
        self._refresh()

    def engine_move(self):
        """The opponent's reply; returns its SearchResult (None: a forced or perfect move)."""
        if self.state.is_terminal():
            return None
        self._task = "move"
        self._set_thinking(True)
        try:
            result = None
            actions = self.state.legal_actions()
            if len(actions) == 1:
                action = actions[0]
            elif self.opponent == "perfect":
                action = self.perfect_player()(self.state)
            else:
                result = self._search()
                action = result.action
            self.state.apply_action(action)
            self.last_result = result
            self.engine_action = action
        finally:
            self._set_thinking(False)
        return result

    def _search(self):
        """The document's search here (deepening within the browser's time limit)."""
        seconds = limit()
        asked = self.depth if self.depth is not None else document_depth(self.state)
        self.asked_depth = asked
        if seconds is None or asked < 1:
            return ab_minimax(self.state, self.depth, self.evaluate, win_check=True)
        result, _reached = deepen(
            lambda d: ab_minimax(self.state, d, self.evaluate, win_check=True), asked, seconds)
        return result

    def perfect_player(self):
        """The solved game's perfect player (the proof is read once)."""
        if self._perfect is None:
            from qsearch.proofs.quarto_own import PerfectPlayer, load_proof

            self._perfect = PerfectPlayer(load_proof())
        return self._perfect

    def verdict(self) -> str:
        """"won", "drawn" or "lost": the position for you, with best play on both sides (the
        proof near the start, an exact solve below it; positions off the proof with few pieces
        placed can take some seconds)."""
        return self._best_play()[0]

    def _best_play(self) -> tuple:
        """``(verdict, piece, at the latest)``: the verdict for you, and the piece with which
        the winner completes a line with best play (None if a draw or not worked out; see
        :meth:`qsearch.proofs.quarto_own.PerfectPlayer.outcome`)."""
        s = self.state
        if s.is_terminal():
            w = s.winner_player()
            return ("drawn" if w is None else ("won" if w == self.human else "lost"), None,
                    False)
        out = self.perfect_player().outcome(s)      # for the side to move
        v = out.value if s.current_player() == self.human else -out.value
        return {1: "won", 0: "drawn", -1: "lost"}[v], out.piece, out.at_the_latest

    def who_wins(self) -> str:
        """What "Who wins?" does: work the verdict out (the thinking sign showing meanwhile),
        put it in the status line until the position changes, and return it."""
        if self.state.is_terminal():
            self.verdict_text = ""
            self._refresh()
            return self.verdict()
        self._task = "verdict"
        self._set_thinking(True)
        try:
            verdict, piece, latest = self._best_play()
            if verdict in VERDICT_WORDS:
                outcome = _(VERDICT_WORDS[verdict])
            else:
                outcome = _("{opponent} wins").format(opponent=self._opponent_words())
            if piece is not None:
                outcome += (_(", completing a line with the {ordinal} piece at the latest")
                            if latest else _(", completing a line with the {ordinal} piece")
                            ).format(ordinal=ordinal(piece))
            if self._your_turn():
                self.verdict_text = _("Who wins? With best play on both sides from here (you "
                                      "to move), {outcome}.").format(outcome=outcome)
            else:
                self.verdict_text = _("Who wins? With best play on both sides from here "
                                      "({opponent} to move), {outcome}.").format(
                    opponent=self._opponent_words(), outcome=outcome)
        finally:
            self._set_thinking(False)
        return verdict

    def play(self, action: int):
        """What a click does: your move, then the opponent's answer."""
        self.human_move(action)
        result = None
        if not self.state.is_terminal():
            result = self.engine_move()
        self._refresh()
        return result

    def _your_last_move(self) -> int | None:
        """The index in the history of your last placement (None: you have not placed one)."""
        mine = [i for i in range(len(self.state.history())) if i % 2 == self.human]
        return mine[-1] if mine else None

    def undo(self) -> int:
        """Take back your last placement and the answer to it; returns how many placements.

        Returns 0 (and changes nothing) if you have not moved yet: the opponent's opening
        placement is never taken back (it would not move again).
        """
        last = self._your_last_move()
        if last is None:
            return 0
        undone = len(self.state.history()) - last
        for _step in range(undone):
            self.state.undo_action()
        self._clear()
        self._refresh()
        return undone

    # ------------------------------------------------------------------ text
    def engine_text(self) -> str:
        """What the opponent did last, in words ("" before its first move)."""
        if self.engine_action is None:
            return ""
        r = self.last_result
        placed = placement_words(self.engine_action)
        if r is None:
            text = _("{opponent} placed {placement}.").format(opponent=self._opponent_words(),
                                                              placement=placed)
        else:
            text = _("{opponent} placed {placement}: value {value} for the engine, {nodes} "
                     "searched.").format(opponent=self._opponent_words(), placement=placed,
                                         value=number_text(r.value),
                                         nodes=counted(r.nodes, "node"))
            cut = cut_note(r.depth, self.asked_depth) if self.asked_depth else ""
            text = f"{text} {cut}" if cut else text
        return text[0].upper() + text[1:]

    def _opponent_words(self) -> str:
        """:attr:`opponent_name` in the language in use ("the engine")."""
        return _("the perfect player") if self.opponent == "perfect" else _("the engine")

    def _result_text(self) -> str:
        w = self.state.winner_player()
        if w is None:
            return _("Game over: a draw.")
        return _("Game over: you win!") if w == self.human else \
            _("Game over: {opponent} wins.").format(opponent=self._opponent_words())

    def _prompt(self) -> str:
        if self.square is not None:
            return _("Your move: the square at {square}; now click a piece.").format(
                square=square_words(self.square))
        if self.piece is not None:
            return _("Your move: {piece}; now click a square.").format(
                piece=piece_words(self.piece))
        return _("Your move: click a square and a piece.")

    @property
    def status_text(self) -> str:
        """The status line: the opponent's last move, the verdict, what to do now."""
        if self.thinking and self._task == "verdict":
            return _("Working out who wins with best play from here.")
        parts = [text for text in (self.engine_text(), self.verdict_text, self.message) if text]
        if self.state.is_terminal():
            parts.append(self._result_text())
        elif self.thinking or not self._your_turn():
            text = _("{opponent} is choosing its move.").format(
                opponent=self._opponent_words())
            parts.append(text[0].upper() + text[1:])
        else:
            parts.append(self._prompt())
        return " ".join(parts)

    def svg(self) -> str:
        """The board: the opponent's last square and your chosen square outlined, your chosen
        piece ringed among the pieces left."""
        history = self.state.history()
        highlight = [history[-1] // 16] if history else []
        if self.square is not None:
            highlight.append(self.square)
        return quarto_svg(self.state, highlight=highlight, chosen_piece=self.piece)

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        self._square_buttons = []                  # index = square (column by column)
        for s in range(16):
            r, c = s % 4 + 1, s // 4 + 1
            b = widgets.Button(description=f"({r},{c})", tooltip=square_words(s),
                               layout=BUTTON)
            b.on_click(lambda _b, s=s: self._click(self.select_square, s))
            self._square_buttons.append(b)
        grid = widgets.GridBox([self._square_buttons[4 * c + r] for r in range(4)
                                for c in range(4)], layout=GRID)   # drawn row by row
        self._piece_buttons = []
        for p in range(16):
            b = widgets.Button(description=piece_code(p), tooltip=attribute_words(p),
                               layout=BUTTON)
            b.on_click(lambda _b, p=p: self._click(self.select_piece, p))
            self._piece_buttons.append(b)
        pieces = widgets.GridBox(self._piece_buttons, layout=GRID)
        self._board = widgets.HTML(layout=widgets.Layout(flex="0 0 auto"))
        self._board.add_class("qsearch-play-board")
        self._status = widgets.HTML()
        self._status.add_class("qsearch-play-status")
        self._new = widgets.Button(description=_("New game"), icon="refresh",
                                   layout=fit_content())
        self._new.on_click(lambda _b: self._guarded(lambda: self.new_game(self._first.value)))
        self._undo = widgets.Button(description=_("Undo"), icon="undo",
                                    layout=fit_content())
        self._undo.on_click(lambda _b: self._guarded(self.undo))
        self._judge = widgets.Button(description=_("Who wins?"), icon="balance-scale",
                                     tooltip=_("with best play on both sides from here"),
                                     layout=fit_content())
        self._judge.on_click(lambda _b: self._guarded(self.who_wins))
        self._first = widgets.Checkbox(value=self.human_first, description=_("I move first"),
                                       tooltip=_("used from the next New game"), indent=False,
                                       layout=fit_content())
        buttons = widgets.HBox([self._new, self._undo, self._judge, self._first],
                               layout=widgets.Layout(flex_flow="row wrap"))
        controls = widgets.VBox([widgets.HTML(_("<b>square</b> (row, column)")), grid,
                                 widgets.HTML(_("<b>piece</b>")), pieces],
                                layout=widgets.Layout(flex="0 0 auto"))
        top = widgets.HBox([self._board, controls], layout=widgets.Layout(flex_flow="row wrap"))
        box = widgets.VBox([top, buttons, self._status])
        box.add_class("qsearch-play")
        return box

    def _click(self, select, index: int) -> None:
        """A square or piece button: dropped if stale (during or just after a think) or no
        longer free (the second click of a slow double click on a piece just played)."""
        if self._stale() or not self._your_turn():
            self._drop_click()
            return
        try:
            select(index)
        except IllegalMoveError:
            self._drop_click()                   # its button was disabled: a stale click

    def _inputs(self) -> list:
        """Every widget the student can use (all disabled while the opponent thinks)."""
        return [*self._square_buttons, *self._piece_buttons, self._new, self._undo,
                self._judge, self._first]

    def _refresh(self) -> None:
        if self._widget is None:
            return
        live = self._your_turn() and not self.thinking
        taken = self.state.board_pieces()
        for s, b in enumerate(self._square_buttons):
            b.disabled = not live or taken[s] >= 0
            b.button_style = "info" if s == self.square else ""
        left = set(self.state.pieces_left())
        for p, b in enumerate(self._piece_buttons):
            b.disabled = not live or p not in left
            b.button_style = "info" if p == self.piece else ""
        self._new.disabled = self._first.disabled = self.thinking
        self._undo.disabled = self.thinking or self._your_last_move() is None
        self._judge.disabled = self.thinking or self.state.is_terminal()
        self._board.value = self.svg()
        sign = thinking_badge() if self.thinking else ""
        self._status.value = f"<p>{sign}{escape(self.status_text)}</p>"

    def _repr_svg_(self) -> str:
        """The board, for viewers without a kernel (IPython adds it beside the widget)."""
        return self.svg()
