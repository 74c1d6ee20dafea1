"""A checkable proof of the value of document 000's Quarto from the empty board.

The proof is a JSON file (format :data:`FORMAT`, described in
:mod:`~qsearch.proofs.quarto_own.format`) holding, for the side that achieves the value (the
*prover*), a strategy for the first ``depth`` plies:

* at the prover's nodes (``"move"``): one move, and the node it leads to;
* at the opponent's nodes (``"replies"``): every legal reply, **up to symmetry**: one
  representative per class of replies whose positions have the same canonical form
  (:func:`qsearch.games.quarto_symmetry.canonical`), with the class size;
* leaves: positions at ``depth`` plies, with the value the solver found for the side to move
  (``+1`` win, ``0`` draw, ``-1`` loss) and (format 2) its exact score, its node count and
  time; or ``"winner"`` when the game is over (a win in one of the prover's, usually).

Format 2 also carries the distance: on every node the piece by which the prover completes a
line at the latest, the tree's minimax over the exact leaf scores; the prover's moves are the
fastest wins the exact solver finds. That no faster win exists rests on that solver alone.

Every node also carries its canonical form (``"key"``, hex), and its position is the one
reached by the actions on the path from the root. A draw needs two trees, one for each
player (each proves he does not lose); a win needs one.

The parts, one job each:

* :mod:`~qsearch.proofs.quarto_own.format`: the format's constants and default files,
  :func:`key_of`, :func:`reply_classes`, :func:`load_proof`, walking the trees
  (:func:`proof_nodes`, :func:`proof_leaves`) and :func:`proof_summary`;
* :mod:`~qsearch.proofs.quarto_own.builder`: :func:`build_proof` (the first moves are
  independent exact solves, :func:`solve_position`, run on any
  :class:`concurrent.futures.Executor`; each solved position is appended to a
  :class:`Progress` file as it finishes, so a stopped run resumes where it stopped);
* :mod:`~qsearch.proofs.quarto_own.checker`: :func:`check_proof` checks it with a second
  engine: the tree's structure (legal moves, canonical forms, every reply class covered with
  the right sizes, terminal positions really won) is recomputed from the rules, and the
  leaves are re-solved (exactly, in format 2) by
  :func:`qsearch.search.quarto_ab.ab_minimax` (document 000's alpha-beta to the end of the
  game, with its win-in-one test), which shares no search code with
  :mod:`qsearch.search.quarto_solver` (one tree's walk is
  :mod:`~qsearch.proofs.quarto_own.tree_walk`, the second engine
  :mod:`~qsearch.proofs.quarto_own.second_engine`);
* :mod:`~qsearch.proofs.quarto_own.player`: :class:`PerfectPlayer`, the proof's moves at the
  top and exact solves below (the fastest win, the slowest loss);
* :mod:`~qsearch.proofs.quarto_own.cli`: ``python -m qsearch solve quarto-own``.
"""
from qsearch._lazy import lazy_exports

# Imported on first use: the command line adds this package's options to its parser without
# importing numpy (the symmetry tables need it; the options do not).
_WHERE = {
    "Progress": "builder", "build_proof": "builder", "solve_position": "builder",
    "check_leaf": "checker", "check_proof": "checker",
    "add_cli_options": "cli", "cli_solve": "cli",
    "DATA": "format", "DEFAULT_OUT": "format", "DEFAULT_PROGRESS": "format",
    "DEFAULT_PROOF": "format", "FORMAT": "format", "FORMATS": "format",
    "key_of": "format", "load_proof": "format",
    "proof_leaves": "format", "proof_nodes": "format", "proof_summary": "format",
    "reply_classes": "format", "state_after": "format",
    "Outcome": "player", "PerfectPlayer": "player", "node_piece": "format",
    "FORMAT_1": "format", "DISTANCE_FIELDS": "format", "claim_of": "format",
    "describe_start": "format", "game_name": "format", "start_moves": "format",
}
__getattr__, __dir__, __all__ = lazy_exports(__name__, _WHERE)
