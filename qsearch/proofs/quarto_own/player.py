"""A perfect player of document 000's Quarto: the proof's moves near the start, exact solves
below them."""
from __future__ import annotations

from qsearch.games import OwnPieceQuarto
from qsearch.games.quarto_symmetry import board_of, find_symmetry, transform_action
from qsearch.proofs.quarto_own.format import (
    key_of,
    proof_nodes,
    state_after,
    table_move_first,
)


class PerfectPlayer:
    """A perfect player of document 000's Quarto for :mod:`qsearch.arena`.

    At the top it plays the proof's move (brought through the symmetry that maps the game's
    position onto the proof's); below, or off the proof, it solves: a win in one if there is
    one, else the move whose position is best for it (win, then draw, then loss), found by
    weak solves. Against it the losing side cannot win. ``value(state)`` says whether a
    position is won (+1), drawn (0) or lost (-1) for the side to move.
    """

    name = "perfect"

    def __init__(self, proof=None, table_bits: int = 22):
        from qsearch.search.quarto_solver import QuartoSolver

        self.solver = QuartoSolver(table_bits)
        self.moves: dict = {}
        self.values: dict = {}
        self.losing: set = set()
        if proof is not None:
            for node, actions, *_ in proof_nodes(proof):
                if "move" in node:
                    self.moves[node["key"]] = (actions, node["move"])
                if "value" in node:
                    self.values[node["key"]] = node["value"]
                if "replies" in node:
                    self.losing.add(node["key"])
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

    def __call__(self, state, rng=None) -> int:
        if not isinstance(state, OwnPieceQuarto):
            raise TypeError(f"PerfectPlayer plays OwnPieceQuarto, not {type(state).__name__}")
        if state.is_terminal():
            raise ValueError("the game is over: there is no move to play")
        me = state.current_player()
        if state.num_placed() <= 4:
            k = key_of(state)
            if k in self.moves:                         # the proof's move, brought back
                actions, move = self.moves[k]
                g = find_symmetry(board_of(state_after(actions)), board_of(state))
                if g is not None:
                    a = transform_action(move, g)
                    if a in state.legal_actions():
                        return a
            if k in self.losing:                        # lost anyway: do not lose at once
                return self._first_safe(state)
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
