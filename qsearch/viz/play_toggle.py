"""Document 001's game window in a notebook: Connect-4 against its engine, with the
**alpha-beta toggle** (the Java GUI's ``JToggleButton``) and its call counter.

After each engine move the widget shows the calls of ``V`` that move cost without pruning
and with pruning, and both running totals, as the document's performance table does. Both
searches are run at every move (compiled, so the unpruned depth-6 search takes a few
milliseconds); the toggle decides which one "plays", and the move is the same either way,
only the count differs (checked at every move). Headless use::

    game = PlayDocument001(depth=6)
    game.play(3)                     # the human's column, then the engine's reply
    game.alphabeta = True            # the toggle (or game.toggle.value = True)
    game.rows, game.totals()         # per-move counts and running totals

The engine is the document's: ``minimax()`` over ``V``/``alpha_beta_V`` (the compiled
:func:`qsearch.documents.connect4_practice.document_move`), wins ``+inf``, losses ``-inf``,
``potential_lines`` at the depth limit, with the book rules when the depth is 2 or less.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

import ipywidgets as widgets

from qsearch.documents.connect4_practice import document_move
from qsearch.errors import IllegalMoveError
from qsearch.heuristics.connect4 import book_rules, potential_lines
from qsearch.viz.play import PlayConnect4


def document_heuristic(depth: int):
    """The document's f: book rules only at depth 2 or less ("not used above level 2")."""
    return book_rules if depth <= 2 else potential_lines


@dataclass
class MoveCalls:
    """One engine move: its ply, column, value, and the calls without and with pruning."""

    ply: int
    column: int
    value: float
    normal: int
    pruned: int
    alphabeta: bool                 # the toggle's state when the move was played


class PlayDocument001(PlayConnect4):
    """:class:`~qsearch.viz.play.PlayConnect4` with document 001's engine and the toggle.

    ``alphabeta``: the toggle's initial state (the document's ``ALPHABETA_TOGGLE = false``).
    ``evaluate``: the leaf function (default: :func:`document_heuristic` of the depth).
    The human moves first by default, as the document's MIN does.
    """

    def __init__(self, depth: int = 6, evaluate=None, human_first: bool = True,
                 alphabeta: bool = False):
        self.rows: list[MoveCalls] = []
        self._alphabeta = bool(alphabeta)
        self._fixed_evaluate = evaluate
        super().__init__(depth=depth, algorithm="alphabeta",
                         evaluate=evaluate or document_heuristic(depth),
                         human_first=human_first)

    # ------------------------------------------------------------------ the toggle
    @property
    def alphabeta(self) -> bool:
        """The toggle: True searches with ``alpha_beta_V``, False with ``V``."""
        return self._alphabeta

    @alphabeta.setter
    def alphabeta(self, value: bool) -> None:
        self._alphabeta = bool(value)
        if hasattr(self, "toggle") and self.toggle.value != self._alphabeta:
            self.toggle.value = self._alphabeta      # keeps the button in step
        self._refresh()

    def _on_toggle(self, change) -> None:
        self._alphabeta = bool(change["new"])
        self.toggle.description = self._toggle_label()
        self._refresh()

    def _toggle_label(self) -> str:
        return "Alpha-Beta: on" if self._alphabeta else "Alpha-Beta: off"

    def _on_depth(self, change) -> None:
        super()._on_depth(change)
        if self._fixed_evaluate is None and self.depth is not None:
            self.evaluate = document_heuristic(self.depth)

    # ------------------------------------------------------------------ game logic
    def new_game(self, human_first: bool | None = None) -> None:
        self.rows = []
        super().new_game(human_first)

    def set_position(self, state) -> None:
        self.rows = []
        super().set_position(state)

    def engine_move(self) -> MoveCalls:
        """Search with and without pruning, play the column, record the calls; returns them."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over: the engine has no move")
        plain = document_move(self.state, self.depth, self.evaluate, alphabeta=False)
        pruned = document_move(self.state, self.depth, self.evaluate, alphabeta=True)
        if (plain.column, plain.value) != (pruned.column, pruned.value):
            raise AssertionError(f"pruning changed the move: {plain} vs {pruned}")
        row = MoveCalls(self.state.num_moves() + 1, plain.column, plain.value, plain.calls,
                        pruned.calls, self._alphabeta)
        self.state.apply_action(plain.column)
        self.rows.append(row)
        self.last_result = row
        self._refresh()
        return row

    def undo(self) -> int:
        undone = super().undo()
        plies = self.state.num_moves()
        self.rows = [r for r in self.rows if r.ply <= plies]
        self._refresh()
        return undone

    def totals(self) -> tuple[int, int]:
        """Running totals of the calls (without pruning, with pruning) over the engine's moves."""
        return sum(r.normal for r in self.rows), sum(r.pruned for r in self.rows)

    # ------------------------------------------------------------------ text
    def engine_text(self) -> str:
        """The engine's last move with its calls of V, with and without pruning."""
        r = self.last_result
        if r is None:
            return ""
        used = r.pruned if r.alphabeta else r.normal
        mode = "with" if r.alphabeta else "without"
        return (f"Engine (depth {self.depth}, {mode} pruning) played column {r.column + 1}, "
                f"value {r.value:+g}: {used:,} calls of V (without pruning {r.normal:,}, "
                f"with {r.pruned:,}).")

    def table_html(self) -> str:
        """The document's performance table for this game: per move and running totals."""
        head = ("<tr><th>ply</th><th>column</th><th>without pruning</th><th>with pruning</th>"
                "<th>total without</th><th>total with</th><th>pruned</th></tr>")
        body, total_n, total_p = [], 0, 0
        for r in self.rows:
            total_n += r.normal
            total_p += r.pruned
            share = 1 - total_p / total_n if total_n else 0.0
            body.append(f"<tr><td>{r.ply}</td><td>{r.column + 1}</td><td>{r.normal:,}</td>"
                        f"<td>{r.pruned:,}</td><td>{total_n:,}</td><td>{total_p:,}</td>"
                        f"<td>{100 * share:.2f}%</td></tr>")
        return ("<table style='font-size:small'>" + head + "".join(body) + "</table>")

    # ------------------------------------------------------------------ widget
    def _build_widget(self) -> None:
        super()._build_widget()
        self.algorithm_dropdown.layout.display = "none"  # the toggle chooses the search
        self.toggle = widgets.ToggleButton(value=self._alphabeta,
                                           description=self._toggle_label(),
                                           tooltip="the document's ALPHABETA_TOGGLE",
                                           layout=widgets.Layout(width="150px"))
        self.toggle.observe(self._on_toggle, names="value")
        self.table = widgets.HTML()
        controls = widgets.HBox([self.depth_dropdown, self.toggle, self.first_checkbox,
                                 self.new_button, self.undo_button])
        board = self.widget.children[1]
        self.widget = widgets.VBox([controls, widgets.HBox([board, self.table]),
                                    self.status_html])

    def _refresh(self) -> None:
        super()._refresh()
        if hasattr(self, "table"):
            self.table.value = self.table_html()
            self.status_html.value = f"<p>{escape(self.status_text)}</p>"
