"""A perfect player of document 000's Quarto: the proof's moves near the start, exact solves
below them; it wins as fast as it can and loses as slowly as it can."""
from __future__ import annotations

from typing import NamedTuple

from qsearch.games import OwnPieceQuarto
from qsearch.games.quarto_symmetry import board_of, find_symmetry, transform_action
from qsearch.proofs.quarto_own.format import (
    key_of,
    proof_nodes,
    state_after,
    table_move_first,
)

# From this many pieces placed the player solves exactly and plays the fastest win or the
# slowest loss. Measured per move on random positions with no win in one (2 shared cores):
# 4 pieces 0.26 s mean, 0.32 s max (sign only: 0.10 s); 5 and more under 0.06 s; 3 pieces
# 2.0 s mean, 3.6 s max (sign only: 0.05 s), too slow for a widget's reply.
STRONG_FROM = 4


class Outcome(NamedTuple):
    """A position with best play, for the side to move: ``value`` +1 win, 0 draw, -1 loss;
    ``piece`` the number (1-16) of the piece with which the winner completes a line (None:
    a draw, or not worked out); ``at_the_latest``: ``piece`` is the proof's bound (the
    winner can do it by then; that it cannot sooner rests on the compiled solver) rather
    than an exact solve's."""

    value: int
    piece: int | None
    at_the_latest: bool


class PerfectPlayer:
    """A perfect player of document 000's Quarto for :mod:`qsearch.arena`.

    At the top it plays the proof's move (brought through the symmetry that maps the game's
    position onto the proof's): the fastest win the exact solver found. On the losing side of
    the proof it plays the reply the proof shows loses latest. From ``STRONG_FROM`` pieces on
    it solves exactly and plays a move of the best score: the fastest win, or the slowest
    loss. In between, off the proof, it plays a move whose position is best for it (win, then
    draw, then loss) by weak solves. ``value(state)`` says whether a position is won (+1),
    drawn (0) or lost (-1) for the side to move; :meth:`outcome` also on which piece.
    """

    name = "perfect"

    def __init__(self, proof=None, table_bits: int = 22, strong_from: int = STRONG_FROM):
        from qsearch.search.quarto_solver import QuartoSolver

        if isinstance(strong_from, bool) or not isinstance(strong_from, int):
            raise TypeError(f"strong_from must be an int, not {type(strong_from).__name__}")
        self.solver = QuartoSolver(table_bits)
        self.strong_from = strong_from
        self.moves: dict = {}         # prover's nodes: key -> (actions, move)
        self.slowest: dict = {}       # losing side's nodes: key -> (actions, latest reply)
        self.values: dict = {}
        self.pieces: dict = {}        # key -> the proof's "wins by piece n at the latest"
        self.losing: set = set()
        if proof is not None:
            for node, actions, prover, _ in proof_nodes(proof):
                k = node["key"]
                if "move" in node:
                    self.moves[k] = (actions, node["move"])
                if "value" in node:
                    self.values[k] = node["value"]
                if "replies" in node:
                    self.losing.add(k)
                    latest = max(node["replies"], key=lambda r: r["child"].get("piece", 0))
                    if "piece" in latest["child"]:
                        self.slowest[k] = (actions, latest["action"])
                if "piece" in node and "winner" not in node:
                    mover_wins = node["to_move"] == prover
                    self.values.setdefault(k, 1 if mover_wins else -1)
                    self.pieces[k] = min(node["piece"], self.pieces.get(k, 17))
        self.last_result = None

    def value(self, state) -> int:
        """+1, 0, -1: the side to move wins, draws, loses with best play."""
        if state.is_terminal():
            raise ValueError("the game is over")
        k = key_of(state) if state.num_placed() <= 4 else None
        if k in self.values:
            return self.values[k]
        if k in self.losing:
            return -1
        return self.solver.solve(state, weak=True).score

    def outcome(self, state) -> Outcome:
        """The side to move's :class:`Outcome` with best play: the proof's near the start
        (the piece at the latest), an exact solve from ``strong_from`` pieces on, else the
        sign of a weak solve (no piece)."""
        if state.is_terminal():
            raise ValueError("the game is over")
        k = key_of(state) if state.num_placed() <= 4 else None
        if k in self.pieces:
            return Outcome(self.values[k], self.pieces[k], True)
        if state.num_placed() >= self.strong_from:
            s = self.solver.solve(state, weak=False).score
            return Outcome((s > 0) - (s < 0), None if s == 0 else 17 - abs(s), False)
        return Outcome(self.value(state), None, False)

    def __call__(self, state, rng=None) -> int:
        if not isinstance(state, OwnPieceQuarto):
            raise TypeError(f"PerfectPlayer plays OwnPieceQuarto, not {type(state).__name__}")
        if state.is_terminal():
            raise ValueError("the game is over: there is no move to play")
        if state.num_placed() <= 4:
            k = key_of(state)
            for table in (self.moves, self.slowest):    # the proof's move, brought back
                if k in table:
                    actions, move = table[k]
                    g = find_symmetry(board_of(state_after(actions)), board_of(state))
                    if g is not None:
                        a = transform_action(move, g)
                        if a in state.legal_actions():
                            return a
            if k in self.losing and state.num_placed() < self.strong_from:
                return self._first_safe(state)          # lost anyway: do not lose at once
        if state.num_placed() >= self.strong_from:
            return self.best_scoring_move(state)
        return self._best_by_sign(state)

    def best_scoring_move(self, state) -> int:
        """A move of the best exact score: the fastest win, the draw, or the slowest loss.
        The solver's table suggests one; it is checked by solving its position (and the
        others in turn if it falls short)."""
        me = state.current_player()
        self.solver.reset()
        want = self.solver.solve(state, weak=False).score
        hint = self.solver.table_move(state)
        actions = state.legal_actions()
        if hint in actions:
            actions.remove(hint)
            actions.insert(0, hint)
        for a in actions:
            child = state.child(a)
            if child.is_terminal():
                v = int(child.returns()[me]) * (17 - child.num_placed())
            else:
                v = -self.solver.solve(child, weak=False).score
            if v == want:
                return a
        raise RuntimeError(f"no move reaches the solved score {want} in {state!r}")

    def _best_by_sign(self, state) -> int:
        """A move whose position is best for the mover by weak solves (win, draw, loss)."""
        me = state.current_player()
        best, best_v = None, -2
        for a in table_move_first(self.solver, state):
            child = state.child(a)
            if child.is_terminal():
                v = int(child.returns()[me])
            else:
                v = -self.solver.solve(child, weak=True).score
            if v > best_v:
                best, best_v = a, v
                if v == 1:
                    break
        return best

    @staticmethod
    def _first_safe(state) -> int:
        """The first action after which the opponent cannot win at once (else the first)."""
        for a in state.legal_actions():
            child = state.child(a)
            if child.is_terminal() or not any(child.child(b).is_terminal() and
                                              child.child(b).returns()[state.current_player()] < 0
                                              for b in child.legal_actions()):
                return a
        return state.legal_actions()[0]

    def reset(self) -> None:
        """Nothing to forget (the table only speeds up later moves, never changes them)."""
