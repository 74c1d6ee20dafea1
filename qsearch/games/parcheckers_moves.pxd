# cython: language_level=3
# ParCheckers' rules at the C level: the board's tables (start, final and safe squares, owners,
# partners, squares moved by each value) in a PCTables the engine fills once at import, where a
# piece lands, whether it may move, the children of one value in the simulator's order, and a
# move played and undone on the engine's fields. Inline functions: parcheckers.pyx's
# legal_moves/make/unmake and its playouts call them and the C compiler inlines them there, as
# quarto_lines.pxd's helpers are.
from qsearch.core.bits cimport multiply_shift_below, splitmix_next
from qsearch.games.parcheckers cimport (
    PC_BONUS10,
    PC_BONUS20,
    PC_BOUNCE_LIMIT,
    PC_FULL_HAND,
    PC_GOAL,
    PC_HOME,
    PC_LOCS,
    PC_SKIP,
    PC_TRACK,
    PCUndo,
    ParCheckers,
)


cdef struct PCTables:
    int start[4]                        # where a piece leaving home lands, by colour
    int final[4]                        # the last track square before each colour's corridor
    int owner[4]                        # player of each colour
    int partner[4]
    int main[2]                         # each player's main colour
    int squares[8]                      # squares moved by each value code (6: 12 or 14)
    bint safe[77]                       # PC_LOCS (a literal: the struct is declared first)


cdef struct PCZobrist:                  # the position key's random numbers
    unsigned long long piece[8][77]     # PC_LOCS
    unsigned long long hand[2][64]
    unsigned long long bonus[8]
    unsigned long long colour[4]
    unsigned long long remember6
    unsigned long long bounces[4][256]


cdef inline void fill_parcheckers_tables(PCTables* t, safe_squares) noexcept:
    """The tables of document 004's board (``safe_squares``: the safe track squares)."""
    cdef int i
    t.start[:] = [4, 21, 38, 55]
    t.final[:] = [68, 17, 34, 51]
    t.owner[:] = [0, 1, 1, 0]
    t.partner[:] = [3, 2, 1, 0]
    t.main[:] = [0, 1]
    t.squares[:] = [2, 4, 8, 10, 12, 1, 20, 40]
    for i in range(PC_LOCS):
        t.safe[i] = False
    for i in safe_squares:
        t.safe[i] = True


cdef inline void fill_parcheckers_zobrist(PCZobrist* z) noexcept nogil:
    """SplitMix64 from seed 2425, in the twin's order (both engines give the same keys)."""
    cdef unsigned long long seed = 2425
    cdef int i, j
    for i in range(8):
        for j in range(PC_LOCS):
            z.piece[i][j] = splitmix_next(&seed)
        z.bonus[i] = splitmix_next(&seed) if i >= PC_BONUS10 else 0
    for i in range(2):
        for j in range(64):
            z.hand[i][j] = splitmix_next(&seed)
    for i in range(4):
        z.colour[i] = splitmix_next(&seed)
        for j in range(256):
            z.bounces[i][j] = splitmix_next(&seed) if j else 0
    z.remember6 = splitmix_next(&seed)


cdef inline unsigned long long pc_key(ParCheckers s, const PCZobrist* z) noexcept nogil:
    """The position key: every piece's place, the bounces, both hands, bonus, colour, 6."""
    cdef unsigned long long k = 0
    cdef int i
    for i in range(8):
        k ^= z.piece[i][s.pos[i]]
    for i in range(4):
        k ^= z.bounces[i][s.bounces[i]]
    k ^= z.hand[0][s.hand[0]] ^ z.hand[1][s.hand[1]]
    k ^= z.bonus[s.bonus] ^ z.colour[s.colour]
    if s.remember6:
        k ^= z.remember6
    return k


cdef inline int pc_colour_of(const PCTables* t, int player, int k) noexcept nogil:
    """Colour ``k`` (0 main, 1 partner) of ``player``."""
    return t.main[player] if k == 0 else t.partner[t.main[player]]


cdef inline int pc_squares(ParCheckers s, const PCTables* t, int slot, int code) noexcept nogil:
    """Squares moved by value ``code`` for the piece in ``slot`` (6: 12, or 14 when the
    piece's colour has no piece at home)."""
    cdef int c = slot >> 1
    if code == 4 and s.cnt[c][PC_HOME] == 0:
        return 14
    return t.squares[code]


cdef inline int pc_destination(ParCheckers s, const PCTables* t, int slot, int squares,
                               bint* bounced) noexcept nogil:
    """Where the piece in ``slot`` lands after ``squares`` (not from home)."""
    cdef int c = slot >> 1
    cdef int p = s.pos[slot]
    cdef int f = t.final[c]
    cdef int count, d
    bounced[0] = False
    if p <= PC_TRACK:
        d = f - p
        if d < 0:
            d += PC_TRACK
        if squares <= d:
            return 1 + (p + squares - 1) % PC_TRACK
        count = squares - d
    else:
        count = p - PC_TRACK + squares
    if count <= 7:
        return PC_TRACK + count
    if count == 8:
        return PC_GOAL
    bounced[0] = True
    d = 16 - count
    if d > 0:
        return PC_TRACK + d
    d = f + d                      # back out onto the track, before the final square
    while d <= 0:
        d += PC_TRACK
    return d


cdef inline bint pc_legal_piece(ParCheckers s, const PCTables* t, int slot,
                                int code) noexcept nogil:
    """Can the piece in ``slot`` move with value ``code`` (the value is available)?"""
    cdef int c = slot >> 1
    cdef int p = s.pos[slot]
    cdef int dest, target, i, x, k, loc
    cdef bint bounced, walls
    if p == PC_GOAL:
        return False
    if p == PC_HOME:
        if code != 3:
            return False
        dest = t.start[c]
        return (s.cnt[0][dest] + s.cnt[1][dest] + s.cnt[2][dest]
                + s.cnt[3][dest]) < 2
    dest = pc_destination(s, t, slot, pc_squares(s, t, slot, code), &bounced)
    if dest != PC_GOAL and dest != p:
        if dest <= PC_TRACK:
            if (s.cnt[0][dest] + s.cnt[1][dest] + s.cnt[2][dest]
                    + s.cnt[3][dest]) >= 2:
                return False
        elif s.cnt[c][dest] >= 2:
            return False
    if p <= PC_TRACK:
        # Walls of other colours (the partner's too) on every square passed, the
        # destination included; up to the final square when entering the corridor.
        target = dest if dest <= PC_TRACK else t.final[c]
        if target != p:
            i = p
            while True:
                i = i % PC_TRACK + 1
                for x in range(4):
                    if x != c and s.cnt[x][i] == 2:
                        return False
                if i == target:
                    break
    if code == 4:
        # A 6 while the player has a wall: only a piece of one of its own colour's walls.
        walls = False
        for k in range(4):
            x = pc_colour_of(t, t.owner[c], k >> 1)
            loc = s.pos[2 * x + (k & 1)]
            if loc != PC_HOME and loc != PC_GOAL and s.cnt[x][loc] == 2:
                walls = True
                break
        if walls and s.cnt[c][p] != 2:
            return False
    return True


cdef inline int pc_moves_for(ParCheckers s, const PCTables* t, int code,
                             int* out) noexcept nogil:
    """The children of one value, in the simulator's order; SKIP if none can move."""
    cdef int player = t.owner[s.colour]
    cdef int n = 0, k, slot
    for k in range(4):
        slot = 2 * pc_colour_of(t, player, k >> 1) + (k & 1)
        if pc_legal_piece(s, t, slot, code):
            out[n] = 9 * code + slot
            n += 1
    if n == 0:
        out[0] = 9 * code + PC_SKIP
        n = 1
    return n


cdef inline void pc_put(ParCheckers s, int slot, int loc) noexcept nogil:
    cdef int c = slot >> 1
    s.cnt[c][s.pos[slot]] -= 1
    s.pos[slot] = loc
    s.cnt[c][loc] += 1


cdef inline bint pc_player_won(ParCheckers s, const PCTables* t, int player) noexcept nogil:
    cdef int a = t.main[player], b = t.partner[t.main[player]]
    return s.cnt[a][PC_GOAL] == 2 and s.cnt[b][PC_GOAL] == 2


cdef inline void pc_apply(ParCheckers s, const PCTables* t, PCUndo* rec, int move) noexcept:
    """Play ``move`` on ``s`` by the rules, saving in ``rec`` what undoes it."""
    cdef int code = move // 9, slot = move % 9
    cdef int player = t.owner[s.colour]
    cdef int c, p, dest, x, victim = -1
    cdef bint bounced = False
    rec.move = move
    rec.captured = -1
    rec.hand = s.hand[player]
    rec.bonus = s.bonus
    rec.colour = s.colour
    rec.remember6 = s.remember6
    rec.flags = s.flags
    rec.winner = s.winner
    s.flags = 0
    if slot != PC_SKIP:
        c = slot >> 1
        p = s.pos[slot]
        rec.origin = p
        if p == PC_HOME:
            dest = t.start[c]
        else:
            dest = pc_destination(s, t, slot, pc_squares(s, t, slot, code), &bounced)
        if dest <= PC_TRACK and not t.safe[dest]:
            for x in range(8):
                if (x >> 1) != c and s.pos[x] == dest:
                    victim = x
                    break
        pc_put(s, slot, dest)
        if victim >= 0:
            pc_put(s, victim, PC_HOME)
            rec.captured = victim
            s.flags |= 1
        if bounced:
            s.flags |= 4
            s.bounces[c] += 1
            if s.bounces[c] > PC_BOUNCE_LIMIT:
                s.winner = 1 - player
        if dest == PC_GOAL and pc_player_won(s, t, player):
            s.winner = player
        if dest == PC_GOAL and s.winner < 0:
            s.flags |= 2
    s.remember6 = code == 4 or (s.remember6 and code >= PC_BONUS10)
    if code >= PC_BONUS10:
        s.bonus = 0
    else:
        s.hand[player] &= ~(1 << code)
        if s.hand[player] == 0:
            s.hand[player] = PC_FULL_HAND
    if s.flags & 1:
        s.bonus = PC_BONUS20
    elif s.flags & 2:
        s.bonus = PC_BONUS10
    if not (s.flags & 3) and not s.remember6:
        s.colour = (s.colour + 1) & 3
    s.turn += 1


cdef inline void pc_revert(ParCheckers s, const PCTables* t, const PCUndo* rec) noexcept:
    """Undo the move ``rec`` recorded (the last one played on ``s``)."""
    cdef int slot = rec.move % 9, c, dest
    if slot != PC_SKIP:
        c = slot >> 1
        dest = s.pos[slot]
        if s.flags & 4:
            s.bounces[c] -= 1
        pc_put(s, slot, rec.origin)
        if rec.captured >= 0:
            pc_put(s, rec.captured, dest)
    s.colour = rec.colour
    s.hand[t.owner[s.colour]] = rec.hand
    s.bonus = rec.bonus
    s.remember6 = rec.remember6
    s.flags = rec.flags
    s.winner = rec.winner
    s.turn -= 1


cdef inline int pc_random_game(ParCheckers g, const PCTables* t, unsigned long long* rng,
                               int max_moves, long long* children) noexcept:
    """Agent 0 against agent 0 from ``g`` (a random value from the hand, then a random piece
    that can move with it, SKIP if none) until the game ends or ``max_moves``; returns the
    moves made and adds the children met to ``children``."""
    cdef int buf[32]
    cdef int values[8]
    cdef int n, nv, i, v, code, mask, lo, hi, moves = 0
    while g.winner < 0 and moves < max_moves:
        n = g.legal_moves(buf)
        children[0] += n
        # Children are grouped by value: draw a value, then one of its children.
        nv = 0
        if g.bonus:
            values[0] = g.bonus
            nv = 1
        else:
            mask = g.hand[t.owner[g.colour]]
            for v in range(6):
                if mask & (1 << v):
                    values[nv] = v
                    nv += 1
        code = values[multiply_shift_below(splitmix_next(rng), nv)]
        lo = 0
        while buf[lo] // 9 != code:
            lo += 1
        hi = lo
        while hi < n and buf[hi] // 9 == code:
            hi += 1
        i = lo + <int>multiply_shift_below(splitmix_next(rng), hi - lo)
        g.make(buf[i])
        moves += 1
    return moves
