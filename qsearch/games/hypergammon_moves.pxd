# cython: language_level=3
# Hypergammon's checker moves at the C level, as OpenSpiel's backgammon makes them: where a
# checker lands, the single checker moves of a roll, one checker moved and put back, the board
# key, and every legal play of a roll (OpenSpiel's RecLegalMoves + ProcessLegalMoves). Inline
# functions on the engine's fields: hypergammon.pyx's make/legal_moves call them directly and
# the C compiler inlines them there, as quarto_lines.pxd's helpers are.
from qsearch.games.hypergammon cimport HG_BAR, HG_OFF, HG_PASS, HG_PASS_ACTION, Hypergammon


cdef inline int hg_dest(int p, int frm, int d) noexcept nogil:
    """Where a checker of ``p`` from ``frm`` (HG_BAR for the bar) lands with die ``d``."""
    cdef int to
    if p == 0:
        to = d - 1 if frm == HG_BAR else frm + d
        return HG_OFF if to > 23 else to
    to = 24 - d if frm == HG_BAR else frm - d
    return HG_OFF if to < 0 else to


cdef inline int hg_checker_moves(Hypergammon s, int da, int db, int* frm, int* die) noexcept:
    """Single checker moves with the unused dice ``da``, ``db`` (0: used); OpenSpiel's
    LegalCheckerMoves: the bar first, bearing off only with all checkers home, a larger
    die bears off only the furthest checker."""
    cdef int p = s.cur, o = 1 - s.cur
    cdef int n = 0, k, d, i, to, furthest
    cdef int dv[2]
    cdef bint home
    dv[0] = da
    dv[1] = db if db != da else 0
    if s.bar[p] > 0:
        for k in range(2):
            d = dv[k]
            if d > 0:
                to = hg_dest(p, HG_BAR, d)
                if s.pts[o][to] <= 1:
                    frm[n] = HG_BAR
                    die[n] = d
                    n += 1
        return n
    home = True
    furthest = -1
    for i in range(24):
        if s.pts[p][i] > 0:
            if (p == 0 and i < 18) or (p == 1 and i > 5):
                home = False
            if p == 0 and furthest < 0:
                furthest = i            # x: the lowest point is the furthest from off
            if p == 1:
                furthest = i            # o: the highest point
    for i in range(24):
        if s.pts[p][i] == 0:
            continue
        for k in range(2):
            d = dv[k]
            if d == 0:
                continue
            to = hg_dest(p, i, d)
            if to == HG_OFF:
                if home and ((p == 0 and i + d == 24) or (p == 1 and i - d == -1)
                             or i == furthest):
                    frm[n] = i
                    die[n] = d
                    n += 1
            elif s.pts[o][to] <= 1:
                frm[n] = i
                die[n] = d
                n += 1
    return n


cdef inline bint hg_apply_checker(Hypergammon s, int frm, int d) noexcept:
    """Move one checker of the player to move; returns True if it hit a blot."""
    cdef int p = s.cur, o = 1 - s.cur
    cdef int to = hg_dest(p, frm, d)
    if frm == HG_BAR:
        s.bar[p] -= 1
    else:
        s.pts[p][frm] -= 1
    if to == HG_OFF:
        s.off[p] += 1
        return False
    s.pts[p][to] += 1
    if s.pts[o][to] == 1:
        s.pts[o][to] = 0
        s.bar[o] += 1
        return True
    return False


cdef inline void hg_undo_checker(Hypergammon s, int frm, int d, bint hit) noexcept:
    cdef int p = s.cur, o = 1 - s.cur
    cdef int to = hg_dest(p, frm, d)
    if to == HG_OFF:
        s.off[p] -= 1
    else:
        s.pts[p][to] -= 1
        if hit:
            s.pts[o][to] += 1
            s.bar[o] -= 1
    if frm == HG_BAR:
        s.bar[p] += 1
    else:
        s.pts[p][frm] += 1


cdef inline unsigned long long hg_board_key(Hypergammon s) noexcept:
    """The checkers' places, exactly: 3 codes of 5 bits a player (0-23, 24 bar, 25 off)."""
    cdef unsigned long long k = 0
    cdef int p, i, _c
    for p in range(2):
        for i in range(24):
            for _c in range(s.pts[p][i]):
                k = (k << 5) | <unsigned long long>i
        for _c in range(s.bar[p]):
            k = (k << 5) | 24
        for _c in range(s.off[p]):
            k = (k << 5) | 25
    return k


cdef inline int hg_sequences(Hypergammon s, int* actions, unsigned long long* keys) noexcept:
    """Every legal play as OpenSpiel numbers it, with the board key it reaches.

    OpenSpiel's RecLegalMoves + ProcessLegalMoves: sequences of up to two checker
    moves; only the longest are legal, and if only one die can be played, only moves of
    the largest playable die.
    """
    cdef int d0 = s.dice[0], d1 = s.dice[1]
    cdef int high = d1 if d1 >= d0 else d0
    cdef int f1[8]
    cdef int v1[8]
    cdef int f2[8]
    cdef int v2[8]
    cdef int n1, n2, i, j, n = 0, other, max_single = 0, a
    cdef bint h1, h2
    n1 = hg_checker_moves(s, d0, d1, f1, v1)
    if n1 == 0:
        actions[0] = HG_PASS_ACTION
        keys[0] = hg_board_key(s)
        return 1
    # the two-move sequences (if any exist, they are the only legal plays)
    for i in range(n1):
        h1 = hg_apply_checker(s, f1[i], v1[i])
        other = d1 if v1[i] == d0 else d0
        n2 = hg_checker_moves(s, other, 0, f2, v2)
        for j in range(n2):
            h2 = hg_apply_checker(s, f2[j], v2[j])
            a = f2[j] * 26 + f1[i] + (0 if v1[i] == high else 676)
            actions[n] = a
            keys[n] = hg_board_key(s)
            n += 1
            hg_undo_checker(s, f2[j], v2[j], h2)
        hg_undo_checker(s, f1[i], v1[i], h1)
    if n > 0:
        return n
    # one move only: the largest playable die
    for i in range(n1):
        if v1[i] > max_single:
            max_single = v1[i]
    for i in range(n1):
        if v1[i] == max_single:
            h1 = hg_apply_checker(s, f1[i], v1[i])
            actions[n] = HG_PASS * 26 + f1[i] + (0 if v1[i] == high else 676)
            keys[n] = hg_board_key(s)
            n += 1
            hg_undo_checker(s, f1[i], v1[i], h1)
    return n
