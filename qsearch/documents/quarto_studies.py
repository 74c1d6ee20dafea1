"""Lesson 09's long experiments as saved studies (:mod:`qsearch.core.saved_study`).

Lesson 09 (solving document 000's Quarto) measures at full size: a million random games, a
20,000-game match of the document's depth-4 alpha-beta against a random player, and exact
solves of positions that take the compiled engines up to hundreds of millions of nodes. Pure
Python (a class laptop without a compiler, the browser site) runs the solver at about 10,000
nodes a second and plays a game of that match in several seconds, so each experiment is cut
into units and saved by the compiled build; pure Python reads the file and runs again a
sample of the units it can afford (:func:`run_study`).

* :func:`random_games`: the document's uniformly random games in chunks of one stream (a
  :mod:`qsearch.core.playout_study`): the chunks are exactly the games of one
  ``random_playouts(games, seed)`` call;
* :func:`seat_match`: the match, one unit a game (game ``i`` depends only on the match's seed
  and ``i``, see :func:`qsearch.arena.game_seed`);
* :func:`search`: one search of one position (the units of the lesson's node-count tables).

The files live in the repository's ``notebooks/data/09_solving_quarto/`` (:func:`folder`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from qsearch.core import saved_study

FOLDER = Path("notebooks", "data", "09_solving_quarto")
ENGINES = ("ab", "solver", "verifier", "alphabeta")
GAMES = ("own", "standard")
#: nodes a pure-Python re-run may search, per engine (about ten seconds of CPU each)
PURE_BUDGET = {"ab": 150_000, "solver": 100_000, "verifier": 150_000, "alphabeta": 100_000}


def folder(start: str | Path | None = None) -> Path:
    """The studies' folder: ``notebooks/data/09_solving_quarto`` under the first of ``start``
    (default: the current directory) and its parents that holds ``notebooks/`` (a clone, from
    ``notebooks/`` or ``notebooks/es/``; the browser site's file system, where the lesson's
    data is unpacked at the root)."""
    here = Path.cwd() if start is None else Path(start)
    for p in (here, *here.parents):
        if (p / "notebooks").is_dir():
            return p / FOLDER
    raise FileNotFoundError(f"no notebooks/ folder above {here}: lesson 09's saved studies "
                            f"live in the repository's {FOLDER}")


def run_study(path: str | Path, name: str, units: Sequence, compute: Callable[[Any], Any], *,
              full: bool | None = None, sample: int = 2, seed: int = 0,
              affordable: Callable[[Any, Any], bool] | None = None) -> saved_study.StudyRun:
    """:func:`qsearch.core.saved_study.run_or_check` with this lesson's sample size (2)."""
    return saved_study.run_or_check(path, name, units, compute, full=full, sample=sample,
                                    seed=seed, affordable=affordable)


# ------------------------------------------------------------------ random games, in chunks
def random_games(path: str | Path, seed: int = 2021, games: int = 1_000_000,
                 chunk: int = 50_000, *, full: bool | None = None,
                 sample: int = 2) -> tuple[saved_study.StudyRun, dict]:
    """``games`` uniformly random games from ``seed`` (the games of
    ``OwnPieceQuarto.random_playouts(games, seed)``) as a playout study
    (:func:`qsearch.core.playout_study.playout_study`, stream ``"09"``) in chunks of ``chunk``
    games, saved at ``path``. Returns the run and ``{"first": wins, "second": wins, "draws": n}``.

    Each chunk goes on where the one before it left the seed's stream, so the counts are those
    of the one call; pure Python plays ``sample`` chunks again. The units are those of lesson
    03's stream ``"09"`` (the same games, in the same chunks)."""
    from qsearch.core.playout_study import playout_study
    from qsearch.games import OwnPieceQuarto

    study = playout_study(path, "09 random games", {"09": (OwnPieceQuarto, seed, games)},
                          ("histogram", "histogram"), chunk=chunk, full=full, sample=sample)
    returns = study["09"]                 # array 0: the first player's return of each game
    return study.run, {"first": returns.count(0, 1), "second": returns.count(0, -1),
                       "draws": returns.count(0, 0)}


# ------------------------------------------------------------------ the seat match
def seat_game(unit: int, seed: int = 666) -> str:
    """Game ``unit`` of lesson 09's match (document 000's depth-4 AB_MINIMAX with the win
    check against a random player, colours swapped each game): ``"a"`` if the alpha-beta
    won, ``"b"`` if the random player did, ``"draw"``."""
    from qsearch.arena import RandomPlayer
    from qsearch.arena.match import _play_indexed
    from qsearch.games import OwnPieceQuarto

    record = _play_indexed(OwnPieceQuarto, (seat_player(), RandomPlayer()), seed, unit, True)
    return "draw" if record.winner is None else "a" if record.winner == record.a_seat else "b"


def seat_player():
    """Document 000's AB_MINIMAX (its depth rule) with the win check, named as the lesson."""
    from qsearch.arena import SearchPlayer
    from qsearch.documents.quarto_ab_minimax import document_depth
    from qsearch.search.quarto_ab import ab_minimax

    return SearchPlayer(ab_minimax, depth=document_depth, win_check=True, name="AB_MINIMAX")


def seat_match(path: str | Path, games: int = 20_000, seed: int = 666, *,
               full: bool | None = None, sample: int = 2) -> saved_study.StudyRun:
    """The match's ``games`` games (``match(OwnPieceQuarto, seat_player(), RandomPlayer(),
    games, seed=seed)``), one unit a game: the run's results are :func:`seat_game`'s."""
    return run_study(path, f"AB_MINIMAX against random, seed {seed}", range(games),
                     lambda i: seat_game(i, seed), full=full, sample=sample)


def seat_counts(results: Sequence[str], seat: int | None = None) -> dict:
    """``{"a": wins, "draw": draws, "b": losses}`` of the alpha-beta over a match's results,
    in the games where it sat in ``seat`` (0: it moved first, the even games) or in all."""
    picked = results if seat is None else results[seat::2]
    return {k: sum(r == k for r in picked) for k in ("a", "draw", "b")}


# ------------------------------------------------------------------ searches of positions
def search(unit: dict) -> dict:
    """One search of one position: ``{"value": ..., "nodes": ...}``.

    ``unit``: ``"game"`` (``"own"``, document 000's variant, or ``"standard"``), ``"actions"``
    (from the empty board), ``"engine"``: ``"ab"`` (document 000's alpha-beta to depth 16,
    win value 100, ``"win_check"``), ``"solver"`` (:class:`QuartoSolver` with ``"bits"``
    and, optional, ``"table"``, ``"order"``, ``"symmetry_until"``, ``"weak"``), ``"verifier"``
    (:class:`QuartoVerifier`, ``"bits"``) or ``"alphabeta"`` (qsearch's generic alpha-beta,
    ``"depth"`` and ``"tt"`` bits). The value is the engine's own (the solver's score)."""
    from qsearch.games import OwnPieceQuarto, Quarto

    if not isinstance(unit, dict) or unit.get("game") not in GAMES or unit.get(
            "engine") not in ENGINES:
        raise ValueError(f"a search unit names a game in {GAMES} and an engine in {ENGINES}: "
                         f"{unit!r}")
    state = (OwnPieceQuarto if unit["game"] == "own" else Quarto).from_actions(unit["actions"])
    engine = unit["engine"]
    if engine == "ab":
        from qsearch.search.quarto_ab import ab_minimax

        res = ab_minimax(state, depth=16, win_check=unit["win_check"], win_value=100)
        return {"value": res.value, "nodes": res.nodes}
    if engine == "alphabeta":
        from qsearch.search import alphabeta

        res = alphabeta(state, unit["depth"], tt=unit["tt"])
        return {"value": res.value, "nodes": res.nodes}
    if engine == "verifier":
        from qsearch.search.quarto_verifier import QuartoVerifier

        res = QuartoVerifier(unit["bits"]).solve(state)
        return {"value": res.score, "nodes": res.nodes}
    from qsearch.search.quarto_solver import QuartoSolver

    solver = QuartoSolver(unit["bits"], table=unit.get("table", True),
                          order=unit.get("order", True),
                          symmetry_until=unit.get("symmetry_until", -1))
    res = solver.solve(state, weak=unit.get("weak", False))
    return {"value": res.score, "nodes": res.nodes}


def affordable_search(unit: dict, result: dict) -> bool:
    """Whether pure Python re-runs ``unit`` in seconds: its saved nodes within the budget."""
    return result["nodes"] <= PURE_BUDGET[unit["engine"]]


def searches(path: str | Path, name: str, units: Sequence[dict], *, full: bool | None = None,
             sample: int = 2, seed: int = 0) -> saved_study.StudyRun:
    """The searches ``units`` (see :func:`search`), saved at ``path`` as study ``name``; pure
    Python re-runs ``sample`` of those within :data:`PURE_BUDGET`."""
    return run_study(path, name, units, search, full=full, sample=sample, seed=seed,
                     affordable=affordable_search)


def actions_of(state) -> list[int]:
    """Actions from the empty board to ``state``'s position, a Quarto of either variant: its
    placements square by square (and, in standard Quarto, each piece given before it is
    placed, then the piece in hand). Any order of the placements reaches the same position
    with the same player to move, since no line is complete before the last placement."""
    from qsearch.games import Quarto, quarto_symmetry

    placed = [(s, p) for s, p in enumerate(quarto_symmetry.board_of(state))
              if p != quarto_symmetry.EMPTY]
    if not isinstance(state, Quarto):
        return [16 * s + p for s, p in placed]
    hand = state.piece_in_hand()
    return [a for s, p in placed for a in (16 + p, s)] + ([] if hand is None else [16 + hand])
