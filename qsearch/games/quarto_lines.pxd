# cython: language_level=3
# The Quarto board's lines and the tests on them, defined once for every compiled module that
# needs them (the game, the heuristic, document 000's search and the solver). Each module keeps
# its own QuartoLines, filled at import, and passes it to the inline helpers: the tables stay
# local to the hot loops and the helpers are inlined there.
# Squares are numbered down the columns (square = 4 * column + row): a row is 0x1111 << r,
# a column 0xF << 4c, the main diagonal 0x8421 (0, 5, 10, 15), the other 0x1248.

cdef struct QuartoLines:
    unsigned int lines[10]              # rows 1-4, columns 1-4, main and other diagonal
    unsigned int square_lines[16][4]    # the lines through each square
    int n_square_lines[16]
    unsigned long long piece_planes[16]  # the plane bits piece p sets on square 0
    unsigned int value_pieces[4][2]     # the pieces with attribute k's first / second value


cdef inline void fill_quarto_lines(QuartoLines* t) noexcept nogil:
    cdef int r, s, k, n, p
    for r in range(4):
        t.lines[r] = 0x1111u << r
        t.lines[4 + r] = 0xFu << (4 * r)
    t.lines[8] = 0x8421u
    t.lines[9] = 0x1248u
    for s in range(16):
        n = 0
        for k in range(10):
            if t.lines[k] & (1u << s):
                t.square_lines[s][n] = t.lines[k]
                n += 1
        t.n_square_lines[s] = n
    for p in range(16):
        t.piece_planes[p] = 0
        for k in range(4):
            if (p >> (3 - k)) & 1:
                t.piece_planes[p] |= 1ULL << (16 * k)
    for k in range(4):
        t.value_pieces[k][0] = 0
        t.value_pieces[k][1] = 0
        for p in range(16):
            t.value_pieces[k][(p >> (3 - k)) & 1] |= 1u << p


cdef inline unsigned int plane_bits(unsigned long long planes, int k,
                                    unsigned int squares) noexcept nogil:
    """The ``squares`` whose piece has attribute ``k``'s second value (plane ``k`` masked).

    A full line shares attribute ``k`` exactly when this is 0 or the whole line."""
    return <unsigned int>(planes >> (16 * k)) & squares


cdef inline bint wins_at(const QuartoLines* t, unsigned int occupied, unsigned long long planes,
                         int square) noexcept nogil:
    """True if a full line through ``square`` has four pieces sharing an attribute."""
    cdef int i, k
    cdef unsigned int line, x
    for i in range(t.n_square_lines[square]):
        line = t.square_lines[square][i]
        if (occupied & line) != line:
            continue
        for k in range(4):
            x = plane_bits(planes, k, line)
            if x == 0 or x == line:
                return True
    return False
