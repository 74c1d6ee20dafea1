"""Pure-Python stand-in of the compiled :mod:`qsearch.search.quarto_ab` (``quarto_ab.pyx``).

Imported instead of the extension in pure-Python mode (see :mod:`qsearch._mode`). The
compiled module is document 000's AB_MINIMAX specialised to its Quarto variant for speed; the
general alpha-beta already reproduces it exactly, so :func:`ab_minimax` runs the readable
twin, :func:`qsearch.reference.alphabeta.alphabeta` (MAX/MIN form, fail-soft, the first
strictly best move), with :class:`~qsearch.heuristics.quarto.LineCredit` at the leaves and,
for ``order="payoff"``, :func:`qsearch.reference.quarto_heuristics.make_payoff_order`.

``win_check=True`` is the compiled module's own shortcut: a node (2 or more plies from the
depth limit) whose mover can complete a line at once is worth that win. Here it is the same
search on :class:`_WinsAtOnce`, a view of the game where such a mover's only move is the
first winning one in the document's order: the same value and move, and one node (the won
child) more per shortcut, which is taken off the counts, so they are the compiled ones too.
"""
from __future__ import annotations

from qsearch.core.results import SearchResult
from qsearch.heuristics.quarto import LineCredit
from qsearch.reference import quarto_solver as quarto_bits
from qsearch.reference.alphabeta import alphabeta
from qsearch.reference.quarto import PyOwnPieceQuarto
from qsearch.reference.quarto_heuristics import line_credit, make_payoff_order


def _first_win(state):
    """The first action (``16 * square + piece``, the document's order) that completes a
    line, or None: for each empty square, the lines whose other three squares are full and
    whose pieces share a value some free piece has."""
    occ, used, planes = quarto_bits.state_bits(state)
    free_pieces = ~used & 0xFFFF
    for s in quarto_bits.bits(~occ & 0xFFFF):
        winners = 0
        for line in quarto_bits.SQUARE_LINES[s]:
            here = occ & line
            if here != line & ~(1 << s):
                continue                    # the other three squares are not all taken
            for k in range(4):
                x = quarto_bits.plane(planes, k) & here
                if x == 0:
                    winners |= free_pieces & quarto_bits.VALUE_PIECES[k][0]
                elif x == here:
                    winners |= free_pieces & quarto_bits.VALUE_PIECES[k][1]
        if winners:
            return 16 * s + quarto_bits.bits(winners)[0]
    return None


class _WinsAtOnce:
    """A document-000 Quarto state whose mover, with at least 2 plies left to search
    (``num_placed() <= last``) and a line to complete, has one move: the first win.
    Everything else is the wrapped state's; ``shortcuts`` counts the nodes cut short."""

    def __init__(self, state, last: int, shortcuts: list):
        self._state, self._last, self._shortcuts = state, last, shortcuts

    def __getattr__(self, name):
        return getattr(self._state, name)

    def legal_actions(self) -> list:
        if self._state.num_placed() <= self._last:
            win = _first_win(self._state)
            if win is not None:
                self._shortcuts[0] += 1
                return [win]
        return self._state.legal_actions()

    def child(self, action):
        return _WinsAtOnce(self._state.child(action), self._last, self._shortcuts)

    def clone(self):
        return _WinsAtOnce(self._state.clone(), self._last, self._shortcuts)


def _number(value, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number, not {type(value).__name__}")
    return float(value)


def ab_minimax(state, depth=None, evaluate=None, *, order=None, win_check=False,
               win_value=10.0, win_decay=1.0):
    """The document's AB_MINIMAX on ``state``: a :class:`~qsearch.search.SearchResult`.

    ``depth``: None for the document's own rule (4, never past the 15th placement: see
    :func:`qsearch.documents.quarto_ab_minimax.document_depth`), else an int.
    ``evaluate``: None (unfinished positions score 0, as the document) or a
    :class:`~qsearch.heuristics.quarto.LineCredit`. ``order``: None (the document's) or
    ``"payoff"``: children by their LineCredit payoff for the mover, a win first, at nodes
    with at least 2 plies left. ``win_check=True``: a node (2 or more plies from the depth
    limit) whose mover can complete a line at once is worth that win, and the root plays
    the first winning move in the document's order (the document's value and move, with far
    fewer nodes). Here the readable alpha-beta runs (see the module's docstring).
    """
    if not isinstance(state, PyOwnPieceQuarto):
        raise TypeError(f"Argument 'state' has incorrect type (expected OwnPieceQuarto, got "
                        f"{type(state).__name__})")
    win_value, win_decay = _number(win_value, "win_value"), _number(win_decay, "win_decay")
    if state.is_terminal():
        raise ValueError("the game is over in this state: ab_minimax has nothing to search")
    if depth is None:
        d = max(0, min(4, 15 - state.num_placed()))
    else:
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth must be an int >= 0 or None, not {depth!r}")
        d = min(depth, 16)
    if evaluate is not None and not isinstance(evaluate, LineCredit):
        raise TypeError(f"evaluate must be None or a LineCredit, not {type(evaluate).__name__}")
    if order not in (None, "payoff"):
        raise ValueError(f"order must be None (the document's) or 'payoff', not {order!r}")
    weights = evaluate if evaluate is not None else LineCredit()
    two, three = weights.two, weights.three

    def credit(s, player):          # no bounds attribute: win_value is the caller's, unchecked
        return line_credit(s, player, two, three)

    shortcuts = [0]
    root = state
    if win_check:
        root = _WinsAtOnce(state, state.num_placed() + d - 2, shortcuts)
    result = alphabeta(
        root, d, credit if evaluate is not None else None,
        order=make_payoff_order(state, d, two, three) if order == "payoff" else None,
        win_value=win_value, win_decay=win_decay)
    nodes = result.nodes - shortcuts[0]
    return SearchResult(
        value=result.value, action=result.action,
        pv=[] if result.action is None else [result.action], nodes=nodes,
        generated=nodes - 1, leaves=result.leaves, cutoffs=result.cutoffs,
        elapsed=result.elapsed, algorithm="ab_minimax", depth=d,
    )
