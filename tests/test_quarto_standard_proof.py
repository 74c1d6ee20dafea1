"""Standard Quarto's proof (issue 23, items 1-2): the builder, resuming, executors, the checker.

A small proof is built from a position with six pieces placed (its leaves take milliseconds)
and checked by the verifier (the default: a second engine sharing no code with the solver),
by the Quarto solver and by qsearch's generic alpha-beta core. Forgeries of it must be rejected
by name, and a proof built on a solver with a planted bug must pass that solver's own check and
fail the verifier's. The committed proof from the empty board passes the structure check, its
shipped check report covers it, and in the slow tier the verifier re-solves its cheapest leaf
(under a minute) to the report's value and node count; the full check is the command
`python -m qsearch solve quarto --check`.
"""
import copy
import json
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from qsearch.__main__ import main
from qsearch.core.results import SolveResult
from qsearch.games import Quarto
from qsearch.proofs.quarto_own import check_proof, load_proof, proof_leaves, proof_nodes
from qsearch.proofs.quarto_own.format import FORMAT_STANDARD
from qsearch.proofs.quarto_standard import CHECK_REPORT, DEFAULT_PROOF, build_standard_proof
from qsearch.proofs.quarto_standard import builder as builder_module
from qsearch.search.quarto_solver import QuartoSolver

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
    for engine in ("verifier", "solver", "alphabeta"):
        report = check_proof(copy.deepcopy(proof), engine=engine)
        assert report["leaves re-solved"] == len(leaves) == report["leaves"]
        assert report["engine"] == engine and report["engine nodes"] > 0
    assert check_proof(copy.deepcopy(proof))["engine"] == "verifier"          # the default
    # the report lists every leaf: its value, the engine's nodes beside the builder's
    listed = report["re-solved"]
    assert [r["actions"] for r in listed] == sorted(START + a for _n, a, *_ in proof_leaves(proof))
    recorded = {tuple(START + a): n for n, a, *_ in proof_leaves(proof)}
    for r in listed:
        leaf = recorded[tuple(r["actions"])]
        assert (r["value"], r["recorded nodes"]) == (leaf["value"], leaf["nodes"])


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


def test_the_shipped_check_report_covers_the_committed_proof():
    """The report of the full check (README, notebook 09) is about this proof: every leaf,
    re-solved by the verifier, with the value and solver nodes the proof records."""
    proof = load_proof(DEFAULT_PROOF)
    report = json.loads(CHECK_REPORT.read_text())
    leaves = sorted((tuple(a), n["value"], n["nodes"]) for n, a, *_ in proof_leaves(proof))
    assert report["engine"] == "verifier" and report["format"] == FORMAT_STANDARD
    assert report["leaves re-solved"] == report["leaves"] == len(leaves)
    assert sorted((tuple(r["actions"]), r["value"], r["recorded nodes"])
                  for r in report["re-solved"]) == leaves
    assert report["engine nodes"] == sum(r["engine nodes"] for r in report["re-solved"])


@pytest.mark.slow
def test_one_leaf_of_the_committed_proof_is_re_solved_by_the_verifier():
    """The leaf the full check found cheapest (under a minute): re-solved here, its value
    and the verifier's node count must be the report's, its value the proof's."""
    from qsearch.proofs.quarto_own.checker import check_leaf

    report = json.loads(CHECK_REPORT.read_text())
    cheapest = min(report["re-solved"], key=lambda r: r["engine nodes"])
    res = check_leaf(cheapest["actions"], "verifier", standard=True)
    recorded = {tuple(a): n["value"] for n, a, *_ in proof_leaves(load_proof(DEFAULT_PROOF))}
    assert res["value"] == cheapest["value"] == recorded[tuple(cheapest["actions"])]
    assert res["nodes"] == cheapest["engine nodes"]


def test_the_command_writes_the_full_report(small, tmp_path, capsys):
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(small[0]))
    assert main(["solve", "quarto", "--check", "--proof", str(path), "--report",
                 str(tmp_path / "report.json")]) == 0
    out = capsys.readouterr().out
    full = json.loads((tmp_path / "report.json").read_text())
    assert '"engine": "verifier"' in out and '"re-solved"' not in out
    assert full["engine"] == "verifier" and len(full["re-solved"]) == full["leaves"]


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


class LossBlindSolver:
    """The Quarto solver with a planted bug: a lost position is reported as a draw."""

    def __init__(self, *args, **kwargs):
        self.inner = QuartoSolver(*args, **kwargs)

    def solve(self, state, weak=False, **limits):
        res = self.inner.solve(state, weak=weak, **limits)
        return SolveResult(max(res.score, 0), res.nodes, res.elapsed)


def test_a_solver_bug_passes_the_solvers_own_check_but_not_the_verifiers(monkeypatch):
    """Why the leaves are re-solved by an engine sharing no code with the builder's: a proof
    built on a buggy solver claims a draw in a lost position, and only the verifier sees it."""
    from qsearch.search import quarto_solver
    from qsearch.search.quarto_verifier import QuartoVerifier

    start = _start(seed=4)
    assert QuartoVerifier(20).solve(Quarto.from_actions(start)).score == -1    # a loss
    monkeypatch.setattr(quarto_solver, "QuartoSolver", LossBlindSolver)
    proof = build_standard_proof(depth=4, start=start, progress_path=None, out=None, log=None,
                                 bar=False)
    assert proof["value_for_player_0"] == 0                                    # a false draw
    assert check_proof(copy.deepcopy(proof), engine="solver")["leaves re-solved"] > 0
    monkeypatch.undo()
    with pytest.raises(ValueError, match="the second engine disagrees with a leaf value"):
        check_proof(proof)                                  # the default engine: the verifier
