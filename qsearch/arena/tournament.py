"""Document 002's tournaments (§4, tables 4.1-4.19), reproducible game by game.

A *results table* is a grid: the row player takes the second seat (white, "fichas blancas"),
the column player the first (Connect-4: red; Reversi and hypergammon: black), and every cell
is ten games, one from each of the ten starting positions of :mod:`qsearch.arena.positions`.
A cell reads as the document writes it, ``"white - red"`` (or ``"white - black"``), a draw
counting 0.5 for each side.

Two pairings of every table with MCTS in it:

* ``"doc"`` (ids ``4.3`` ... ``4.19``): the document's own depths and iteration counts;
* ``"time"`` (ids ``4.4t`` ... ``4.19t``): the same alpha-beta / expectiminimax depths, and
  MCTS given the iterations that take as long per move *on our compiled engines* as the
  opponent depth the document matched it with (measured by :func:`calibrate` and stored in
  ``calibration.json`` beside the records, so the table is tied to one measurement).

Players are named by short specs (:func:`make_player`): ``ab3`` (alpha-beta depth 3 with the
game's heuristic), ``mcts170``, ``em2`` (expectiminimax, depth counting chance levels as the
document does), ``eml4`` (limited expectiminimax: the :data:`LIMIT` most probable rolls),
``random``. Specs are plain strings, so a game is a picklable task on any executor.

:func:`run` plays tables on any :class:`concurrent.futures.Executor` (a process pool, a
``dask.distributed`` client's ``get_executor()``) or serially, appending every finished game
to one JSON-lines file per table (``<id>.jsonl``: a header with the table's configuration,
then one line per game: cell, position, seed, actions, result, nodes per move). A rerun
skips the games already recorded, so a killed run resumes without losing or repeating a
game; a file written for another configuration is refused. :func:`replay` plays one
recorded game again and checks it move for move.
"""
from __future__ import annotations

import csv
import io
import json
import random
import time
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

from qsearch.arena.match import game_seed
from qsearch.arena.positions import WIN, position

SEED = 2023                 # the tournaments' base seed (the document's year)
LIMIT = 15                  # limited expectiminimax: the 15 likeliest rolls (the non-doubles)
CHUNK = 4                   # games per task sent to an executor
ORDER_C4 = [3, 2, 4, 1, 5, 0, 6]
VERSION = 1                 # bump when a player's definition changes: old records are refused

# --------------------------------------------------------------------------- the document
# Document 002's results, white's score in each cell (rows and columns as in its tables).
DOC_RESULTS = {
    '4.3': [[4, 4, 2, 2, 0, 10], [7, 5, 5.5, 2, 1, 10], [7, 5.5, 5.5, 5.5, 3, 10],
            [9.5, 6, 8, 4, 3, 10], [8.5, 5.5, 6.5, 4.5, 7, 10], [0, 0, 0, 0, 0, 3]],
    '4.4': [[5, 2, 1, 0, 0, 0, 7], [8, 7, 3, 2, 2, 1, 10], [10, 9, 4, 5, 5, 4, 10],
            [10, 6, 8, 5, 6, 6, 10], [7, 7, 6, 4, 5, 4, 10], [9, 7, 5, 5, 4, 5, 10],
            [2, 2, 0, 0, 0, 0, 3]],
    '4.5': [[0, 0, 0, 0, 0], [1, 1, 0, 0, 1], [3, 2, 2, 2, 1], [3, 2.5, 1.5, 1.5, 1],
            [3, 2, 1, 0, 0], [4, 2, 1, 0, 0]],
    '4.6': [[9, 8, 5, 5, 6, 6], [10, 9, 8, 7, 8, 9], [10, 9, 8, 9, 10, 10],
            [10, 10, 7, 10, 9, 10], [10, 10, 9, 9, 9, 10]],
    '4.9': [[6, 7, 2, 3, 2, 7], [9, 5, 5, 2, 1, 8], [6.5, 5, 8, 2, 3, 9], [9, 9, 7, 7, 5, 9],
            [8, 10, 9, 6, 7.5, 10], [2, 2, 1, 3, 0, 4.5]],
    '4.10': [[6, 8, 0, 1, 0, 0, 5], [4, 3, 5, 0, 0, 0, 4], [7, 8, 7, 3, 2, 0, 8],
             [10, 8, 8, 3, 0, 2, 9], [10, 10, 9, 8, 6, 1, 10], [10, 10, 10, 7, 9, 4, 10],
             [2, 6, 2, 2, 0, 0, 4.5]],
    '4.11': [[2, 2.5, 3, 1, 0], [3, 3.5, 0, 2, 1], [7, 3.5, 4, 2, 4], [10, 6, 6, 8, 7],
             [8, 10, 6, 8, 7], [10, 10, 9, 10, 9]],
    '4.12': [[6, 7.5, 3, 0, 0, 0], [6.5, 10, 6, 3, 1, 0], [9, 8, 3, 3, 0, 0],
             [10, 9.5, 9, 5.5, 2, 0], [7, 10, 6, 7, 1, 0]],
    '4.16': [[3, 6, 2, 4, 8], [3, 5, 4, 3, 8], [6, 5, 5, 2, 8], [6, 5, 6, 4, 8],
             [2, 1, 1, 1, 4]],
    '4.17': [[2, 6, 2, 4, 9], [8, 3, 3, 6, 7], [4, 4, 7, 8, 9], [3, 2, 2, 4, 7],
             [0, 1, 1, 1, 4]],
    '4.18': [[6, 8, 2, 3], [5, 6, 3, 3], [6, 6, 4, 8], [4, 2, 1, 2]],
    '4.19': [[5, 3, 3, 3], [4, 4, 3, 5], [5, 5, 2, 6], [5, 6, 4, 7]],
}

# Document 002's seconds per move (tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15), spec -> seconds.
DOC_TIMES = {
    '4.1': ("connect4", {"ab3": 0.02862707773844401, "ab4": 0.10944980382919312,
                         "ab5": 0.47460474967956545, "ab6": 1.9352927684783936,
                         "ab7": 6.156408965587616}),
    '4.2': ("connect4", {"mcts8": 0.024524075644356862, "mcts40": 0.10873668844049628,
                         "mcts170": 0.473487483130561, "mcts590": 1.9196439981460571,
                         "mcts1750": 6.1677347880143385, "mcts20000": 53.97563099861145}),
    '4.7': ("reversi", {"ab2": 0.030983233451843263, "ab3": 0.17031026970256458,
                        "ab4": 1.1829345533924718, "ab5": 2.423319237572806,
                        "ab6": 15.855559428532919}),
    '4.8': ("reversi", {"mcts1": 0.0805530865987142, "mcts3": 0.17514230410257975,
                        "mcts13": 1.2137874480216735, "mcts26": 2.3641257593708653,
                        "mcts170": 15.709569854121055, "mcts1200": 54.23565186659495}),
    '4.13': ("hypergammon", {"em1": 0.0002368821038140191, "em2": 0.7719471262704308,
                             "em3": 0.9240370213813425}),
    '4.14': ("hypergammon", {"eml1": 0.00015363326439490684, "eml2": 0.7447383063180106,
                             "eml3": 0.8291703462600708, "eml4": 60.8937874480130561}),
    '4.15': ("hypergammon", {"mcts60": 59.78140670602971}),
}

# Which search each MCTS count of the document was matched with (its time tables): in the
# "time" pairing MCTS gets the iterations that take our engine as long as that search.
# The document's extra counts (20000, 1200) had the document's time ratio to its deepest
# search; ours keep that ratio.
_C4_MCTS = {"mcts8": "ab3", "mcts40": "ab4", "mcts170": "ab5", "mcts590": "ab6",
            "mcts1750": "ab7", "mcts20000": ("ab7", 53.97563099861145 / 6.156408965587616)}
_RV_MCTS = {"mcts1": "ab2", "mcts3": "ab3", "mcts13": "ab4", "mcts26": "ab5",
            "mcts170": "ab6", "mcts1200": ("ab6", 54.23565186659495 / 15.855559428532919)}
_HG_MCTS = {"mcts60": "eml4"}
MATCHED = {"connect4": _C4_MCTS, "reversi": _RV_MCTS, "hypergammon": _HG_MCTS}

_C4_AB = [f"ab{d}" for d in range(3, 8)]
_C4_M = list(_C4_MCTS)
_RV_AB = [f"ab{d}" for d in range(2, 7)]
_RV_M = list(_RV_MCTS)
_HG_EML = [f"eml{d}" for d in range(1, 5)]
_HG_EM = [f"em{d}" for d in range(1, 4)]


@dataclass(frozen=True)
class Table:
    """One results table: ``rows`` play white (seat 1), ``cols`` the first seat (seat 0)."""

    id: str
    game: str
    rows: tuple
    cols: tuple
    pairing: str = "doc"            # "doc" or "time"
    title: str = ""

    @property
    def doc_id(self) -> str:
        return self.id.rstrip("t")

    @property
    def colours(self) -> tuple[str, str]:
        """(row colour, column colour) in the document's words."""
        return ("white", "red") if self.game == "connect4" else ("white", "black")


_DOC_TABLES = [
    Table("4.3", "connect4", (*_C4_AB, "random"), (*_C4_AB, "random"),
          title="Connect-4: alpha-beta vs alpha-beta and random"),
    Table("4.4", "connect4", (*_C4_M, "random"), (*_C4_M, "random"),
          title="Connect-4: MCTS vs MCTS and random"),
    Table("4.5", "connect4", tuple(_C4_M), tuple(_C4_AB), title="Connect-4: MCTS - alpha-beta"),
    Table("4.6", "connect4", tuple(_C4_AB), tuple(_C4_M), title="Connect-4: alpha-beta - MCTS"),
    Table("4.9", "reversi", (*_RV_AB, "random"), (*_RV_AB, "random"),
          title="Reversi: alpha-beta vs alpha-beta and random"),
    Table("4.10", "reversi", (*_RV_M, "random"), (*_RV_M, "random"),
          title="Reversi: MCTS vs MCTS and random"),
    Table("4.11", "reversi", tuple(_RV_M), tuple(_RV_AB), title="Reversi: MCTS - alpha-beta"),
    Table("4.12", "reversi", tuple(_RV_AB), tuple(_RV_M), title="Reversi: alpha-beta - MCTS"),
    Table("4.16", "hypergammon", (*_HG_EML, "random"), (*_HG_EML, "random"),
          title="Hypergammon: limited expectiminimax"),
    Table("4.17", "hypergammon", (*_HG_EM, "mcts60", "random"), (*_HG_EM, "mcts60", "random"),
          title="Hypergammon: expectiminimax and MCTS"),
    Table("4.18", "hypergammon", (*_HG_EM, "mcts60"), tuple(_HG_EML),
          title="Hypergammon: expectiminimax and MCTS - limited expectiminimax"),
    Table("4.19", "hypergammon", tuple(_HG_EML), (*_HG_EM, "mcts60"),
          title="Hypergammon: limited expectiminimax - expectiminimax and MCTS"),
]
TABLES: dict[str, Table] = {t.id: t for t in _DOC_TABLES}
for _t in _DOC_TABLES:
    if any(s.startswith("mcts") for s in _t.rows + _t.cols):
        TABLES[_t.id + "t"] = Table(_t.id + "t", _t.game, _t.rows, _t.cols, "time",
                                    _t.title + " (MCTS time-matched on our engines)")
RESULT_TABLES = list(TABLES)
TIME_TABLES = list(DOC_TIMES)


# --------------------------------------------------------------------------- players
class MCTSPlayer:
    """Document 002's MCTS (UCT, random rollouts, c = sqrt 2) with a fixed iteration count.

    The search's seed is drawn from the rng the arena hands the player, so games are
    reproducible from the game's seed.
    """

    def __init__(self, iterations: int, name: str | None = None):
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"iterations must be an int >= 1, not {iterations!r}")
        self.iterations = iterations
        self.name = name or f"MCTS {iterations}"
        self.last_result = None

    def reset(self) -> None:
        self.last_result = None

    def __call__(self, state, rng: random.Random) -> int:
        from qsearch.search import mcts

        self.last_result = mcts(state, self.iterations, seed=rng.getrandbits(63))
        return self.last_result.action

    def __repr__(self) -> str:
        return f"MCTSPlayer({self.iterations})"


def _evaluator(game: str):
    if game == "connect4":
        from qsearch.heuristics.connect4 import line_weights
        return line_weights
    if game == "reversi":
        from qsearch.heuristics.reversi import disc_difference
        return disc_difference
    from qsearch.heuristics.hypergammon import pip_race
    return pip_race


def _depth(spec: str, prefix: str) -> int:
    text = spec[len(prefix):]
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"bad player spec {spec!r}: {prefix} needs a depth >= 1 ({prefix}3)")
    return int(text)


def make_player(game: str, spec: str, iterations: int | None = None):
    """The player a spec names on ``game`` (see the module's docstring).

    ``iterations`` overrides an MCTS spec's count (the "time" pairing).
    """
    from qsearch.arena.players import RandomPlayer, SearchPlayer
    from qsearch.search import expectiminimax

    if not isinstance(spec, str):
        raise TypeError(f"a player spec is a string such as 'ab3', not {spec!r}")
    if spec == "random":
        return RandomPlayer()
    if spec.startswith("mcts"):
        n = _depth(spec, "mcts")
        return MCTSPlayer(iterations or n, name=f"MCTS {iterations or n}")
    if spec.startswith("ab") and game in ("connect4", "reversi"):
        d = _depth(spec, "ab")
        options = {"order": ORDER_C4} if game == "connect4" else {}
        return SearchPlayer("alphabeta", d, _evaluator(game), name=f"Poda {d}",
                            win_value=WIN, win_decay=1.0, **options)
    if spec.startswith("eml") and game == "hypergammon":
        d = _depth(spec, "eml")
        return SearchPlayer(expectiminimax, d, _evaluator(game), name=f"Em lim {d}",
                            limit=LIMIT, win_value=WIN)
    if spec.startswith("em") and game == "hypergammon":
        d = _depth(spec, "em")
        return SearchPlayer(expectiminimax, d, _evaluator(game), name=f"Em {d}", win_value=WIN)
    raise ValueError(f"unknown player {spec!r} for {game}: use ab<depth> (connect4, reversi), "
                     "em<depth> / eml<depth> (hypergammon), mcts<iterations> or random")


def label(spec: str, iterations: int | None = None) -> str:
    """The document's name for a spec ("Poda 3", "MCTS 170", "Em lim 2", "Random")."""
    if spec == "random":
        return "Random"
    if spec.startswith("mcts"):
        return f"MCTS {iterations or spec[4:]}"
    if spec.startswith("ab"):
        return f"Poda {spec[2:]}"
    if spec.startswith("eml"):
        return f"Em lim {spec[3:]}"
    return f"Em {spec[2:]}"


# --------------------------------------------------------------------------- calibration
def calibration_positions(game: str) -> list:
    """Where seconds per move are measured: each starting position, and the positions 8 and
    16 random plies later (seeded; a dice roll counts as a ply), so that the mean covers the
    middle of the game too.
    A chance node is given its first roll (the game's order)."""
    out = []
    for k in range(1, 11):
        rng = random.Random(f"calibration:{game}:{k}")
        state = position(game, k)
        for plies in (0, 8, 8):
            for _ in range(plies):
                if state.is_terminal():
                    break
                if state.is_chance_node():
                    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(rng.choices(outcomes, probs)[0])
                    continue
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
            probe = state.clone()
            while probe.is_chance_node():
                probe.apply_action(probe.chance_outcomes()[0][0])
            if not probe.is_terminal():
                out.append(probe)
    return out


def time_per_move(game: str, spec: str, repeats: int = 1) -> float:
    """Mean seconds per decision of ``spec`` (best of ``repeats`` per position) over
    :func:`calibration_positions`."""
    from qsearch.core.tables import best_of

    player = make_player(game, spec)
    states = calibration_positions(game)
    total = 0.0
    for n, state in enumerate(states):
        rng = random.Random(n)
        if hasattr(player, "search"):
            seconds, _ = best_of(repeats, lambda state=state: player.search(state))
        else:
            seconds, _ = best_of(repeats, lambda state=state, rng=rng: player(state, rng))
        total += seconds
    return total / len(states)


def mcts_rate(game: str, iterations: int = 2000, repeats: int = 3) -> float:
    """MCTS iterations per second on ``game``, over :func:`calibration_positions` (best of
    ``repeats`` per position, as the searches it is matched with)."""
    return iterations / time_per_move(game, f"mcts{iterations}", repeats)


def calibrate(path: str | Path | None = None, repeats: int = 5) -> dict:
    """Measure our seconds per move for every spec of the time tables and the MCTS
    iterations of the "time" pairing; write them to ``path`` (JSON) when given."""
    out: dict = {"machine_note": "measured by qsearch.arena.tournament.calibrate",
                 "times": {}, "iterations": {}, "rates": {}}
    for table_id, (game, specs) in DOC_TIMES.items():
        out["times"][table_id] = {s: time_per_move(game, s, repeats) for s in specs}
    for game, matched in MATCHED.items():
        rate = mcts_rate(game, 2000 if game != "hypergammon" else 200, repeats)
        out["rates"][game] = rate
        ours = {}
        for table_id, (g, _specs) in DOC_TIMES.items():
            if g == game:
                ours.update(out["times"][table_id])
        its = {}
        for spec, ref in matched.items():
            ref_spec, factor = (ref, 1.0) if isinstance(ref, str) else ref
            its[spec] = max(1, round(ours[ref_spec] * factor * rate))
        out["iterations"][game] = its
    if path is not None:
        Path(path).write_text(json.dumps(out, indent=1) + "\n")
    return out


def load_calibration(directory: str | Path) -> dict:
    """The calibration stored beside the records (``calibration.json``)."""
    path = Path(directory) / "calibration.json"
    if not path.exists():
        raise ValueError(f"{path} does not exist: run `python -m qsearch tournament "
                         "--calibrate` first (the time-matched tables need it)")
    return json.loads(path.read_text())


# --------------------------------------------------------------------------- games
def iterations_for(table: Table, calibration: dict | None) -> dict:
    """The MCTS iteration count of each MCTS spec in ``table`` (its own for "doc")."""
    specs = [s for s in table.rows + table.cols if s.startswith("mcts")]
    if table.pairing == "doc":
        return {s: int(s[4:]) for s in specs}
    if calibration is None:
        raise ValueError(f"table {table.id} needs the calibration (time-matched iterations)")
    return {s: int(calibration["iterations"][table.game][s]) for s in specs}


def config(table: Table, calibration: dict | None = None) -> dict:
    """Everything that determines a table's games (its records file's header)."""
    return {"table": table.id, "game": table.game, "rows": list(table.rows),
            "cols": list(table.cols), "pairing": table.pairing, "seed": SEED,
            "iterations": iterations_for(table, calibration), "limit": LIMIT, "win": WIN,
            "version": VERSION}


def game_keys(table: Table) -> list[tuple[str, str, int]]:
    """Every game of the table: (row spec, column spec, position 1-10), in order."""
    return [(r, c, k) for r in table.rows for c in table.cols for k in range(1, 11)]


def key_seed(table: Table, row: str, col: str, pos: int) -> int:
    """The seed of one game: fixed by the table's game and pairing, the cell and the position
    (not by the table id, so a cell shared by two tables is the same games)."""
    return game_seed(SEED, f"{table.game}/{table.pairing}/{row}/{col}/{pos}")


def play_one(cfg: dict, row: str, col: str, pos: int) -> dict:
    """Play one game of a table; return its record (a JSON-able dict)."""
    from qsearch.arena.match import play_game

    game, its = cfg["game"], cfg["iterations"]
    white = make_player(game, row, its.get(row))
    first = make_player(game, col, its.get(col))
    per_move: list[list[int]] = [[], []]

    class Counting:                       # wraps a player to record nodes per move
        def __init__(self, player, seat):
            self.player, self.seat, self.name = player, seat, getattr(player, "name", "")
            self.last_result = None

        def reset(self):
            if hasattr(self.player, "reset"):
                self.player.reset()

        def __call__(self, state, rng):
            action = self.player(state, rng)
            self.last_result = getattr(self.player, "last_result", None)
            per_move[self.seat].append(0 if self.last_result is None
                                       else int(self.last_result.nodes))
            return action

    table = TABLES[cfg["table"]]
    seed = key_seed(table, row, col, pos)
    start = time.perf_counter()
    rec = play_game(position(game, pos), [Counting(first, 0), Counting(white, 1)], seed)
    seconds = time.perf_counter() - start
    white_score = 0.5 if rec.winner is None else float(rec.winner == 1)
    return {"row": row, "col": col, "position": pos, "seed": seed, "actions": rec.actions,
            "returns": rec.returns, "winner": rec.winner, "white": white_score,
            "plies": rec.plies, "nodes": per_move, "seconds": round(seconds, 4)}


def _play_many(cfg: dict, keys: list) -> list[dict]:
    return [play_one(cfg, r, c, k) for r, c, k in keys]


def replay(table_id: str, record: dict, calibration: dict | None = None) -> dict:
    """Play a recorded game again; raise ``AssertionError`` if anything differs."""
    table = TABLES[table_id]
    again = play_one(config(table, calibration), record["row"], record["col"],
                     record["position"])
    for key in ("seed", "actions", "winner", "white", "nodes"):
        if again[key] != record[key]:
            raise AssertionError(f"{table_id} {record['row']}-{record['col']} position "
                                 f"{record['position']}: {key} differs on replay")
    return again


def check(directory: str | Path, table_ids=None, k: int = 1) -> dict:
    """Re-play ``k`` recorded games of every table (chosen with ``random.Random(table id)``)
    with :func:`replay`; return the number checked per table (AssertionError on a mismatch)."""
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be an int >= 1, not {k!r}")
    directory = Path(directory)
    tables = _resolve(table_ids)
    calibration = None
    if (directory / "calibration.json").exists():
        calibration = load_calibration(directory)
    out = {}
    for table in tables:
        path = directory / f"{table.id}.jsonl"
        if not path.exists():
            continue
        header, records = load_table(directory, table.id)
        if header != config(table, calibration if table.pairing == "time" else None):
            raise ValueError(f"{path} was played with another configuration than this "
                             "version's (or its calibration.json): it cannot be re-played")
        keys = sorted(records)
        chosen = random.Random(table.id).sample(keys, min(k, len(keys)))
        for key in chosen:
            replay(table.id, records[key], calibration)
        out[table.id] = len(chosen)
    return out


# --------------------------------------------------------------------------- records
def read_records(path: str | Path, cfg: dict | None = None) -> dict:
    """The games recorded in ``path`` keyed by (row, col, position); the header is checked
    against ``cfg`` when given (a file of another configuration raises ValueError)."""
    done: dict = {}
    path = Path(path)
    if not path.exists():
        return done
    with path.open() as f:
        for n, line in enumerate(f):
            try:
                item = json.loads(line)
            except json.JSONDecodeError:
                continue            # a line cut short by a kill: that game is played again
            if "tournament" in item:
                if n != 0:
                    continue
                if cfg is not None and item["tournament"] != cfg:
                    theirs, ours = item["tournament"], cfg
                    diff = [k for k in ours if theirs.get(k) != ours[k]]
                    raise ValueError(f"{path} holds games of another configuration (differs "
                                     f"in {', '.join(diff) or 'keys'}); move it away or use "
                                     "another --out directory")
                continue
            if "actions" in item:
                done[(item["row"], item["col"], item["position"])] = item
    return done


def load_table(directory: str | Path, table_id: str) -> tuple[dict, dict]:
    """(header, records) of a committed table."""
    path = Path(directory) / f"{table_id}.jsonl"
    with path.open() as f:
        header = json.loads(f.readline())["tournament"]
    return header, read_records(path)


@dataclass
class RunReport:
    """What :func:`run` did: games played now, games already recorded, wall seconds."""

    played: dict = field(default_factory=dict)
    skipped: dict = field(default_factory=dict)
    wall: dict = field(default_factory=dict)
    game_seconds: dict = field(default_factory=dict)


def _resolve(table_ids) -> list[Table]:
    if table_ids in (None, "all"):
        return list(TABLES.values())
    if isinstance(table_ids, str):
        table_ids = table_ids.split(",")
    out = []
    for t in table_ids:
        if t == "doc":
            out += [x for x in TABLES.values() if x.pairing == "doc"]
        elif t == "time":
            out += [x for x in TABLES.values() if x.pairing == "time"]
        elif t in TABLES:
            out.append(TABLES[t])
        else:
            raise ValueError(f"unknown table {t!r}; choose from {', '.join(TABLES)}, "
                             "doc, time or all")
    return out


def run(table_ids=None, directory: str | Path = "benchmarks/tournaments", *,
        executor: Executor | None = None, progress: bool = True, limit: int | None = None,
        calibration: dict | None = None) -> RunReport:
    """Play the tables (ids, "doc", "time" or "all"), appending to ``<directory>/<id>.jsonl``.

    ``executor``: any :class:`concurrent.futures.Executor` (None: serially, here).
    ``limit``: play at most that many missing games per table (tests, trial runs).
    Games already in the files are skipped; every game is written as soon as it finishes.
    """
    tables = _resolve(table_ids)
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    if calibration is None and any(t.pairing == "time" for t in tables):
        calibration = load_calibration(directory)
    report = RunReport()
    jobs = []
    for table in tables:
        cfg = config(table, calibration)
        path = directory / f"{table.id}.jsonl"
        done = read_records(path, cfg)          # raises before anything is written
        todo = [k for k in game_keys(table) if k not in done]
        if limit is not None:
            todo = todo[:limit]
        report.skipped[table.id] = len(done)
        jobs.append((table, cfg, path, todo))
    bar = None
    if progress:
        try:
            from tqdm.auto import tqdm
            bar = tqdm(total=sum(len(j[3]) for j in jobs), unit="game")
        except ImportError:
            bar = None
    try:
        for table, cfg, path, todo in jobs:
            fresh = not path.exists() or path.stat().st_size == 0
            start = time.perf_counter()
            if bar is not None:
                bar.set_description(table.id)
            cut = not fresh and not path.read_bytes().endswith(b"\n")
            with path.open("a") as out:
                if cut:                 # a line cut short by a kill: end it (it is skipped)
                    out.write("\n")
                if fresh:
                    out.write(json.dumps({"tournament": cfg}) + "\n")
                    out.flush()

                def finished(records, out=out, tid=table.id):
                    for r in records:
                        out.write(json.dumps(r) + "\n")
                    out.flush()
                    if bar is not None:
                        bar.update(len(records))
                    report.game_seconds[tid] = report.game_seconds.get(tid, 0.0) \
                        + sum(r["seconds"] for r in records)

                if executor is None:
                    for key in todo:
                        finished([play_one(cfg, *key)])
                else:
                    chunks = [todo[i:i + CHUNK] for i in range(0, len(todo), CHUNK)]
                    futures = [executor.submit(_play_many, cfg, c) for c in chunks]
                    for fut in as_completed(futures):
                        finished(fut.result())
            report.played[table.id] = len(todo)
            report.wall[table.id] = time.perf_counter() - start
    finally:
        if bar is not None:
            bar.close()
    return report


# --------------------------------------------------------------------------- tables
def grid(table: Table, records: dict) -> list[list[float | None]]:
    """White's score per cell (None where games are missing; partial cells are summed)."""
    out = []
    for r in table.rows:
        row = []
        for c in table.cols:
            got = [records[(r, c, k)]["white"] for k in range(1, 11) if (r, c, k) in records]
            row.append(sum(got) if len(got) == 10 else None)
        out.append(row)
    return out


def _fmt(x) -> str:
    if x is None:
        return "..."
    return f"{x:g} - {10 - x:g}"


def to_markdown(table: Table, records: dict, its: dict | None = None) -> str:
    """The table as the document writes it, our result and the document's in each cell."""
    its = its or {}
    doc = DOC_RESULTS[table.doc_id]
    ours = grid(table, records)
    head = [f"{table.colours[0]} \\ {table.colours[1]}"] + [label(c, its.get(c))
                                                          for c in table.cols]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for i, r in enumerate(table.rows):
        cells = [f"{_fmt(ours[i][j])} ({_fmt(doc[i][j])})" for j in range(len(table.cols))]
        lines.append("| " + " | ".join([label(r, its.get(r))] + cells) + " |")
    return "\n".join(lines)


def to_csv(table: Table, records: dict, its: dict | None = None) -> str:
    """One CSV line per cell: row, column, our white score, the document's."""
    its = its or {}
    doc = DOC_RESULTS[table.doc_id]
    ours = grid(table, records)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["table", "white", "first", "white_score", "doc_white_score", "games"])
    for i, r in enumerate(table.rows):
        for j, c in enumerate(table.cols):
            n = sum((r, c, k) in records for k in range(1, 11))
            w.writerow([table.id, label(r, its.get(r)), label(c, its.get(c)),
                        "" if ours[i][j] is None else ours[i][j], doc[i][j], n])
    return buf.getvalue()


def time_rows(calibration: dict) -> list[dict]:
    """Tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15: the document's seconds per move beside ours."""
    rows = []
    for table_id, (game, specs) in DOC_TIMES.items():
        ours = calibration["times"][table_id]
        for spec, doc in specs.items():
            rows.append({"table": table_id, "game": game, "player": label(spec),
                         "document (s)": doc, "ours (s)": ours[spec],
                         "x faster": doc / ours[spec] if ours[spec] > 0 else float("nan")})
    return rows


def time_markdown(calibration: dict) -> str:
    """:func:`time_rows` as one markdown table, plus the time-matched MCTS iterations."""
    lines = ["| table | game | player | document (s/move) | ours (s/move) | x faster |",
             "|---|---|---|---|---|---|"]
    for r in time_rows(calibration):
        lines.append(f"| {r['table']} | {r['game']} | {r['player']} | "
                     f"{r['document (s)']:.4g} | {r['ours (s)']:.3g} | {r['x faster']:,.0f} |")
    lines += ["", "Time-matched MCTS iterations (the \"time\" pairing): document's count -> "
              "ours, matched to the search the document matched it with:", "",
              "| game | document | matched with | ours |", "|---|---|---|---|"]
    for game, its in calibration["iterations"].items():
        for spec, n in its.items():
            ref = MATCHED[game][spec]
            ref = label(ref) if isinstance(ref, str) else f"{label(ref[0])} x {ref[1]:.2f}"
            lines.append(f"| {game} | {label(spec)} | {ref} | {n} |")
    return "\n".join(lines)


def speed_rows(directory: str | Path = "benchmarks/tournaments") -> list[dict]:
    """Per table: games recorded, plies, seconds of play summed over games, games/s on one
    core (from the per-game seconds in the records)."""
    rows = []
    for table in TABLES.values():
        path = Path(directory) / f"{table.id}.jsonl"
        if not path.exists():
            continue
        recs = read_records(path)
        secs = sum(r["seconds"] for r in recs.values())
        rows.append({"table": table.id, "games": len(recs),
                     "plies": sum(r["plies"] for r in recs.values()),
                     "game seconds": secs,
                     "games/s (one core)": len(recs) / secs if secs else float("nan")})
    return rows


def write_tables(directory: str | Path = "benchmarks/tournaments",
                 calibration: dict | None = None) -> str:
    """Write ``tables.md`` and ``tables.csv`` from the records in ``directory``."""
    directory = Path(directory)
    if calibration is None and (directory / "calibration.json").exists():
        calibration = load_calibration(directory)
    md = ["# Document 002's tournaments, replayed\n",
          "Each cell: our result (the document's), white's score first; ten games a cell.\n"]
    csv_parts = []
    for table in TABLES.values():
        path = directory / f"{table.id}.jsonl"
        if not path.exists():
            continue
        records = read_records(path)
        its = iterations_for(table, calibration) if (table.pairing == "doc"
                                                     or calibration) else {}
        md.append(f"## Table {table.id}: {table.title}\n")
        md.append(f"{len(records)} of {len(game_keys(table))} games recorded.\n")
        md.append(to_markdown(table, records, its) + "\n")
        csv_parts.append(to_csv(table, records, its))
    if calibration is not None:
        md.append("## Seconds per move (tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15)\n")
        md.append(time_markdown(calibration) + "\n")
    md.append("## Speed: games per second per table (one core, summed game times)\n")
    md.append("| table | games | plies | seconds (sum) | games/s |\n|---|---|---|---|---|")
    for r in speed_rows(directory):
        md.append(f"| {r['table']} | {r['games']} | {r['plies']} | {r['game seconds']:.1f} | "
                  f"{r['games/s (one core)']:.1f} |")
    text = "\n".join(md) + "\n"
    (directory / "tables.md").write_text(text)
    body = "".join(p if i == 0 else p.split("\n", 1)[1] for i, p in enumerate(csv_parts))
    (directory / "tables.csv").write_text(body)
    return text


# --------------------------------------------------------------------------- analysis
def grids(directory: str | Path, game: str, pairing: str, source: str = "ours") -> dict:
    """White's score per cell of every table of ``game`` in ``pairing`` (``"time"`` includes
    the tables without MCTS, which both pairings share), ours or the document's."""
    out = {}
    for table in TABLES.values():
        if table.game != game:
            continue
        has_mcts = any(s.startswith("mcts") for s in table.rows + table.cols)
        if table.pairing != pairing and not (pairing == "time" and not has_mcts):
            continue
        if source == "doc":
            out[table.id] = DOC_RESULTS[table.doc_id]
        else:
            out[table.id] = grid(table, read_records(Path(directory) / f"{table.id}.jsonl"))
    return out


def head_to_head(table_grids: dict, a, b) -> tuple[float, int]:
    """(points, games) of the players ``a`` accepts against those ``b`` accepts, both
    colours, over ``table_grids`` (from :func:`grids`); ``a``/``b`` are predicates on specs."""
    points, games = 0.0, 0
    for tid, g in table_grids.items():
        table = TABLES[tid]
        for i, r in enumerate(table.rows):
            for j, c in enumerate(table.cols):
                if g[i][j] is None:
                    continue
                if a(r) and b(c):               # a plays white: white's score
                    points, games = points + g[i][j], games + 10
                elif a(c) and b(r):             # a plays first: the rest
                    points, games = points + 10 - g[i][j], games + 10
    return points, games


def diagonal(table_grid: list, n: int | None = None) -> tuple[float, float]:
    """(white, first) summed over the diagonal (a player against itself), first ``n`` cells."""
    n = len(table_grid) if n is None else n
    white = sum(table_grid[i][i] for i in range(n))
    return white, 10 * n - white
