"""The Quarto proof checker rejects forgeries (issue 21, item 7).

Each mutation tampers with a copy of the committed proof in one way; the checker must reject it
with a ValueError naming the kind of tampering. The untampered proof passes the full structure
check. Oracles: the rules (``OwnPieceQuarto``) and, for the leaves, the second engine.
"""
import copy
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from qsearch.__main__ import main
from qsearch.proofs.quarto_own import (
    DEFAULT_PROOF,
    check_proof,
    key_of,
    load_proof,
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
    p["format"] = "qsearch-quarto-own-proof/2"


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
    (drop_a_prover_child, r"prover move with no subtree .* after moves \[0, 17, \d+\]"),
    (remove_a_reply, r"reply class is missing: the replies do not cover every class .* "
                     r"after moves \[\]"),
    (change_a_class_size, r"wrong class size .* after moves \[0, 17\]"),
    (duplicate_a_reply, r"a duplicate reply: .* after moves \[0, 17\]"),
    (add_a_reply_of_a_covered_class, r"a duplicate reply: .* after moves \[0, 17\]"),
    (illegal_reply, r"illegal reply 256 .* after moves \[\]"),
    (leaf_below_target, r"leaf value does not reach the target 1: \+0 recorded .* after "
                        r"moves \[0, 17, \d+, \d+\]"),
    (wrong_canonical_key, r"wrong canonical key .* after moves \[0, 17, \d+\]"),
    (root_not_the_empty_board, r"does not start at the empty board: wrong canonical key"),
    (wrong_player_to_move, r"wrong player to move: 0 recorded, 1 .* after moves \[0\]"),
    (illegal_move, r"illegal move 0 .* after moves \[0, 17, \d+\]"),
    (wrong_move_text, r"wrong move text '\(4,4\) 2468' .* after moves \[0\]"),
    (unknown_node_kind, r"a node of no known kind .* after moves \[0, 17, \d+, \d+\]"),
    (node_of_two_kinds, r"a node of several kinds \['move', 'value'\]"),
    (finished_game_not_over, r"a finished game claimed that is not over .* after moves "
                             r"\[0, 17, \d+, \d+\]"),
    (wrong_winner, r"wrong winner recorded: 0, the game's is 1"),
    (first_moves_value, r"first_moves inconsistent with the headline"),
    (first_moves_credit_another_move, r"first_moves inconsistent: player 0's tree plays 0, "
                                      r"recorded there as -1, below its target 1"),
    (first_moves_missing_a_class, r"first_moves inconsistent: no entry for the class"),
    (first_moves_class_size, r"first_moves inconsistent: wrong class size"),
    (wrong_format, r"wrong format string 'qsearch-quarto-own-proof/2'"),
    (missing_key, r"missing key 'key' in a 'value' node .* after moves \[0, 17, \d+, \d+\]"),
    (missing_headline, r"missing key 'value_for_player_0' in the proof"),
    (wrong_type_value, r"wrong type: a leaf 'value' is '-1'"),
    (wrong_type_to_move, r"wrong player to move: True recorded"),
    (wrong_type_depth, r"wrong type: the proof 'depth' is '4'"),
    (wrong_depth, r"a solved leaf at ply 4, not at the proof's depth 5"),
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
    assert report["nodes checked"] == len(proof_nodes(committed)) == 341
    assert report["leaves"] == len(proof_leaves(committed)) == 152
    assert report["leaves re-solved"] == 0


@pytest.mark.slow
def test_sampled_leaves_agree_with_the_second_engine(committed):
    # one leaf takes the second engine ~3-14 s: two of them make a slow test
    report = check_proof(committed, sample=2, seed=3)
    assert report["leaves re-solved"] == 2


def test_a_forged_leaf_value_that_reaches_the_target_is_caught_by_the_second_engine(committed):
    """A consistent forgery: a prover move at ply 3 replaced by one that lets the opponent
    win in one, with a new leaf (right key, right player) that claims the opponent lost.
    Only the second engine can see it."""
    forged = copy.deepcopy(committed)
    node, actions = _first(forged, "move", 3)
    assert actions == [0, 17, 34]
    state = state_after(actions)
    node["move"], node["text"] = 67, state.action_to_string(67)
    child = state.child(67)
    node["child"] = {"to_move": child.current_player(), "key": key_of(child), "value": -1,
                     "nodes": 0, "seconds": 0.0}
    leaves = [a for _, a, *_ in proof_leaves(forged)]
    index = leaves.index([0, 17, 34, 67])
    seed = next(s for s in range(1000)
                if random.Random(s).sample(range(len(leaves)), 1) == [index])
    message = r"the second engine disagrees with a leaf value after moves \[0, 17, 34, 67\]: \+1"
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
    with pytest.raises(ValueError, match="is not a qsearch-quarto-own-proof/1 proof"):
        load_proof(other)


def test_the_cli_check_fails_on_a_forgery(committed, tmp_path, capsys):
    forged = copy.deepcopy(committed)
    flip_headline(forged)
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    assert main(["solve", "quarto-own", "--check", "0", "--proof", str(path)]) == 2
    assert "headline value_for_player_0 +1 is not what the trees prove" in \
        capsys.readouterr().err
