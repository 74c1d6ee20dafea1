# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Document 000's AB_MINIMAX, specialised to its Quarto variant and compiled.

The general :func:`qsearch.search.alphabeta` already reproduces the document's search
exactly (``alphabeta(state, document_depth(state), win_value=10, win_decay=1)``: same value,
same move, same nodes as the line-by-line twin in
:mod:`qsearch.documents.quarto_ab_minimax`). It runs at about 10 million nodes a second,
and a game against a random player costs a couple of million nodes at the start, where no
line can be won yet: thousands of games would take minutes.

This module is the same algorithm written for one game, to make those experiments
interactive. What makes it faster is *why* the general search is slow here: most nodes
are cut after their first child, yet a general search asks the game for all ~200 legal
moves at every node. Here moves are produced lazily by two nested bit loops (free squares,
then unused pieces: the document's order), the board is three integers passed by value
(no make/unmake), and a win is tested on the lines through the placed square only.

It follows the same contract as the general engine (tested: value, action, nodes, leaves,
cut-offs agree on random positions, with and without :class:`LineCredit` and the payoff
move order): MAX/MIN form as the document writes it, fail-soft, the first strictly best
move, a cut once ``v >= beta`` (MAX) or ``v <= alpha`` (MIN).
"""
from libc.math cimport INFINITY

from qsearch.core.bits cimport ctz32, popcount32
from qsearch.games.quarto cimport OwnPieceQuarto
from qsearch.games.quarto_lines cimport QuartoLines, fill_quarto_lines, plane_bits, wins_at
from qsearch.heuristics.quarto cimport LineCredit, live_lines
from qsearch.search.clock cimport now

from qsearch.core.results import SearchResult

cdef QuartoLines Q                      # the lines and piece planes (quarto_lines.pxd)
fill_quarto_lines(&Q)


cdef int first_win(unsigned int occ, unsigned int used, unsigned long long planes) noexcept nogil:
    """The first winning action in the document's order (``16 * square + piece``), or -1."""
    cdef unsigned int free_sq = ~occ & 0xFFFF, free_pc = ~used & 0xFFFF
    cdef unsigned int line, here, x, winners
    cdef int s, i, k
    while free_sq:
        s = ctz32(free_sq)
        free_sq &= free_sq - 1
        winners = 0
        for i in range(Q.n_square_lines[s]):
            line = Q.square_lines[s][i]
            here = occ & line
            if here != line & ~(1u << s):
                continue                    # the other three squares are not all taken
            for k in range(4):
                x = plane_bits(planes, k, here)
                if x == 0:
                    winners |= free_pc & Q.value_pieces[k][0]
                elif x == here:
                    winners |= free_pc & Q.value_pieces[k][1]
        if winners:
            return 16 * s + ctz32(winners)
    return -1


cdef struct Ctx:
    long long nodes
    long long leaves
    long long cutoffs
    double win_value
    double win_decay
    bint use_credit         # score leaves with LineCredit (else 0)
    bint payoff_order       # search children by their payoff, best first
    bint win_check          # a node whose mover can win at once is worth that win
    double two
    double three
    int root_mover          # MAX: our player id (0 or 1)
    int best_root           # the chosen root action


cdef inline double credit(Ctx* c, unsigned int occ, unsigned int used,
                          unsigned long long planes) noexcept nogil:
    """LineCredit's score for the player to move."""
    cdef int twos, threes
    live_lines(occ, used, planes, &twos, &threes)
    return c.three * threes + c.two * twos


cdef inline bint take_child(Ctx* c, double r, int move, int ply, bint is_max, double* v,
                            double* alpha, double* beta) noexcept nogil:
    """Fold a child's value ``r`` into the node, MAX/MIN form as the document's code.

    Returns True when the window closes (a cut-off): the caller returns ``v`` at once.
    """
    if is_max:
        if r > v[0]:
            v[0] = r
            if ply == 0:
                c.best_root = move
            if v[0] > alpha[0]:
                alpha[0] = v[0]
        return v[0] >= beta[0]
    if r < v[0]:
        v[0] = r
        if ply == 0:
            c.best_root = move
        if v[0] < beta[0]:
            beta[0] = v[0]
    return v[0] <= alpha[0]


cdef double search(Ctx* c, unsigned int occ, unsigned int used, unsigned long long planes,
                   int placed, int depth, int ply, bint won, double alpha,
                   double beta) noexcept nogil:
    """Value for MAX of the position; the previous placement won if ``won``."""
    cdef int mover = placed & 1
    cdef bint is_max = mover == c.root_mover
    cdef double v, r, h
    cdef unsigned int free_sq, free_pc, sq_bits, pc_bits, nocc
    cdef unsigned long long nplanes
    cdef int s, p, i, j, total, index = 0
    cdef int moves[256]
    cdef double keys[256]
    cdef bint w

    c.nodes += 1
    if won:                                 # the previous mover completed a line
        v = c.win_value - c.win_decay * ply
        return -v if is_max else v
    if placed == 16:
        return 0.0
    if depth == 0:
        c.leaves += 1
        if not c.use_credit:
            return 0.0
        h = credit(c, occ, used, planes)
        return h if is_max else -h

    if c.win_check and depth >= 2:
        i = first_win(occ, used, planes)
        if i >= 0:
            if ply == 0:
                c.best_root = i
            v = c.win_value - c.win_decay * (ply + 1)
            return v if is_max else -v

    free_sq = ~occ & 0xFFFF
    free_pc = ~used & 0xFFFF
    total = popcount32(free_sq) * popcount32(free_pc)
    v = -INFINITY if is_max else INFINITY

    if c.payoff_order and depth >= 2:
        # Every child's payoff for the mover (a win first), then a stable insertion sort.
        # Not at depth 1: there the payoffs would be the leaves' own values, and computing
        # them all to search a few would cost more than it saves.
        sq_bits = free_sq
        while sq_bits:
            s = ctz32(sq_bits)
            sq_bits &= sq_bits - 1
            pc_bits = free_pc
            while pc_bits:
                p = ctz32(pc_bits)
                pc_bits &= pc_bits - 1
                nocc = occ | (1u << s)
                nplanes = planes | (Q.piece_planes[p] << s)
                r = INFINITY if wins_at(&Q, nocc, nplanes, s) else \
                    -credit(c, nocc, used | (1u << p), nplanes)
                j = index
                while j > 0 and keys[j - 1] < r:
                    keys[j] = keys[j - 1]
                    moves[j] = moves[j - 1]
                    j -= 1
                keys[j] = r
                moves[j] = 16 * s + p
                index += 1
        for i in range(total):
            s = moves[i] >> 4
            p = moves[i] & 15
            nocc = occ | (1u << s)
            nplanes = planes | (Q.piece_planes[p] << s)
            w = keys[i] == INFINITY
            r = search(c, nocc, used | (1u << p), nplanes, placed + 1, depth - 1, ply + 1, w,
                       alpha, beta)
            if take_child(c, r, moves[i], ply, is_max, &v, &alpha, &beta):
                if i < total - 1:
                    c.cutoffs += 1
                return v
        return v

    sq_bits = free_sq                       # the document's order: squares, then pieces
    while sq_bits:
        s = ctz32(sq_bits)
        sq_bits &= sq_bits - 1
        nocc = occ | (1u << s)
        pc_bits = free_pc
        while pc_bits:
            p = ctz32(pc_bits)
            pc_bits &= pc_bits - 1
            nplanes = planes | (Q.piece_planes[p] << s)
            w = wins_at(&Q, nocc, nplanes, s)
            r = search(c, nocc, used | (1u << p), nplanes, placed + 1, depth - 1, ply + 1, w,
                       alpha, beta)
            if take_child(c, r, 16 * s + p, ply, is_max, &v, &alpha, &beta):
                if index < total - 1:
                    c.cutoffs += 1
                return v
            index += 1
    return v


def ab_minimax(OwnPieceQuarto state, depth=None, evaluate=None, *, order=None,
               bint win_check=False, double win_value=10.0, double win_decay=1.0):
    """The document's AB_MINIMAX on ``state``: a :class:`~qsearch.search.SearchResult`.

    ``depth``: None for the document's own rule (4, never past the 15th placement: see
    :func:`qsearch.documents.quarto_ab_minimax.document_depth`), else an int.
    ``evaluate``: None (unfinished positions score 0, as the document) or a
    :class:`~qsearch.heuristics.quarto.LineCredit`. ``order``: None (the document's) or
    ``"payoff"``: children by their LineCredit payoff for the mover, a win first, at nodes
    with at least 2 plies left (the document's suggestion for better pruning; its Python
    twin is :func:`qsearch.reference.quarto_heuristics.make_payoff_order`).

    ``win_check=True``: a node (2 or more plies from the depth limit) whose mover can
    complete a line at once is worth that win, without searching its other moves, and the
    root plays the first winning move in the document's order. The value and the move are
    the document's (no later win can be worth more: wins lose 1 a ply), only found with far
    fewer nodes; the node counts are then ours, not the document's. This is what makes
    thousands of games a matter of seconds: without it one search in a few hundred costs
    100 million nodes, looking through every reply before the one that wins.
    """
    cdef Ctx c
    cdef int d
    if state.terminal():
        raise ValueError("the game is over in this state: ab_minimax has nothing to search")
    if depth is None:
        d = max(0, min(4, 15 - state.placed))
    else:
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            raise ValueError(f"depth must be an int >= 0 or None, not {depth!r}")
        d = min(depth, 16)
    if evaluate is not None and not isinstance(evaluate, LineCredit):
        raise TypeError(f"evaluate must be None or a LineCredit, not {type(evaluate).__name__}")
    if order not in (None, "payoff"):
        raise ValueError(f"order must be None (the document's) or 'payoff', not {order!r}")
    weights = evaluate if evaluate is not None else LineCredit()
    c.nodes = c.leaves = c.cutoffs = 0
    c.win_value, c.win_decay = win_value, win_decay
    c.use_credit = evaluate is not None
    c.payoff_order = order == "payoff"
    c.win_check = win_check
    c.two, c.three = (<LineCredit>weights).two, (<LineCredit>weights).three
    c.root_mover = state.placed & 1
    c.best_root = -1
    cdef double start = now()
    cdef double value = search(&c, state.occupied, state.used, state.planes, state.placed, d,
                               0, False, -INFINITY, INFINITY)
    elapsed = now() - start
    action = None if c.best_root < 0 else c.best_root
    return SearchResult(
        value=value, action=action, pv=[] if action is None else [action], nodes=c.nodes,
        generated=c.nodes - 1, leaves=c.leaves, cutoffs=c.cutoffs, elapsed=elapsed,
        algorithm="ab_minimax", depth=d,
    )
