# cython: language_level=3
# What every compiled search does around a user's code, defined once and inlined where used:
# telling whether a heuristic runs Python code, calling it with the checks (the state must be
# left as it was, the score must be a number), and checking a chance node's distribution.

from libc.math cimport fabs

from qsearch.games._game cimport Game
from qsearch.heuristics._heuristic cimport FunctionHeuristic, Heuristic

cdef enum:
    HEAP_TYPE = 1 << 9          # Py_TPFLAGS_HEAPTYPE: classes defined in Python code


cdef inline bint runs_python(Heuristic heuristic):
    """Whether calling ``heuristic`` runs Python code (then its state is checked)."""
    return heuristic is not None and (isinstance(heuristic, FunctionHeuristic)
                                      or (type(heuristic).__flags__ & HEAP_TYPE) != 0)


cdef inline double checked_score(Heuristic heuristic, Game state, int player,
                                 bint python) except? -1.5e308:
    """``heuristic``'s score of ``state`` for ``player``: a ValueError when Python code
    changed the state (``python``: compare its key before and after) or returned NaN."""
    cdef unsigned long long key = state.key() if python else 0
    cdef double v = heuristic.evaluate(state, player)
    if python and state.key() != key:
        raise ValueError(
            f"heuristic {heuristic!r} changed the state it was given; it must only read it "
            "(work on state.clone() to try moves)"
        )
    if v != v:
        raise ValueError(f"heuristic {heuristic!r} returned NaN; it must return a number")
    return v


cdef inline int check_distribution(const int* outcomes, const double* prob, int n,
                                   double tolerance) except -1:
    """ValueError unless the outcomes' probabilities lie in (0, 1] and sum to 1 within
    ``tolerance`` (the rule and the message of ``qsearch.core.chance.check_probabilities``,
    the sum taken in the same order)."""
    cdef double total = 0.0
    cdef bint ok = n > 0
    cdef int i
    for i in range(n):
        if not (0.0 < prob[i] <= 1.0):
            ok = False
        total += prob[i]
    if ok and fabs(total - 1.0) <= tolerance:
        return 0
    from qsearch.core.chance import check_probabilities
    check_probabilities([(outcomes[i], prob[i]) for i in range(n)])
    raise ValueError("the chance outcomes' probabilities are not a distribution")
