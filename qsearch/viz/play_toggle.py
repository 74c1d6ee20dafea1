"""Document 001's game window in a notebook: Connect-4 against its engine, with the
**alpha-beta toggle** (the Java GUI's ``JToggleButton``) and its call counter.

After each engine move the widget shows the calls of ``V`` that move cost, with the search
the toggle selects: only that one runs, so switching pruning on really makes the engine
answer sooner (at depth 10 the unpruned search takes seconds, the pruned one a fraction).
The document's comparison table needs both counts: tick "count both" to run the other
search too at every move (the move is the same either way, only the count differs: checked),
or press "fill in the table" to compute the missing counts of the moves played so far.
Headless use::

    game = PlayPruningToggle(depth=6)
    game.play(3)                     # the human's column, then the engine's reply
    game.alphabeta = True            # the toggle (or game.toggle.value = True)
    game.fill_table()                # the counts the toggle did not run
    game.rows, game.totals()         # per-move counts and running totals

The engine is the document's: ``minimax()`` over ``V``/``alpha_beta_V`` (the compiled
:func:`qsearch.documents.connect4_practice.document_move`), wins ``+inf``, losses ``-inf``,
``potential_lines`` at the depth limit, with the book rules when the depth is 2 or less.
``PlayDocument001`` is the old name of :class:`PlayPruningToggle` (deprecated).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass

import ipywidgets as widgets

from qsearch.core.errors import IllegalMoveError
from qsearch.documents.connect4_practice import document_move
from qsearch.heuristics.connect4 import book_rules, potential_lines
from qsearch.i18n import _
from qsearch.viz.play import PlayConnect4, counted, fixed, grouped, number_text
from qsearch.viz.step_controls import fit_content
from qsearch.viz.think_limit import cut_note, deepen, limit


def document_heuristic(depth: int):
    """The document's f: book rules only at depth 2 or less ("not used above level 2")."""
    return book_rules if depth <= 2 else potential_lines


@dataclass
class MoveCalls:
    """One engine move: its ply, column, value, and the calls without and with pruning.

    A count is None until that search has run (see :meth:`PlayPruningToggle.fill_table`).
    """

    ply: int
    column: int
    value: float
    normal: int | None
    pruned: int | None
    alphabeta: bool                 # the toggle's state when the move was played
    depth: int | None = None        # the depth searched (below the widget's: a time limit)


class PlayPruningToggle(PlayConnect4):
    """Connect-4 against document 001's engine, with its alpha-beta toggle and call counter.

    A :class:`~qsearch.viz.play.PlayConnect4` whose engine is the document's ``minimax()``.

    ``alphabeta``: the toggle's initial state (the document's ``ALPHABETA_TOGGLE = false``).
    ``evaluate``: the leaf function (default: :func:`document_heuristic` of the depth).
    The human moves first by default, as the document's MIN does.
    """

    def __init__(self, depth: int = 6, evaluate=None, human_first: bool = True,
                 alphabeta: bool = False, count_both: bool = False):
        self.rows: list[MoveCalls] = []
        self._alphabeta = bool(alphabeta)
        self.count_both = bool(count_both)
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
        if self._widget is not None and self.toggle.value != self._alphabeta:
            self.toggle.value = self._alphabeta      # keeps the button in step
        self._refresh()

    def _on_toggle(self, change) -> None:
        self._alphabeta = bool(change["new"])
        self.toggle.description = self._toggle_label()
        self._refresh()

    def _toggle_label(self) -> str:
        return _("Alpha-Beta: on") if self._alphabeta else _("Alpha-Beta: off")

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
        """Search as the toggle says (both ways if ``count_both``), play; returns the calls."""
        if self.state.is_terminal():
            raise IllegalMoveError("the game is over: the engine has no move")
        self._set_thinking(True)

        def searches_at(depth):
            # both searches at each depth, so a time limit foresees the cost of both (the one
            # without pruning is most of it)
            first = document_move(self.state, depth, self.evaluate, alphabeta=self._alphabeta)
            other = (document_move(self.state, depth, self.evaluate,
                                   alphabeta=not self._alphabeta) if self.count_both else None)
            return first, other

        try:
            (first, other), depth = deepen(searches_at, self.depth, limit())
            calls = {self._alphabeta: first.calls, not self._alphabeta: None}
            if other is not None:
                self._check_same(first, other)
                calls[not self._alphabeta] = other.calls
            row = MoveCalls(self.state.num_moves() + 1, first.column, first.value,
                            calls[False], calls[True], self._alphabeta, depth)
            self.state.apply_action(first.column)
            self.rows.append(row)
            self.last_result = row
        finally:
            self._set_thinking(False)
        return row

    @staticmethod
    def _check_same(a, b) -> None:
        if (a.column, a.value) != (b.column, b.value):
            raise AssertionError(f"pruning changed the move: {a} vs {b}")

    def fill_table(self) -> None:
        """Run the searches the toggle skipped, so every row has both counts."""
        history = self.state.history()
        for row in self.rows:
            if row.normal is not None and row.pruned is not None:
                continue
            state = self.game_cls()
            for action in history[:row.ply - 1]:
                state.apply_action(action)
            missing = row.normal is None            # True: the unpruned count is missing
            res = document_move(state, row.depth or self.depth, self.evaluate,
                                alphabeta=not missing)
            if (res.column, res.value) != (row.column, row.value):
                raise AssertionError(f"pruning changed the move at ply {row.ply}: {res}")
            if missing:
                row.normal = res.calls
            else:
                row.pruned = res.calls
        self._refresh()

    def undo(self) -> int:
        undone = super().undo()
        plies = self.state.num_moves()
        self.rows = [r for r in self.rows if r.ply <= plies]
        self._refresh()
        return undone

    def totals(self) -> tuple[int | None, int | None]:
        """Totals of the calls (without pruning, with pruning) over the engine's moves.

        A total is None while a count in it is missing (see :meth:`fill_table`).
        """
        normal = [r.normal for r in self.rows]
        pruned = [r.pruned for r in self.rows]
        return (None if None in normal else sum(normal), None if None in pruned else sum(pruned))

    # ------------------------------------------------------------------ text
    def engine_text(self) -> str:
        """The engine's last move with its calls of V, with and without pruning."""
        r = self.last_result
        if r is None:
            return ""
        used = r.pruned if r.alphabeta else r.normal
        other = r.normal if r.alphabeta else r.pruned
        also = "" if other is None else " " + _("(without pruning {normal}, with {pruned})").format(
            normal=grouped(r.normal), pruned=grouped(r.pruned))
        depth = r.depth or self.depth
        values = {"depth": depth, "column": r.column + 1, "value": number_text(r.value),
                  "calls": counted(used, "call"), "also": also}
        cut = cut_note(depth, self.depth)
        if r.alphabeta:
            text = _("Engine (depth {depth}, with pruning) played column {column}, value "
                     "{value}: {calls} of V{also}.").format(**values)
        else:
            text = _("Engine (depth {depth}, without pruning) played column {column}, value "
                     "{value}: {calls} of V{also}.").format(**values)
        return f"{text} {cut}" if cut else text

    def table_html(self) -> str:
        """The document's performance table for this game: per move and running totals."""
        head = _("<tr><th>ply</th><th>column</th><th>without pruning</th><th>with pruning</th>"
                 "<th>total without</th><th>total with</th><th>pruned</th></tr>")
        body, total_n, total_p = [], 0, 0

        def cell(x):
            return "—" if x is None else grouped(x)

        for r in self.rows:
            total_n = None if total_n is None or r.normal is None else total_n + r.normal
            total_p = None if total_p is None or r.pruned is None else total_p + r.pruned
            share = ("—" if total_n is None or total_p is None or not total_n
                     else _("{percent}%").format(
                         percent=fixed(100 * (1 - total_p / total_n), 2)))
            body.append(f"<tr><td>{r.ply}</td><td>{r.column + 1}</td><td>{cell(r.normal)}</td>"
                        f"<td>{cell(r.pruned)}</td><td>{cell(total_n)}</td>"
                        f"<td>{cell(total_p)}</td><td>{share}</td></tr>")
        return ("<table style='font-size:small'>" + head + "".join(body) + "</table>")

    # ------------------------------------------------------------------ widget
    def _build_widget(self):
        box = super()._build_widget()
        self.algorithm_dropdown.layout.display = "none"  # the toggle chooses the search
        self.toggle = widgets.ToggleButton(value=self._alphabeta,
                                           description=self._toggle_label(),
                                           tooltip=_("the document's ALPHABETA_TOGGLE"),
                                           layout=fit_content())
        self.toggle.observe(self._on_toggle, names="value")
        self.both_checkbox = widgets.Checkbox(value=self.count_both,
                                              description=_("count both"),
                                              indent=False, layout=fit_content(),
                                              tooltip=_("also run the other search at every "
                                                        "move"))
        self.both_checkbox.observe(self._on_both, names="value")
        self.fill_button = widgets.Button(description=_("fill in the table"),
                                          tooltip=_("count the calls the toggle skipped"),
                                          layout=fit_content())
        self.fill_button.on_click(lambda _b: self._guarded(self.fill_table))
        self.table = widgets.HTML()
        controls = widgets.HBox([self.depth_dropdown, self.toggle, self.first_checkbox,
                                 self.new_button, self.undo_button],
                                layout=widgets.Layout(flex_flow="row wrap"))
        board = box.children[1]
        table = widgets.VBox([widgets.HBox([self.both_checkbox, self.fill_button]), self.table])
        box = widgets.VBox([controls, widgets.HBox([board, table],
                                                   layout=widgets.Layout(flex_flow="row wrap")),
                            self.status_html])
        box.add_class("qsearch-play")
        return box

    def _on_both(self, change) -> None:
        self.count_both = bool(change["new"])

    def _inputs(self) -> list:
        return super()._inputs() + [self.toggle, self.both_checkbox, self.fill_button]

    def _refresh(self) -> None:
        super()._refresh()
        if self._widget is not None:
            self.table.value = self.table_html()


class PlayDocument001(PlayPruningToggle):
    """Deprecated: the old name of :class:`PlayPruningToggle` (same arguments)."""

    def __init__(self, *args, **kwargs):
        warnings.warn("PlayDocument001 is deprecated: use PlayPruningToggle (same arguments)",
                      DeprecationWarning, stacklevel=2)
        super().__init__(*args, **kwargs)
