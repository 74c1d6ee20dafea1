"""Play document 000's Quarto against its AB_MINIMAX, with standard ipywidgets only.

The document's ``GAME.INTERACTIVE`` asks for a row number of the free positions and of the
pieces in an R ``menu``; here you click a square and a piece (in either order) and the
engine answers with the document's search, showing its move, its value and the nodes it
searched. Everything works without a browser too::

    game = PlayQuarto()
    game.select_square(12)          # (1,4): square numbers go column by column
    game.select_piece(0)            # 1357: both chosen, so the human moves and the engine answers
    game.play(game.state.string_to_action("(2,2) 2468"))   # the same in one call
    game.undo(); game.new_game(human_first=False)
    game.state, game.status_text, game.last_result
    game.verdict()                  # "won" / "drawn" / "lost" for you, with best play

``PlayQuarto(opponent="perfect")`` plays the solved game's perfect player instead
(:class:`qsearch.proofs.quarto_own.PerfectPlayer`): against it the first player cannot win.

The board is an SVG string in ``widgets.HTML`` (no ``Output`` widget: strict nbval passes).
"""
from __future__ import annotations

import ipywidgets as widgets

from qsearch.core.errors import IllegalMoveError
from qsearch.games import OwnPieceQuarto
from qsearch.reference.quarto import piece_code, square_name
from qsearch.search.quarto_ab import ab_minimax
from qsearch.viz.lazy_widget import LazyWidget
from qsearch.viz.play import number_text, plural
from qsearch.viz.quarto_svg import quarto_svg


class PlayQuarto(LazyWidget):
    """Human against the document's alpha-beta (depth 4, payoff 10 - depth) on its variant.

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
        self._perfect = None                  # built on first use: it loads the proof
        self.depth = depth
        self.evaluate = evaluate
        self.human_first = bool(human_first)
        self.state = OwnPieceQuarto()
        self.square: int | None = None       # the human's pending choices
        self.piece: int | None = None
        self.last_result = None
        self.message = ""
        _ = self.widget                  # built at once: every move keeps its buttons in step
        self.new_game()

    # ------------------------------------------------------------------ game logic
    @property
    def human(self) -> int:
        return 0 if self.human_first else 1

    def new_game(self, human_first: bool | None = None) -> None:
        """Start again; the engine moves at once if it plays first."""
        if human_first is not None:
            self.human_first = bool(human_first)
        self.state = OwnPieceQuarto()
        self.square = self.piece = None
        self.last_result = None
        self.message = ""
        if not self.human_first:
            self.engine_move()
        self._refresh()

    def select_square(self, square: int) -> None:
        """Choose the square (0..15); moves once a piece is chosen too."""
        self.square = square
        self._maybe_move()

    def select_piece(self, piece: int) -> None:
        """Choose the piece (0..15); moves once a square is chosen too."""
        self.piece = piece
        self._maybe_move()

    def _maybe_move(self) -> None:
        if self.square is not None and self.piece is not None:
            action = 16 * self.square + self.piece
            self.square = self.piece = None
            try:
                self.play(action)
            except IllegalMoveError as err:
                self.message = str(err).split(";")[0]
        self._refresh()

    def human_move(self, action: int) -> None:
        """The human's placement only. Raises IllegalMoveError (state unchanged) if illegal."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over: start a new one")
        if self.state.current_player() != self.human:
            raise IllegalMoveError("it is the engine's turn")
        self.state.apply_action(action)
        self.message = ""

    def engine_move(self):
        """The engine's reply; returns its SearchResult (None if the move was forced)."""
        if self.state.is_terminal():
            return None
        actions = self.state.legal_actions()
        if len(actions) == 1:
            self.last_result = None
            self.state.apply_action(actions[0])
            return None
        if self.opponent == "perfect":
            self.last_result = None
            self.state.apply_action(self.perfect_player()(self.state))
            return None
        result = ab_minimax(self.state, self.depth, self.evaluate, win_check=True)
        self.last_result = result
        self.state.apply_action(result.action)
        return result

    def perfect_player(self):
        """The solved game's perfect player (the proof is read once)."""
        if self._perfect is None:
            from qsearch.proofs.quarto_own import PerfectPlayer, load_proof

            self._perfect = PerfectPlayer(load_proof())
        return self._perfect

    def verdict(self) -> str:
        """"won", "drawn" or "lost": the position for the student, with best play on both
        sides (the proof near the start, an exact solve below it; early positions off the
        proof can take some seconds)."""
        s = self.state
        if s.is_terminal():
            w = s.winner_player()
            return "drawn" if w is None else ("won" if w == self.human else "lost")
        v = self.perfect_player().value(s)          # for the side to move
        if s.current_player() != self.human:
            v = -v
        return {1: "won", 0: "drawn", -1: "lost"}[v]

    def play(self, action: int):
        """What a click does: the human's move, then the engine's answer."""
        self.human_move(action)
        result = None
        if not self.state.is_terminal():
            result = self.engine_move()
        self._refresh()
        return result

    def undo(self) -> None:
        """Take back to the human's previous turn."""
        history = self.state.history()
        while history:
            self.state.undo_action()
            history.pop()
            if self.state.current_player() == self.human:
                break
        self.last_result = None
        self._refresh()

    # ------------------------------------------------------------------ text
    @property
    def status_text(self) -> str:
        s = self.state
        parts = []
        if self.last_result is not None:
            r = self.last_result
            parts.append(f"engine played {s.action_to_string(r.action)}: value "
                         f"{number_text(r.value)} for the engine, {plural(r.nodes, 'node')}")
        if s.is_terminal():
            w = s.winner_player()
            parts.append("draw" if w is None else ("you win!" if w == self.human
                                                   else "the engine wins"))
        else:
            chosen = []
            if self.square is not None:
                chosen.append(f"square {square_name(self.square)}")
            if self.piece is not None:
                chosen.append(f"piece {piece_code(self.piece)}")
            parts.append("your move" + (f" ({', '.join(chosen)})" if chosen else
                                        ": click a square and a piece"))
        if self.message:
            parts.append(self.message)
        return " | ".join(parts)

    def svg(self) -> str:
        highlight = [] if not self.state.history() else [self.state.history()[-1] >> 4]
        if self.square is not None:
            highlight.append(self.square)
        return quarto_svg(self.state, highlight=highlight)

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        layout = widgets.Layout(width="64px", height="40px")
        self._square_buttons = []
        for r in range(4):
            for c in range(4):
                b = widgets.Button(description=f"({r + 1},{c + 1})", layout=layout)
                b.on_click(lambda _b, s=4 * c + r: self.select_square(s))
                self._square_buttons.append((4 * c + r, b))
        self._square_buttons.sort(key=lambda x: x[0])
        grid = widgets.GridBox([b for _, b in sorted(self._square_buttons,
                                                     key=lambda x: (x[0] % 4, x[0] // 4))],
                               layout=widgets.Layout(grid_template_columns="repeat(4, 68px)"))
        self._piece_buttons = []
        for p in range(16):
            b = widgets.Button(description=piece_code(p), layout=layout)
            b.on_click(lambda _b, p=p: self.select_piece(p))
            self._piece_buttons.append(b)
        pieces = widgets.GridBox(self._piece_buttons,
                                 layout=widgets.Layout(grid_template_columns="repeat(4, 68px)"))
        self._board = widgets.HTML()
        self._status = widgets.HTML()
        new = widgets.Button(description="new game")
        new.on_click(lambda _b: self.new_game(self._first.value))
        undo = widgets.Button(description="undo")
        undo.on_click(lambda _b: self.undo())
        judge = widgets.Button(description="who wins?", tooltip="with best play from here")
        judge.on_click(lambda _b: self._show_verdict())
        self._first = widgets.Checkbox(value=self.human_first, description="I move first")
        controls = widgets.VBox([widgets.HTML("<b>square</b>"), grid,
                                 widgets.HTML("<b>piece</b>"), pieces,
                                 widgets.HBox([new, undo, judge]), self._first])
        return widgets.VBox([widgets.HBox([self._board, controls]), self._status])

    def _refresh(self) -> None:
        if self._widget is None:
            return
        over = self.state.is_terminal()
        taken = self.state.board_pieces()
        for s, b in self._square_buttons:
            b.disabled = over or taken[s] >= 0
            b.button_style = "info" if s == self.square else ""
        left = set(self.state.pieces_left())
        for p, b in enumerate(self._piece_buttons):
            b.disabled = over or p not in left
            b.button_style = "info" if p == self.piece else ""
        self._board.value = self.svg()
        self._status.value = self.status_text

    def _show_verdict(self) -> None:
        self.message = f"with best play from here you have {self.verdict()} this game"
        self._refresh()

    def _repr_svg_(self) -> str:
        """The board, for viewers without a kernel (IPython adds it beside the widget)."""
        return self.svg()
