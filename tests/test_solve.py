"""The exact Connect-4 solver: compiled vs the published scores, and vs its Python twin."""
from pathlib import Path

import pytest

from qsearch.core.results import SolveResult
from qsearch.games.connect4 import Connect4
from qsearch.reference import connect4_solver as ref
from qsearch.search import connect4_solver as fast

DATA = Path(__file__).parent / "data" / "connect4"


def load(name, limit=None):
    """``[(moves, score), ...]`` from a benchmark file."""
    lines = (DATA / name).read_text().split("\n")
    rows = [line.split() for line in lines if line.strip()]
    return [(moves, int(score)) for moves, score in rows[:limit]]


def sign(x):
    return (x > 0) - (x < 0)


L3 = load("Test_L3_R1")
L2 = load("Test_L2_R1")


def test_data_files_are_complete():
    assert len(L3) == 300 and len(L2) == 300


@pytest.mark.parametrize("name,rows", [("Test_L3_R1", L3), ("Test_L2_R1", L2)])
def test_compiled_matches_published_scores(name, rows):
    wrong = []
    for moves, score in rows:
        result = fast.solve(Connect4.from_moves(moves))
        assert isinstance(result, SolveResult)
        if result.score != score:
            wrong.append((moves, score, result.score))
    assert not wrong, f"{name}: {len(wrong)} wrong, e.g. {wrong[:3]}"


@pytest.mark.parametrize("rows", [L3[:100], L2[:20]], ids=["L3_R1[:100]", "L2_R1[:20]"])
def test_reference_twin_same_score_and_nodes(rows):
    for moves, score in rows:
        state = Connect4.from_moves(moves)
        a = fast.solve(state)
        b = ref.solve(state)
        assert (b.score, b.nodes) == (a.score, a.nodes), moves
        assert a.score == score
        # No node is searched exactly when the side to move wins at once.
        wins_now = any(state.child(c).is_terminal() and state.child(c).returns()[
            state.current_player()] > 0 for c in state.legal_actions())
        assert (a.nodes == 0) == wins_now, moves


def test_reference_twin_weak_and_analyze_agree():
    for moves, _ in L3[:20] + L2[:5]:
        state = Connect4.from_moves(moves)
        a, b = fast.solve(state, weak=True), ref.solve(state, weak=True)
        assert (b.score, b.nodes) == (a.score, a.nodes), moves
        assert ref.analyze(state) == fast.analyze(state), moves


def test_weak_gives_the_sign():
    for moves, score in L3[:150] + L2[:100]:
        result = fast.solve(Connect4.from_moves(moves), weak=True)
        assert result.score == sign(score), moves


def test_weak_is_cheaper_on_average():
    rows = L2[:50]
    strong = sum(fast.solve(Connect4.from_moves(m)).nodes for m, _ in rows)
    weak = sum(fast.solve(Connect4.from_moves(m), weak=True).nodes for m, _ in rows)
    assert weak <= strong


def test_immediate_win():
    # x has three in a row at the bottom; x to move wins with the 7th stone: (44 - 7) // 2
    state = Connect4.from_moves("112233")
    result = fast.solve(state)
    assert result.score == (44 - 7) // 2 == 18
    assert result.nodes == 0
    assert fast.solve(state, weak=True).score == 1
    assert ref.solve(state).score == 18


@pytest.mark.parametrize(
    "moves",
    [m for m, _ in L3[:40:4] + L2[:12:4]]
    + ["742234173564774116613357347324256621"],  # column 2 wins at once, 3, 4, 7 full
)
def test_analyze_consistent_with_solve(moves):
    state = Connect4.from_moves(moves)
    scores = fast.analyze(state)
    assert len(scores) == 7
    best = max(s for s in scores if s is not None)
    assert best == fast.solve(state).score
    n = state.num_moves()
    for col, s in enumerate(scores):
        if state.cell(5, col) != -1:
            assert s is None
            continue
        child = state.child(col)
        if child.is_terminal():
            assert s == ((44 - (n + 1)) // 2 if child.winner_player() is not None else 0)
        else:
            assert s == -fast.solve(child).score


def test_analyze_full_columns():
    state = Connect4.from_moves("2252576253462244111563365343671351441")  # columns 1-5 full
    scores = fast.analyze(state)
    assert scores[:5] == [None] * 5
    assert None not in scores[5:]
    assert max(scores[5:]) == fast.solve(state).score == -1
    assert ref.analyze(state) == scores


def test_solver_object_reuses_its_table():
    solver = fast.Solver(table_bits=16)
    assert solver.table_bits == 16
    for moves, score in L2[:30]:
        assert solver.solve(Connect4.from_moves(moves)).score == score
    solver.reset()
    moves, score = L2[0]
    state = Connect4.from_moves(moves)
    first = solver.solve(state)
    second = solver.solve(state)            # answered mostly from the table
    assert first.score == second.score == score
    assert second.nodes <= first.nodes
    solver.reset()
    assert solver.solve(state).nodes == first.nodes


def test_reset_gives_the_same_search_every_time():
    solver = fast.Solver(table_bits=10)
    moves, score = L2[1]
    state = Connect4.from_moves(moves)
    nodes = {solver.solve(state).nodes}
    for _ in range(10):
        solver.reset()
        result = solver.solve(state)
        assert result.score == score
        nodes.add(result.nodes)
    assert len(nodes) == 1


# The positions of L2 whose solve takes the most nodes (several thousand): the table grows.
BIG_L2 = sorted(L2[:150], key=lambda r: -fast.solve(Connect4.from_moves(r[0])).nodes)[:4]


@pytest.mark.parametrize("bits", [13, 24])
def test_table_grows_the_same_way_in_both_twins(bits):
    """Kept across solves, the table grows past its first 2**12 slots (up to 2**bits), and
    the twin stores, moves and finds the same entries: same scores and node counts."""
    solver, twin = fast.Solver(table_bits=bits), ref.Solver(table_bits=bits)
    assert solver.used_bits == twin.used_bits == 12
    total = 0
    for moves, score in BIG_L2 + L2[:10]:
        state = Connect4.from_moves(moves)
        a, b = solver.solve(state), twin.solve(state)
        assert (a.score, a.nodes) == (b.score, b.nodes) and a.score == score, moves
        total += a.nodes
        assert solver.used_bits == twin.used_bits
    expected = 12
    while expected < bits and total >= 1 << expected:
        expected += 1
    assert total > 1 << 13 and solver.used_bits == expected
    solver.reset()
    twin.reset()
    assert solver.used_bits == twin.used_bits == 12
    a, b = solver.solve(Connect4.from_moves(BIG_L2[0][0])), ref.solve(
        Connect4.from_moves(BIG_L2[0][0]))
    assert (a.score, a.nodes) == (b.score, b.nodes)


def test_small_table_still_exact():
    solver = fast.Solver(table_bits=10)
    twin = ref.Solver(table_bits=10)
    for moves, score in L2[:10]:
        state = Connect4.from_moves(moves)
        solver.reset()
        twin.reset()
        a, b = solver.solve(state), twin.solve(state)
        assert a.score == b.score == score
        assert a.nodes == b.nodes


@pytest.mark.parametrize("bits", [9, 31])
def test_bad_table_bits(bits):
    with pytest.raises(ValueError):
        fast.Solver(table_bits=bits)
    with pytest.raises(ValueError):
        ref.Solver(table_bits=bits)


@pytest.mark.parametrize("module", [fast, ref], ids=["compiled", "reference"])
def test_state_unchanged(module):
    for moves, _ in L2[:5]:
        state = Connect4.from_moves(moves)
        before = (state.moves_string(), state.bitboards())
        module.solve(state)
        module.solve(state, weak=True)
        module.analyze(state)
        assert (state.moves_string(), state.bitboards()) == before


@pytest.mark.parametrize("module", [fast, ref], ids=["compiled", "reference"])
@pytest.mark.parametrize("bad", [None, "4453", 42, [3, 3]])
def test_type_error(module, bad):
    with pytest.raises(TypeError, match="Connect4"):
        module.solve(bad)
    with pytest.raises(TypeError, match="Connect4"):
        module.analyze(bad)


@pytest.mark.parametrize("module", [fast, ref], ids=["compiled", "reference"])
def test_terminal_position_is_a_value_error(module):
    won = Connect4.from_moves("1122334")         # x has four in a row
    full = Connect4.from_moves("547125662261271266215743771576315353334444")  # 42 stones, drawn
    assert full.is_terminal() and full.winner_player() is None
    for state in (won, full):
        before = state.moves_string()
        with pytest.raises(ValueError, match="over"):
            module.solve(state)
        with pytest.raises(ValueError, match="over"):
            module.solve(state, weak=True)
        with pytest.raises(ValueError, match="over"):
            module.analyze(state)
        assert state.moves_string() == before


@pytest.mark.compiled_speed
def test_old_names_solve_and_analyze_warn_and_still_work():
    import qsearch.search as search
    assert "solve" not in search.__all__ and "analyze" not in search.__all__
    state = Connect4.from_moves(L2[0][0])   # a quick one ("4453" took seconds per solve)
    with pytest.warns(DeprecationWarning, match="solve_connect4"):
        from qsearch.search import solve
    with pytest.warns(DeprecationWarning, match="analyze_connect4"):
        analyze = search.analyze
    assert solve is search.solve_connect4 and analyze is search.analyze_connect4
    assert solve(state).score == fast.solve(state).score
    assert analyze(state) == fast.analyze(state)
    with pytest.raises(AttributeError, match="no attribute"):
        _ = search.solve_quarto
