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
  opponent depth the document matched it with (measured by :func:`calibrate` on the positions
  the pair's games reach, the two timed in turn, and stored in ``calibration.json`` beside
  the records, so the table is tied to one measurement); :func:`achieved_ratios` reports how
  well the games were matched, from the CPU time of every move in the records.

Players are named by short specs (:func:`make_player`): ``ab3`` (alpha-beta depth 3 with the
game's heuristic), ``mcts170``, ``em2`` (expectiminimax, depth counting chance levels as the
document does), ``eml4`` (limited expectiminimax: the :data:`LIMIT` most probable rolls),
``random``. Specs are plain strings, so a game is a picklable task on any executor.

:func:`run` plays tables on any :class:`concurrent.futures.Executor` (a process pool, a
``dask.distributed`` client's ``get_executor()``) or serially, appending every finished game
to one JSON-lines file per table (``<id>.jsonl``: a header with the table's configuration,
then one line per game: cell, position, seed, actions, result, nodes and CPU seconds per
move). A rerun
skips the games already recorded, so a killed run resumes without losing or repeating a
game; a file written for another configuration is refused. :func:`replay` plays one
recorded game again and checks it move for move.

The parts, one job each (everything is importable from here):

* :mod:`~qsearch.arena.tournament.tables`: the document's results and times, :class:`Table`
  and :data:`TABLES`;
* :mod:`~qsearch.arena.tournament.players`: players by spec;
* :mod:`~qsearch.arena.tournament.calibration`: our seconds per move, the time-matched
  iterations;
* :mod:`~qsearch.arena.tournament.records`: reading the ``<id>.jsonl`` files;
* :mod:`~qsearch.arena.tournament.seeds`: the base seed and each game's seed;
* :mod:`~qsearch.arena.tournament.runner`: playing, resuming and re-playing games;
* :mod:`~qsearch.arena.tournament.report`: ``tables.md`` and ``tables.csv``;
* :mod:`~qsearch.arena.tournament.analysis`: sums over the tables (head to head, diagonal);
* :mod:`~qsearch.arena.tournament.timing`: the achieved time ratio of the "time" pairing;
* :mod:`~qsearch.arena.tournament.ablation`: Connect-4's alpha-beta against MCTS with one
  of our players' settings changed at a time;
* :mod:`~qsearch.arena.tournament.decisions`: lesson 07's hypergammon decision study (every
  recorded decision searched again by each searcher), saved beside the records.

Each game's settings (start, starting-position rule, heuristic, move order, searches) are
its record in :mod:`qsearch.arena.tournament_games`.
"""
from qsearch.arena.tournament.ablation import (
    ARMS,
    BASE_TABLES,
    Arm,
    ablation_markdown,
    ablation_rows,
    alphabeta_points,
    arm_points,
    by_count,
    difference_interval,
    document_points,
    run_ablation,
)
from qsearch.arena.tournament.analysis import diagonal, grids, head_to_head
from qsearch.arena.tournament.calibration import (
    calibrate,
    calibration_positions,
    cpu_seconds,
    iterations_for,
    load_calibration,
    match_iterations,
    mcts_rate,
    pair_cells,
    pair_games_times,
    partner_of,
    start_positions,
    time_pair,
    time_per_move,
    time_tables,
    timed_move,
)
from qsearch.arena.tournament.players import (
    LIMIT,
    ORDER_C4,
    SEARCHES,
    VARIANT,
    MCTSPlayer,
    SearchFamily,
    check_variant,
    evaluator,
    label,
    make_player,
)
from qsearch.arena.tournament.records import load_table, read_records
from qsearch.arena.tournament.report import (
    grid,
    speed_rows,
    time_markdown,
    time_rows,
    to_csv,
    to_markdown,
    write_tables,
)
from qsearch.arena.tournament.runner import (
    CHUNK,
    VERSION,
    RunReport,
    check,
    config,
    play_one,
    replay,
    run,
)
from qsearch.arena.tournament.seeds import SEED, key_seed
from qsearch.arena.tournament.tables import (
    DOC_RESULTS,
    DOC_TIMES,
    MATCHED,
    RESULT_TABLES,
    TABLES,
    TIME_TABLES,
    Table,
    game_keys,
    resolve_tables,
)
from qsearch.arena.tournament.timing import (
    achieved_ratios,
    mean_time,
    ratio_markdown,
    ratio_rows,
    seat_times,
)
from qsearch.arena.tournament_games import WIN

_evaluator = evaluator          # the names this module had before the split
_resolve = resolve_tables

__all__ = [
    "ARMS", "Arm", "BASE_TABLES", "CHUNK", "DOC_RESULTS", "DOC_TIMES", "LIMIT", "MATCHED",
    "MCTSPlayer", "ORDER_C4", "RESULT_TABLES", "RunReport", "SEARCHES", "SEED", "SearchFamily",
    "TABLES", "TIME_TABLES", "Table", "VARIANT", "VERSION", "WIN", "ablation_markdown",
    "ablation_rows", "achieved_ratios", "alphabeta_points", "arm_points", "by_count",
    "calibrate", "calibration_positions",
    "check", "check_variant", "config", "cpu_seconds", "diagonal", "difference_interval",
    "document_points", "evaluator", "game_keys", "grid", "grids", "head_to_head",
    "iterations_for", "key_seed", "label", "load_calibration", "load_table", "make_player",
    "match_iterations", "mcts_rate", "mean_time", "pair_cells", "pair_games_times", "partner_of",
    "play_one",
    "ratio_markdown", "ratio_rows", "read_records", "replay", "resolve_tables", "run",
    "run_ablation", "seat_times", "speed_rows", "start_positions", "time_markdown",
    "time_pair", "time_per_move", "time_rows", "time_tables", "timed_move", "to_csv",
    "to_markdown", "write_tables",
]
