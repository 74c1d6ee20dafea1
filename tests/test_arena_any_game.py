"""The arena, the tournaments' records and the command line on any game (issue 19, item 6).

The oracle for Nim is independent of every search: a brute force over heap tuples (checked
against the nim-sum rule: the player to move wins iff the xor of the heaps is non-zero),
and the same brute force for the extra-turn variant, whose turns do not alternate.
"""
import functools
import subprocess
import sys
from pathlib import Path

import pytest

from qsearch.__main__ import main
from qsearch.arena import MCTSPlayer, RandomPlayer, SearchPlayer, engine_player, match, play_game
from qsearch.arena.terminal import parse_move
from qsearch.games import load
from qsearch.games.nim import ExtraTurnNim, Nim

ROOT = Path(__file__).resolve().parent.parent
pyspiel = pytest.importorskip("pyspiel")


# ------------------------------------------------------------------ the independent oracle
@functools.cache
def mover_wins(heaps: tuple, extra_turn: bool = False) -> bool:
    """Whether the player to move wins Nim from ``heaps`` (taking the last stone wins); with
    ``extra_turn``, emptying a heap (without ending the game) gives another move."""
    for h, size in enumerate(heaps):
        for k in range(1, size + 1):
            after = heaps[:h] + (size - k,) + heaps[h + 1:]
            if not any(after):
                return True                         # took the last stone
            again = extra_turn and after[h] == 0
            if mover_wins(after, extra_turn) == again:
                return True
    return False


def sub_positions(heaps):
    if not heaps:
        yield ()
        return
    for rest in sub_positions(heaps[1:]):
        for n in range(heaps[0] + 1):
            yield (n,) + rest


def test_the_brute_force_agrees_with_the_nim_sum_rule():
    for heaps in sub_positions((3, 4, 5)):
        if any(heaps):
            assert mover_wins(heaps) == (heaps[0] ^ heaps[1] ^ heaps[2] != 0), heaps


def replay_checking_a(record, start, extra_turn: bool):
    """Replay a record: every time A moves from a won position, it moves to a won one (a
    lost one for the opponent); returns whether A ever held a won position."""
    heaps, player, held = list(start), 0, False
    for action in record.actions:
        h, k = divmod(action, 100)
        before = tuple(heaps)
        heaps[h] -= k
        if player == record.a_seat and mover_wins(before, extra_turn):
            held = True
            if any(heaps):
                again = extra_turn and heaps[h] == 0
                assert mover_wins(tuple(heaps), extra_turn) == again, (record.actions, action)
        if any(heaps) and not (extra_turn and heaps[h] == 0):
            player = 1 - player
    return held


# ------------------------------------------------------------------ matches on any game
@pytest.mark.parametrize("game,extra", [(Nim, False), (ExtraTurnNim, True)])
def test_alphabeta_never_lets_a_won_nim_go(game, extra):
    a = SearchPlayer("alphabeta", None)
    result = match(game, a, RandomPlayer(), 16, seed=7, progress=False)
    assert len(result.games) == 16
    assert mover_wins((1, 3, 5), extra)           # the first player wins (1, 3, 5)
    for record in result.games:
        held = replay_checking_a(record, (1, 3, 5), extra)
        if record.a_seat == 0:
            assert held
        if held:
            assert record.winner == record.a_seat
    assert a.last_result is None or a.last_result.engine == "python"
    again = match(game, a, RandomPlayer(), 16, seed=7, progress=False)
    assert [g.actions for g in again.games] == [g.actions for g in result.games]


def test_match_takes_a_factory_a_state_a_name_and_the_twin_by_name():
    players = (SearchPlayer("reference.alphabeta", None), RandomPlayer())
    by_class = match(Nim, *players, 6, seed=3, progress=False)
    by_state = match(Nim((1, 3, 5)), *players, 6, seed=3, progress=False)
    by_name = match("nim(heaps=(1,3,5))", *players, 6, seed=3, progress=False)
    assert [g.actions for g in by_class.games] == [g.actions for g in by_state.games] \
        == [g.actions for g in by_name.games]
    by_lambda = play_game(lambda: Nim((2, 2)), players[::-1], seed=1)
    assert by_lambda.winner == 1                    # (2, 2): the second player wins


def test_a_match_on_a_process_pool_plays_the_same_games_by_name():
    players = (SearchPlayer("alphabeta", 3), RandomPlayer())
    serial = match("nim", *players, 8, seed=11, progress=False)
    pooled = match("nim", *players, 8, seed=11, progress=False, workers=2)
    assert [g.actions for g in pooled.games] == [g.actions for g in serial.games]


def test_a_match_on_openspiel_tic_tac_toe():
    a = SearchPlayer("alphabeta", None)
    result = match("openspiel:tic_tac_toe", a, RandomPlayer(), 6, seed=2, progress=False)
    assert a.last_result.engine == "python"
    c = result.counts()
    assert c["b"] == 0 and c["a"] >= 1              # a perfect player never loses
    for record in result.games:                     # every record replays in OpenSpiel
        state = pyspiel.load_game("tic_tac_toe").new_initial_state()
        for action in record.actions:
            state.apply_action(action)
        assert state.is_terminal() and list(state.returns()) == record.returns


def test_a_match_with_chance_nodes_on_openspiel_pig():
    game = "openspiel:pig(winscore=10)"
    player = engine_player(load(game), iterations=50)
    assert isinstance(player, MCTSPlayer)           # chance nodes: MCTS, not alpha-beta
    result = match(game, player, RandomPlayer(), 4, seed=5, progress=False)
    rolls = 0
    for record in result.games:
        state = load(game)
        for action in record.actions:
            rolls += state.is_chance_node()
            state.apply_action(action)
        assert state.is_terminal() and list(state.returns()) == record.returns
    assert rolls > 0
    assert [g.actions for g in match(game, player, RandomPlayer(), 4, seed=5,
                                     progress=False).games] == \
        [g.actions for g in result.games]


def test_engine_player_picks_a_search_and_refuses_what_none_can_play():
    assert engine_player(Nim()).algorithm == "alphabeta"
    timed = engine_player(Nim(), depth=9, time_limit=30.0)
    assert timed.algorithm == "iterative_deepening" and timed.options == {"time_limit": 30.0}
    assert timed(Nim(), None) == 203                # the only nim-sum move of (1, 3, 5)
    assert isinstance(engine_player(load("pig")), MCTSPlayer)
    assert engine_player(load("pig"), "expectiminimax", depth=2).algorithm == "expectiminimax"
    with pytest.raises(ValueError, match="expectiminimax or mcts"):
        engine_player(load("pig"), "alphabeta")
    with pytest.raises(ValueError, match="perfect information"):
        engine_player(load("kuhn_poker"))
    with pytest.raises(ValueError, match="unknown engine"):
        engine_player(Nim(), "quantum")


class NoReturns:
    def current_player(self):
        return 0

    def legal_actions(self):
        return [0]

    def apply_action(self, a):
        pass

    def clone(self):
        return self

    def is_terminal(self):
        return False


def test_bad_games_are_refused_with_a_clear_error():
    with pytest.raises(TypeError, match=r"lacks returns\(\)"):
        play_game(NoReturns(), [RandomPlayer(), RandomPlayer()])
    with pytest.raises(TypeError, match=r"lacks returns\(\)"):
        match(NoReturns, RandomPlayer(), RandomPlayer(), 2, progress=False)
    with pytest.raises(ValueError, match="unknown game"):
        match("no_such_game", RandomPlayer(), RandomPlayer(), 2, progress=False)
    with pytest.raises(ValueError, match="two-player"):
        play_game("openspiel:pig(players=3)", [RandomPlayer(), RandomPlayer()])


def test_mcts_player_plays_a_class_own_game():
    record = play_game(ExtraTurnNim, [MCTSPlayer(200), RandomPlayer()], seed=4)
    assert record.winner in (0, 1) and sum(a % 100 for a in record.actions) == 9


def test_tournament_records_start_from_load():
    from qsearch.arena.tournament_games import TOURNAMENT_GAMES
    from qsearch.games import Connect4, Reversi

    assert TOURNAMENT_GAMES["connect4"].start == "connect4"
    assert type(TOURNAMENT_GAMES["connect4"].initial()) is Connect4
    assert type(TOURNAMENT_GAMES["reversi"].initial()) is Reversi


# ------------------------------------------------------------------ the terminal's moves
def test_moves_are_read_by_name_by_the_game_parser_or_by_number():
    state = Nim()
    assert parse_move(state, "2:3") == 203
    assert parse_move(state, " 1:2 ") == 102
    tic = load("openspiel:tic_tac_toe")
    assert parse_move(tic, "x(1,1)") == 4 and parse_move(tic, "4") == 4
    with pytest.raises(ValueError, match="legal: 0:1, 1:1"):
        parse_move(state, "0:2")


# ------------------------------------------------------------------ the command line
def cli(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "qsearch", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def scripted_game(start, human_move, depth):
    """The stdin of a whole game: the human's moves, the engine's replies predicted with the
    same player the CLI makes (iterative alpha-beta to ``depth`` within --time 60: it ends
    long before, so its moves do not depend on the clock)."""
    from qsearch.games import protocol as P

    state, engine, lines = start, engine_player(start, depth=depth, time_limit=60.0), []
    while not state.is_terminal():
        if state.current_player() == 0:
            action = human_move(state)
            lines.append(P.action_to_string(state, action))
        else:
            action = engine(state, None)
        state.apply_action(action)
    return lines


def nim_sum_move(state):
    heaps = state.heaps
    total = functools.reduce(lambda x, y: x ^ y, heaps)
    for h, size in enumerate(heaps):
        if size ^ total < size:
            return h * 100 + size - (size ^ total)
    return state.legal_actions()[0]


def test_cli_play_nim_the_human_wins_with_the_nim_sum():
    moves = scripted_game(Nim(), nim_sum_move, 8)
    out = cli("play", "nim", "--time", "60", stdin="\n".join(["9:9", "u"] + moves) + "\n")
    assert out.returncode == 0, out.stderr
    assert "not a legal move: '9:9'" in out.stdout
    assert "nothing to undo" in out.stdout
    assert out.stdout.count("engine plays") == len(moves) - 1
    assert "heap 0: |" in out.stdout                 # the board is str(state)
    assert out.stdout.rstrip().endswith("You win!")


def test_cli_play_openspiel_tic_tac_toe_never_lets_the_human_win():
    start = load("openspiel:tic_tac_toe")
    moves = scripted_game(start, lambda s: s.legal_actions()[-1], 9)
    moves[0] = str(pyspiel.load_game("tic_tac_toe").new_initial_state().legal_actions()[-1])
    out = cli("play", "openspiel:tic_tac_toe", "--depth", "9", "--time", "60",
              stdin="\n".join(moves) + "\n")
    assert out.returncode == 0, out.stderr
    assert "engine plays o(" in out.stdout and "x(2,2)" in out.stdout
    assert out.stdout.rstrip().splitlines()[-1] in ("Draw.", "You lose.")


def test_cli_play_rolls_dice_with_a_seed():
    out = cli("play", "pig(win_score=10)", "--iterations", "50", "--first", "engine",
              stdin="q\n")
    again = cli("play", "pig(win_score=10)", "--iterations", "50", "--first", "engine",
                stdin="q\n")
    assert out.returncode == 0, out.stderr
    assert "chance: Roll" in out.stdout and "Engine: MCTS 50" in out.stdout

    def moves(text):        # what happened, without the timings
        return [line.split(" (")[0] for line in text.splitlines()
                if line.startswith(("chance:", "engine plays"))]

    assert moves(out.stdout) == moves(again.stdout) and moves(out.stdout)


@pytest.mark.parametrize("heaps", [(1, 3, 5), (1, 2, 3), (2, 5), (4, 4), (7,), (1, 1, 1),
                                   (2, 3, 4)])
def test_cli_solve_nim_gives_the_nim_sum_verdict(heaps, capsys):
    game = f"nim(heaps=({','.join(map(str, heaps))},))"
    assert main(["solve", game]) == 0
    out = capsys.readouterr().out
    wins = mover_wins(heaps)
    assert wins == (functools.reduce(lambda x, y: x ^ y, heaps) != 0)
    assert ("player 0 (to move) wins" if wins else "player 0 (to move) loses") in out
    scores = out.split("moves (value for player 0): ")[1].strip().split(", ")
    state = Nim(heaps)
    assert len(scores) == len(state.legal_actions())
    for text, action in zip(scores, state.legal_actions(), strict=True):
        name, value = text.split()
        h, k = divmod(action, 100)
        after = heaps[:h] + (heaps[h] - k,) + heaps[h + 1:]
        assert name == state.action_to_string(action)
        assert value == ("+1" if not any(after) or not mover_wins(after) else "-1")


def test_cli_solve_after_moves_and_reports_progress(monkeypatch, capsys):
    import qsearch.arena.exact as exact

    monkeypatch.setattr(exact, "PROGRESS_FIRST", 0.0)
    assert main(["solve", "nim", "--no-analyze"]) == 0
    out, err = capsys.readouterr()
    assert "wins with perfect play" in out and "moves (" not in out
    assert "solving: 0 s," in err and "positions" in err and "done in" in err
    assert main(["solve", "nim", "0:1", "2:2", "--no-analyze"]) == 0
    assert "player 0 (to move) loses" in capsys.readouterr().out     # (0, 3, 3): nim-sum 0
    assert main(["solve", "nim", "0:1 2:2 1:1", "--no-analyze"]) == 0
    assert "player 1 (to move) wins" in capsys.readouterr().out      # (0, 2, 3)


def test_cli_solve_a_finished_game_and_an_openspiel_one(capsys):
    assert main(["solve", "nim(heaps=(1,))", "0:1"]) == 0
    assert "the game is over: [1.0, -1.0]" in capsys.readouterr().out
    assert main(["solve", "openspiel:tic_tac_toe", "--no-analyze"]) == 0
    assert "value +0: draw with perfect play" in capsys.readouterr().out


def test_cli_solve_stops_at_its_node_budget(capsys):
    assert main(["solve", "quarto", "--max-nodes", "1000"]) == 1        # compiled
    assert "not solved within 1,000 nodes" in capsys.readouterr().out
    assert main(["solve", "nim(heaps=(4,5,6))", "--max-nodes", "300"]) == 1    # the twin
    assert "not solved within 300 nodes" in capsys.readouterr().out
    assert main(["solve", "nim", "--max-nodes", "0"]) == 2


@pytest.mark.parametrize("args,message", [
    (["solve", "pig"], "pig has chance nodes: solve finds exact values by alpha-beta"),
    (["solve", "openspiel:backgammon"], "has chance nodes"),
    (["solve", "no_such_game"], "error: unknown game 'no_such_game'"),
    (["play", "no_such_game"], "error: unknown game 'no_such_game'"),
    (["bench", "--game", "no_such_game"], "error: unknown game 'no_such_game'"),
    (["solve", "nim(heaps=(1,x))"], "error: heaps must be whole numbers"),
    (["play", "nim(heaps"], "error: malformed game string"),
    (["solve", "nim", "5:5"], "error: move 1: '5:5' is not a legal move here"),
    (["play", "kuhn_poker"], "perfect information"),
    (["play", "nim", "--time", "0"], "error: --time must be > 0"),
    (["play", "pig", "--algorithm", "alphabeta"], "use expectiminimax or mcts"),
    (["bench", "--game", "nim", "--only", "solve"], "--only: qsearch's own tables"),
])
def test_cli_bad_input_is_one_line_and_exit_code_2(args, message, capsys):
    assert main(args) == 2
    captured = capsys.readouterr()
    err = captured.err.strip()
    assert message in err and len(err.splitlines()) == 1, err
    assert "Traceback" not in captured.out


@pytest.mark.compiled
def test_bench_game_times_both_engines_of_a_qsearch_game_and_the_twin_elsewhere(capsys):
    from qsearch.bench.game import game_speed_rows

    rows = game_speed_rows("tictactoe", quick=True)
    assert [r["engine"] for r in rows] == ["compiled", "python (twin)"] * 2
    assert rows[0]["nodes"] == rows[1]["nodes"] and rows[2]["nodes"] == rows[3]["nodes"]
    assert main(["bench", "--game", "nim", "--quick"]) == 0
    out = capsys.readouterr().out
    assert "### Search speed on nim" in out and "| python |" in out and "compiled" not in out


def test_cli_games_lists_qsearch_and_openspiel_names(capsys):
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "nim" in out.splitlines()[0] and "breakthrough" in out


def test_the_old_paths_are_kept_and_mcts_plays_tictactoe(capsys):
    assert main(["solve", "tictactoe", "408"]) == 0
    assert "value" in capsys.readouterr().out
    out = cli("play", "tictactoe", "--algorithm", "mcts", "--iterations", "300",
              "--first", "engine", stdin="q\n")
    assert out.returncode == 0, out.stderr
    assert "Engine: MCTS 300" in out.stdout and out.stdout.count("engine plays") == 1
