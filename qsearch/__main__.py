"""Command line: ``python -m qsearch solve|play|bench|tournament|games|league``.

    python -m qsearch solve connect4 4453        exact score, and of every column
    python -m qsearch solve "nim(heaps=(1,3,5))" exact value of any game without chance
    python -m qsearch play connect4 --depth 8    text board, you against the engine
    python -m qsearch play openspiel:tic_tac_toe any game: qsearch's or OpenSpiel's
    python -m qsearch bench                      speed tables (compiled vs Python, solver)
    python -m qsearch bench --game nim           one game's search speed
    python -m qsearch tournament 4.3 --workers 2 document 002's tournament tables
    python -m qsearch league connect4 DIR --out OUT  a class league of agent files
    python -m qsearch play mygame --game-module my_game.py   a class's own game

GAME is one of qsearch's names (python -m qsearch games lists them; underscores and hyphens
are the same: quarto-own, quarto_own), any OpenSpiel game string
(``breakthrough(rows=5,columns=5)``, ``openspiel:tic_tac_toe``), or a name a module given
with ``--game-module MODULE`` (a module name or a path to a ``.py`` file) registers with
:func:`qsearch.games.register` when it is imported.
"""
from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path

from qsearch.cli_language import engine_word, formatted
from qsearch.i18n import _, number

GAMES = ("connect4", "tictactoe")        # the games with their own solve and play paths


def _load(game: str, position: str):
    from qsearch.games import Connect4, TicTacToe

    if game == "connect4":
        return Connect4.from_moves(position)
    return TicTacToe.from_actions([TicTacToe().string_to_action(ch) for ch in position])


def describe_score(score: int, stones: int) -> str:
    """Words for a score in the published convention (in the language in use)."""
    if score == 0:
        return _("draw with perfect play")
    last = 44 - 2 * abs(score)   # stones on the board when the game is won at the latest
    return (_("the side to move wins (the winning stone is at most stone {last}; {stones} on "
              "the board now)") if score > 0 else
            _("the side to move loses (the winning stone is at most stone {last}; {stones} on "
              "the board now)")).format(last=last, stones=stones)


def _nodes_in(nodes: int, seconds: float) -> str:
    """``1,234 nodes in 5.6 ms``."""
    return _("{nodes} nodes in {ms} ms").format(nodes=number(nodes),
                                                 ms=number(seconds * 1e3, 1, grouped=False))


def cmd_solve(args) -> int:
    if args.game == "quarto_own":
        from qsearch.proofs.quarto_own.cli import cli_solve

        return cli_solve(args)
    proof_options = args.check is not None or args.start is not None or args.seed is not None
    if args.game == "quarto" and (proof_options or not args.position.strip()
                                  and not args.max_nodes_given):
        # standard Quarto's proof; with --max-nodes or moves, the budgeted solve of any game
        # below
        from qsearch.proofs.quarto_standard.cli import cli_solve

        return cli_solve(args)
    if proof_options:
        raise ValueError(_("--check, --start and --seed are for the Quarto proofs (solve "
                           "quarto, solve quarto-own), not for {game}").format(game=args.game))
    if args.game not in GAMES:
        return _solve_any(args)
    state = _load(args.game, args.position)
    print(state)
    if state.is_terminal():
        print(_("the game is over: {returns}").format(returns=state.returns()))
        return 0
    if args.game == "tictactoe":
        from qsearch.search import alphabeta

        res = alphabeta(state)
        print(_("value {value} for the side to move; best action {action}; {nodes} nodes")
              .format(value=format(res.value + 0.0, "+.0f"),
                      action=state.action_to_string(res.action), nodes=number(res.nodes)))
        return 0
    from qsearch.search.connect4_solver import Solver

    solver = Solver()
    res = _with_progress(solver, lambda: solver.solve(state), _("solving"))
    print(_("score {score}: {words}").format(score=f"{res.score:+d}",
                                             words=describe_score(res.score, state.num_moves())))
    print(_nodes_in(res.nodes, res.elapsed))
    if args.analyze:
        scores = _score_columns(solver, state)
        print(_("columns: {scores}").format(scores="  ".join(
            f"{c + 1}:{'--' if s is None else f'{s:+d}'}" for c, s in enumerate(scores))))
    return 0


def _start(game: str, moves: list[str]):
    """The state of ``game`` (a name for qsearch.games.load) after ``moves`` (their names)."""
    from qsearch.arena.terminal import parse_move
    from qsearch.games import load

    state = load(game)
    for k, text in enumerate(_move_words(state, moves), 1):
        if state.is_terminal():
            raise ValueError(_("move {k} ({text}): the game is already over").format(
                k=k, text=repr(text)))
        try:
            state.apply_action(parse_move(state, text))
        except ValueError as err:
            raise ValueError(_("move {k}: {error}").format(k=k, error=err)) from None
    return state


def _move_words(state, moves: list[str]) -> list[str]:
    """The moves as typed: one per argument, or several in one argument split at spaces."""
    from qsearch.arena.terminal import move_names

    if len(moves) == 1 and moves[0].strip() not in move_names(state):
        return moves[0].split()
    return [m for m in moves if m.strip()]


def _solve_any(args) -> int:
    """``solve GAME [moves]`` for a game other than connect4/tictactoe/quarto-own."""
    from qsearch.arena.exact import NotSolved, refuse_chance, solve_exactly, value_for
    from qsearch.games import protocol as P

    state = _start(args.game, args.moves)
    if not state.is_terminal():
        refuse_chance(state)
    print(state)
    if state.is_terminal():
        print(_("the game is over: {returns}").format(returns=list(state.returns())))
        return 0
    budget = args.max_nodes
    print(_("solving by full-depth alpha-beta (at most {budget} nodes) ...").format(
        budget=number(budget)), file=sys.stderr, flush=True)
    try:
        exact = solve_exactly(state, budget, what=_("solving"))
    except NotSolved as err:
        print(str(err))
        return 1
    print(_("value {value}: {verdict}; best move {move}").format(
        value=formatted(exact.value), verdict=exact.verdict(),
        move=P.action_to_string(state, exact.action)))
    print(_("{nodes_in_time} ({engine} engine)").format(
        nodes_in_time=_nodes_in(exact.nodes, exact.elapsed), engine=engine_word(exact.engine)))
    if not args.analyze:
        return 0
    budget -= exact.nodes
    scores = []
    for action in state.legal_actions():
        try:
            value, nodes = value_for(P.child(state, action), exact.player, max(budget, 1),
                                     what=_("scoring {move}").format(
                                         move=P.action_to_string(state, action)))
        except NotSolved:
            print(_("moves: not all scored within {budget} nodes").format(
                budget=number(args.max_nodes)))
            return 0
        budget -= nodes
        scores.append(f"{P.action_to_string(state, action)} {formatted(value)}")
    print(_("moves (value for player {player}): {scores}").format(
        player=exact.player, scores=", ".join(scores)))
    return 0


PROGRESS_FIRST = 1.0        # seconds before the first progress line while the solver runs


def _score_columns(solver, state, stream=None) -> list:
    """``solver.analyze(state)`` one column at a time, each search reporting which column it
    scores, k of the columns searched and its time (one search can take minutes: ``1``).

    The same rules and scores as ``analyze``: None for a full column, ``(43 - n) // 2`` for a
    column that wins at once (``n`` the stones before it), 0 for the stone that fills the board,
    else minus the solved score of the position it leads to (with the same table)."""
    stream = sys.stderr if stream is None else stream
    legal = set(state.legal_actions())
    scores: list = [None] * 7
    searched = []
    for col in range(7):
        if col not in legal:
            continue
        child = state.child(col)
        if child.is_terminal():
            won = max(child.returns()) > 0
            scores[col] = (43 - state.num_moves()) // 2 if won else 0
        else:
            searched.append((col, child))
    start = time.monotonic()
    for k, (col, child) in enumerate(searched, 1):
        # a search from the opponent's side: its bounds would read upside down
        scores[col] = -_with_progress(
            solver, lambda child=child: solver.solve(child),
            _("scoring column {column} ({k} of {n})").format(column=col + 1, k=k,
                                                              n=len(searched)),
            stream=stream, bounds=False).score
    elapsed = time.monotonic() - start
    if elapsed >= PROGRESS_FIRST:
        print("  " + _("{n} columns scored in {seconds} s").format(
            n=len(searched), seconds=number(elapsed, 1, grouped=False)), file=stream, flush=True)
    return scores


def _with_progress(solver, work, what: str, stream=None, bounds: bool = True):
    """Run ``work()`` (a solver call: it releases the GIL) in a thread and report on
    ``stream`` (stderr) how long it has run, the nodes searched and (``bounds``) the score's
    bounds for the side to move:
    after 1 s, then 2, 4, 8... s (a terminal gets one line rewritten every second)."""
    stream = sys.stderr if stream is None else stream
    box: dict = {}

    def run():
        try:
            box["result"] = work()
        except BaseException as err:          # re-raised in the main thread
            box["error"] = err

    thread = threading.Thread(target=run, daemon=True)
    start = time.monotonic()
    thread.start()
    tty = getattr(stream, "isatty", lambda: False)()
    shown, next_report = False, PROGRESS_FIRST
    while thread.is_alive():
        thread.join(0.1)
        elapsed = time.monotonic() - start
        if thread.is_alive() and elapsed >= next_report:
            nodes, lo, hi = solver.progress
            line = "  " + _("{what}: {seconds} s, {nodes} nodes").format(
                what=what, seconds=number(elapsed, 0, grouped=False), nodes=number(nodes))
            if bounds:
                line += _(", score in [{low}, {high}]").format(low=f"{lo:+d}", high=f"{hi:+d}")
            print(("\r" + line) if tty else line, end="" if tty else "\n", file=stream,
                  flush=True)
            shown = True
            next_report = elapsed + 1 if tty else 2 * next_report
    if shown:
        done = "  " + _("{what}: done in {seconds} s").format(
            what=what, seconds=number(time.monotonic() - start, 1, grouped=False))
        print(("\r" + done + " " * 30) if tty else done, file=stream, flush=True)
    if "error" in box:
        raise box["error"]
    return box["result"]


def cmd_play(args) -> int:
    """``play GAME``: you against an engine in the terminal, on any game (one loop,
    :func:`qsearch.arena.terminal.play_in_terminal`; ``--time`` bounds every engine move)."""
    from qsearch.arena.players import engine_player
    from qsearch.arena.terminal import play_in_terminal

    state = _start(args.game, [])
    options: dict = {}
    if args.game == "connect4" and args.algorithm in (None, "alphabeta", "pvs", "minimax",
                                                      "negamax"):
        from qsearch.heuristics.connect4 import evaluation_table

        # a win outranks every table value (the default win value) and a quicker one more
        options = {"evaluate": evaluation_table, "win_decay": 1.0}
        if args.algorithm in (None, "alphabeta", "pvs"):
            options["order"] = [3, 2, 4, 1, 5, 0, 6]
    engine = engine_player(state, args.algorithm, depth=args.depth, iterations=args.iterations,
                           time_limit=args.time, **options)
    human = 0 if args.first == "human" else 1
    print(_("Moves: by name (listed before each of yours) or action number; u = undo, "
            "q = quit. Engine: {engine}.").format(engine=engine.name))
    try:
        return play_in_terminal(state, engine, human, seed=args.seed)
    except KeyboardInterrupt:                  # Ctrl-C: leave quietly, like q
        print("\n" + _("stopped."))
        return 130


def cmd_bench(args) -> int:
    """``bench``: the speed tables, each printed as it finishes (:mod:`qsearch.bench._cli`)."""
    from qsearch.bench._cli import run_bench

    return run_bench(args)


def cmd_games(args) -> int:
    """List the game names ``play``, ``solve`` and ``bench --game`` take."""
    from qsearch.core.game_entries import ENTRIES
    from qsearch.games.registry import names

    print(_("qsearch's games: {names}").format(names=", ".join(e.name for e in ENTRIES)))
    own = [n for n in names() if n not in {e.name for e in ENTRIES}]
    if own:
        print(_("registered games: {names}").format(names=", ".join(own)))
    try:
        import pyspiel
    except ImportError:
        print(_("OpenSpiel's games: not installed (pip install open-spiel)"))
        return 0
    print(_("OpenSpiel's games: {names}").format(
        names=", ".join(sorted(pyspiel.registered_names()))))
    return 0


def cmd_tournament(args) -> int:
    """Play document 002's tournament tables (see :mod:`qsearch.arena.tournament`)."""
    import pathlib

    from qsearch.arena import tournament as T

    out = str(_tournament_dir(args.out))
    tables = ",".join(args.tables) if args.tables else "all"
    T.resolve_tables(tables)            # unknown names: an error before anything runs
    if args.workers is not None and args.scheduler is not None:
        raise ValueError(_("pass --workers or --scheduler, not both"))
    if args.workers is not None and args.workers < 1:
        raise ValueError(_("--workers must be >= 1, not {n}").format(n=args.workers))
    if args.limit is not None and args.limit < 0:
        raise ValueError(_("--limit must be >= 0, not {n}").format(n=args.limit))
    if (args.replay is not None or args.tables_only) and not _has_records(out):
        print(_("error: no tournament records in {out}: play some first (python -m qsearch "
                "tournament 4.3 --out {out})").format(out=out), file=sys.stderr)
        return 2
    if args.replay is not None:
        try:
            checked = T.check(out, tables, args.replay)
        except AssertionError as err:
            print(_("error: a recorded game differs on replay: {error}").format(error=err),
                  file=sys.stderr)
            return 1
        for tid, n in checked.items():
            print(_("table {table}: {n} recorded games re-played, identical").format(
                table=tid, n=n), file=sys.stderr)
        return 0
    if args.calibrate:
        timed = sorted(pathlib.Path(out).glob("*t.jsonl"))
        if timed:
            raise ValueError(_("{out} already holds time-matched records ({file}, ...) played "
                               "with its calibration.json: recalibrating would orphan them; "
                               "use another --out or move them away").format(
                                   out=out, file=timed[0].name))
        cal = T.calibrate(f"{out}/calibration.json" if _mkdir(out) else None)
        print(json.dumps(cal["iterations"], indent=1))
    elif not args.tables_only:
        _reuse_committed_calibration(out)
    executor, closer = None, None
    if args.scheduler is not None:
        from qsearch.arena.cluster import dask_executor

        executor, closer = dask_executor(args.scheduler, args.timeout)
    elif args.workers is not None and args.workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(args.workers)
        executor, closer = pool, pool.shutdown
    start = time.perf_counter()
    try:
        if not args.tables_only:
            report = T.run(tables, out, executor=executor, progress=not args.no_progress,
                           limit=args.limit)
            for tid, n in report.played.items():
                rate = n / report.wall[tid] if report.wall[tid] > 0 and n else 0.0
                print(_("table {table}: {n} games played ({skipped} already recorded), "
                        "{seconds} s, {rate} games/s").format(
                            table=tid, n=n, skipped=report.skipped[tid],
                            seconds=number(report.wall[tid], 1, grouped=False),
                            rate=number(rate, 1, grouped=False)), file=sys.stderr)
            if not sum(report.played.values()) and sum(report.skipped.values()):
                print(_nothing_to_play(out, args.out is None), file=sys.stderr)
    finally:
        if closer is not None:
            closer()
    print(_("wall time {seconds} s").format(
        seconds=number(time.perf_counter() - start, 1, grouped=False)), file=sys.stderr)
    T.write_tables(out)
    print(_("tables written to {out}/tables.md and {out}/tables.csv").format(out=out),
          file=sys.stderr)
    return 0


COMMITTED_RUN = Path(__file__).resolve().parents[1] / "benchmarks" / "tournaments"


def _nothing_to_play(out, default: bool) -> str:
    """Why a tournament played 0 games: every game is already in ``out``'s records."""
    where = (_("{out}, the committed run (the folder used without --out)")
             if default and Path(out) == COMMITTED_RUN else
             _("{out} (the folder used without --out)") if default else "{out}")
    return (_("0 games played: every game of these tables is already recorded in {where}; "
              "--out DIR plays them afresh into DIR") if default else
            _("0 games played: every game of these tables is already recorded in {where}; "
              "another --out DIR plays them afresh into DIR")).format(
                  where=where.format(out=out))


def _tournament_dir(out) -> Path:
    """``--out``, else the committed run in a source checkout, else ./tournament."""
    if out is not None:
        return Path(out)
    return COMMITTED_RUN if COMMITTED_RUN.is_dir() else Path("tournament")


def _has_records(out) -> bool:
    return any(Path(out).glob("*.jsonl"))


def _reuse_committed_calibration(out) -> None:
    """A new folder plays its time-matched tables with the committed run's iteration counts
    (measured here, see benchmarks/tournaments/run.log) unless --calibrate measures anew."""
    mine, committed = Path(out) / "calibration.json", COMMITTED_RUN / "calibration.json"
    if not mine.exists() and committed.exists() and mine.resolve() != committed.resolve():
        _mkdir(out)
        mine.write_text(committed.read_text())
        print(_("using the committed calibration ({file}); --calibrate measures your own")
              .format(file=committed), file=sys.stderr)


def _mkdir(path) -> bool:
    import pathlib
    pathlib.Path(path).mkdir(parents=True, exist_ok=True)
    return True


def _add_game_module(parser) -> None:
    parser.add_argument("--game-module", default=None, metavar="MODULE",
                        help=_("a module name or a path to a .py file to import first: its "
                               "qsearch.games.register(...) calls make its games known by "
                               "name"))


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser, its help in the language in use (argparse's own words too
    when built inside :func:`qsearch.cli_language.argparse_language`, as :func:`main` does)."""
    # the console script is `qsearch`; `python -m qsearch` runs this module as __main__
    script = Path(sys.argv[0]).name in ("qsearch", "qsearch.exe")
    prog = "qsearch" if script else "python -m qsearch"
    p = argparse.ArgumentParser(prog=prog, description=_(__doc__.split("\n")[0]))
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help=_("exact value of a position"))
    s.add_argument("game", help=_("connect4, tictactoe, quarto-own, or any game without "
                                  "chance: a qsearch name (nim, quarto, ...) or an OpenSpiel "
                                  "string"))
    s.add_argument("moves", nargs="*", default=[],
                   help=_("connect4: 1-based column digits (4453); tictactoe: cells 0-8 "
                          "(408); quarto-own: placements '(1,1) 1357; (2,3) 2468' (empty: the "
                          "proof; quarto without moves: standard Quarto's proof); other "
                          "games: move names (0:1 2:3 for nim)"))
    s.add_argument("--no-analyze", dest="analyze", action="store_false",
                   help=_("skip the score of every column (every move): on an early "
                          "Connect-4 position it takes minutes (reported column by column on "
                          "stderr)"))
    s.add_argument("--max-nodes", type=int, default=None,
                   help=_("other games (and quarto without moves: a budgeted solve instead "
                          "of the proof): the node budget (default 10,000,000)"))
    from qsearch.proofs.quarto_own.cli import add_cli_options

    add_cli_options(s)
    _add_game_module(s)
    s.set_defaults(func=cmd_solve)
    pl = sub.add_parser("play", help=_("play against the engine in the terminal"))
    pl.add_argument("game", help=_("connect4, tictactoe, any qsearch name (python -m qsearch "
                                   "games) or OpenSpiel string"))
    pl.add_argument("--depth", type=int, default=8)
    pl.add_argument("--algorithm", choices=("alphabeta", "pvs", "minimax", "negamax",
                                            "expectiminimax", "mcts"), default=None,
                    help=_("default: alphabeta, or mcts for a game with chance nodes"))
    pl.add_argument("--iterations", type=int, default=1000, help=_("MCTS's iterations"))
    pl.add_argument("--time", type=float, default=10.0,
                    help=_("seconds a move at most: alpha-beta deepens 1, 2, ... --depth "
                           "within it; the other searches stop at it (default %(default)s)"))
    pl.add_argument("--seed", type=int, default=0, help=_("seeds the dice and MCTS"))
    pl.add_argument("--first", choices=("human", "engine"), default="human")
    _add_game_module(pl)
    pl.set_defaults(func=cmd_play)
    b = sub.add_parser("bench", help=_("speed tables"))
    b.add_argument("--quick", action="store_true",
                   help=_("fewer positions (about two minutes)"))
    b.add_argument("--no-solve", action="store_true", help=_("skip the solver table"))
    b.add_argument("--only", help=_("comma-separated table names (an unknown name lists "
                                    "them); 'empty-board' (minutes) runs only when named"))
    b.add_argument("--solve-limit", type=int, default=None,
                   help=_("positions of Test_L2_R2 and Test_L1_R2 (default 100)"))
    b.add_argument("--output", help=_("also write the tables to this markdown file, each as "
                                      "it finishes"))
    b.add_argument("--repeats", type=int, default=None,
                   help=_("N of every best-of-N (default: each table's own, which it "
                          "states: mostly 3, 1 with --quick; 1 for the long runs (the solver "
                          "tables, the empty board, OpenSpiel's and ParCheckers' full "
                          "searches), of which --quick's shorter OpenSpiel and ParCheckers "
                          "runs take 3)"))
    b.add_argument("--hard-limit", type=int, default=None,
                   help=_("positions of Test_L1_R3 (default 10; seconds to minutes each)"))
    b.add_argument("--data", metavar="DIR",
                   help=_("folder of the published Connect-4 sets (default: the package's "
                          "copies, 300-line copies of two sets)"))
    b.add_argument("--pons", metavar="PATH",
                   help=_("Pascal Pons' c4solver binary: adds side-by-side solver tables"))
    b.add_argument("--pons-reset", metavar="PATH",
                   help=_("a c4solver driver that resets its table per position and prints "
                          "'moves score nodes microseconds' (per-position timing and node "
                          "counts)"))
    from qsearch.core.game_entries import ENTRIES

    b.add_argument("--game", default=None,
                   help=_("time searches on this game instead: qsearch's {names}, or any "
                          "name play takes; qsearch's own tables do not take it").format(
                              names=", ".join(e.name for e in ENTRIES)))
    _add_game_module(b)
    b.set_defaults(func=cmd_bench)
    g = sub.add_parser("games", help=_("the game names play, solve and bench --game take"))
    _add_game_module(g)
    g.set_defaults(func=cmd_games)
    t = sub.add_parser("tournament", help=_("document 002's tournament tables (4.3-4.19)"))
    t.add_argument("tables", nargs="*", help=_("table ids (4.3, 4.4t, ...), 'doc', 'time' or "
                                               "'all' (default)"))
    t.add_argument("--out", default=None,
                   help=_("folder of the records (<id>.jsonl) and tables (default: the "
                          "committed run, benchmarks/tournaments, in a source checkout; else "
                          "./tournament)"))
    t.add_argument("--workers", type=int, default=None, help=_("a local process pool of N"))
    t.add_argument("--scheduler", default=None,
                   help=_("a Dask scheduler's address (tcp://host:8786): play on that "
                          "cluster"))
    t.add_argument("--timeout", default="10s", help=_("how long to wait for the scheduler"))
    t.add_argument("--calibrate", action="store_true",
                   help=_("measure our seconds per move first (time tables, time-matched "
                          "MCTS)"))
    t.add_argument("--limit", type=int, default=None,
                   help=_("at most N missing games per table (a trial run)"))
    t.add_argument("--replay", type=int, metavar="K", default=None,
                   help=_("re-play K recorded games per table (seeded choice) and check them "
                          "move for move, instead of playing"))
    t.add_argument("--tables-only", action="store_true",
                   help=_("only rewrite tables.md/tables.csv from the records"))
    t.add_argument("--no-progress", action="store_true", help=_("no progress bar"))
    t.set_defaults(func=cmd_tournament)
    from qsearch.league.cli import add_cli as add_league_cli

    add_league_cli(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input, 130 after Ctrl-C)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    from qsearch.cli_language import argparse_language

    with argparse_language():            # argparse's own words in the language in use
        args = build_parser().parse_args(argv)
    args.argv = argv
    if getattr(args, "depth", 0) is not None and getattr(args, "depth", 0) < 0:
        print(_("error: {message}").format(message=_("--depth must be >= 0")), file=sys.stderr)
        return 2
    if getattr(args, "iterations", 1) < 1:
        print(_("error: {message}").format(message=_("--iterations must be >= 1")),
              file=sys.stderr)
        return 2
    if not getattr(args, "time", 1.0) > 0:
        print(_("error: {message}").format(message=_("--time must be > 0")), file=sys.stderr)
        return 2
    if args.command == "solve":
        args.position = " ".join(args.moves)
        args.max_nodes_given = args.max_nodes is not None
        if args.max_nodes is None:
            from qsearch.arena.exact import MAX_NODES
            args.max_nodes = MAX_NODES
        elif args.max_nodes < 1:
            print(_("error: {message}").format(message=_("--max-nodes must be >= 1")),
                  file=sys.stderr)
            return 2
    try:
        if getattr(args, "game_module", None) and args.command != "league":
            from qsearch.games.registry import import_game_module

            # (the league imports its own by path, from a private copy: league/trust.py)
            args.game_module = import_game_module(args.game_module)
        for attribute in ("game",):
            if isinstance(getattr(args, attribute, None), str):
                from qsearch.games.registry import canonical_name

                setattr(args, attribute, canonical_name(getattr(args, attribute)))
        return args.func(args)
    except (ValueError, TypeError) as err:
        from qsearch.league.display import terminal

        print(_("error: {message}").format(message=terminal(str(err), newlines=True)),
              file=sys.stderr)                                          # file names
        return 2
    except KeyboardInterrupt:
        print("\n" + _("stopped."), file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
