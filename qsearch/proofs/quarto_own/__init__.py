"""A checkable proof of the value of document 000's Quarto from the empty board.

The proof is a JSON file (format :data:`FORMAT`, described in
:mod:`~qsearch.proofs.quarto_own.format`) holding, for the side that achieves the value (the
*prover*), a strategy for the first ``depth`` plies:

* at the prover's nodes (``"move"``): one move, and the node it leads to;
* at the opponent's nodes (``"replies"``): every legal reply, **up to symmetry**: one
  representative per class of replies whose positions have the same canonical form
  (:func:`qsearch.games.quarto_symmetry.canonical`), with the class size;
* leaves: positions at ``depth`` plies, with the value the solver found for the side to move
  (``+1`` win, ``0`` draw, ``-1`` loss), its node count and time; or ``"winner"`` when the game
  is over (a win in one of the prover's, usually).

Every node also carries its canonical form (``"key"``, hex), and its position is the one
reached by the actions on the path from the root. A draw needs two trees, one for each
player (each proves he does not lose); a win needs one.

The parts, one job each:

* :mod:`~qsearch.proofs.quarto_own.format`: the format's constants and default files,
  :func:`key_of`, :func:`reply_classes`, :func:`load_proof`, walking the trees
  (:func:`proof_nodes`, :func:`proof_leaves`) and :func:`proof_summary`;
* :mod:`~qsearch.proofs.quarto_own.builder`: :func:`build_proof` (the leaves are independent
  subproblems, :func:`solve_position`, solved on any :class:`concurrent.futures.Executor`;
  each solved position is appended to a :class:`Progress` file as it finishes, so a stopped
  run resumes where it stopped);
* :mod:`~qsearch.proofs.quarto_own.checker`: :func:`check_proof` checks it with a second
  engine: the tree's structure (legal moves, canonical forms, every reply class covered with
  the right sizes, terminal positions really won) is recomputed from the rules, and the
  leaves are re-solved by :func:`qsearch.search.quarto_ab.ab_minimax` (document 000's
  alpha-beta to the end of the game, with its win-in-one test), which shares no search code
  with :mod:`qsearch.search.quarto_solver`;
* :mod:`~qsearch.proofs.quarto_own.player`: :class:`PerfectPlayer`, the proof's moves at the
  top and exact solves below;
* :mod:`~qsearch.proofs.quarto_own.cli`: ``python -m qsearch solve quarto-own``.
"""
from qsearch.proofs.quarto_own.builder import Progress, build_proof, solve_position
from qsearch.proofs.quarto_own.checker import check_leaf, check_proof
from qsearch.proofs.quarto_own.cli import add_cli_options, cli_solve
from qsearch.proofs.quarto_own.format import (
    DATA,
    DEFAULT_OUT,
    DEFAULT_PROGRESS,
    DEFAULT_PROOF,
    FORMAT,
    key_of,
    load_proof,
    proof_leaves,
    proof_nodes,
    proof_summary,
    reply_classes,
    state_after,
)
from qsearch.proofs.quarto_own.player import PerfectPlayer

__all__ = [
    "DATA", "DEFAULT_OUT", "DEFAULT_PROGRESS", "DEFAULT_PROOF", "FORMAT", "PerfectPlayer",
    "Progress", "add_cli_options", "build_proof", "check_leaf", "check_proof", "cli_solve",
    "key_of", "load_proof", "proof_leaves", "proof_nodes", "proof_summary", "reply_classes",
    "solve_position", "state_after",
]
