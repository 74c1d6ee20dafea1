"""Check a proof of document 000's Quarto with a second engine.

Nothing in the file is taken on trust. The headline value is derived from the trees (a win
for player ``p`` needs one tree with ``p`` proving target 1; a draw needs two, each player
proving target 0), and ``first_moves`` must agree with it. Every tree is replayed from the
empty board by the rules: canonical forms, players to move, legal moves, a subtree, a solved
leaf or a finished game under every prover move, one reply of every class of the opponent's
replies (the classes and their sizes re-derived from the symmetry group) and nothing else,
finished games really won, leaf values reaching the target. Format 2 adds the distance: every
leaf's exact score, and on every node of a winning tree the piece by which the prover wins at
the latest, recomputed here as the tree's minimax (a finished game's pieces, a leaf's
``17 - |score|``, the prover's child, the latest reply), up to the root's ``wins_by_piece``;
each first move's exact score must give the piece its subtree proves. Then the leaves are
re-solved by
:func:`qsearch.search.quarto_ab.ab_minimax` (document 000's alpha-beta to the end of the game,
with its win-in-one test), which shares no search code with
:mod:`qsearch.search.quarto_solver`: their signs (format 1) or their exact scores, from its
distance to the win (format 2). Nothing here uses the builder.

What a format-2 proof proves: the prover wins by the piece recorded at the latest. That no
faster win exists ("not sooner") rests on the compiled solver's first-move scores only.

Standard Quarto's proofs (``qsearch-quarto-standard-proof/1``, built by
:mod:`qsearch.proofs.quarto_standard`) are checked the same way, from their ``"start"``
position, without ``first_moves``; their leaves are re-solved by
:mod:`qsearch.search.quarto_verifier` (the default: a second standard-Quarto engine that shares
no code with the solver that built the proof), by a fresh Quarto solver (the builder's engine:
it catches a damaged or forged file, not a bug the solver would repeat) or by qsearch's generic
alpha-beta core (independent too, but fast enough only for leaves late in the game).

A proof says what it proves, and nothing else is taken from it: format 1 and standard Quarto's
format record values only, so a file of either carrying one of format 2's distance fields
(``wins_by_piece``, ``piece``, a leaf's ``score``, ``score_for_player_0``) is refused, and a
``score`` is read on solved leaves only. The report opens with the game, the start (its moves
by name) and the claim in words; asked for a start (``start=``; the command asks for the
empty board unless ``--start`` says otherwise), a proof of another position is refused. A
sampled check draws its seed unless given one, and reports it.

Every rejection is a ValueError naming the kind of tampering and where (tree and move list).
"""
from __future__ import annotations

import random
import time
from concurrent.futures import as_completed

from qsearch.i18n import _
from qsearch.proofs.quarto_own.format import (
    FORMAT,
    FORMAT_STANDARD,
    FORMATS,
    claim_of,
    describe_start,
    game_name,
    game_of,
    start_moves,
    state_after,
)
from qsearch.proofs.quarto_own.second_engine import (
    ENGINES,
    OWN_ENGINES,
    STANDARD_ENGINES,
    WIN,
    check_leaf,
)
from qsearch.proofs.quarto_own.tree_walk import (
    NODE_KINDS,
    TreeChecker,
    children_keys,
    classes,
    is_int,
    need_int,
    need_keys,
    no_distance,
    same,
)


def value_proved(targets: dict):
    """The value for player 0 that trees ``{prover: target}`` prove, or None if they prove
    none: a tree with target 1 proves its prover wins; two trees with target 0 (one per
    player) prove a draw; one target-0 tree alone proves no value."""
    winners = [p for p, t in targets.items() if t == 1]
    if len(winners) == 2:
        raise ValueError("contradictory trees: both players claim a win")
    if winners:
        return 1 if winners[0] == 0 else -1
    return 0 if set(targets) == {0, 1} else None


def trees_needed(value: int) -> dict:
    """The trees ``{prover: target}`` a claimed value needs."""
    return {0: 1} if value > 0 else {1: 1} if value < 0 else {0: 0, 1: 0}


# ------------------------------------------------------------------ the file's header
def _check_header(proof) -> tuple:
    """The top-level keys and the trees' targets; returns ``(claimed value, depth)``."""
    if not isinstance(proof, dict):
        raise ValueError(f"not a {FORMAT} proof: a JSON object is needed, "
                         f"not {type(proof).__name__}")
    if proof.get("format") not in FORMATS:
        raise ValueError(f"wrong format string {proof.get('format')!r}: not one of "
                         f"{list(FORMATS)}")
    where = "at the top of the proof"
    standard = proof["format"] == FORMAT_STANDARD
    need_keys(proof, ("value_for_player_0", "depth", "trees")
              + (() if standard else ("first_moves",)), "the proof", where)
    if standard and "first_moves" in proof:
        raise ValueError("'first_moves' in a standard Quarto proof: its value rests on the "
                         "trees alone")
    if proof["format"] != FORMAT:
        no_distance(proof, "proof", proof["format"], where)
    claim = need_int(proof, "value_for_player_0", (-1, 0, 1), "the headline", where)
    depth = need_int(proof, "depth", range(1, 33), "the proof", where)
    for key in ("trees",) if standard else ("first_moves", "trees"):
        if not isinstance(proof[key], list):
            raise ValueError(f"wrong type: {key!r} is {type(proof[key]).__name__}, "
                             f"not a list {where}")
    targets: dict = {}
    for i, tree in enumerate(proof["trees"]):
        w = f"in tree {i}"
        need_keys(tree, ("prover", "target", "root"), "a tree", w)
        p = need_int(tree, "prover", (0, 1), "a tree", w)
        t = need_int(tree, "target", (0, 1), "a tree", w)
        if p in targets:
            raise ValueError(f"two trees for player {p} {w}")
        targets[p] = t
    _check_value(claim, targets)
    return claim, depth



def _check_value(claim: int, targets: dict) -> None:
    """The trees prove exactly the claimed headline value."""
    if not targets:
        raise ValueError(_("no proof trees: the headline value {claim} is not proved").format(
            claim=f"{claim:+d}"))
    proved = value_proved(targets)
    if proved is not None and proved != claim:
        raise ValueError(_("the headline value_for_player_0 {claim} is not what the trees "
                           "prove ({proved})").format(claim=f"{claim:+d}", proved=f"{proved:+d}"))
    for p, t in trees_needed(claim).items():
        if p not in targets:
            raise ValueError(_("a tree is missing: the value {claim} needs a tree for player "
                               "{player} with target {target}").format(
                claim=f"{claim:+d}", player=p, target=t))
        if targets[p] < t:
            raise ValueError(_("target lowered: the tree for player {player} has target "
                               "{target}, the value {claim} needs {needed}").format(
                player=p, target=targets[p], claim=f"{claim:+d}", needed=t))
    for p in targets:
        if p not in trees_needed(claim):
            raise ValueError(f"an extra tree for player {p}: the value {claim:+d} needs only "
                             f"player {1 - p}'s")




def _check_first_move_scores(proof, root_keys: dict, roots: dict) -> None:
    """Format 2: each first move's exact score (the solver's) has the sign of its value and
    gives the piece its subtree proves at the latest (``roots``: a winning tree's root
    ``(node, prover)``, if any)."""
    scores = {}
    for i, fm in enumerate(proof["first_moves"]):
        where = f"in first_moves[{i}]"
        need_keys(fm, ("score_for_player_0",), "a first move", where)
        s = need_int(fm, "score_for_player_0", range(-16, 17), "a first move", where)
        if (s > 0) - (s < 0) != fm["value_for_player_0"]:
            raise ValueError(f"first_moves inconsistent: score {s:+d} and value "
                             f"{fm['value_for_player_0']:+d} {where}")
        scores[root_keys[fm["action"]]] = s
    if roots is None:
        return
    root, prover = roots
    firsts = ([(root_keys[root["move"]], root["child"])] if "move" in root else
              [(root_keys[r["action"]], r["child"]) for r in root["replies"]])
    for k, child in firsts:
        s = scores[k] if prover == 0 else -scores[k]
        if s <= 0 or 17 - s != child["piece"]:
            raise ValueError(f"first_moves inconsistent with the tree: score "
                             f"{scores[k]:+d} for player 0, the tree proves player {prover} "
                             f"wins by piece {child['piece']} after the first move "
                             f"{child['key']}")


def _check_first_moves(proof, claim: int, root_keys: dict) -> dict:
    """``first_moves``: one entry per class of first move with its size, the best value equal
    to the headline; returns ``{canonical form: (action, value for player 0)}``."""
    want = classes(root_keys)
    got: dict = {}
    for i, fm in enumerate(proof["first_moves"]):
        where = f"in first_moves[{i}]"
        need_keys(fm, ("action", "class_size", "value_for_player_0"), "a first move", where)
        a = fm["action"]
        if not is_int(a) or a not in root_keys:
            raise ValueError(f"first_moves inconsistent: illegal first move {a!r} {where}")
        v = need_int(fm, "value_for_player_0", (-1, 0, 1), "a first move", where)
        if proof["format"] != FORMAT:
            no_distance(fm, "first move", proof["format"], where)
        k = root_keys[a]
        if k in got:
            raise ValueError(f"first_moves inconsistent: two first moves of one class "
                             f"({got[k][0]} and {a}) {where}")
        if not is_int(fm["class_size"]) or fm["class_size"] != want[k][1]:
            raise ValueError(f"first_moves inconsistent: wrong class size "
                             f"{fm['class_size']!r} for {a}, the symmetry group gives "
                             f"{want[k][1]} {where}")
        got[k] = (a, v)
    missing = [a for k, (a, _) in want.items() if k not in got]
    if missing:
        raise ValueError(f"first_moves inconsistent: no entry for the class of {missing}")
    best = max(v for _, v in got.values())
    if best != claim:
        raise ValueError(f"first_moves inconsistent with the headline: the best first move "
                         f"gives {best:+d}, the headline {claim:+d}")
    return got


def _check_first_move_played(proof, first_moves: dict, root_keys: dict) -> None:
    """Player 0's tree (if any) opens with a move ``first_moves`` credits with at least its
    target (a root that is no legal move is left to the tree's walk to reject)."""
    for tree in proof["trees"]:
        move = tree["root"].get("move") if isinstance(tree["root"], dict) else None
        if tree["prover"] == 0 and is_int(move) and move in root_keys:
            v = first_moves[root_keys[move]][1]
            if v < tree["target"]:
                raise ValueError(f"first_moves inconsistent: player 0's tree plays {move}, "
                                 f"recorded there as {v:+d}, below its target {tree['target']}")


def _start_of(proof):
    """The position the trees start from: the empty board, or (standard Quarto's format) the
    one its ``"start"`` actions reach by the rules."""
    game = game_of(proof)
    start = proof.get("start", [])
    if "start" in proof and proof["format"] != FORMAT_STANDARD:
        raise ValueError("a 'start' position in a proof of document 000's Quarto, whose trees "
                         "start at the empty board")
    if not isinstance(start, list) or not all(is_int(a) for a in start):
        raise ValueError(f"wrong type: 'start' is {start!r}, not a list of actions")
    try:
        root = state_after(start, game)
    except ValueError as err:
        raise ValueError(f"illegal 'start' actions {start}: {err}") from None
    if root.is_terminal():
        raise ValueError(f"the 'start' position {start} is a finished game")
    return root, start


def _check_start(proof, start: list, asked) -> list:
    """The names of the ``start`` moves; with ``asked`` (the start the caller wants checked,
    as actions), the proof's start must be that one: a proof of another position proves
    nothing about it."""
    names = start_moves(start, game_of(proof))
    if asked is not None and list(asked) != start:
        try:
            want = describe_start(start_moves(list(asked), game_of(proof)))
        except ValueError:
            want = f"the actions {list(asked)}"
        raise ValueError(f"the proof is about another position: its trees start at "
                         f"{describe_start(names)}{f' {start}' if start else ''}, not at "
                         f"{want}, the position asked for")
    return names


def _check_structure(proof, asked_start=None) -> tuple:
    """Everything but the leaves' values: returns ``(nodes checked, solved leaves, start
    names)``, each leaf with its actions from the empty board."""
    claim, depth = _check_header(proof)
    exact = proof["format"] == FORMAT
    nodes, leaves = 0, []
    root, start = _start_of(proof)
    names = _check_start(proof, start, asked_start)
    root_keys = children_keys(root)
    if proof["format"] != FORMAT_STANDARD:
        _check_first_move_played(proof, _check_first_moves(proof, claim, root_keys), root_keys)
    winning = None
    for i, tree in enumerate(proof["trees"]):
        walker = TreeChecker(i, tree["prover"], tree["target"], depth, root_keys, exact,
                             timed=proof["format"] != FORMAT_STANDARD, fmt=proof["format"])
        if start:
            walker.start_name = f"the start position {start}"
        walker.walk(tree["root"], root, [])
        nodes += walker.nodes
        leaves += walker.leaves
        if tree["target"] == 1:
            winning = (tree["root"], tree["prover"])
    if exact:
        _check_first_move_scores(proof, root_keys, winning)
        _check_root_bound(proof, winning)
    return nodes, [(n, start + a) for n, a in leaves], names


def _check_root_bound(proof, winning) -> None:
    """Format 2: ``wins_by_piece`` is the winning tree's root distance (absent in a draw)."""
    if winning is None:
        if "wins_by_piece" in proof:
            raise ValueError("a draw with a 'wins_by_piece' at the top of the proof")
        return
    if "wins_by_piece" not in proof:
        raise ValueError("missing key 'wins_by_piece' (the root's bound) at the top of the "
                         "proof")
    if not same(proof["wins_by_piece"], winning[0]["piece"]):
        raise ValueError(f"wrong root bound: wins_by_piece {proof['wins_by_piece']!r} "
                         f"recorded, the tree's root proves {winning[0]['piece']}")


def check_proof(proof, sample: int | None = None, seed: int | None = None,
                engine: str | None = None, executor=None, log=None, start=None) -> dict:
    """Check a proof; returns a report, raises ValueError at the first error.

    The structure is always checked in full (see the module's docstring): the headline value
    is the one the trees prove, every tree is replayed from the empty board by the rules, and
    every prover move has a subtree, every opponent's node one reply per class. Then the
    leaves are re-solved by ``engine`` (document 000's Quarto: ``"quarto_ab"``, the default,
    its alpha-beta to the end, or ``"plain"``, the solver without table or ordering; standard
    Quarto: ``"verifier"``, the default, an engine sharing no code with the solver,
    ``"solver"``, a fresh Quarto solver, or ``"alphabeta"``, qsearch's generic alpha-beta
    core): all of them, or ``sample`` chosen with ``seed`` (None: a random seed, drawn here;
    the report's ``"seed"`` repeats the choice). The report's ``"re-solved"`` lists each
    re-solved leaf (its moves, value, the engine's nodes beside the recorded ones, seconds),
    in the order of the moves.

    ``start``: the position the caller wants proved, as actions from the empty board (``[]``:
    the empty board); a proof whose trees start elsewhere is refused. None: any start (the
    report names it). The report opens with what was proved: ``"game"``, ``"start"`` (the
    start's moves by name, ``[]`` for the empty board), ``"start actions"`` and ``"claim"``
    (the value in words, and format 2's distance).
    """
    standard = isinstance(proof, dict) and proof.get("format") == FORMAT_STANDARD
    allowed = STANDARD_ENGINES if standard else OWN_ENGINES
    if engine is None:
        engine = allowed[0]
    if engine not in allowed:
        game = "standard Quarto" if standard else "document 000's Quarto"
        raise ValueError(f"engine {engine!r} does not re-solve {game}'s leaves: use one of "
                         f"{allowed}")
    log = log or (lambda *a, **k: None)
    t0 = time.perf_counter()
    if sample is not None and (not is_int(sample) or sample < 0):
        raise ValueError(f"sample must be a number of leaves >= 0 (None: every leaf), "
                         f"not {sample!r}")
    nodes, leaves, names = _check_structure(proof, start)
    structure_seconds = time.perf_counter() - t0
    chosen = leaves
    if sample == 0:
        chosen, seed = [], None                      # the structure only: nothing to draw
    elif sample is not None:
        if seed is None:
            seed = random.SystemRandom().randrange(2 ** 32)
        log(f"re-solving {min(sample, len(leaves))} of {len(leaves)} leaves chosen with seed "
            f"{seed} (the same seed chooses the same leaves: --seed {seed})")
        chosen = random.Random(seed).sample(leaves, min(sample, len(leaves)))
    t1 = time.perf_counter()
    # each leaf is compared with its own record (a draw's two trees may share a position)
    if executor is None:
        results = ((n, check_leaf(a, engine, standard)) for n, a in chosen)
    else:
        futures = {executor.submit(check_leaf, a, engine, standard): n for n, a in chosen}
        results = ((futures[f], f.result()) for f in as_completed(futures))
    exact = proof["format"] == FORMAT
    every = 1 if len(chosen) <= 100 else 25          # few, slow leaves: log each one
    resolved = []
    for i, (node, res) in enumerate(results):
        if exact and res["score"] != node["score"]:
            raise ValueError(f"the second engine disagrees with a leaf score after moves "
                             f"{res['actions']}: {res['score']:+d} re-solved, "
                             f"{node['score']:+d} recorded")
        if res["value"] != node["value"]:
            raise ValueError(f"the second engine disagrees with a leaf value after moves "
                             f"{res['actions']}: {res['value']:+d} re-solved, "
                             f"{node['value']:+d} recorded")
        resolved.append({"actions": res["actions"], "value": res["value"],
                         "engine nodes": res["nodes"], "recorded nodes": node.get("nodes"),
                         "seconds": round(res["seconds"], 1)})
        if (i + 1) % every == 0:
            log(f"leaves re-solved: {i + 1}/{len(chosen)} ({time.perf_counter() - t1:.0f} s)")
    distance = {} if standard else {"wins_by_piece": proof.get("wins_by_piece")}
    sampled = {} if seed is None or sample in (None, 0) else {"seed": seed}
    checked = (_("the structure in full, and every leaf re-solved by {engine}").format(
                   engine=engine) if len(chosen) == len(leaves) else
               _("the structure in full, no leaf re-solved: the leaves' values are the "
                 "builder's") if not chosen else
               _("the structure in full, and {chosen} of {leaves} leaves re-solved by {engine} "
                 "(seed {seed}): the other leaves' values are the builder's, not "
                 "re-solved").format(chosen=len(chosen), leaves=len(leaves), engine=engine,
                                     seed=seed))
    return {"game": game_name(proof), "start": names, "start actions": proof.get("start", []),
            "claim": claim_of(proof, names), "checked": checked,
            "format": proof["format"], "value_for_player_0": proof["value_for_player_0"],
            **distance, "nodes checked": nodes, "leaves": len(leaves),
            "leaves re-solved": len(chosen), **sampled, "engine": engine,
            "engine nodes": sum(r["engine nodes"] for r in resolved),
            "structure seconds": round(structure_seconds, 2),
            "re-solve seconds": round(time.perf_counter() - t1, 2),
            "re-solved": sorted(resolved, key=lambda r: r["actions"])}


__all__ = ["ENGINES", "NODE_KINDS", "OWN_ENGINES", "STANDARD_ENGINES", "WIN", "check_leaf",
           "check_proof", "trees_needed", "value_proved"]
