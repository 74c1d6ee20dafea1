"""Our seconds per move, and the MCTS iterations of the "time" pairing.

:func:`calibrate` measures every search of the document's time tables on our compiled
engines and gives MCTS the iterations that take as long per move as the search the document
matched it with (:data:`~qsearch.arena.tournament.tables.MATCHED`); the result is stored in
``calibration.json`` beside the records, so the time-matched tables are tied to one
measurement.
"""
from __future__ import annotations

import json
import random
from pathlib import Path

from qsearch.arena.positions import position
from qsearch.arena.tournament.players import make_player
from qsearch.arena.tournament.tables import DOC_TIMES, MATCHED, Table
from qsearch.arena.tournament_games import tournament_game


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
        rate = mcts_rate(game, tournament_game(game).rate_iterations, repeats)
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


def iterations_for(table: Table, calibration: dict | None) -> dict:
    """The MCTS iteration count of each MCTS spec in ``table`` (its own for "doc")."""
    specs = [s for s in table.rows + table.cols if s.startswith("mcts")]
    if table.pairing == "doc":
        return {s: int(s[4:]) for s in specs}
    if calibration is None:
        raise ValueError(f"table {table.id} needs the calibration (time-matched iterations)")
    return {s: int(calibration["iterations"][table.game][s]) for s in specs}
