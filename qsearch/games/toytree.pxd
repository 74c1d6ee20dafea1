# cython: language_level=3
from qsearch.games._game cimport Game


cdef class TreeShape:
    # The immutable shape of one toy tree, shared by every state (node) of it.
    cdef int n_nodes            # nodes, numbered breadth-first: 0 is the root
    cdef int* first_child       # index of a node's first child (children are consecutive)
    cdef int* n_children        # children of a node (0 at a leaf)
    cdef int* parent            # parent of a node (-1 at the root)
    cdef int* depth             # plies from the root
    cdef double* values         # leaf value from player 0's view (0 at inner nodes)
    cdef readonly tuple spec    # the nested tuples the tree was built from
    cdef readonly tuple names   # one name per node, breadth-first
    cdef readonly object names_spec   # the ``names`` argument as given (None, prefix or tuple)


cdef class ExplicitTree(Game):
    cdef TreeShape shape        # the tree (shared by clones)
    cdef int node               # the current node (breadth-first index)
    cdef int root_player        # the player to move at the root; levels alternate
