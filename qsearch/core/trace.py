"""The event log a search can record, for tree diagrams and step-through widgets.

Every event is a :class:`TraceEvent`. Values and windows are always given from the point
of view of the player to move at the root (the MAX player of the textbooks), whatever form
(MAX/MIN or negamax) the algorithm uses internally, so that the compiled and the reference
searches record identical traces.

Event kinds, in the order a node produces them:

``enter``     a node is visited: ``node`` id (0 = root, then in visiting order), ``parent``
              id, ``action`` leading to it, ``ply``, the ``alpha``/``beta`` window it was
              given, ``player`` to move there (-4 at a terminal state).
``terminal``  the game is over here: ``value``.
``leaf``      the depth limit: ``value`` is the heuristic's score.
``tt_hit``    the transposition table answered: ``value``.
``update``    alpha or beta changed after a child (``action``) returned: new window, best
              ``value`` so far.
``research``  (PVS) the null-window test of ``action`` failed high: searched again.
``cutoff``    alpha >= beta after child ``action``: the remaining actions ``pruned`` are
              not searched.
``quiesce``   (quiescence search) the node lies beyond the search's horizon, in an extension
              of a volatile leaf (document 002's Alg. 5); recorded right after ``enter``.
``exit``      the node returns ``value``; ``action`` is its best action (None at leaves).

Expectiminimax (chance nodes) adds:

``chance``        at a chance node, outcome ``action`` is about to be searched; ``value`` is
                  its probability.
``probe``         Star2: outcome ``action`` (probability ``value``) is probed with a narrow
                  window before the full search.
``probe_cutoff``  Star1/Star2: the outcomes' bounds prove the chance node cannot matter: the
                  remaining outcomes ``pruned`` are not searched.
``resume``        Star2: a probed outcome's search is finished from where its probe stopped.
"""
from __future__ import annotations

from typing import NamedTuple


class TraceEvent(NamedTuple):
    """One step of a search (see the module docs for the kinds)."""

    kind: str
    node: int
    parent: int | None = None
    ply: int = 0
    action: int | None = None
    alpha: float = float("-inf")
    beta: float = float("inf")
    value: float | None = None
    player: int | None = None
    pruned: tuple = ()


EVENT_KINDS = ("enter", "terminal", "leaf", "tt_hit", "update", "research", "cutoff", "exit",
               "chance", "probe", "probe_cutoff", "resume", "quiesce")
