"""Lesson 09's long experiments as saved studies (:mod:`qsearch.core.saved_study`).

Lesson 09 (solving document 000's Quarto) measures at full size: a million random games, a
20,000-game match of the document's depth-4 alpha-beta against a random player, and exact
solves of positions that take the compiled engines up to hundreds of millions of nodes. Pure
Python (a class laptop without a compiler, the browser site) runs the solver at about 10,000
nodes a second and plays a game of that match in several seconds, so each experiment is cut
into units and saved by the compiled build; pure Python reads the file and runs again a
sample of the units it can afford (:func:`run_study`).

* :func:`random_games`: the document's uniformly random games in chunks of one stream: each
  chunk starts where the previous one's generator stopped (:func:`seed_after`), so the chunks
  are exactly the games of one ``random_playouts(games, seed)`` call;
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
from qsearch.core.rng import GOLDEN, MASK

FOLDER = Path("notebooks", "data", "09_solving_quarto")
SEED_MULTIPLIER = 0x2545F4914F6CDD1D     # random_playouts' generator starts at seed * this + 1
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
def seed_after(seed: int, plies: int) -> int:
    """The seed whose ``random_playouts`` starts where one seeded ``seed`` stands after games
    of ``plies`` plies in all (two draws a ply: a square and a piece)."""
    state = (seed * SEED_MULTIPLIER + 1 + 2 * plies * GOLDEN) & MASK
    return ((state - 1) * pow(SEED_MULTIPLIER, -1, 1 << 64)) & MASK


def playout_chunk(unit: dict) -> list[int]:
    """``[first player's wins, second's, draws, plies]`` of ``unit["games"]`` random games of
    document 000's Quarto from ``unit["seed"]``."""
    from qsearch.games import OwnPieceQuarto

    returns, plies = OwnPieceQuarto.random_playouts(unit["games"], seed=unit["seed"])
    returns = [int(r) for r in returns]
    return [returns.count(1), returns.count(-1), returns.count(0), sum(int(p) for p in plies)]


def random_games(path: str | Path, seed: int = 2021, games: int = 1_000_000,
                 chunk: int = 50_000, *, full: bool | None = None,
                 sample: int = 2) -> tuple[saved_study.StudyRun, dict]:
    """``games`` uniformly random games from ``seed`` (the games of
    ``OwnPieceQuarto.random_playouts(games, seed)``) in chunks of ``chunk`` games, saved at
    ``path``. Returns the run and ``{"first": wins, "second": wins, "draws": n}``.

    The compiled build plays the chunks one after the other, each from the seed where the
    previous one stopped. Pure Python derives the same seeds from the file's plies (a file whose
    chain of seeds does not start at ``seed`` fails to load) and plays ``sample`` chunks again."""
    import qsearch

    if games < 1 or chunk < 1 or games % chunk:
        raise ValueError(f"games ({games}) must be a positive multiple of chunk ({chunk})")
    full = qsearch.compiled if full is None else full
    if full:
        units, done, at = [], {}, seed
        for _i in range(games // chunk):
            units.append({"seed": at, "games": chunk})
            done[at] = playout_chunk(units[-1])
            at = seed_after(at, done[at][3])
        compute = lambda unit: done[unit["seed"]]      # noqa: E731 (each chunk played once)
    else:
        units, compute = _chain_from_file(path, seed, games, chunk), playout_chunk
    run = run_study(path, "random games", units, compute, full=full, sample=sample)
    first, second, draws = (sum(r[k] for r in run.results) for k in range(3))
    return run, {"first": first, "second": second, "draws": draws}


def _chain_from_file(path, seed: int, games: int, chunk: int) -> list[dict]:
    """The chunks' units, each seed derived from the previous chunk's plies in the file."""
    import json

    try:
        results = json.loads(Path(path).read_text(encoding="utf-8"))["results"]
    except (OSError, ValueError, KeyError, TypeError):
        results = None
    if not isinstance(results, list) or len(results) != games // chunk:
        # let load() say what is wrong with the file
        saved_study.load(path, "random games", [{"seed": seed, "games": chunk}])
        raise saved_study.StudyMismatch(f"{path}: not {games // chunk} chunks of {chunk} games")
    units, at = [], seed
    for r in results:
        units.append({"seed": at, "games": chunk})
        at = seed_after(at, int(r[3]))
    return units


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
