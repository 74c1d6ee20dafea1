# cython: language_level=3
# The checks every node of a depth-first search makes before it looks at its children, shared
# by the negamax core (_engine.pyx) and expectiminimax (expectiminimax.pyx) and inlined into
# both hot loops. The searches keep the order of the checks (and their counters, the trace
# and the table, which differ) in their own code; these are the rules they must agree on.
from qsearch.search.clock cimport now

cdef enum:
    TIME_CHECK_MASK = 1023      # compiled code only: look at the clock every 1024 nodes


cdef struct Budget:
    long long max_nodes         # 0: no limit
    double deadline             # on the clock of search/clock.pxd; 0: no limit
    long long time_check_mask   # read the clock when nodes & mask == 0 (0: at every node)


cdef inline void start_budget(Budget* b, long long max_nodes, double time_limit,
                              long long time_check_mask) noexcept nogil:
    """Set up the budget of a search starting now (``time_limit`` in seconds, 0: none)."""
    b.max_nodes = max_nodes
    b.deadline = now() + time_limit if time_limit > 0 else 0.0
    b.time_check_mask = time_check_mask


cdef inline bint out_of_budget(const Budget* b, long long nodes) noexcept nogil:
    """True once ``nodes`` reached the node limit or the clock passed the deadline."""
    if b.max_nodes > 0 and nodes >= b.max_nodes:
        return True
    return b.deadline > 0 and (nodes & b.time_check_mask) == 0 and now() > b.deadline


cdef inline double terminal_score(double u, double win_value, double win_decay,
                                  int ply) noexcept nogil:
    """A finished game's value for the player whose return is ``u`` (+1, -1; 0 a draw): a win
    ``ply`` plies from the root is worth ``win_value - win_decay * ply``."""
    return 0.0 if u == 0.0 else u * (win_value - win_decay * ply)


cdef inline bint depth_reached(int depth, int ply, int max_ply) noexcept nogil:
    """True where the search stops and scores a leaf: no depth left, or the deepest ply."""
    return depth == 0 or ply >= max_ply - 1
