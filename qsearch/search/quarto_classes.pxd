# cython: language_level=3
# The symmetries of a Quarto position as the exact solver's table uses them
# (qsearch/search/quarto_solver.pyx, symmetry_until=k): the 32 square permutations and the 24
# attribute permutations (with the complement of any attributes: 12,288 in all) as small
# tables, the class key of a position (its smallest image) and a move's image in and out of
# the class's coordinates. The tables are the twin's (qsearch.reference.quarto_solver's
# symmetry_tables), copied once into a QuartoSymmetries the solver keeps; the helpers are
# inlined where the solver calls them, as quarto_lines.pxd's are.
from qsearch.core.bits cimport ctz32, popcount32, u32, u64
from qsearch.games.quarto_lines cimport QuartoLines

cdef enum:
    HAND_NONE = 16                      # no piece in hand


cdef struct QuartoSymmetries:
    unsigned char square[32][16]        # [g][s]: the image of square s
    unsigned char square_back[32][16]
    unsigned char attr[24][16]          # [a][q]: piece q's attribute bits permuted
    unsigned char attr_back[24][16]


cdef inline void fill_quarto_symmetries(QuartoSymmetries* t, tables):
    """Copy the twin's ``symmetry_tables()`` (four lists of rows) into ``t``."""
    cdef int g, i
    squares, squares_back, attributes, attributes_back = tables
    for g in range(32):
        for i in range(16):
            t.square[g][i] = squares[g][i]
            t.square_back[g][i] = squares_back[g][i]
    for g in range(24):
        for i in range(16):
            t.attr[g][i] = attributes[g][i]
            t.attr_back[g][i] = attributes_back[g][i]


cdef inline int piece_on(u64 planes, int s) noexcept nogil:
    """The code of the piece on occupied square ``s`` (attribute ``k`` is bit ``3 - k``)."""
    return <int>((((planes >> s) & 1) << 3) | (((planes >> (16 + s)) & 1) << 2)
                 | (((planes >> (32 + s)) & 1) << 1) | ((planes >> (48 + s)) & 1))


cdef inline void class_key_of(const QuartoSymmetries* t, const QuartoLines* q, u32 occ,
                              u64 planes, int hand, u32* kocc, u64* kplanes, int* khand,
                              int* sym) noexcept nogil:
    """The smallest image of a position under the 12,288 symmetries (the twin's
    ``class_key``: smallest occupied mask, then the pieces in square order and the piece in
    hand); ``sym`` gets the first ``(g, a, c)`` giving it."""
    cdef int pieces[16]
    cdef int seq[17]
    cdef int image[17]
    cdef int best[17]
    cdef u32 images[32]
    cdef u32 rest, low = 0x1FFFF, o
    cdef int g, a, c, i, s, m, n = popcount32(occ), found = 0, better
    rest = occ
    while rest:
        s = ctz32(rest)
        rest &= rest - 1
        pieces[s] = piece_on(planes, s)
    for g in range(32):
        o = 0
        rest = occ
        while rest:
            s = ctz32(rest)
            rest &= rest - 1
            o |= 1u << t.square[g][s]
        images[g] = o
        if o < low:
            low = o
    m = n + (1 if hand != HAND_NONE else 0)
    sym[0] = 0
    sym[1] = 0
    sym[2] = 0
    if m == 0:
        kocc[0] = occ
        kplanes[0] = planes
        khand[0] = hand
        return
    for g in range(32):
        if images[g] != low:
            continue
        i = 0
        rest = low
        while rest:
            s = ctz32(rest)
            rest &= rest - 1
            seq[i] = pieces[t.square_back[g][s]]
            i += 1
        if hand != HAND_NONE:
            seq[i] = hand
        for a in range(24):
            c = t.attr[a][seq[0]]
            for i in range(m):
                image[i] = t.attr[a][seq[i]] ^ c
            better = not found
            if found:
                for i in range(m):
                    if image[i] != best[i]:
                        better = image[i] < best[i]
                        break
            if better:
                for i in range(m):
                    best[i] = image[i]
                sym[0] = g
                sym[1] = a
                sym[2] = c
                found = 1
    kocc[0] = low
    kplanes[0] = 0
    i = 0
    rest = low
    while rest:
        s = ctz32(rest)
        rest &= rest - 1
        kplanes[0] |= q.piece_planes[best[i]] << s
        i += 1
    khand[0] = best[n] if hand != HAND_NONE else HAND_NONE


cdef inline int move_to_class(const QuartoSymmetries* t, int move, const int* sym) noexcept nogil:
    return 16 * t.square[sym[0]][move >> 4] + (t.attr[sym[1]][move & 15] ^ sym[2])


cdef inline int move_from_class(const QuartoSymmetries* t, int move,
                                const int* sym) noexcept nogil:
    return 16 * t.square_back[sym[0]][move >> 4] + t.attr_back[sym[1]][(move & 15) ^ sym[2]]
