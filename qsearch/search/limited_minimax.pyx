# cython: language_level=3, boundscheck=False, wraparound=False
"""Document 004's ``Minimax_Limitado`` (§3.4), compiled: minimax with a node budget.

The course's simulator lets each decision use at most ``max_nodes`` nodes *generated +
evaluated* (3,500,000 in 2024-25) and a search that goes past it loses. The document's fix:
check the budget after generating each child, and when it is spent

* at a MAX node return the best value found so far (at the root, with a move);
* at a MIN node return the node's own static evaluation, as if it were a leaf.

Written in the document's MAX/MIN form (it is that function, made fast), on make/unmake
instead of copying the board for every child. Counting as the simulator does: every child
made is one generated node, and a node that visits all its ``n`` children costs ``n + 1``
(the iterator's final ``++`` that finds no more children generates too); each call of the
heuristic is one evaluated node (depth limit, game over, and a MIN node cut by the limit).
The heuristic scores the end of the game too, so there is no search without one: a missing
``evaluate`` is a ValueError, not a search that scores every move 0.

``root_move``: the document's code, when the budget runs out at the root, stores the move of
the child it has *just generated* (``it.getMovedColor()``...), not of the best child found
so far. ``root_move="document"`` (default) does what the code does; ``"best"`` keeps the best
child's move, which is what its text says. The twin is
:mod:`qsearch.reference.limited_minimax`; both count the same nodes.

``children``: ``"iterator"`` (default) generates the children one at a time, as the
``ParchisBros`` iterator of §3.4; ``"list"`` is §3.5's alternative, ``getChildrenList``: a
node's children are all generated (and counted, ``n + 1`` as the iterator's walk to its end)
before the first is searched, and the budget is checked before each child is searched. With
no budget both count the same nodes; with one, the list version has counted children it may
never search.

Like every search, it runs on a clone and checks a heuristic written in Python: the state's
key is compared before and after each call, and a change is a ValueError (the next
``unmake`` would otherwise corrupt the game). Its MAX/MIN form has no chance nodes: one
reached below the root (and not at the depth limit, where it is evaluated) is a ValueError.
"""
from qsearch.games._game cimport CHANCE, MAX_ACTIONS, Game
from qsearch.heuristics._heuristic cimport Heuristic
from qsearch.search.callbacks cimport checked_score, runs_python
from qsearch.search.clock cimport now

from qsearch.core.checks import check_limited_minimax
from qsearch.heuristics import as_heuristic
from qsearch.core.results import LimitedResult

MASINF = 1e10            # the course's masinf = 9999999999.0f
MENOSINF = -1e10
COURSE_LIMIT = 3_500_000
CHANCE_MESSAGE = ("limited_minimax reached a chance node, which its MAX/MIN search cannot "
                  "weigh: use expectiminimax or mcts for a game with dice")
NO_EVALUATION_MESSAGE = ("limited_minimax needs an evaluation, evaluate(state, player) -> "
                         "float (for ParCheckers, valoracion_test): the document's search "
                         "scores every leaf with it, the end of the game included, so "
                         "without one every move would score 0")

cdef double C_MASINF = 1e10
cdef double C_MENOSINF = -1e10


cdef class _Limited:
    cdef Game state
    cdef Heuristic heuristic
    cdef object function
    cdef int player, max_depth
    cdef long long max_nodes, generated, evaluated
    cdef bint reached, document_root, list_children
    cdef bint python_heuristic          # check the state's key around each call
    cdef public int best

    cdef inline bint limit(self) noexcept:
        return self.max_nodes > 0 and self.generated + self.evaluated >= self.max_nodes

    cdef double evaluate(self) except? -1.5e308:
        self.evaluated += 1
        return checked_score(self.heuristic, self.state, self.player, self.python_heuristic)

    cdef double search(self, int depth) except? -1.5e308:
        cdef Game g = self.state
        cdef int moves[MAX_ACTIONS]
        cdef int n, i
        cdef double valor, v
        if depth == self.max_depth or g.terminal():
            return self.evaluate()
        if g.to_move() == CHANCE:
            raise ValueError(CHANCE_MESSAGE)
        n = g.legal_moves(moves)
        if self.list_children:                            # getChildrenList: all at once
            self.generated += n + 1
        if g.to_move() == self.player:                    # MAX node
            valor = C_MENOSINF
            for i in range(n):
                g.make(moves[i])
                if not self.list_children:
                    self.generated += 1
                if self.limit():
                    self.reached = True
                    if depth == 0 and self.document_root:
                        self.best = moves[i]
                    g.unmake(moves[i])
                    return valor
                v = self.search(depth + 1)
                g.unmake(moves[i])
                if v > valor:
                    valor = v
                    if depth == 0:
                        self.best = moves[i]
            if not self.list_children:
                self.generated += 1
            return valor
        valor = C_MASINF                                   # MIN node
        for i in range(n):
            g.make(moves[i])
            if not self.list_children:
                self.generated += 1
            if self.limit():
                self.reached = True
                g.unmake(moves[i])
                return self.evaluate()
            v = self.search(depth + 1)
            g.unmake(moves[i])
            if v < valor:
                valor = v
        if not self.list_children:
            self.generated += 1
        return valor


def limited_minimax(state, depth=4, evaluate=None, *, max_nodes=COURSE_LIMIT,
                    root_move="document", children="iterator") -> LimitedResult:
    """``Minimax_Limitado(actual, jugador, 0, depth, ...)`` of document 004.

    ``evaluate(state, player)``: a compiled Heuristic or a function, called with the
    searching player at every leaf, a finished game's included (as the document's search
    does), so it must score a win above every other value (``valoracion_test`` does); it is
    required: None is a ValueError.
    ``max_nodes``: the budget of generated + evaluated nodes (None:
    no limit, i.e. the document's plain ``Minimax``). ``children``: ``"iterator"`` (§3.4,
    one child generated at a time) or ``"list"`` (§3.5, ``getChildrenList``: all of a
    node's children generated before the first is searched). Returns a :class:`LimitedResult`.
    The state is not modified (the search runs on a clone).
    """
    if not isinstance(state, Game):
        raise TypeError(f"limited_minimax needs a qsearch game, not {type(state).__name__}")
    depth, max_nodes = check_limited_minimax(depth, max_nodes)
    if root_move not in ("document", "best"):
        raise ValueError(f"root_move must be 'document' or 'best', not {root_move!r}")
    if children not in ("iterator", "list"):
        raise ValueError(f"children must be 'iterator' or 'list', not {children!r}")
    if state.is_terminal():
        raise ValueError("the game is over in this state: nothing to search")
    if state.is_chance_node():
        raise ValueError("limited_minimax cannot search a chance node")
    if evaluate is None:
        raise ValueError(NO_EVALUATION_MESSAGE)
    cdef _Limited s = _Limited()
    s.state = state.clone()
    s.heuristic = as_heuristic(evaluate)
    s.python_heuristic = runs_python(s.heuristic)
    s.player = state.current_player()
    s.max_depth = depth
    s.max_nodes = max_nodes or 0
    s.generated = s.evaluated = 0
    s.reached = False
    s.document_root = root_move == "document"
    s.list_children = children == "list"
    s.best = -1
    cdef double start = now()
    value = s.search(0)
    elapsed = now() - start
    if s.best < 0:                  # cut before any child was searched: play the first one
        s.best = state.legal_actions()[0]
    return LimitedResult(value=value, action=None if s.best < 0 else s.best,
                         generated=s.generated, evaluated=s.evaluated,
                         limit_reached=bool(s.reached), elapsed=elapsed, depth=depth,
                         max_nodes=max_nodes)
