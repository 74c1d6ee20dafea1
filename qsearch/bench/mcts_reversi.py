"""Speed tables for MCTS (document 002, chapter 3) and Reversi (§4.2).

* MCTS on Connect-4 from the empty board, random rollouts, the same c: simulations per second
  of the compiled :func:`qsearch.search.mcts`, its readable twin, OpenSpiel's C++
  ``pyspiel.MCTSBot`` (``RandomRolloutEvaluator`` with one rollout, ``solve=False``) and
  OpenSpiel's Python ``mcts.MCTSBot`` (same evaluator), all measured in this run;
* Reversi perft from the start: leaf nodes per second, compiled and the plain-Python twin;
* Reversi alpha-beta with the disc-difference heuristic: the compiled
  :func:`qsearch.search.alphabeta` against OpenSpiel's Python ``alpha_beta_search`` on its C++
  ``othello``, at depth 10 from the start and depth 8 from three mid-game positions. Both run
  the same fail-soft tree in the same move order with terminal returns of +-1, so the leaf
  counts must be equal (checked: the table says so).

Every time is a CPU time, the best of ``repeats`` runs (3 by default); the compiled side of
a comparison is timed last, in batches of about its peer's time (:mod:`qsearch.bench._timing`).
"""
from __future__ import annotations

import math
import random

from qsearch.bench._timing import Load, cpu_best_of, cpu_time, ratio

C = math.sqrt(2.0)
# Three mid-game positions: 20 random plies from the start (seeded), black or white to move.
MIDGAME_SEEDS = (1, 2, 3)


def _openspiel():
    try:
        import pyspiel
        from open_spiel.python.algorithms import mcts as os_mcts
        from open_spiel.python.algorithms import minimax as os_minimax
    except ImportError:          # pragma: no cover - open-spiel is a test dependency
        return None
    return pyspiel, os_mcts, os_minimax


def mcts_table(iterations: int = 100_000, python_iterations: int = 2_000,
               twin_iterations: int = 5_000, repeats: int = 3) -> list[dict]:
    """Connect-4, empty board: simulations per second of four MCTS implementations, CPU
    times; the peers first, then the compiled search in batches of about the longest
    peer's time."""
    import numpy as np

    from qsearch.games import Connect4
    from qsearch.reference.mcts import mcts as twin_mcts
    from qsearch.search.mcts import mcts

    load = Load()
    peers = [("qsearch reference twin (Python)", twin_iterations,
              cpu_time(lambda: twin_mcts(Connect4(), twin_iterations, c=C, seed=1), repeats),
              lambda r: r.action)]
    found = _openspiel()
    if found is not None:
        pyspiel, os_mcts, _ = found
        game = pyspiel.load_game("connect_four")

        def cpp():
            bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), C, iterations,
                                  4000, False, 1, False)
            return bot.step(game.new_initial_state())

        def python():
            evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
            bot = os_mcts.MCTSBot(game, C, python_iterations, evaluator, solve=False,
                                  random_state=np.random.RandomState(2))
            return bot.step(game.new_initial_state())

        peers.append(("OpenSpiel pyspiel.MCTSBot (C++)", iterations, cpu_time(cpp, repeats),
                      int))
        peers.append(("OpenSpiel mcts.MCTSBot (Python)", python_iterations,
                      cpu_time(python, repeats), int))
    longest = max(t.seconds for _, _, t, _ in peers)
    ours = cpu_time(lambda: mcts(Connect4(), iterations, c=C, seed=1), repeats, longest)
    rate = iterations / ours.seconds
    rows = [{"implementation": "qsearch mcts (compiled)", "simulations": iterations,
             "CPU time": ours.seconds, "runs": f"best of {ours.batches} batches of {ours.runs}",
             "simulations/s": rate, "move": ours.result.action + 1}]
    for name, n, t, action in peers:
        rows.append({"implementation": name, "simulations": n, "CPU time": t.seconds,
                     "runs": f"best of {t.batches}", "simulations/s": n / t.seconds,
                     "move": action(t.result) + 1})
    cell = load.cell()
    for row in rows:
        row["x compiled"] = rate / row["simulations/s"]
        row["load"] = cell
    return rows


def perft_table(depth: int = 9, twin_depth: int = 5, repeats: int = 3) -> list[dict]:
    """Reversi perft from the start (bulk counting at the last ply), compiled and twin."""
    from qsearch.games import Reversi
    from qsearch.reference.reversi import PyReversi
    from qsearch.reference.tree_stats import perft as py_perft
    from qsearch.search.tree_stats import perft

    rows = []
    for name, run, d in (("compiled Reversi, tree_stats.perft", lambda d: perft(Reversi(), d),
                          depth),
                         ("PyReversi twin, reference perft", lambda d: py_perft(PyReversi(), d),
                          twin_depth)):
        load = Load()
        t, n = cpu_best_of(repeats, lambda run=run, d=d: run(d))
        rows.append({"perft": name, "depth": d, "leaves": n, "CPU time": t,
                     "leaves/s": n / t, "load": load.cell()})
    return rows


def _midgame(seed: int):
    from qsearch.games import Reversi

    rng = random.Random(seed)
    state = Reversi()
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _disc_value(state) -> float:
    """OpenSpiel's value function: black's discs minus white's, read from the board text."""
    board = str(state).split("\n", 1)[1]          # the first line names the player to move
    return float(board.count("x") - board.count("o"))


def _openspiel_alphabeta(found, state, depth: int, repeats: int, win: float):
    """OpenSpiel's Python alpha_beta_search on its C++ othello from ``state``'s moves:
    (least CPU time, value, action, leaves evaluated). OpenSpiel scores a finished game +-1, so
    its leaves get the disc difference over ``win`` (our searches' win value): the same
    order of values, so the same tree, with values ``win`` times smaller."""
    pyspiel, _, os_minimax = found
    game = pyspiel.load_game("othello")
    theirs = game.new_initial_state()
    for a in state.history():
        theirs.apply_action(a)
    me = state.current_player()
    count = [0]

    def value(s):
        count[0] += 1
        v = _disc_value(s) / win
        return v if me == 0 else -v

    def run():
        count[0] = 0
        return os_minimax.alpha_beta_search(game, theirs, value, depth, me)

    t, (v, a) = cpu_best_of(repeats, run)
    return t, v, a, count[0]


def alphabeta_table(depth: int = 10, mid_depth: int = 8, repeats: int = 3) -> list[dict]:
    """Reversi alpha-beta with the disc difference: compiled vs OpenSpiel's Python search."""
    from qsearch.core.win_value import default_win_value
    from qsearch.games import Reversi
    from qsearch.heuristics.reversi import disc_difference
    from qsearch.search import alphabeta

    found = _openspiel()
    win = default_win_value(disc_difference.bounds)      # what alphabeta uses by default
    positions = [("start", Reversi(), depth)]
    positions += [(f"mid-game {s} ({_midgame(s).moves_string().replace(' ', '')[:12]}...)",
                   _midgame(s), mid_depth) for s in MIDGAME_SEEDS]
    rows = []
    for name, state, d in positions:
        load = Load()
        t2 = None
        if found is not None:
            t2, v2, a2, leaves = _openspiel_alphabeta(found, state, d, repeats, win)
        ours = cpu_time(lambda state=state, d=d: alphabeta(state, d, disc_difference), repeats,
                        t2 or 0.0)
        t, r = ours.seconds, ours.result
        row = {"position": name, "depth": d, "leaves": r.leaves, "CPU time (compiled)": t,
               "compiled runs": ours.runs}
        if found is not None:
            row.update({"CPU time (OpenSpiel Python)": t2, "OpenSpiel leaves": leaves,
                        "same tree": "yes" if leaves == r.leaves and a2 == r.action
                        and math.isclose(v2 * win, r.value) else "NO",
                        "x faster": ratio(t2, t)})
        row["load"] = load.cell()
        rows.append(row)
    return rows


def sections(options) -> list[tuple]:
    """The MCTS and Reversi tables for ``python -m qsearch bench``."""
    quick = options.quick
    return [
        ("mcts", "MCTS on Connect-4 from the empty board (random rollouts, c = sqrt 2): "
         "simulations per second, compiled vs the twin vs OpenSpiel's C++ and Python MCTSBot; "
         "CPU times, every side best of 3, the compiled search in batches of about the "
         "longest peer's time",
         lambda: mcts_table(**({"iterations": 20_000, "python_iterations": 500,
                                 "twin_iterations": 1_000} if quick else {}))),
        ("reversi-perft", "Reversi perft from the start (Bik's counts; CPU times, best of 3)",
         lambda: perft_table(**({"depth": 8, "twin_depth": 4} if quick else {}))),
        ("reversi-alphabeta", "Reversi alpha-beta with the disc difference: compiled vs "
         "OpenSpiel's Python alpha_beta_search on its C++ othello (same tree; CPU times, "
         "both best of 3, the compiled search in batches of about OpenSpiel's time)",
         lambda: alphabeta_table(**({"depth": 8, "mid_depth": 6, "repeats": 1}
                                    if quick else {}))),
    ]


if __name__ == "__main__":  # pragma: no cover
    from qsearch.core.tables import markdown

    print(markdown(mcts_table()))
    print(markdown(perft_table()))
    print(markdown(alphabeta_table()))
