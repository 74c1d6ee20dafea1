"""Speed table for document 000 (Quarto): random games, alpha-beta games, the demo call.

Rows are dicts; print them with :func:`qsearch.bench.markdown`. Every number is measured in
this run except the document's own R and C++ times for the demo call, which are quoted from
it (its machine) and labelled so.
"""
from __future__ import annotations

import statistics

import qsearch
from qsearch.bench._timing import LOAD_KEY, cpu_best_of, cpu_clock, repeats_of
from qsearch.games import OwnPieceQuarto, Quarto
from qsearch.i18n import _

# The board the document prints after 12 random plies (set.seed(41)).
DEMO_ROWS = [["2358", "2467", "1457", None], ["2357", None, "2367", None],
             ["1468", "1358", "1458", None], ["2368", "1367", "2458", "1467"]]
DOCUMENT_DEMO = {"R": 16.8098e-3, "C++": 322.5e-6}   # medians of its microbenchmark


def demo_state() -> OwnPieceQuarto:
    """The document's demo position (player 0, its player 1, to move at ply 13)."""
    return OwnPieceQuarto.from_board(DEMO_ROWS)


def median_time(run, repeats: int) -> float:
    """Median CPU time of ``repeats`` calls (the statistic R's microbenchmark reports)."""
    times = []
    for _i in range(repeats):
        start = cpu_clock()
        run()
        times.append(cpu_clock() - start)
    return statistics.median(times)


def demo_labels() -> dict[str, str]:
    """The demo call's four implementations as the tables name them, in the language in use:
    ``{"transliteration", "twin", "alphabeta", "ab_minimax"}`` -> label. The last two say what
    runs them in this build: compiled, or pure Python when ``qsearch.compiled`` is False (the
    browser site), where ``qsearch.search`` is the pure-Python code."""
    compiled = qsearch.compiled
    return {
        "transliteration": _("Python transliteration"),
        "twin": _("qsearch reference twin"),
        "alphabeta": (_("qsearch alphabeta (compiled)") if compiled
                      else _("qsearch alphabeta (pure Python)")),
        "ab_minimax": (_("quarto_ab.ab_minimax (compiled)") if compiled
                       else _("quarto_ab.ab_minimax (pure Python)")),
    }


def demo_call_table(repeats: int = 100) -> list[dict]:
    """The document's appendix: its AB_MINIMAX on the demo position, slow vs fast.

    Ours: the line-by-line Python transliteration (on the document's data structures, as its
    R function), qsearch's readable twin (pure Python, on the engine's API), the general
    alpha-beta and the specialised AB_MINIMAX (compiled, or pure Python in pure-Python mode:
    :func:`demo_labels`).
    """
    from qsearch.documents.quarto_ab_minimax import ab_minimax_state, document_search
    from qsearch.reference import alphabeta as twin_alphabeta
    from qsearch.search.quarto_ab import ab_minimax

    state = demo_state()
    label = demo_labels()
    runs = {
        label["transliteration"]: lambda: ab_minimax_state(state),
        label["twin"]: lambda: document_search(state, algorithm=twin_alphabeta),
        label["alphabeta"]: lambda: document_search(state),
        label["ab_minimax"]: lambda: ab_minimax(state),
    }
    rows = []
    for name, run in runs.items():
        rows.append({"implementation": name,
                     "source": _("measured here, median of {n}").format(n=repeats),
                     "median time": median_time(run, repeats)})
    base = rows[0]["median time"]
    for row in rows:
        row["x our Python transliteration"] = base / row["median time"]
    for name, key in ((_("document: R"), "R"), (_("document: C++ (Rcpp)"), "C++")):
        rows.append({"implementation": name,
                     "source": _("quoted from document 000 (its microbenchmark, its machine)"),
                     "median time": DOCUMENT_DEMO[key], LOAD_KEY: None,
                     "x document's R": DOCUMENT_DEMO["R"] / DOCUMENT_DEMO[key]})
    return rows


def games_table(random_games: int = 100_000, arena_games: int = 2000,
                search_games: int = 200, repeats: int = 3) -> list[dict]:
    """Games per second: random vs random (compiled loop, and the arena's Python loop),
    and the document's alpha-beta (depth 4) against a random player; CPU times, best of
    ``repeats`` each."""
    from qsearch.arena import RandomPlayer, SearchPlayer, match
    from qsearch.documents.quarto_ab_minimax import DOCUMENT_OPTIONS, document_depth
    from qsearch.search.quarto_ab import ab_minimax

    rows = []
    for cls in (OwnPieceQuarto, Quarto):
        t, _games = cpu_best_of(repeats,
                                lambda cls=cls: cls.random_playouts(random_games, seed=1))
        rows.append({"games": _("{game}: random vs random, compiled playouts").format(
                         game=cls.__name__),
                     "n": random_games, "time": t, "games/s": random_games / t})
    t, _games = cpu_best_of(repeats, lambda: match(OwnPieceQuarto, RandomPlayer(),
                                                   RandomPlayer(), arena_games, seed=1,
                                                   progress=False))
    rows.append({"games": _("OwnPieceQuarto: random vs random, arena (Python loop)"),
                 "n": arena_games, "time": t, "games/s": arena_games / t})
    players = [
        (_("AB_MINIMAX depth 4 vs random, specialised + win check"),
         SearchPlayer(ab_minimax, depth=document_depth, win_check=True), search_games),
        (_("AB_MINIMAX depth 4 vs random, specialised (document's nodes)"),
         SearchPlayer(ab_minimax, depth=document_depth), max(1, search_games // 4)),
        (_("AB_MINIMAX depth 4 vs random, general compiled alphabeta"),
         SearchPlayer("alphabeta", depth=document_depth, **DOCUMENT_OPTIONS),
         max(1, search_games // 20)),
    ]
    for name, player, n in players:
        t, result = cpu_best_of(repeats, lambda p=player, n=n: match(
            OwnPieceQuarto, p, RandomPlayer(), n, seed=1, progress=False))
        nodes = sum(g.nodes[g.a_seat] for g in result.games)
        rows.append({"games": name, "n": n, "time": t, "games/s": n / t,
                     "Mnodes/s": nodes / t / 1e6})
    return rows


if __name__ == "__main__":  # pragma: no cover
    from qsearch.core.tables import markdown

    print(markdown(demo_call_table()))
    print(markdown(games_table()))


DEMO_RUNS = ("the median of 100 calls on every side (20 with --quick), as document 000's "
             "microbenchmark reports its R and C++ times")


def sections(options) -> list[tuple]:
    """The Quarto tables for ``python -m qsearch bench`` (the demo call's runs are fixed:
    ``--repeats`` does not apply to it, and its section says so)."""
    quick = options.quick
    repeats = repeats_of(options)
    return [
        ("quarto", _("Quarto (document 000): the demo call (AB_MINIMAX on its position). Our "
                     "implementations are timed here, each ratio against our Python "
                     "transliteration; the document's R and C++ times are quoted from it, "
                     "their ratio against its R (one baseline per ratio column); ours CPU "
                     "times, the document's its own timings"),
         lambda: demo_call_table(repeats=20 if quick else 100), _(DEMO_RUNS)),
        ("quarto-games", _("Quarto games per second (CPU times, best of {repeats})")
         .format(repeats=repeats),
         lambda: games_table(**({"random_games": 10_000, "arena_games": 200} if quick else {}),
                             repeats=repeats)),
    ]
