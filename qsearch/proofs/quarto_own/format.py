"""The proof formats ``qsearch-quarto-own-proof/1`` and ``/2``: files, keys, walking the trees.

A proof is a JSON object: ``format``, ``value_for_player_0``, ``first_moves``, ``depth`` and
``trees``, one per prover (a win needs one tree, a draw two). A tree's nodes are, from the
prover's point of view:

* ``"move"`` (the prover's node): one move, its ``"text"``, and the ``"child"`` it leads to;
* ``"replies"`` (the opponent's node): one reply per class of :func:`reply_classes`, each
  with its ``"class_size"`` and ``"child"``;
* ``"value"`` (a leaf at ``depth`` plies): the solver's value for the side to move, with
  ``"nodes"`` and ``"seconds"``;
* ``"winner"`` (a finished game).

Format 2 (``qsearch-quarto-own-proof/2``) adds the distance: a leaf's exact ``"score"``
(``17 - n`` for the side to move winning with the ``n``-th piece, negated for a loss; its
``"value"`` is the sign), on every node of a winning tree ``"piece"``, the piece by which the
prover completes a line at the latest (the tree's minimax, :func:`node_piece`), at the top
``"wins_by_piece"`` (the root's) and each first move's exact ``"score_for_player_0"``. The
prover's moves are the fastest wins the exact solver finds. :func:`load_proof` reads both
formats.

Every node has ``"key"`` (:func:`key_of` of its position) and ``"to_move"``; its position is
the one the actions on the path from the root reach.
"""
from __future__ import annotations

import json
from pathlib import Path

from qsearch.games import OwnPieceQuarto
from qsearch.i18n import _

FORMAT_1 = "qsearch-quarto-own-proof/1"                # values only (the sign-only builder)
FORMAT = "qsearch-quarto-own-proof/2"                  # what the builder writes
# Standard Quarto's proof (qsearch.proofs.quarto_standard): format 1's trees on the standard
# game's actions (a gift, then a placement), values only, from the position after ``start``.
FORMAT_STANDARD = "qsearch-quarto-standard-proof/1"
FORMATS = (FORMAT_1, FORMAT, FORMAT_STANDARD)          # what load_proof reads
# The distance's fields, format 2's alone: a proof of another format carrying one is refused
# (a format-1 file with a "wins_by_piece" would have it repeated unchecked).
DISTANCE_FIELDS = {"proof": ("wins_by_piece",), "first move": ("score_for_player_0",),
                   "node": ("piece",), "leaf": ("score",)}
DATA = Path(__file__).resolve().parents[2] / "data"     # qsearch/data: shipped with the package
DEFAULT_PROOF = DATA / "quarto_own_proof.json"          # the committed proof (read, checked)
# A new solve writes into the current directory (never over the shipped proof) and resumes
# from its own progress file there.
DEFAULT_OUT = Path("quarto_own_proof.json")
DEFAULT_PROGRESS = Path("quarto_own_progress.jsonl")


def key_of(state) -> str:
    """The canonical form of a position as hex (the proof's ``"key"``): the board, and in
    standard Quarto the piece in hand."""
    from qsearch.games.quarto_symmetry import canonical  # numpy, only when used

    return canonical(state).hex()


def game_of(proof) -> type:
    """The game a proof is about: document 000's variant, or standard Quarto."""
    from qsearch.games import Quarto

    return Quarto if proof.get("format") == FORMAT_STANDARD else OwnPieceQuarto


def state_after(actions, game: type = OwnPieceQuarto):
    """The position the ``actions`` reach from the empty board of ``game``."""
    return game.from_actions(list(actions))


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


class _RepeatedKey(Exception):
    """A JSON object that names a key twice (json keeps the last value silently)."""


def _unique_keys(pairs) -> dict:
    """``json``'s ``object_pairs_hook``: the object, or :class:`_RepeatedKey` naming the first
    key it repeats."""
    data = dict(pairs)
    if len(data) != len(pairs):
        seen = set()
        for key, _ in pairs:
            if key in seen:
                raise _RepeatedKey(key)
            seen.add(key)
    return data


def load_proof(path=DEFAULT_PROOF) -> dict:
    """Read a proof file; raises ValueError if it is not one (a cut or corrupted file, not
    JSON, nested too deep, a key repeated in an object, or another format). Its content is
    checked by :func:`~qsearch.proofs.quarto_own.checker.check_proof`."""
    path = Path(path)
    if path.is_dir():
        raise ValueError(f"{path} is a directory, not a proof file")
    try:
        data = json.loads(path.read_text(), object_pairs_hook=_unique_keys)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise ValueError(f"{path} is not valid JSON (a cut or corrupted file?): {err}") from None
    except RecursionError:
        raise ValueError(f"{path} is nested too deep to be a proof (a forged file?)") from None
    except _RepeatedKey as err:
        raise ValueError(f"{path} repeats the key {err.args[0]!r} in one object: a proof "
                         "names each key once (a forged file?)") from None
    except OSError as err:
        raise ValueError(f"cannot read the proof {path}: {err.strerror or err}") from None
    if not isinstance(data, dict) or data.get("format") not in FORMATS:
        raise ValueError(f"{path} is not a proof in one of the formats {list(FORMATS)}")
    return data


def game_name(proof) -> str:
    """The game a proof is about, in words (from its format, not from what the file says)."""
    if proof.get("format") == FORMAT_STANDARD:
        return _("standard Quarto (each player places the piece the other gave him)")
    return _("document 000's Quarto (each player places a piece of his own choice)")


def start_moves(start, game: type = OwnPieceQuarto) -> list:
    """The names of the ``start`` actions (``action_to_string``), replayed from the empty
    board of ``game``; ``[]`` for the empty board. Raises ValueError on an illegal action."""
    state, names = game(), []
    for k, a in enumerate(start, 1):
        if state.is_terminal() or a not in state.legal_actions():
            raise ValueError(f"start move {k} ({a!r}) is not legal after {names}")
        names.append(state.action_to_string(a))
        state.apply_action(a)
    return names


def describe_start(names) -> str:
    """``"the empty board"`` or ``"the position after 6 moves (2357 (4,3) ...)"``."""
    if not names:
        return _("the empty board")
    return (_("the position after {count} moves ({moves})") if len(names) > 1 else
            _("the position after {count} move ({moves})")).format(count=len(names),
                                                                   moves=" ".join(names))


def claim_of(proof, names=None) -> str:
    """What a (checked) proof proves, in words: the game, the start, the value and (format 2)
    the distance. ``names``: the start's moves (:func:`start_moves`), if already known."""
    if names is None:
        names = start_moves(proof.get("start", []), game_of(proof))
    v = proof["value_for_player_0"]
    who = [_("player 0"), _("player 1")]
    if not names:
        who = [_("player 0 (the first player)"), _("player 1 (the second player)")]
    what = (_("{player} wins with perfect play").format(player=who[0 if v > 0 else 1]) if v
            else _("a draw with perfect play"))
    if proof.get("format") == FORMAT and "wins_by_piece" in proof:
        what += _(", completing a line with piece {piece} at the latest").format(
            piece=proof["wins_by_piece"])
    game = _("standard Quarto") if proof.get("format") == FORMAT_STANDARD else \
        _("document 000's Quarto")
    return _("{game} from {start}: {claim}").format(game=game, start=describe_start(names),
                                                     claim=what)


def node_piece(node, state, prover: int):
    """The piece (1-16) by which ``prover`` completes a line at the latest under ``node``
    (format 2), its opponent delaying: a finished game's pieces, a leaf's ``17 - |score|``,
    the child's under a prover move, the latest of the replies'; None where the prover does
    not win. ``state`` is the node's position."""
    if "winner" in node:
        return state.num_placed() if node["winner"] == prover else None
    if "score" in node:
        s = node["score"]
        won = s > 0 if state.current_player() == prover else s < 0
        return 17 - abs(s) if won else None
    if "child" in node:
        return node["child"].get("piece")
    pieces = [r["child"].get("piece") for r in node.get("replies", ())]
    return None if not pieces or None in pieces else max(pieces)


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
    """Counts of a proof: nodes, leaves, wins in one, solver nodes at the leaves; for format
    2, what it proves about the distance and what it does not."""
    nodes = proof_nodes(proof)
    leaves = [n for n, *_ in nodes if "value" in n]
    out = {"nodes": len(nodes), "solved leaves": len(leaves),
           "game over (won) leaves": sum("winner" in n for n, *_ in nodes),
           "leaf solver nodes": sum(n["nodes"] for n in leaves)}
    if all("seconds" in n for n in leaves):          # standard Quarto's leaves keep no times
        out["leaf solver seconds"] = round(sum(n["seconds"] for n in leaves), 1)
    if "wins_by_piece" in proof:
        winner = _("player 0") if proof["value_for_player_0"] > 0 else _("player 1")
        out["proved"] = _("{player} wins, completing a line with piece {piece} at the latest "
                          "(the tree's minimax over exact leaf scores)").format(
            player=winner, piece=proof["wins_by_piece"])
        out["not proved"] = _("that no faster win exists: that rests on the compiled solver's "
                              "exact solves of the first moves only")
    return out
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


