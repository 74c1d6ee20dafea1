"""The exact value of a position of any game without chance: ``python -m qsearch solve GAME``.

Full-depth alpha-beta (``depth=None``, no heuristic, a win worth 1): compiled on qsearch's
engines, the readable twin on any other :class:`qsearch.games.GameProtocol` state, with a
transposition table where the state has ``position_key()``. A node budget stops a game too
big to solve (:class:`NotSolved`); while the Python twin runs, a line on ``stream`` says how
far it has got (after 1 s, then 2, 4, 8... s; a terminal gets one line rewritten every
second). The compiled search holds the interpreter while it runs, so it reports once, when
it starts.
"""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from qsearch.cli_language import formatted
from qsearch.games import protocol as P
from qsearch.games.adapter import ProtocolState
from qsearch.i18n import _, number
from qsearch.search.dispatch import runs_compiled

MAX_NODES = 10_000_000      # the default budget: seconds compiled, minutes in Python
PROGRESS_FIRST = 1.0        # seconds before the first progress line of the Python search
CHECK_EVERY = 256           # positions between looks at the clock


class NotSolved(ValueError):
    """The search used its node budget before it found the exact value."""


@dataclass
class Exact:
    """An exact value: ``value`` for ``player`` (the side to move), its best ``action``."""

    value: float
    action: object
    player: int
    nodes: int
    elapsed: float
    engine: str

    def verdict(self) -> str:
        """``"player 0 (to move) wins"``, ``"... loses"``, ``"draw"`` (or the value)."""
        if self.value == 0:
            return _("draw with perfect play")
        if abs(self.value) == 1:
            return (_("player {player} (to move) wins with perfect play") if self.value > 0 else
                    _("player {player} (to move) loses with perfect play")).format(
                        player=self.player)
        return _("value {value} for player {player} (to move) with perfect play").format(
            value=formatted(self.value), player=self.player)


class _Progress:
    """Counts the positions the twin makes and prints how far it has got."""

    def __init__(self, what: str, stream, first: float):
        self.what, self.stream = what, stream
        self.count, self.start = 0, time.monotonic()
        self.next_report, self.shown = first, False
        self.tty = getattr(stream, "isatty", lambda: False)()

    def tick(self) -> None:
        self.count += 1
        if self.count % CHECK_EVERY:
            return
        elapsed = time.monotonic() - self.start
        if elapsed >= self.next_report:
            line = "  " + _("{what}: {seconds} s, {n} positions").format(
                what=self.what, seconds=number(elapsed, 0, grouped=False), n=number(self.count))
            print(("\r" + line) if self.tty else line, end="" if self.tty else "\n",
                  file=self.stream, flush=True)
            self.shown = True
            self.next_report = elapsed + 1 if self.tty else 2 * max(self.next_report, 0.5)

    def done(self) -> None:
        if self.shown:
            line = "  " + _("{what}: done in {seconds} s").format(
                what=self.what, seconds=number(time.monotonic() - self.start, 1, grouped=False))
            print(("\r" + line + " " * 30) if self.tty else line, file=self.stream, flush=True)


class _Watched(ProtocolState):
    """A state whose children are counted by a :class:`_Progress`."""

    __slots__ = ("progress",)

    def __init__(self, state, progress: _Progress):
        ProtocolState.__init__(self, state)
        object.__setattr__(self, "progress", progress)

    def child(self, action) -> _Watched:
        self.progress.tick()
        return _Watched(P.child(self.state, action), self.progress)

    def clone(self) -> _Watched:
        return _Watched(self.state.clone(), self.progress)


def refuse_chance(state) -> None:
    """A ValueError when the game has chance nodes (or cannot be searched by alpha-beta)."""
    from qsearch.arena.players import has_chance
    from qsearch.games.registry import game_info, require_searchable

    info = game_info(state)
    if info.chance or has_chance(state):    # a class's dice game may not say so itself
        raise ValueError(_("{name} has chance nodes: solve finds exact values by alpha-beta, "
                           "which cannot weigh dice (play it with expectiminimax or MCTS: "
                           "python -m qsearch play {name})").format(name=info.name))
    require_searchable(state, "alphabeta")


def solve_exactly(state, max_nodes: int | None = MAX_NODES, *, stream=None,
                  what: str = "solving", first_report: float | None = None) -> Exact:
    """The exact value of ``state`` for the player to move (see the module's docstring).

    ``max_nodes``: the budget (None: none); :class:`NotSolved` when it runs out. Games with
    chance nodes are refused (ValueError). ``state`` is not modified.
    """
    from qsearch import reference
    from qsearch.search import alphabeta

    P.check_protocol(state, "solve")
    if state.is_terminal():
        raise ValueError("the game is over: there is nothing to solve")
    refuse_chance(state)
    if max_nodes is not None and (isinstance(max_nodes, bool) or not isinstance(max_nodes, int)
                                  or max_nodes < 1):
        raise ValueError(f"max_nodes must be an int >= 1 or None, not {max_nodes!r}")
    stream = sys.stderr if stream is None else stream
    first = PROGRESS_FIRST if first_report is None else first_report
    keys = callable(getattr(state, "position_key", None))
    if runs_compiled(state):
        result = alphabeta(state, None, tt=True, max_nodes=max_nodes)
        engine = "compiled"
    else:
        progress = _Progress(what, stream, first)
        result = reference.alphabeta(_Watched(state, progress), None, max_nodes=max_nodes,
                                     tt=True if keys else None)
        progress.done()
        engine = "python"
    if not result.complete:
        raise NotSolved(_("not solved within {n} nodes (raise --max-nodes, or solve a position "
                          "nearer the end)").format(n=number(max_nodes)))
    return Exact(result.value, result.action, state.current_player(), result.nodes,
                 result.elapsed, engine)


def value_for(state, player: int, max_nodes: int | None, **kw) -> tuple[float, int]:
    """``(value of state for player, nodes searched)``: its returns when it is over, else the
    exact value (the sign flips when the other player is to move: the game is zero-sum)."""
    if state.is_terminal():
        return float(state.returns()[player]), 0
    exact = solve_exactly(state, max_nodes, **kw)
    return (exact.value if exact.player == player else -exact.value), exact.nodes


__all__ = ["MAX_NODES", "Exact", "NotSolved", "refuse_chance", "solve_exactly", "value_for"]
