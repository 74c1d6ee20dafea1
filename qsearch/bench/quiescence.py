"""Quiescence search on chess (document 002 §2.4): what the extension costs and changes.

Plain reference alpha-beta against Alg. 5 (``normal_search``, alpha-beta recursion, captures
and promotions only with stand pat) at the same depth, on Ex. 2.12's rebuilt position and on
seeded random middle-game positions. Both are plain Python on the python-chess adapter; the
table reports nodes, the chosen move and value (material, in pawns, for the side to move),
and the best-of-N time of each (``--repeats``; "ab": alpha-beta alone, "ab+qs": with the
extension), all measured in this run.
"""
from __future__ import annotations

import random

from qsearch.i18n import _

EX_2_12 = "8/5k2/3p2p1/3P3n/8/8/2P5/5K1Q w - - 0 1"
WIN = 1000.0


def random_positions(n: int, seed: int = 2023, plies: int = 24) -> list:
    """``n`` positions after ``plies`` random moves from the start (none finished)."""
    from qsearch.games.chess_adapter import ChessState

    rng = random.Random(seed)
    found = []
    while len(found) < n:
        s = ChessState()
        for _i in range(plies):
            s = s.child(rng.choice(s.legal_actions()))
            if s.is_terminal():
                break
        if not s.is_terminal():
            found.append(s)
    return found


def quiescence_table(depths=(1, 2, 3), random_depths=(1,), n_random: int = 3,
                     repeats: int = 3) -> list[dict]:
    """One row per (position, depth): alpha-beta alone and with the capture extension
    (``depths`` on Ex. 2.12, ``random_depths`` on the random positions)."""
    from qsearch.bench._timing import cpu_best_of
    from qsearch.games.chess_adapter import ChessState, captures, material, volatile
    from qsearch.reference import alphabeta
    from qsearch.reference.quiescence import normal_search

    positions = [(_("Ex. 2.12 (rebuilt)"), ChessState(EX_2_12), depths)]
    positions += [(_("random #{i} (seed 2023, 24 plies)").format(i=i + 1), s, random_depths)
                  for i, s in enumerate(random_positions(n_random))]
    rows = []
    for label, s, position_depths in positions:
        for depth in position_depths:
            t_ab, ab = cpu_best_of(repeats, lambda s=s, d=depth: alphabeta(
                s, d, material, win_value=WIN))
            t_q, q = cpu_best_of(repeats, lambda s=s, d=depth: normal_search(
                s, d, 8, material, volatile=volatile, moves=captures, stand_pat=True,
                algorithm="alphabeta", win_value=WIN))
            rows.append({
                "position": label, "depth": depth,
                "ab move": s.action_to_string(ab.action), "ab value": ab.value,
                "ab nodes": ab.nodes, "ab time": t_ab,
                "ab+qs move": s.action_to_string(q.action), "ab+qs value": q.value,
                "ab+qs nodes": q.nodes, "ab+qs time": t_q,
            })
    return rows


def sections(options) -> list[tuple]:
    """The quiescence table for ``python -m qsearch bench`` (needs the ``chess`` package)."""
    try:
        import chess  # noqa: F401
    except ImportError:         # pragma: no cover - chess is in the lessons/test extras
        return []
    from qsearch.bench._timing import repeats_of

    quick = options.quick
    repeats = repeats_of(options)
    return [
        ("quiescence", _("Quiescence search on chess (document 002 §2.4): reference "
                         "alpha-beta alone and with Alg. 5's capture extension (second depth "
                         "8, stand pat), material evaluation, CPU times, best of {repeats} "
                         "(random positions at depth 1 only: their capture trees explode)")
         .format(repeats=repeats),
         lambda: quiescence_table(depths=(1, 2) if quick else (1, 2, 3),
                                  random_depths=(1,),
                                  n_random=1 if quick else 3, repeats=repeats)),
    ]
