"""The time-matched pairing: per-move CPU times in the records, the interleaved calibration,
the achieved ratio; and the players' variants the Connect-4 ablation plays."""
import json
import math
import statistics
from pathlib import Path

import pytest

from qsearch.arena import tournament as T
from qsearch.arena.players import MCTSPlayer
from qsearch.arena.tournament import calibration as C

# They play real tournament games: sized for the compiled engines.
pytestmark = pytest.mark.compiled_speed

COMMITTED = Path(__file__).parent.parent / "benchmarks" / "tournaments"


# --------------------------------------------------------------------------- records
def test_records_hold_each_moves_cpu_time_and_replay_ignores_it(tmp_path):
    T.run(["4.5"], tmp_path, progress=False, limit=3)
    records = T.read_records(tmp_path / "4.5.jsonl")
    assert len(records) == 3
    for rec in records.values():
        times = rec["move_cpu_seconds"]
        assert [len(t) for t in times] == [len(n) for n in rec["nodes"]]
        assert all(t >= 0 for seat in times for t in seat)
        assert sum(len(t) for t in times) == rec["plies"]      # Connect-4: no chance moves
        changed = dict(rec, move_cpu_seconds=[[9.0] * len(t) for t in times])
        T.replay("4.5", changed)                # times are measurements, not the game
    rec = next(iter(records.values()))
    white = rec["move_cpu_seconds"][1]
    assert T.mean_time(rec, rec["row"]) == pytest.approx(statistics.mean(white))


def _strip_times(path):
    """The file as it was written before records held per-move times."""
    lines = path.read_text().splitlines()
    recs = [json.loads(line) for line in lines[1:]]
    for r in recs:
        del r["move_cpu_seconds"]
    path.write_text("\n".join([lines[0]] + [json.dumps(r) for r in recs]) + "\n")


def test_records_written_before_per_move_times_still_read(tmp_path):
    cal = T.load_calibration(COMMITTED)
    cal["iterations"]["connect4"] = dict.fromkeys(T.MATCHED["connect4"], 3)
    T.run(["4.3"], tmp_path, progress=False, limit=3)
    T.run(["4.5t"], tmp_path, progress=False, limit=2, calibration=cal)
    (tmp_path / "calibration.json").write_text(json.dumps(cal))
    for tid in ("4.3", "4.5t"):
        _strip_times(tmp_path / f"{tid}.jsonl")
    records = T.read_records(tmp_path / "4.3.jsonl")
    old = next(iter(records.values()))
    assert len(records) == 3 and "move_cpu_seconds" not in old
    T.replay("4.3", old)
    assert T.check(tmp_path, ["4.3", "4.5t"]) == {"4.3": 1, "4.5t": 1}
    text = T.write_tables(tmp_path)
    assert "Table 4.3" in text and "Table 4.5t" in text and "No achieved time ratios" in text
    with pytest.raises(ValueError, match="no per-move times"):
        T.seat_times(old, 0)
    with pytest.raises(ValueError, match="no per-move times"):
        T.ratio_rows(tmp_path)


# --------------------------------------------------------------------------- calibration
class NodeCost:
    """A fake clock for one move: MCTS costs 1 us an iteration, a search 0.1 us a node, a
    move played without searching nothing; it logs who was timed."""

    def __init__(self):
        self.log = []

    def __call__(self, player, state, rng):
        action = player(state, rng)
        if isinstance(player, MCTSPlayer):
            self.log.append("mcts")
            return 1e-6 * player.iterations, action
        self.log.append("partner")
        result = player.last_result
        return (0.0 if result is None else 1e-7 * result.nodes), action


def test_the_pair_is_timed_in_turn_best_of_n():
    states = C.start_positions("connect4")[:3]
    calls = iter([5.0, 1.0, 3.0, 2.0, 4.0, 0.5] * 3)

    def timer(player, state, rng):
        log.append("mcts" if isinstance(player, MCTSPlayer) else "partner")
        return next(calls), player(state, rng)

    log = []
    a, m = C.time_pair("connect4", "mcts8", 10, states, repeats=3, timer=timer)
    assert log == ["partner", "mcts"] * 9          # move by move, never a block of one side
    assert a == [3.0] * 3 and m == [0.5] * 3         # the best of three, each


def test_the_pairs_games_are_the_tournaments_own():
    assert C.partner_of("connect4", "mcts170") == ("ab5", 1.0)
    assert C.partner_of("reversi", "mcts1200")[0] == "ab6"
    assert C.partner_of("reversi", "mcts1200")[1] == pytest.approx(54.23565186659495
                                                                   / 15.855559428532919)
    with pytest.raises(ValueError, match="not a time-matched MCTS count"):
        C.partner_of("connect4", "mcts60")
    cells = C.pair_cells("hypergammon", "mcts60")
    assert [(t.id, r, c) for t, r, c, _ in cells] == [("4.18t", "mcts60", "eml4")] * 10 + \
        [("4.19t", "eml4", "mcts60")] * 10
    assert [k for *_, k in cells] == list(range(1, 11)) * 2
    assert not any(s.is_chance_node() for s in C.start_positions("hypergammon"))
    # the calibration's games, each move timed best of 3, are the tournament's games
    clock = NodeCost()
    a, m = C.pair_games_times("connect4", "mcts8", 7, repeats=3, timer=clock)
    cal = {"iterations": {"connect4": dict.fromkeys(T.MATCHED["connect4"], 7)}}
    games = [T.play_one(T.config(table, cal), row, col, k) for table, row, col, k
             in C.pair_cells("connect4", "mcts8")]
    seat = [1 if g["row"] == "mcts8" else 0 for g in games]
    assert len(m) == sum(len(g["nodes"][s]) for g, s in zip(games, seat, strict=True))
    nodes = [n for g, s in zip(games, seat, strict=True) for n in g["nodes"][1 - s]]
    assert a == pytest.approx([1e-7 * n for n in nodes]) and m == [7e-6] * len(m)
    assert len(clock.log) == 3 * (len(a) + len(m))
    assert all(len(set(clock.log[i:i + 3])) == 1 for i in range(0, len(clock.log), 3))


def test_matched_count_against_an_independent_cost():
    clock = NodeCost()
    got = C.match_iterations("connect4", "mcts8", repeats=1, timer=clock, first=40)
    assert len(got["rounds"]) >= 2 and got["rounds"][0]["iterations"] == 40
    n = got["iterations"]
    assert n in [h["iterations"] for h in got["rounds"]]
    # the partner's cost from the runner's records of the same games at that count
    cal = {"iterations": {"connect4": dict.fromkeys(T.MATCHED["connect4"], n)}}
    games = [T.play_one(T.config(table, cal), row, col, k) for table, row, col, k
             in C.pair_cells("connect4", "mcts8")]
    seat = [1 if g["row"] == "mcts8" else 0 for g in games]
    nodes = [x for g, s in zip(games, seat, strict=True) for x in g["nodes"][1 - s]]
    expected = 1e-6 * n / (1e-7 * sum(nodes) / len(nodes))
    assert got["ratio"] == pytest.approx(expected)
    assert abs(got["ratio"] - 1) <= C.TOLERANCE or len(got["rounds"]) == 6 or \
        got["rounds"][-1]["iterations"] != n      # within 5%, or the nearest a cycle allowed
    assert got["partner"] == "ab3" and got["target"] == 1.0


def test_calibration_refuses_a_partner_that_takes_no_time_and_a_bad_guess():
    with pytest.raises(ValueError, match="sum to 0 seconds"):
        C.match_iterations("connect4", "mcts8", repeats=1, first=5,
                           timer=lambda player, state, rng: (0.0, player(state, rng)))
    with pytest.raises(ValueError, match="first must be"):
        C.match_iterations("connect4", "mcts8", first=0)


# --------------------------------------------------------------------------- achieved ratio
def _record(row, col, pos, col_times, row_times):
    return {"row": row, "col": col, "position": pos, "white": 0.5,
            "move_cpu_seconds": [col_times, row_times]}


def test_achieved_ratio_paired_and_against_the_partners_median():
    # 4.5t: MCTS rows (white, seat 1) against alpha-beta columns (seat 0)
    t45 = {("mcts8", "ab3", 1): _record("mcts8", "ab3", 1, [1.0, 3.0], [4.0, 4.0]),
           ("mcts8", "ab3", 2): _record("mcts8", "ab3", 2, [2.0], [1.0, 2.0]),
           ("mcts8", "ab4", 1): _record("mcts8", "ab4", 1, [50.0], [7.0])}
    t44 = {("mcts8", "random", 1): _record("mcts8", "random", 1, [0.0], [6.0, 10.0]),
           ("mcts8", "mcts8", 1): _record("mcts8", "mcts8", 1, [1.0], [2.0, 3.0])}
    rows = T.achieved_ratios({"4.5t": t45, "4.4t": t44}, {"4.5t": {"mcts8": 27}})
    by = {(r["table"], r["mcts"]): r for r in rows}
    paired = by["4.5t", "mcts8"]
    # game 1: MCTS 4 s a move, alpha-beta 2; game 2: 1.5 and 2 (the ab4 game is not a pair)
    assert paired["games"] == 2 and paired["against"] == "paired"
    assert paired["median"] == pytest.approx(statistics.median([2.0, 0.75]))
    assert paired["iterations"] == 27 and paired["partner"] == "ab3" and paired["target"] == 1
    unpaired = by["4.4t", "mcts8"]
    # the partner's median per game over its games against MCTS 8: median(2, 2) = 2
    assert unpaired["against"] == "the partner's median in 4.5t"
    assert unpaired["games"] == 2
    assert unpaired["median"] == pytest.approx(statistics.median([8.0 / 2, 2.0 / 2]))
    q1, _, q3 = statistics.quantiles([4.0, 1.0], n=4, method="inclusive")
    assert (unpaired["q1"], unpaired["q3"]) == pytest.approx((q1, q3))
    # pooled: MCTS's moves 4, 4, 1, 2 (mean 2.75) over alpha-beta's 1, 3, 2 (mean 2)
    assert paired["pooled"] == pytest.approx(2.75 / 2)
    # MCTS 8's moves in 4.4t: 6, 10 and 1, 2, 3 (both seats of its self-play game)
    assert unpaired["pooled"] == pytest.approx(4.4 / 2)
    assert "| 4.5t | mcts8 | ab3 | 1.00 | 1.38 [1.06-1.69] | 1.38 | 2 | paired |" in \
        T.ratio_markdown(rows)
    with pytest.raises(ValueError, match="not time-matched"):
        T.achieved_ratios({"4.5": t45})


def test_ratio_rows_label_the_counts_the_games_were_played_with(tmp_path):
    cal = {"iterations": {"connect4": dict.fromkeys(T.MATCHED["connect4"], 3)}}
    T.run(["4.5t"], tmp_path, progress=False, limit=2, calibration=cal)
    (row,) = T.ratio_rows(tmp_path)
    assert row["table"] == "4.5t" and row["iterations"] == 3 and row["games"] == 2
    assert row["q1"] <= row["median"] <= row["q3"]


# --------------------------------------------------------------------------- variants
def test_variants_change_one_setting_and_are_checked():
    ab = T.make_player("connect4", "ab3")
    assert ab.options["order"] == T.ORDER_C4 and ab.options["win_decay"] == 1.0
    plain = T.make_player("connect4", "ab3", variant={"order": "game", "win_decay": 0})
    assert "order" not in plain.options and plain.options["win_decay"] == 0.0
    assert plain.options["win_value"] == T.WIN                  # kept explicit
    assert T.make_player("connect4", "mcts8").options["c"] == pytest.approx(math.sqrt(2))
    assert T.make_player("connect4", "mcts8", variant={"c": 0.5}).options["c"] == 0.5
    for bad, error in (({"depth": 3}, ValueError), ({"order": "centre"}, ValueError),
                       ({"c": -1.0}, ValueError), ({"c": "big"}, TypeError),
                       ({"win_decay": math.nan}, ValueError), ([("c", 1)], TypeError)):
        with pytest.raises(error):
            T.make_player("connect4", "ab3", variant=bad)
    table = T.TABLES["4.5"]
    assert T.config(table) == T.config(table, variant={})
    assert "variant" not in T.config(table)
    assert T.config(table, variant={"c": 0.5})["variant"] == {"c": 0.5}


def test_a_variants_games_are_its_own_and_replay(tmp_path):
    ours, other = tmp_path / "ours", tmp_path / "game-order"
    T.run(["4.6"], ours, progress=False, limit=10)
    T.run(["4.6"], other, progress=False, limit=10, variant={"order": "game"})
    a, b = T.read_records(ours / "4.6.jsonl"), T.read_records(other / "4.6.jsonl")
    assert set(a) == set(b) and any(a[k]["actions"] != b[k]["actions"] for k in a)
    header = json.loads((other / "4.6.jsonl").read_text().splitlines()[0])["tournament"]
    assert header["variant"] == {"order": "game"}
    assert T.check(other, ["4.6"], k=2) == {"4.6": 2}          # re-played with its variant
    with pytest.raises(ValueError, match="another configuration.*variant"):
        T.run(["4.6"], other, progress=False, limit=1)          # ours into its directory


# --------------------------------------------------------------------------- ablation
def test_document_share_and_difference_interval():
    doc = T.grids(COMMITTED, "connect4", "doc", "doc")
    ab = lambda s: s.startswith("ab")             # noqa: E731
    mcts = lambda s: s.startswith("mcts")         # noqa: E731
    pts, n = T.head_to_head({t: doc[t] for t in T.BASE_TABLES}, ab, mcts)
    assert T.document_points() == (pts, n) == (523.5, 600)
    # Newcombe (1998), method 10: 56/70 - 48/80 is 0.2000 [0.0524, 0.3339]
    d, lo, hi = T.difference_interval((56, 70), (48, 80))
    assert (round(d, 4), round(lo, 4), round(hi, 4)) == (0.2, 0.0524, 0.3339)


def test_ablation_arms_are_resumable_and_judged(tmp_path):
    T.run_ablation(tmp_path, ["ours", "win-decay-0"], progress=False, limit=2)
    rep = T.run_ablation(tmp_path, ["ours", "win-decay-0"], progress=False, limit=1)
    assert rep["ours"].skipped == {"4.5": 2, "4.6": 2}
    assert rep["ours"].played == {"4.5": 1, "4.6": 1}
    rows = T.ablation_rows(tmp_path, ["ours", "win-decay-0"])
    assert [r["arm"] for r in rows] == ["ours", "win-decay-0"]
    for r in rows:
        assert r["games"] == 6 and 0 <= r["share"] <= 1 and r["low"] <= r["share"] <= r["high"]
        assert r["the document's share"] in ("above it", "below it", "cannot tell apart")
    assert rows[0]["towards the document"] == "-"
    assert rows[1]["towards the document"] in ("yes", "no: away from it", "cannot tell")
    # the arm's games are those of table 4.5's first cell with alpha-beta's win decay 0
    recs = T.read_records(tmp_path / "win-decay-0" / "4.5.jsonl")
    cfg = T.config(T.TABLES["4.5"], variant={"win_decay": 0.0})
    for key, rec in recs.items():
        assert T.play_one(cfg, *key)["actions"] == rec["actions"]
    other = T.read_records(tmp_path / "win-decay-0" / "4.6.jsonl")
    points = sum(1 - r["white"] for r in recs.values()) + sum(r["white"] for r in other.values())
    assert T.by_count(tmp_path, "win-decay-0") == {"mcts8": (points, 6)}
    assert (points, 6) == (rows[1]["points"], rows[1]["games"])
    with pytest.raises(ValueError, match="unknown arm"):
        T.run_ablation(tmp_path, ["nope"])
    assert "| ours |" in T.ablation_markdown(rows)
