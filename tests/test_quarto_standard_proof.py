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
from qsearch.proofs.quarto_own.format import FORMAT_STANDARD, start_moves
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
START_MOVES = " ".join(start_moves(START, Quarto))       # as --start takes it


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    path = tmp_path_factory.mktemp("std") / "progress.jsonl"
    proof = build_standard_proof(depth=4, start=START, progress_path=path, out=None, log=None,
                                 bar=False)
    return proof, path


@pytest.mark.slow
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


def claim_a_distance(p):
    """Format 2's bound on a standard proof, whose checker skips the distance."""
    p["wins_by_piece"] = 9


def score_a_leaf(p):
    _leaf(p)["score"] = 5


FORGERIES = [
    (flip_a_leaf, r"the second engine disagrees with a leaf value"),
    (drop_a_reply, r"a reply class is missing"),
    (add_first_moves, r"'first_moves' in a standard Quarto proof"),
    (move_the_start, r"does not start at the start position"),
    (claim_a_win, r"the headline value_for_player_0 \+1 is not what the trees prove \(\+0\)"),
    (leaf_below_target, r"a leaf value does not reach the target 0"),
    (claim_a_distance, r"a format-2 field 'wins_by_piece' at the top of the proof in a "
                       r"qsearch-quarto-standard-proof/1 proof"),
    (score_a_leaf, r"a format-2 field 'score' .* in a qsearch-quarto-standard-proof/1 proof"),
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
    # its leaves are this proof's, which starts at the empty board (the shipped report
    # predates the named start: a report without "start actions" is still read)
    assert proof["start"] == report.get("start actions", []) == []
    assert report["leaves re-solved"] == report["leaves"] == len(leaves)
    assert sorted((tuple(r["actions"]), r["value"], r["recorded nodes"])
                  for r in report["re-solved"]) == leaves
    assert report["engine nodes"] == sum(r["engine nodes"] for r in report["re-solved"])


@pytest.mark.release
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


@pytest.mark.slow
def test_the_command_writes_the_full_report(small, tmp_path, capsys):
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(small[0]))
    assert main(["solve", "quarto", "--check", "--proof", str(path), "--report",
                 str(tmp_path / "report.json"), "--start", START_MOVES]) == 0
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
    # what it proves, named: the game, the start (no moves: the empty board), the claim
    assert '"game": "standard Quarto' in out and '"start": []' in out
    assert ('"claim": "standard Quarto from the empty board: a draw with perfect play"'
            in out)
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


@pytest.mark.slow
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


# ------------------------------------------------------------------ what a proof proves (issue 31)
def _report(out: str) -> dict:
    """The report the command prints (its JSON object, after the log lines)."""
    return json.loads(out[out.index("\n{") + 1:] if not out.startswith("{") else out)


def test_the_command_refuses_a_proof_of_another_start(small, tmp_path, capsys):
    """The audit's forgery: a genuine proof of a position six pieces in passed ``solve
    quarto --check`` as if it proved standard Quarto, its start named nowhere."""
    proof, _ = small
    path = tmp_path / "elsewhere.json"
    path.write_text(json.dumps(proof))
    assert main(["solve", "quarto", "--check", "0", "--proof", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.out == ""
    assert (f"the proof is about another position: its trees start at the position after "
            f"{len(START)} moves ({START_MOVES}) {START}, not at the empty board, the position "
            f"asked for") in captured.err
    # asked for that position, it is checked, and the report says what it proves
    assert main(["solve", "quarto", "--check", "0", "--proof", str(path),
                 "--start", START_MOVES]) == 0
    report = _report(capsys.readouterr().out)
    assert report["game"].startswith("standard Quarto")
    assert report["start"] == START_MOVES.split() and report["start actions"] == START
    assert report["claim"] == (f"standard Quarto from the position after {len(START)} moves "
                               f"({START_MOVES}): a draw with perfect play")
    # another start (the same moves but the last two; numbers work too) is refused
    shorter = " ".join(str(a) for a in START[:-2])
    assert main(["solve", "quarto", "--check", "0", "--proof", str(path),
                 "--start", shorter]) == 2
    assert f"not at the position after {len(START) - 2} moves" in capsys.readouterr().err


def test_the_checker_refuses_another_start_when_asked_for_one(small):
    proof, _ = small
    with pytest.raises(ValueError, match=rf"its trees start at the position after "
                                         rf"{len(START)} moves .* not at the empty board"):
        check_proof(copy.deepcopy(proof), sample=0, start=[])
    assert check_proof(copy.deepcopy(proof), sample=0, start=START)["start actions"] == START


def test_start_is_for_the_proof_and_names_a_legal_position(capsys):
    assert main(["solve", "quarto", "--check", "0", "--start", "2357 zz"]) == 2
    assert main(["solve", "quarto", "2357", "--check", "0"]) == 2
    assert main(["solve", "connect4", "--start", "4"]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("error: --start move 2: 'zz' is not a legal move here; legal: ")
    assert err[1].startswith("error: a proof's start position is given with --start MOVES")
    assert err[2] == ("error: --check, --start and --seed are for the Quarto proofs (solve "
                      "quarto, solve quarto-own), not for connect4")


def test_the_sampled_check_draws_a_seed_prints_it_and_repeats_it(small, tmp_path, capsys,
                                                                  monkeypatch):
    """The sample used to be seed 0's every time: the same leaves, run after run. (Which
    leaves are chosen is the point here: the engine is a stand-in returning the recorded
    values; the tests above re-solve leaves for real.)"""
    from qsearch.proofs.quarto_own import checker

    proof, _ = small
    recorded = {tuple(START + a): n["value"] for n, a, *_ in proof_leaves(proof)}

    def stand_in(actions, engine, standard=False):
        v = recorded[tuple(actions)]
        return {"actions": list(actions), "value": v, "score": v, "nodes": 1, "seconds": 0.0}

    monkeypatch.setattr(checker, "check_leaf", stand_in)
    path = tmp_path / "proof.json"
    path.write_text(json.dumps(proof))
    n = len(proof_leaves(proof))
    runs = []
    for extra in ([], [], None):
        if extra is None:                                  # repeat the first run's sample
            extra = ["--seed", str(runs[0][0])]
        assert main(["solve", "quarto", "--check", "2", "--proof", str(path), "--start",
                     START_MOVES, "--report", str(tmp_path / "r.json"), *extra]) == 0
        out = capsys.readouterr().out
        report = json.loads((tmp_path / "r.json").read_text())
        seed = report["seed"]
        assert (f"re-solving 2 of {n} leaves chosen with seed {seed} (the same seed chooses "
                f"the same leaves: --seed {seed})") in out
        assert report["leaves re-solved"] == 2
        assert f"2 of {n} leaves re-solved by verifier (seed {seed})" in report["checked"]
        runs.append((seed, [r["actions"] for r in report["re-solved"]]))
    assert runs[0][0] != runs[1][0]                        # drawn: 1 chance in 2**32 to match
    assert runs[2] == runs[0]                              # --seed: the same leaves again
    # the library draws one too, and reports it
    assert check_proof(copy.deepcopy(proof), sample=1)["seed"] not in (None, runs[0][0])
    with pytest.raises(ValueError, match="sample must be a number of leaves >= 0"):
        check_proof(copy.deepcopy(proof), sample=-5)
