"""Command line: ``python -m qsearch solve|play|bench``.

    python -m qsearch solve connect4 4453        exact score, and of every column
    python -m qsearch play connect4 --depth 8    text board, you against the engine
    python -m qsearch bench                      speed tables (compiled vs Python, solver)
"""
from __future__ import annotations

import argparse
import sys

from qsearch.errors import IllegalMoveError

GAMES = ("connect4", "tictactoe")


def _load(game: str, position: str):
    from qsearch.games import Connect4, TicTacToe

    if game == "connect4":
        return Connect4.from_moves(position)
    return TicTacToe.from_actions([TicTacToe().string_to_action(ch) for ch in position])


def describe_score(score: int, stones: int) -> str:
    """Words for a score in the published convention."""
    if score == 0:
        return "draw with perfect play"
    who = "the side to move wins" if score > 0 else "the side to move loses"
    last = 44 - 2 * abs(score)   # stones on the board when the game is won at the latest
    return f"{who} (the winning stone is at most stone {last}; {stones} on the board now)"


def cmd_solve(args) -> int:
    if args.game == "quarto-own":
        from qsearch.quarto_proof import cli_solve

        return cli_solve(args)
    state = _load(args.game, args.position)
    print(state)
    if state.is_terminal():
        print("the game is over:", state.returns())
        return 0
    if args.game == "tictactoe":
        from qsearch.search import alphabeta

        res = alphabeta(state)
        print(f"value {res.value:+.0f} for the side to move; best action "
              f"{state.action_to_string(res.action)}; {res.nodes:,} nodes")
        return 0
    from qsearch.search.connect4_solver import Solver

    solver = Solver()
    res = solver.solve(state)
    print(f"score {res.score:+d}: {describe_score(res.score, state.num_moves())}")
    print(f"{res.nodes:,} nodes in {res.elapsed * 1e3:.1f} ms")
    if args.analyze:
        scores = solver.analyze(state)
        print("columns: " + "  ".join(
            f"{c + 1}:{'--' if s is None else f'{s:+d}'}" for c, s in enumerate(scores)))
    return 0


def cmd_play(args) -> int:
    from qsearch.search import ALGORITHMS

    state = _load(args.game, "")
    search = ALGORITHMS[args.algorithm]
    options: dict = {}
    if args.game == "connect4":
        from qsearch.heuristics.connect4 import evaluation_table

        options = {"evaluate": evaluation_table}
        if args.algorithm in ("alphabeta", "pvs"):
            options["order"] = [3, 2, 4, 1, 5, 0, 6]
    depth = args.depth
    human = 0 if args.first == "human" else 1
    print("Moves: a column 1-7 (connect4) or (row,col) / 0-8 (tictactoe); u = undo, q = quit.")
    while not state.is_terminal():
        print(f"\n{state}\n")
        if state.current_player() == human:
            try:
                text = input("your move> ").strip()
            except EOFError:
                return 0
            if text in ("q", "quit"):
                return 0
            if text == "u":
                for _ in range(2):
                    if state.history():
                        state.undo_action()
                continue
            try:
                state.apply_action(state.string_to_action(text))
            except (ValueError, IllegalMoveError) as err:
                print(f"not a legal move: {err}")
            continue
        res = search(state, depth, **options)
        print(f"engine plays {state.action_to_string(res.action)} "
              f"(value {res.value:+g}, {res.nodes:,} nodes, {res.elapsed:.2f} s)")
        state.apply_action(res.action)
    print(f"\n{state}\n")
    ret = state.returns()[human]
    print("You win!" if ret > 0 else "You lose." if ret < 0 else "Draw.")
    return 0


def cmd_bench(args) -> int:
    from qsearch.bench import all_sections, markdown

    sections = all_sections(args)
    names = [sec.name for sec in sections]
    wanted = args.only.split(",") if args.only else names
    unknown = [w for w in wanted if w not in names]
    if unknown:
        print(f"error: unknown table {', '.join(unknown)}; choose from {', '.join(names)}",
              file=sys.stderr)
        return 2
    out = []
    for sec in sections:
        if sec.name not in wanted or (args.no_solve and sec.name == "solve"):
            continue
        print(f"{sec.name} ...", file=sys.stderr)
        out.append(f"### {sec.title}\n\n{markdown(sec.rows())}")
    text = "\n".join(out)
    print(text)
    if args.output:
        with open(args.output, "w") as fh:
            fh.write(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m qsearch", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("solve", help="exact value of a position")
    s.add_argument("game", choices=GAMES + ("quarto-own",))
    s.add_argument("position", nargs="?", default="",
                   help="connect4: 1-based column digits (4453); tictactoe: cells 0-8 (408); "
                        "quarto-own: placements '(1,1) 1357; (2,3) 2468' (empty: the proof)")
    s.add_argument("--no-analyze", dest="analyze", action="store_false",
                   help="skip the score of every column")
    from qsearch.quarto_proof import add_cli_options

    add_cli_options(s)
    s.set_defaults(func=cmd_solve)
    pl = sub.add_parser("play", help="play against the engine in the terminal")
    pl.add_argument("game", choices=GAMES)
    pl.add_argument("--depth", type=int, default=8)
    pl.add_argument("--algorithm", choices=("alphabeta", "pvs", "minimax", "negamax"),
                    default="alphabeta")
    pl.add_argument("--first", choices=("human", "engine"), default="human")
    pl.set_defaults(func=cmd_play)
    b = sub.add_parser("bench", help="speed tables")
    b.add_argument("--quick", action="store_true", help="fewer positions (about a minute)")
    b.add_argument("--no-solve", action="store_true", help="skip the solver table")
    b.add_argument("--only", help="comma-separated table names (an unknown name lists them)")
    b.add_argument("--solve-limit", type=int, default=None,
                   help="positions of each slow set (default 100; L1_R3 takes ~10 s each)")
    b.add_argument("--output", help="also write the tables to this markdown file")
    b.set_defaults(func=cmd_bench)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if getattr(args, "depth", 0) is not None and getattr(args, "depth", 0) < 0:
        print("error: --depth must be >= 0", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except (ValueError, TypeError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
