"""Our seconds per move, and the MCTS iterations of the "time" pairing.

:func:`calibrate` does two things and stores both in ``calibration.json`` beside the
records, so that the time-matched tables are tied to one measurement:

* **our time tables** (the document's tables 4.1, 4.2, 4.7, 4.8, 4.13-4.15): every search's
  mean seconds per decision over :func:`calibration_positions` (:func:`time_per_move`);
* **the time-matched iteration counts**: for each MCTS count of the document,
  :func:`match_iterations` finds the iterations that take our MCTS as long per move as the
  search the document matched it with (its *partner*,
  :data:`~qsearch.arena.tournament.tables.MATCHED`) in the pair's own tournament games: the
  20 games of the two from the ten starting positions, with the tournament's seeds, played
  move by move (so the two are timed in turn, on the positions their games reach), each move
  timed best of N in process CPU time, the clock the records use. The counts are then fixed:
  the games are reproducible from their seeds.

Why the pair's own games and not a sample of positions with both players timed on each: a
search's time per move varies far more from one position to the next than MCTS's, so the
ratio depends on which positions are timed. Timing both on a sample of the pair's positions
(the starting positions always in) gave MCTS 8.8 times alpha-beta depth 7's time where the
games at that count gave 12 (Connect-4, MCTS matched with the document's 20,000).
"""
from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable
from pathlib import Path

from qsearch.arena.match import play_game
from qsearch.arena.positions import position
from qsearch.arena.tournament.players import make_player
from qsearch.arena.tournament.seeds import key_seed
from qsearch.arena.tournament.tables import DOC_TIMES, MATCHED, TABLES, Table
from qsearch.arena.tournament_games import tournament_game

TOLERANCE = 0.05        # a count is accepted when MCTS / partner is within 5% of the target


def calibration_positions(game: str) -> list:
    """Where the time tables' seconds per move are measured: each starting position, and the
    positions 8 and 16 random plies later (seeded; a dice roll counts as a ply), so that the
    mean covers the middle of the game too.
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


# --------------------------------------------------------------------------- matching
Timer = Callable[[Callable, object, random.Random], tuple[float, int]]


def timed_move(player: Callable, state, rng: random.Random) -> tuple[float, int]:
    """(process CPU seconds, action) of one move, ``player(state, rng)``: the clock of the
    records' per-move times."""
    start = time.process_time()
    action = player(state, rng)
    return time.process_time() - start, action


def cpu_seconds(player: Callable, state, rng: random.Random) -> float:
    """Process CPU seconds of one move, ``player(state, rng)``."""
    return timed_move(player, state, rng)[0]


def partner_of(game: str, mcts_spec: str) -> tuple[str, float]:
    """(the search the document matched ``mcts_spec`` with, the target time ratio MCTS /
    that search: 1, or the document's own ratio for its extra counts)."""
    try:
        ref = MATCHED[game][mcts_spec]
    except KeyError:
        raise ValueError(f"{mcts_spec!r} is not a time-matched MCTS count of {game}; "
                         f"choose from {', '.join(MATCHED.get(game, {})) or 'none'}") from None
    return (ref, 1.0) if isinstance(ref, str) else (ref[0], float(ref[1]))


def start_positions(game: str) -> list:
    """The ten starting positions as decisions: a roll that comes first is drawn (seeded)."""
    out = []
    for k in range(1, 11):
        rng = random.Random(f"calibration:{game}:{k}")
        state = position(game, k)
        while state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        out.append(state)
    return out


def time_pair(game: str, mcts_spec: str, iterations: int, states: list, repeats: int = 3,
              timer: Timer = timed_move):
    """(partner's seconds, MCTS's seconds) per position of ``states``, best of ``repeats``
    each, the two players timed in turn on each position (partner, MCTS, partner, ...), so a
    change of the machine's load falls on both alike. Each call is a tournament move
    (``player(state, rng)``; a forced move is played without searching, as in the games),
    timed by ``timer(player, state, rng) -> (seconds, action)``."""
    partner, _ = partner_of(game, mcts_spec)
    a = make_player(game, partner)
    m = make_player(game, mcts_spec, iterations)
    a_times, m_times = [], []
    for i, state in enumerate(states):
        best_a = best_m = math.inf
        for _ in range(repeats):
            best_a = min(best_a, timer(a, state, random.Random(i))[0])
            best_m = min(best_m, timer(m, state, random.Random(i))[0])
        a_times.append(best_a)
        m_times.append(best_m)
    return a_times, m_times


def pair_cells(game: str, mcts_spec: str) -> list[tuple]:
    """The tournament's games between ``mcts_spec`` and its partner in the "time" pairing:
    (table, row, column, position) for each side first, positions 1-10 (20 games)."""
    partner, _ = partner_of(game, mcts_spec)
    out = []
    for row, col in ((mcts_spec, partner), (partner, mcts_spec)):
        table = next(t for t in TABLES.values() if t.game == game and t.pairing == "time"
                     and row in t.rows and col in t.cols)
        out += [(table, row, col, k) for k in range(1, 11)]
    return out


def pair_games_times(game: str, mcts_spec: str, iterations: int, repeats: int = 3,
                     timer: Timer = timed_move) -> tuple[list, list]:
    """(partner's seconds, MCTS's seconds) of every move of the pair's own tournament games
    (:func:`pair_cells`, the tournament's seeds), MCTS at ``iterations``.

    The games are played move by move as in the tournament, so the two players are timed in
    turn on the positions their games reach; each move is timed best of ``repeats`` (the
    player's random generator restored before each repetition, so the games are the
    tournament's own: at the count the tournament plays, these are its games)."""
    partner, _ = partner_of(game, mcts_spec)
    times: dict[str, list] = {partner: [], mcts_spec: []}

    class Timed:                            # times each move best of ``repeats``
        def __init__(self, spec):
            self.spec = spec
            self.player = make_player(game, spec, iterations if spec == mcts_spec else None)
            self.name = getattr(self.player, "name", spec)

        def reset(self):
            if hasattr(self.player, "reset"):
                self.player.reset()

        def __call__(self, state, rng):
            saved, best = rng.getstate(), math.inf
            for _ in range(repeats):
                rng.setstate(saved)
                seconds, action = timer(self.player, state, rng)
                best = min(best, seconds)
            times[self.spec].append(best)
            return action

    for table, row, col, k in pair_cells(game, mcts_spec):
        play_game(position(game, k), [Timed(col), Timed(row)], key_seed(table, row, col, k))
    return times[partner], times[mcts_spec]


def match_iterations(game: str, mcts_spec: str, repeats: int = 3, rounds: int = 6,
                     tolerance: float = TOLERANCE, timer: Timer = timed_move,
                     first: int | None = None) -> dict:
    """The MCTS iterations whose mean time per move in the pair's own tournament games is
    the target ratio times the partner's (:func:`partner_of`, :func:`pair_games_times`).

    A first guess (``first``, else from timing both in turn on the ten starting positions,
    :func:`start_positions`, MCTS at the game's ``rate_iterations``); then the pair's games
    are played at the count, timed, and the count scaled by target / measured ratio (MCTS's
    time being about proportional to its iterations), until the ratio is within
    ``tolerance`` of the target, a count comes back, or ``rounds`` are played. Returns the
    measured count whose ratio is nearest the target, that ratio and every round."""
    partner, target = partner_of(game, mcts_spec)
    if first is None:
        trial = tournament_game(game).rate_iterations
        a_times, m_times = time_pair(game, mcts_spec, trial, start_positions(game), repeats,
                                     timer)
        n = _scaled(trial, _ratio(a_times, m_times), target)
    elif isinstance(first, bool) or not isinstance(first, int) or first < 1:
        raise ValueError(f"first must be an iteration count >= 1 or None, not {first!r}")
    else:
        n = first
    history: list[dict] = []
    for _ in range(rounds):
        a_times, m_times = pair_games_times(game, mcts_spec, n, repeats, timer)
        ratio = _ratio(a_times, m_times)
        history.append({"iterations": n, "ratio": ratio, "partner_moves": len(a_times),
                        "mcts_moves": len(m_times),
                        "partner_seconds": sum(a_times) / len(a_times),
                        "mcts_seconds": sum(m_times) / len(m_times)})
        following = _scaled(n, ratio, target)
        if abs(ratio / target - 1) <= tolerance or following in [h["iterations"]
                                                                  for h in history]:
            break
        n = following
    best = min(history, key=lambda h: abs(math.log(h["ratio"] / target)))
    return {"partner": partner, "target": target, "iterations": best["iterations"],
            "ratio": best["ratio"], "moves": best["partner_moves"] + best["mcts_moves"],
            "rounds": history}


def _ratio(a_times: list, m_times: list) -> float:
    """MCTS's mean time per move over the partner's."""
    if not a_times or not m_times or sum(a_times) <= 0:
        raise ValueError("the partner's times sum to 0 seconds: nothing to match MCTS to")
    return (sum(m_times) / len(m_times)) / (sum(a_times) / len(a_times))


def _scaled(n: int, ratio: float, target: float) -> int:
    """The count that would make ``ratio`` the target, MCTS's time being proportional to
    its iterations (at least 1)."""
    return max(1, round(n * target / ratio)) if ratio > 0 else n


def time_tables(repeats: int = 3) -> dict:
    """Our mean seconds per move of every spec of the document's time tables, by table id
    (:func:`time_per_move`)."""
    return {table_id: {s: time_per_move(game, s, repeats) for s in specs}
            for table_id, (game, specs) in DOC_TIMES.items()}


def calibrate(path: str | Path | None = None, repeats: int = 3) -> dict:
    """Measure our seconds per move for every spec of the time tables
    (:func:`time_tables`) and match every MCTS count of the "time" pairing to its partner
    (:func:`match_iterations`); write the result to ``path`` (JSON) when given."""
    out: dict = {"machine_note": "measured by qsearch.arena.tournament.calibrate",
                 "clock": "matching: process CPU time, best of N per move of the pair's own "
                          "games; times: wall time, best of N",
                 "repeats": repeats, "times": time_tables(repeats),
                 "iterations": {}, "matching": {}}
    for game, matched in MATCHED.items():
        out["matching"][game] = {spec: match_iterations(game, spec, repeats)
                                 for spec in matched}
        out["iterations"][game] = {spec: m["iterations"]
                                   for spec, m in out["matching"][game].items()}
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
