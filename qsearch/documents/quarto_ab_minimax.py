"""Document 000's AB_MINIMAX, transliterated line by line, and the compiled call that equals it.

Document 000 (Diego Hernández Jiménez, *Simulación del juego QUARTO! y algoritmo Minimax*,
2020-21) keeps the game as R data: a 4x4x4 array of codes (one 4x4 slice per attribute,
0 for an empty square), a matrix of the free ``positions`` (row, column), and a matrix of
the unused ``pieces`` (their four codes). :func:`ab_minimax` is its C++ ``AB_MINIMAX``
written in Python on the same data, with the same loops, the same ``-100``/``100`` bounds,
the same ``payoff`` and the same ``is_terminal``: nothing is borrowed from :mod:`qsearch`.

One detail of the document matters for exact agreement. Its C++ ``is_terminal(board, ply)``
declares a draw when ``ply == 16``, and the search calls it with ``ply + depth``, where
``ply`` is the number of the ply about to be played (13 after 12 placements). So the search
scores the position after the **15th** placement as a draw and never looks at the 16th
(the R twin in its appendix, ``AB_MINIMAX_R``, uses ``16 + 1`` and does look). Both give
the document's demo answer; ``variant="r"`` selects the R behaviour.

:func:`document_depth` turns that rule into a depth: the compiled
``alphabeta(state, document_depth(state), win_value=10, win_decay=1)`` then returns the same
value, the same (first) best move and the same number of nodes as :func:`ab_minimax` — a
node being one call of the recursive function in both (tested on random positions).
"""
from __future__ import annotations

LIMIT = 4                   # the document's depth limit
WIN_VALUE, WIN_DECAY = 10, 1  # its payoff: 10 - depth for a win, -10 + depth for a loss


def create_pieces() -> list[tuple[int, int, int, int]]:
    """The document's ``create.pieces()``: the 16 pieces as rows of codes 1|2 3|4 5|6 7|8."""
    return [(1 + a, 3 + b, 5 + c, 7 + d)
            for a in (0, 1) for b in (0, 1) for c in (0, 1) for d in (0, 1)]


def create_positions() -> list[tuple[int, int]]:
    """The document's ``cbind(1:4, rep(1:4, each=4))``: squares column by column."""
    return [(r, c) for c in range(1, 5) for r in range(1, 5)]


def empty_board() -> list[list[list[int]]]:
    """``array(0, dim = c(4,4,4))`` as ``board[k][row][col]`` (slice ``k`` = attribute k)."""
    return [[[0] * 4 for _ in range(4)] for _ in range(4)]


# --------------------------------------------------------------- the document's helpers
def result(board, positions, m, pieces, p):
    """``Result``: put piece ``p`` on position ``m`` (0-based rows of the matrices)."""
    row, col = positions[m]
    piece = pieces[p]
    new = [[list(r) for r in b] for b in board]
    for k in range(4):
        new[k][row - 1][col - 1] = piece[k]
    return new, positions[:m] + positions[m + 1:], pieces[:p] + pieces[p + 1:]


def _single(values) -> bool:
    """``unique(values).n_elem == 1`` and not all zero: a full line sharing this code."""
    return sum(values) != 0 and len(set(values)) == 1


def anyrow(b) -> bool:
    return any(sum(b[r]) != 0 and len(set(b[r])) == 1 for r in range(4))


def anycol(b) -> bool:
    return any(_single([b[r][c] for r in range(4)]) for c in range(4))


def wind(b) -> bool:
    return _single([b[i][i] for i in range(4)])


def winrevd(b) -> bool:
    # b.at(3), b.at(6), b.at(9), b.at(12): column-major, so (4,1), (3,2), (2,3), (1,4)
    return _single([b[3 - i][i] for i in range(4)])


def is_terminal(board, ply: int, variant: str = "cpp") -> int:
    """1 if any line is won, 2 for the document's draw, else 0."""
    for k in range(4):
        b = board[k]
        if anyrow(b) or anycol(b) or wind(b) or winrevd(b):
            return 1
    if ply == (16 if variant == "cpp" else 16 + 1):
        return 2
    return 0


def payoff(winstate: int, next_player: int, depth: int) -> int:
    """``payoff``: 10 - depth if player 1 has just won, -10 + depth if player -1 has."""
    if winstate == 1:
        if next_player == -1:
            return 10 - depth
        return -10 + depth
    return 0


def ab_minimax(board, ply, player, positions, pieces, depth=0, alpha=-100, beta=100, *,
               variant="cpp", counter=None) -> dict:
    """The document's ``AB_MINIMAX``: ``{"value", "pos", "piece"}`` (pos/piece None at leaves).

    Player 1 is MAX, player -1 is MIN, values are from player 1's point of view.
    ``counter``: a one-element list whose item is increased at every call (a node).
    """
    if counter is not None:
        counter[0] += 1
    best = {"value": None, "pos": None, "piece": None}
    terminal_state = is_terminal(board, ply + depth, variant)
    if terminal_state or depth == LIMIT:
        best["value"] = payoff(terminal_state, player, depth)
        return best

    if player == 1:                                     # MAX
        v = -100
        for m in range(len(positions)):
            for p in range(len(pieces)):
                upd_board, upd_positions, upd_pieces = result(board, positions, m, pieces, p)
                output = ab_minimax(upd_board, ply, -player, upd_positions, upd_pieces,
                                    depth + 1, alpha, beta, variant=variant, counter=counter)
                if output["value"] > v:
                    v = output["value"]
                    best = {"value": v, "pos": positions[m], "piece": pieces[p]}
                    alpha = max(alpha, v)
                if v >= beta:
                    return best
    else:                                               # MIN
        v = 100
        for m in range(len(positions)):
            for p in range(len(pieces)):
                upd_board, upd_positions, upd_pieces = result(board, positions, m, pieces, p)
                output = ab_minimax(upd_board, ply, -player, upd_positions, upd_pieces,
                                    depth + 1, alpha, beta, variant=variant, counter=counter)
                if output["value"] < v:
                    v = output["value"]
                    best = {"value": v, "pos": positions[m], "piece": pieces[p]}
                    beta = min(beta, v)
                if v <= alpha:
                    return best
    return best


# --------------------------------------------------------------- bridges to qsearch
def document_arguments(state) -> tuple:
    """``(board, ply, player, positions, pieces)`` of an OwnPieceQuarto state, as the
    document passes them to AB_MINIMAX (``ply``: the number of the ply about to be played;
    ``player``: 1 for our player 0, -1 for our player 1)."""
    board = state.document_array()
    taken = set(state.board_pieces())
    pieces = [pc for i, pc in enumerate(create_pieces()) if i not in taken]
    positions = [(r, c) for (r, c) in create_positions() if state.piece_at(r, c) is None]
    player = 1 if state.current_player() == 0 else -1
    return board, state.num_placed() + 1, player, positions, pieces


def ab_minimax_state(state, variant: str = "cpp") -> dict:
    """:func:`ab_minimax` on a qsearch state: the document's answer plus our action and the
    node count, the value from the point of view of the player to move (as qsearch's)."""
    board, ply, player, positions, pieces = document_arguments(state)
    counter = [0]
    out = ab_minimax(board, ply, player, positions, pieces, variant=variant, counter=counter)
    action = None
    if out["pos"] is not None:
        action = state.string_to_action(
            f"({out['pos'][0]},{out['pos'][1]}) {''.join(map(str, out['piece']))}")
    return {"value": out["value"] * player, "pos": out["pos"], "piece": out["piece"],
            "action": action, "nodes": counter[0]}


def document_depth(state, limit: int = LIMIT) -> int:
    """The depth the document's C++ AB_MINIMAX really searches from ``state``:
    ``limit``, but never past the 15th placement (which it scores as a draw)."""
    return max(0, min(limit, 15 - state.num_placed()))


def document_depth_r(state, limit: int = LIMIT) -> int:
    """The depth of the document's R twin, AB_MINIMAX_R: ``limit`` (it sees the 16th ply)."""
    return limit


DOCUMENT_OPTIONS = {"win_value": WIN_VALUE, "win_decay": WIN_DECAY}
"""Keyword options that give qsearch's searches the document's payoff."""


def document_search(state, variant: str = "cpp", evaluate=None, algorithm=None):
    """The compiled search equal to :func:`ab_minimax`: a :class:`~qsearch.search.SearchResult`.

    ``algorithm``: the search function (default :func:`qsearch.search.alphabeta`; pass
    :func:`qsearch.reference.alphabeta` for the readable twin on qsearch's API).
    """
    if algorithm is None:
        from qsearch.search import alphabeta as algorithm
    depth = document_depth(state) if variant == "cpp" else document_depth_r(state)
    return algorithm(state, depth, evaluate, **DOCUMENT_OPTIONS)
