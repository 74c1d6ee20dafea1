"""Quarto's symmetry group, the exact Quarto solver and the proof of document 000's game.

Oracles: brute-force orbit enumeration and Burnside's lemma (the group), document 000's
alpha-beta to the end of the game (:mod:`qsearch.search.quarto_ab`, its own code) and the
general alpha-beta (the solver), the solver's pure-Python twin (same scores and nodes), and
the rules replayed from the root (the proof's structure).
"""
import random

import numpy as np
import pytest

from qsearch.games import OwnPieceQuarto, Quarto
from qsearch.games import quarto_symmetry as sym
from qsearch.proofs.quarto_own import (
    DEFAULT_PROOF,
    PerfectPlayer,
    check_proof,
    key_of,
    load_proof,
    proof_leaves,
    proof_nodes,
)
from qsearch.reference.quarto_solver import ReferenceSolver
from qsearch.search.quarto_ab import ab_minimax
from qsearch.search.quarto_solver import QuartoSolver


def random_position(cls, placed, rng, give=False):
    """A non-terminal position with ``placed`` pieces (standard: maybe waiting for a gift)."""
    while True:
        g = cls()
        while g.num_placed() < placed and not g.is_terminal():
            g.apply_action(rng.choice(g.legal_actions()))
        if cls is Quarto and not give and g.piece_in_hand() is None and not g.is_terminal():
            g.apply_action(rng.choice(g.legal_actions()))
        if not g.is_terminal():
            return g


# ------------------------------------------------------------------ the group
def test_group_is_built_and_has_12288_elements():
    lines = set(sym.LINES)
    assert len(sym.SQUARE_PERMS) == 32 and len(sym.PIECE_MAPS) == 384
    assert sym.GROUP_ORDER == 12288
    perms = {tuple(p) for p in sym.SQUARE_PERMS.tolist()}
    for p in perms:
        assert sorted(p) == list(range(16))
        assert {frozenset(p[s] for s in ln) for ln in lines} == lines
    # closed under composition: a group
    for p in perms:
        for q in perms:
            assert tuple(q[p[s]] for s in range(16)) in perms
    maps = {tuple(m) for m in sym.PIECE_MAPS.tolist()}
    assert len(maps) == 384 and tuple(range(16)) in maps


def test_piece_maps_keep_shared_attributes():
    for m in sym.PIECE_MAPS.tolist():
        for a in range(16):
            for b in range(16):
                # the number of equal attributes (bits) is kept
                assert bin(~(a ^ b) & 15).count("1") == bin(~(m[a] ^ m[b]) & 15).count("1")


def _codes(k):
    """Every position with ``k`` pieces as a sorted tuple of 16*square+piece codes (array)."""
    from itertools import combinations, permutations
    rows = [sorted(16 * s + p for s, p in zip(sq, pc, strict=True))
            for sq in combinations(range(16), k) for pc in permutations(range(16), k)]
    return np.array(rows, dtype=np.int64)


def _orbit_count(k):
    raw = _codes(k)
    base = 256 ** np.arange(k)[::-1]
    index = raw @ base
    seen = np.zeros(256 ** k, dtype=bool)
    sq_img = sym.SQUARE_PERMS.astype(np.int64)             # 32 x 16
    pc_img = sym.PIECE_MAPS.astype(np.int64)               # 384 x 16
    orbits = 0
    for row, idx in zip(raw, index, strict=True):
        if seen[idx]:
            continue
        orbits += 1
        s, p = row >> 4, row & 15
        imgs = 16 * sq_img[:, None, s] + pc_img[None, :, p]   # 32 x 384 x k
        imgs = np.sort(imgs.reshape(-1, k), axis=1)
        seen[imgs @ base] = True
    return len(raw), orbits


@pytest.mark.parametrize("k,raw,classes", [
    (1, 256, 2), (2, 28800, 40), pytest.param(3, 1881600, 454, marks=pytest.mark.slow),
])
def test_burnside_counts_by_brute_force(k, raw, classes):
    assert _orbit_count(k) == (raw, classes)
    assert sym.burnside_count(k) == classes


@pytest.mark.parametrize("k,classes", [(1, 2), (2, 40), (3, 454), (4, 10374)])
def test_burnside_formula_gives_the_published_counts(k, classes):
    assert sym.burnside_count(k) == classes


@pytest.mark.parametrize("k", [1, 2])
def test_fixed_point_formula_by_brute_force(k):
    """The cycle formula for the positions one symmetry fixes, against enumeration."""
    raw = _codes(k)
    s, p = raw >> 4, raw & 15
    base = 256 ** np.arange(k)[::-1]
    own = raw @ base
    rng = random.Random(k)
    for _ in range(40):
        i, j = rng.randrange(32), rng.randrange(384)
        imgs = 16 * sym.SQUARE_PERMS.astype(np.int64)[i][s] + sym.PIECE_MAPS.astype(np.int64)[j][p]
        fixed = int(((np.sort(imgs, axis=1) @ base) == own).sum())
        assert fixed == sym.fixed_positions(i, j, k)
    assert sym.fixed_positions(0, 0, k) == len(raw)       # the identity fixes everything


def test_canonical_form_is_invariant_and_separates():
    rng = random.Random(4)
    for _ in range(20):
        state = random_position(OwnPieceQuarto, rng.randrange(1, 9), rng)
        b = sym.board_of(state)
        g = rng.randrange(sym.GROUP_ORDER)
        img = sym.transform_board(b, g)
        assert sym.canonical(img) == sym.canonical(b)
        assert sym.find_symmetry(b, img) is not None
        assert sym.is_canonical(list(sym.canonical(b)))
        a = state.legal_actions()[0]
        assert sym.inverse_action(sym.transform_action(a, g), g) == a
    one = [sym.EMPTY] * 16
    one[0] = 0
    other = [sym.EMPTY] * 16
    other[1] = 0
    assert sym.canonical(one) != sym.canonical(other)      # a diagonal square, and not
    assert sym.orbit_size(one) == sym.orbit_size(other) == 128


def test_symmetry_bad_input():
    with pytest.raises(ValueError):
        sym.canonical([0] * 16)                 # a piece twice
    with pytest.raises(ValueError):
        sym.canonical([sym.EMPTY] * 15)
    with pytest.raises(ValueError):
        sym.transform_board([sym.EMPTY] * 16, 12288)


# ------------------------------------------------------------------ the solver
def ab_score(state):
    """Document 000's alpha-beta to the end, in the solver's scale (17 - n for a win)."""
    v = ab_minimax(state, depth=16, win_check=True, win_value=100.0, win_decay=1.0).value
    if v == 0:
        return 0
    plies = 100 - abs(v)
    return (1 if v > 0 else -1) * (17 - (state.num_placed() + plies))


@pytest.mark.compiled_speed
@pytest.mark.parametrize("placed", [6, 7, 8, 10])
def test_solver_matches_document_alphabeta(placed):
    rng = random.Random(placed)
    solver = QuartoSolver(18)
    for _ in range(8):
        state = random_position(OwnPieceQuarto, placed, rng)
        want = ab_score(state)
        solver.reset()
        assert solver.solve(state).score == want
        assert solver.solve(state, weak=True).score == (want > 0) - (want < 0)


def test_standard_quarto_matches_plain_alphabeta():
    from qsearch.search import alphabeta

    rng = random.Random(11)
    solver = QuartoSolver(18)
    for placed in (9, 10, 11):
        for give in (False, True):
            state = random_position(Quarto, placed, rng, give=give)
            v = alphabeta(state, None, win_value=1.0).value   # for the player to move
            want = (v > 0) - (v < 0)
            assert solver.solve(state, weak=True).score == want


@pytest.mark.parametrize("cls", [OwnPieceQuarto, Quarto])
def test_twin_agrees_scores_and_nodes(cls):
    rng = random.Random(7)
    for placed in (8, 9, 10):
        for _ in range(3):
            state = random_position(cls, placed, rng, give=rng.random() < 0.3)
            for weak in (False, True):
                for order in (True, False):
                    fast = QuartoSolver(10, order=order).solve(state, weak=weak)
                    slow = ReferenceSolver(10, order=order).solve(state, weak=weak)
                    assert (fast.score, fast.nodes) == slow


def test_table_and_order_do_not_change_values():
    rng = random.Random(3)
    for placed in (7, 8):
        for _ in range(4):
            state = random_position(OwnPieceQuarto, placed, rng)
            scores = {QuartoSolver(16, table=t, order=o).solve(state).score
                      for t in (True, False) for o in (True, False)}
            assert len(scores) == 1


def test_limits_and_bad_input():
    state = OwnPieceQuarto.from_placements("(1,1) 1357; (2,3) 2468")
    res = QuartoSolver(16).solve(state, weak=True, max_nodes=5000)
    assert res.score is None and res.nodes >= 5000
    with pytest.raises(TypeError):
        QuartoSolver(16).solve("board")
    with pytest.raises(ValueError):
        QuartoSolver(16).solve(state, max_nodes=-1)
    with pytest.raises(ValueError):
        QuartoSolver(16).solve(state, time_limit=0)
    with pytest.raises(ValueError):
        QuartoSolver(4)
    won = OwnPieceQuarto.from_placements(
        "(1,1) 1357; (2,1) 2468; (1,2) 1358; (2,2) 2467; (1,3) 1368; (2,3) 2457; (1,4) 1367")
    assert won.is_terminal()
    with pytest.raises(ValueError):
        QuartoSolver(16).solve(won)
    before = state.history()
    QuartoSolver(16).solve(OwnPieceQuarto.from_actions(before), weak=True, max_nodes=4096)
    assert state.history() == before


@pytest.mark.compiled_speed
def test_win_in_one_and_distance():
    state = OwnPieceQuarto.from_placements("(1,1) 1357; (2,1) 2468; (1,2) 1358; (2,2) 2467; "
                                           "(1,3) 1368")
    res = QuartoSolver(16).solve(state)
    assert res.score == 17 - 6 and res.nodes == 0          # (1,4) with a piece sharing 1
    scores = QuartoSolver(16).analyze(state)
    assert max(scores.values()) == res.score


# ------------------------------------------------------------------ the proof
@pytest.fixture(scope="module")
def proof():
    if not DEFAULT_PROOF.exists():
        pytest.skip("no proof file")
    return load_proof()


@pytest.mark.release
def test_proof_structure_and_sampled_leaves(proof):
    report = check_proof(proof, sample=3, seed=1)
    assert report["leaves re-solved"] == 3
    assert report["nodes checked"] == len(proof_nodes(proof))
    assert proof["value_for_player_0"] in (-1, 0, 1)


def test_proof_checker_catches_tampering(proof):
    import copy
    bad = copy.deepcopy(proof)
    root = bad["trees"][0]["root"]
    node = root if "replies" in root else root["child"]
    node["replies"].pop()
    with pytest.raises(ValueError, match="cover"):
        check_proof(bad, sample=0)
    bad = copy.deepcopy(proof)
    leaf = proof_leaves(bad)[0][0]
    leaf["value"] = -leaf["value"] or 1
    with pytest.raises(ValueError):
        check_proof(bad, sample=0)


@pytest.mark.compiled_speed
def test_perfect_player_follows_the_proof_through_symmetry(proof):
    """At a prover's node of the proof seen through a random symmetry, the player's move
    still wins (its position is solved lost for the opponent)."""
    rng = random.Random(5)
    player = PerfectPlayer(proof, table_bits=18)
    nodes = [(n, a) for n, a, *_ in proof_nodes(proof) if "move" in n and len(a) == 3]
    solver = QuartoSolver(20)
    for node, actions in rng.sample(nodes, 2):
        g = rng.randrange(sym.GROUP_ORDER)
        moved = OwnPieceQuarto.from_actions([sym.transform_action(a, g) for a in actions])
        assert key_of(moved) == node["key"]
        a = player(moved)
        child = moved.child(a)
        assert child.is_terminal() or solver.solve(child, weak=True).score == -1


def test_perfect_player_never_loses_a_won_position():
    rng = random.Random(9)
    player = PerfectPlayer(table_bits=18)
    for _ in range(3):
        state = random_position(OwnPieceQuarto, 6, rng)
        if QuartoSolver(18).solve(state, weak=True).score != 1:
            continue
        me = state.current_player()
        while not state.is_terminal():
            if state.current_player() == me:
                state.apply_action(player(state))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.returns()[me] == 1


def test_cli_solves_a_position_and_rejects_bad_input(capsys):
    from qsearch.__main__ import main

    assert main(["solve", "quarto-own", "(1,1) 1357; (2,1) 1358; (3,1) 2467; (2,2) 1368; "
                 "(4,4) 2468"]) == 0
    out = capsys.readouterr().out
    assert "score +5: win: the winning piece is number 12 (7 plies)" in out
    assert main(["solve", "quarto-own", "(1,1) 9999"]) == 2
    assert main(["solve", "quarto-own", "--check", "0"]) == 0     # structure only
    assert '"leaves re-solved": 0' in capsys.readouterr().out


# ------------------------------------------------------------------ the distance (issue 23, item 4)
def _choice_matters(scores: dict) -> bool:
    """Some moves win (or lose) sooner than others: a player that only finds the sign
    could pick a worse one."""
    best = max(scores.values())
    return best != 0 and len({s for s in scores.values() if (s > 0) == (best > 0)}) > 1


def test_perfect_player_wins_fastest_and_loses_slowest_from_8_to_10_pieces():
    """Oracle: an exact strong solve of every move (a separate solver's ``analyze``). Only
    positions where the sign alone would not pick the best move count."""
    rng = random.Random(23)
    player = PerfectPlayer(table_bits=18)
    oracle = QuartoSolver(18)
    seen = {"win": 0, "loss": 0}
    for _ in range(400):
        state = random_position(OwnPieceQuarto, rng.choice((8, 9, 10)), rng)
        scores = oracle.analyze(state, weak=False)
        if not _choice_matters(scores):
            continue
        kind = "win" if max(scores.values()) > 0 else "loss"
        if seen[kind] >= 5:
            continue
        seen[kind] += 1
        assert scores[player(state)] == max(scores.values()), state
        if seen == {"win": 5, "loss": 5}:
            break
    assert seen == {"win": 5, "loss": 5}


def test_perfect_player_outcome_gives_the_winning_piece(proof):
    player = PerfectPlayer(proof, table_bits=18)
    assert player.outcome(OwnPieceQuarto()) == (-1, proof["wins_by_piece"], True)
    rng = random.Random(4)
    state = random_position(OwnPieceQuarto, 9, rng)
    s = QuartoSolver(18).solve(state).score
    out = player.outcome(state)
    assert out.value == (s > 0) - (s < 0) and not out.at_the_latest
    assert out.piece == (None if s == 0 else 17 - abs(s))
    with pytest.raises(TypeError, match="strong_from"):
        PerfectPlayer(strong_from="8")


@pytest.mark.compiled_speed
def test_perfect_player_follows_the_proofs_fastest_moves_and_slowest_replies(proof):
    """At the top the prover plays the move whose subtree wins by the proof's bound, and on
    the losing side the player picks a reply the proof shows loses latest."""
    player = PerfectPlayer(proof, table_bits=18)
    root = proof["trees"][0]["root"]
    a = player(OwnPieceQuarto())
    latest = max(r["child"]["piece"] for r in root["replies"])
    assert key_of(OwnPieceQuarto().child(a)) in {
        r["child"]["key"] for r in root["replies"] if r["child"]["piece"] == latest}
    for r in root["replies"]:
        state = OwnPieceQuarto.from_actions([r["action"]])
        move = player(state)
        assert move == r["child"]["move"]
        assert r["child"]["child"]["piece"] == r["child"]["piece"] == proof["wins_by_piece"]


def test_builder_solves_leaves_exactly_and_resumes_only_from_exact_records(proof, tmp_path):
    from qsearch.proofs.quarto_own import Progress, solve_position

    leaf, actions, *_ = min(proof_leaves(proof), key=lambda x: x[0]["nodes"])
    rec = solve_position(actions, table_bits=18)
    assert (rec["key"], rec["score"]) == (leaf["key"], leaf["score"])
    path = tmp_path / "progress.jsonl"
    path.write_text('{"key": "old", "actions": [0], "value": -1, "nodes": 1, "seconds": 0}\n')
    Progress(path).add(rec)                             # appended after a format-1 line
    again = Progress(path)
    assert again.get("old") is None and again.get(rec["key"]) == rec
