"""The proof format ``qsearch-quarto-own-proof/1``: its files, its keys, and walking its trees.

A proof is a JSON object: ``format``, ``value_for_player_0``, ``first_moves``, ``depth`` and
``trees``, one per prover (a win needs one tree, a draw two). A tree's nodes are, from the
prover's point of view:

* ``"move"`` (the prover's node): one move, its ``"text"``, and the ``"child"`` it leads to;
* ``"replies"`` (the opponent's node): one reply per class of :func:`reply_classes`, each
  with its ``"class_size"`` and ``"child"``;
* ``"value"`` (a leaf at ``depth`` plies): the solver's weak value for the side to move, with
  ``"nodes"`` and ``"seconds"``;
* ``"winner"`` (a finished game).

Every node has ``"key"`` (:func:`key_of` of its position) and ``"to_move"``; its position is
the one the actions on the path from the root reach.
"""
from __future__ import annotations

import json
from pathlib import Path

from qsearch.games import OwnPieceQuarto
from qsearch.games.quarto_symmetry import board_of, canonical

FORMAT = "qsearch-quarto-own-proof/1"
DATA = Path(__file__).resolve().parents[2] / "data"     # qsearch/data: shipped with the package
DEFAULT_PROOF = DATA / "quarto_own_proof.json"          # the committed proof (read, checked)
# A new solve writes into the current directory (never over the shipped proof) and resumes
# from its own progress file there.
DEFAULT_OUT = Path("quarto_own_proof.json")
DEFAULT_PROGRESS = Path("quarto_own_progress.jsonl")


def key_of(state) -> str:
    """The canonical form of a position as hex (the proof's ``"key"``)."""
    return canonical(board_of(state)).hex()


def state_after(actions) -> OwnPieceQuarto:
    """The position the ``actions`` reach from the empty board."""
    return OwnPieceQuarto.from_actions(list(actions))


def reply_classes(state) -> list:
    """The legal actions grouped by the canonical form of the position they lead to:
    ``[(representative action, class size, child key), ...]`` in the order first met."""
    groups: dict = {}
    for a in state.legal_actions():
        k = key_of(state.child(a))
        if k in groups:
            groups[k][1] += 1
        else:
            groups[k] = [a, 1, k]
    return [tuple(g) for g in groups.values()]


def load_proof(path=DEFAULT_PROOF) -> dict:
    """Read a proof file; raises ValueError if it is not one (a cut or corrupted file, not
    JSON, or another format). Its content is checked by
    :func:`~qsearch.proofs.quarto_own.checker.check_proof`."""
    try:
        data = json.loads(Path(path).read_text())
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"{path} is not valid JSON (a cut or corrupted file?): {err}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"{path} is not a {FORMAT} proof")
    return data


def _walk(node, actions, out):
    out.append((node, actions))
    if "child" in node:
        _walk(node["child"], actions + [node["move"]], out)
    for r in node.get("replies", ()):
        _walk(r["child"], actions + [r["action"]], out)


def proof_nodes(proof) -> list:
    """Every ``(node, actions from the root, prover, target)`` of every tree."""
    out = []
    for tree in proof["trees"]:
        nodes: list = []
        _walk(tree["root"], [], nodes)
        out += [(n, a, tree["prover"], tree["target"]) for n, a in nodes]
    return out


def proof_leaves(proof) -> list:
    """The solved leaves: ``(node, actions, prover, target)``."""
    return [x for x in proof_nodes(proof) if "value" in x[0]]


def proof_summary(proof) -> dict:
    """Counts of a proof: nodes, leaves, wins in one, solver nodes at the leaves."""
    nodes = proof_nodes(proof)
    leaves = [n for n, *_ in nodes if "value" in n]
    return {"nodes": len(nodes), "solved leaves": len(leaves),
            "game over (won) leaves": sum("winner" in n for n, *_ in nodes),
            "leaf solver nodes": sum(n["nodes"] for n in leaves),
            "leaf solver seconds": round(sum(n["seconds"] for n in leaves), 1)}
def table_move_first(solver, state) -> list:
    """``state``'s legal actions with the best move of a weak solve first (the order both the
    builder and the perfect player try them in, so they pick the same move)."""
    solver.reset()                                   # the same order whatever came before
    solver.solve(state, weak=True)                   # fills the table with a best move
    hint = solver.table_move(state)
    actions = state.legal_actions()
    if hint in actions:
        actions.remove(hint)
        actions.insert(0, hint)
    return actions


