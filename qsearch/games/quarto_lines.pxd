# cython: language_level=3
# The Quarto board's lines, defined once for every compiled module that needs them.
# Squares are numbered down the columns (square = 4 * column + row): a row is 0x1111 << r,
# a column 0xF << 4c, the main diagonal 0x8421 (0, 5, 10, 15), the other 0x1248.

cdef struct QuartoLines:
    unsigned int lines[10]              # rows 1-4, columns 1-4, main and other diagonal
    unsigned int square_lines[16][4]    # the lines through each square
    int n_square_lines[16]
    unsigned long long piece_planes[16]  # the plane bits piece p sets on square 0


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
