"""Speed tables for MCTS (document 002, chapter 3) and Reversi (§4.2).

* MCTS on Connect-4 from the empty board, random rollouts, the same c: the compiled
  :func:`qsearch.search.mcts` against each peer at the peer's number of simulations (both
  sides run the same number: a simulation costs more as the tree grows, so a ratio holds
  for its size only): its readable twin, OpenSpiel's C++ ``pyspiel.MCTSBot``
  (``RandomRolloutEvaluator`` with one rollout, ``solve=False``) at several sizes, and
  OpenSpiel's Python ``mcts.MCTSBot`` (same evaluator), all measured in this run;
* Reversi perft from the start: leaf nodes per second, compiled and the plain-Python twin;
* Reversi alpha-beta with the disc-difference heuristic: the compiled
  :func:`qsearch.search.alphabeta` against OpenSpiel's Python ``alpha_beta_search`` on its C++
  ``othello``, at depth 10 from the start and depth 8 from three mid-game positions. Both run
  the same fail-soft tree in the same move order with terminal returns of +-1, so the leaf
  counts must be equal (checked: the table says so).

Every time is a CPU time (every side runs in this process), the best of ``repeats`` runs
(``--repeats``; 3 by default, 1 with ``--quick``); the two sides of a comparison are timed in
turn, the compiled one in batches of about its peer's time (:mod:`qsearch.bench._timing`).
"""
from __future__ import annotations

import math
import random

from qsearch.bench._timing import Load, compare, cpu_best_of, interleave, ratio, repeats_of
from qsearch.bench._words import agreement
from qsearch.i18n import _, number

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


CPP_SIZES = (10_000, 100_000, 1_000_000)     # simulations of the C++ bot (and of ours)


def mcts_table(cpp_sizes=CPP_SIZES, python_iterations: int = 2_000,
               twin_iterations: int = 5_000, repeats: int = 3) -> list[dict]:
    """Connect-4, empty board: the compiled MCTS against each peer, both sides running the
    peer's number of simulations, timed in turn (peer, ours, peer, ours, ...), CPU times,
    ours in batches of about the peer's time; one row per peer and size."""
    import numpy as np

    from qsearch.games import Connect4
    from qsearch.reference.mcts import mcts as twin_mcts
    from qsearch.search.mcts import mcts

    peers = [(_("qsearch reference twin (Python)"), twin_iterations,
              lambda n: (lambda: twin_mcts(Connect4(), n, c=C, seed=1)), lambda r: r.action)]
    found = _openspiel()
    if found is not None:
        pyspiel, os_mcts, _minimax = found
        game = pyspiel.load_game("connect_four")

        def cpp(n):
            def run():
                bot = pyspiel.MCTSBot(game, pyspiel.RandomRolloutEvaluator(1, 1), C, n,
                                      4000, False, 1, False)
                return bot.step(game.new_initial_state())
            return run

        def python(n):
            def run():
                evaluator = os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
                bot = os_mcts.MCTSBot(game, C, n, evaluator, solve=False,
                                      random_state=np.random.RandomState(2))
                return bot.step(game.new_initial_state())
            return run

        peers += [("OpenSpiel pyspiel.MCTSBot (C++)", n, cpp, int) for n in cpp_sizes]
        peers.append(("OpenSpiel mcts.MCTSBot (Python)", python_iterations, python, int))
    rows = []
    for name, n, make, action in peers:
        load = Load()
        theirs, ours = compare(make(n), lambda n=n: mcts(Connect4(), n, c=C, seed=1), repeats)
        rows.append({"peer": name, "simulations (each side)": n,
                     "peer CPU time": theirs.seconds, "peer simulations/s": n / theirs.seconds,
                     "compiled CPU time": ours.seconds, "compiled runs": ours.runs,
                     "compiled simulations/s": n / ours.seconds,
                     "x peer": ratio(theirs.seconds, ours.seconds),
                     "moves (peer, ours)": f"{action(theirs.result) + 1}, "
                                           f"{ours.result.action + 1}",
                     **load.cells()})
    return rows


def perft_table(depth: int = 9, twin_depth: int = 5, repeats: int = 3) -> list[dict]:
    """Reversi perft from the start (bulk counting at the last ply), compiled and twin."""
    from qsearch.games import Reversi
    from qsearch.reference.reversi import PyReversi
    from qsearch.reference.tree_stats import perft as py_perft
    from qsearch.search.tree_stats import perft

    rows = []
    for name, run, d in ((_("compiled Reversi, tree_stats.perft"),
                          lambda d: perft(Reversi(), d), depth),
                         (_("PyReversi twin, reference perft"),
                          lambda d: py_perft(PyReversi(), d), twin_depth)):
        load = Load()
        t, n = cpu_best_of(repeats, lambda run=run, d=d: run(d))
        rows.append({"perft": name, "depth": d, "leaves": n, "CPU time": t,
                     "leaves/s": n / t, **load.cells()})
    return rows


def _midgame(seed: int):
    from qsearch.games import Reversi

    rng = random.Random(seed)
    state = Reversi()
    for _i in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _disc_value(state) -> float:
    """OpenSpiel's value function: black's discs minus white's, read from the board text."""
    board = str(state).split("\n", 1)[1]          # the first line names the player to move
    return float(board.count("x") - board.count("o"))


def _openspiel_alphabeta(found, state, depth: int, win: float):
    """A run of OpenSpiel's Python alpha_beta_search on its C++ othello from ``state``'s
    moves, returning ``(value, action, leaves evaluated)``. OpenSpiel scores a finished game
    +-1, so its leaves get the disc difference over ``win`` (our searches' win value): the
    same order of values, so the same tree, with values ``win`` times smaller."""
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
        v, a = os_minimax.alpha_beta_search(game, theirs, value, depth, me)
        return v, a, count[0]

    return run


def alphabeta_table(depth: int = 10, mid_depth: int = 8, repeats: int = 3) -> list[dict]:
    """Reversi alpha-beta with the disc difference: compiled vs OpenSpiel's Python search."""
    from qsearch.core.win_value import default_win_value
    from qsearch.games import Reversi
    from qsearch.heuristics.reversi import disc_difference
    from qsearch.search import alphabeta

    found = _openspiel()
    win = default_win_value(disc_difference.bounds)      # what alphabeta uses by default
    positions = [(_("start"), Reversi(), depth)]
    positions += [(_("mid-game {seed} ({moves}...)").format(
                       seed=s, moves=_midgame(s).moves_string().replace(" ", "")[:12]),
                   _midgame(s), mid_depth) for s in MIDGAME_SEEDS]
    rows = []
    for name, state, d in positions:
        load = Load()

        def run(state=state, d=d):
            return alphabeta(state, d, disc_difference)

        if found is not None:           # OpenSpiel, ours, OpenSpiel, ours, ...
            spiel, ours = compare(_openspiel_alphabeta(found, state, d, win), run, repeats)
            t2, (v2, a2, leaves) = spiel.seconds, spiel.result
        else:
            (ours,) = interleave([run], repeats)
        t, r = ours.seconds, ours.result
        row = {"position": name, "depth": d, "leaves": r.leaves, "CPU time (compiled)": t,
               "compiled runs": ours.runs}
        if found is not None:
            row.update({"CPU time (OpenSpiel Python)": t2, "OpenSpiel leaves": leaves,
                        "same tree": agreement(leaves == r.leaves and a2 == r.action
                                               and math.isclose(v2 * win, r.value)),
                        "x faster": ratio(t2, t)})
        row.update(load.cells())
        rows.append(row)
    return rows


def sections(options) -> list[tuple]:
    """The MCTS and Reversi tables for ``python -m qsearch bench``."""
    quick = options.quick
    repeats = repeats_of(options)
    sizes = (10_000,) if quick else CPP_SIZES
    return [
        ("mcts", _("MCTS on Connect-4 from the empty board (random rollouts, c = sqrt 2): the "
                   "compiled search against each peer, both sides running the peer's number "
                   "of simulations (`simulations (each side)`; OpenSpiel's C++ MCTSBot at "
                   "{sizes}: a simulation costs more as the tree grows, so each ratio holds "
                   "for its size); `x peer` = the peer's CPU time / ours for the same "
                   "simulations; every side in this process, CPU times (process time), best "
                   "of {repeats}, the two sides timed in turn, ours in batches of about the "
                   "peer's time").format(sizes=", ".join(number(n) for n in sizes),
                                         repeats=repeats),
         lambda: mcts_table(sizes, **({"python_iterations": 500, "twin_iterations": 1_000}
                                      if quick else {}), repeats=repeats)),
        ("reversi-perft", _("Reversi perft from the start (Bik's counts; CPU times, best of "
                            "{repeats})").format(repeats=repeats),
         lambda: perft_table(**({"depth": 8, "twin_depth": 4} if quick else {}),
                             repeats=repeats)),
        ("reversi-alphabeta", _("Reversi alpha-beta with the disc difference: compiled vs "
                                "OpenSpiel's Python alpha_beta_search on its C++ othello (same "
                                "tree; CPU times: process time, both best of {repeats}, timed "
                                "in turn, the compiled search in batches of about OpenSpiel's "
                                "time)").format(repeats=repeats),
         lambda: alphabeta_table(**({"depth": 8, "mid_depth": 6} if quick else {}),
                                 repeats=repeats)),
    ]


if __name__ == "__main__":  # pragma: no cover
    from qsearch.core.tables import markdown

    print(markdown(mcts_table()))
    print(markdown(perft_table()))
    print(markdown(alphabeta_table()))
