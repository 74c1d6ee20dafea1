"""The search core against the game's own speed (``bench --only search-core``).

For each position of the alpha-beta tables (Connect-4 with a zero evaluation, Reversi with the
disc difference) it times compiled alpha-beta twice, on the core's copy specialised for the
game and on its generic copy (every game's path), and perft from the same position: the
*perft node rate* is the nodes perft makes and unmakes per second (the root and every node
above the last ply, which perft counts in bulk without making it). A ratio of 1 means the search
spends on a node what making it and listing its moves cost; the rest is the search's own work
(window, table, principal variation, counters, the heuristic).
"""
from __future__ import annotations

from qsearch.bench._timing import Load, cpu_best_of, repeats_of
from qsearch.i18n import _, number


def _perft_made(state, depth: int) -> int:
    """Nodes ``perft(state, depth)`` makes (the root included; the last ply is counted in
    bulk, not made)."""
    from qsearch.search.tree_stats import perft

    return 1 + sum(perft(state, k) for k in range(1, depth))


def core_table(repeats: int = 3, quick: bool = False) -> list[dict]:
    """Alpha-beta's node rate, specialised and generic, against perft's on the same
    positions, each timing best of ``repeats`` by CPU time; both copies must give the same
    tree."""
    from qsearch.bench.connect4 import SEARCH_POSITIONS
    from qsearch.bench.mcts_reversi import MIDGAME_SEEDS, _midgame
    from qsearch.games import Connect4, Reversi
    from qsearch.heuristics.reversi import disc_difference
    from qsearch.search import alphabeta
    from qsearch.search._engine import use_specialised
    from qsearch.search.tree_stats import perft

    cases = [(_("Connect-4"), moves or _("(empty)"), Connect4.from_moves(moves), depth, None,
              depth - 2) for moves, depth in SEARCH_POSITIONS]
    cases += [("Reversi", _("start"), Reversi(), 10, disc_difference, 9)]
    cases += [("Reversi", _("mid-game {seed}").format(seed=s), _midgame(s), 8, disc_difference,
               7)
              for s in MIDGAME_SEEDS]
    if quick:
        cases = cases[:2] + cases[4:6]
    rows = []
    before = use_specialised(True)
    try:
        for game, name, state, depth, h, perft_depth in cases:
            load = Load()
            use_specialised(True)
            t_fast, fast = cpu_best_of(repeats, lambda s=state, d=depth, h=h: alphabeta(s, d, h))
            use_specialised(False)
            t_gen, gen = cpu_best_of(repeats, lambda s=state, d=depth, h=h: alphabeta(s, d, h))
            use_specialised(True)
            assert (gen.nodes, gen.value, gen.pv) == (fast.nodes, fast.value, fast.pv)
            t_perft, _count = cpu_best_of(repeats, lambda s=state, d=perft_depth: perft(s, d))
            perft_rate = _perft_made(state, perft_depth) / t_perft
            fast_rate, gen_rate = fast.nodes / t_fast, gen.nodes / t_gen
            rows.append({"game": game, "position": name, "depth": depth, "nodes": fast.nodes,
                         "specialised Mn/s": fast_rate / 1e6, "generic Mn/s": gen_rate / 1e6,
                         "perft Mn/s (depth)": f"{number(perft_rate / 1e6, 1, grouped=False)} "
                                               f"({perft_depth})",
                         "specialised / perft": fast_rate / perft_rate,
                         "generic / perft": gen_rate / perft_rate, **load.cells()})
    finally:
        use_specialised(before)
    return rows


def sections(options) -> list[tuple]:
    """The search-core table for ``python -m qsearch bench``."""
    return [("search-core", _("Alpha-beta's node rate against perft's on the same positions: "
                              "the core's Connect-4 / Reversi copies and its generic one (CPU "
                              "times)"),
             lambda: core_table(repeats=repeats_of(options), quick=options.quick))]
