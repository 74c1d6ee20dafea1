"""Standard Quarto's proof (issue 23, items 1-2): the builder, resuming, executors, the checker.

A small proof is built from a position with six pieces placed (its leaves take milliseconds)
and checked both by the Quarto solver and by qsearch's generic alpha-beta core, which shares no
code with it. Forgeries of it must be rejected by name. The committed proof from the empty
board passes the structure check here; its leaves (two minutes each) are re-solved by the
command `python -m qsearch solve quarto --check`, not in the tests.
"""
import copy
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from qsearch.__main__ import main
from qsearch.games import Quarto
from qsearch.proofs.quarto_own import check_proof, load_proof, proof_leaves, proof_nodes
from qsearch.proofs.quarto_own.format import FORMAT_STANDARD
from qsearch.proofs.quarto_standard import DEFAULT_PROOF, build_standard_proof
from qsearch.proofs.quarto_standard import builder as builder_module

pytestmark = pytest.mark.compiled_speed


def _start(placed=6, seed=5):
    rng = random.Random(seed)
    while True:
        s = Quarto()
        while not s.is_terminal() and s.num_placed() < placed:
            s.apply_action(rng.choice(s.legal_actions()))
        if not s.is_terminal() and s.piece_in_hand() is None:
            return s.history()


START = _start()


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("std") / "progress.jsonl"
    proof = build_standard_proof(depth=4, start=START, progress_path=path, out=None, log=None,
                                 bar=False)
    return proof, path


def test_the_small_proof_is_a_draw_by_two_trees_and_checks(small):
    proof, _ = small
    assert proof["format"] == FORMAT_STANDARD and proof["start"] == START
    assert proof["value_for_player_0"] == 0
    assert [(t["prover"], t["target"]) for t in proof["trees"]] == [(0, 0), (1, 0)]
    leaves = proof_leaves(proof)
    assert leaves and all("seconds" not in n for n, *_ in leaves)
    for engine in ("solver", "alphabeta"):
        report = check_proof(copy.deepcopy(proof), engine=engine)
        assert report["leaves re-solved"] == len(leaves) == report["leaves"]


@pytest.mark.slow
def test_every_leaf_agrees_with_plain_alphabeta_to_the_end(small):
    """Independent of the checker: each leaf's value is the generic core's exact value."""
    from qsearch.search import alphabeta

    proof, _ = small
    for node, actions, *_ in proof_leaves(proof):
        v = alphabeta(Quarto.from_actions(START + actions), 32, tt=20).value
        assert node["value"] == (v > 0) - (v < 0)


@pytest.mark.slow
def test_a_pool_and_a_resumed_run_write_the_same_proof(small, tmp_path):
    proof, path = small
    with ThreadPoolExecutor(2) as ex:
        again = build_standard_proof(depth=4, start=START, executor=ex,
                                     progress_path=tmp_path / "p.jsonl", out=tmp_path / "p.json",
                                     log=None, bar=False)
    assert (tmp_path / "p.json").read_text() == json.dumps(proof, indent=1) + "\n"
    assert again == proof
    # a run killed after two leaves, then resumed: nothing solved twice, the same proof
    lines = path.read_text().splitlines()
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:2]) + "\n")
    solved = []
    real = builder_module.solve_leaf

    def counting(actions, table_bits=24):
        solved.append(tuple(actions))
        return real(actions, table_bits)

    builder_module.solve_leaf = counting
    try:
        resumed = build_standard_proof(depth=4, start=START, progress_path=cut, out=None,
                                       log=None, bar=False)
    finally:
        builder_module.solve_leaf = real
    assert resumed == proof
    done_before = {tuple(json.loads(x)["actions"]) for x in lines[:2]}
    assert len(solved) == len(set(solved)) == len(lines) - 2
    assert not done_before & set(solved)


def _leaf(proof, tree=0):
    return next(n for n, a, p, t in proof_leaves(proof) if p == proof["trees"][tree]["prover"])


def _replies(proof):
    return next(n for n, *_ in proof_nodes(proof) if "replies" in n and len(n["replies"]) > 1)


def flip_a_leaf(p):
    leaf = _leaf(p)
    leaf["value"] = 1 if leaf["to_move"] == p["trees"][0]["prover"] else -1   # a win, forged


def drop_a_reply(p):
    _replies(p)["replies"].pop()


def add_first_moves(p):
    p["first_moves"] = []


def move_the_start(p):
    p["start"] = p["start"][:-2]


def claim_a_win(p):
    p["value_for_player_0"] = 1


def leaf_below_target(p):
    leaf = _leaf(p)
    leaf["value"] = -1 if leaf["to_move"] == p["trees"][0]["prover"] else 1


FORGERIES = [
    (flip_a_leaf, r"the second engine disagrees with a leaf value"),
    (drop_a_reply, r"a reply class is missing"),
    (add_first_moves, r"'first_moves' in a standard Quarto proof"),
    (move_the_start, r"does not start at the start position"),
    (claim_a_win, r"the headline value_for_player_0 \+1 is not what the trees prove \(\+0\)"),
    (leaf_below_target, r"a leaf value does not reach the target 0"),
]


@pytest.mark.parametrize(("forge", "message"), FORGERIES, ids=[f.__name__ for f, _ in FORGERIES])
def test_forged_small_proofs_are_rejected(small, forge, message):
    forged = copy.deepcopy(small[0])
    forge(forged)
    with pytest.raises(ValueError, match=message):
        check_proof(forged)


def test_engines_of_the_other_game_are_refused(small):
    with pytest.raises(ValueError, match="does not re-solve standard Quarto's leaves"):
        check_proof(copy.deepcopy(small[0]), engine="quarto_ab")


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="depth must be an int in 1..32"):
        build_standard_proof(depth=0, out=None, progress_path=None)
    with pytest.raises(ValueError, match="goes past the end of the game"):
        build_standard_proof(depth=30, start=START, out=None, progress_path=None)


def test_a_cut_file_is_refused(tmp_path):
    if not DEFAULT_PROOF.exists():
        pytest.skip("no committed standard proof")
    cut = tmp_path / "cut.json"
    cut.write_text(DEFAULT_PROOF.read_text()[:5000])
    with pytest.raises(ValueError, match="not valid JSON"):
        load_proof(cut)


def test_the_committed_standard_proof_passes_the_structure_check():
    if not DEFAULT_PROOF.exists():
        pytest.skip("no committed standard proof")
    proof = load_proof(DEFAULT_PROOF)
    assert proof["format"] == FORMAT_STANDARD and proof["start"] == []
    report = check_proof(proof, sample=0)
    assert report["nodes checked"] == len(proof_nodes(proof))
    assert proof["value_for_player_0"] == 0     # the trees prove a draw (checked above)


def test_the_command_checks_the_shipped_proof_and_refuses_bad_options(capsys):
    if not DEFAULT_PROOF.exists():
        pytest.skip("no committed standard proof")
    assert main(["solve", "quarto", "--check", "0"]) == 0          # the structure only
    out = capsys.readouterr().out
    assert '"value_for_player_0": 0' in out and '"leaves re-solved": 0' in out
    assert main(["solve", "quarto", "--workers", "0"]) == 2
    assert main(["solve", "quarto", "--check", "--engine", "quarto_ab"]) == 2
    assert main(["solve", "quarto", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert "--workers must be >= 1" in err and "does not re-solve standard Quarto" in err
    assert "pass --workers or --scheduler, not both" in err
