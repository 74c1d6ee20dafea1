"""The Quarto proof checker rejects forgeries (issue 21, item 7; the distance: issue 23, item 4).

Each mutation tampers with a copy of the committed proof in one way; the checker must reject it
with a ValueError naming the kind of tampering. The untampered proof passes the full structure
check. Oracles: the rules (``OwnPieceQuarto``) and, for the leaves, the second engine.
"""
import copy
import json
import random
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from qsearch.__main__ import main
from qsearch.proofs.quarto_own import (
    DEFAULT_PROOF,
    FORMATS,
    check_proof,
    key_of,
    load_proof,
    node_piece,
    proof_leaves,
    proof_nodes,
    state_after,
)


@pytest.fixture(scope="module")
def committed():
    if not DEFAULT_PROOF.exists():
        pytest.skip("no proof file")
    proof = load_proof()
    assert proof["value_for_player_0"] == -1       # the mutations below assume player 1 wins
    assert [(t["prover"], t["target"]) for t in proof["trees"]] == [(1, 1)]
    assert proof["format"] == "qsearch-quarto-own-proof/2"
    return proof


def _first(proof, kind, ply=None):
    """The first ``(node, actions)`` of ``kind`` (at ``ply``) in the order of the walk."""
    return next((n, a) for n, a, *_ in proof_nodes(proof)
                if kind in n and (ply is None or len(a) == ply))


def _root(proof):
    return proof["trees"][0]["root"]


# ------------------------------------------------------------------ the mutations
def flip_headline(p):
    p["value_for_player_0"] = 1


def remove_trees(p):
    p["trees"] = []


def remove_a_tree_of_a_draw(p):
    """A draw claimed with player 1's tree (target 0) alone: player 0's tree is missing."""
    p["value_for_player_0"] = 0
    p["trees"][0]["target"] = 0
    for fm in p["first_moves"]:
        fm["value_for_player_0"] = 0


def lower_target(p):
    p["trees"][0]["target"] = 0


def add_an_extra_tree(p):
    p["trees"].append({"prover": 0, "target": 0, "root": copy.deepcopy(_root(p))})


def duplicate_the_tree(p):
    p["trees"].append(copy.deepcopy(p["trees"][0]))


def swap_the_prover(p):
    """Player 0 claimed the prover (and the winner) of player 1's tree."""
    p["value_for_player_0"] = 1
    p["trees"][0]["prover"] = 0
    for fm in p["first_moves"]:
        fm["value_for_player_0"] = 1


def first_legal_move_without_subtree(p):
    """The issue's forgery: every prover move replaced by the first legal move, subtrees
    dropped (3 nodes, 0 leaves)."""
    for node, actions, *_ in proof_nodes(p):
        if "move" in node:
            state = state_after(actions)
            node["move"] = state.legal_actions()[0]
            node["text"] = state.action_to_string(node["move"])
            del node["child"]


def drop_a_prover_child(p):
    del _first(p, "move", 3)[0]["child"]


def remove_a_reply(p):
    _root(p)["replies"].pop()


def change_a_class_size(p):
    _first(p, "replies", 2)[0]["replies"][0]["class_size"] += 1


def duplicate_a_reply(p):
    replies = _first(p, "replies", 2)[0]["replies"]
    replies.append(copy.deepcopy(replies[0]))


def add_a_reply_of_a_covered_class(p):
    """Another action whose position has the same canonical form as the first reply's."""
    node, actions = _first(p, "replies", 2)
    state = state_after(actions)
    reply = node["replies"][0]
    twin = next(a for a in state.legal_actions()
                if a != reply["action"] and key_of(state.child(a)) == reply["child"]["key"])
    node["replies"].append(dict(copy.deepcopy(reply), action=twin,
                                text=state.action_to_string(twin)))


def illegal_reply(p):
    _root(p)["replies"][0]["action"] = 256


def leaf_below_target(p):
    proof_leaves(p)[0][0]["value"] = 0


def wrong_canonical_key(p):
    node, _ = _first(p, "move", 3)
    node["key"] = _first(p, "replies", 2)[0]["key"]


def root_not_the_empty_board(p):
    _root(p)["key"] = _first(p, "move", 1)[0]["key"]


def wrong_player_to_move(p):
    node, _ = _first(p, "move", 1)
    node["to_move"] = 1 - node["to_move"]


def illegal_move(p):
    node, actions = _first(p, "move", 3)
    node["move"] = actions[0]                       # that square and piece are taken


def wrong_move_text(p):
    _first(p, "move", 1)[0]["text"] = "(4,4) 2468"


def unknown_node_kind(p):
    leaf = proof_leaves(p)[0][0]
    leaf["score"] = leaf.pop("value")


def node_of_two_kinds(p):
    leaf, actions = proof_leaves(p)[0][:2]
    leaf["move"] = state_after(actions).legal_actions()[0]


def finished_game_not_over(p):
    leaf = proof_leaves(p)[0][0]
    for k in ("value", "nodes", "seconds"):
        del leaf[k]
    leaf["winner"] = 1


def wrong_winner(p):
    _first(p, "winner")[0]["winner"] = 0


def first_moves_value(p):
    p["first_moves"][0]["value_for_player_0"] = 0


def first_moves_credit_another_move(p):
    """Player 0 claims the win with a tree opening with move 0, but ``first_moves`` credits
    the win to the other class only."""
    p["value_for_player_0"] = 1
    child = state_after([0])
    p["trees"] = [{"prover": 0, "target": 1, "root": {
        "to_move": 0, "key": _root(p)["key"], "move": 0, "text": "(1,1) 1357",
        "child": {"to_move": 1, "key": key_of(child), "value": -1, "nodes": 0, "seconds": 0}}}]
    p["first_moves"][1]["value_for_player_0"] = 1


def first_moves_missing_a_class(p):
    p["first_moves"].pop()


def first_moves_class_size(p):
    p["first_moves"][0]["class_size"] = 1


def wrong_format(p):
    p["format"] = "qsearch-quarto-own-proof/3"


# ------------------------------------------------------------------ the distance (format 2)
def change_a_leaf_score(p):
    """A leaf's exact score changed (its sign kept): its distance no longer matches."""
    leaf = proof_leaves(p)[0][0]
    leaf["score"] += 1 if leaf["score"] > 0 else -1


def change_the_root_bound(p):
    p["wins_by_piece"] -= 1


def change_a_node_distance(p):
    _first(p, "replies", 2)[0]["piece"] -= 1


def change_a_first_move_score(p):
    p["first_moves"][0]["score_for_player_0"] -= 1


def leaf_score_of_the_wrong_sign(p):
    leaf = proof_leaves(p)[0][0]
    leaf["score"] = -leaf["score"]


def drop_a_distance(p):
    del _first(p, "move", 1)[0]["piece"]


# ------------------------------------------------------------------ labels (issue 31)
def _as_format_1(p):
    """The same tree without the distance, as the sign-only builder wrote it (format 1)."""
    p["format"] = FORMATS[0]
    del p["wins_by_piece"]
    for fm in p["first_moves"]:
        del fm["score_for_player_0"]
    for node, *_ in proof_nodes(p):
        node.pop("piece", None)
        node.pop("score", None)


def downgrade_keeping_a_bound(p):
    """The audit's forgery: relabelled format 1 (whose checker skips the distance) with a
    bound of its own; the report used to repeat it."""
    _as_format_1(p)
    p["wins_by_piece"] = 3


def downgrade_keeping_the_leaf_scores(p):
    p["format"] = FORMATS[0]
    del p["wins_by_piece"]
    for fm in p["first_moves"]:
        del fm["score_for_player_0"]
    for node, *_ in proof_nodes(p):
        node.pop("piece", None)


def downgrade_keeping_a_distance(p):
    _as_format_1(p)
    _first(p, "replies", 2)[0]["piece"] = 5


def downgrade_keeping_first_move_scores(p):
    scores = [fm["score_for_player_0"] for fm in p["first_moves"]]
    _as_format_1(p)
    for fm, s in zip(p["first_moves"], scores, strict=True):
        fm["score_for_player_0"] = s


def score_on_an_inner_node(p):
    """A 'score' on the root (a replies node) stood in for its subtree in the distance's
    minimax: with the root's piece and the bound set to match, piece 1 used to pass."""
    root = _root(p)
    root["score"] = -16                 # player 0 to move "loses at once": piece 1
    root["piece"] = p["wins_by_piece"] = 1


def missing_key(p):
    del proof_leaves(p)[0][0]["key"]


def missing_headline(p):
    del p["value_for_player_0"]


def wrong_type_value(p):
    proof_leaves(p)[0][0]["value"] = "-1"


def wrong_type_to_move(p):
    _first(p, "move", 1)[0]["to_move"] = True


def wrong_type_depth(p):
    p["depth"] = "4"


def wrong_depth(p):
    p["depth"] = 5


MUTATIONS = [
    (flip_headline, "headline value_for_player_0 \\+1 is not what the trees prove \\(-1\\)"),
    (remove_trees, "no proof trees"),
    (remove_a_tree_of_a_draw, "a tree is missing: the value \\+0 needs a tree for player 0"),
    (lower_target, "target lowered: the tree for player 1 has target 0"),
    (add_an_extra_tree, "an extra tree for player 0"),
    (duplicate_the_tree, "two trees for player 1"),
    (swap_the_prover, r"replies listed at the prover's node in tree 0 \(prover 0\) after "
                      r"moves \[\]"),
    (first_legal_move_without_subtree, r"prover move with no subtree .* after moves \[0\]"),
    (drop_a_prover_child, r"prover move with no subtree .* after moves \[0, \d+, \d+\]"),
    (remove_a_reply, r"reply class is missing: the replies do not cover every class .* "
                     r"after moves \[\]"),
    (change_a_class_size, r"wrong class size .* after moves \[0, \d+\]"),
    (duplicate_a_reply, r"a duplicate reply: .* after moves \[0, \d+\]"),
    (add_a_reply_of_a_covered_class, r"a duplicate reply: .* after moves \[0, \d+\]"),
    (illegal_reply, r"illegal reply 256 .* after moves \[\]"),
    (leaf_below_target, r"leaf value does not reach the target 1: \+0 recorded .* after "
                        r"moves \[0, \d+, \d+, \d+\]"),
    (wrong_canonical_key, r"wrong canonical key .* after moves \[0, \d+, \d+\]"),
    (root_not_the_empty_board, r"does not start at the empty board: wrong canonical key"),
    (wrong_player_to_move, r"wrong player to move: 0 recorded, 1 .* after moves \[0\]"),
    (illegal_move, r"illegal move 0 .* after moves \[0, \d+, \d+\]"),
    (wrong_move_text, r"wrong move text '\(4,4\) 2468' .* after moves \[0\]"),
    (unknown_node_kind, r"a node of no known kind .* after moves \[0, \d+, \d+, \d+\]"),
    (node_of_two_kinds, r"a node of several kinds \['move', 'value'\]"),
    (finished_game_not_over, r"a finished game claimed that is not over .* after moves "
                             r"\[0, \d+, \d+, \d+\]"),
    (wrong_winner, r"wrong winner recorded: 0, the game's is 1"),
    (first_moves_value, r"first_moves inconsistent with the headline"),
    (first_moves_credit_another_move, r"first_moves inconsistent: player 0's tree plays 0, "
                                      r"recorded there as -1, below its target 1"),
    (first_moves_missing_a_class, r"first_moves inconsistent: no entry for the class"),
    (first_moves_class_size, r"first_moves inconsistent: wrong class size"),
    (wrong_format, r"wrong format string 'qsearch-quarto-own-proof/3'"),
    (change_a_leaf_score, r"wrong distance: piece \d+ recorded, the tree's minimax gives \d+ "
                          r".* after moves \[0, \d+, \d+, \d+\]"),
    (change_the_root_bound, r"wrong root bound: wins_by_piece \d+ recorded, the tree's root "
                            r"proves \d+"),
    (change_a_node_distance, r"wrong distance: .* after moves \[0, \d+\]"),
    (change_a_first_move_score, r"first_moves inconsistent"),
    (leaf_score_of_the_wrong_sign, r"a leaf's value [+-]1 is not the sign of its score"),
    (drop_a_distance, r"missing key 'piece' \(the distance\) .* after moves \[0\]"),
    (missing_key, r"missing key 'key' in a 'value' node .* after moves \[0, \d+, \d+, \d+\]"),
    (missing_headline, r"missing key 'value_for_player_0' in the proof"),
    (wrong_type_value, r"wrong type: a leaf 'value' is '-1'"),
    (wrong_type_to_move, r"wrong player to move: True recorded"),
    (wrong_type_depth, r"wrong type: the proof 'depth' is '4'"),
    (wrong_depth, r"a solved leaf at ply 4, not at the proof's depth 5"),
    (downgrade_keeping_a_bound, r"a format-2 field 'wins_by_piece' at the top of the proof "
                                r"in a qsearch-quarto-own-proof/1 proof"),
    (downgrade_keeping_the_leaf_scores, r"a format-2 field 'score' in tree 0 \(prover 1\) "
                                        r"after moves \[0, \d+, \d+, \d+\] in a "
                                        r"qsearch-quarto-own-proof/1 proof"),
    (downgrade_keeping_a_distance, r"a format-2 field 'piece' .* after moves \[0, \d+\]"),
    (downgrade_keeping_first_move_scores, r"a format-2 field 'score_for_player_0' in "
                                          r"first_moves\[0\]"),
    (score_on_an_inner_node, r"a 'score' on a 'replies' node: only solved leaves carry an "
                             r"exact score .* after moves \[\]"),
]


@pytest.mark.parametrize(("tamper", "message"), MUTATIONS, ids=[m.__name__ for m, _ in MUTATIONS])
def test_every_kind_of_tampering_is_rejected_by_name(committed, tamper, message):
    forged = copy.deepcopy(committed)
    tamper(forged)
    assert json.dumps(forged) != json.dumps(committed)
    with pytest.raises(ValueError, match=message):
        check_proof(forged, sample=0)


def test_the_untampered_proof_passes_the_full_structure_check(committed):
    report = check_proof(copy.deepcopy(committed), sample=0)
    assert report["nodes checked"] == len(proof_nodes(committed))
    assert report["leaves"] == len(proof_leaves(committed))
    assert report["leaves re-solved"] == 0
    assert report["wins_by_piece"] == committed["wins_by_piece"]
    # what was proved, in words: the game, the start (no moves: the empty board), the claim
    assert report["game"].startswith("document 000's Quarto")
    assert report["start"] == report["start actions"] == []
    assert report["claim"] == ("document 000's Quarto from the empty board: player 1 (the "
                               "second player) wins with perfect play, completing a line "
                               f"with piece {committed['wins_by_piece']} at the latest")
    assert "no leaf re-solved" in report["checked"] and "seed" not in report


def test_the_distance_is_the_trees_minimax_and_the_first_moves_agree(committed):
    """Independent of the checker: the root's bound recomputed bottom-up from the leaves'
    scores, and equal to what the solver's first-move scores say (the fastest win)."""
    def latest(node, actions, prover):
        state = state_after(actions)
        if "winner" in node:
            assert node["winner"] == prover
            return state.num_placed()
        if "score" in node:
            s = node["score"] if state.current_player() == prover else -node["score"]
            assert s > 0
            return 17 - s
        if "child" in node:
            return latest(node["child"], actions + [node["move"]], prover)
        return max(latest(r["child"], actions + [r["action"]], prover)
                   for r in node["replies"])

    tree = committed["trees"][0]
    assert latest(tree["root"], [], 1) == committed["wins_by_piece"]
    assert committed["wins_by_piece"] == max(17 + fm["score_for_player_0"]
                                             for fm in committed["first_moves"])


def test_a_format_1_proof_is_still_read_and_checked(committed, tmp_path):
    """The same tree without the distance, as the sign-only builder wrote it."""
    old = copy.deepcopy(committed)
    _as_format_1(old)
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(old))
    report = check_proof(load_proof(path), sample=0)
    assert report["format"] == FORMATS[0] and report["wins_by_piece"] is None
    assert report["claim"].endswith("player 1 (the second player) wins with perfect play")
    leaf_below_target(old)
    with pytest.raises(ValueError, match="leaf value does not reach the target"):
        check_proof(old, sample=0)


@pytest.mark.slow
def test_sampled_leaves_agree_with_the_second_engine(committed):
    # one leaf takes the second engine ~3-19 s: two of them make a slow test
    report = check_proof(committed, sample=2, seed=3)
    assert report["leaves re-solved"] == 2


def _repiece(proof) -> None:
    """Make a forgery consistent: every distance recomputed bottom-up, the root's bound and
    the first moves' scores with it (only the second engine can then tell)."""
    tree = proof["trees"][0]

    def walk(node, actions):
        for r in node.get("replies", ()):
            walk(r["child"], actions + [r["action"]])
        if "child" in node:
            walk(node["child"], actions + [node["move"]])
        node["piece"] = node_piece(node, state_after(actions), tree["prover"])

    walk(tree["root"], [])
    proof["wins_by_piece"] = tree["root"]["piece"]
    for fm, r in zip(proof["first_moves"], tree["root"]["replies"], strict=True):
        fm["score_for_player_0"] = r["child"]["piece"] - 17


def _hands_a_win_in_one(state) -> list:
    """The moves of ``state`` (not winning themselves) after which the opponent wins at once."""
    me = state.current_player()
    return [a for a in state.legal_actions()
            if not state.child(a).is_terminal()
            and any(state.child(a).child(b).is_terminal() and
                    state.child(a).child(b).returns()[me] < 0
                    for b in state.child(a).legal_actions())]


def _seed_choosing(proof, actions) -> int:
    """A sample seed under which the checker re-solves the leaf after ``actions``."""
    leaves = [a for _, a, *_ in proof_leaves(proof)]
    index = leaves.index(actions)
    return next(s for s in range(10000)
                if random.Random(s).sample(range(len(leaves)), 1) == [index])


@pytest.mark.slow
def test_a_consistent_forged_leaf_score_is_caught_by_the_second_engine(committed):
    """A leaf won one piece sooner than it is, every distance above recomputed to match:
    only re-solving the leaf exactly can see it (~3-19 s)."""
    forged = copy.deepcopy(committed)
    leaf, actions, *_ = min(proof_leaves(forged), key=lambda x: x[0]["nodes"])
    leaf["score"] += 1 if leaf["score"] > 0 else -1
    _repiece(forged)
    check_proof(forged, sample=0)                       # the structure cannot tell
    with pytest.raises(ValueError, match=r"the second engine disagrees with a leaf score"):
        check_proof(forged, sample=1, seed=_seed_choosing(forged, actions))


@pytest.mark.slow
def test_a_forged_leaf_value_that_reaches_the_target_is_caught_by_the_second_engine(committed):
    """A consistent forgery: a prover move at ply 3 replaced by one that lets the opponent
    win in one, with a new leaf (right key, right player) that claims the opponent lost.
    Only the second engine can see it."""
    forged = copy.deepcopy(committed)
    node, actions, bad = next((n, a, b) for n, a, *_ in proof_nodes(forged)
                              if "move" in n and len(a) == 3 and "score" in n["child"]
                              for b in _hands_a_win_in_one(state_after(a)))
    state = state_after(actions)
    node["move"], node["text"] = bad, state.action_to_string(bad)
    child = state.child(bad)
    node["child"] = dict(node["child"], to_move=child.current_player(), key=key_of(child))
    assert node["child"]["value"] == -1                 # claims the opponent lost, as before
    seed = _seed_choosing(forged, actions + [bad])
    message = (r"the second engine disagrees with a leaf score after moves "
               + re.escape(str(actions + [bad])) + r": \+12")
    with pytest.raises(ValueError, match=message):
        check_proof(forged, sample=1, seed=seed)
    with ThreadPoolExecutor(1) as pool, pytest.raises(ValueError, match=message):
        check_proof(forged, sample=1, seed=seed, executor=pool)


def test_load_proof_rejects_a_cut_file_and_other_json(committed, tmp_path):
    text = DEFAULT_PROOF.read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    with pytest.raises(ValueError, match="not valid JSON \\(a cut or corrupted file\\?\\)"):
        load_proof(cut)
    other = tmp_path / "other.json"
    other.write_text(json.dumps([1, 2, 3]))
    with pytest.raises(ValueError, match="is not a proof in one of the formats"):
        load_proof(other)


def test_load_proof_refuses_a_file_nested_too_deep_in_one_line(tmp_path, capsys):
    """A forged file 10,000 levels deep used to end in a RecursionError's long traceback."""
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "qsearch-quarto-own-proof/2", "trees": '
                    + '{"child": ' * 10_000 + "{}" + "}" * 10_000 + "}")
    with pytest.raises(ValueError, match="nested too deep"):
        load_proof(deep)
    assert main(["solve", "quarto-own", "--check", "0", "--proof", str(deep)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nested too deep" in err and "Traceback" not in err


def test_load_proof_refuses_a_duplicated_key(committed, tmp_path):
    """JSON lets a key repeat (the last value wins): a forger could show one value to a
    reader and another to the checker."""
    text = json.dumps(committed)
    forged = tmp_path / "twice.json"
    forged.write_text(text.replace('"value_for_player_0": -1',
                                   '"value_for_player_0": 1, "value_for_player_0": -1', 1))
    assert forged.read_text() != text
    with pytest.raises(ValueError, match="repeats the key 'value_for_player_0'"):
        load_proof(forged)


def test_the_cli_check_fails_on_a_forgery(committed, tmp_path, capsys):
    forged = copy.deepcopy(committed)
    flip_headline(forged)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    assert main(["solve", "quarto-own", "--check", "0", "--proof", str(path)]) == 2
    assert "headline value_for_player_0 +1 is not what the trees prove" in \
        capsys.readouterr().err


# ------------------------------------------------------------------ the command (issue 31)
def _no_check(monkeypatch):
    """Fail the test at once if the command starts a check (a full one takes minutes)."""
    from qsearch.proofs.quarto_own import checker

    def refuse(*args, **kwargs):
        raise AssertionError("the check was started")

    monkeypatch.setattr(checker, "check_proof", refuse)


@pytest.mark.parametrize("game", ["quarto-own", "quarto"])
@pytest.mark.parametrize("n", ["-5", "-1"])
def test_a_negative_sample_is_a_one_line_error(game, n, monkeypatch, capsys):
    """``--check -5`` used to run the full check (every leaf, minutes)."""
    _no_check(monkeypatch)
    assert main(["solve", game, "--check", n]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"error: --check N must be a number of leaves >= 0, not {n}" in err


@pytest.mark.parametrize("game", ["quarto-own", "quarto"])
def test_a_directory_as_the_proof_is_a_one_line_error(game, tmp_path, monkeypatch, capsys):
    """``--proof DIR``: the check used to end in a traceback, the build to fail only when
    writing, after the whole solve."""
    from qsearch.proofs.quarto_own import builder
    from qsearch.proofs.quarto_standard import builder as standard_builder

    def refuse(*args, **kwargs):
        raise AssertionError("the build was started")

    monkeypatch.setattr(builder, "build_proof", refuse)
    monkeypatch.setattr(standard_builder, "build_standard_proof", refuse)
    assert main(["solve", game, "--check", "0", "--proof", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: {tmp_path} is a directory, not a proof file\n"
    assert main(["solve", game, "--proof", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"error: --proof {tmp_path} is a directory: name the proof file to write\n"
    assert main(["solve", game, "--check", "0", "--proof", str(tmp_path / "none.json")]) == 2
    assert "cannot read the proof" in capsys.readouterr().err


def test_a_seed_without_a_sample_is_refused(monkeypatch, capsys):
    _no_check(monkeypatch)
    assert main(["solve", "quarto-own", "--check", "--seed", "3"]) == 2
    assert main(["solve", "quarto-own", "--seed", "3"]) == 2
    assert main(["solve", "quarto-own", "--start", "", "--check", "0"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[:2] == ["error: --seed chooses the sampled leaves: it goes with --check N"] * 2
    assert err[2].startswith("error: --start is for standard Quarto's proof")


def test_a_downgraded_proof_fails_the_command(committed, tmp_path, capsys):
    forged = copy.deepcopy(committed)
    downgrade_keeping_a_bound(forged)
    path = tmp_path / "downgraded.json"
    path.write_text(json.dumps(forged))
    assert main(["solve", "quarto-own", "--check", "0", "--proof", str(path)]) == 2
    captured = capsys.readouterr()
    assert "a format-2 field 'wins_by_piece'" in captured.err
    assert '"wins_by_piece": 3' not in captured.out
